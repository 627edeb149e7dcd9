"""Every order of a deck is equally likely: the real derivation (seeds ->
HMAC stream -> rejection sampling -> Fisher-Yates), driven by a counter of
client seeds, passes chi-square tests at the 99% level, and the same checks
catch the classic shuffle bugs (modulo reduction, an off-by-one Fisher-Yates,
Python's random.shuffle).

Every sample is a fixed function of its counter, so each test gives the same
answer on every run: nothing is flaky, and nothing was tuned to pass.

The figures of docs/randomness-tests.md are those of foodgames-shuffle-v1's
derivation, so these tests run v1 (real_shuffle). foodgames-shuffle-v2 differs
only in the name inside the seed message (same stream, sampler, Fisher-Yates);
its own known answers and exhaustive order tests are at the end."""
from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from typing import Callable

import numpy as np
import pytest
from scipy.stats import chi2

from services.deck import shuffle as sh
from tests.deck.game_log import VECTORS

SERVER_SEED = hashlib.sha256(b"uniformity tests").digest()
Shuffler = Callable[..., list]
Below = Callable[[sh.ByteStream, int], int]


def real_shuffle(server_seed, client_seeds, game_id, deck, k, cards, algorithm=sh.V1):
    """The deck's derivation, v1 unless told (the figures of docs/randomness-tests.md)."""
    return sh.shuffle(server_seed, client_seeds, game_id, deck, k, cards, algorithm)


def v2_shuffle(server_seed, client_seeds, game_id, deck, k, cards):
    return real_shuffle(server_seed, client_seeds, game_id, deck, k, cards, sh.V2)


class NotUniform(AssertionError):
    pass


def critical(dof: int, level: float = 0.99) -> float:
    return float(chi2.ppf(level, dof))


def counter_shuffles(shuffler: Shuffler, cards: list, n: int, deck: str = "main"):
    """`n` shuffles of `cards`, the i-th with client seed u64be(i) at seat 0."""
    for i in range(n):
        yield shuffler(SERVER_SEED, {0: i.to_bytes(8, "big")}, "uniformity", deck, 0, cards)


# ---------------------------------------------------------------- the checks

def check_all_orders_equally_likely(shuffler: Shuffler, m: int, per_order: int) -> float:
    """Exhaustive: counts of all m! orders; Pearson chi-square with m!-1 dof."""
    cards = [f"c{i}" for i in range(m)]
    orders = list(itertools.permutations(cards))
    n = len(orders) * per_order
    counts = Counter(tuple(o) for o in counter_shuffles(shuffler, cards, n))
    missing = [o for o in orders if counts[o] == 0]
    if missing:
        raise NotUniform(f"{len(missing)} of {len(orders)} orders never occur, e.g. {missing[0]}")
    stat = sum((counts[o] - per_order) ** 2 / per_order for o in orders)
    if stat > critical(len(orders) - 1):
        raise NotUniform(f"chi-square {stat:.1f} > {critical(len(orders) - 1):.1f}")
    return stat


def check_positions(shuffler: Shuffler, m: int, n: int) -> float:
    """Position x card table of n shuffles of m cards. For uniform permutations
    the covariance of the table is (1/(m-1)) P, P the projector on the (m-1)^2
    dimensional space of tables with zero row and column sums, so
    (m-1)/m * sum((O-E)^2/E) is chi-square with (m-1)^2 dof (the plain Pearson
    sum is m/(m-1) times too large)."""
    table = np.zeros((m, m))
    positions = np.arange(m)
    index = {f"c{i}": i for i in range(m)}
    for order in counter_shuffles(shuffler, list(index), n):
        table[positions, [index[c] for c in order]] += 1
    expected = n / m
    stat = float(((table - expected) ** 2 / expected).sum() * (m - 1) / m)
    if stat > critical((m - 1) ** 2):
        raise NotUniform(f"chi-square {stat:.1f} > {critical((m - 1) ** 2):.1f}")
    return stat


def check_bounded_integers(below: Below, bound: int, n: int) -> float:
    stream = sh.ByteStream(hashlib.sha256(f"bounded {bound}".encode()).digest())
    counts = np.bincount([below(stream, bound) for _ in range(n)], minlength=bound)
    if len(counts) != bound:
        raise NotUniform(f"a value outside [0, {bound}) was drawn")
    expected = n / bound
    stat = float(((counts - expected) ** 2 / expected).sum())
    if stat > critical(bound - 1):
        raise NotUniform(f"n={bound}: chi-square {stat:.1f} > {critical(bound - 1):.1f}")
    return stat


def check_known_answers(shuffler: Shuffler, below: Below, vectors: list | None = None) -> None:
    for v in VECTORS["shuffles"] if vectors is None else vectors:
        seeds = [(c["seat"], bytes.fromhex(c["seed"])) for c in v["client_seeds"]]
        got = shuffler(bytes.fromhex(v["server_seed"]), seeds, v["game_id"], v["deck"], v["k"],
                       v["cards"])
        if got != v["order"]:
            raise NotUniform(f"vector {v['name']!r}: not the published order")
    vector = VECTORS["bounded_integers"]
    stream = sh.ByteStream(bytes.fromhex(vector["stream_seed"]))
    for draw in vector["draws"]:
        if below(stream, draw["n"]) != draw["value"]:
            raise NotUniform(f"bounded integer below {draw['n']}: not the published value")


BOUNDS = [2, 3, 7, 40, 52, 200, 257, 1000]


