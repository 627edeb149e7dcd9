"""On the `make run` stack (`foodgames up`, bot fill on by default with its house-bots process), a
player who queues alone for a ranked table of four gets three house bots after the quiet wait,
plays the game to its end, and everyone at the table is rated; the ladder lists the player. A matchmaker with
bot fill off (production's default) lets the lone player wait. The house's own bounds."""
from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import uuid
from dataclasses import replace

import grpc
import pytest
from foodgames.v1 import leaderboard_pb2 as lb
from foodgames.v1 import matchmaking_pb2
from structlog.testing import capture_logs

from apps.bots.house import RANKED_LEVEL_ENV, House, Request
from apps.cli.play import wait_rated
from apps.cli.up import DEV_BOT_FILL_AFTER_S, wait_serving
from apps.embedded import free_port
from apps.sdk.connection import Connection
from apps.sdk.queueing import create_ticket, watch_ticket
from apps.sdk.seatplayer import run_bot
from services.matchmaking.botfill import BOTS_WANTED_SUBJECT
from shared.names import house_bot_prefix
from shared.auth import mint_token, service_token
from shared.config import Settings
from tests.stack.test_bots_report import bots_env
from tests.stacklib import FOODGAMES

GAME = "foodie-forest"


async def test_a_lone_player_gets_three_house_bots_and_plays_a_ranked_game_to_its_end(stack):
    # given a player (its seat driven by an SDK bot) queueing alone for a ranked table of four
    human = f"solo-{uuid.uuid4().hex[:6]}"
    # when nobody else comes
    try:
        played = await asyncio.wait_for(run_bot(stack, human, GAME, "heuristic", ranked=True, min_players=4,
                                                max_players=4), 60)
    except TimeoutError:
        raise AssertionError("no table formed for a lone player within 60 s: no house bots came") from None
    # then the three other seats were house bots and the game ran to its end
    table = played.view["players"]
    others = [p for p in table if p != human]
    assert len(table) == 4 and len(others) == 3
    assert all(p.startswith(house_bot_prefix(GAME)) for p in others), table
    assert played.view.get("winners"), "the game ended with winners"
    # and the game was rated like any other: everyone at the table is rated, and the ladder
    # lists the player, not the bots (each a name that played once)
    await wait_rated(stack, GAME, list(table), timeout=15)
    conn = Connection(stack, service_token(stack, "test"), "svc:test")
    try:
        for name in table:
            entry = await conn.leaderboard().GetPlayer(lb.GetPlayerRequest(game=GAME, player=name), timeout=5)
            assert entry.entry.games >= 1, (name, entry)
            assert (entry.entry.rank > 0) == (name == human), (name, entry)
        top = await conn.leaderboard().GetTop(lb.GetTopRequest(board=lb.BoardRef(game=GAME), limit=1000), timeout=5)
        listed = {e.player for e in top.entries}
        assert human in listed and not listed & set(others), listed
    except grpc.aio.AioRpcError as exc:
        raise AssertionError(f"{name} is not rated: {exc.details()}") from None
    finally:
        await conn.close()


# -- the house process's bounds (its bots stand in for players: no server involved) ----------

class Seats:
    """What the house's bots do here instead of playing: wait until released, or fail."""

    def __init__(self):
        self.started: list[str] = []
        self.release = asyncio.Event()

    async def play(self, settings, name, request):
        self.started.append(name)
        if name.endswith("fail"):
            raise RuntimeError("the seat's stream broke")
        await self.release.wait()


async def test_the_house_starts_at_most_its_limit_and_names_its_bots_for_the_game(tmp_path):
    seats = Seats()
    house = House(Settings(data_dir=tmp_path), max_bots=4, play=seats.play)
    try:
        # given a house with room for four bots
        # when asked for three, then for three more
        first = house.handle(Request(GAME, 3, 4))
        second = house.handle(Request(GAME, 3, 4))
        await asyncio.sleep(0)
        # then only one more is started, and they are all house bots of that game
        assert len(first) == 3 and len(second) == 1 and house.playing == 4
        assert all(n.startswith(house_bot_prefix(GAME)) for n in first + second)
        assert len(set(first + second)) == 4
        # and once the games end the room is back
        seats.release.set()
        await asyncio.sleep(0.05)
        assert house.playing == 0 and house.finished == 4
        assert len(house.handle(Request(GAME, 2, 2))) == 2
    finally:
        seats.release.set()
        await house.close()


async def test_a_failed_house_bot_is_logged_when_it_fails_while_the_others_play_on(tmp_path):
    seats = Seats()
    house = House(Settings(data_dir=tmp_path), max_bots=4, play=seats.play)
    house.name = lambda game, n=iter(["a", "fail"]): f"{house_bot_prefix(game)}{next(n)}"
    try:
        with capture_logs() as logged:
            house.handle(Request(GAME, 2, 4))
            await asyncio.sleep(0.05)
        assert house.failed == 1 and house.playing == 1  # the other still plays
        failed = [e for e in logged if e["event"] == "house bot failed"]
        assert failed and failed[0]["bot"].endswith("fail") and "the seat's stream broke" in failed[0]["error"]
    finally:
        seats.release.set()
        await house.close()


