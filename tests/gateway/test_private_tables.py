"""Issue 32 through the public API on the whole stack (`foodgames up`, its house bots): ann opens
a private Food Fight table for three at the gateway and shares the link; bob joins with it; ann
fills the last seat with a house bot; the three play the game to its end (ann's and bob's seats
driven by SDK bots); both ask for a rematch and the new table starts with the same players."""
from __future__ import annotations

import asyncio
import uuid

import httpx
from foodgames.v1 import tables_pb2

from apps.bots.base import make_bot
from apps.sdk.connection import Connection
from apps.sdk.seatplayer import BotChooser, SeatPlayer
from apps.sdk.chat import watch_chat
from apps.sdk.tables import get_table, request_rematch, seated
from services.deck import shuffle as sh
from shared.auth import mint_token, service_token
from shared.runtime.deck_client import DeckClient
from tests.gateway.test_gateway import call_json, sign_in

GAME = "food-fight"
TABLES = "/foodgames.v1.TableService"


async def play_seat(stack, name: str, table) -> dict:
    conn = Connection(stack, mint_token(stack, name), name)
    try:
        match = seated(conn, table)
        player = SeatPlayer(conn, GAME, match.game_id, match.seat, BotChooser(make_bot(GAME, None, name)))
        return await player.run()
    finally:
        await conn.close()


async def test_a_private_table_by_link_with_a_house_bot_played_to_the_end_then_a_rematch(gateway, stack):
    tag = uuid.uuid4().hex[:6]
    ann, bob = f"pt-ann-{tag}", f"pt-bob-{tag}"
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        tokens = {n: await sign_in(client, n) for n in (ann, bob)}
        made = await call_json(client, f"{TABLES}/CreateTable", tokens[ann], {"game": GAME, "seats": 3})
        assert made.status_code == 200, made.text
        table = made.json()["table"]
        assert table["link"] == f"/#/join/{table['code']}" and table["state"] == "TABLE_STATE_OPEN"
        joined = await call_json(client, f"{TABLES}/JoinTable", tokens[bob], {"code": table["link"]})
        assert joined.status_code == 200, joined.text
        assert joined.json()["table"]["players"] == [ann, bob]
        twice = await call_json(client, f"{TABLES}/JoinTable", tokens[bob], {"code": table["code"]},
                                **{"accept-language": "de"})
        assert twice.status_code == 409 and twice.json()["message"] == "Du sitzt schon an diesem Tisch."
        filled = await call_json(client, f"{TABLES}/FillWithBots", tokens[ann], {"tableId": table["tableId"]})
        assert filled.status_code == 200, filled.text
        started = filled.json()["table"]
        assert started["state"] == "TABLE_STATE_STARTED" and len(started["players"]) == 3
        assert started["seatDrawId"] == f"{started['gameId']}-seats"
        # they chat at the table: bob through the gateway, ann reads it through the SDK
        said = await call_json(client, "/foodgames.v1.ChatService/SendChat", tokens[bob],
                               {"game": GAME, "gameId": started["gameId"], "phrase": "chat-phrase-good-luck"},
                               **{"accept-language": "de"})
        assert said.status_code == 200 and said.json()["message"]["text"] == "Viel Glück und viel Spaß!", said.text
    conn = Connection(stack, mint_token(stack, ann), ann)
    try:
        async for message in watch_chat(conn, GAME, started["gameId"], language="en"):
            assert (message.player, message.text) == (bob, "Good luck, have fun!")
            break
        first = await get_table(conn, started["tableId"])
        # the house bot plays its seat, ann and bob theirs: to the end
        views = await asyncio.wait_for(asyncio.gather(play_seat(stack, ann, first), play_seat(stack, bob, first)),
                                       120)
        assert all(v.get("finished") and v.get("placings") for v in views), views
        # both ask for a rematch: a new table with the same players starts, offered to both
        asked = await request_rematch(conn, first.table_id)
        assert not asked.rematch_table_id
        bob_conn = Connection(stack, mint_token(stack, bob), bob)
        try:
            both = await request_rematch(bob_conn, first.table_id)
        finally:
            await bob_conn.close()
        assert both.rematch_table_id
        again = await get_table(conn, both.rematch_table_id)
        assert again.state == tables_pb2.TABLE_STATE_STARTED and again.rematch_of == first.table_id
        assert {ann, bob} <= set(again.players) and len(again.players) == 3 and again.game_id != first.game_id
        # afterwards each player's page lists the game with their placing and score (the API)
        async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
            for name in (ann, bob):
                async def listed():
                    reply = await call_json(client, "/foodgames.v1.LeaderboardService/ListPlayerGames", tokens[name],
                                            {"player": name})
                    assert reply.status_code == 200, reply.text
                    return [g for g in reply.json().get("games", []) if g["gameId"] == first.game_id]

                for _ in range(100):
                    found = await listed()
                    if found:
                        break
                    await asyncio.sleep(0.1)
                assert found, f"{name}'s games do not list {first.game_id}"
                seat = list(first.players).index(name)
                assert found[0]["placing"] == views[0]["placings"][name] and found[0]["players"] == list(first.players)
                assert found[0]["placings"][seat] == found[0]["placing"]
        # the first table's seat draw is revealed now that its game is over, and re-derives the seats
        deck = DeckClient(stack, token=service_token(stack, "test"))
        try:
            seed = bytes.fromhex(await deck.reveal(first.seat_draw_id))
        finally:
            await deck.close()
        order = sh.fisher_yates(sorted(first.players), sh.ByteStream(sh.derive_shuffle_seed(
            seed, {}, first.seat_draw_id, "seats", 0, sh.V2)))
        assert order == list(first.players)
    finally:
        await conn.close()
