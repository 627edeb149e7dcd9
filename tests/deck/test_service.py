"""The deck service's guarantees, each through a real gRPC channel against a
real NATS JetStream: commit before play, players' seeds within the window and
never after the first shuffle, the derivation of docs/shuffle-spec.md, the
reveal only after GameOver, permissions, idempotent commits and shuffles (also
across two replicas), a restart that keeps the log and the seeds, shuffle
records that give nothing away before the reveal (foodgames-shuffle-v2), and a
game committed as v1 that stays v1 across the upgrade."""
from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import os
import time
import uuid
from dataclasses import dataclass, field

import grpc
import pytest
from foodgames.v1 import deck_pb2 as pb
from foodgames.v1 import deck_pb2_grpc as pb_grpc

from services.deck.bootstrap import start_deck_server
from services.deck import shuffle as sh
from services.deck.records import decode_record
from services.deck.store import DeckNames, LogConflict
from apps.audit import verifier
from shared.auth import mint_token
from shared.channels import client_channel
from shared.config import Settings
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore

TOKEN_KEY = "deck-service-test-key-" + "d" * 32
GAME = "foodie-forest"
PLAYERS = ["ann", "bob"]
CARDS = [f"card-{i}" for i in range(20)]


@dataclass
class DeckHarness:
    """Deck servers in this process on a log stream and KV bucket of their own."""

    settings: Settings
    names: DeckNames
    nats_url: str
    servers: list = field(default_factory=list)
    channels: list = field(default_factory=list)
    connections: list = field(default_factory=list)

    async def start(self, seed_window_s: float | None = 0.4):  # None: the settings' default
        nc = await connect(self.nats_url)
        self.connections.append(nc)
        server = await start_deck_server(self.settings.with_(seed_window_s=seed_window_s), 0, nc, self.names)
        server.nc = nc
        self.servers.append(server)
        return server

    async def stop(self, server) -> None:
        await server.stop(grace=None)
        self.servers.remove(server)
        await server.nc.drain()
        self.connections.remove(server.nc)

    def stub(self, server, player: str, role: str = "player", token: str | None = None) -> pb_grpc.DeckServiceStub:
        channel = client_channel(f"127.0.0.1:{server.port}", token or mint_token(self.settings, player, role))
        self.channels.append(channel)
        return pb_grpc.DeckServiceStub(channel)

    def service(self, server) -> pb_grpc.DeckServiceStub:
        return self.stub(server, "svc:rules", "service")

    async def end_game(self, game_id: str, shuffles=(), cancelled: bool = False) -> None:
        """What the rules runtime writes into the game's stream: the deals, then GameOver (or
        GameCancelled)."""
        nc = self.connections[0]
        store = JetStreamEventStore(nc)
        subject = f"games.{GAME}.{game_id}"
        events = [{"type": "GameCreated", "schema_version": 1,
                   "data": {"game": GAME, "game_id": game_id, "players": PLAYERS}}]
        events += [{"type": "ShuffleApplied", "schema_version": 1, "data": {"deck": d, "k": k, "order": list(o)}}
                   for d, k, o in shuffles]
        events.append({"type": "GameCancelled", "schema_version": 1, "data": {"reason": "nobody came"}} if cancelled
                      else {"type": "GameOver", "schema_version": 1, "data": {"game": GAME, "game_id": game_id}})
        await store.append(subject, events, await store.version(subject), f"end-{uuid.uuid4().hex}")


@pytest.fixture
async def decks(tmp_path, nats_url):
    uid = uuid.uuid4().hex[:10].upper()
    harness = DeckHarness(Settings(data_dir=tmp_path, token_key=TOKEN_KEY, nats_url=nats_url),
                          DeckNames(f"DECKLOG_T{uid}", f"DECK_T{uid}"), nats_url)
    yield harness
    for channel in harness.channels:
        await channel.close()
    for server in list(harness.servers):
        await harness.stop(server)
    nc = await connect(nats_url)
    js = nc.jetstream()
    for stream in (harness.names.log_stream, f"KV_{harness.names.bucket}"):
        try:
            await js.delete_stream(stream)
        except Exception:  # noqa: BLE001 - never created
            pass
    await nc.drain()


