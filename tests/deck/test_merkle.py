"""The transparency log's Merkle tree hashes, proves and verifies exactly as
RFC 6962 / RFC 9162 say: checked against the Certificate Transparency project's
published vectors (tests/deck/data/rfc6962_vectors.json) and, for every size
up to 40, between the service's proofs and the verifier's independent checks."""
from __future__ import annotations

import json

import pytest

from services.deck import merkle as m
from apps.audit import verifier as v
from tests.deck.game_log import DATA

RFC = json.loads((DATA / "rfc6962_vectors.json").read_text())
LEAVES = [bytes.fromhex(x) for x in RFC["leaves"]]
ROOTS = [bytes.fromhex(x) for x in RFC["roots"]]


def hexes(hashes):
    return [h.hex() for h in hashes]


def unhex(hashes):
    return [bytes.fromhex(h) for h in hashes]


# ---------------------------------------------------------------- published vectors

def test_leaf_and_node_hashes_are_the_published_rfc6962_ones():
    hasher = RFC["hasher"]
    assert m.EMPTY_ROOT.hex() == hasher["empty_root"]
    assert m.leaf_hash(b"").hex() == hasher["empty_leaf_hash"]
    assert m.leaf_hash(hasher["leaf"]["input_ascii"].encode()).hex() == hasher["leaf"]["hash"]
    node = hasher["node"]
    assert m.node_hash(node["left_ascii"].encode(), node["right_ascii"].encode()).hex() == node["hash"]
    assert m.TransparencyLog().root() == m.EMPTY_ROOT


@pytest.mark.parametrize("size", range(1, 9))
def test_the_root_of_each_published_tree_size_is_the_published_root(size):
    log = m.TransparencyLog(LEAVES)
    assert log.root(size) == ROOTS[size - 1]
    assert m.merkle_root(LEAVES[:size]) == ROOTS[size - 1]
    assert m.TransparencyLog(LEAVES[:size]).root() == ROOTS[size - 1]


@pytest.mark.parametrize("case", RFC["inclusion_proofs"],
                         ids=lambda c: f"leaf{c['leaf_index']}-size{c['tree_size']}")
def test_inclusion_proofs_are_the_published_ones_and_verify_in_both_implementations(case):
    i, n, proof = case["leaf_index"], case["tree_size"], unhex(case["proof"])
    log = m.TransparencyLog(LEAVES)
    assert log.inclusion_proof(i, n) == proof
    assert m.verify_inclusion(LEAVES[i], i, n, proof, ROOTS[n - 1])
    assert v.inclusion_holds(LEAVES[i], i, n, proof, ROOTS[n - 1])


@pytest.mark.parametrize("case", RFC["consistency_proofs"],
                         ids=lambda c: f"{c['size1']}-{c['size2']}")
def test_consistency_proofs_are_the_published_ones_and_verify_in_both_implementations(case):
    a, b, proof = case["size1"], case["size2"], unhex(case["proof"])
    log = m.TransparencyLog(LEAVES)
    assert log.consistency_proof(a, b) == proof
    assert m.verify_consistency(a, b, ROOTS[a - 1], ROOTS[b - 1], proof)
    assert v.consistency_holds(a, b, ROOTS[a - 1], ROOTS[b - 1], proof)


# ---------------------------------------------------------------- corrupted proofs
# The probes of transparency-dev/merkle's corruptInclusionProof / corruptConsistencyProof.

SOME_HASH = bytes.fromhex("abacaba000000000000000000000000000000000000000000060061e00123456")


