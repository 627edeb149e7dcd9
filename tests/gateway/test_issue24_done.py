"""Issue 24's "Done when", through the gateway in Connect JSON as a browser calls it: the Food
Fight rulebook's Pancake army and 20 random Armies built from a dealt hand's `choicesJson` pass
CheckMove and SubmitMove; every event a player reads of a finished game of every game has a
message text in English and German (DescribeGame of every game in both languages:
tests/gateway/test_client_contract.py).

The gateway here is a real one (its own, in front of the session's stack) whose GameService
calls go to rules engines started in the test on the session's NATS: their deck deals what the
test says for the games it scripts (the rulebook's Breakfast deal, tests/scenarios/) and seeded
shuffles for the others, so that the test knows the Pancake hand is dealt."""
from __future__ import annotations

import asyncio
import json
import random
import uuid
from collections import Counter
from pathlib import Path

import httpx
import orjson
import pytest

from services.gateway.bootstrap import serve
from services.gateway.config import GatewayConfig
from shared import choices as C
from shared import games
from shared.auth import mint_token
from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck import SeededDeck
from tests.gateway.conftest import ORIGIN
from tests.gateway.test_gateway import bearer, call_json, envelope, frames
from tests.runtime.test_every_game_reads import MATCHMAKER, play_to_the_end

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "food-fight-rulebook-breakfast.json"
RULEBOOK = json.loads(SCENARIO.read_text())
PANCAKE_ARMY = ["general-donut", "private-pancake", "tech-sergeant-toast", "private-pancake", "private-pancake"]


class ScriptedDeck(SeededDeck):
    """Shuffles as a script says for the games given one (deck name -> the k-th shuffle's
    order, as a scenario's `shuffles_by_deck`), seeded ones for every other game."""

    def __init__(self):
        super().__init__("issue-24")
        self.scripts: dict[str, dict[str, list]] = {}

    async def shuffle(self, game_id, deck, cards, k):
        given = self.scripts.get(game_id, {}).get(deck) or []
        if k < len(given) and given[k] is not None:
            assert Counter(given[k]) == Counter(cards), f"the script's {deck} #{k} is not a shuffle of its cards"
            return list(given[k])
        return await super().shuffle(game_id, deck, cards, k)