def new_game_id() -> str:
    return "g-" + uuid.uuid4().hex[:12]


async def code_of(call) -> grpc.StatusCode:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await call
    return err.value.code(), err.value.details()


async def verified_checkpoint(api) -> tuple[pb.GetCheckpointResponse, verifier.CheckpointInfo]:
    reply = await api.GetCheckpoint(pb.GetCheckpointRequest())
    key = (await api.GetPublicKey(pb.GetPublicKeyRequest())).public_key
    assert reply.public_key == key
    info = verifier.open_signed_checkpoint(reply.checkpoint, key)
    assert (info.size, info.root) == (reply.tree_size, reply.root_hash)
    return reply, info


# ---------------------------------------------------------------- 1. commit before play

async def test_the_commitment_is_logged_before_any_seed_or_shuffle_and_commit_is_idempotent(decks):
    # (a window far longer than the checks between the commitment and the seeds take on a loaded
    # machine; both seats send theirs, so the shuffle need not wait it out)
    server = await decks.start(seed_window_s=10.0)
    svc = decks.service(server)
    ann = decks.stub(server, "ann")
    game_id = new_game_id()

    # nothing of a game is accepted before its commitment
    assert (await code_of(ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"x"))))[0] \
        == grpc.StatusCode.NOT_FOUND
    code, details = await code_of(svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS)))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and "CommitGame" in details
    assert (await code_of(svc.Reveal(pb.RevealRequest(game_id=game_id))))[0] == grpc.StatusCode.NOT_FOUND

    before, _ = await verified_checkpoint(svc)
    committed = await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    assert len(committed.commitment) == 64 and committed.algorithm == "foodgames-shuffle-v2"
    assert committed.log_index == before.tree_size
    assert [f.name for f in pb.CommitGameResponse.DESCRIPTOR.fields] == ["commitment", "log_index", "algorithm"]

    # the leaf is the commitment record, provably in the signed tree
    after, info = await verified_checkpoint(svc)
    proof = await svc.GetInclusionProof(pb.GetInclusionProofRequest(leaf_index=committed.log_index,
                                                                     tree_size=after.tree_size))
    assert verifier.inclusion_holds(proof.leaf, committed.log_index, info.size, list(proof.hashes), info.root)
    record = decode_record(proof.leaf)
    assert (record.type, record.game_id, record.game, list(record.players), record.commitment) == \
        ("commitment", game_id, GAME, PLAYERS, committed.commitment)

    # a retry is the same commitment and no new leaf; another table under the id is refused
    again = await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    assert (again.commitment, again.log_index) == (committed.commitment, committed.log_index)
    code, details = await code_of(svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME,
                                                                      players=["ann", "eve"])))
    assert code == grpc.StatusCode.ALREADY_EXISTS and "used once" in details
    assert (await code_of(svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game="food-fight",
                                                             players=PLAYERS))))[0] == grpc.StatusCode.ALREADY_EXISTS
    assert (await svc.GetCheckpoint(pb.GetCheckpointRequest())).tree_size == after.tree_size

    # the seed follows the commitment; the shuffle follows both in the log
    assert (await ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"ann"))).commitment \
        == committed.commitment
    await decks.stub(server, PLAYERS[1]).AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=1, seed=b"b"))
    shuffled = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=0))
    assert shuffled.log_index > committed.log_index and sorted(shuffled.order) == sorted(CARDS)

    assert (await code_of(svc.CommitGame(pb.CommitGameRequest(game_id="bad id", game=GAME, players=PLAYERS))))[0] \
        == grpc.StatusCode.INVALID_ARGUMENT
    assert (await code_of(svc.CommitGame(pb.CommitGameRequest(game_id=new_game_id(), game=GAME,
                                                             players=["ann", "ann"]))))[0] \
        == grpc.StatusCode.INVALID_ARGUMENT


# ---------------------------------------------------------------- permissions

