"""Pairing (pure, deterministic): who sits at which table in a round.

The only random inputs are fed in from outside, as chance nodes (decide.py): the round-1 draw
of the entrants and each table's seat order. Everything here is a function of the standings
and of who met whom, so a verifier can recompute every pairing.

Table sizes
-----------
Tables hold at most the tournament's `table_size` players (at most the game's maximum) and at
least `min_table` (the game's minimum). When the active entrants `n` do not divide into full
tables:
 - `smaller-tables` (default): `ceil(n / size)` tables, as equal as possible, larger ones
   first (17 entrants at tables of 4: 4, 4, 3, 3, 3; 18: 4, 4, 4, 3, 3). If that would make a
   table smaller than the game allows, the `byes` rule applies instead.
 - `byes`: `n // size` full tables and `n % size` byes (17 at tables of 4: 4 tables and one
   bye; 18: two byes). A bye scores the tournament's `bye_points` (standings.py).
Byes go to the lowest-standing active entrants among those with the fewest byes so far (so
nobody gets a second bye while someone has none); in round 1, to the last ones in the draw.

Swiss rounds after the first
----------------------------
1. The active entrants in standing order (standings.py), byes taken out.
2. Cut into consecutive tables of the sizes above: the top group plays together, and so on.
3. Local search: swap two players of two tables while that lowers the cost, compared in order:
   (a) repeat meetings: over every pair at the same table, how often they met before;
   (b) score spread: over every pair at the same table, the difference of their points;
   (c) rank spread: over every pair, the difference of their standing positions.
   Each accepted swap strictly lowers the cost, so it ends.
4. If repeats remain and no single swap lowers the cost, look for two swaps in a row that
   lower the repeats (whatever they do to the spread), take the first found and go back to 3;
   stop when repeats are 0 or no such pair exists. Repeats strictly fall each time, so it ends.
5. Tables are listed by their best player's rank, players within a table by rank (the seat
   order is drawn afterwards, per table).
Repeats come first: players meet again only when the search finds no way around it. For 16
entrants at tables of 4 that means no repeat in rounds 2 and 3 (rounds 1-2 form a 4x4 grid
and a Latin square of order 4 always completes it), at most one repeated pair per table in
round 4 (tests/tournament/test_swiss.py).
Dropped entrants are simply not among the active ones; they keep their results (and still
count as opponents in others' tie-breaks).
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from typing import Mapping, Sequence

from . import events as ev


class PairingError(ValueError):
    pass


def table_sizes(n: int, size: int, min_table: int, policy: str) -> tuple[list[int], int]:
    """(sizes of the tables, number of byes) for `n` active entrants."""
    if n < min_table:
        raise PairingError(f"{n} active entrants cannot fill a table (the game needs {min_table})")
    if policy == ev.SMALLER_TABLES:
        count = -(-n // size)
        base, extra = divmod(n, count)
        if base >= min_table:
            return [base + 1] * extra + [base] * (count - extra), 0
    full, rest = divmod(n, size)
    if full == 0:
        return [n], 0
    return [size] * full, rest


def met_counts(tables: Sequence[Sequence[str]]) -> Counter:
    """How often each pair (a frozenset) sat at the same table."""
    met: Counter = Counter()
    for t in tables:
        for a, b in combinations(t, 2):
            met[frozenset((a, b))] += 1
    return met


def repeats(table: Sequence[str], met: Mapping[frozenset, int]) -> int:
    return sum(met.get(frozenset((a, b)), 0) for a, b in combinations(table, 2))


def choose_byes(order: Sequence[str], count: int, byes_so_far: Mapping[str, int]) -> list[str]:
    """`count` entrants to sit out: fewest byes so far first, then the lowest standing."""
    if count <= 0:
        return []
    bottom_up = list(reversed(order))
    return sorted(bottom_up, key=lambda p: (byes_so_far.get(p, 0), bottom_up.index(p)))[:count]


def chunk(order: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    out, i = [], 0
    for s in sizes:
        out.append(list(order[i:i + s]))
        i += s
    return out


def swiss_tables(order: Sequence[str], sizes: Sequence[int], met: Mapping[frozenset, int],
                 points: Mapping[str, Fraction]) -> list[tuple[str, ...]]:
    """Tables of `sizes` for `order` (standing order): see the module doc."""
    rank = {p: i for i, p in enumerate(order)}

    def cost(table: Sequence[str]) -> tuple:
        rep = spread = rspread = 0
        for a, b in combinations(table, 2):
            rep += met.get(frozenset((a, b)), 0)
            spread += abs(points.get(a, 0) - points.get(b, 0))
            rspread += abs(rank[a] - rank[b])
        return rep, spread, rspread

    tables = chunk(order, sizes)
    while True:
        _descend(tables, cost)
        if sum(repeats(t, met) for t in tables) == 0 or not _escape(tables, met):
            break
    tables = [sorted(t, key=rank.__getitem__) for t in tables]
    tables.sort(key=lambda t: rank[t[0]])
    return [tuple(t) for t in tables]


def _swaps(tables: list[list[str]]):
    for a, b in combinations(range(len(tables)), 2):
        for i in range(len(tables[a])):
            for j in range(len(tables[b])):
                yield a, i, b, j


def _swap(tables: list[list[str]], a: int, i: int, b: int, j: int) -> None:
    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]


def _descend(tables: list[list[str]], cost) -> None:
    """Single swaps while one lowers the cost (lexicographic; each step strictly lower)."""
    costs = [cost(t) for t in tables]
    improved = True
    while improved:
        improved = False
        for a, i, b, j in _swaps(tables):
            _swap(tables, a, i, b, j)
            ca, cb = cost(tables[a]), cost(tables[b])
            if tuple(x + y for x, y in zip(ca, cb)) < tuple(x + y for x, y in zip(costs[a], costs[b])):
                costs[a], costs[b] = ca, cb
                improved = True
            else:
                _swap(tables, a, i, b, j)


def _escape(tables: list[list[str]], met: Mapping[frozenset, int]) -> bool:
    """Out of a local minimum of repeat meetings: the first pair of swaps, one after the other,
    that lowers the repeats (whatever it does to the score spread); False if none does."""
    before = [repeats(t, met) for t in tables]
    total = sum(before)
    for first in _swaps(tables):
        _swap(tables, *first)
        after_first = list(before)
        after_first[first[0]] = repeats(tables[first[0]], met)
        after_first[first[2]] = repeats(tables[first[2]], met)
        for a, i, b, j in _swaps(tables):
            if (a, i, b, j) == first:
                continue
            _swap(tables, a, i, b, j)
            if sum(after_first) - after_first[a] - after_first[b] + repeats(tables[a], met) + repeats(tables[b], met) < total:
                return True
            _swap(tables, a, i, b, j)
        _swap(tables, *first)
    return False


def first_round(draw: Sequence[str], size: int, min_table: int, policy: str) -> tuple[list[tuple[str, ...]], list[str]]:
    """Round 1 (and a co-op series' fixed tables): the draw cut into tables; byes last."""
    sizes, byes = table_sizes(len(draw), size, min_table, policy)
    seated = list(draw[:len(draw) - byes])
    return [tuple(t) for t in chunk(seated, sizes)], list(draw[len(draw) - byes:])


def next_round(order: Sequence[str], size: int, min_table: int, policy: str,
               met: Mapping[frozenset, int], points: Mapping[str, Fraction],
               byes_so_far: Mapping[str, int]) -> tuple[list[tuple[str, ...]], list[str]]:
    """A Swiss round after the first, for the active entrants in standing `order`."""
    sizes, bye_count = table_sizes(len(order), size, min_table, policy)
    byes = choose_byes(order, bye_count, byes_so_far)
    playing = [p for p in order if p not in byes]
    return swiss_tables(playing, sizes, met, points), [p for p in order if p in byes]
