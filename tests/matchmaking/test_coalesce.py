"""Tables finishing together are marked matched in one round trip (coalesce.Coalescer,
TicketStore.complete_many), and each caller still gets its own table's tickets."""
from __future__ import annotations

import asyncio
import time

import pytest

from services.matchmaking.coalesce import Coalescer
from tests.matchmaking.conftest import make_ticket, names
from tests.matchmaking.test_store import _match


async def test_concurrent_calls_share_one_batch_and_get_their_own_result():
    sent: list[list[int]] = []

    async def send(items):
        sent.append(list(items))
        await asyncio.sleep(0.01)
        return [i * 10 for i in items]

    c = Coalescer(send)
    assert await asyncio.gather(*(c.submit(i) for i in range(5))) == [0, 10, 20, 30, 40]
    assert sent == [[0, 1, 2, 3, 4]]
    # calls made while a batch is in flight wait for it and then go together
    first = asyncio.ensure_future(c.submit(7))
    await asyncio.sleep(0.002)
    later = [asyncio.ensure_future(c.submit(i)) for i in (8, 9)]
    assert [await first, *[await f for f in later]] == [70, 80, 90]
    assert sent[1:] == [[7], [8, 9]]


async def test_a_failed_batch_fails_each_of_its_callers_and_the_next_batch_still_goes():
    calls = 0

    async def send(items):
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ConnectionError("valkey went away")
        return list(items)

    c = Coalescer(send)
    results = await asyncio.gather(c.submit(1), c.submit(2), return_exceptions=True)
    assert [type(r) for r in results] == [ConnectionError, ConnectionError]
    assert await c.submit(3) == 3


async def test_the_limit_splits_a_big_gathering():
    sizes: list[int] = []

    async def send(items):
        sizes.append(len(items))
        return list(items)

    c = Coalescer(send, limit=4)
    assert await asyncio.gather(*(c.submit(i) for i in range(10))) == list(range(10))
    assert sizes == [4, 4, 2]


async def test_complete_many_marks_each_table_and_returns_its_tickets(store):
    tables = []
    for k in range(3):
        tickets = [make_ticket(names(1)) for _ in range(2)]
        for t in tickets:
            await store.create(t)
            await store.touch(t, time.time())
        tables.append((_match(store, tickets, f"mm-c{k}"), tickets))
    assert await store.claim_many([m for m, _ in tables], time.time() + 5, "a") == [True] * 3
    done = await store.complete_many([m for m, _ in tables], time.time())
    for (m, tickets), got in zip(tables, done):
        assert sorted(t.ticket_id for t in got) == sorted(t.ticket_id for t in tickets)
        for t in got:
            assert t.state == "matched" and t.game_id == m["game_id"] and t.version == 2
            assert t.seats == {p: m["seats"][p] for p in t.players} and t.table_size == 2
            assert await store.redis.exists(store.live_key(t.game, t.players[0])) == 0
        # presence is forgotten with the match
        assert await store.seen(tickets[0].queue, [t.ticket_id for t in tickets]) == {}
    # a second completion (a takeover racing the original) changes nothing
    assert await store.complete_many([m for m, _ in tables], time.time()) == [[], [], []]


@pytest.mark.parametrize("n", [20])
async def test_tables_finished_while_a_completion_is_in_flight_go_together_in_the_next(n, stack):
    # given a matchmaker forming n tables whose first completion round trip is held until the
    # other tables have been created and wait to be marked (a slow Valkey, or a busy machine
    # whose CreateGame answers come one by one: either way the others finish meanwhile)
    tickets = [make_ticket(names(1), lo=2, hi=2) for _ in range(2 * n)]
    for t in tickets:
        await stack.store.create(t)
    mm = stack.matchmaker()
    complete_many = stack.store.complete_many
    sizes: list[int] = []

    async def held_first(matches, now):
        if not sizes:
            deadline = time.monotonic() + 30
            while len(mm._completions._waiting) + len(matches) < n and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
        sizes.append(len(matches))
        return await complete_many(matches, now)

    stack.store.complete_many = held_first
    # when it runs a pass and its tables finish
    await mm.run_pass()
    await mm.drain()
    # then every table is matched, and those that waited went in one round trip, not one each
    assert mm.matches_created == n
    assert sum(sizes) == n and len(sizes) <= 2, sizes
    assert mm._completions.batches == len(sizes)
    assert {t.state for t in await stack.store.get_many([t.ticket_id for t in tickets])} == {"matched"}
