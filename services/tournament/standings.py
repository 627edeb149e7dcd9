"""Scoring and standings, from the rounds alone (pure).

Swiss
-----
Tournament points of a place at a table of `n` players, for tables of at most `size`:

    points(place, n) = (size - 1) * (n - place) / (n - 1)

so the best place always scores `size - 1` and the last 0, spread evenly in between. For tables
of 4: 1st 3, 2nd 2, 3rd 1, 4th 0; a table of 3 (when entrants do not divide into fours) scores
3, 1.5, 0; a table of 2 scores 3, 0. Players tied on a place (equal placings, "1, 1, 3, 4")
share the points of the places they cover equally (1st and 2nd of 4 tied: 2.5 each).
A bye scores the tournament's `bye_points` (default: the average a place at a full table is
worth, (size - 1) / 2, i.e. 1.5 for tables of 4), no game points and no opponent.

The order (all exact fractions):
 1. tournament points, higher first;
 2. total game points, higher first;
 3. opponents' average: the average of the current tournament points of every opponent met,
    one term per opponent per table (Buchholz-like, as an average so byes and smaller tables
    do not count against anyone); dropped opponents still count with their points;
 4. head-to-head: among the entrants still tied on 1-3, each one's net count of tables where
    it placed ahead of (+1) or behind (-1) another of them;
 5. seed: the position in the round-1 draw (random, from the deck service), lower first.

Co-op series
------------
Each fixed table is ranked by games won (team_won), then its best score in one game (the
highest points any of its players got in that game), then its total score over the series
(sum over games of that per-game score), then table number. A table whose active players
fall below the game's minimum is withdrawn: it plays no more games and keeps its record.
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Iterable, Sequence

from . import events as ev
from .state import Round, State


def place_points(placing: int, n: int, size: int) -> Fraction:
    """Tournament points of `placing` (1 = best) at a table of `n` players, tables of `size`."""
    if n <= 1:
        return Fraction(size - 1)
    return Fraction((size - 1) * (n - placing), n - 1)


def table_points(placings: Sequence[int], size: int) -> list[Fraction]:
    """Per seat, the tournament points of a result; equal placings share their places' points."""
    n = len(placings)
    out = []
    for p in placings:
        tied = sum(1 for q in placings if q == p)
        share = sum(place_points(p + i, n, size) for i in range(tied))
        out.append(Fraction(share, tied))
    return out


def default_bye_points(size: int) -> Fraction:
    return Fraction(size - 1, 2)


def _r(x: Fraction) -> float:
    return round(float(x), 6)


class Tally:
    """Per-entrant totals over closed or finished tables."""

    def __init__(self, size: int, bye_points: Fraction):
        self.size = size
        self.bye_points = bye_points
        self.points: dict[str, Fraction] = defaultdict(Fraction)
        self.game_points: dict[str, Fraction] = defaultdict(Fraction)
        self.opponents: dict[str, list[str]] = defaultdict(list)
        self.byes: dict[str, int] = defaultdict(int)
        self.ahead: dict[tuple[str, str], int] = defaultdict(int)  # (a, b): tables a placed ahead of b

    def add_result(self, result: ev.TableFinished) -> None:
        tp = table_points(result.placings, self.size)
        for i, p in enumerate(result.players):
            self.points[p] += tp[i]
            self.game_points[p] += Fraction(result.points[i]).limit_denominator(10**6)
            for j, q in enumerate(result.players):
                if i != j:
                    self.opponents[p].append(q)
                    if result.placings[i] < result.placings[j]:
                        self.ahead[(p, q)] += 1

    def add_bye(self, player: str) -> None:
        self.points[player] += self.bye_points
        self.byes[player] += 1

    def opponents_average(self, player: str) -> Fraction:
        opp = self.opponents[player]
        return sum((self.points[q] for q in opp), Fraction(0)) / len(opp) if opp else Fraction(0)