async def test_only_services_and_operators_commit_shuffle_and_reveal_and_only_a_seat_s_player_sends_its_seed(decks):
    server = await decks.start()
    svc, ann, bob = decks.service(server), decks.stub(server, "ann"), decks.stub(server, "bob")
    operator = decks.stub(server, "operator", "operator")
    game_id = new_game_id()
    denied = grpc.StatusCode.PERMISSION_DENIED

    assert (await code_of(ann.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))))[0] == denied
    await operator.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    assert (await code_of(ann.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS))))[0] == denied
    assert (await code_of(bob.Reveal(pb.RevealRequest(game_id=game_id))))[0] == denied

    code, details = await code_of(bob.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"b")))
    assert code == denied and "ann" in details
    for other in (svc, operator):
        assert (await code_of(other.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=1,
                                                                          seed=b"x"))))[0] == denied
    assert (await code_of(ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=5, seed=b"x"))))[0] \
        == grpc.StatusCode.INVALID_ARGUMENT
    assert (await code_of(ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0,
                                                                    seed=b"x" * 1025))))[0] \
        == grpc.StatusCode.INVALID_ARGUMENT
    nobody = decks.stub(server, "", token="not-a-token")
    assert (await code_of(nobody.GetCheckpoint(pb.GetCheckpointRequest())))[0] == grpc.StatusCode.UNAUTHENTICATED

    await ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"mine"))
    await ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"mine"))  # a retry
    assert (await code_of(ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"other"))))[0] \
        == grpc.StatusCode.ALREADY_EXISTS

    # anyone with a token reads the log; a stranger cannot export a game's bundle
    await ann.GetCheckpoint(pb.GetCheckpointRequest())
    assert (await ann.GetPublicKey(pb.GetPublicKeyRequest())).public_key.startswith("foodgames/deck/log/v1+")
    eve = decks.stub(server, "eve")
    assert (await code_of(eve.ExportAuditBundle(pb.ExportAuditBundleRequest(game_id=game_id))))[0] == denied


# ---------------------------------------------------------------- 2. + 3. client seeds and the derivation

async def test_every_seat_s_seed_is_used_the_first_shuffle_does_not_wait_and_later_seeds_are_too_late(decks):
    server = await decks.start(seed_window_s=5.0)
    svc, ann, bob = decks.service(server), decks.stub(server, "ann"), decks.stub(server, "bob")
    game_id = new_game_id()
    await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    seeds = {0: os.urandom(32), 1: b"bob's lucky words \xf0\x9f\x8d\x84"}
    await ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=seeds[0]))
    await bob.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=1, seed=seeds[1]))

    started = time.monotonic()
    first = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=0))
    assert time.monotonic() - started < 2.0, "every seat had sent its seed: no reason to wait out the window"
    second = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=1))
    dog = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="dog", cards=["x", "y", "z"], k=0))

    code, details = await code_of(bob.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=1, seed=b"again")))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and details.startswith("too late")

    await decks.end_game(game_id, [("main", 0, first.order), ("main", 1, second.order), ("dog", 0, dog.order)])
    revealed = await svc.Reveal(pb.RevealRequest(game_id=game_id))
    # docs/shuffle-spec.md, re-derived with the operator's independent implementation
    pairs = sorted(seeds.items())
    assert list(first.order) == verifier.derive_order(revealed.server_seed, pairs, game_id, "main", 0, CARDS)
    assert list(second.order) == verifier.derive_order(revealed.server_seed, pairs, game_id, "main", 1, CARDS)
    assert list(dog.order) == verifier.derive_order(revealed.server_seed, pairs, game_id, "dog", 0, ["x", "y", "z"])
    assert first.order != second.order

    bundle = json.loads((await svc.ExportAuditBundle(pb.ExportAuditBundleRequest(game_id=game_id))).bundle_json)
    assert [(s["seat"], s["player"], s["seed"]) for s in bundle["client_seeds"]] == \
        [(0, "ann", seeds[0].hex()), (1, "bob", seeds[1].hex())]
    key = (await svc.GetPublicKey(pb.GetPublicKeyRequest())).public_key
    report = verifier.verify_bundle(bundle, expected_public_key=key)
    assert report.ok, verifier.format_report(report)


