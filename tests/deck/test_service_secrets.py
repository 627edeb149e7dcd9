"""Secrets stay inside: a deck service run as its own process (`foodgames serve
deck`), its log output captured, plays a game's commit, seeds and shuffles. Until
the reveal, the server seed appears in no log line, no gRPC answer, no log leaf;
the KV bucket never holds it in the clear, only sealed with AES-256-GCM under a
key derived from the deck's signing key, bound to the game id."""
from __future__ import annotations

import asyncio
import base64
import json
import os
import signal
import subprocess
import sys
import uuid

import pytest
from foodgames.v1 import deck_pb2 as pb
from foodgames.v1 import deck_pb2_grpc as pb_grpc
from nats.js.errors import NotFoundError

from services.deck.keys import SeedBox, SeedSealError, load_signer
from services.deck.store import game_key
from shared.auth import mint_token
from shared.channels import client_channel
from apps.cli.up import wait_serving
from shared.config import Settings
from apps.embedded import free_port
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore

TOKEN_KEY = "deck-secrets-test-key-" + "s" * 32
GAME = "foodie-forest"
PLAYERS = ["ann", "bob"]
CARDS = [f"card-{i}" for i in range(30)]


@pytest.fixture
async def deck_process(tmp_path, nats_url):
    uid = uuid.uuid4().hex[:10].upper()
    log_stream, bucket = f"DECKLOG_S{uid}", f"DECK_S{uid}"
    port = free_port()
    env = dict(os.environ, FOODGAMES_NATS_URL=nats_url, FOODGAMES_DATA_DIR=str(tmp_path),
               FOODGAMES_TOKEN_KEY=TOKEN_KEY, FOODGAMES_SEED_WINDOW_S="0.3", FOODGAMES_LOG_LEVEL="DEBUG",
               FOODGAMES_DECK_LOG_STREAM=log_stream, FOODGAMES_DECK_BUCKET=bucket)
    env.pop("FOODGAMES_DECK_SIGNING_KEY_FILE", None)
    log_file = tmp_path / "deck.log"
    with open(log_file, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "apps.cli.main", "serve", "deck", "--port", str(port)],
                                env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    settings = Settings.from_env(env)
    try:
        await wait_serving({"deck": f"127.0.0.1:{port}"}, 30, {"deck": proc})
        yield settings, f"127.0.0.1:{port}", log_file, log_stream, bucket
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        nc = await connect(nats_url)
        for stream in (log_stream, f"KV_{bucket}"):
            try:
                await nc.jetstream().delete_stream(stream)
            except Exception:  # noqa: BLE001
                pass
        await nc.drain()


async def raw_messages(js, stream: str) -> list[bytes]:
    """Every message still in a stream, headers and data, as bytes."""
    info = await js.stream_info(stream)
    out = []
    for seq in range(info.state.first_seq, info.state.last_seq + 1):
        try:
            msg = await js.get_msg(stream, seq=seq)
        except NotFoundError:  # an older revision of a KV key, replaced
            continue
        out.append(json.dumps(msg.headers or {}).encode() + b"\n" + (msg.data or b""))
    return out


def forms(seed: bytes) -> list[bytes]:
    """Every way the seed could be written down."""
    return [seed, seed.hex().encode(), seed.hex().upper().encode(), base64.b64encode(seed),
            base64.urlsafe_b64encode(seed).rstrip(b"=")]


async def test_no_log_line_answer_leaf_or_stored_byte_holds_the_seed_before_the_reveal(deck_process, nats_url):
    settings, address, log_file, log_stream, bucket = deck_process
    channels = {who: client_channel(address, mint_token(settings, who, role))
                for who, role in (("svc:rules", "service"), ("ann", "player"), ("bob", "player"))}
    svc, ann, bob = (pb_grpc.DeckServiceStub(channels[w]) for w in ("svc:rules", "ann", "bob"))
    nc = await connect(nats_url)
    js = nc.jetstream()
    try:
        game_id = "secret-" + uuid.uuid4().hex[:10]
        answers = []
        committed = await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
        answers.append(committed)
        answers.append(await ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"ann")))
        answers.append(await bob.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=1, seed=b"bob")))
        orders = []
        for k in range(3):
            shuffled = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=k))
            answers.append(shuffled)
            orders.append(("main", k, list(shuffled.order)))
        checkpoint = await svc.GetCheckpoint(pb.GetCheckpointRequest())
        answers.append(checkpoint)
        for index in range(committed.log_index, checkpoint.tree_size):
            answers.append(await svc.GetInclusionProof(pb.GetInclusionProofRequest(leaf_index=index)))
        await asyncio.sleep(0.2)  # let the process write its last lines
        log_before = log_file.read_bytes()
        kv_before = await raw_messages(js, f"KV_{bucket}")
        leaves_before = await raw_messages(js, log_stream)

        store = JetStreamEventStore(nc)
        events = [{"type": "ShuffleApplied", "schema_version": 1, "data": {"deck": d, "k": k, "order": o}}
                  for d, k, o in orders]
        events.append({"type": "GameOver", "schema_version": 1, "data": {"game": GAME, "game_id": game_id}})
        await store.append(f"games.{GAME}.{game_id}", events, 0, "end")
        seed = (await svc.Reveal(pb.RevealRequest(game_id=game_id))).server_seed
        await asyncio.sleep(0.2)
        kv_after = await raw_messages(js, f"KV_{bucket}")

        assert b'"event": "game committed"' in log_before and committed.commitment.encode() in log_before, \
            "the deck's log output was captured"
        for form in forms(seed):
            assert form not in log_before, "a log line before the reveal holds the server seed"
            assert not any(form in a.SerializeToString() for a in answers), "an answer before the reveal holds the seed"
            assert not any(form in m for m in leaves_before), "a log leaf before the reveal holds the seed"
            assert not any(form in m for m in kv_before + kv_after), "the KV bucket holds the seed in the clear"
        assert seed.hex().encode() not in log_file.read_bytes(), "the deck never logs a server seed"

        # what the bucket holds is the seed sealed for this game, under the deck's key only
        sealed = json.loads((await (await js.key_value(bucket)).get(game_key(game_id))).value)["sealed_seed"]
        box = SeedBox.for_signer(load_signer(settings))
        assert box.open(game_id, sealed) == seed
        with pytest.raises(SeedSealError):
            box.open("another-game", sealed)
        with pytest.raises(SeedSealError):
            SeedBox(os.urandom(32)).open(game_id, sealed)
        key_file = settings.data_dir / "secrets" / "deck-signing-key.pem"
        assert key_file.stat().st_mode & 0o777 == 0o600
    finally:
        for channel in channels.values():
            await channel.close()
        await nc.drain()
