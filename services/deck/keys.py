"""The deck service's two secrets, both from one Ed25519 key:

* the checkpoint signing key (Ed25519, PEM PKCS#8) from
  settings.deck_signing_key_file, or -- on a dev machine -- one generated once
  under settings.secret_dir() with 0600 permissions;
* the seed-sealing key: AES-256-GCM, derived with HKDF-SHA256 from the signing
  key's 32 private bytes. Server seeds are kept in JetStream only sealed with it,
  the game id as associated data (a sealed seed moved to another game's key
  does not open).

Losing the signing key loses every unrevealed seed (its games cannot be
revealed); keep the key file with the same care as the data.
"""
from __future__ import annotations

import base64
import os
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from services.deck.checkpoint import DEFAULT_ORIGIN, CheckpointSigner
from shared.config import Settings

DEV_KEY_FILE = "deck-signing-key.pem"
SEAL_INFO = b"foodgames/deck/seed-seal/v1"
SEAL_VERSION = b"\x01"
NONCE_BYTES = 12


class SigningKeyError(RuntimeError):
    """The signing key cannot be loaded."""


def _load_pem(path: Path) -> Ed25519PrivateKey:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SigningKeyError(f"cannot read the deck signing key {path}: {exc}") from None
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as exc:
        raise SigningKeyError(f"{path} is not an unencrypted PEM private key: {exc}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise SigningKeyError(f"{path} holds a {type(key).__name__}, not an Ed25519 key")
    return key


def _pem(key: Ed25519PrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def dev_key_path(settings: Settings) -> Path:
    return settings.secret_dir() / DEV_KEY_FILE


def _ensure_dev_key(path: Path) -> None:
    """Write a new key at `path` unless one is there; atomic, never readable by others."""
    if path.exists():
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(_pem(Ed25519PrivateKey.generate()))
        try:
            os.link(tmp, path)  # fails when another process made one first: keep theirs
        except FileExistsError:
            pass
    finally:
        tmp.unlink(missing_ok=True)


def load_signer(settings: Settings, origin: str = DEFAULT_ORIGIN) -> CheckpointSigner:
    """The checkpoint signer of this deck: the configured key, else the dev key."""
    if settings.deck_signing_key_file is not None:
        path = Path(settings.deck_signing_key_file)
    else:
        path = dev_key_path(settings)
        _ensure_dev_key(path)
    return CheckpointSigner(_load_pem(path), origin)


class SeedSealError(ValueError):
    """A sealed seed does not open: wrong key, wrong game or altered bytes."""


class SeedBox:
    """AES-256-GCM sealing of server seeds; the game id is the associated data.
    Sealed form: base64(0x01 || 12-byte random nonce || ciphertext || 16-byte tag)."""

    def __init__(self, signing_private_bytes: bytes):
        key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
                   info=SEAL_INFO).derive(signing_private_bytes)
        self._aead = AESGCM(key)

    @classmethod
    def for_signer(cls, signer: CheckpointSigner) -> "SeedBox":
        return cls(signer.private_bytes())

    def seal(self, game_id: str, seed: bytes) -> str:
        nonce = os.urandom(NONCE_BYTES)
        blob = SEAL_VERSION + nonce + self._aead.encrypt(nonce, bytes(seed), game_id.encode("utf-8"))
        return base64.b64encode(blob).decode("ascii")

    def open(self, game_id: str, sealed: str) -> bytes:
        try:
            blob = base64.b64decode(sealed.encode("ascii"), validate=True)
        except (ValueError, UnicodeEncodeError):
            raise SeedSealError("a sealed seed is base64") from None
        if len(blob) < 1 + NONCE_BYTES + 16 or blob[:1] != SEAL_VERSION:
            raise SeedSealError("unknown sealed seed format")
        nonce, ciphertext = blob[1:1 + NONCE_BYTES], blob[1 + NONCE_BYTES:]
        try:
            return self._aead.decrypt(nonce, ciphertext, game_id.encode("utf-8"))
        except InvalidTag:
            raise SeedSealError(f"the sealed seed of game {game_id!r} does not open with this deck's "
                                f"key (another signing key, another game, or altered bytes)") from None