async def test_the_first_shuffle_waits_out_the_window_and_a_seat_that_sent_nothing_contributes_nothing(decks):
    window = 0.6
    server = await decks.start(seed_window_s=window)
    svc, ann, bob = decks.service(server), decks.stub(server, "ann"), decks.stub(server, "bob")
    game_id = new_game_id()
    await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    committed_at = time.monotonic()
    await ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"ann-seed"))

    shuffled = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=0))
    assert time.monotonic() - committed_at >= window - 0.1, "bob's seed was still welcome: the shuffle had to wait"
    code, details = await code_of(bob.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=1, seed=b"late")))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and "too late" in details

    await decks.end_game(game_id, [("main", 0, shuffled.order)])
    seed = (await svc.Reveal(pb.RevealRequest(game_id=game_id))).server_seed
    assert list(shuffled.order) == verifier.derive_order(seed, [(0, b"ann-seed")], game_id, "main", 0, CARDS)

    # a game whose window closed before any seed: no seed is accepted any more
    late_game = new_game_id()
    await svc.CommitGame(pb.CommitGameRequest(game_id=late_game, game=GAME, players=PLAYERS))
    await asyncio.sleep(window + 0.05)
    code, details = await code_of(ann.AddClientSeed(pb.AddClientSeedRequest(game_id=late_game, seat=0, seed=b"x")))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and "too late" in details


async def test_a_slow_human_clients_seed_still_counts_the_first_shuffle_waits_for_it(decks):
    # given a table of a human and a house bot, and the deck's default seed wait (the no-show time)
    server = await decks.start(seed_window_s=None)
    assert decks.settings.with_(seed_window_s=None).seed_wait_s == decks.settings.no_show_s / 2
    svc, ann = decks.service(server), decks.stub(server, "ann")
    bot = "bot-foodie-forest-ab12-1"
    bot_stub = decks.stub(server, bot)
    game_id = new_game_id()
    await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=["ann", bot]))
    await bot_stub.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=1, seed=b"bot seed"))
    # when the first shuffle is asked for before ann's client has sent its seed
    async def shuffle():
        return await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=0))

    shuffling = asyncio.create_task(shuffle())
    await asyncio.sleep(2.5)  # longer than the fixed 2 s window of before
    assert not shuffling.done(), "the deal waits for the human seat's seed"
    await ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"ann, slowly"))
    shuffled = await asyncio.wait_for(shuffling, 10)  # then it is dealt at once, well before the wait's end
    # then both seeds are in the deal, as the audit re-derives it
    await decks.end_game(game_id, [("main", 0, shuffled.order)])
    seed = (await svc.Reveal(pb.RevealRequest(game_id=game_id))).server_seed
    pairs = [(0, b"ann, slowly"), (1, b"bot seed")]
    assert list(shuffled.order) == verifier.derive_order(seed, pairs, game_id, "main", 0, CARDS)


async def test_the_first_shuffle_does_not_wait_out_the_seed_wait_for_a_bots_seat(decks):
    server = await decks.start(seed_window_s=30.0)
    svc, ann = decks.service(server), decks.stub(server, "ann")
    game_id = new_game_id()
    await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=["ann", "bot-x-1"]))
    await ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"ann"))
    # the bot never sends one: the human seat is in, so the deal comes after the bots' moment, not 30 s
    shuffled = await asyncio.wait_for(svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS,
                                                                    k=0)), 10)
    await decks.end_game(game_id, [("main", 0, shuffled.order)])
    seed = (await svc.Reveal(pb.RevealRequest(game_id=game_id))).server_seed
    assert list(shuffled.order) == verifier.derive_order(seed, [(0, b"ann")], game_id, "main", 0, CARDS)
    # and the audit says, seat by seat, whose seed is in
    bundle = json.loads((await svc.ExportAuditBundle(pb.ExportAuditBundleRequest(game_id=game_id))).bundle_json)
    report = verifier.verify_bundle(bundle, (await svc.GetPublicKey(pb.GetPublicKeyRequest())).public_key)
    assert report.ok, verifier.format_report(report)
    [seeds] = [c for c in report.checks if c.name == "client seeds"]
    assert seeds.reason == "seat 0 ann: seed in; seat 1 bot-x-1: no seed"


