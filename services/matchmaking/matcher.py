"""Pure matching logic: which waiting tickets sit at one table. No I/O, no
clock: the caller passes `now`.

One pass, given a queue's searching tickets (one game, one ranked flag):

1. Tickets are served oldest first. The oldest unserved ticket is the anchor.
2. The anchor's waiting time picks the rating window W from the expansion
   steps (config.window): a table may only span W in mu (max - min of the
   tickets' ratings; a party's rating is its members' mean mu).
3. Table sizes are tried from the largest the anchor accepts (capped by the
   game's maximum) down to the smallest (never below the game's minimum).
   For a size t the table is filled exactly from the (up to POOL) tickets
   nearest the anchor's rating that accept t, fit whole (parties are never
   split) and keep the spread within W: a small depth-first search in order of
   rating distance, so the nearest combination that adds up wins. The first
   size filled exactly forms the table.
4. A table's tickets are used; the next oldest ticket becomes the anchor.

The search is bounded (POOL tickets, SEARCH_BUDGET steps) so a pass over
thousands of tickets stays fast; past the bound a table may be missed in
this pass and is found by a later one (or at a smaller size).
"""
from __future__ import annotations

import bisect
import hashlib
import math
import random
from dataclasses import dataclass
from statistics import NormalDist
from typing import Callable, Iterable, Sequence

SCAN_LIMIT = 400  # tickets looked at around an anchor for one table size
POOL = 24  # the nearest fitting tickets the exact fill chooses from
SEARCH_BUDGET = 2000  # steps of that choice, so a pass stays fast


@dataclass(frozen=True)
class Candidate:
    ticket_id: str
    size: int  # party size
    lo: int  # smallest acceptable table
    hi: int  # largest acceptable table
    enqueued_at: float
    mu: float  # the party's mean mu
    ratings: tuple[tuple[float, float], ...] = ()

    @classmethod
    def from_summary(cls, ticket_id: str, s: dict) -> "Candidate":
        ratings = tuple((float(m), float(sg)) for m, sg in s.get("r") or ())
        mu = sum(m for m, _ in ratings) / len(ratings) if ratings else 25.0
        return cls(ticket_id, int(s["p"]), int(s["lo"]), int(s["hi"]), float(s["t"]), mu, ratings)


@dataclass(frozen=True)
class Proposal:
    tickets: tuple[Candidate, ...]  # the anchor (longest waiting) first
    table_size: int
    spread: float  # max - min of the tickets' ratings (the bounded quantity)
    window: float  # the window it had to fit

    @property
    def ticket_ids(self) -> tuple[str, ...]:
        return tuple(c.ticket_id for c in self.tickets)


def find_matches(candidates: Iterable[Candidate], now: float, window: Callable[[float], float],
                 game_min: int, game_max: int) -> list[Proposal]:
    """Tables to form now from `candidates`, oldest anchor first."""
    order = sorted(candidates, key=lambda c: (c.enqueued_at, c.ticket_id))
    by_mu = sorted(order, key=lambda c: (c.mu, c.enqueued_at, c.ticket_id))
    keys = [(c.mu, c.enqueued_at, c.ticket_id) for c in by_mu]
    used: set[str] = set()
    out: list[Proposal] = []
    for anchor in order:
        if anchor.ticket_id in used:
            continue
        w = window(max(0.0, now - anchor.enqueued_at))
        lo, hi = max(anchor.lo, game_min), min(anchor.hi, game_max)
        pos = bisect.bisect_left(keys, (anchor.mu, anchor.enqueued_at, anchor.ticket_id))
        for size in range(hi, lo - 1, -1):
            if anchor.size > size:
                break
            group = _fill(anchor, pos, by_mu, size, w)
            if group is None:
                continue
            mus = [c.mu for c in group]
            out.append(Proposal(tuple(group), size, max(mus) - min(mus), w))
            for c in group:
                used.add(c.ticket_id)
                i = bisect.bisect_left(keys, (c.mu, c.enqueued_at, c.ticket_id))
                del keys[i], by_mu[i]
            break
    return out


