"""Signed checkpoints are C2SP signed notes with Ed25519 keys: byte-for-byte the
notes of Go's golang.org/x/mod/sumdb/note (tests/deck/data/signed_note_vectors.json),
verified by the service and by the independent verifier, and two checkpoints
of a forked log are told apart from two of an honest one."""
from __future__ import annotations

import base64
import json

import pytest

from services.deck import checkpoint as cp
from services.deck.merkle import TransparencyLog
from apps.audit import verifier as v
from tests.deck.game_log import DATA

NOTE = json.loads((DATA / "signed_note_vectors.json").read_text(encoding="utf-8"))


def go_signer() -> cp.CheckpointSigner:
    name, _, encoded = NOTE["private_key"].split("+", 4)[2:]
    return cp.CheckpointSigner.from_private_bytes(base64.b64decode(encoded)[1:], name)


def signer(name: str = "foodgames/test-log", seed: int = 7) -> cp.CheckpointSigner:
    return cp.CheckpointSigner.from_private_bytes(bytes([seed]) * 32, name)


# ---------------------------------------------------------------- Go's signed-note vectors

def test_a_note_signed_with_gos_test_key_is_gos_signed_note_byte_for_byte():
    key = go_signer()
    assert key.verifier_key == NOTE["verifier_key"]
    assert key.sign_note(NOTE["text"]) == NOTE["signed_note"]


def test_gos_signed_note_opens_in_both_implementations_even_beside_another_keys_signature():
    two_signatures = NOTE["signed_note"] + NOTE["other_signature_line"]
    for note in (NOTE["signed_note"], two_signatures):
        assert cp.open_note(note, NOTE["verifier_key"]) == NOTE["text"]
        assert v.open_signed_note(note, NOTE["verifier_key"]) == NOTE["text"]
    assert cp.open_note(two_signatures, NOTE["other_verifier_key"]) == NOTE["text"]
    assert v.open_signed_note(two_signatures, NOTE["other_verifier_key"]) == NOTE["text"]


def test_a_note_without_a_signature_by_the_key_is_refused():
    with pytest.raises(cp.CheckpointError):
        cp.open_note(NOTE["signed_note"], NOTE["other_verifier_key"])
    with pytest.raises(v.Failed):
        v.open_signed_note(NOTE["signed_note"], NOTE["other_verifier_key"])


def test_every_single_character_change_of_gos_verifier_key_is_refused():
    key = NOTE["verifier_key"]
    for i in range(len(key)):
        changed = key[:i] + chr(ord(key[i]) + 1) + key[i + 1:]
        with pytest.raises(cp.CheckpointError):
            cp.open_note(NOTE["signed_note"], changed)
        with pytest.raises(v.Failed):
            v.open_signed_note(NOTE["signed_note"], changed)


# ---------------------------------------------------------------- checkpoints

def test_a_checkpoint_body_is_origin_size_and_base64_root_lines():
    root = bytes(range(32))
    body = cp.Checkpoint("foodgames/test-log", 1234, root).body()
    assert body == f"foodgames/test-log\n1234\n{base64.b64encode(root).decode()}\n"
    assert cp.Checkpoint.from_body(body) == cp.Checkpoint("foodgames/test-log", 1234, root)


def test_a_signed_checkpoint_opens_with_its_key_in_both_implementations():
    key = signer()
    log = TransparencyLog([b"a", b"b", b"c"])
    note = key.sign(cp.Checkpoint(key.name, 3, log.root()))
    assert cp.open_checkpoint(note, key.verifier_key) == cp.Checkpoint(key.name, 3, log.root())
    info = v.open_signed_checkpoint(note, key.verifier_key)
    assert (info.origin, info.size, info.root) == (key.name, 3, log.root())


def _tampered_notes(note: str) -> dict[str, str]:
    body, sig = note.split("\n\n")
    origin, size, root = body.split("\n")
    raw_root = bytearray(base64.b64decode(root))
    raw_root[0] ^= 1
    name, blob = sig[2:].split(" ")
    raw_sig = bytearray(base64.b64decode(blob))
    raw_sig[10] ^= 1
    return {
        "size": f"{origin}\n{int(size) + 1}\n{root}\n\n{sig}",
        "root byte": f"{origin}\n{size}\n{base64.b64encode(raw_root).decode()}\n\n{sig}",
        "origin": f"{origin}x\n{size}\n{root}\n\n{sig}",
        "signature byte": f"{body}\n\n\u2014 {name} {base64.b64encode(raw_sig).decode()}\n",
        "no signature": f"{body}\n\n",
    }