# ---------------------------------------------------------------- 5. idempotent shuffles, two replicas

async def test_a_shuffle_asked_twice_or_by_racing_replicas_is_one_order_and_one_record(decks):
    first_server = await decks.start(seed_window_s=0.2)
    second_server = await decks.start(seed_window_s=0.2)  # a second replica on the same log and bucket
    a, b = decks.service(first_server), decks.service(second_server)
    game_id = new_game_id()

    # two replicas committing one game at once agree on one commitment
    c1, c2 = await asyncio.gather(
        a.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS)),
        b.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS)))
    assert (c1.commitment, c1.log_index) == (c2.commitment, c2.log_index)

    request = pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=0)
    r1, r2, r3 = await asyncio.gather(a.Shuffle(request), b.Shuffle(request), a.Shuffle(request))
    assert r1.order == r2.order == r3.order and r1.log_index == r2.log_index == r3.log_index
    size = (await a.GetCheckpoint(pb.GetCheckpointRequest())).tree_size
    assert size == r1.log_index + 1, "one shuffle record, whoever asked"
    again = await b.Shuffle(request)
    assert (again.order, again.log_index) == (r1.order, r1.log_index)

    k1 = pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=1)
    s1, s2 = await asyncio.gather(b.Shuffle(k1), a.Shuffle(k1))
    assert s1.order == s2.order and s1.log_index == s2.log_index == size
    assert (await b.GetCheckpoint(pb.GetCheckpointRequest())).tree_size == size + 1

    code, _ = await code_of(a.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS[:-1], k=1)))
    assert code == grpc.StatusCode.ALREADY_EXISTS
    code, details = await code_of(a.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=3)))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and "main#2" in details

    # both replicas sign the same tree
    (_, ia), (_, ib) = await verified_checkpoint(a), await verified_checkpoint(b)
    assert (ia.size, ia.root) == (ib.size, ib.root)

    # a replica that has not seen the latest leaf cannot append at a taken position
    with pytest.raises(LogConflict):
        await first_server.app.log.store.append(b"a forked leaf", ia.size - 1)
    assert (await b.GetCheckpoint(pb.GetCheckpointRequest())).tree_size == ia.size


# ---------------------------------------------------------------- 4. reveal only after GameOver

async def test_the_seed_is_revealed_only_once_the_game_stream_holds_game_over(decks):
    server = await decks.start(seed_window_s=0.2)
    svc = decks.service(server)
    operator = decks.stub(server, "operator", "operator")
    game_id = new_game_id()
    committed = await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    shuffled = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=0))

    code, details = await code_of(svc.Reveal(pb.RevealRequest(game_id=game_id)))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and "not over" in details
    code, details = await code_of(operator.ExportAuditBundle(pb.ExportAuditBundleRequest(game_id=game_id)))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and "after the reveal" in details
    size = (await svc.GetCheckpoint(pb.GetCheckpointRequest())).tree_size
    assert size == shuffled.log_index + 1, "a refused reveal logs nothing"

    await decks.end_game(game_id, [("main", 0, shuffled.order)])
    revealed = await svc.Reveal(pb.RevealRequest(game_id=game_id))
    assert hashlib.sha256(revealed.server_seed).hexdigest() == committed.commitment
    assert revealed.log_index == size
    again = await operator.Reveal(pb.RevealRequest(game_id=game_id))
    assert (again.server_seed, again.log_index) == (revealed.server_seed, revealed.log_index)
    record = decode_record((await svc.GetInclusionProof(pb.GetInclusionProofRequest(
        leaf_index=revealed.log_index))).leaf)
    assert (record.type, record.server_seed) == ("reveal", revealed.server_seed.hex())

    code, _ = await code_of(svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=1)))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    code, details = await code_of(decks.stub(server, "bob").AddClientSeed(
        pb.AddClientSeedRequest(game_id=game_id, seat=1, seed=b"x")))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and "too late" in details

    # the game's own player may fetch the bundle too; it verifies under the published key
    text = (await decks.stub(server, "ann").ExportAuditBundle(pb.ExportAuditBundleRequest(game_id=game_id))).bundle_json
    bundle = json.loads(text)
    report = verifier.verify_bundle(bundle, (await svc.GetPublicKey(pb.GetPublicKeyRequest())).public_key)
    assert report.ok, verifier.format_report(report)
    assert bundle["client_seeds"] == [] and [e["type"] for e in bundle["events"]][-1] == "GameOver"


