"""Every WatchGame stream of a game in one engine reads one shared follower of the game's stream
(shared.runtime.feed): one JetStream consumer, each command decoded and folded once; each
stream still gets every update after the version it caught up at, in order, once."""
from __future__ import annotations

import asyncio
import uuid

from shared.auth import Identity
from shared.runtime import feed

PLAYERS = ("ann", "bob")


async def until(condition, what: str) -> None:
    for _ in range(1000):
        if await condition() if asyncio.iscoroutinefunction(condition) else condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(what)


async def dealt(runtime) -> str:
    game_id = await create_table_of(runtime)
    await runtime.settle(game_id)
    await until(lambda: runtime.cache[game_id].state.hands, "the cards were never dealt")
    return game_id


async def create_table_of(runtime) -> str:
    return (await runtime.create_game(Identity("svc:matchmaking", "service"), PLAYERS, {"target": 200})).game_id


async def add(runtime, game_id: str, n: int = 1) -> None:
    for _ in range(n):
        record = await runtime.load(game_id)
        seat = record.state.turn
        await runtime.submit_move(Identity(PLAYERS[seat], "player"), game_id, seat, uuid.uuid4().hex, None,
                                  {"type": "add", "amount": 1})


class Watcher:
    """A seat's WatchGame stream, read into `updates` as they come."""

    def __init__(self, runtime, game_id: str, seat: int = 0, after: int = 0):
        self.updates = []
        self.error: BaseException | None = None
        self.stream = runtime.watch(Identity(PLAYERS[seat], "player"), game_id, seat, after)
        self.task = asyncio.ensure_future(self._read())

    async def _read(self):
        try:
            async for update in self.stream:
                self.updates.append(update)
        except Exception as exc:  # noqa: BLE001 - what ended the stream is the test's
            self.error = exc

    def seen(self) -> int:
        return self.updates[-1].version if self.updates else -1

    def steps(self) -> list[tuple[int, int]]:
        """(from, to) of each live update after the first."""
        return [(u.from_version, u.version) for u in self.updates[1:]]

    async def close(self):
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)
        await self.stream.aclose()


def unbroken(watcher: Watcher) -> bool:
    versions = [watcher.updates[0].version] + [v for _, v in watcher.steps()]
    return all(f == v for (f, _), v in zip(watcher.steps(), versions))


async def consumers_of(runtime, game_id: str) -> int:
    jsm = runtime.store.nc.jsm()
    subject = runtime.subject(game_id)
    return sum(1 for c in await jsm.consumers_info(runtime.store.stream) if c.config.filter_subject == subject)


async def test_two_streams_joining_at_different_times_see_the_updates_each_would_see_alone(counter_server):
    # given a dealt game and a stream watching it
    runtime = counter_server.runtime
    game_id = await dealt(runtime)
    first = Watcher(runtime, game_id, 0)
    await until(lambda: first.updates, "the first stream sent nothing")
    # when moves are played, a second stream of the other seat joins, and more moves are played
    await add(runtime, game_id, 3)
    await until(lambda: first.seen() == runtime.cache[game_id].version, "the first stream fell behind")
    second = Watcher(runtime, game_id, 1)
    await until(lambda: second.updates, "the second stream sent nothing")
    joined = second.updates[0].version
    await add(runtime, game_id, 4)
    last = runtime.cache[game_id].version
    await until(lambda: first.seen() == last and second.seen() == last, "a stream fell behind")
    # then each saw every command once, in order, and after the second joined both saw the same
    assert unbroken(first) and unbroken(second)
    assert [s for s in first.steps() if s[0] >= joined] == second.steps()
    assert [u.view["total"] for u in first.updates if u.version > joined] == \
        [u.view["total"] for u in second.updates[1:]]
    await first.close()
    await second.close()


