"""A NATS JetStream cluster of three (what `foodgames up --nats-cluster 3` and the prod overlay
run): a game's stream has three replicas, and a game keeps going through the kill -9 of the
node that leads its stream, ending with every acknowledged move stored."""
from __future__ import annotations

import asyncio
import re
import signal

import nats
import pytest

from apps.chaos import checks
from apps.chaos.ledger import GameLedger
from apps.chaos.traffic import play
from apps.cli.up import nats_env
from apps.embedded import nats_config, start_nats_cluster
from shared import games
from shared.auth import Identity
from shared.config import Settings
from shared.eventstore.jetstream import JetStreamEventStore
from shared.gamestream import STREAM
from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck import SeededDeck
from services.deck.store import DeckNames, SecretStore
from tests.stacklib import ROOT

GAME = "foodie-forest"
PLAYERS = ("ann", "bob", "cat")
KILL_AFTER_MOVES = 20


@pytest.fixture
def cluster(tmp_path):
    started = start_nats_cluster(tmp_path / "nats", 3)
    yield started
    started.stop()


async def test_a_game_continues_through_the_kill_of_its_stream_leader_and_loses_no_move(cluster, tmp_path):
    settings = Settings.from_env({**nats_env(cluster)}, data_dir=tmp_path, token_key="test-key-" + "c" * 32)
    assert settings.stream_replicas == 3 and settings.nats_url.count(",") == 2
    game = games.get(GAME)
    nc, store = await open_game_store(settings.nats_url, GAME, settings.stream_replicas)
    server = await start_rules_server(game, settings, 0, store, SeededDeck())
    try:
        info = await nc.jetstream().stream_info(STREAM)
        assert info.config.num_replicas == 3 and len(info.cluster.replicas) == 2
        game_id = (await server.runtime.create_game(Identity("svc:matchmaking", "service"), PLAYERS, {},
                                                    ranked=True)).game_id
        ledger = GameLedger(GAME, game_id, PLAYERS, True, "direct")
        killed: list[str] = []

        def kill_the_leader(_move) -> None:
            if len(ledger.acked) == KILL_AFTER_MOVES:
                killed.append(info_leader[0])
                cluster.kill(int(info_leader[0].rsplit("-", 1)[1]))

        info_leader = [(await nc.jetstream().stream_info(STREAM)).cluster.leader]
        await play(settings.with_(addresses={GAME: f"127.0.0.1:{server.port}"}), ledger, retry_deadline_s=60,
                   on_ack=kill_the_leader, send_seeds=False)  # the engine's deck here is a local seeded one

        assert killed, f"the game ended before {KILL_AFTER_MOVES} moves"
        assert ledger.error == "" and ledger.finished, ledger.error
        assert len(ledger.acked) > KILL_AFTER_MOVES
        after = await nc.jetstream().stream_info(STREAM)
        assert after.cluster.leader != killed[0]
        stored = await store.read_commands(f"games.{GAME}.{game_id}")
        assert checks.check_game(ledger, stored, game.rules) == []
    finally:
        await server.stop(grace=None)
        await server.runtime.close()
        await nc.close()


def test_the_local_cluster_is_configured_as_the_prod_overlay():
    prod = (ROOT / "deploy/k8s/base/nats/nats.conf").read_text()
    local = nats_config(ROOT, 4222, "foodgames-0", (6222, [6222, 6223, 6224]))

    def setting(text: str, key: str) -> str:
        return re.search(rf"^\s*{key}:\s*(\S+)", text, re.M).group(1)

    for key in ("sync_interval", "name", "connect_retries"):
        assert setting(local, key) == setting(prod, key), key
    assert len(re.findall(r"nats://[^\s]+:\d+", prod.split("routes:")[1])) == 3
    assert len(re.findall(r"nats://127.0.0.1:\d+", local.split("routes:")[1])) == 3
    overlay = (ROOT / "deploy/k8s/overlays/prod/kustomization.yaml").read_text()
    assert "FOODGAMES_STREAM_REPLICAS=3" in overlay


def test_the_nats_url_may_list_every_server_of_a_cluster():
    from shared.config import nats_servers

    assert nats_servers("nats://127.0.0.1:4222") == ["nats://127.0.0.1:4222"]
    assert nats_servers("nats://a:4222, nats://b:4222,nats://c:4222") == [
        "nats://a:4222", "nats://b:4222", "nats://c:4222"]
    with pytest.raises(ValueError, match="names no NATS server"):
        nats_servers(" , ")


