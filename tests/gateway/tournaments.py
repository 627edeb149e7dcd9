"""A small tournament created through the gateway (Connect JSON, an operator's token) and played
to its end by bots over gRPC (tests/tournament/stackplay.py): what tests/gateway and tests/web
read back through the gateway."""
from __future__ import annotations

import uuid

import httpx

from shared.auth import mint_token
from tests.tournament.stackplay import GAME, Api, entrants, play

PATH = "/foodgames.v1.TournamentService"


async def create(client: httpx.AsyncClient, token: str, players: list[str], rounds: int,
                 tid: str | None = None) -> httpx.Response:
    """CreateTournament in Connect JSON with `token`."""
    body = {"tournamentId": tid or "t" + uuid.uuid4().hex[:10], "game": GAME, "entrants": players, "rounds": rounds}
    return await client.post(f"{PATH}/CreateTournament", json=body,
                             headers={"authorization": f"Bearer {token}"})


async def played_tournament(stack, gateway_url: str, players: int = 4, rounds: int = 1) -> str:
    """The id of a Foodie Forest Swiss tournament of `players` entrants, created through the
    gateway by an operator and finished (every table played by random bots)."""
    async with httpx.AsyncClient(base_url=gateway_url, timeout=30) as client:
        reply = await create(client, mint_token(stack, "ops", "operator"), entrants(players), rounds)
        assert reply.status_code == 200, reply.text
        tid = reply.json()["tournament"]["tournamentId"]
    api = Api(stack)
    try:
        t, _ = await play(stack, api, tid, timeout_s=60.0 * rounds)
    finally:
        await api.close()
    assert t.phase == "finished", t
    return tid
