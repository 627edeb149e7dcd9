"""`foodgames up --replicas 2`: two of every service, each client given both addresses; when one
replica of a rules engine is killed mid-game, the game goes on through the other."""
from __future__ import annotations

import pytest

import asyncio
import os
import signal
import subprocess
import uuid

from foodgames.v1 import game_pb2, game_pb2_grpc

from apps.bots.base import make_bot
from apps.bots.seat_stream import stream_table
from apps.cli.up import services, wait_serving
from apps.embedded import free_port_base
from shared.auth import service_token
from shared.channels import client_channel
from shared.config import Settings
from shared.eventstore.jetstream import JetStreamEventStore
from tests.stacklib import FOODGAMES, stack_env

GAME = "foodie-forest"
DB = 13  # a Valkey database of its own (the session's stack has 15)


# Two of every service on two cores: 50-120 s, too long for make test's five minutes (make test-slow).
@pytest.mark.slow
async def test_up_with_two_replicas_keeps_a_game_going_when_one_rules_replica_is_killed(tmp_path, nats_url,
                                                                                       valkey_server, nc):
    env = stack_env(tmp_path, nats_url, f"redis://127.0.0.1:{valkey_server.port}/{DB}", free_port_base())
    env["FOODGAMES_UP_RESTART_FIRST_S"] = "600"  # a killed replica stays down for the test
    env["FOODGAMES_MM_BOT_FILL_AFTER_S"] = "0"
    log = open(tmp_path / "up.log", "wb")
    up = subprocess.Popen([FOODGAMES, "up", "--replicas", "2"], env=env, stdout=log, stderr=subprocess.STDOUT,
                          start_new_session=True)
    try:
        # given the stack with two replicas of every service, once all of them serve
        pids = tmp_path / "pids"
        for _ in range(600):
            if all((pids / f"{n}-2.pid").exists() for n in services()):
                break
            assert up.poll() is None, (tmp_path / "up.log").read_text()
            await asyncio.sleep(0.1)
        settings = Settings.from_env({**env, **_lists(tmp_path)})
        assert "," in settings.address(GAME), "clients are given both replicas of the rules engine"
        await wait_serving({n: a for n in services() for a in [settings.address(n).split(",")[1]]}, 120,
                           {"up": up})
        # and a game of four players made as the matchmaker makes one, on the replicas' list
        players = [f"rep-{uuid.uuid4().hex[:5]}-{i}" for i in range(4)]
        game_id = "rep-" + uuid.uuid4().hex[:10]
        async with client_channel(settings.address(GAME), service_token(settings, "matchmaking")) as channel:
            await game_pb2_grpc.GameServiceStub(channel).CreateGame(
                game_pb2.CreateGameRequest(game_id=game_id, players=players), timeout=30)
        bots = [make_bot(GAME, "random", f"{game_id}/{seat}") for seat in range(4)]
        playing = asyncio.create_task(stream_table(settings, GAME, game_id, players, bots))
        store = JetStreamEventStore(nc)
        for _ in range(600):
            if await store.version(f"games.{GAME}.{game_id}") >= 20 or playing.done():
                break
            await asyncio.sleep(0.05)
        assert not playing.done(), "the game is still being played"
        # when one replica of the rules engine is killed mid-game
        victim = int((pids / f"{GAME}.pid").read_text())
        os.kill(victim, signal.SIGKILL)
        # then the game goes on through the other replica, to its end
        result = await asyncio.wait_for(playing, 180)
        assert all(view.get("winners") for view in result.views), "every seat saw the game end"
        assert subprocess.run(["kill", "-0", str(victim)], capture_output=True).returncode != 0
    finally:
        up.send_signal(signal.SIGTERM)
        try:
            up.wait(60)
        except subprocess.TimeoutExpired:
            up.kill()
        log.close()


def _lists(data) -> dict[str, str]:
    """The replicas' address lists `up` gave the services (DATA/addresses.env)."""
    lines = (data / "addresses.env").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if line)
