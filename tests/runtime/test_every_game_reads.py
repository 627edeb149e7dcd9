"""A finished game of every registered game, played by its bots on its real rules engine (gRPC,
NATS JetStream, seeded shuffles), reads in English and German: every event a player reads (not
internal) has a message with a text, the legal moves have labels, the turn a prompt, and
DescribeGame names every card (issue 24). Before a game has texts of its own its events read
as their type (shared.runtime.narrate); the game helpers' texts make them sentences."""
from __future__ import annotations

import json
import random
import uuid

import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared import games
from shared.auth import Identity, mint_token
from shared.channels import client_channel
from shared.protojson import to_dict
from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck import SeededDeck

MATCHMAKER = Identity("svc:matchmaking", "service")
# Options that keep whole games short (as tests/replay/conftest.py)
SHORT = {"food-fight": {"vp_to_win": 3}, "foodtown-throwdown": {"target_stars": 2, "max_rounds": 3}}
NAMES = sorted(games.all_games())


@pytest.fixture(params=NAMES)
async def served(request, settings, nats_url):
    """(the game, its rules engine) on a real gRPC server."""
    game = games.get(request.param)
    nc, store = await open_game_store(nats_url, game.name)
    server = await start_rules_server(game, settings, 0, store, SeededDeck())
    yield game, server
    await server.stop(grace=None)
    await server.runtime.close()
    await nc.drain()


async def play_to_the_end(game, runtime, players) -> str:
    """A game made as the matchmaker makes one, played by the game's default bots to the end."""
    rng = random.Random(game.name)
    record = await runtime.create_game(MATCHMAKER, players, SHORT.get(game.name, {}))
    game_id = record.game_id
    await runtime.settle(game_id)
    bots = [game.bots[game.default_bot](seed=rng.randrange(1 << 30)) for _ in players]
    for _ in range(5000):
        record = await runtime.load(game_id)
        if record.over:
            break
        seat = rng.choice(sorted(game.rules.to_act(record.state)))
        legal = game.rules.legal_moves(record.state, seat)
        move = bots[seat].choose(game.rules.view(record.state, seat), legal)
        await runtime.submit_move(Identity(players[seat], "player"), game_id, seat, uuid.uuid4().hex, None, move)
    await runtime.settle(game_id)
    assert (await runtime.load(game_id)).over, f"{game.name}: the bots did not finish"
    return game_id


async def test_a_finished_game_reads_in_english_and_german(served, settings):
    # given a finished game of bots
    game, server = served
    players = [f"p{k}" for k in range(max(2, game.min_players))]
    game_id = await play_to_the_end(game, server.runtime, players)
    channel = client_channel(f"127.0.0.1:{server.port}", mint_token(settings, "op", "operator"))
    try:
        api = game_pb2_grpc.GameServiceStub(channel)
        for language in ("en", "de"):
            # when it is replayed as a spectator and as the first seat
            for seat in (None, 0):
                request = game_pb2.GetReplayRequest(game_id=game_id, language=language)
                if seat is not None:
                    request.seat = seat
                steps = [s async for s in api.GetReplay(request)]
                events = [e for s in steps for e in s.events]
                # then every event has a message, and every one a player reads has a text
                assert events and all(e.message.key for e in events)
                unread = [e.type for e in events if not e.internal and not e.message.text.strip()]
                assert not unread, f"{game.name} ({language}, seat {seat}): no text for {unread[:5]}"
                assert all(isinstance(json.loads(e.message.args_json), dict) for e in events)
                assert any(e.type == "GameOver" and not e.internal for e in events)
                assert all(s.prompt.text for s in steps)
        # and DescribeGame names and explains every card of the catalogue
        described = json.loads((await api.DescribeGame(game_pb2.DescribeGameRequest(language="de")))
                               .description_json)
        catalogue = game.catalogue()["cards"] if game.catalogue is not None else {}
        assert set(described["cards"]) == set(catalogue)
        assert all(c["name"] and isinstance(c["text"], str) for c in described["cards"].values())
        assert described["min_players"] == game.min_players and described["language"] == "de"
    finally:
        await channel.close()


async def test_legal_moves_of_a_dealt_game_have_labels_and_choices(served, settings):
    game, server = served
    players = [f"p{k}" for k in range(max(2, game.min_players))]
    record = await server.runtime.create_game(MATCHMAKER, players, SHORT.get(game.name, {}))
    record = await server.runtime.settle(record.game_id)
    seat = min(game.rules.to_act(record.state))
    channel = client_channel(f"127.0.0.1:{server.port}", mint_token(settings, players[seat]))
    try:
        api = game_pb2_grpc.GameServiceStub(channel)
        listed = await api.ListLegalMoves(game_pb2.ListLegalMovesRequest(game_id=record.game_id, seat=seat,
                                                                         language="de"))
        assert listed.moves and len(listed.labels) == len(listed.moves)
        assert all(label.key.startswith("move-") and label.text for label in listed.labels)
        from shared import choices

        space = json.loads(listed.choices_json)
        choices.validate(space)
        assert all(choices.contains(space, to_dict(m)) for m in listed.moves)
    finally:
        await channel.close()
