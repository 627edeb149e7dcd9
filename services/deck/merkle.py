"""An append-only Merkle tree with RFC 6962 / RFC 9162 hashing, its proofs and
their verification.

    leaf hash = SHA-256(0x00 || leaf bytes)
    node hash = SHA-256(0x01 || left || right)
    MTH({})   = SHA-256("")
    MTH(D[n]) = node(MTH(D[0:k]), MTH(D[k:n])), k the largest power of two < n

`TransparencyLog` keeps every leaf and the hash of every complete, aligned
subtree (2^h leaves starting at a multiple of 2^h), updated on each append in
O(log n). Any root, inclusion proof or consistency proof is then assembled from
O(log n) of those cached hashes, so a log of 100k+ leaves answers in microseconds.
Build it from stored leaves with `TransparencyLog(leaves)`.

The verification functions follow the recursive definitions of PATH and
SUBPROOF in RFC 9162 section 2.1 (the operator's verifier in apps/audit
implements the iterative algorithms of the same RFC instead; the tests check
both against each other and against published vectors).
"""
from __future__ import annotations

import hashlib
from typing import Iterable, Sequence

HASH_SIZE = 32
EMPTY_ROOT = hashlib.sha256(b"").digest()


class ProofError(ValueError):
    """A proof was asked for sizes or indices the tree cannot prove."""


def leaf_hash(leaf: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + leaf).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def _split(n: int) -> int:
    """The largest power of two strictly below n (n >= 2)."""
    return 1 << ((n - 1).bit_length() - 1)


def merkle_root(leaves: Sequence[bytes]) -> bytes:
    """MTH of a list of leaves, straight from the definition (no cache); for tests
    and small inputs."""
    if not leaves:
        return EMPTY_ROOT
    if len(leaves) == 1:
        return leaf_hash(leaves[0])
    k = _split(len(leaves))
    return node_hash(merkle_root(leaves[:k]), merkle_root(leaves[k:]))