async def test_a_cancelled_games_seed_is_revealed_and_its_bundle_exported_and_verified(decks):
    # a cancelled game ends too: its seed is no secret to keep, and without it nobody could audit it
    server = await decks.start(seed_window_s=0.2)
    svc = decks.service(server)
    game_id = new_game_id()
    committed = await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    shuffled = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=0))
    await decks.end_game(game_id, [("main", 0, shuffled.order)], cancelled=True)
    revealed = await svc.Reveal(pb.RevealRequest(game_id=game_id))
    assert hashlib.sha256(revealed.server_seed).hexdigest() == committed.commitment
    text = (await decks.stub(server, "ann").ExportAuditBundle(pb.ExportAuditBundleRequest(game_id=game_id))).bundle_json
    report = verifier.verify_bundle(json.loads(text), (await svc.GetPublicKey(pb.GetPublicKeyRequest())).public_key)
    assert report.ok, verifier.format_report(report)


# ---------------------------------------------------------------- proofs

async def test_proofs_refuse_sizes_the_log_does_not_have(decks):
    server = await decks.start()
    svc = decks.service(server)
    await svc.CommitGame(pb.CommitGameRequest(game_id=new_game_id(), game=GAME, players=PLAYERS))
    size = (await svc.GetCheckpoint(pb.GetCheckpointRequest())).tree_size
    bad = grpc.StatusCode.INVALID_ARGUMENT
    assert (await code_of(svc.GetInclusionProof(pb.GetInclusionProofRequest(leaf_index=size))))[0] == bad
    assert (await code_of(svc.GetInclusionProof(pb.GetInclusionProofRequest(leaf_index=0,
                                                                            tree_size=size + 1))))[0] == bad
    assert (await code_of(svc.GetConsistencyProof(pb.GetConsistencyProofRequest(old_size=size + 1))))[0] == bad
    empty = await svc.GetConsistencyProof(pb.GetConsistencyProofRequest(old_size=size))
    assert list(empty.hashes) == [] and (empty.old_size, empty.new_size) == (size, size)


# ---------------------------------------------------------------- restart

