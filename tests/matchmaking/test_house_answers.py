"""Issue 29, item 4: a player who cannot be given bots is told so instead of waiting in silence.
The matchmaker asks the house over NATS with a reply (services/matchmaking/housebots.py); a
house at its budget leaves the requests' queue group (apps/bots/house.py); when the house cannot
seat the bots, the waiting ticket's reason says so (botfill.NO_HOUSE_BOTS) on WatchTicket, and
the note goes once a house seats them. Real Valkey, NATS and gRPC; the house's bots are
stand-ins that hold their seat (no game is played)."""
from __future__ import annotations

import asyncio
import time
import uuid

from foodgames.v1 import matchmaking_pb2 as pb
from foodgames.v1 import matchmaking_pb2_grpc as pb_grpc

from apps.bots.house import House
from services.matchmaking import reasons
from services.matchmaking.botfill import BOTS_WANTED_SUBJECT, NO_HOUSE_BOTS, HouseAnswer
from services.matchmaking.housebots import NatsHouse
from services.matchmaking.tableservice import BOTS_SEATED_SUBJECT
from services.matchmaking.tickets import CANCELLED
from tests.matchmaking.conftest import fast_config, make_ticket, names, wait_for
from tests.stack.test_house_bots import Seats

AFTER_S = 0.3


def subjects() -> tuple[str, str]:
    """Subjects of this test alone (the session stack's house listens on the real ones)."""
    prefix = f"h{uuid.uuid4().hex[:8]}"
    return f"{prefix}.{BOTS_WANTED_SUBJECT}", f"{prefix}.{BOTS_SEATED_SUBJECT}"


async def test_with_no_house_listening_the_answer_is_that_no_bot_started(nc):
    wanted, _ = subjects()
    answer = await NatsHouse(nc, subject=wanted).ask({"game": "foodie-forest", "count": 2})
    assert answer == HouseAnswer(2, 0, answer.why) and answer.short
    assert "no house bots listening" in answer.why


async def test_a_ticket_the_full_house_cannot_serve_says_so_and_the_note_goes_once_a_seat_frees(stack, nc):
    wanted, seated = subjects()
    # given a house with room for two bots, and a matchmaker with bot fill asking it
    seats = Seats()
    house = House(stack.settings, max_bots=2, play=seats.play)
    await house.listen(nc, wanted=wanted, seated=seated)
    mm = stack.matchmaker(fast_config(bot_fill_after_s=AFTER_S))
    mm.house = NatsHouse(nc, subject=wanted)
    await stack.start_server()
    [ann], [bob] = names(1, "ann"), names(1, "bob")
    now = time.time()
    first = make_ticket([ann], lo=3, hi=3, created_at=now)  # a casual table of three: two bots
    second = make_ticket([bob], lo=2, hi=2, ranked=True, created_at=now + 1)  # another queue: one bot
    for ticket in (first, second):
        await stack.store.create(ticket)
    updates: list[pb.Ticket] = []

    async def watch():
        stub = pb_grpc.MatchmakingServiceStub(stack.channel(bob))
        async for update in stub.WatchTicket(pb.WatchTicketRequest(ticket_id=second.ticket_id)):
            updates.append(update.ticket)
    watching = asyncio.create_task(watch())
    try:
        # when the first player's bots take all the room
        await mm.run_pass(now + AFTER_S + 0.01)
        await mm.drain()
        assert house.playing == 2 and house.full
        assert (await stack.store.get(first.ticket_id)).reason == "", "all its bots came: nothing to say"
        # and the second player waits for a bot the house has no room for
        await mm.run_pass(now + 1 + AFTER_S + 0.01)
        await mm.drain()
        # then the second player's ticket says so, live, and still searches
        await wait_for(lambda: _said(updates, "ticket-no-house-bots"))
        assert updates[-1].state == pb.TICKET_STATE_SEARCHING
        assert updates[-1].reason == updates[-1].reason_message.text == reasons.text(NO_HOUSE_BOTS)
        # when the first player gives up and the house's seats free (its bots' games ended)
        assert await stack.store.finish(first, CANCELLED, "gave up", time.time()) == "ok"
        seats.release.set()
        await wait_for(lambda: _true(house.playing == 0 and not house.full))
        await asyncio.sleep(AFTER_S)  # the queue's next ask (once per period)
        await wait_for(lambda: _asked_again(mm, now + 2 + AFTER_S, house), timeout=10)
        # then the house takes the request and the note goes
        await wait_for(lambda: _said(updates, ""))
        assert updates[-1].state == pb.TICKET_STATE_SEARCHING
    finally:
        watching.cancel()
        await asyncio.gather(watching, return_exceptions=True)
        seats.release.set()
        await house.close()


async def _said(updates, key: str) -> bool:
    """The last update's reason is the message `key` ("": it has none)."""
    return bool(updates) and updates[-1].reason_message.key == key and bool(updates[-1].reason) == bool(key)


async def _true(value: bool) -> bool:
    return value


async def _asked_again(mm, at: float, house) -> bool:
    before = len(house.tasks) + house.finished
    await mm.run_pass(at)
    await mm.drain()
    return len(house.tasks) + house.finished > before