def inclusion_probes(i, n, proof, root, leaf):
    probes = {
        "index - 1": (i - 1, n, proof, root, leaf), "index + 1": (i + 1, n, proof, root, leaf),
        "index ^ 2": (i ^ 2, n, proof, root, leaf), "size * 2": (i, n * 2, proof, root, leaf),
        "size / 2": (i, n // 2, proof, root, leaf), "wrong leaf": (i, n, proof, root, b"WrongLeaf"),
        "empty root": (i, n, proof, m.EMPTY_ROOT, leaf), "random root": (i, n, proof, SOME_HASH, leaf),
        "trailing root": (i, n, proof + [root], root, leaf),
        "preceding root": (i, n, [root] + proof, root, leaf),
    }
    for k in range(len(proof)):
        changed = list(proof)
        changed[k] = bytes([changed[k][0] ^ 8]) + changed[k][1:]
        probes[f"proof[{k}] bit 3"] = (i, n, changed, root, leaf)
    if proof:
        probes["removed hash"] = (i, n, proof[:-1], root, leaf)
    if len(proof) > 1:
        probes["inserted hash"] = (i, n, [proof[0], SOME_HASH] + proof[1:], root, leaf)
    return probes


@pytest.mark.parametrize("case", RFC["inclusion_proofs"][1:],
                         ids=lambda c: f"leaf{c['leaf_index']}-size{c['tree_size']}")
def test_a_changed_proof_byte_index_size_leaf_or_root_fails_the_inclusion_check(case):
    i, n, proof = case["leaf_index"], case["tree_size"], unhex(case["proof"])
    for name, (pi, pn, pproof, proot, pleaf) in inclusion_probes(
            i, n, proof, ROOTS[n - 1], LEAVES[i]).items():
        assert not m.verify_inclusion(pleaf, pi, pn, pproof, proot), name
        assert not v.inclusion_holds(pleaf, pi, pn, pproof, proot), name


@pytest.mark.parametrize("case", [c for c in RFC["consistency_proofs"] if c["proof"]],
                         ids=lambda c: f"{c['size1']}-{c['size2']}")
def test_a_changed_proof_byte_size_or_root_fails_the_consistency_check(case):
    a, b, proof = case["size1"], case["size2"], unhex(case["proof"])
    r1, r2 = ROOTS[a - 1], ROOTS[b - 1]
    probes = {
        "size1 - 1": (a - 1, b, r1, r2, proof), "size1 + 1": (a + 1, b, r1, r2, proof),
        "size1 ^ 2": (a ^ 2, b, r1, r2, proof), "size2 * 2": (a, b * 2, r1, r2, proof),
        "size2 / 2": (a, b // 2, r1, r2, proof), "wrong root1": (a, b, SOME_HASH, r2, proof),
        "wrong root2": (a, b, r1, SOME_HASH, proof), "swapped roots": (a, b, r2, r1, proof),
        "empty proof": (a, b, r1, r2, []), "trailing root1": (a, b, r1, r2, proof + [r1]),
        "trailing root2": (a, b, r1, r2, proof + [r2]), "preceding root1": (a, b, r1, r2, [r1] + proof),
        "preceding root2": (a, b, r1, r2, [r2] + proof),
        "preceding proof[0]": (a, b, r1, r2, [proof[0]] + proof),
        "truncated": (a, b, r1, r2, proof[:-1]),
    }
    for k in range(len(proof)):
        changed = list(proof)
        changed[k] = bytes([changed[k][0] ^ 16]) + changed[k][1:]
        probes[f"proof[{k}] bit 4"] = (a, b, r1, r2, changed)
    for name, args in probes.items():
        assert not m.verify_consistency(*args), name
        assert not v.consistency_holds(*args), name


def test_trivial_consistency_between_equal_sizes_and_from_the_empty_tree():
    log = m.TransparencyLog(LEAVES)
    for impl in (m.verify_consistency, v.consistency_holds):
        assert impl(0, 0, m.EMPTY_ROOT, m.EMPTY_ROOT, [])
        assert impl(0, 5, m.EMPTY_ROOT, ROOTS[4], [])
        assert impl(5, 5, ROOTS[4], ROOTS[4], [])
        assert not impl(5, 5, ROOTS[4], ROOTS[5], [])           # same size, other root
        assert not impl(5, 5, ROOTS[4], ROOTS[4], [ROOTS[0]])   # needless proof
        assert not impl(0, 5, SOME_HASH, ROOTS[4], [])          # size 0 has one root
        assert not impl(5, 4, ROOTS[4], ROOTS[3], [])           # time travel
    assert log.consistency_proof(0, 8) == [] and log.consistency_proof(8, 8) == []


# ---------------------------------------------------------------- every small tree

def test_every_proof_of_every_tree_up_to_40_leaves_verifies_in_both_implementations():
    leaves = [f"leaf {i}".encode() for i in range(40)]
    log = m.TransparencyLog(leaves)
    for n in range(1, 41):
        root = log.root(n)
        assert root == m.merkle_root(leaves[:n])
        for i in range(n):
            proof = log.inclusion_proof(i, n)
            assert m.verify_inclusion(leaves[i], i, n, proof, root), (i, n)
            assert v.inclusion_holds(leaves[i], i, n, proof, root), (i, n)
            assert not v.inclusion_holds(leaves[i] + b"!", i, n, proof, root), (i, n)
        for old in range(0, n + 1):
            proof = log.consistency_proof(old, n)
            old_root = log.root(old)
            assert m.verify_consistency(old, n, old_root, root, proof), (old, n)
            assert v.consistency_holds(old, n, old_root, root, proof), (old, n)


def test_appending_never_changes_an_earlier_root_or_proof():
    log = m.TransparencyLog()
    roots, proofs = [], []
    for i in range(33):
        assert log.append(f"entry {i}".encode()) == i
        roots.append(log.root())
        proofs.append(log.inclusion_proof(i, i + 1))
    assert [log.root(n + 1) for n in range(33)] == roots
    assert [log.inclusion_proof(i, i + 1) for i in range(33)] == proofs


def test_a_log_rebuilt_from_its_stored_leaves_is_the_same_log():
    original = m.TransparencyLog(f"entry {i}".encode() for i in range(77))
    rebuilt = m.TransparencyLog(original.leaves())
    assert rebuilt.size == 77 and rebuilt.root() == original.root()
    assert rebuilt.inclusion_proof(50, 70) == original.inclusion_proof(50, 70)
    assert rebuilt.consistency_proof(13, 77) == original.consistency_proof(13, 77)


def test_proofs_outside_the_tree_are_refused():
    log = m.TransparencyLog(LEAVES)
    for call in (lambda: log.inclusion_proof(8, 8), lambda: log.inclusion_proof(0, 9),
                 lambda: log.inclusion_proof(-1, 3), lambda: log.consistency_proof(5, 4),
                 lambda: log.consistency_proof(1, 9), lambda: log.root(9)):
        with pytest.raises(m.ProofError):
            call()


def test_a_log_of_100k_leaves_builds_and_proves_against_every_older_size():
    # given 100,000 stored leaves (the service rebuilds its tree from them on start)
    leaves = [i.to_bytes(8, "big") for i in range(100_000)]
    log = m.TransparencyLog(leaves)
    # when it proves a leaf and a consistency against older sizes
    for i in range(0, 100_000, 1_000):
        size = 100_000 - i // 1_000
        root = log.root(size)
        # then each proof holds (how fast is the benches' business, not a test's)
        assert v.inclusion_holds(leaves[i], i, size, log.inclusion_proof(i, size), root)
        assert v.consistency_holds(i + 1, size, log.root(i + 1), root,
                                   log.consistency_proof(i + 1, size))
    # and the root is the real one
    assert log.root() == m.merkle_root(leaves)