@pytest.fixture(scope="session")
async def engines(stack, nats_url):
    """(a gateway's base URL in front of a rules engine of every game, the engines by game,
    their deck)."""
    deck = ScriptedDeck()
    opened, servers = [], {}
    for name in sorted(games.all_games()):
        nc, store = await open_game_store(nats_url, name)
        servers[name] = await start_rules_server(games.get(name), stack, 0, store, deck)
        opened.append(nc)
    addresses = {**stack.addresses, **{name: f"127.0.0.1:{s.port}" for name, s in servers.items()}}
    config = GatewayConfig(origins=(ORIGIN,), dev_signin=True, per_address_per_minute=100_000,
                           per_player_per_minute=100_000)
    ready = asyncio.Event()
    task = asyncio.create_task(serve(stack.with_(addresses=addresses), 0, config=config, ready=ready))
    waiter = asyncio.create_task(ready.wait())
    await asyncio.wait([task, waiter], timeout=30, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        task.result()
    yield f"http://127.0.0.1:{ready.running.port}", servers, deck
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    for server in servers.values():
        await server.stop(grace=None)
        await server.runtime.close()
    for nc in opened:
        await nc.drain()


def game_path(game: str, method: str) -> str:
    return f"/games/{game}/foodgames.v1.GameService/{method}"


async def rulebook_breakfast(servers, deck) -> str:
    """A table dealt as the rulebook's Breakfast example deals it, waiting for the plates."""
    runtime = servers["food-fight"].runtime
    game_id = f"rulebook-{uuid.uuid4().hex[:12]}"
    deck.scripts[game_id] = RULEBOOK["shuffles_by_deck"]
    await runtime.create_game(MATCHMAKER, RULEBOOK["players"], RULEBOOK["options"], game_id=game_id)
    await runtime.settle(game_id)
    return game_id


async def test_the_rulebook_pancake_army_and_20_armies_built_from_choices_pass_check_and_submit(engines, stack):
    # "Here's a really great Army": General Donut, Private Pancake, Tech Sergeant Toast and two
    # more Private Pancakes, at Breakfast, from cid's dealt hand
    gateway, servers, deck = engines
    players = RULEBOOK["players"]
    cid = 2
    tokens = {p: mint_token(stack, p) for p in players}
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        # given the rulebook's deal, cid's hand and whole move space as a client reads them
        game_id = await rulebook_breakfast(servers, deck)
        listed = await call_json(client, game_path("food-fight", "ListLegalMoves"), tokens[players[cid]],
                                 {"gameId": game_id, "seat": cid, "language": "de"})
        assert listed.status_code == 200, listed.text
        answer = listed.json()
        assert "movesComplete" not in answer  # false: the listed Armies are only a sample
        space = json.loads(answer["choicesJson"])
        C.validate(space)
        pancake = {"type": "plate", "meal": "breakfast", "troops": PANCAKE_ARMY}
        assert C.contains(space, pancake)
        # and 20 Armies built from the choices at random, as a client that picks each field builds them
        rng = random.Random(24)
        built = []
        while len(built) < 20:
            move = C.sample(space, rng, "plate")
            check = await call_json(client, game_path("food-fight", "CheckMove"), tokens[players[cid]],
                                    {"gameId": game_id, "seat": cid, "move": move, "language": "de"})
            assert check.status_code == 200, check.text
            # a built move the rules refuse (a meal with no Battlefield today) says why, in German
            if not check.json().get("accepted"):
                assert check.json()["reason"] and check.json()["message"]["key"].startswith("refused-"), check.text
                continue
            built.append(move)
        assert len({(m["meal"], tuple(sorted(m["troops"]))) for m in built}) > 10
        # when each is checked and then submitted, each at a table dealt the same
        for move in [pancake, *built]:
            table = game_id if move is pancake else await rulebook_breakfast(servers, deck)
            view = await call_json(client, game_path("food-fight", "GetView"), tokens[players[cid]],
                                   {"gameId": table, "seat": cid})
            version = view.json()["version"]
            body = {"gameId": table, "seat": cid, "move": move, "expectedVersion": version}
            check = await call_json(client, game_path("food-fight", "CheckMove"), tokens[players[cid]], body)
            # then CheckMove accepts it and writes nothing, and SubmitMove plates it
            assert check.status_code == 200 and check.json().get("accepted") is True, (move, check.text)
            submitted = await call_json(client, game_path("food-fight", "SubmitMove"), tokens[players[cid]],
                                        {**body, "moveId": uuid.uuid4().hex, "language": "en"})
            assert submitted.status_code == 200, (move, submitted.text)
            events = submitted.json()["events"]
            assert [e["type"] for e in events if e["type"] == "ArmyPlated"] == ["ArmyPlated"]
            assert int(submitted.json()["version"]) == int(version) + len(events)
            assert all(e["message"]["text"] for e in events if not e.get("internal"))


async def replay(client, game: str, game_id: str, token: str, language: str, seat: int | None):
    """The updates of GetReplay as a Connect JSON stream."""
    request = {"gameId": game_id, "language": language, **({"seat": seat} if seat is not None else {})}
    headers = bearer(token, **{"content-type": "application/connect+json", "connect-protocol-version": "1"})
    updates = []
    async with client.stream("POST", game_path(game, "GetReplay"), content=envelope(orjson.dumps(request)),
                             headers=headers) as response:
        assert response.status_code == 200
        async for flags, payload in frames(response):
            message = json.loads(payload)
            if flags & 2:
                assert "error" not in message, message
                break
            updates.append(message)
    return updates


@pytest.mark.parametrize("game", sorted(games.all_games()))
async def test_every_event_of_a_finished_game_reads_in_english_and_german_through_the_gateway(engines, stack, game):
    # given a finished game of the game's bots
    gateway, servers, _ = engines
    declared = games.get(game)
    players = [f"r{uuid.uuid4().hex[:6]}-{k}" for k in range(max(2, declared.min_players))]
    game_id = await play_to_the_end(declared, servers[game].runtime, players)
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        for language in ("en", "de"):
            # when the first player replays it, as a spectator and as their seat
            for seat in (None, 0):
                updates = await replay(client, game, game_id, mint_token(stack, players[0]), language, seat)
                events = [e for u in updates for e in u.get("events", [])]
                # then every event has a message, and every one a player reads a text
                assert events and all(e["message"]["key"] for e in events)
                unread = [e["type"] for e in events if not e.get("internal") and not e["message"].get("text", "").strip()]
                assert not unread, f"{game} ({language}, seat {seat}): no text for {unread[:5]}"
                assert any(e["type"] == "GameOver" and not e.get("internal") for e in events)
                assert all(u["prompt"]["text"] for u in updates)
                if language == "de":
                    over = next(e for e in events if e["type"] == "GameOver")
                    assert over["message"]["text"].startswith("Die Partie ist vorbei"), over["message"]
