"""The tournament service through the gateway in the Connect protocol: anyone signed in reads a
tournament and its standings; creating one stays an operator's (the tournament service checks
the role of the token the gateway forwards); the audit bundle export is not public."""
from __future__ import annotations

import grpc
import httpx
import pytest
from foodgames.v1 import tournament_pb2 as pb
from google.protobuf.json_format import MessageToDict

from tests.gateway.test_gateway import call_json, sign_in
from tests.gateway.tournaments import PATH, create, played_tournament
from tests.tournament.stackplay import Api, entrants


@pytest.fixture(scope="module")
async def finished(stack, gateway):
    """A finished 4-player, 1-round tournament (one table of Foodie Forest)."""
    return await played_tournament(stack, gateway, players=4, rounds=1)


async def test_a_player_reads_a_finished_tournaments_standings_and_rounds_in_connect_json(stack, gateway, finished):
    # given a finished tournament and a signed-in player
    api = Api(stack)
    try:
        direct = await api.GetStandings(pb.GetStandingsRequest(tournament_id=finished))
        tournament = (await api.GetTournament(pb.GetTournamentRequest(tournament_id=finished))).tournament
    finally:
        await api.close()
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        token = await sign_in(client, "tg-reader")
        # when the player asks the gateway for its standings and its progress in Connect JSON
        standings = await call_json(client, f"{PATH}/GetStandings", token, {"tournamentId": finished})
        progress = await call_json(client, f"{PATH}/GetTournament", token, {"tournamentId": finished})
    # then the answers are the tournament service's own: the final standings of all 4 entrants
    assert standings.status_code == 200, standings.text
    assert standings.json() == MessageToDict(direct)
    assert standings.json()["final"] is True and len(standings.json()["rows"]) == 4
    assert progress.status_code == 200, progress.text
    t = progress.json()["tournament"]
    assert t["phase"] == "finished" and t["winners"] == [standings.json()["rows"][0]["player"]]
    table = t["roundList"][0]["tables"][0]
    assert table["gameId"] == tournament.round_list[0].tables[0].game_id and table["finished"] is True


async def test_a_player_may_not_create_a_tournament_through_the_gateway(stack, gateway):
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        # given a signed-in player (not an operator)
        token = await sign_in(client, "tg-mallory")
        tid = "tdenied" + entrants(1)[0].replace("-", "")[:12]
        # when the player asks the gateway to create a tournament
        reply = await create(client, token, entrants(4), 1, tid=tid)
    # then the tournament service refuses it for the role, and no tournament was created
    assert reply.status_code == 403, reply.text
    assert reply.json()["code"] == "permission_denied"
    assert "needs the role operator" in reply.json()["message"]
    api = Api(stack)
    try:
        with pytest.raises(grpc.aio.AioRpcError) as missing:
            await api.GetTournament(pb.GetTournamentRequest(tournament_id=tid))
    finally:
        await api.close()
    assert missing.value.code() == grpc.StatusCode.NOT_FOUND


async def test_the_tournament_bundle_export_is_not_public(stack, gateway, finished):
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        token = await sign_in(client, "tg-curious")
        reply = await call_json(client, f"{PATH}/ExportTournamentBundle", token, {"tournamentId": finished})
    assert reply.status_code == 501, reply.text
    assert reply.json()["code"] == "unimplemented"


async def test_the_gateway_health_includes_the_tournament_service(gateway):
    async with httpx.AsyncClient(base_url=gateway) as client:
        health = await client.get("/healthz")
    assert health.status_code == 200, health.text
    assert health.json()["backends"]["tournament"] == "SERVING"