async def test_a_restarted_deck_keeps_its_log_seeds_and_key_and_its_tree_extends_the_old_checkpoint(decks):
    server = await decks.start(seed_window_s=30.0)
    svc, ann = decks.service(server), decks.stub(server, "ann")
    game_id = new_game_id()
    committed = await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    await ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"before the restart"))
    old, old_info = await verified_checkpoint(svc)
    key = old.public_key
    key_file = decks.settings.data_dir / "secrets" / "deck-signing-key.pem"
    assert key_file.exists() and key_file.stat().st_mode & 0o777 == 0o600
    await decks.stop(server)

    server = await decks.start(seed_window_s=30.0)
    svc, bob = decks.service(server), decks.stub(server, "bob")
    same, _ = await verified_checkpoint(svc)
    assert (same.tree_size, same.root_hash, same.public_key) == (old.tree_size, old.root_hash, key)
    again = await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    assert (again.commitment, again.log_index) == (committed.commitment, committed.log_index)

    # ann's seed survived: with bob's, every seat has one and the shuffle goes at once
    await bob.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=1, seed=b"after the restart"))
    started = time.monotonic()
    shuffled = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=0))
    assert time.monotonic() - started < 5.0

    await decks.end_game(game_id, [("main", 0, shuffled.order)])
    seed = (await svc.Reveal(pb.RevealRequest(game_id=game_id))).server_seed
    assert hashlib.sha256(seed).hexdigest() == committed.commitment, "the sealed seed survived the restart"
    assert list(shuffled.order) == verifier.derive_order(
        seed, [(0, b"before the restart"), (1, b"after the restart")], game_id, "main", 0, CARDS)

    new, new_info = await verified_checkpoint(svc)
    assert new_info.size > old_info.size
    proof = await svc.GetConsistencyProof(pb.GetConsistencyProofRequest(old_size=old.tree_size,
                                                                         new_size=new.tree_size))
    report = verifier.verify_consistency(old.checkpoint, new.checkpoint, list(proof.hashes), key)
    assert report.ok, verifier.format_report(report)

    # and the stream itself still holds every leaf, one message each, never rewritten
    js = server.nc.jetstream()
    info = await js.stream_info(decks.names.log_stream)
    assert info.state.messages == new.tree_size and info.config.deny_delete and info.config.deny_purge
    first = await js.get_msg(decks.names.log_stream, seq=committed.log_index + 1)
    assert decode_record(first.data).commitment == committed.commitment

    bundle = json.loads((await svc.ExportAuditBundle(pb.ExportAuditBundleRequest(game_id=game_id))).bundle_json)
    report = verifier.verify_bundle(bundle, expected_public_key=key)
    assert report.ok, verifier.format_report(report)


# ---------------------------------------------------------------- v2: nothing to guess before the reveal

DOG = ["begging-dog", "big-dog", "drooling-dog", "hound-dog", "hungry-dog", "puppy", "sleepy-dog",
       "sniffing-dog"]  # Food Fight's Dog deck: 8 cards everyone knows, 40,320 orders
HAND = ["carrot-3", "mushroom-7", "berry-1"]  # a list nobody else may know (a face-down hand)


def plain_hashes(cards) -> list[bytes]:
    """Every plain hash of a card list someone might look for in a leaf."""
    return [h.encode() for h in (verifier.cards_sha256(list(cards)),
                                 hashlib.sha256(json.dumps(list(cards)).encode()).hexdigest(),
                                 hashlib.sha256("".join(cards).encode()).hexdigest())]


