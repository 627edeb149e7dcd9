"""foodgames-shuffle-v1 and -v2 reproduce their published known answers
(docs/shuffle-vectors.json), in the deck service and in the independent
verifier alike, and behave as docs/shuffle-spec.md says. The v1 answers are
the ones first published, unchanged."""
from __future__ import annotations

import hashlib
import json

import pytest

from services.deck import shuffle as sh
from apps.audit import verifier as v
from tests.deck.game_log import VECTORS

SHUFFLES = VECTORS["shuffles"]
NAMES = [s["name"] for s in SHUFFLES]
V2_SHUFFLES = VECTORS["v2"]["shuffles"]
V2_NAMES = [s["name"] for s in V2_SHUFFLES]
# SHA-256 of the v1 vectors (the file without "v2") as first published: they never change
V1_VECTORS_SHA256 = "011287517f7a03ff1814ae34ac65950ff759033aadb70ea330861590729e4b2b"


def client_seeds_of(vector: dict) -> list[tuple[int, bytes]]:
    return [(c["seat"], bytes.fromhex(c["seed"])) for c in vector["client_seeds"]]


def test_the_vectors_are_for_these_algorithms_and_the_v1_ones_never_changed():
    assert VECTORS["algorithm"] == sh.V1 == v.V1 == "foodgames-shuffle-v1"
    assert VECTORS["v2"]["algorithm"] == sh.V2 == v.V2 == "foodgames-shuffle-v2"
    assert sh.ALGORITHM == v.ALGORITHM == sh.V2, "new games are v2"
    v1 = {key: value for key, value in VECTORS.items() if key != "v2"}
    assert hashlib.sha256(json.dumps(v1, sort_keys=True, ensure_ascii=False).encode()).hexdigest() \
        == V1_VECTORS_SHA256
    assert V2_NAMES[:len(NAMES)] == NAMES and any("Dog" in name for name in V2_NAMES)


# ---------------------------------------------------------------- the deck service

@pytest.mark.parametrize("vector", SHUFFLES, ids=NAMES)
def test_the_service_reproduces_every_field_of_a_shuffle_vector(vector):
    # given the seeds and names of a published vector
    service_reproduces(vector, sh.V1)
    assert sh.card_list_sha256(vector["cards"]) == vector["input_sha256"]
    assert sh.card_list_sha256(vector["order"]) == vector["output_sha256"]


def service_reproduces(vector: dict, algorithm: str) -> bytes:
    server_seed = bytes.fromhex(vector["server_seed"])
    seeds = client_seeds_of(vector)
    args = (vector["game_id"], vector["deck"], vector["k"])
    # when the service derives it, then every intermediate value is the published one
    assert sh.commitment(server_seed) == vector["commitment"]
    assert sh.derivation_message(*args, seeds, algorithm).hex() == vector["derivation_message"]
    seed = sh.derive_shuffle_seed(server_seed, seeds, *args, algorithm)
    assert seed.hex() == vector["shuffle_seed"]
    assert sh.ByteStream(seed).read(96).hex() == vector["stream_first_96_bytes"]
    stream = sh.ByteStream(seed)
    draws = [sh.uniform_below(stream, i + 1) for i in range(len(vector["cards"]) - 1, 0, -1)]
    assert draws == vector["fisher_yates_draws"]
    assert stream.consumed == vector["stream_bytes_consumed"]
    assert sh.shuffle(server_seed, seeds, *args, vector["cards"], algorithm) == vector["order"]
    return seed


@pytest.mark.parametrize("vector", V2_SHUFFLES, ids=V2_NAMES)
def test_the_service_reproduces_every_field_of_a_v2_shuffle_vector(vector):
    seed = service_reproduces(vector, sh.V2)
    assert vector["derivation_message"].startswith(b"\x00\x00\x00\x14foodgames-shuffle-v2".hex())
    assert sh.commit_message(b"input", vector["cards"]).hex() == vector["input_commit_message"]
    assert sh.commit_message(b"output", vector["order"]).hex() == vector["output_commit_message"]
    assert sh.input_commit(seed, vector["cards"]) == vector["input_commit"]
    assert sh.output_commit(seed, vector["order"]) == vector["output_commit"]
    assert "input_sha256" not in vector and "output_sha256" not in vector


def test_the_service_reproduces_the_stream_vector():
    stream = sh.ByteStream(bytes.fromhex(VECTORS["stream"]["seed"]))
    # read in uneven pieces that cross block boundaries: the stream is one byte sequence
    pieces = b"".join(stream.read(n) for n in (1, 30, 33, 0, 64, 7, 65))
    assert pieces.hex() == VECTORS["stream"]["first_200_bytes"]


