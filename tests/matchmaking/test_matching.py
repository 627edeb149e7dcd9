"""Matching on real Valkey, NATS and the Foodie Forest rules service."""
from __future__ import annotations

import asyncio
import json
import random
import time
from collections import defaultdict

import pytest
from foodgames.v1 import matchmaking_pb2 as pb
from foodgames.v1 import matchmaking_pb2_grpc as pb_grpc

from services.matchmaking import reasons
from services.matchmaking.tickets import MATCHED, SEARCHING
from tests.matchmaking.conftest import GAME, fast_config, make_ticket, names, wait_for


async def all_final(store, tickets):
    got = await store.get_many([t.ticket_id for t in tickets])
    return got if all(t.state == MATCHED for t in got) else None


@pytest.mark.parametrize("n", [2, 3, 4, 5])
async def test_n_compatible_players_form_one_game(stack, forest, n, nc):
    found = []
    sub = await nc.subscribe("match.found.>", cb=collector(found))
    mm = stack.matchmaker()
    stack.start_loop(mm)
    tickets = [make_ticket(names(1), lo=n, hi=n) for _ in range(n)]
    for t in tickets:
        await stack.store.create(t)
    got = await wait_for(lambda: all_final(stack.store, tickets))
    game_ids = {t.game_id for t in got}
    assert len(game_ids) == 1
    players = [p for t in tickets for p in t.players]
    record = await forest.runtime.load(game_ids.pop())
    assert sorted(record.players) == sorted(players) and len(record.players) == n
    assert {t.table_size for t in got} == {n}
    for t in got:
        (player,) = t.players
        assert record.players[t.seats[player]] == player
    await wait_for(lambda: _true(found))
    await sub.unsubscribe()
    subject, headers, body = found[0]
    assert subject == f"match.found.{GAME}" and body["table_size"] == n
    assert "traceparent" in headers
    assert set(body["quality"]) >= {"rating_spread", "draw_probability"}


async def _true(x):
    return bool(x)


def collector(found):
    async def on_msg(msg):
        found.append((msg.subject, dict(msg.headers or {}), json.loads(msg.data)))
    return on_msg


async def test_incompatible_ratings_wait_until_the_window_widens(stack):
    # window 2 at first, 50 after 0.6 s of waiting
    mm = stack.matchmaker(fast_config(expansions=((0.0, 2.0), (0.6, 50.0))))
    low = make_ticket(names(1), lo=2, hi=2, mu=15.0)
    high = make_ticket(names(1), lo=2, hi=2, mu=30.0)
    queued = time.time()
    await stack.store.create(low)
    await stack.store.create(high)
    stack.start_loop(mm)
    await asyncio.sleep(0.35)
    assert {t.state for t in await stack.store.get_many([low.ticket_id, high.ticket_id])} == {SEARCHING}
    got = await wait_for(lambda: all_final(stack.store, [low, high]))
    assert got[0].game_id == got[1].game_id
    assert got[0].updated_at - queued >= 0.6


async def test_parties_are_never_split(stack, forest):
    rng = random.Random(7)
    tickets = []
    for _ in range(24):
        size = rng.choice([1, 1, 1, 2, 2, 3])
        tickets.append(make_ticket(names(size), lo=max(2, size), hi=5, mu=25 + rng.uniform(-1, 1)))
    for t in tickets:
        await stack.store.create(t)
    stack.start_loop(stack.matchmaker())

    async def settled():
        got = await stack.store.get_many([t.ticket_id for t in tickets])
        waiting = sum(len(t.players) for t in got if t.state == SEARCHING)
        return got if waiting < 2 and all(t.state in (MATCHED, SEARCHING) for t in got) else None

    got = await wait_for(settled)
    tables = defaultdict(list)
    for t in got:
        if t.state == MATCHED:
            assert set(t.seats) == set(t.players)  # every member seated, in the same game
            tables[t.game_id].extend(t.players)
    for game_id, players in tables.items():
        record = await forest.runtime.load(game_id)
        assert sorted(record.players) == sorted(players)
        assert 2 <= len(players) <= 5


