"""ListTournaments' order and reach (services/tournament/app.py `recent`): the running first,
then the finished, newest activity first; a finished tournament, whose stream never changes, is
not read again unless it is listed; and a new tournament is listed however many came before it
(the listing once read only the first LIST_SCAN ids in alphabetical order, for good).

On a NATS of this module's own: the listing reads every tournament of the stream."""
from __future__ import annotations

import nats
import pytest

from apps.embedded import start_nats
from services.tournament import app as tournament_app
from services.tournament import decide as d
from services.tournament.app import TournamentApp
from services.tournament.stream import TournamentStream

from .sim import Sim


def played(tid: str, finished: bool = True) -> list:
    """The events of a Swiss tournament of eight: played to its end, or only registered."""
    sim = Sim(seed=len(tid))
    sim.do(d.Create(tournament_id=tid, game="foodie-forest", rounds=1, table_size=4))
    for i in range(8):
        sim.do(d.Join(f"p{i:02d}"))
    if finished:
        sim.play_round()
        sim.do(d.Finish())
    return sim.events


class CountedStream(TournamentStream):
    """The real stream, counting which tournaments were read."""

    def __init__(self, nc):
        super().__init__(nc)
        self.reads: list[str] = []

    async def load(self, tournament_id: str):
        self.reads.append(tournament_id)
        return await super().load(tournament_id)


@pytest.fixture
async def stream(tmp_path):
    server = start_nats(tmp_path / "nats")
    nc = await nats.connect(server.url)
    counted = CountedStream(nc)
    await counted.ensure()
    try:
        yield counted
    finally:
        await nc.drain()
        server.stop()


async def store(stream: TournamentStream, tid: str, finished: bool = True) -> None:
    await stream.append(tid, played(tid, finished), 0, f"create-{tid}")


def ids(listed) -> list[str]:
    return [t.state.created.tournament_id for t in listed]


async def test_the_running_come_first_then_the_finished_newest_first(stream):
    # given two finished tournaments, the second finished later, and one still taking entrants
    for tid in ("t-older", "t-newer"):
        await store(stream, tid)
    await store(stream, "t-running", finished=False)
    app = TournamentApp(stream, deck=None, tables=None)
    # when the list is asked for
    # then the running one is first, then the finished, the later first
    assert ids(await app.recent()) == ["t-running", "t-newer", "t-older"]
    # and a finished one not on a shorter list is not read again: its stream never changes
    stream.reads.clear()
    assert ids(await app.recent(limit=2)) == ["t-running", "t-newer"]
    assert sorted(stream.reads) == ["t-newer", "t-running"]


async def test_a_new_tournament_is_listed_however_many_came_before_it(stream, monkeypatch):
    monkeypatch.setattr(tournament_app, "LIST_SCAN", 2)
    # given more finished tournaments than one listing reads, all named before the newest
    for tid in ("a-1", "a-2", "a-3"):
        await store(stream, tid)
    app = TournamentApp(stream, deck=None, tables=None)
    await app.recent()
    # when a new one finishes, named after them all
    await store(stream, "z-new")
    # then the next listings come to it, newest first
    await app.recent()
    assert ids(await app.recent(limit=1)) == ["z-new"]