def test_a_request_for_an_unknown_game_or_no_bots_is_refused_by_name():
    with pytest.raises(LookupError, match="unknown game"):
        Request.parse(json.dumps({"game": "no-such-game", "count": 1}).encode())
    with pytest.raises(ValueError, match="at least 1"):
        Request.parse(json.dumps({"game": GAME, "count": 0}).encode())
    assert Request.parse(json.dumps({"game": GAME, "count": 3, "players": 4, "ranked": True,
                                     "options": {"a": 1}}).encode()) == Request(GAME, 3, 4, True, {"a": 1})


def test_house_bots_play_the_casual_queues_level_and_the_operators_at_ranked_tables(monkeypatch):
    def parsed(**body):
        return Request.parse(json.dumps({"game": GAME, "count": 1, "players": 2, **body}).encode())

    # a casual queue's bot_level, which the matchmaker passes on as the request's level
    assert parsed(ranked=False, options={"bot_level": "strong"}, level="strong").level == "strong"
    assert parsed(ranked=False, options={"bot_level": "easy"}).level == "easy"
    assert parsed(ranked=False).level == "normal"
    # ranked: normal, unless the operator sets otherwise
    monkeypatch.delenv(RANKED_LEVEL_ENV, raising=False)
    assert parsed(ranked=True, level="strong").level == "normal"
    monkeypatch.setenv(RANKED_LEVEL_ENV, "strong")
    assert parsed(ranked=True).level == "strong"
    with pytest.raises(ValueError, match="no bot level 'hard'"):
        parsed(ranked=False, level="hard")


async def test_with_bot_fill_off_a_lone_players_ticket_just_waits(stack, nc):
    # given a matchmaker process as production runs it (FOODGAMES_MM_BOT_FILL_AFTER_S unset), on
    # the stack's games and servers, with queues of its own, and the stack's house bots listening
    port = free_port()
    env = bots_env(stack)
    env.update(FOODGAMES_NATS_URL=stack.nats_url, FOODGAMES_REDIS_URL=stack.redis_url,
               FOODGAMES_MM_PREFIX=f"off{uuid.uuid4().hex[:6]}", FOODGAMES_MM_PASS_INTERVAL_S="0.2")
    env.pop("FOODGAMES_MM_BOT_FILL_AFTER_S", None)
    proc = subprocess.Popen([FOODGAMES, "serve", "matchmaking", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)
    asked: list[dict] = []

    async def on_msg(msg):
        asked.append(json.loads(msg.data))
    sub = await nc.subscribe(BOTS_WANTED_SUBJECT, cb=on_msg)
    settings = replace(stack, addresses={**stack.addresses, "matchmaking": f"127.0.0.1:{port}"})
    human = f"alone-{uuid.uuid4().hex[:6]}"
    conn = Connection(settings, mint_token(settings, human), human)
    try:
        await wait_serving({"matchmaking": settings.address("matchmaking")}, 30, {"matchmaking": proc})
        # when a player queues alone for a ranked table of four and waits past the dev stack's wait
        ticket_id = await create_ticket(conn, GAME, True, 4, 4)
        waited = asyncio.create_task(watch_ticket(conn, ticket_id))
        await asyncio.sleep(float(DEV_BOT_FILL_AFTER_S) + 1.5)
        # then no bots were asked for, and the ticket still waits
        assert not waited.done()
        assert [a for a in asked if a.get("ticket_id") == ticket_id] == []
        reply = await conn.matchmaking().GetTicket(matchmaking_pb2.GetTicketRequest(ticket_id=ticket_id), timeout=5)
        assert reply.ticket.state == matchmaking_pb2.TICKET_STATE_SEARCHING
        waited.cancel()
        await conn.matchmaking().CancelTicket(matchmaking_pb2.CancelTicketRequest(
            ticket_id=ticket_id, reason="the test is over"), timeout=5)
    finally:
        await sub.unsubscribe()
        await conn.close()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


async def test_the_house_answers_health_checks_serving_while_it_hears_requests_and_not_when_nats_is_gone(tmp_path):
    from grpc_health.v1 import health_pb2

    from apps.bots.house import serve
    from apps.embedded import start_nats
    from shared.channels import client_channel
    from tests.runtime.test_nats_outage import health_of, until_health

    nats = start_nats(tmp_path / "nats")
    settings = Settings(data_dir=tmp_path, nats_url=nats.url, token_key="test-key-" + "x" * 32)
    ready = asyncio.Event()
    task = asyncio.create_task(serve(settings, 2, ready=ready, port=0))
    try:
        await asyncio.wait_for(ready.wait(), 15)
        # given the house listening for the matchmaker's requests: its probe endpoint says SERVING
        async with client_channel(f"127.0.0.1:{ready.port}", "") as channel:  # health checks need no token
            assert await health_of(channel) == health_pb2.HealthCheckResponse.SERVING
            # when NATS goes away, the house hears no request: NOT_SERVING (the pod leaves readiness)
            nats.stop()
            await until_health(channel, health_pb2.HealthCheckResponse.NOT_SERVING, 10)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        nats.stop()