async def test_during_a_game_a_shuffle_record_holds_no_plain_hash_of_its_cards_or_order(decks):
    server = await decks.start(seed_window_s=5.0)
    svc, ann, bob = decks.service(server), decks.stub(server, "ann"), decks.stub(server, "bob")
    game_id = new_game_id()
    committed = await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    assert committed.algorithm == "foodgames-shuffle-v2"
    await ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"ann"))
    await bob.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=1, seed=b"bob"))
    dog = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="dog", cards=DOG, k=0))
    hand = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="hand", cards=HAND, k=0))

    # while the game is on, anyone with a token reads the shuffle records from the log
    leaves = {}
    for name, shuffled in (("dog", dog), ("hand", hand)):
        leaves[name] = (await bob.GetInclusionProof(pb.GetInclusionProofRequest(leaf_index=shuffled.log_index))).leaf
        record = json.loads(leaves[name])
        assert set(record) == {"type", "algorithm", "game_id", "deck", "k", "input_commit", "output_commit"}
        assert (record["type"], record["algorithm"], record["deck"]) == ("shuffle", "foodgames-shuffle-v2", name)
    # no plain hash of a card list or an order is there ...
    for name, cards, shuffled in (("dog", DOG, dog), ("hand", HAND, hand)):
        for digest in plain_hashes(cards) + plain_hashes(shuffled.order):
            assert digest not in leaves[name], f"the {name} record holds a plain hash"
    # ... so trying every order of the Dog deck (what broke v1) finds nothing
    found = [order for order in itertools.permutations(DOG) if plain_hashes(order)[0] in leaves["dog"]]
    assert found == []

    # after the game the commitments open with the revealed seed, and the bundle verifies
    await decks.end_game(game_id, [("dog", 0, dog.order), ("hand", 0, hand.order)])
    server_seed = (await svc.Reveal(pb.RevealRequest(game_id=game_id))).server_seed
    seeds = [(0, b"ann"), (1, b"bob")]
    for name, cards, shuffled in (("dog", DOG, dog), ("hand", HAND, hand)):
        key = verifier.shuffle_seed(server_seed, seeds, game_id, name, 0, verifier.V2)
        record = json.loads(leaves[name])
        assert record["input_commit"] == verifier.cards_commit(key, "input", cards)
        assert record["output_commit"] == verifier.cards_commit(key, "output", list(shuffled.order))
    text = (await svc.ExportAuditBundle(pb.ExportAuditBundleRequest(game_id=game_id))).bundle_json
    public_key = (await svc.GetPublicKey(pb.GetPublicKeyRequest())).public_key
    report = verifier.verify_bundle(json.loads(text), expected_public_key=public_key)
    assert report.ok, verifier.format_report(report)
    assert json.loads(text)["algorithm"] == "foodgames-shuffle-v2"

    # an order or a card list changed in the v2 bundle fails, naming the check
    changed = json.loads(text)
    order = changed["shuffles"][0]["order"]
    order[0], order[1] = order[1], order[0]
    hand_cards = changed["shuffles"][1]["cards"]  # the same cards, listed in another order
    hand_cards[0], hand_cards[1] = hand_cards[1], hand_cards[0]
    failed = {c.name for c in verifier.verify_bundle(changed, expected_public_key=public_key).failures}
    assert {"shuffle dog#0: commitments", "shuffle dog#0: re-derived order",
            "shuffle hand#0: commitments"} <= failed, failed


async def test_a_game_committed_as_v1_stays_v1_after_the_upgrade_and_its_bundle_verifies(decks):
    # given a deck of before v2 (it commits new games as v1) that commits a game and shuffles once
    old = await decks.start(seed_window_s=0.2)
    old.app.new_game_algorithm = sh.V1
    svc = decks.service(old)
    game_id = new_game_id()
    committed = await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    assert committed.algorithm == "foodgames-shuffle-v1"
    first = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=0))
    await decks.stop(old)

    # when the upgraded deck takes over the same log mid-game
    new = await decks.start(seed_window_s=0.2)
    svc = decks.service(new)
    again = await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    assert (again.commitment, again.log_index, again.algorithm) == \
        (committed.commitment, committed.log_index, "foodgames-shuffle-v1")
    second = await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=1))
    other = await svc.CommitGame(pb.CommitGameRequest(game_id=new_game_id(), game=GAME, players=PLAYERS))
    assert other.algorithm == "foodgames-shuffle-v2", "new games are v2"

    # then the game's every record is v1, its orders are v1's, and its v1 bundle verifies
    await decks.end_game(game_id, [("main", 0, first.order), ("main", 1, second.order)])
    revealed = await svc.Reveal(pb.RevealRequest(game_id=game_id))
    for index in (committed.log_index, first.log_index, second.log_index, revealed.log_index):
        leaf = (await svc.GetInclusionProof(pb.GetInclusionProofRequest(leaf_index=index))).leaf
        assert decode_record(leaf).algorithm == "foodgames-shuffle-v1"
    assert list(second.order) == verifier.derive_order(revealed.server_seed, [], game_id, "main", 1, CARDS,
                                                       verifier.V1)
    bundle = json.loads((await svc.ExportAuditBundle(pb.ExportAuditBundleRequest(game_id=game_id))).bundle_json)
    assert bundle["algorithm"] == "foodgames-shuffle-v1"
    assert [s["input_sha256"] for s in bundle["shuffles"]] == [verifier.cards_sha256(CARDS)] * 2
    report = verifier.verify_bundle(bundle, expected_public_key=(await svc.GetPublicKey(pb.GetPublicKeyRequest())).public_key)
    assert report.ok, verifier.format_report(report)
    assert "shuffle main#1: hashes" in [c.name for c in report.checks]
