"""The event store contract: every adapter runs the same cases."""
from __future__ import annotations

import asyncio
import itertools
import uuid

import pytest

from shared.eventstore import DuplicateCommand, InvalidEvents, VersionConflict
from shared.eventstore.jetstream import JetStreamEventStore, connect
from shared.eventstore.memory import MemoryEventStore


def ev(kind: str, **data):
    return {"type": kind, "schema_version": 1, "data": data}


def new_subject() -> str:
    return f"contract.game.{uuid.uuid4().hex[:12]}"


class EventStoreContract:
    """Subclasses provide `store` (an async fixture)."""

    async def test_appended_events_read_back_in_order_with_versions(self, store):
        subject = new_subject()
        await store.append(subject, [ev("Opened", by="ann"), ev("Joined", by="bob")], 0, "c1")
        await store.append(subject, [ev("Played", card="bug-3")], 2, "c2")
        events = await store.read(subject)
        assert [(e.version, e.type, dict(e.data)) for e in events] == [
            (1, "Opened", {"by": "ann"}), (2, "Joined", {"by": "bob"}), (3, "Played", {"card": "bug-3"})]
        assert [e.command_id for e in events] == ["c1", "c1", "c2"]
        assert [e.version for e in await store.read(subject, after_version=2)] == [3]
        assert await store.version(subject) == 3

    async def test_a_stale_expected_version_is_rejected_and_nothing_written(self, store):
        subject = new_subject()
        await store.append(subject, [ev("Opened")], 0, "c1")
        with pytest.raises(VersionConflict):
            await store.append(subject, [ev("Played")], 0, "c2")
        with pytest.raises(VersionConflict):
            await store.append(subject, [ev("Played")], 5, "c3")
        assert [e.type for e in await store.read(subject)] == ["Opened"]

    async def test_a_commands_events_are_all_or_nothing(self, store):
        subject = new_subject()
        await store.append(subject, [ev("Opened")], 0, "c1")
        with pytest.raises(VersionConflict):
            await store.append(subject, [ev("A"), ev("B"), ev("C")], 0, "c2")
        assert await store.version(subject) == 1
        await store.append(subject, [ev("A"), ev("B"), ev("C")], 1, "c3")
        assert [e.type for e in await store.read(subject)] == ["Opened", "A", "B", "C"]
        with pytest.raises(InvalidEvents):
            await store.append(subject, [ev("D"), {"type": "broken"}], 4, "c4")
        assert await store.version(subject) == 4

    async def test_a_retried_command_id_is_applied_once_and_returns_the_earlier_result(self, store):
        subject = new_subject()
        first = await store.append(subject, [ev("Opened")], 0, "c1")
        again = await store.append(subject, [ev("Opened")], 0, "c1")
        assert again.duplicate and again.version == first.version and again.seq == first.seq
        await store.append(subject, [ev("Played")], 1, "c2")
        later = await store.append(subject, [ev("Opened")], 0, "c1")  # after other writes
        assert later.duplicate and later.version == 1
        assert [e.type for e in await store.read(subject)] == ["Opened", "Played"]

    async def test_a_command_id_reused_for_other_events_is_refused(self, store):
        subject = new_subject()
        await store.append(subject, [ev("Opened")], 0, "c1")
        with pytest.raises(DuplicateCommand):
            await store.append(subject, [ev("Different")], 0, "c1")
        assert await store.version(subject) == 1

    async def test_twenty_concurrent_writers_get_contiguous_versions(self, store):
        subject = new_subject()
        conflicts = itertools.count()

        async def writer(w: int):
            for i in range(10):
                while True:
                    version = await store.version(subject)
                    await asyncio.sleep(0)  # others run between reading and writing, as over a network
                    try:
                        await store.append(subject, [ev("Wrote", writer=w, i=i)], version, f"w{w}-{i}")
                        break
                    except VersionConflict:
                        next(conflicts)
                        await asyncio.sleep(0)

        await asyncio.gather(*(writer(w) for w in range(20)))
        events = await store.read(subject)
        assert [e.version for e in events] == list(range(1, 201))
        assert len({(e.data["writer"], e.data["i"]) for e in events}) == 200
        assert next(conflicts) > 0, "twenty writers on one game must have collided at least once"

    async def test_following_a_subject_yields_history_then_live_commands(self, store):
        subject = new_subject()
        await store.append(subject, [ev("Opened")], 0, "c1")
        stream = store.follow(subject, 0)
        assert (await asyncio.wait_for(stream.__anext__(), 5)).version == 1

        async def later():
            await asyncio.sleep(0.1)
            await store.append(subject, [ev("Played"), ev("Scored")], 1, "c2")

        task = asyncio.create_task(later())
        live = await asyncio.wait_for(stream.__anext__(), 5)
        assert live.version == 3 and [e.type for e in live.events] == ["Played", "Scored"]
        await task
        await stream.aclose()


class TestMemoryEventStore(EventStoreContract):
    @pytest.fixture
    async def store(self):
        return MemoryEventStore()


class TestJetStreamEventStore(EventStoreContract):
    @pytest.fixture
    async def store(self, nats_url):
        nc = await connect(nats_url)
        store = JetStreamEventStore(nc, stream="CONTRACT", duplicate_window_s=1.0)
        from shared.eventstore.jetstream import ensure_stream, games_stream_config

        config = games_stream_config(duplicate_window_s=1.0)
        config.name, config.subjects = "CONTRACT", ["contract.>"]
        await ensure_stream(store.js, config)
        yield store
        await nc.drain()

    async def test_a_retried_command_is_applied_once_after_the_duplicate_window(self, store):
        subject = new_subject()
        await store.append(subject, [ev("Opened")], 0, "c1")
        await asyncio.sleep(2.2)  # the stream's duplicate window is 1 s here
        again = await store.append(subject, [ev("Opened")], 0, "c1")
        assert again.duplicate and again.version == 1
        assert len(await store.read(subject)) == 1

    async def test_a_game_of_1000_events_reads_back_whole(self, store):
        subject = new_subject()
        for i in range(0, 1000, 10):
            await store.append(subject, [ev("E", i=i + j) for j in range(10)], i, f"c{i}")
        events = await store.read(subject)
        assert [e.data["i"] for e in events] == list(range(1000))

    async def test_the_game_stream_denies_delete_and_purge_and_keeps_everything(self, nats_url):
        nc = await connect(nats_url)
        store = JetStreamEventStore(nc)
        await store.ensure_stream()
        info = await store.js.stream_info("GAMES")
        c = info.config
        assert (c.deny_delete, c.deny_purge, c.allow_direct) == (True, True, True)
        assert c.max_age in (0, None) and c.max_msgs in (-1, None) and str(getattr(c.storage, "value", c.storage)) == "file"
        await nc.drain()