class TransparencyLog:
    """The in-memory Merkle tree of a transparency log. Not thread-safe: the
    service that wraps it serializes appends."""

    def __init__(self, leaves: Iterable[bytes] = ()):
        self._leaves: list[bytes] = []
        # _levels[h][i] = hash of leaves [i * 2^h, (i + 1) * 2^h)
        self._levels: list[list[bytes]] = [[]]
        for leaf in leaves:
            self.append(leaf)

    # -------------------------------------------------------------- writing
    def append(self, leaf: bytes) -> int:
        """Adds a leaf; returns its index."""
        if not isinstance(leaf, (bytes, bytearray)):
            raise TypeError("a leaf is bytes")
        leaf = bytes(leaf)
        index = len(self._leaves)
        self._leaves.append(leaf)
        h = leaf_hash(leaf)
        self._levels[0].append(h)
        level, i = 0, index
        while i & 1:  # the new node is a right child: its parent is now complete
            h = node_hash(self._levels[level][i - 1], h)
            level, i = level + 1, i >> 1
            if level == len(self._levels):
                self._levels.append([])
            self._levels[level].append(h)
        return index

    # -------------------------------------------------------------- reading
    @property
    def size(self) -> int:
        return len(self._leaves)

    def __len__(self) -> int:
        return len(self._leaves)

    def leaf(self, index: int) -> bytes:
        self._check_index(index, self.size)
        return self._leaves[index]

    def leaves(self, start: int = 0, end: int | None = None) -> list[bytes]:
        return self._leaves[start:end]

    def leaf_hash(self, index: int) -> bytes:
        self._check_index(index, self.size)
        return self._levels[0][index]

    def root(self, size: int | None = None) -> bytes:
        """MTH of the first `size` leaves (default: all)."""
        size = self.size if size is None else size
        self._check_size(size)
        return EMPTY_ROOT if size == 0 else self._hash(0, size)

    def inclusion_proof(self, index: int, size: int | None = None) -> list[bytes]:
        """PATH(index, D[0:size]) of RFC 9162 2.1.3.1, ordered from the leaf up."""
        size = self.size if size is None else size
        self._check_size(size)
        self._check_index(index, size)
        proof: list[bytes] = []
        self._path(index, 0, size, proof)
        return proof

    def consistency_proof(self, old_size: int, new_size: int | None = None) -> list[bytes]:
        """PROOF(old_size, D[0:new_size]) of RFC 9162 2.1.4.1. Empty when
        old_size is 0 or equals new_size."""
        new_size = self.size if new_size is None else new_size
        self._check_size(new_size)
        if not 0 <= old_size <= new_size:
            raise ProofError(f"no consistency proof from size {old_size} to size {new_size}")
        proof: list[bytes] = []
        if 0 < old_size < new_size:
            self._subproof(old_size, 0, new_size, True, proof)
        return proof

    # -------------------------------------------------------------- internals
    def _check_size(self, size: int) -> None:
        if not isinstance(size, int) or not 0 <= size <= self.size:
            raise ProofError(f"tree size {size} is not between 0 and {self.size}")

    @staticmethod
    def _check_index(index: int, size: int) -> None:
        if not isinstance(index, int) or not 0 <= index < size:
            raise ProofError(f"leaf index {index} is not in a tree of size {size}")

    def _hash(self, lo: int, hi: int) -> bytes:
        """MTH(D[lo:hi]), from the cache where [lo, hi) is a complete aligned subtree."""
        n = hi - lo
        if n & (n - 1) == 0 and lo % n == 0:
            return self._levels[n.bit_length() - 1][lo // n]
        k = _split(n)
        return node_hash(self._hash(lo, lo + k), self._hash(lo + k, hi))

    def _path(self, m: int, lo: int, hi: int, out: list[bytes]) -> None:
        n = hi - lo
        if n == 1:
            return
        k = _split(n)
        if m < k:
            self._path(m, lo, lo + k, out)
            out.append(self._hash(lo + k, hi))
        else:
            self._path(m - k, lo + k, hi, out)
            out.append(self._hash(lo, lo + k))

    def _subproof(self, m: int, lo: int, hi: int, whole: bool, out: list[bytes]) -> None:
        n = hi - lo
        if m == n:
            if not whole:
                out.append(self._hash(lo, hi))
            return
        k = _split(n)
        if m <= k:
            self._subproof(m, lo, lo + k, whole, out)
            out.append(self._hash(lo + k, hi))
        else:
            self._subproof(m - k, lo + k, hi, False, out)
            out.append(self._hash(lo, lo + k))


# ------------------------------------------------------------------ verification

def root_from_inclusion_proof(index: int, size: int, leaf_hash_: bytes,
                              proof: Sequence[bytes]) -> bytes:
    """The root that `proof` implies for a leaf hash at `index` in a tree of
    `size`; raises ProofError when the proof has the wrong shape."""
    if not 0 <= index < size:
        raise ProofError(f"leaf index {index} is not in a tree of size {size}")
    _check_hashes([leaf_hash_, *proof])

    def walk(m: int, n: int, path: Sequence[bytes]) -> bytes:
        if n == 1:
            if path:
                raise ProofError("the inclusion proof is longer than the tree is deep")
            return leaf_hash_
        if not path:
            raise ProofError("the inclusion proof is too short")
        k = _split(n)
        sibling, rest = path[-1], path[:-1]
        if m < k:
            return node_hash(walk(m, k, rest), sibling)
        return node_hash(sibling, walk(m - k, n - k, rest))

    return walk(index, size, list(proof))


def verify_inclusion(leaf: bytes, index: int, size: int, proof: Sequence[bytes],
                     root: bytes) -> bool:
    """True when `leaf` (raw leaf bytes) is leaf `index` of the tree of `size` with `root`."""
    try:
        return root_from_inclusion_proof(index, size, leaf_hash(leaf), proof) == root
    except ProofError:
        return False


def verify_consistency(old_size: int, new_size: int, old_root: bytes, new_root: bytes,
                       proof: Sequence[bytes]) -> bool:
    """True when the tree of `new_size` with `new_root` extends the tree of
    `old_size` with `old_root`, by `proof` (RFC 9162 2.1.4)."""
    try:
        _check_hashes([old_root, new_root, *proof])
    except ProofError:
        return False
    if not 0 <= old_size <= new_size:
        return False
    if old_size == 0:
        return not proof and old_root == EMPTY_ROOT
    if old_size == new_size:
        return not proof and old_root == new_root

    def walk(m: int, n: int, whole: bool, path: Sequence[bytes]) -> tuple[bytes, bytes]:
        """(hash of the old part, hash of the new part) of this subtree."""
        if m == n:
            if whole:
                if path:
                    raise ProofError("the consistency proof is too long")
                return old_root, old_root
            if len(path) != 1:
                raise ProofError("the consistency proof has the wrong length")
            return path[0], path[0]
        if not path:
            raise ProofError("the consistency proof is too short")
        k = _split(n)
        sibling, rest = path[-1], path[:-1]
        if m <= k:
            old, new = walk(m, k, whole, rest)
            return old, node_hash(new, sibling)
        old, new = walk(m - k, n - k, False, rest)
        return node_hash(sibling, old), node_hash(sibling, new)

    try:
        old, new = walk(old_size, new_size, True, list(proof))
    except ProofError:
        return False
    return old == old_root and new == new_root


def _check_hashes(hashes: Iterable[bytes]) -> None:
    for h in hashes:
        if not isinstance(h, (bytes, bytearray)) or len(h) != HASH_SIZE:
            raise ProofError("every hash is 32 bytes")
