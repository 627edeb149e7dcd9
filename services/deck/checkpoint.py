"""Signed checkpoints of the transparency log, in the C2SP formats:

* the body is a tlog-checkpoint (https://c2sp.org/tlog-checkpoint):
      <origin>\n<tree size, decimal>\n<base64 root hash>\n[extension lines]
* the signature is a signed note (https://c2sp.org/signed-note) with an Ed25519 key:
      <body>\n— <key name> <base64(key id (4 bytes) || Ed25519 signature (64 bytes))>\n
  key id = SHA-256(<key name> || "\n" || 0x01 || <32-byte public key>)[:4],
  and the signature covers the body bytes exactly (UTF-8, final newline included).
* a verifier key is written <name>+<key id, 8 hex digits>+<base64(0x01 || public key)>,
  the vkey form of Go's golang.org/x/mod/sumdb/note.

docs/audit.md is the normative description.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import re
from dataclasses import dataclass, field

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

DEFAULT_ORIGIN = "foodgames/deck/log/v1"
ED25519_ALGORITHM = 0x01
SIGNATURE_PREFIX = "\u2014 "  # em dash, space
_NAME = re.compile(r"^[^\s+]+$")
_SIZE = re.compile(r"^(0|[1-9][0-9]*)$")


class CheckpointError(ValueError):
    """A checkpoint or signed note is malformed, or its signature does not verify."""


def _b64decode(text: str, what: str) -> bytes:
    try:
        data = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise CheckpointError(f"{what} is not valid base64") from None
    if base64.b64encode(data).decode("ascii") != text:
        raise CheckpointError(f"{what} is not canonical base64")
    return data


def _check_name(name: str) -> None:
    if not isinstance(name, str) or not _NAME.match(name):
        raise CheckpointError(f"key name {name!r} must be non-empty, without spaces or '+'")


@dataclass(frozen=True)
class Checkpoint:
    """A log's state at one size: the origin names the log."""

    origin: str
    size: int
    root_hash: bytes
    extensions: tuple[str, ...] = field(default=())

    def body(self) -> str:
        if not self.origin or "\n" in self.origin:
            raise CheckpointError("the origin is one non-empty line")
        if self.size < 0 or len(self.root_hash) != 32:
            raise CheckpointError("a checkpoint needs a size >= 0 and a 32-byte root hash")
        lines = [self.origin, str(self.size), base64.b64encode(self.root_hash).decode("ascii")]
        for ext in self.extensions:
            if not ext or "\n" in ext:
                raise CheckpointError("an extension is one non-empty line")
            lines.append(ext)
        return "\n".join(lines) + "\n"

    @classmethod
    def from_body(cls, body: str) -> "Checkpoint":
        if not body.endswith("\n"):
            raise CheckpointError("a checkpoint body ends with a newline")
        lines = body[:-1].split("\n")
        if len(lines) < 3 or any(line == "" for line in lines):
            raise CheckpointError("a checkpoint body has an origin, a size and a root hash line")
        origin, size, root = lines[0], lines[1], lines[2]
        if not _SIZE.match(size):
            raise CheckpointError(f"tree size {size!r} is not a decimal number")
        root_hash = _b64decode(root, "the root hash")
        if len(root_hash) != 32:
            raise CheckpointError("the root hash is not 32 bytes")
        return cls(origin, int(size), root_hash, tuple(lines[3:]))


# ------------------------------------------------------------------ keys

def key_id(name: str, public_key: bytes) -> bytes:
    """The 4-byte key id of a signed-note Ed25519 key."""
    return hashlib.sha256(name.encode("utf-8") + b"\n" + bytes([ED25519_ALGORITHM])
                          + public_key).digest()[:4]


@dataclass(frozen=True)
class VerifierKey:
    name: str
    key_id: bytes
    public_key: bytes  # raw 32 bytes

    def __str__(self) -> str:
        encoded = base64.b64encode(bytes([ED25519_ALGORITHM]) + self.public_key).decode("ascii")
        return f"{self.name}+{self.key_id.hex()}+{encoded}"


def encode_verifier_key(name: str, public_key: Ed25519PublicKey | bytes) -> str:
    _check_name(name)
    raw = public_key if isinstance(public_key, bytes) else public_key.public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    if len(raw) != 32:
        raise CheckpointError("an Ed25519 public key is 32 bytes")
    return str(VerifierKey(name, key_id(name, raw), raw))


