"""A command's digest (a fingerprint of what it was asked to do, e.g. a move) is stored with it
and decides whether a command id seen again is a retry: same digest, the earlier result even if
the events would now differ; another digest, DuplicateCommand. Both adapters."""
from __future__ import annotations

import asyncio
import uuid

import pytest

from shared import gamestream
from shared.eventstore import DuplicateCommand
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.eventstore.streams import ensure_stream, games_stream_config
from shared.eventstore.memory import MemoryEventStore


def ev(kind: str, **data):
    return {"type": kind, "schema_version": 1, "data": data}


@pytest.fixture(params=["memory", "jetstream"])
async def store(request, nats_url):
    if request.param == "memory":
        yield MemoryEventStore()
        return
    nc = await connect(nats_url)
    store = JetStreamEventStore(nc, stream="CONTRACT", duplicate_window_s=1.0)
    config = games_stream_config(duplicate_window_s=1.0)
    config.name, config.subjects = "CONTRACT", ["contract.>"]
    await ensure_stream(store.js, config)
    yield store
    await nc.drain()


def new_subject() -> str:
    return f"contract.digest.{uuid.uuid4().hex[:12]}"


async def test_the_digest_is_read_back_with_its_command(store):
    subject = new_subject()
    await store.append(subject, [ev("Opened")], 0, "create")
    await store.append(subject, [ev("Played", card="a")], 1, "move:0:m1", digest="d-1")
    commands = await store.read_commands(subject)
    assert [(c.command_id, c.digest) for c in commands] == [("create", ""), ("move:0:m1", "d-1")]
    follower = store.follow(subject)
    followed = [await asyncio.wait_for(anext(follower), 5) for _ in range(2)]
    await follower.aclose()
    assert [c.digest for c in followed] == ["", "d-1"]


async def test_the_same_id_and_digest_is_a_retry_even_when_the_events_differ(store):
    # a retried move decided again on a newer state yields other events: still the same move
    subject = new_subject()
    first = await store.append(subject, [ev("Played", card="a")], 0, "move:0:m1", digest="d-1")
    await store.append(subject, [ev("Played", card="b")], 1, "move:1:m2", digest="d-2")
    again = await store.append(subject, [ev("Played", card="a", later=True)], 0, "move:0:m1", digest="d-1")
    assert again.duplicate and (again.version, again.seq) == (first.version, first.seq)
    assert await store.version(subject) == 2


async def test_the_same_id_with_another_digest_is_refused_and_writes_nothing(store):
    subject = new_subject()
    await store.append(subject, [ev("Played", card="a")], 0, "move:0:m1", digest="d-1")
    with pytest.raises(DuplicateCommand):
        await store.append(subject, [ev("Played", card="a")], 0, "move:0:m1", digest="d-other")
    with pytest.raises(DuplicateCommand):
        await store.append(subject, [ev("Played", card="c")], 1, "move:0:m1", digest="d-other")
    assert [e.data for e in await store.read(subject)] == [{"card": "a"}]


async def test_a_jetstream_retry_is_compared_by_digest_on_both_of_the_servers_refusals(nats_url):
    # a second writer retries with the same message id: when it does not know the subject moved
    # the server refuses the expected sequence (the store looks the id up in the history); when
    # it does, the server drops the message as a duplicate inside its window (the store reads
    # the earlier message). Either way the digests decide.
    ncs = [await connect(nats_url), await connect(nats_url)]
    one, two = (JetStreamEventStore(nc, stream="CONTRACT", duplicate_window_s=1.0) for nc in ncs)
    config = games_stream_config(duplicate_window_s=1.0)
    config.name, config.subjects = "CONTRACT", ["contract.>"]
    await ensure_stream(one.js, config)
    try:
        subject = new_subject()
        await one.append(subject, [ev("Opened")], 0, "create")
        await two.read_commands(subject)  # two knows version 1
        first = await one.append(subject, [ev("Played", card="a")], 1, "move:0:m1", digest="d-1")
        retry = await two.append(subject, [ev("Played", card="z")], 1, "move:0:m1", digest="d-1")
        assert retry.duplicate and retry.version == first.version
        with pytest.raises(DuplicateCommand):
            await two.append(subject, [ev("Played", card="a")], 1, "move:0:m1", digest="d-other")
        # two now knows version 2: its publish passes the sequence check and is dropped as a duplicate
        dropped = await two.append(subject, [ev("Played", card="y")], 2, "move:0:m1", digest="d-1")
        assert dropped.duplicate and dropped.version == first.version
        with pytest.raises(DuplicateCommand):
            await two.append(subject, [ev("Played", card="a")], 2, "move:0:m1", digest="d-other")
        assert await one.version(subject) == 2
    finally:
        for nc in ncs:
            await nc.drain()


def test_a_stored_body_without_a_digest_reads_as_none_and_one_with_it_round_trips():
    old = gamestream.encode_body("c1", 1, "2026-01-01T00:00:00+00:00", [ev("Opened")])
    assert b"digest" not in old and gamestream.decode_body(old).digest == ""
    new = gamestream.encode_body("c1", 1, "2026-01-01T00:00:00+00:00", [ev("Opened")], "abc")
    assert gamestream.decode_body(new).digest == "abc"


async def test_the_move_is_read_back_with_its_command_and_commands_without_one_read_as_none(store):
    # given a command stored with the move it carried, and one stored without (as before moves were kept)
    subject = new_subject()
    move = gamestream.command_move(1, {"type": "play", "card": "bug-3"})
    await store.append(subject, [ev("Opened")], 0, "create")
    await store.append(subject, [ev("Played", card="bug-3")], 1, "move:1:m1", digest="d-1", move=move)
    # then both read back, the move exactly as given
    commands = await store.read_commands(subject)
    assert [c.move for c in commands] == [None, {"seat": 1, "move": {"type": "play", "card": "bug-3"}}]


def test_a_stored_body_keeps_the_move_and_refuses_a_malformed_one():
    body = gamestream.encode_body("move:0:m", 2, "2026-01-01T00:00:00+00:00", [ev("Played")], "abc",
                                  gamestream.command_move(0, {"type": "pass"}))
    assert gamestream.decode_body(body).move == {"seat": 0, "move": {"type": "pass"}}
    old = gamestream.encode_body("c1", 1, "2026-01-01T00:00:00+00:00", [ev("Opened")], "abc")
    assert b'"move"' not in old and gamestream.decode_body(old).move is None
    for bad in ({"seat": "0", "move": {}}, {"seat": 0}, {"seat": 0, "move": "pass"}, {"seat": -1, "move": {}}, []):
        broken = old[:-1] + b',"move":' + __import__("orjson").dumps(bad) + b"}"
        with pytest.raises(gamestream.BadBody, match="move"):
            gamestream.decode_body(broken)