def test_a_changed_size_root_origin_or_signature_byte_fails_the_signature_check():
    key = signer()
    note = key.sign(cp.Checkpoint(key.name, 3, TransparencyLog([b"a", b"b", b"c"]).root()))
    for what, tampered in _tampered_notes(note).items():
        with pytest.raises(cp.CheckpointError):
            cp.open_checkpoint(tampered, key.verifier_key)
        with pytest.raises(v.Failed):
            v.open_signed_checkpoint(tampered, key.verifier_key)


def test_a_checkpoint_signed_by_another_key_is_refused():
    note = signer(seed=8).sign(cp.Checkpoint("foodgames/test-log", 1, TransparencyLog([b"a"]).root()))
    with pytest.raises(cp.CheckpointError):
        cp.open_checkpoint(note, signer().verifier_key)
    with pytest.raises(v.Failed):
        v.open_signed_checkpoint(note, signer().verifier_key)


# ---------------------------------------------------------------- forks

def _signed(key, log, size):
    return key.sign(cp.Checkpoint(key.name, size, log.root(size)))


def test_two_checkpoints_of_one_growing_log_are_consistent():
    key = signer()
    log = TransparencyLog(f"leaf {i}".encode() for i in range(20))
    for old, new in ((1, 20), (7, 13), (8, 16), (13, 13), (0, 5)):
        proof = [h.hex() for h in log.consistency_proof(old, new)]
        report = v.verify_consistency(_signed(key, log, old), _signed(key, log, new), proof,
                                      key.verifier_key)
        assert report.ok, v.format_report(report)


def test_a_forked_log_is_detected():
    # given a log that showed one history to some and another history to others
    key = signer()
    shared = [f"leaf {i}".encode() for i in range(6)]
    honest = TransparencyLog(shared + [b"the real shuffle", b"more"])
    forked = TransparencyLog(shared + [b"a rigged shuffle", b"more", b"and more"])
    old = _signed(key, honest, 8)
    new = _signed(key, forked, 9)
    # when the fork's log is asked for a consistency proof from the old size
    proof = [h.hex() for h in forked.consistency_proof(8, 9)]
    report = v.verify_consistency(old, new, proof, key.verifier_key)
    # then the consistency check fails, and says why
    assert not report.ok
    assert [c.name for c in report.failures] == ["consistency proof"]
    assert "forked" in report.failures[0].reason
    # and the honest log's own proof does not rescue it either
    honest_more = TransparencyLog(shared + [b"the real shuffle", b"more", b"and more"])
    proof = [h.hex() for h in honest_more.consistency_proof(8, 9)]
    assert not v.verify_consistency(old, new, proof, key.verifier_key).ok


def test_a_changed_consistency_proof_byte_or_a_shrinking_log_fails():
    key = signer()
    log = TransparencyLog(f"leaf {i}".encode() for i in range(20))
    old, new = _signed(key, log, 7), _signed(key, log, 19)
    proof = [h.hex() for h in log.consistency_proof(7, 19)]
    for k in range(len(proof)):
        changed = list(proof)
        changed[k] = ("0" if changed[k][0] != "0" else "1") + changed[k][1:]
        report = v.verify_consistency(old, new, changed, key.verifier_key)
        assert report.failed("consistency proof")
    report = v.verify_consistency(new, old, proof, key.verifier_key)
    assert report.failed("same log, not shrinking")


def test_checkpoints_signed_by_another_key_fail_the_consistency_report():
    key, other = signer(), signer(seed=9)
    log = TransparencyLog(f"leaf {i}".encode() for i in range(4))
    report = v.verify_consistency(_signed(key, log, 2), _signed(other, log, 4),
                                  [h.hex() for h in log.consistency_proof(2, 4)], key.verifier_key)
    assert report.failed("new checkpoint signature") and not report.failed("old checkpoint")
