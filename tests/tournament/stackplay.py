"""Tournaments run by the stack's tournament service, their tables played by bots in this
process over gRPC (each seat with its player's own token, as a player's client would)."""
from __future__ import annotations

import asyncio
import time
import uuid

from foodgames.v1 import tournament_pb2 as pb
from foodgames.v1 import tournament_pb2_grpc as pb_grpc

from apps.bots.base import make_bot
from apps.bots.seat_stream import stream_table
from apps.sdk.connection import ChannelPool
from shared.auth import mint_token
from shared.channels import client_channel

GAME = "foodie-forest"


class Api:
    """The tournament service as one identity sees it (the channel lives as long as this)."""

    def __init__(self, stack, player: str = "ops", role: str = "operator", address: str | None = None):
        self.channel = client_channel(address or stack.address("tournament"), mint_token(stack, player, role))
        self.stub = pb_grpc.TournamentServiceStub(self.channel)

    def __getattr__(self, name):
        return getattr(self.stub, name)

    async def close(self) -> None:
        await self.channel.close()


def operator(stack) -> Api:
    return Api(stack)


def entrants(n: int, tag: str | None = None) -> list[str]:
    tag = tag or uuid.uuid4().hex[:6]
    return [f"e{tag}-{i:02d}" for i in range(n)]


async def run_tournament(stack, players: list[str], rounds: int, timeout_s: float = 240.0,
                         on_poll=None, game: str = GAME, **create) -> tuple[str, pb.Tournament, dict]:
    """Creates a Swiss tournament of `players` and plays it to its end (`play`). Returns (id, the
    finished tournament, figures)."""
    api = operator(stack)
    tid = "t" + uuid.uuid4().hex[:10]
    try:
        await api.CreateTournament(pb.CreateTournamentRequest(tournament_id=tid, game=game, entrants=players,
                                                              rounds=rounds, **create))
        t, figures = await play(stack, api, tid, timeout_s, on_poll, game)
    finally:
        await api.close()
    return tid, t, figures


async def play(stack, api: Api, tid: str, timeout_s: float = 240.0, on_poll=None,
               game: str = GAME) -> tuple[pb.Tournament, dict]:
    """Plays every table tournament `tid` starts with bots until it finishes; `on_poll(api,
    tournament)` is awaited at every look at it."""
    started = time.monotonic()
    pool = ChannelPool(stack, per_service=2)
    playing: dict[str, asyncio.Task] = {}
    try:
        while True:
            t = (await api.GetTournament(pb.GetTournamentRequest(tournament_id=tid))).tournament
            if on_poll is not None:
                await on_poll(api, t)
            if t.phase == "finished":
                break
            assert time.monotonic() - started < timeout_s, f"the tournament did not finish: {t}"
            for r in t.round_list:
                for table in r.tables:
                    if table.game_id and table.game_id not in playing:
                        bots = [make_bot(game, "random", f"{table.game_id}/{seat}") for seat in range(len(table.seats))]
                        playing[table.game_id] = asyncio.create_task(
                            stream_table(stack, game, table.game_id, list(table.seats), bots, pool=pool))
            for task in playing.values():
                if task.done():
                    task.result()  # a bot's failure fails the test now, with its reason
            await asyncio.sleep(0.05)
        await asyncio.gather(*playing.values())
    finally:
        for task in playing.values():
            task.cancel()
        await pool.close()
    return t, {"games": len(playing), "seconds": time.monotonic() - started}