async def test_two_replicas_1000_tickets_each_in_at_most_one_game(stack, forest):
    rng = random.Random(11)
    tickets = [make_ticket(names(rng.choice([1, 1, 1, 2])), lo=2, hi=5, mu=25 + rng.uniform(-3, 3),
                           created_at=time.time() - rng.uniform(0, 5))
               for _ in range(1000)]
    assert all(r is None for r in await stack.store.create_many(tickets))
    # no queue lock: both replicas race for the same tickets; only the claim script decides
    # small batches so that the replicas' passes interleave
    # (nobody watches these tickets: presence off, or a loaded machine's slow passes expire them)
    config = fast_config(use_queue_lock=False, expansions=((0.0, 1.0), (2.0, 100.0)), batch=120,
                         presence_timeout_s=0)
    replicas = [stack.matchmaker(config), stack.matchmaker(config)]
    for mm in replicas:
        stack.start_loop(mm)

    async def settled():  # cheap checks only: polling 1000 tickets would starve the loop under test
        if await stack.store.redis.zcard(stack.store.pending_key):
            return False
        return await stack.store.queue_length(f"{GAME}:casual") <= 1

    await wait_for(settled, timeout=45, interval=0.25)
    got = await stack.store.get_many([t.ticket_id for t in tickets])
    assert all(t is not None for t in got), "a ticket was lost"
    seat_of: dict[str, str] = {}
    tables = defaultdict(set)
    assert sum(len(t.players) for t in got if t.state == SEARCHING) < 2
    for t in got:
        assert t.state in (MATCHED, SEARCHING)
        if t.state == MATCHED:
            for p in t.players:
                assert p not in seat_of
                seat_of[p] = t.game_id
                tables[t.game_id].add(p)
    for game_id, players in tables.items():
        record = await forest.runtime.load(game_id)
        assert set(record.players) == players  # the game has exactly the tickets that say they are in it
    assert sum(mm.matches_created for mm in replicas) == len(tables)
    # the replicas really raced: each formed tables, or one lost claims to the other
    assert (all(mm.matches_created > 0 for mm in replicas)
            or sum(mm.claims_lost for mm in replicas) > 0), "the replicas never competed"
    print("tables per replica", [mm.matches_created for mm in replicas],
          "claims lost", [mm.claims_lost for mm in replicas])


async def test_cancel_races_a_match(stack):
    await stack.start_server()
    mm = stack.matchmaker()
    outcomes = defaultdict(int)
    for i in range(12):
        a, b = names(2)
        ta, tb = make_ticket([a], lo=2, hi=2), make_ticket([b], lo=2, hi=2)
        await stack.store.create(ta)
        await stack.store.create(tb)
        stub = pb_grpc.MatchmakingServiceStub(stack.channel(a))

        async def cancel():
            await asyncio.sleep(0.002 * (i % 6))
            try:
                await stub.CancelTicket(pb.CancelTicketRequest(ticket_id=ta.ticket_id))
                return "cancelled"
            except Exception as exc:  # noqa: BLE001
                return exc.code().name

        async def match():
            await mm.run_pass()
            await mm.drain()

        said, _ = await asyncio.gather(cancel(), match())
        await mm.drain()
        final_a, final_b = await stack.store.get_many([ta.ticket_id, tb.ticket_id])
        if said == "cancelled":
            assert final_a.state == "cancelled" and final_b.state == SEARCHING
            await stack.store.finish(final_b, "cancelled", "test cleanup", time.time())
        else:
            assert said == "FAILED_PRECONDITION"
            assert final_a.state == MATCHED and final_b.state == MATCHED
            assert final_a.game_id == final_b.game_id
        outcomes[final_a.state] += 1
    print("cancel race outcomes", dict(outcomes))
    assert sum(outcomes.values()) == 12


async def test_failed_game_creation_puts_tickets_back(stack, forest):
    from services.matchmaking.catalogue import Catalogue, GameInfo

    broken = Catalogue([GameInfo(GAME, 2, 5, "127.0.0.1:1")])  # nothing answers there
    stack.catalogue = broken
    mm = stack.matchmaker(fast_config(create_timeout_s=0.5))
    tickets = [make_ticket(names(1), lo=2, hi=2, created_at=1000.0 + i) for i in range(2)]
    for t in tickets:
        await stack.store.create(t)
    await mm.run_pass(now=1001.0)
    await mm.drain()
    got = await stack.store.get_many([t.ticket_id for t in tickets])
    assert [t.state for t in got] == [SEARCHING, SEARCHING]
    assert [t.created_at for t in got] == [1000.0, 1001.0]  # waiting time kept
    assert "could not be created" in reasons.text(got[0].reason)
    assert mm.matches_released == 1
    # the service is back: the same tickets form a table
    stack.catalogue = mm.catalogue = Catalogue([GameInfo(GAME, 2, 5, forest.address)])
    await mm.run_pass(now=1002.0)
    await mm.drain()
    assert {t.state for t in await stack.store.get_many([t.ticket_id for t in tickets])} == {MATCHED}