def test_the_service_reproduces_the_bounded_integer_vector():
    vector = VECTORS["bounded_integers"]
    stream = sh.ByteStream(bytes.fromhex(vector["stream_seed"]))
    for draw in vector["draws"]:
        assert sh.uniform_below(stream, draw["n"]) == draw["value"], draw
        assert stream.consumed == draw["bytes_consumed_after"], draw


def test_the_vectors_exercise_rejections_and_block_boundaries():
    # a rejection shows as more bytes consumed than the draws strictly need
    vector = VECTORS["bounded_integers"]
    consumed, needed = 0, 0
    rejected = 0
    for draw in vector["draws"]:
        width = ((draw["n"] - 1).bit_length() + 7) // 8
        needed += width
        rejected += draw["bytes_consumed_after"] - consumed > width
        consumed = draw["bytes_consumed_after"]
    assert rejected >= 3 and consumed > 64
    big = SHUFFLES[0]
    assert big["stream_bytes_consumed"] > len(big["cards"]) - 1 and len(big["cards"]) == 52


# ---------------------------------------------------------------- the independent verifier

def verifier_reproduces(vector: dict, algorithm: str) -> bytes:
    server_seed = bytes.fromhex(vector["server_seed"])
    seeds = client_seeds_of(vector)
    args = (vector["game_id"], vector["deck"], vector["k"])
    assert hashlib.sha256(server_seed).hexdigest() == vector["commitment"]
    seed = v.shuffle_seed(server_seed, seeds, *args, algorithm)
    assert seed.hex() == vector["shuffle_seed"]
    assert v.Stream(seed).take(96).hex() == vector["stream_first_96_bytes"]
    stream = v.Stream(seed)
    draws = [v.below(stream, i + 1) for i in range(len(vector["cards"]) - 1, 0, -1)]
    assert draws == vector["fisher_yates_draws"]
    assert v.derive_order(server_seed, seeds, *args, vector["cards"], algorithm) == vector["order"]
    return seed


@pytest.mark.parametrize("vector", SHUFFLES, ids=NAMES)
def test_the_verifier_reproduces_every_field_of_a_shuffle_vector(vector):
    verifier_reproduces(vector, v.V1)
    assert v.cards_sha256(vector["cards"]) == vector["input_sha256"]
    assert v.cards_sha256(vector["order"]) == vector["output_sha256"]


@pytest.mark.parametrize("vector", V2_SHUFFLES, ids=V2_NAMES)
def test_the_verifier_reproduces_every_field_of_a_v2_shuffle_vector(vector):
    seed = verifier_reproduces(vector, v.V2)
    assert v.cards_commit(seed, "input", vector["cards"]) == vector["input_commit"]
    assert v.cards_commit(seed, "output", vector["order"]) == vector["output_commit"]


def test_the_verifier_reproduces_the_stream_and_bounded_integer_vectors():
    stream = v.Stream(bytes.fromhex(VECTORS["stream"]["seed"]))
    assert stream.take(200).hex() == VECTORS["stream"]["first_200_bytes"]
    vector = VECTORS["bounded_integers"]
    stream = v.Stream(bytes.fromhex(vector["stream_seed"]))
    for draw in vector["draws"]:
        assert v.below(stream, draw["n"]) == draw["value"], draw
        assert stream.counter * 32 - len(stream.pending) == draw["bytes_consumed_after"], draw


# ---------------------------------------------------------------- properties of the derivation

SEED = bytes(range(32))
SEEDS = {0: b"alice", 1: b"bob"}
CARDS = [f"card-{i}" for i in range(52)]


def test_a_shuffle_is_the_same_for_the_same_seeds():
    first = sh.shuffle(SEED, SEEDS, "g", "main", 0, CARDS)
    again = sh.shuffle(bytes(SEED), dict(SEEDS), "g", "main", 0, list(CARDS))
    assert first == again


def test_a_shuffle_is_a_permutation_of_its_cards():
    cards = ["x", "x", "y", "z", "x"]  # decks may hold identical cards
    assert sorted(sh.shuffle(SEED, SEEDS, "g", "main", 0, cards)) == sorted(cards)


@pytest.mark.parametrize("change", [
    {"server_seed": bytes(31) + b"\x01"},
    {"client_seeds": {0: b"alice", 1: b"bob!"}},
    {"client_seeds": {0: b"alice"}},
    {"client_seeds": {0: b"bob", 1: b"alice"}},
    {"game_id": "h"},
    {"deck": "dog"},
    {"k": 1},
], ids=["server seed", "client seed", "missing client seed", "seeds swapped between seats",
        "game", "deck", "k"])
