"""foodgames-shuffle-v1 and -v2: how the deck service turns seeds into a card order.

Pure and deterministic; docs/shuffle-spec.md is the normative text and
docs/shuffle-vectors.json holds its known answers. In short:

    commitment   = hex(SHA-256(server_seed))
    shuffle_seed = HMAC-SHA256(server_seed, message(algorithm, game_id, deck, k, client seeds))
    stream       = HMAC-SHA256(shuffle_seed, u64be(0)) || HMAC-SHA256(shuffle_seed, u64be(1)) || ...
    order        = Fisher-Yates from the last position down, each index drawn from the
                   stream by bit-mask rejection sampling (no modulo, no floats).

v1 logs plain SHA-256 hashes of the card list and the order (card_list_sha256);
v2 logs commitments salted with the (secret until the reveal) shuffle seed:

    input_commit  = hex(HMAC-SHA256(shuffle_seed, lp("input")  || card_list_bytes(cards)))
    output_commit = hex(HMAC-SHA256(shuffle_seed, lp("output") || card_list_bytes(order)))

New games use ALGORITHM (v2); a game keeps the algorithm of its commitment record.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from typing import Iterable, Mapping, Sequence

V1 = "foodgames-shuffle-v1"  # plain card-list hashes in the log (spec sections 1-10)
V2 = "foodgames-shuffle-v2"  # salted card-list commitments in the log (spec section 11)
ALGORITHMS = (V1, V2)
ALGORITHM = V2  # the algorithm of every new game
SERVER_SEED_BYTES = 32
MAX_CLIENT_SEED_BYTES = 1024
MAX_BOUND = 1 << 32  # largest n that uniform_below accepts (and so the largest deck)
_MAX_U32 = (1 << 32) - 1
_MAX_U64 = (1 << 64) - 1


class DerivationError(ValueError):
    """The inputs cannot be encoded under the shuffle algorithm."""


# ---------------------------------------------------------------- encoding

def u32be(value: int) -> bytes:
    if not 0 <= value <= _MAX_U32:
        raise DerivationError(f"{value} does not fit in an unsigned 32-bit integer")
    return struct.pack(">I", value)


def u64be(value: int) -> bytes:
    if not 0 <= value <= _MAX_U64:
        raise DerivationError(f"{value} does not fit in an unsigned 64-bit integer")
    return struct.pack(">Q", value)


def length_prefixed(data: bytes) -> bytes:
    """lp(x) = u32be(len(x)) || x."""
    return u32be(len(data)) + data


def _utf8(text: str, what: str) -> bytes:
    if not isinstance(text, str):
        raise DerivationError(f"{what} must be a string, not {type(text).__name__}")
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:  # lone surrogates
        raise DerivationError(f"{what} is not valid Unicode text: {exc}") from None


def normalize_client_seeds(client_seeds: Mapping[int, bytes] | Iterable[tuple[int, bytes]]
                           ) -> list[tuple[int, bytes]]:
    """(seat, seed) pairs sorted by seat; each seat at most once."""
    pairs = list(client_seeds.items()) if isinstance(client_seeds, Mapping) else list(client_seeds)
    seen: set[int] = set()
    out: list[tuple[int, bytes]] = []
    for seat, seed in sorted(pairs, key=lambda p: p[0]):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= _MAX_U32:
            raise DerivationError(f"seat {seat!r} is not an integer in 0..2^32-1")
        if seat in seen:
            raise DerivationError(f"seat {seat} has more than one client seed")
        if not isinstance(seed, (bytes, bytearray)) or not 1 <= len(seed) <= MAX_CLIENT_SEED_BYTES:
            raise DerivationError(
                f"the client seed of seat {seat} must be 1..{MAX_CLIENT_SEED_BYTES} bytes")
        seen.add(seat)
        out.append((seat, bytes(seed)))
    return out


def check_algorithm(algorithm: str) -> str:
    if algorithm not in ALGORITHMS:
        raise DerivationError(f"unknown shuffle algorithm {algorithm!r}: known are {', '.join(ALGORITHMS)}")
    return algorithm


def derivation_message(game_id: str, deck: str, k: int,
                       client_seeds: Mapping[int, bytes] | Iterable[tuple[int, bytes]],
                       algorithm: str = ALGORITHM) -> bytes:
    """The HMAC message whose key is the server seed (docs/shuffle-spec.md, section 3;
    v2 differs only in the name at its start)."""
    seeds = normalize_client_seeds(client_seeds)
    parts = [length_prefixed(check_algorithm(algorithm).encode("ascii")),
             length_prefixed(_utf8(game_id, "game_id")),
             length_prefixed(_utf8(deck, "deck")),
             u64be(k),
             u32be(len(seeds))]
    for seat, seed in seeds:
        parts.append(u32be(seat))
        parts.append(length_prefixed(seed))
    return b"".join(parts)


# ---------------------------------------------------------------- seeds

def new_server_seed() -> bytes:
    """A fresh 256-bit server seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SERVER_SEED_BYTES)


def commitment(server_seed: bytes) -> str:
    """The public commitment to a server seed: lowercase hex SHA-256."""
    _check_server_seed(server_seed)
    return hashlib.sha256(server_seed).hexdigest()


def _check_server_seed(server_seed: bytes) -> None:
    if not isinstance(server_seed, (bytes, bytearray)) or len(server_seed) != SERVER_SEED_BYTES:
        raise DerivationError(f"the server seed must be exactly {SERVER_SEED_BYTES} bytes")


