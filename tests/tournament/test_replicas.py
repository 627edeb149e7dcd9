"""Two tournament-service replicas on one NATS: one runs a tournament (it holds its lease), the
other waits; when the runner is killed (SIGKILL: no goodbye, its lease just stops being renewed)
the other takes the tournament over and finishes it, every round closed once."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from foodgames.v1 import tournament_pb2 as pb

from apps.embedded import free_port, start_nats, wait_for_port
from services.deck.bootstrap import start_deck_server
from services.tournament import events as ev
from services.tournament.bootstrap import LEASES_BUCKET
from services.tournament.stream import STREAM, subject_for
from shared import games
from shared.config import Settings
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.leases import Leases
from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck_client import DeckClient
from tests.stacklib import this_tree_first
from tests.tournament.stackplay import GAME, Api, entrants, play

ROUNDS = 2


def replica(settings: Settings, port: int, log) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FOODGAMES_")}
    env.update(FOODGAMES_NATS_URL=settings.nats_url, FOODGAMES_TOKEN_KEY=settings.token_key,
               FOODGAMES_DATA_DIR=str(settings.data_dir), FOODGAMES_DECK_ADDR=settings.address("deck"),
               FOODGAMES_FOODIE_FOREST_ADDR=settings.address(GAME), FOODGAMES_LOG_LEVEL="INFO",
               PYTHONUNBUFFERED="1")  # a killed replica's log keeps every line it wrote
    return subprocess.Popen([sys.executable, "-m", "apps.cli.main", "serve", "tournament", "--port", str(port)],
                            env=this_tree_first(env), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def rounds_closed(log: Path) -> list[int]:
    """The rounds a replica says it closed (its JSON log lines)."""
    out = []
    for line in log.read_text().splitlines():
        if line.startswith("{") and '"round closed"' in line:
            out.append(json.loads(line)["round"])
    return out


def pid_of(owner: str | None) -> int | None:
    return int(owner.rsplit("-", 2)[1]) if owner else None  # shared.leases.owner_id


@pytest.mark.slow  # two service processes and the tables of two rounds played: ~40 s
async def test_a_killed_replicas_tournament_is_taken_over_by_the_other_and_every_round_closes_once(tmp_path):
    nats = start_nats(tmp_path / "nats")
    settings = Settings(data_dir=tmp_path / "data", nats_url=nats.url, token_key="replica-test-key-" + "r" * 32)
    nc = await connect(nats.url)
    deck = await start_deck_server(settings, 0, nc)
    settings = settings.with_(addresses={"deck": f"127.0.0.1:{deck.port}"})
    game_nc, store = await open_game_store(nats.url, GAME)
    rules = await start_rules_server(games.get(GAME), settings, 0, store, DeckClient(settings))
    settings = settings.with_(addresses={**settings.addresses, GAME: f"127.0.0.1:{rules.port}"})
    ports = [free_port(), free_port()]
    logs = [open(tmp_path / f"tournament-{i}.log", "wb") for i in range(2)]
    procs = [replica(settings, port, log) for port, log in zip(ports, logs)]
    apis: list[Api] = []
    try:
        for port in ports:
            await asyncio.to_thread(wait_for_port, port, 60)
        apis = [Api(settings, address=f"127.0.0.1:{port}") for port in ports]
        leases = await Leases.open(nc.jetstream(), LEASES_BUCKET, "the-test")
        # given a tournament of three rounds created on the first replica
        tid = "rep-" + uuid.uuid4().hex[:8]
        await apis[0].CreateTournament(pb.CreateTournamentRequest(tournament_id=tid, game=GAME,
                                                                  entrants=entrants(4), rounds=ROUNDS))
        for _ in range(100):
            runner = pid_of(await leases.holder(tid))
            if runner:
                break
            await asyncio.sleep(0.1)
        assert runner in [p.pid for p in procs], "one of the replicas holds the tournament's lease"
        killed = next(p for p in procs if p.pid == runner)
        survivor = next(i for i, p in enumerate(procs) if p.pid != runner)

        async def kill_after_round_one(api, t):
            # when the replica running it is killed once round 1 has closed
            if killed.poll() is None and any(r.closed for r in t.round_list):
                killed.send_signal(signal.SIGKILL)
                killed.wait(10)

        # then the other replica takes it over and it finishes, watched through the survivor
        t, figures = await play(settings, apis[survivor], tid, timeout_s=180, on_poll=kill_after_round_one)
        assert killed.poll() is not None, "the runner was killed mid-tournament"
        assert t.phase == "finished" and len(t.round_list) == ROUNDS and figures["games"] == ROUNDS
        assert pid_of(await leases.holder(tid)) in (procs[survivor].pid, None)
        # and every round was closed once, on the stream and by the runners
        records = await JetStreamEventStore(nc, stream=STREAM).read(subject_for(tid))
        closed = [e.data["round"] for e in records if e.type == ev.RoundClosed.__name__]
        assert closed == list(range(1, ROUNDS + 1))
        by_killed = rounds_closed(tmp_path / f"tournament-{procs.index(killed)}.log")
        by_survivor = rounds_closed(tmp_path / f"tournament-{survivor}.log")
        assert by_survivor == list(range(2, ROUNDS + 1)), "the survivor closed every round after the kill"
        assert set(by_killed) <= {1}, "the waiting replica closed nothing while the other ran it"
    finally:
        for api in apis:
            await api.close()
        for p in procs:
            if p.poll() is None:
                p.terminate()
                p.wait(15)
        for log in logs:
            log.close()
        await rules.stop(None)
        await deck.stop(None)
        await game_nc.drain()
        await nc.drain()
        nats.stop()