def tally(state: State, rounds: Iterable[Round] | None = None) -> Tally:
    c = state.created
    t = Tally(c.table_size, Fraction(c.bye_points).limit_denominator(10**6))
    for r in (state.rounds if rounds is None else rounds):
        for table in r.tables:
            if table.result is not None:
                t.add_result(table.result)
        for p in r.byes:
            t.add_bye(p)
    return t


def swiss_order(state: State, players: Sequence[str], t: Tally) -> list[str]:
    """`players` in standing order (the five keys of the module doc)."""
    seed = {p: i for i, p in enumerate(state.seeds)}
    first = {p: (-t.points[p], -t.game_points[p], -t.opponents_average(p)) for p in players}
    ordered = sorted(players, key=lambda p: (first[p], seed.get(p, len(seed))))
    out: list[str] = []
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and first[ordered[j]] == first[ordered[i]]:
            j += 1
        group = ordered[i:j]
        h2h = head_to_head(group, t)
        out.extend(sorted(group, key=lambda p: (-h2h[p], seed.get(p, len(seed)))))
        i = j
    return out


def head_to_head(group: Sequence[str], t: Tally) -> dict[str, int]:
    return {p: sum(t.ahead[(p, q)] - t.ahead[(q, p)] for q in group if q != p) for p in group}


def swiss_rows(state: State) -> tuple[ev.StandingRow, ...]:
    t = tally(state)
    everyone = [p for p in state.seeds] or list(state.entrants)
    order = swiss_order(state, everyone, t)
    seed = {p: i + 1 for i, p in enumerate(state.seeds)}
    rows = []
    first = {p: (t.points[p], t.game_points[p], t.opponents_average(p)) for p in order}
    h2h_all: dict[str, int] = {}
    for p in order:
        group = [q for q in order if first[q] == first[p]]
        h2h_all[p] = head_to_head(group, t)[p]
    for i, p in enumerate(order):
        rows.append(ev.StandingRow(rank=i + 1, player=p, points=_r(t.points[p]),
                                   game_points=_r(t.game_points[p]),
                                   opponents_average=_r(t.opponents_average(p)),
                                   head_to_head=h2h_all[p], seed=seed.get(p, 0),
                                   byes=t.byes[p], dropped=p in state.dropped))
    return tuple(rows)


def team_rows(state: State) -> tuple[ev.TeamRow, ...]:
    """Co-op series: the fixed tables are those of round 1."""
    if not state.rounds:
        return ()
    first = state.rounds[0]
    team_of = {p: ti for ti, table in enumerate(first.tables) for p in table.players}
    per_team: dict[int, list[ev.TableFinished]] = defaultdict(list)
    for r in state.rounds:
        for table in r.tables:
            if table.result is not None and table.players:
                per_team[team_of[table.players[0]]].append(table.result)
    records = []
    for ti, table in enumerate(first.tables):
        wins, best, total, games = 0, None, Fraction(0), 0
        for res in per_team[ti]:
            score = max(Fraction(x).limit_denominator(10**6) for x in res.points)
            wins += int(bool(res.team_won))
            best = score if best is None or score > best else best
            total += score
            games += 1
        withdrawn = ti not in playing_tables(state)
        records.append((ti, table.players, wins, best or Fraction(0), total, games, withdrawn))
    records.sort(key=lambda x: (-x[2], -x[3], -x[4], x[0]))
    return tuple(ev.TeamRow(rank=i + 1, table=ti, players=players, wins=wins, best_points=_r(best),
                            total_points=_r(total), games=games, withdrawn=w)
                 for i, (ti, players, wins, best, total, games, w) in enumerate(records))


def playing_tables(state: State) -> set[int]:
    """Co-op series: the fixed tables that still have enough active players."""
    if not state.rounds:
        return set()
    c = state.created
    return {ti for ti, table in enumerate(state.rounds[0].tables)
            if sum(1 for p in table.players if p not in state.dropped) >= c.min_table}


def publish(state: State, number: int) -> ev.StandingsPublished:
    if state.created.format == ev.SERIES:
        return ev.StandingsPublished(round=number, teams=team_rows(state))
    return ev.StandingsPublished(round=number, rows=swiss_rows(state))