async def test_two_writers_racing_at_one_version_on_a_cluster_meet_a_version_conflict(cluster, tmp_path):
    # given two replicas' event stores on a cluster of three (R3 streams), both at a game's version 1
    from shared.eventstore import VersionConflict
    from shared.eventstore.connections import connect
    from shared.eventstore.jetstream import JetStreamEventStore

    url = nats_env(cluster)["FOODGAMES_NATS_URL"]
    one, two = await connect(url), await connect(url)
    stores = [JetStreamEventStore(one, replicas=3), JetStreamEventStore(two, replicas=3)]
    try:
        await stores[0].ensure_stream()
        outcomes = []
        for race in range(20):
            subject = f"games.{GAME}.race-{race}"
            await stores[0].append(subject, [{"type": "Started", "data": {}}], 0, "create")
            await stores[1].version(subject)
            # when both write their move at that version at the same moment
            outcomes += await asyncio.gather(*(store.append(subject, [{"type": "Moved", "data": {"by": i}}], 1,
                                                           f"move:{i}") for i, store in enumerate(stores)),
                                             return_exceptions=True)
        # then one is written and the other is told to read the game again (the stream leader's
        # "wrong last sequence" of a racing publish is a conflict like any other)
        kinds = [type(o).__name__ for o in outcomes]
        assert kinds.count("VersionConflict") == 20 and kinds.count("AppendResult") == 20, kinds
        assert all(isinstance(o, VersionConflict) for o in outcomes if not hasattr(o, "version"))
    finally:
        await one.close()
        await two.close()



ROUNDS, BEHIND_BY, READS = 10, 300, 20  # a follower paused while 300 messages land catches up over ~20 ms


async def test_a_store_reads_its_own_writes_and_others_new_games_through_a_follower_just_behind(cluster):
    """Given stores connected each to one node of the cluster, and a follower of the stream paused
    (SIGSTOP) while its leader takes writes, then resumed: it answers direct gets before it has
    caught up, and a direct get drawn by it while it sleeps waits forever. When a store writes a
    game during the pause, and stores on the resumed follower read that game or write and read
    their own, then every read has every write, and nothing times out."""
    ncs = [await nats.connect(node.url) for node in cluster.nodes]
    try:
        writers = [JetStreamEventStore(nc, replicas=3) for nc in ncs]
        await writers[0].ensure_stream()
        leader = int((await writers[0].js.stream_info(STREAM)).cluster.leader.rsplit("-", 1)[1])
        follower = next(i for i in range(3) if i != leader)
        missed: list[str] = []
        for r in range(ROUNDS):
            elsewhere, own = f"games.{GAME}.elsewhere-{r}", f"games.{GAME}.own-{r}"
            cluster.nodes[follower].process.send_signal(signal.SIGSTOP)
            try:
                for i in range(BEHIND_BY):
                    await ncs[leader].jetstream().publish(f"games.filler.r{r}-{i}", b"x" * 200, stream=STREAM)
                await writers[leader].append(elsewhere, [{"type": "Created", "data": {}}], 0, "create")
            finally:
                cluster.nodes[follower].process.send_signal(signal.SIGCONT)
            for k in range(READS):
                reader = JetStreamEventStore(ncs[follower], replicas=3)  # knows nothing of the game
                if [c.version for c in await reader.read_commands(elsewhere)] != [1]:
                    missed.append(f"round {r} read {k}: the game created elsewhere")
            await writers[follower].append(own, [{"type": "Created", "data": {}}], 0, "create")
            if [c.version for c in await writers[follower].read_commands(own)] != [1]:
                missed.append(f"round {r}: its own write")
            if await writers[follower].version(own) != 1:
                missed.append(f"round {r}: its own write's version")
        assert missed == []
    finally:
        for nc in ncs:
            await nc.close()



RACES, RACERS = 20, 6


async def test_seats_sending_their_first_client_seeds_at_once_on_a_cluster_make_one_seed_set(cluster):
    """Given the deck's secret store on a bucket of three replicas, when six stores, two on each
    node, create a game's seed set at the same moment (every seat's first client seed does), then
    exactly one create counts and the others are refused as existing, never failed: the leader
    refuses a create racing another still being agreed on, which a look right after does not find
    yet (seen in a five-minute chaos run as "internal error: KeyNotFoundError" from AddClientSeed)."""
    ncs = [await nats.connect(node.url) for node in cluster.nodes for _ in range(2)]
    try:
        stores = [SecretStore(nc, DeckNames(), replicas=3) for nc in ncs]
        for store in stores:
            await store.ensure()
        for r in range(RACES):
            made = await asyncio.gather(*(s.create(f"seeds.race-{r}", {"by": i}) for i, s in enumerate(stores)),
                                        return_exceptions=True)
            failed = [repr(m) for m in made if isinstance(m, BaseException)]
            assert failed == [], f"race {r}: {failed}"
            assert sum(m is not None for m in made) == 1, f"race {r}: {made}"
            assert (await stores[0].get(f"seeds.race-{r}"))[0] == {"by": next(i for i, m in enumerate(made) if m)}
            # and six replicas asking for the same shuffle at once all go on with the one stored
            # (seen as "internal error: TypeError" from Shuffle: the losers found nothing yet)
            docs = await asyncio.gather(*(s.create_or_get(f"shuffle.race-{r}", {"by": i}) for i, s in enumerate(stores)),
                                        return_exceptions=True)
            assert len({repr(d) for d in docs}) == 1 and isinstance(docs[0], dict), f"race {r}: {docs}"
    finally:
        for nc in ncs:
            await nc.close()
