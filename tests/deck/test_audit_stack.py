"""The audit from the operator's chair, against the running stack: a whole
2-player Foodie Forest game played over gRPC (both players sending their own
client seeds), then `foodgames audit verify GAME_ID` passes, and a bundle from
`foodgames audit export` with one card of an order swapped, one byte of a
client seed changed, or one card of a dealt hand changed fails `foodgames audit verify
--bundle` naming what broke (the last by replaying the game's record with its rules).
The game is foodgames-shuffle-v2: its shuffle records (leaves that anyone could
read during the game) hold no plain hash of a card list or an order."""
from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import subprocess
import uuid

import grpc
from foodgames.v1 import deck_pb2, deck_pb2_grpc, game_pb2, game_pb2_grpc

from apps.audit import verifier
from shared.auth import mint_token
from shared.channels import client_channel
from tests.gameplay import RACES, play_randomly
from tests.stacklib import FOODGAMES, cli_env

PLAYERS = ["audit-ann", "audit-bob"]


def foodgames(stack, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([FOODGAMES, *args], env=cli_env(stack), capture_output=True, text=True, timeout=60)


async def play_a_game(stack, players=PLAYERS, ranked: bool = False) -> tuple[str, dict[int, bytes]]:
    PLAYERS = list(players)  # noqa: N806 - the seats of this game
    channels = {p: client_channel(stack.address("foodie-forest"), mint_token(stack, p)) for p in PLAYERS}
    decks = {p: client_channel(stack.address("deck"), mint_token(stack, p)) for p in PLAYERS}
    games = {p: game_pb2_grpc.GameServiceStub(ch) for p, ch in channels.items()}
    rng = random.Random(11)
    try:
        game_id = "audit-" + uuid.uuid4().hex[:12]
        seeds = {seat: os.urandom(16) for seat in range(2)}

        async def send_seed(seat: int):
            # each player's client mixes in its own seed as soon as the commitment is out
            api = deck_pb2_grpc.DeckServiceStub(decks[PLAYERS[seat]])
            request = deck_pb2.AddClientSeedRequest(game_id=game_id, seat=seat, seed=seeds[seat])
            while True:
                try:
                    return await api.AddClientSeed(request)
                except grpc.aio.AioRpcError as exc:
                    if exc.code() != grpc.StatusCode.NOT_FOUND:  # not committed yet: ask again
                        raise
                    await asyncio.sleep(0.005)

        senders = [asyncio.create_task(send_seed(seat)) for seat in range(2)]
        # the matchmaker's to create: a player may not seat others (docs/errors.md)
        async with client_channel(stack.address("foodie-forest"), mint_token(stack, "svc:matchmaking", "service")) as mm:
            created = await game_pb2_grpc.GameServiceStub(mm).CreateGame(
                game_pb2.CreateGameRequest(game_id=game_id, players=PLAYERS, ranked=ranked))
        replies = await asyncio.gather(*senders)
        assert all(r.commitment == created.seed_commitment for r in replies)
        await play_randomly(games, game_id, PLAYERS, rng, tolerate=RACES)
        # the runtime reveals the seed right after GameOver; wait for it
        player_deck = deck_pb2_grpc.DeckServiceStub(decks[PLAYERS[0]])  # a player may audit their game
        for _ in range(200):
            try:
                await player_deck.ExportAuditBundle(deck_pb2.ExportAuditBundleRequest(game_id=game_id))
                break
            except grpc.aio.AioRpcError as exc:
                assert exc.code() == grpc.StatusCode.FAILED_PRECONDITION, exc.details()
                await asyncio.sleep(0.05)
        return game_id, seeds
    finally:
        for ch in [*channels.values(), *decks.values()]:
            await ch.close()


async def test_a_played_game_verifies_online_and_an_edited_bundle_fails_offline(stack, tmp_path):
    game_id, seeds = await play_a_game(stack)

    key = foodgames(stack, "audit", "key")
    assert key.returncode == 0, key.stderr
    public_key = key.stdout.strip()
    assert public_key.startswith("foodgames/deck/log/v1+")

    verified = foodgames(stack, "audit", "verify", game_id, "--public-key", public_key)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "RESULT: every check holds" in verified.stdout
    assert "operator key" in verified.stdout and "log consistency: consistency proof" in verified.stdout
    assert verified.stdout.count("re-derived order") == 5, "Foodie Forest deals 5 times"
    assert "ok      game record" in verified.stdout and "ok      final result" in verified.stdout
    assert "ok      leaderboard rating" in verified.stdout and "a casual game" in verified.stdout

    exported = foodgames(stack, "audit", "export", game_id)
    assert exported.returncode == 0, exported.stderr
    bundle = json.loads(exported.stdout)
    assert bundle["algorithm"] == "foodgames-shuffle-v2"
    leaves = {e["index"]: base64.b64decode(e["leaf"]) for e in bundle["log"]["entries"]}
    for s in bundle["shuffles"]:
        leaf = leaves[s["log_index"]]
        assert set(json.loads(leaf)) >= {"input_commit", "output_commit"}
        for cards in (s["cards"], s["order"]):
            assert verifier.cards_sha256(cards).encode() not in leaf, "a plain card-list hash in the log"
    assert [(c["seat"], c["seed"]) for c in bundle["client_seeds"]] == [(s, seeds[s].hex()) for s in (0, 1)]
    assert [e["type"] for e in bundle["events"]][:2] == ["GameCreated", "SeedCommitted"]
    # a v2 bundle: the commands as stored, each player's move with its seat
    assert bundle["format"] == "foodgames-audit-bundle-v2"
    assert bundle["commands"][0] == {"command_id": "create", "version": 3}
    assert bundle["commands"][-1]["version"] == len(bundle["events"])
    moves = [c for c in bundle["commands"] if c["command_id"].startswith("move:")]
    assert moves and all(c["command_id"].startswith(f"move:{c['move']['seat']}:") for c in moves)
    assert bundle["events"][1]["data"]["log_index"] == bundle["commitment"]["log_index"]
    honest = tmp_path / "bundle.json"
    honest.write_text(exported.stdout)
    assert foodgames(stack, "audit", "verify", "--bundle", str(honest)).returncode == 0
    # offline and online report the same checks by name; offline names what it skipped and why
    online = json.loads(foodgames(stack, "audit", "verify", game_id, "--public-key", public_key, "--json").stdout)
    offline = json.loads(foodgames(stack, "audit", "verify", "--bundle", str(honest), "--public-key", public_key,
                                   "--json").stdout)
    assert online["skipped"] == [] and offline["ok"] is True
    skipped = [c["name"] for c in offline["skipped"]]
    assert skipped and all("online only" in c["reason"] for c in offline["skipped"])
    assert [c["name"] for c in offline["checks"]] + skipped == [c["name"] for c in online["checks"]]

    edited = json.loads(exported.stdout)
    order = edited["shuffles"][0]["order"]
    i = next(n for n in range(1, len(order)) if order[n] != order[0])
    order[0], order[i] = order[i], order[0]
    deck, k = edited["shuffles"][0]["deck"], edited["shuffles"][0]["k"]
    tampered = tmp_path / "edited.json"
    tampered.write_text(json.dumps(edited))
    failed = foodgames(stack, "audit", "verify", "--bundle", str(tampered), "--public-key", public_key)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert f"FAILED  shuffle {deck}#{k}: commitments" in failed.stdout, "the order no longer opens the commitment"
    assert f"ok      shuffle {deck}#1: commitments" in failed.stdout

    seed = bytearray(bytes.fromhex(edited["client_seeds"][1]["seed"]))
    seed[0] ^= 0x01
    edited["client_seeds"][1]["seed"] = seed.hex()
    tampered.write_text(json.dumps(edited))
    failed = foodgames(stack, "audit", "verify", "--bundle", str(tampered), "--public-key", public_key)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert f"FAILED  shuffle {deck}#{k}: commitments" in failed.stdout
    assert f"FAILED  shuffle {deck}#1: re-derived order" in failed.stdout, "the changed seed breaks every deal"
    assert "RESULT:" in failed.stdout and "FAILED" in failed.stdout.splitlines()[-1]

    # one card of a hand in the first deal changed: the replay of the record names the event
    edited = json.loads(exported.stdout)
    i = next(n for n, e in enumerate(edited["events"]) if e["type"] == "CardsDealt")
    hand = edited["events"][i]["data"]["hands"][1]
    hand[0] = next(c for c in edited["shuffles"][0]["cards"] if c != hand[0])
    tampered.write_text(json.dumps(edited))
    failed = foodgames(stack, "audit", "verify", "--bundle", str(tampered), "--public-key", public_key)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "FAILED  game record" in failed.stdout and f"game event {i} (CardsDealt) differs" in failed.stdout
    assert "ok      shuffle" in failed.stdout, "the shuffles themselves still verify"

    # the deck's own log output never carried a server seed
    deck_log = (stack.data_dir / "logs" / "deck.log").read_text()
    assert bundle["server_seed"] not in deck_log and game_id in deck_log