def parse_verifier_key(text: str) -> VerifierKey:
    parts = text.strip().split("+", 2)  # the base64 key may itself contain '+'
    if len(parts) != 3:
        raise CheckpointError("a verifier key is <name>+<key id hex>+<base64 key>")
    name, hex_id, encoded = parts
    _check_name(name)
    if not re.fullmatch(r"[0-9a-f]{8}", hex_id):
        raise CheckpointError("the key id of a verifier key is 8 lowercase hex digits")
    blob = _b64decode(encoded, "the verifier key")
    if len(blob) != 33 or blob[0] != ED25519_ALGORITHM:
        raise CheckpointError("the verifier key is not an Ed25519 key (0x01 + 32 bytes)")
    raw = blob[1:]
    if key_id(name, raw) != bytes.fromhex(hex_id):
        raise CheckpointError("the key id of the verifier key does not match its name and key")
    return VerifierKey(name, bytes.fromhex(hex_id), raw)


# ------------------------------------------------------------------ notes

@dataclass(frozen=True)
class NoteSignature:
    name: str
    key_id: bytes
    signature: bytes


def split_note(note: str) -> tuple[str, list[NoteSignature]]:
    """The body and the signature lines of a signed note (nothing verified)."""
    sep = note.rfind("\n\n")
    if sep < 0:
        raise CheckpointError("a signed note has a body, a blank line and signature lines")
    body, sig_block = note[:sep + 1], note[sep + 2:]
    if not sig_block.endswith("\n"):
        raise CheckpointError("a signed note ends with a newline")
    signatures = []
    for line in sig_block[:-1].split("\n"):
        if not line.startswith(SIGNATURE_PREFIX):
            raise CheckpointError(f"not a signature line: {line!r}")
        fields = line[len(SIGNATURE_PREFIX):].split(" ")
        if len(fields) != 2:
            raise CheckpointError(f"a signature line is '— <name> <base64>': {line!r}")
        name, encoded = fields
        blob = _b64decode(encoded, "a signature")
        if len(blob) < 5:
            raise CheckpointError("a signature is shorter than its key id")
        signatures.append(NoteSignature(name, blob[:4], blob[4:]))
    return body, signatures


class CheckpointSigner:
    """Signs checkpoints with one Ed25519 key whose signed-note name is `name`."""

    def __init__(self, private_key: Ed25519PrivateKey, name: str = DEFAULT_ORIGIN):
        _check_name(name)
        self._key = private_key
        self.name = name
        self.public_key = private_key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        self.key_id = key_id(name, self.public_key)

    @classmethod
    def generate(cls, name: str = DEFAULT_ORIGIN) -> "CheckpointSigner":
        return cls(Ed25519PrivateKey.generate(), name)

    @classmethod
    def from_private_bytes(cls, raw: bytes, name: str = DEFAULT_ORIGIN) -> "CheckpointSigner":
        """From the 32-byte Ed25519 private seed (how the service keeps its key)."""
        return cls(Ed25519PrivateKey.from_private_bytes(raw), name)

    def private_bytes(self) -> bytes:
        return self._key.private_bytes(serialization.Encoding.Raw,
                                       serialization.PrivateFormat.Raw,
                                       serialization.NoEncryption())

    @property
    def verifier_key(self) -> str:
        return str(VerifierKey(self.name, self.key_id, self.public_key))

    def sign(self, checkpoint: Checkpoint) -> str:
        """The signed note text of `checkpoint`."""
        return self.sign_note(checkpoint.body())

    def sign_note(self, body: str) -> str:
        """A signed note of any body (non-empty lines, each ending with a newline)."""
        if not body.endswith("\n") or "\n\n" in body or body.startswith("\n"):
            raise CheckpointError("a note body is non-empty lines, each ending with a newline")
        signature = self._key.sign(body.encode("utf-8"))
        encoded = base64.b64encode(self.key_id + signature).decode("ascii")
        return f"{body}\n{SIGNATURE_PREFIX}{self.name} {encoded}\n"


def open_note(note: str, verifier_key: str) -> str:
    """The body of a signed note, once a signature by `verifier_key` over it
    verifies (signatures by other keys are ignored); raises CheckpointError."""
    key = parse_verifier_key(verifier_key)
    body, signatures = split_note(note)
    public_key = Ed25519PublicKey.from_public_bytes(key.public_key)
    matching = [s for s in signatures if s.name == key.name and s.key_id == key.key_id]
    if not matching:
        raise CheckpointError(f"the note has no signature by key {key.name}+{key.key_id.hex()}")
    for sig in matching:
        try:
            public_key.verify(sig.signature, body.encode("utf-8"))
        except InvalidSignature:
            raise CheckpointError(f"the signature by {key.name} does not verify") from None
    return body


def open_checkpoint(note: str, verifier_key: str) -> Checkpoint:
    """The checkpoint of a signed note, once its signature by `verifier_key`
    verifies; raises CheckpointError otherwise."""
    return Checkpoint.from_body(open_note(note, verifier_key))
