"""The Lua scripts on a real Valkey: all-or-none claims, one live ticket, cancel vs claim."""
from __future__ import annotations

import asyncio
import json
import time

import pytest

from services.matchmaking.replies import LiveTicketExists
from tests.matchmaking.conftest import make_ticket, names


def _match(store, tickets, match_id="mm-x"):
    players = [p for t in tickets for p in t.players]
    return {"match_id": match_id, "game_id": match_id, "game": tickets[0].game, "queue": tickets[0].queue,
            "ranked": False, "players": players, "seats": {p: i for i, p in enumerate(players)},
            "tickets": [{"ticket_id": t.ticket_id, "players": list(t.players), "created_at": t.created_at,
                         "summary": t.summary()} for t in tickets], "quality": {}, "formed_at": time.time()}


async def test_claim_takes_all_tickets_or_none(store):
    tickets = [make_ticket(names(1)) for _ in range(3)]
    for t in tickets:
        await store.create(t)
    assert await store.finish(tickets[1], "cancelled", "changed my mind", time.time()) == "ok"
    assert await store.claim_many([_match(store, tickets)], time.time() + 5, "a") == [False]
    for t in (tickets[0], tickets[2]):
        assert (await store.get(t.ticket_id)).state == "searching"
    assert await store.queue_length(tickets[0].queue) == 2
    assert await store.redis.zcard(store.pending_key) == 0


async def test_overlapping_claims_one_wins(store):
    tickets = [make_ticket(names(1)) for _ in range(3)]
    for t in tickets:
        await store.create(t)
    first = _match(store, tickets[:2], "mm-1")
    second = _match(store, tickets[1:], "mm-2")
    results = await asyncio.gather(store.claim_many([first], time.time() + 5, "a"),
                                   store.claim_many([second], time.time() + 5, "b"))
    assert sorted(r[0] for r in results) == [False, True]
    winner = first if results[0][0] else second
    for t in await store.get_many([t["ticket_id"] for t in winner["tickets"]]):
        assert t.state == "claimed" and t.match_id == winner["match_id"]
    # completing twice (a takeover racing the original) changes the tickets once
    assert len(await store.complete(winner, time.time())) == 2
    assert await store.complete(winner, time.time()) == []


async def test_one_live_ticket_per_player_and_game(store):
    alice, bob = names(2)
    await store.create(make_ticket([alice]))
    with pytest.raises(LiveTicketExists) as err:
        await store.create(make_ticket([bob, alice]))
    assert err.value.player == alice
    assert await store.redis.exists(store.live_key("foodie-forest", bob)) == 0  # nothing of the party queued
    await store.create(make_ticket([alice], game="other-game"))  # another game is fine


async def test_release_keeps_waiting_time_and_cancel_waits_for_no_one(store):
    tickets = [make_ticket(names(1), created_at=1000.0 + i) for i in range(2)]
    for t in tickets:
        await store.create(t)
    m = _match(store, tickets)
    assert await store.claim_many([m], time.time() + 5, "a") == [True]
    assert await store.finish(tickets[0], "cancelled", "x", time.time()) == "claimed"
    assert sorted(await store.release(m, time.time(), "creator down")) == sorted(t.ticket_id for t in tickets)
    rows = await store.searching(tickets[0].queue, 10)
    assert [(tid, s["t"]) for tid, s in rows] == [(tickets[0].ticket_id, 1000.0), (tickets[1].ticket_id, 1001.0)]
    back = await store.get(tickets[0].ticket_id)
    assert back.state == "searching" and back.version == 2 and "creator down" in back.reason
    assert json.loads(rows[0][1] and json.dumps(rows[0][1]))["n"] == list(tickets[0].players)


async def test_expiry_only_when_old_enough(store):
    t = make_ticket(names(1), created_at=1000.0)
    await store.create(t)
    assert await store.finish(t, "expired", "too long", 1005.0, max_wait_s=10) == "young"
    assert await store.finish(t, "expired", "too long", 1010.0, max_wait_s=10) == "ok"
    assert (await store.get(t.ticket_id)).state == "expired"
    await store.create(make_ticket(list(t.players)))  # the player may queue again


async def test_a_pass_reads_a_queue_and_its_presence_in_one_call(store):
    # more tickets than one HMGET chunk of the script (1000), oldest first, some seen
    tickets = [make_ticket(names(1), created_at=1000.0 + i) for i in range(1205)]
    await store.create_many(tickets)
    for t in tickets[::100]:
        await store.touch(t, 2000.5)
    rows, seen = await store.searching_and_seen(tickets[0].queue, 1204)
    assert [tid for tid, _ in rows] == [t.ticket_id for t in tickets[:1204]]
    assert rows[1100][1]["t"] == 2100.0 and rows[1100][1]["n"] == list(tickets[1100].players)
    assert seen == {t.ticket_id: 2000.5 for t in tickets[:1204:100]}
    assert (await store.searching_and_seen(tickets[0].queue, 5, with_seen=False))[1] == {}
    assert await store.searching_and_seen("nobody:casual", 5) == ([], {})
