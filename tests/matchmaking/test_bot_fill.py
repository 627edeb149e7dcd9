"""Bot fill: a human waiting in a quiet queue makes the matchmaker ask the house bots for the
missing seats, once per period per queue; with bot fill off, or only bots waiting, nobody is
asked. Real Valkey and NATS (the requests are read off NATS); the rule itself is pure."""
from __future__ import annotations

import asyncio
import json
import time
import uuid

from services.matchmaking.botfill import BOTS_WANTED_SUBJECT, Waiting, bots_wanted
from shared.names import house_bot_prefix
from services.matchmaking.config import MatchmakingConfig
from services.matchmaking.engine import NatsPublisher
from services.matchmaking.tickets import SEARCHING
from tests.matchmaking.conftest import GAME, fast_config, make_ticket, names

AFTER_S = 0.3


class PrefixedPublisher(NatsPublisher):
    """Real NATS, under a subject of this test alone (a `make run` stack's house bots may be
    listening on the suite's NATS for the real subject)."""

    def __init__(self, nc, prefix: str):
        super().__init__(nc)
        self.prefix = prefix

    async def publish(self, subject, body) -> None:
        await super().publish(f"{self.prefix}.{subject}", body)


async def listen(stack, nc):
    """A matchmaker whose bot requests land in the returned list."""
    prefix = f"t{uuid.uuid4().hex[:8]}"
    got: list[dict] = []

    async def on_msg(msg):
        got.append(json.loads(msg.data))
    sub = await nc.subscribe(f"{prefix}.{BOTS_WANTED_SUBJECT}", cb=on_msg)
    await nc.flush()
    return prefix, got, sub


async def settle(nc) -> None:
    await nc.flush()
    await asyncio.sleep(0.1)


async def test_a_lone_human_in_a_quiet_queue_gets_bots_asked_for_once_per_period(stack, nc):
    prefix, asked, sub = await listen(stack, nc)
    mm = stack.matchmaker(fast_config(bot_fill_after_s=AFTER_S))
    mm.publisher = PrefixedPublisher(nc, prefix)
    # given one human waiting for a ranked table of four
    now = time.time()
    human = make_ticket(names(1, "ann"), lo=4, hi=4, ranked=True, created_at=now)
    await stack.store.create(human)
    # when the matchmaker passes before the queue has been quiet long enough
    await mm.run_pass(now + AFTER_S / 2)
    await settle(nc)
    assert asked == []
    # then, once it has, the house bots are asked for the three missing seats of that queue
    await mm.run_pass(now + AFTER_S + 0.01)
    await mm.run_pass(now + AFTER_S + 0.05)  # a second pass within the period asks nothing more
    await settle(nc)
    assert asked == [{"game": GAME, "ranked": True, "options": {}, "players": 4, "count": 3,
                      "queue": human.queue, "ticket_id": human.ticket_id}]
    # and one period later, the table still not full, they are asked again
    await asyncio.sleep(AFTER_S)
    await mm.run_pass(now + 2 * AFTER_S + 0.1)
    await settle(nc)
    assert len(asked) == 2
    assert (await stack.store.get(human.ticket_id)).state == SEARCHING
    await sub.unsubscribe()


async def test_with_bot_fill_off_a_lone_human_just_waits(stack, nc):
    prefix, asked, sub = await listen(stack, nc)
    config = fast_config()
    assert config.bot_fill_after_s is None and MatchmakingConfig.from_env({}).bot_fill_after_s is None
    mm = stack.matchmaker(config)
    mm.publisher = PrefixedPublisher(nc, prefix)
    now = time.time()
    human = make_ticket(names(1, "bob"), lo=4, hi=4, ranked=True, created_at=now)
    await stack.store.create(human)
    await mm.run_pass(now + 5)
    await settle(nc)
    assert asked == [] and mm.bots_asked == 0
    assert (await stack.store.get(human.ticket_id)).state == SEARCHING
    await sub.unsubscribe()


async def test_waiting_house_bots_never_ask_for_more_bots(stack, nc):
    prefix, asked, sub = await listen(stack, nc)
    mm = stack.matchmaker(fast_config(bot_fill_after_s=AFTER_S))
    mm.publisher = PrefixedPublisher(nc, prefix)
    now = time.time()
    for name in names(2, house_bot_prefix(GAME)):
        await stack.store.create(make_ticket([name], lo=4, hi=4, ranked=True, created_at=now))
    await mm.run_pass(now + 5)
    await settle(nc)
    assert asked == []
    await sub.unsubscribe()


# -- the rule (pure) ------------------------------------------------------------------------

def waiting(players, lo, hi, t) -> Waiting:
    return Waiting(uuid.uuid4().hex, tuple(players), lo, hi, t)


def test_bots_come_only_once_nobody_new_arrived_for_the_wait():
    first = waiting(["ann"], 4, 4, 0.0)
    second = waiting(["bob"], 4, 4, 2.5)
    assert bots_wanted(GAME, [first, second], 3.0, 3.0, 2, 5) is None  # bob came lately
    wanted = bots_wanted(GAME, [first, second], 5.5, 3.0, 2, 5)
    assert (wanted.ticket_id, wanted.table_size, wanted.count) == (first.ticket_id, 4, 2)


def test_the_table_is_the_smallest_the_longest_waiting_human_accepts():
    anyone = waiting(["ann", "cat"], 2, 5, 0.0)  # a party of two, any table size
    wanted = bots_wanted(GAME, [anyone], 10.0, 3.0, 3, 5)
    assert (wanted.table_size, wanted.count) == (3, 1)  # the game's minimum wins over the ticket's


def test_no_bots_when_the_waiting_tickets_already_fill_the_table():
    # they formed no table only because their ratings are apart: the window widens instead
    tickets = [waiting([p], 2, 2, 0.0) for p in ("ann", "bob")]
    assert bots_wanted(GAME, tickets, 10.0, 3.0, 2, 5) is None