def test_any_input_of_the_derivation_changes_the_shuffle(change):
    base = {"server_seed": SEED, "client_seeds": SEEDS, "game_id": "g", "deck": "main", "k": 0}
    changed = {**base, **change}
    assert sh.shuffle(cards=CARDS, **changed) != sh.shuffle(cards=CARDS, **base)


def test_v2_differs_from_v1_only_by_the_name_in_the_derivation_message():
    v1 = sh.derivation_message("g", "main", 0, SEEDS, sh.V1)
    v2 = sh.derivation_message("g", "main", 0, SEEDS, sh.V2)
    assert v2 == v1.replace(b"foodgames-shuffle-v1", b"foodgames-shuffle-v2")
    assert sh.shuffle(SEED, SEEDS, "g", "main", 0, CARDS, sh.V1) != sh.shuffle(SEED, SEEDS, "g", "main", 0, CARDS, sh.V2)


def test_v2_commitments_hide_the_card_list_and_do_not_link_shuffles():
    seed = sh.derive_shuffle_seed(SEED, SEEDS, "g", "dog", 0, sh.V2)
    cards = ["a", "b", "c"]
    commits = {sh.input_commit(seed, cards), sh.output_commit(seed, cards), sh.card_list_sha256(cards),
               sh.input_commit(sh.derive_shuffle_seed(SEED, SEEDS, "g", "dog", 1, sh.V2), cards)}
    # the labels separate input from output, the key separates shuffles, none is the plain hash
    assert len(commits) == 4
    # the commitment is an HMAC, a message no stream block can have (blocks are 8-byte messages)
    assert len(sh.commit_message(b"input", [])) > 8
    with pytest.raises(sh.DerivationError):
        sh.card_list_commit(seed[:16], b"input", cards)
    with pytest.raises(sh.DerivationError):
        sh.commit_message(b"other", cards)


def test_client_seeds_are_taken_in_seat_order_whatever_order_they_are_given_in():
    given = [(2, b"c"), (0, b"a"), (1, b"b")]
    assert sh.shuffle(SEED, given, "g", "d", 0, CARDS) == sh.shuffle(
        SEED, sorted(given), "g", "d", 0, CARDS)


def test_the_encoding_is_unambiguous_when_bytes_move_between_fields():
    # "ab"+"c" and "a"+"bc" must not collide, nor seed bytes move between seats
    assert sh.derive_shuffle_seed(SEED, {}, "ab", "c", 0) != sh.derive_shuffle_seed(SEED, {}, "a", "bc", 0)
    assert sh.derive_shuffle_seed(SEED, {0: b"ab", 1: b"c"}, "g", "d", 0) != \
        sh.derive_shuffle_seed(SEED, {0: b"a", 1: b"bc"}, "g", "d", 0)
    assert sh.derive_shuffle_seed(SEED, {0: b"x"}, "g", "d", 0) != \
        sh.derive_shuffle_seed(SEED, {1: b"x"}, "g", "d", 0)


def test_a_server_seed_is_32_fresh_bytes_and_its_commitment_is_its_sha256():
    a, b = sh.new_server_seed(), sh.new_server_seed()
    assert len(a) == 32 and a != b
    assert sh.commitment(a) == hashlib.sha256(a).hexdigest()


@pytest.mark.parametrize("call", [
    lambda: sh.shuffle(bytes(31), {}, "g", "d", 0, CARDS),
    lambda: sh.shuffle(SEED, [(0, b"a"), (0, b"b")], "g", "d", 0, CARDS),
    lambda: sh.shuffle(SEED, {0: b""}, "g", "d", 0, CARDS),
    lambda: sh.shuffle(SEED, {0: b"x" * 1025}, "g", "d", 0, CARDS),
    lambda: sh.shuffle(SEED, {-1: b"x"}, "g", "d", 0, CARDS),
    lambda: sh.shuffle(SEED, {}, "g", "d", -1, CARDS),
    lambda: sh.shuffle(SEED, {}, "g", "d", 2 ** 64, CARDS),
    lambda: sh.shuffle(SEED, {}, "g\ud800", "d", 0, CARDS),
    lambda: sh.uniform_below(sh.ByteStream(SEED), 0),
    lambda: sh.uniform_below(sh.ByteStream(SEED), 2 ** 32 + 1),
    lambda: sh.shuffle(SEED, {}, "g", "d", 0, CARDS, "foodgames-shuffle-v3"),
], ids=["short server seed", "two seeds for one seat", "empty client seed", "huge client seed",
        "negative seat", "negative k", "k beyond 64 bits", "lone surrogate", "bound 0",
        "bound beyond 2^32", "unknown algorithm"])
def test_inputs_outside_the_spec_are_refused(call):
    with pytest.raises(sh.DerivationError):
        call()
