"""The event store contract: every adapter runs the same cases."""
from __future__ import annotations

import asyncio
import itertools
import uuid

import pytest

from shared.eventstore import DuplicateCommand, Freshness, InvalidEvents, VersionConflict
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
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

    async def test_the_subjects_under_a_pattern_come_with_their_last_command_and_nothing_else(self, store):
        family = f"contract.list{uuid.uuid4().hex[:8]}"
        for n, game in enumerate(["a", "b", "c"]):
            subject = f"{family}.{game}"
            await store.append(subject, [ev("Opened", game=game)], 0, f"{game}-open")
            for i in range(n):
                await store.append(subject, [ev("Played", i=i)], 1 + i, f"{game}-{i}")
        await store.append(f"{family}.c.deeper", [ev("Opened")], 0, "deep")  # not one token under
        await store.append(f"{family}x.d", [ev("Opened")], 0, "other")  # another family
        last = await store.last_commands(f"{family}.*")
        assert {s: (c.command_id, c.version) for s, c in last.items()} == {
            f"{family}.a": ("a-open", 1), f"{family}.b": ("b-0", 2), f"{family}.c": ("c-1", 3)}
        assert set(await store.last_commands(f"{family}.>")) == {*last, f"{family}.c.deeper"}
        assert await store.last_commands(f"{family}.nobody.*") == {}

    async def test_a_subjects_first_and_last_command(self, store):
        subject = new_subject()
        assert await store.first_command(subject) is None and await store.last_command(subject) is None
        await store.append(subject, [ev("Opened"), ev("Joined")], 0, "c1")
        await store.append(subject, [ev("Played")], 2, "c2")
        await store.append(subject, [ev("Scored")], 3, "c3")
        first, last = await store.first_command(subject), await store.last_command(subject)
        assert (first.command_id, [e.type for e in first.events]) == ("c1", ["Opened", "Joined"])
        assert (last.command_id, last.version, [e.type for e in last.events]) == ("c3", 4, ["Scored"])

    async def test_a_reader_behind_the_last_write_is_never_told_it_is_current(self, store):
        subject = new_subject()
        await store.append(subject, [ev("Opened")], 0, "c1")
        await store.append(subject, [ev("Played")], 1, "c2")
        assert store.freshness(subject, 1) != Freshness.CURRENT
        assert store.freshness(subject, 2) in (Freshness.CURRENT, Freshness.UNKNOWN)


class TestMemoryEventStore(EventStoreContract):
    @pytest.fixture
    async def store(self):
        return MemoryEventStore()

    async def test_every_append_is_announced_to_listeners(self, store):
        # in one process every user shares the store: any append may be another's
        heard: list[str] = []
        store.on_other_writes(heard.append)
        subject = new_subject()
        await store.append(subject, [ev("Opened")], 0, "c1")
        with pytest.raises(VersionConflict):
            await store.append(subject, [ev("Played")], 0, "c2")
        assert heard == [subject], "a refused append is not announced"


class TestJetStreamEventStore(EventStoreContract):
    @pytest.fixture
    async def store(self, nats_url):
        nc = await connect(nats_url)
        store = JetStreamEventStore(nc, stream="CONTRACT", duplicate_window_s=1.0)
        from shared.eventstore.streams import ensure_stream, games_stream_config

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

    async def test_the_last_commands_of_more_subjects_than_one_batched_read_returns(self, store):
        family = f"contract.many{uuid.uuid4().hex[:8]}"
        for i in range(1100):  # a batched direct get of many subjects' last messages stops at 1024
            await store.append(f"{family}.{i}", [ev("Opened")], 0, "open")
            await store.append(f"{family}.{i}", [ev("Played", i=i)], 1, "play")
        last = await store.last_commands(f"{family}.*")
        assert len(last) == 1100 and {c.command_id for c in last.values()} == {"play"}
        assert last[f"{family}.7"].events[0].data == {"i": 7}

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


class TestAStreamWhoseCopiesDoNotAnswerDirectGets:
    """On a cluster, a stream just made (or whose copies just moved) has no copy answering direct
    gets for a moment ("no responders"): its leader still answers, and the store reads from it.
    Here a stream made without direct gets stands for that moment, the whole time."""

    @pytest.fixture
    async def stores(self, nats_url):
        from shared.eventstore.streams import ensure_stream, games_stream_config

        ours_nc, theirs_nc = await connect(nats_url), await connect(nats_url)
        ours, theirs = (JetStreamEventStore(nc, stream="NODIRECT", timeout=2.0) for nc in (ours_nc, theirs_nc))
        config = games_stream_config(duplicate_window_s=1.0)
        config.name, config.subjects, config.allow_direct = "NODIRECT", ["nodirect.>"], False
        await ensure_stream(ours.js, config)
        yield ours, theirs
        await ours_nc.drain()
        await theirs_nc.drain()

    async def test_a_store_appends_and_reads_its_own_and_anothers_writes_from_the_leader(self, stores):
        ours, theirs = stores
        subject = f"nodirect.game.{uuid.uuid4().hex[:12]}"
        await ours.append(subject, [ev("Opened"), ev("Joined")], 0, "c1")
        await theirs.append(subject, [ev("Played", card="bug-3")], 2, "c2")
        with pytest.raises(VersionConflict):
            await ours.append(subject, [ev("Played")], 2, "c3")
        assert [e.type for e in await ours.read(subject)] == ["Opened", "Joined", "Played"]
        assert await ours.version(subject) == 3 and (await theirs.last_command(subject)).command_id == "c2"
        assert await ours.read_commands(f"nodirect.game.{uuid.uuid4().hex[:12]}") == []


