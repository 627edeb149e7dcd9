"""The client contract (issue 24) through the gateway, in Connect JSON as a browser calls it:
DescribeGame of every game in English and German, with or without a token (the language from
the request or from Accept-Language); CheckMove answers a move and writes nothing; a refusal's
message is the rule in the browser's language, not prefixed with its code."""
from __future__ import annotations

import json
import uuid

import httpx
import pytest

from shared import games
from tests.gateway.test_gateway import GAME_PATH, call_json, matched_pair, seat_to_move, sign_in


def path(game: str, method: str) -> str:
    return f"/games/{game}/foodgames.v1.GameService/{method}"


@pytest.mark.parametrize("game", sorted(games.all_games()))
async def test_describe_game_in_english_and_german_with_and_without_a_token(gateway, game):
    declared = games.get(game)
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        token = await sign_in(client, f"gw-reader-{uuid.uuid4().hex[:6]}")
        for language, header, tok in (("de", None, None), ("en", None, token), ("", "de-DE,de;q=0.9", None),
                                      ("", "en-US,en;q=0.8", token)):
            headers = {"accept-language": header} if header else {}
            body = {"language": language} if language else {}
            reply = await call_json(client, path(game, "DescribeGame"), tok, body, **headers)
            assert reply.status_code == 200, reply.text
            described = json.loads(reply.json()["descriptionJson"])
            wanted = language or header[:2]
            assert reply.json()["language"] == described["language"] == wanted
            assert described["game"] == game and described["min_players"] == declared.min_players
            assert described["max_players"] == declared.max_players
            assert described["cooperative"] == declared.cooperative
            assert set(described["cards"]) == set(declared.catalogue()["cards"])
            assert all(card["name"] for card in described["cards"].values())
            assert {v["title"] for v in described["moves"]["oneOf"]} == set(declared.moves.names())
            over = described["messages"]["event-GameOver"]
            assert over.startswith("Die Partie ist vorbei." if wanted == "de" else "The game is over.")
        # a token, if sent, must be valid
        bad = await call_json(client, path(game, "DescribeGame"), "not-a-token", {})
        assert bad.status_code == 401 and bad.json()["code"] == "unauthenticated"


async def test_check_move_writes_nothing_and_a_refusal_reads_in_the_browsers_language(gateway):
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        game_id, tokens, seats = await matched_pair(client)
        player, seat, moves = await seat_to_move(client, game_id, tokens, seats)
        view = await call_json(client, f"{GAME_PATH}/GetView", tokens[player], {"gameId": game_id, "seat": seat})
        version = view.json()["version"]
        # when the player checks a legal move and a malformed one
        checked = await call_json(client, f"{GAME_PATH}/CheckMove", tokens[player],
                                  {"gameId": game_id, "seat": seat, "move": moves[0], "expectedVersion": version})
        assert checked.status_code == 200, checked.text
        assert checked.json()["accepted"] is True and checked.json()["version"] == version
        refused = await call_json(client, f"{GAME_PATH}/CheckMove", tokens[player],
                                  {"gameId": game_id, "seat": seat, "moveJson": '{"type": "no-such-move"}'},
                                  **{"accept-language": "de-DE,de;q=0.9,en;q=0.5"})
        assert refused.status_code == 200, refused.text
        answer = refused.json()
        assert "accepted" not in answer and answer["code"] == 3  # INVALID_ARGUMENT, proto3 JSON leaves false out
        assert answer["message"]["key"] == "refused-unknown-move-type"
        # (the game's own words when it has them: "Foodie Forest kennt keinen Zug 'no-such-move': ...")
        assert "keinen Zug 'no-such-move'" in answer["reason"], answer["reason"]
        # then nothing was written
        again = await call_json(client, f"{GAME_PATH}/GetView", tokens[player], {"gameId": game_id, "seat": seat})
        assert again.json()["version"] == version
        # and SubmitMove refuses the same move with the same words, not prefixed with the code
        submitted = await call_json(client, f"{GAME_PATH}/SubmitMove", tokens[player],
                                    {"gameId": game_id, "seat": seat, "moveId": uuid.uuid4().hex,
                                     "move": {"type": "no-such-move"}}, **{"accept-language": "de"})
        assert submitted.status_code == 400 and submitted.json()["code"] == "invalid_argument"
        assert submitted.json()["message"] == answer["reason"]
        # and the legal moves carry labels and choices, the view a prompt, in the asked language
        listed = await call_json(client, f"{GAME_PATH}/ListLegalMoves", tokens[player],
                                 {"gameId": game_id, "seat": seat, "language": "de"})
        assert len(listed.json()["labels"]) == len(listed.json()["moves"])
        assert all(label["text"] for label in listed.json()["labels"])
        assert json.loads(listed.json()["choicesJson"])["moves"]
        view = await call_json(client, f"{GAME_PATH}/GetView", tokens[player],
                               {"gameId": game_id, "seat": seat, "language": "de"})
        assert view.json()["prompt"]["text"]


async def test_the_gateways_own_refusals_read_in_the_browsers_language(gateway):
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        reply = await call_json(client, f"{GAME_PATH}/GetView", None, {"gameId": "x", "seat": 0},
                                **{"accept-language": "de"})
        assert reply.status_code == 401 and reply.json()["message"] == "Melde dich zuerst an: Dieser Aufruf braucht " \
                                                                      "ein Token."
        # a program that sends no Accept-Language reads the English reason, as before
        reply = await call_json(client, f"{GAME_PATH}/GetView", None, {"gameId": "x", "seat": 0})
        assert reply.status_code == 401 and "no token" in reply.json()["message"]
