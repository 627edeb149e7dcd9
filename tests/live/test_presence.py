"""Presence on a clocked table: a seat is connected while it holds a stream or calls; leaving
and coming back are events every seat sees; an absent seat's bot plays for it until it
returns; a returning player gets every event it missed, redacted for its seat, in order, with
no gap and no duplicate."""
from __future__ import annotations

import asyncio
import json
from dataclasses import replace

from foodgames.v1 import game_pb2

from shared.protojson import to_dict, to_struct
from tests.live.conftest import POLICY, clients, create, engine, events_of, eventually, stored

JSON = game_pb2.VIEW_ENCODING_JSON


async def test_a_player_back_after_50_missed_events_gets_exactly_them(settings, nats_url):
    policy = replace(POLICY, takeover_after_away_s=0.5)
    async with engine(settings, nats_url, policy) as server, \
            clients(settings, server.port, "ann", "bob") as (ann, bob):
        store = server.runtime.store
        game_id = await create(settings, server.port, ["ann", "bob"], game_pb2.Clock(initial_seconds=600),
                               options={"target": 200})  # past 50 events, no longer (tests/runtime/conftest.py)
        # ann watches the table, then her connection drops
        watch = ann.api.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, seat=0, view_encoding=JSON))
        first = await anext(aiter(watch))
        last_seen = first.version
        watch.cancel()
        # bob plays on; ann is away, so her bot takes over and plays her turns
        n = 0
        while (await server.runtime.load(game_id)).version < last_seen + 50:
            view = json.loads((await bob.api.GetView(game_pb2.GetViewRequest(
                game_id=game_id, seat=1, view_encoding=JSON))).view_json)
            if view["to_act"] == ["bob"]:
                n += 1
                await bob.api.SubmitMove(game_pb2.SubmitMoveRequest(
                    game_id=game_id, seat=1, move_id=f"b{n}", move=to_struct({"type": "add", "amount": 1})))
            await asyncio.sleep(0.01)
        bobs_card = (await server.runtime.load(game_id)).state.hands[1]
        # ann comes back, from the version she last saw
        back = ann.api.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, seat=0, after_version=last_seen,
                                                           view_encoding=JSON))
        updates = [await anext(aiter(back))]
        await eventually(lambda: _bobs_turn(bob, game_id))
        await bob.api.SubmitMove(game_pb2.SubmitMoveRequest(game_id=game_id, seat=1, move_id="after",
                                                            move=to_struct({"type": "add", "amount": 1})))
        updates.append(await asyncio.wait_for(anext(aiter(back)), 10))  # then live
        back.cancel()
        bobs_view = json.loads((await bob.api.GetView(game_pb2.GetViewRequest(
            game_id=game_id, seat=1, view_encoding=JSON))).view_json)
        commands = await stored(store, game_id)

    missed_commands = [c for c in commands if last_seen < c.version <= updates[0].version]
    missed = [e for c in missed_commands for e in c.events]
    assert len(missed) >= 50
    shown = [(e.type, to_dict(e.data)) for e in updates[0].events]
    expected = [(e.type, json.loads(json.dumps(server.runtime.event_for_seat(e, 0)["data"])))
                for e in missed if server.runtime.event_for_seat(e, 0) is not None]
    assert [t for t, _ in shown] == [t for t, _ in expected], "every event she missed, in order, none twice"
    assert json.loads(json.dumps(shown)) == json.loads(json.dumps(expected))
    assert updates[0].from_version == last_seen and missed_commands[-1].version == updates[0].version
    assert "PlayerReturned" in {t for t, _ in shown}, "her return is the last thing she missed"
    assert updates[1].from_version == updates[0].version, "then live, with no gap"
    totals = [d["total"] for t, d in shown if t == "Added"]
    assert totals == list(range(totals[0], totals[0] + len(totals))), "the moves she missed, contiguous"
    assert "ShuffleApplied" not in {t for t, _ in shown} and bobs_card not in json.dumps(shown)
    # her leaving, her bot's takeover and her return are events every seat sees
    anns = [e.type for c in commands for e in c.events
            if e.type.startswith(("Player", "BotTook")) and e.data["player"] == "ann"]
    assert anns == ["PlayerConnected", "PlayerDisconnected", "BotTookOver", "PlayerConnected", "PlayerReturned"]
    assert [e.data["reason"] for e in events_of(commands, "BotTookOver")] == ["away"]
    assert bobs_view["presence"] == {"ann": "connected", "bob": "connected"}
    assert any("BotMoved" == e.type for c in missed_commands for e in c.events), "her bot played while she was away"


async def _bobs_turn(bob, game_id):
    view = json.loads((await bob.api.GetView(game_pb2.GetViewRequest(
        game_id=game_id, seat=1, view_encoding=JSON))).view_json)
    return view["to_act"] == ["bob"]


async def test_a_seat_holding_a_play_stream_is_connected_and_away_after_it_closes(settings, nats_url):
    async with engine(settings, nats_url) as server, clients(settings, server.port, "ann", "bob") as (ann, bob):
        game_id = await create(settings, server.port, ["ann", "bob"], game_pb2.Clock(initial_seconds=600))
        requests: asyncio.Queue = asyncio.Queue()
        await requests.put(game_pb2.PlayGameRequest(join=game_pb2.PlayGameJoin(game_id=game_id, seat=0,
                                                                               view_encoding=JSON)))

        async def send():
            while True:
                yield await requests.get()

        stream = ann.api.PlayGame(send())
        first = await anext(aiter(stream))
        await eventually(lambda: _presence(bob, game_id, "ann", "connected"))
        stream.cancel()
        await eventually(lambda: _presence(bob, game_id, "ann", "away"))
        commands = await stored(server.runtime.store, game_id)
    assert first.update.version > 0
    anns = [e.type for c in commands for e in c.events if e.type.startswith("Player") and e.data["player"] == "ann"]
    assert anns == ["PlayerConnected", "PlayerDisconnected"]


async def _presence(client, game_id, player, state):
    view = json.loads((await client.api.GetView(game_pb2.GetViewRequest(
        game_id=game_id, seat=1, view_encoding=JSON))).view_json)
    return view["presence"][player] == state
