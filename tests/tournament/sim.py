"""An in-process tournament driven like the service will drive it: commands through decide,
draws fed to the chance nodes from a seeded random (the deck service's place), random
placings at every table."""
from __future__ import annotations

import random
from typing import Any, Callable, Iterable

from services.tournament import decide as d
from services.tournament import events as ev
from services.tournament.state import State, evolve, initial_state

FOODIE_FOREST = "foodie-forest"


class Sim:
    def __init__(self, seed: int = 1):
        self.rng = random.Random(seed)
        self.state: State = initial_state()
        self.events: list[Any] = []

    def do(self, command: Any) -> list[Any]:
        new = d.decide(self.state, command)
        self._apply(new)
        return new

    def _apply(self, new: Iterable[Any]) -> None:
        for e in new:
            self.state = evolve(self.state, e)
            self.events.append(e)

    def draw(self) -> None:
        """Resolve every pending chance node with a shuffle from the seeded random."""
        while (node := d.chance(self.state)) is not None:
            order = list(node.cards)
            self.rng.shuffle(order)
            self._apply(d.resolve_chance(self.state, order))

    def play_round(self, result: Callable[[random.Random, tuple, bool], tuple] | None = None) -> None:
        self.do(d.PairRound())
        self.draw()
        r = self.state.current
        for t, table in enumerate(r.tables):
            gid = f"{self.state.created.tournament_id}-r{r.number}-t{t}"
            self.do(d.StartTable(r.number, t, gid))
            seats = self.state.current.tables[t].seats
            placings, points, team_won = (result or random_result)(self.rng, seats, self.state.created.cooperative)
            self.do(d.FinishTable(r.number, t, gid, seats, placings, points, team_won))
        self.do(d.CloseRound())


def random_result(rng: random.Random, seats, cooperative: bool) -> tuple:
    n = len(seats)
    places = list(range(1, n + 1))
    rng.shuffle(places)
    points = tuple(float(rng.randint(0, 60)) for _ in seats)
    return tuple(places), points, (rng.random() < 0.5) if cooperative else None


def swiss(players: int, rounds: int = 4, seed: int = 1, **create: Any) -> Sim:
    sim = Sim(seed)
    sim.do(d.Create(tournament_id="t1", game=FOODIE_FOREST, rounds=rounds, table_size=4, **create))
    for i in range(players):
        sim.do(d.Join(f"p{i:02d}"))
    return sim


def repeat_pairs(tables_by_round: list[tuple[tuple[str, ...], ...]]) -> list[int]:
    """Per round, the number of pairs at one table who had already met in an earlier round."""
    seen: set[frozenset] = set()
    out = []
    for tables in tables_by_round:
        pairs = {frozenset((a, b)) for t in tables for a in t for b in t if a < b}
        out.append(len(pairs & seen))
        seen |= pairs
    return out


def paired(events) -> list[tuple[tuple[str, ...], ...]]:
    return [e.tables for e in events if isinstance(e, ev.RoundPaired)]