def derive_shuffle_seed(server_seed: bytes,
                        client_seeds: Mapping[int, bytes] | Iterable[tuple[int, bytes]],
                        game_id: str, deck: str, k: int, algorithm: str = ALGORITHM) -> bytes:
    """The 32-byte seed of shuffle `k` of `deck` in game `game_id`."""
    _check_server_seed(server_seed)
    message = derivation_message(game_id, deck, k, client_seeds, algorithm)
    return hmac.new(bytes(server_seed), message, hashlib.sha256).digest()


# ---------------------------------------------------------------- stream

class ByteStream:
    """Counter-mode HMAC-SHA256: block i = HMAC-SHA256(seed, u64be(i)), i = 0, 1, ...
    `read(n)` returns the next n bytes of the concatenated blocks."""

    __slots__ = ("_seed", "_counter", "_buffer", "_pos", "consumed")

    def __init__(self, seed: bytes):
        if not isinstance(seed, (bytes, bytearray)) or not seed:
            raise DerivationError("a stream needs a non-empty seed")
        self._seed = bytes(seed)
        self._counter = 0
        self._buffer = b""
        self._pos = 0
        self.consumed = 0  # bytes handed out so far

    def _block(self) -> bytes:
        block = hmac.new(self._seed, u64be(self._counter), hashlib.sha256).digest()
        self._counter += 1
        return block

    def read(self, n: int) -> bytes:
        if n < 0:
            raise ValueError("cannot read a negative number of bytes")
        end = self._pos + n
        if end > len(self._buffer):
            rest = self._buffer[self._pos:]
            while len(rest) < n:
                rest += self._block()
            self._buffer, self._pos, end = rest, 0, n
        out = self._buffer[self._pos:end]
        self._pos = end
        self.consumed += n
        return out


def uniform_below(stream: ByteStream, n: int) -> int:
    """A uniform integer in [0, n) by bit-mask rejection sampling.

    n == 1 returns 0 and reads nothing. Otherwise b = bit length of n-1,
    w = ceil(b/8): read w bytes as a big-endian integer, keep its low b bits,
    return it if it is below n, else read again."""
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_BOUND:
        raise DerivationError(f"the bound {n!r} is not an integer in 1..2^32")
    if n == 1:
        return 0
    bits = (n - 1).bit_length()
    width = (bits + 7) // 8
    mask = (1 << bits) - 1
    while True:
        candidate = int.from_bytes(stream.read(width), "big") & mask
        if candidate < n:
            return candidate


def fisher_yates(items: Sequence[str], stream: ByteStream) -> list[str]:
    """Fisher-Yates (Durstenfeld) from the last position down:
    for i = len-1 .. 1: j = uniform_below(i+1); swap a[i], a[j]."""
    order = list(items)
    for i in range(len(order) - 1, 0, -1):
        j = uniform_below(stream, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


# ---------------------------------------------------------------- the whole derivation

def check_cards(cards: Sequence[str]) -> list[str]:
    cards = list(cards)
    if len(cards) > MAX_BOUND:
        raise DerivationError("too many cards")
    for card in cards:
        _utf8(card, "a card")
    return cards


def shuffle(server_seed: bytes,
            client_seeds: Mapping[int, bytes] | Iterable[tuple[int, bytes]],
            game_id: str, deck: str, k: int, cards: Sequence[str],
            algorithm: str = ALGORITHM) -> list[str]:
    """The order of shuffle `k` of `deck`: `cards` permuted by `algorithm`.
    Position 0 of the result is the top of the deck (dealt first)."""
    cards = check_cards(cards)
    seed = derive_shuffle_seed(server_seed, client_seeds, game_id, deck, k, algorithm)
    return fisher_yates(cards, ByteStream(seed))


def card_list_bytes(cards: Sequence[str]) -> bytes:
    """u32be(count) || lp(utf8(card)) for each card, in order."""
    cards = list(cards)
    return u32be(len(cards)) + b"".join(length_prefixed(_utf8(c, "a card")) for c in cards)


def card_list_sha256(cards: Sequence[str]) -> str:
    """Lowercase hex SHA-256 of card_list_bytes: the hash a v1 shuffle record keeps.
    Not secret: anyone can hash a guessed list and compare (why v2 exists)."""
    return hashlib.sha256(card_list_bytes(cards)).hexdigest()


# ---------------------------------------------------------------- v2: salted commitments

INPUT_LABEL = b"input"
OUTPUT_LABEL = b"output"


def commit_message(label: bytes, cards: Sequence[str]) -> bytes:
    """lp(label) || card_list_bytes(cards) (docs/shuffle-spec.md, section 11)."""
    if label not in (INPUT_LABEL, OUTPUT_LABEL):
        raise DerivationError(f"a commitment is labelled input or output, not {label!r}")
    return length_prefixed(label) + card_list_bytes(cards)


def card_list_commit(shuffle_seed: bytes, label: bytes, cards: Sequence[str]) -> str:
    """hex(HMAC-SHA256(shuffle_seed, lp(label) || card_list_bytes(cards))): a commitment to a
    card list that hides it from everyone without the shuffle seed (everyone until the reveal)
    and binds it once the seed is public."""
    if not isinstance(shuffle_seed, (bytes, bytearray)) or len(shuffle_seed) != 32:
        raise DerivationError("a card-list commitment is keyed with a 32-byte shuffle seed")
    return hmac.new(bytes(shuffle_seed), commit_message(label, cards), hashlib.sha256).hexdigest()


def input_commit(shuffle_seed: bytes, cards: Sequence[str]) -> str:
    return card_list_commit(shuffle_seed, INPUT_LABEL, cards)


def output_commit(shuffle_seed: bytes, order: Sequence[str]) -> str:
    return card_list_commit(shuffle_seed, OUTPUT_LABEL, order)