async def test_a_stream_joining_behind_the_feed_gets_the_window_and_one_further_back_reads_the_store(
        counter_server, monkeypatch):
    # given a game whose feed is ahead of where two new streams caught up: one within the
    # window, one further back than it
    monkeypatch.setattr(feed, "WINDOW", 3)
    runtime = counter_server.runtime
    game_id = await dealt(runtime)
    watching = Watcher(runtime, game_id, 0)
    await until(lambda: watching.updates, "nothing sent")
    base = runtime.cache[game_id]
    await add(runtime, game_id, 2)
    await until(lambda: watching.seen() == runtime.cache[game_id].version, "behind")
    near_base = runtime.cache[game_id]
    await add(runtime, game_id, 2)
    await until(lambda: watching.seen() == runtime.cache[game_id].version, "behind")
    # when they join the feed from those states (as a stream that caught up there would)
    got, target = {}, []

    async def join(name, state):
        got[name] = []
        async for step in runtime.feeds.steps(state):
            got[name].append((step.before, step.command.version))
            if target and step.command.version >= target[0]:
                return

    readers = [asyncio.ensure_future(join("near", near_base)), asyncio.ensure_future(join("far", base))]
    await asyncio.sleep(0.05)
    await add(runtime, game_id, 2)
    target.append(runtime.cache[game_id].version)
    await asyncio.wait_for(asyncio.gather(*readers), 10)
    # then each gets every command after its state, in order, none twice
    for name, state in (("near", near_base), ("far", base)):
        versions = [state.version] + [v for _, v in got[name]]
        assert [b for b, _ in got[name]] == versions[:-1], (name, got[name])
        assert versions[-1] == runtime.cache[game_id].version
    assert len(got["far"]) == len(got["near"]) + 2
    await watching.close()


async def test_a_joining_stream_ahead_of_the_feed_gets_nothing_it_has_seen(counter_server):
    # given a feed that has not yet heard of the last two moves
    runtime = counter_server.runtime
    game_id = await dealt(runtime)
    start = runtime.cache[game_id]
    got = []

    async def read(state):
        async for step in runtime.feeds.steps(state):
            got.append((step.before, step.command.version))
            if len(got) == 3:  # (it stays, so the feed does)
                return

    reader = asyncio.ensure_future(read(start))
    await until(lambda: game_id in runtime.feeds.games, "no feed")
    await add(runtime, game_id, 2)
    ahead = await runtime.load(game_id)
    # when a stream that read those moves itself joins, and one more move is played
    later = []

    async def read_later():
        async for step in runtime.feeds.steps(ahead):
            later.append((step.before, step.command.version))
            return

    second = asyncio.ensure_future(read_later())
    await add(runtime, game_id, 1)
    await asyncio.wait_for(asyncio.gather(reader, second), 10)
    # then it gets that move alone, from its own version on
    assert later == [(ahead.version, runtime.cache[game_id].version)]


async def test_the_streams_of_a_game_share_one_consumer_and_leave_none_once_closed(counter_server):
    # given a game
    runtime = counter_server.runtime
    game_id = await dealt(runtime)
    # when four streams watch it (two seats, twice each)
    watchers = [Watcher(runtime, game_id, seat % 2) for seat in range(4)]
    await until(lambda: all(w.updates for w in watchers), "a stream sent nothing")
    await until(lambda: len(runtime.feeds.games[game_id].readers) == 4, "the streams did not all follow")
    await add(runtime, game_id, 2)
    # then the server has one consumer of the game's subject
    assert await consumers_of(runtime, game_id) == 1
    # and none once every stream closed
    for watcher in watchers:
        await watcher.close()
    assert game_id not in runtime.feeds.games

    async def none_left():
        return await consumers_of(runtime, game_id) == 0
    await until(none_left, "a consumer stayed after every stream closed")


async def test_an_error_of_the_follow_ends_every_stream_of_the_game_with_it(counter_server, monkeypatch):
    # given two streams of a game, whose store's follow fails after the next command
    runtime = counter_server.runtime
    game_id = await dealt(runtime)
    follow = runtime.store.follow

    async def failing(subject, *args):
        async for command in follow(subject, *args):
            yield command
            raise ConnectionError("nats: connection lost")

    monkeypatch.setattr(runtime.store, "follow", failing)
    watchers = [Watcher(runtime, game_id, 0), Watcher(runtime, game_id, 1)]
    await until(lambda: all(w.updates for w in watchers), "a stream sent nothing")
    # when a move lands
    await add(runtime, game_id, 1)
    await asyncio.wait_for(asyncio.gather(*(w.task for w in watchers)), 10)
    # then both streams got it, then ended with the follow's error, and the feed is gone
    assert all(isinstance(w.error, ConnectionError) for w in watchers), [w.error for w in watchers]
    assert all(w.seen() == runtime.cache[game_id].version for w in watchers)
    assert game_id not in runtime.feeds.games
    # and the next stream starts a new follower
    monkeypatch.setattr(runtime.store, "follow", follow)
    again = Watcher(runtime, game_id, 0)
    await until(lambda: again.updates, "nothing sent")
    await add(runtime, game_id, 1)
    await until(lambda: again.seen() == runtime.cache[game_id].version, "the new stream did not follow")
    await again.close()