def _fill(anchor: Candidate, pos: int, by_mu: Sequence[Candidate], size: int, w: float) -> list[Candidate] | None:
    """The anchor plus tickets that make exactly `size` players within spread w,
    preferring the nearest ratings: a small depth-first search over the nearest
    tickets that could sit at this table."""
    need = size - anchor.size
    if need == 0:
        return [anchor]
    pool: list[Candidate] = []
    left, right = pos - 1, pos + 1
    scanned = 0
    while len(pool) < POOL and scanned < SCAN_LIMIT:
        lc = by_mu[left] if left >= 0 else None
        rc = by_mu[right] if right < len(by_mu) else None
        if lc is not None and anchor.mu - lc.mu > w:
            lc = None
        if rc is not None and rc.mu - anchor.mu > w:
            rc = None
        if lc is None and rc is None:
            break
        if rc is None or (lc is not None and anchor.mu - lc.mu <= rc.mu - anchor.mu):
            c, left = lc, left - 1
        else:
            c, right = rc, right + 1
        scanned += 1
        if c.size <= need and c.lo <= size <= c.hi:
            pool.append(c)
    budget = [SEARCH_BUDGET]

    def search(start: int, need: int, low: float, high: float) -> list[Candidate] | None:
        for i in range(start, len(pool)):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            c = pool[i]
            if c.size > need or max(high, c.mu) - min(low, c.mu) > w:
                continue
            if c.size == need:
                return [c]
            rest = search(i + 1, need - c.size, min(low, c.mu), max(high, c.mu))
            if rest is not None:
                return [c, *rest]
        return None

    found = search(0, need, anchor.mu, anchor.mu)
    return [anchor, *found] if found is not None else None


def seat_order(match_id: str, parties: Sequence[Sequence[str]]) -> list[str]:
    """The table's players in seat order: the parties in an order shuffled with a
    seed derived from the match id (so every retry and every replica seats the
    table the same way, and anyone can recompute it), each party's members next
    to each other in the order they were queued."""
    rng = random.Random(hashlib.sha256(f"seats/{match_id}".encode()).digest())
    order = list(range(len(parties)))
    rng.shuffle(order)
    return [p for i in order for p in parties[i]]


# openskill's PlackettLuce() defaults (mu 25, sigma 25/3): beta = sigma / 2
BETA = 25.0 / 6
_NORMAL = NormalDist()


def draw_probability(ratings: Sequence[tuple[float, float]]) -> float:
    """openskill's `PlackettLuce().predict_draw` for a table of one-player teams, as a plain
    function in the same order of operations: the library builds a rating object (and a uuid4)
    per player and ranks each pair anew, which was an eighth of a matching pass's CPU
    (docs/benchmarks.md, "bench matchmaking"); tests/matchmaking/test_matcher.py compares the two."""
    n = len(ratings)
    if n < 2:
        return 1.0
    margin = math.sqrt(n) * BETA * _NORMAL.inv_cdf((1 + 1 / n) / 2)
    spread = 2 * BETA ** 2
    total, pairs = 0.0, 0
    for i, (mu_a, sigma_a) in enumerate(ratings):
        for mu_b, sigma_b in ratings[i + 1:]:
            c = math.sqrt(spread + sigma_a ** 2 + sigma_b ** 2)
            total += _NORMAL.cdf((margin - mu_a + mu_b) / c) - _NORMAL.cdf((mu_b - mu_a - margin) / c)
            pairs += 1
    return total / pairs


def quality(ratings: Sequence[tuple[float, float]]) -> dict[str, float]:
    """Match quality of a table of individual players: the spread of their mu
    (max - min), their mean mu, and openskill's PlackettLuce probability of a draw
    (higher is a closer game)."""
    mus = [mu for mu, _ in ratings]
    return {"rating_spread": round(max(mus) - min(mus), 4), "mean_mu": round(sum(mus) / len(mus), 4),
            "draw_probability": round(draw_probability(ratings), 6)}
