"""`foodgames bots` says a bot failed as soon as it fails, while the other bots still play, and
exits 1 once they are done: three bots queue for two-player tables, two are matched and play,
the third's ticket is cancelled under it."""
from __future__ import annotations

import asyncio
import os
import subprocess
import time
import uuid

from foodgames.v1 import matchmaking_pb2

from apps.sdk.connection import Connection
from services.matchmaking.store import TicketStore
from shared.auth import mint_token
from shared.config import service_ports
from tests.stack.test_up_supervises import Output
from tests.stacklib import FOODGAMES, stop, this_tree_first


def bots_env(stack) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FOODGAMES_")}
    env.update({f"FOODGAMES_{s.upper().replace('-', '_')}_ADDR": stack.address(s) for s in service_ports()},
               FOODGAMES_TOKEN_KEY=stack.token_key, COLUMNS="300")
    return this_tree_first(env)


async def ticket_of(redis_url: str, player: str, timeout: float = 20) -> str:
    store = TicketStore.from_url(redis_url)
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for queue in await store.queues():
                for ticket_id, _ in await store.searching(queue, 1000):
                    ticket = await store.get(ticket_id)
                    if ticket is not None and player in ticket.players:
                        return ticket_id
            await asyncio.sleep(0.1)
    finally:
        await store.close()
    raise AssertionError(f"no ticket of {player} is queued")


async def cancel(stack, player: str, ticket_id: str) -> None:
    conn = Connection(stack, mint_token(stack, player), player)
    try:
        await conn.matchmaking().CancelTicket(matchmaking_pb2.CancelTicketRequest(
            ticket_id=ticket_id, reason="the test takes this bot out"), timeout=10)
    finally:
        await conn.close()


async def test_a_failed_bot_is_reported_at_once_while_the_others_play_on(stack):
    prefix = f"rep-{uuid.uuid4().hex[:6]}"
    names = [f"{prefix}-{i}" for i in (1, 2, 3)]
    proc = subprocess.Popen([FOODGAMES, "bots", "foodie-forest", "--count", "3", "--players", "2",
                             "--prefix", prefix], env=bots_env(stack), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    out = Output(proc)
    try:
        deadline = time.monotonic() + 60
        while sum(f"{n}: matched into game" in out.text() for n in names) < 2:
            assert time.monotonic() < deadline and proc.poll() is None, out.text()
            await asyncio.sleep(0.1)
        lonely = next(n for n in names if f"{n}: matched into game" not in out.text())
        await cancel(stack, lonely, await ticket_of(stack.redis_url, lonely))

        text = await asyncio.to_thread(out.wait_for, f"{lonely} failed: QueueEnded", 20)
        players = [n for n in names if n != lonely]
        # said before the other two finished their game: not when the whole gather returns
        assert not any(f"{p}: game " in text and " over after " in text.split(f"{p}: game ")[1].split("\n")[0]
                       for p in players), text
        assert proc.wait(120) == 1, out.text()
    finally:
        stop(proc, 30)
    out.thread.join(10)
    text = out.text()
    assert "the test takes this bot out" in text
    for p in players:
        assert f"{p}: game " in text and "moves;" in text.split(f"{p}: game ")[1], text
    assert text.count(f"{lonely} failed") == 1, text