async def test_tickets_expire_with_a_reason(stack, nc):
    events = []
    sub = await nc.subscribe("matchmaking.ticket.expired.>", cb=collector(events))
    mm = stack.matchmaker(fast_config(max_wait_s=0.3))
    t = make_ticket(names(1), lo=3, hi=3)
    await stack.store.create(t)
    stack.start_loop(mm)
    got = await wait_for(lambda: _state(stack.store, t.ticket_id, "expired"))
    # in the player's words: the game by its title, in their language
    assert "no table formed within 0.3 s for Foodie Forest with 3 players" in reasons.text(got.reason)
    assert "kam kein Tisch für Foodie Forest mit 3 Spielern zustande" in reasons.text(got.reason, "de")
    await wait_for(lambda: _true(events))
    await sub.unsubscribe()
    assert events[0][0] == f"matchmaking.ticket.expired.{t.ticket_id}" and events[0][2]["reason"]


async def test_a_table_left_by_a_dead_replica_is_taken_over(stack, forest):
    tickets = [make_ticket(names(1), lo=2, hi=2) for _ in range(2)]
    for t in tickets:
        await stack.store.create(t)
    dead = stack.matchmaker(fast_config(claim_lease_s=0.3, create_timeout_s=0.1))

    async def never(*args, **kwargs):
        await asyncio.sleep(3600)
    dead.creator = type("Stuck", (), {"create": staticmethod(never)})()
    await dead.run_pass()
    await asyncio.sleep(0.05)
    for task in list(dead._tasks):
        task.cancel()  # the replica dies while creating the game
    claimed = await stack.store.get_many([t.ticket_id for t in tickets])
    assert {t.state for t in claimed} == {"claimed"}
    stack.start_loop(stack.matchmaker())
    got = await wait_for(lambda: all_final(stack.store, tickets))
    assert got[0].game_id == claimed[0].match_id  # the same table, finished by another replica
    assert (await forest.runtime.load(got[0].game_id)).players


async def _state(store, ticket_id, state):
    t = await store.get(ticket_id)
    return t if t is not None and t.state == state else None


async def test_a_ticket_nobody_watches_any_more_is_expired_not_matched(stack):
    # given two tickets that could share a table, one still watched and one whose player left
    store, now = stack.store, time.time()
    mm = stack.matchmaker(fast_config(presence_timeout_s=5.0))
    here = make_ticket(names(1), lo=2, hi=2, created_at=now - 20)
    gone = make_ticket(names(1), lo=2, hi=2, created_at=now - 20)
    for t in (here, gone):
        await store.create(t)
    await store.touch(here, now - 1)  # its client watches it
    await store.touch(gone, now - 12)  # its client went away 12 s ago
    # when the matchmaker passes
    await mm.run_pass(now)
    # then the departed player's ticket expired, saying why, and nobody was seated with it
    left, stays = await store.get(gone.ticket_id), await store.get(here.ticket_id)
    assert left.state == "expired" and "its players left the queue" in reasons.text(left.reason)
    assert stays.state == SEARCHING and not stays.game_id
    # and a watched ticket is never expired for absence
    await mm.run_pass(now + 3)
    assert (await store.get(here.ticket_id)).state == SEARCHING


async def test_watching_a_ticket_over_grpc_keeps_its_players_present(stack):
    # given a searching ticket that no client has looked at yet
    await stack.start_server(fast_config(presence_timeout_s=5.0))
    (player,) = names(1)
    ticket = make_ticket([player], lo=5, hi=5)
    await stack.store.create(ticket)
    assert await stack.store.seen(ticket.queue, [ticket.ticket_id]) == {}
    # when its player watches it over gRPC
    stub = pb_grpc.MatchmakingServiceStub(stack.channel(player))
    call = stub.WatchTicket(pb.WatchTicketRequest(ticket_id=ticket.ticket_id))
    first = await call.read()
    assert first.ticket.state == pb.TICKET_STATE_SEARCHING
    # then the matchmaker knows its player is there
    seen = await stack.store.seen(ticket.queue, [ticket.ticket_id])
    assert time.time() - seen[ticket.ticket_id] < 2
    call.cancel()


async def test_tables_claimed_at_once_are_created_a_few_at_a_time_and_all_finished(stack):
    # given a matchmaker that may create 2 games at once, and a game service that takes a while
    mm = stack.matchmaker(fast_config(max_concurrent_creates=2))
    creating, most = 0, 0

    async def slow(*args, **kwargs):
        nonlocal creating, most
        creating += 1
        most = max(most, creating)
        await asyncio.sleep(0.05)
        creating -= 1
    mm.creator = type("Slow", (), {"create": staticmethod(slow)})()
    tickets = [make_ticket(names(1), lo=2, hi=2) for _ in range(12)]
    for t in tickets:
        await stack.store.create(t)
    # when one pass claims their six tables
    stats = await mm.run_pass()
    assert stats.claimed == 6
    # then every table is finished, and never more than 2 were being created at once
    await mm.drain()
    got = await stack.store.get_many([t.ticket_id for t in tickets])
    assert {t.state for t in got} == {MATCHED} and len({t.game_id for t in got}) == 6
    assert most == 2