def run_checks(shuffler: Shuffler, below: Below, names: set[str]) -> set[str]:
    """Runs the named checks of this file, at the sizes the tests above use;
    returns the names of those that caught a problem."""
    caught = set()
    checks = {
        "known answers": lambda: check_known_answers(shuffler, below),
        "all orders of 4 cards": lambda: check_all_orders_equally_likely(shuffler, 4, 400),
        "all orders of 5 cards": lambda: check_all_orders_equally_likely(shuffler, 5, 200),
        "bounded integers": lambda: [check_bounded_integers(below, b, 30 * b + 20_000)
                                     for b in BOUNDS],
        "52x52 positions": lambda: check_positions(shuffler, 52, 20_000),
    }
    for name, check in checks.items():
        if name not in names:
            continue
        try:
            check()
        except NotUniform:
            caught.add(name)
    return caught


# ---------------------------------------------------------------- the real derivation

def test_all_24_orders_of_a_4_card_deck_are_equally_likely():
    # given 9,600 shuffles of 4 cards, client seeds 0..9599
    stat = check_all_orders_equally_likely(real_shuffle, 4, per_order=400)
    # then every order occurs and chi-square (23 dof) is below its 99% point
    assert stat < critical(23)


def test_all_120_orders_of_a_5_card_deck_are_equally_likely():
    stat = check_all_orders_equally_likely(real_shuffle, 5, per_order=200)
    assert stat < critical(119)


@pytest.mark.parametrize("bound", BOUNDS)
def test_bounded_integers_are_uniform(bound):
    assert check_bounded_integers(sh.uniform_below, bound, 30 * bound + 20_000) < critical(bound - 1)


def test_every_card_is_equally_likely_at_every_position_of_a_52_card_deck():
    # 20,000 shuffles here; the 200,000-shuffle version is marked slow
    assert check_positions(real_shuffle, 52, 20_000) < critical(51 * 51)


@pytest.mark.slow
def test_every_card_is_equally_likely_at_every_position_over_200000_shuffles():
    assert check_positions(real_shuffle, 52, 200_000) < critical(51 * 51)


# ---------------------------------------------------------------- the same checks catch broken shuffles

def _with(below: Below, loop: Callable[[int], range], upper: Callable[[int], int]) -> Shuffler:
    """The real seed derivation and stream, with a different sampler or loop."""
    def shuffler(server_seed, client_seeds, game_id, deck, k, cards):
        stream = sh.ByteStream(sh.derive_shuffle_seed(server_seed, client_seeds, game_id, deck, k, sh.V1))
        order = list(cards)
        for i in loop(len(order)):
            j = below(stream, upper(i))
            order[i], order[j] = order[j], order[i]
        return order
    return shuffler


def modulo_below(stream: sh.ByteStream, n: int) -> int:
    """The classic bug: reduce the same bytes modulo n instead of rejecting."""
    if n == 1:
        return 0
    width = ((n - 1).bit_length() + 7) // 8
    return int.from_bytes(stream.read(width), "big") % n


def python_random_shuffle(server_seed, client_seeds, game_id, deck, k, cards):
    """Seeded from the same derivation, but shuffled by Python's Mersenne Twister."""
    rng = random.Random(sh.derive_shuffle_seed(server_seed, client_seeds, game_id, deck, k, sh.V1))
    order = list(cards)
    rng.shuffle(order)
    return order


MUTANTS = {
    # name: (shuffler, bounded-integer sampler, checks that must catch it)
    "modulo reduction": (
        _with(modulo_below, lambda m: range(m - 1, 0, -1), lambda i: i + 1), modulo_below,
        {"known answers", "bounded integers", "52x52 positions"}),
    "off-by-one: j below i (Sattolo)": (
        _with(sh.uniform_below, lambda m: range(m - 1, 0, -1), lambda i: i), sh.uniform_below,
        {"known answers", "all orders of 4 cards", "all orders of 5 cards"}),
    "off-by-one: loop stops before position 1": (
        _with(sh.uniform_below, lambda m: range(m - 1, 1, -1), lambda i: i + 1), sh.uniform_below,
        {"known answers", "all orders of 4 cards", "all orders of 5 cards"}),
    "random.shuffle": (
        python_random_shuffle, sh.uniform_below,
        {"known answers"}),  # unbiased, so only the known answers can tell it apart
}


def test_the_real_derivation_gives_the_published_known_answers():
    assert run_checks(real_shuffle, sh.uniform_below, {"known answers"}) == set()


@pytest.mark.parametrize("mutant", MUTANTS, ids=list(MUTANTS))
def test_a_broken_shuffle_is_caught_by_the_same_checks(mutant):
    # given a shuffle with one classic bug
    shuffler, below, must_catch = MUTANTS[mutant]
    # when it goes through the checks that the real derivation passes (the tests above)
    caught = run_checks(shuffler, below, must_catch)
    # then each of them catches it
    assert caught == must_catch


# ---------------------------------------------------------------- foodgames-shuffle-v2

def test_v2_gives_its_published_known_answers_and_all_orders_of_4_and_5_cards_equally_often():
    check_known_answers(v2_shuffle, sh.uniform_below, VECTORS["v2"]["shuffles"])
    with pytest.raises(NotUniform):  # v2 is not v1 under another label: its orders are its own
        check_known_answers(v2_shuffle, sh.uniform_below)
    assert check_all_orders_equally_likely(v2_shuffle, 4, per_order=400) < critical(23)
    assert check_all_orders_equally_likely(v2_shuffle, 5, per_order=200) < critical(119)