class TestHearingOtherWriters:
    """A rules replica hears what other replicas write, so a warm game's view needs no request."""

    @pytest.fixture
    async def stores(self, nats_url):
        ours_nc, theirs_nc = await connect(nats_url, no_echo=True), await connect(nats_url)
        ours, theirs = JetStreamEventStore(ours_nc, stream="CONTRACT"), JetStreamEventStore(theirs_nc, stream="CONTRACT")
        from shared.eventstore.streams import ensure_stream, games_stream_config

        config = games_stream_config(duplicate_window_s=1.0)
        config.name, config.subjects = "CONTRACT", ["contract.>"]
        await ensure_stream(ours.js, config)
        await ours.listen_for_other_writers("contract.>")
        yield ours, theirs
        await ours_nc.drain()
        await theirs_nc.drain()

    @staticmethod
    async def eventually(check, seconds: float = 3.0) -> bool:
        for _ in range(int(seconds / 0.02)):
            if check():
                return True
            await asyncio.sleep(0.02)
        return False

    async def test_a_subject_we_just_wrote_is_current(self, stores):
        ours, _ = stores
        subject = new_subject()
        await ours.append(subject, [ev("Opened")], 0, "c1")
        assert ours.freshness(subject, 1) == Freshness.CURRENT
        assert ours.freshness(subject, 0) == Freshness.BEHIND

    async def test_another_writers_append_makes_it_behind_until_we_read(self, stores):
        ours, theirs = stores
        subject = new_subject()
        await ours.append(subject, [ev("Opened")], 0, "c1")
        await theirs.append(subject, [ev("Played")], 1, "c2")
        assert await self.eventually(lambda: ours.freshness(subject, 1) == Freshness.BEHIND)
        newer = await ours.read_commands(subject, 1, 2)
        assert [c.version for c in newer] == [2]
        assert ours.freshness(subject, 2) == Freshness.CURRENT

    async def test_our_own_writes_are_not_heard_as_anothers(self, stores):
        ours, _ = stores
        subject = new_subject()
        for v in range(5):
            await ours.append(subject, [ev("E", i=v)], v, f"c{v}")
        await asyncio.sleep(0.3)  # time for any echo to arrive
        assert ours.freshness(subject, 5) == Freshness.CURRENT

    async def test_a_write_the_stream_refused_is_forgotten_after_a_second(self, stores):
        ours, theirs = stores
        subject = new_subject()
        await ours.append(subject, [ev("Opened")], 0, "c1")
        # a publish the stream refuses (wrong last sequence) still reaches core subscribers
        await theirs.nc.publish(subject, b"{}", headers={"Nats-Expected-Last-Subject-Sequence": "0",
                                                         "Foodgames-Version": "7"})
        assert await self.eventually(lambda: ours.freshness(subject, 1) == Freshness.BEHIND)
        await ours.read_commands(subject, 1, 2)
        assert ours.freshness(subject, 1) == Freshness.BEHIND, "too soon to tell a refused write from a slow one"
        await asyncio.sleep(1.1)
        await ours.read_commands(subject, 1, 2)
        assert ours.freshness(subject, 1) == Freshness.CURRENT
        assert await ours.version(subject) == 1

    async def test_another_writers_append_is_announced_and_our_own_are_not(self, stores):
        ours, theirs = stores
        heard: list[str] = []
        ours.on_other_writes(heard.append)
        subject, unread = new_subject(), new_subject()
        await ours.append(subject, [ev("Opened")], 0, "c1")
        await theirs.append(unread, [ev("Opened")], 0, "c1")  # a game we never read: not ours to hear
        await theirs.append(subject, [ev("Played")], 1, "c2")
        assert await self.eventually(lambda: heard == [subject])
        await ours.append(subject, [ev("Scored")], 2, "c3")
        await asyncio.sleep(0.3)
        assert heard == [subject]

    async def test_a_subject_never_read_is_unknown(self, stores):
        ours, _ = stores
        assert ours.freshness(new_subject(), 0) == Freshness.UNKNOWN

    async def test_listening_needs_a_connection_without_echo(self, nats_url):
        nc = await connect(nats_url)
        try:
            with pytest.raises(ValueError, match="no_echo"):
                await JetStreamEventStore(nc).listen_for_other_writers("contract.>")
        finally:
            await nc.drain()
