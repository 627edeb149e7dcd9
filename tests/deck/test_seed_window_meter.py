"""The deck counts the games whose first shuffle went on without a seat's client seed
(foodgames_deck_seed_windows_missed_total, docs/operations.md): the operator's sign that clients
send their seeds too late or not at all."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Run in a process of its own: the counter is read from a meter provider set for it, and a
# process has one meter provider for good (the suite's workers keep theirs unset).
SCRIPT = r'''
import sys
from pathlib import Path
from opentelemetry import metrics
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader

reader = InMemoryMetricReader()
metrics.set_meter_provider(MeterProvider(metric_readers=[reader]))

from shared import aio
from tests.deck.test_service import CARDS, GAME, PLAYERS, TOKEN_KEY, DeckHarness, new_game_id, pb
from services.deck.store import DeckNames
from shared.config import Settings
from shared.eventstore.connections import connect


def missed() -> int:
    return sum(point.value for rm in reader.get_metrics_data().resource_metrics for sm in rm.scope_metrics
               for m in sm.metrics if m.name == "foodgames.deck.seed_windows.missed" for point in m.data.data_points)


async def main(nats_url: str, data_dir: str, uid: str) -> None:
    decks = DeckHarness(Settings(data_dir=Path(data_dir), token_key=TOKEN_KEY, nats_url=nats_url),
                        DeckNames(f"DECKLOG_M{uid}", f"DECK_M{uid}"), nats_url)
    server = await decks.start(seed_window_s=0.3)
    svc, ann, bob = decks.service(server), decks.stub(server, "ann"), decks.stub(server, "bob")
    try:
        # given a game whose every seat sent its seed: nothing missed
        everyone = new_game_id()
        await svc.CommitGame(pb.CommitGameRequest(game_id=everyone, game=GAME, players=PLAYERS))
        for seat, stub in enumerate((ann, bob)):
            await stub.AddClientSeed(pb.AddClientSeedRequest(game_id=everyone, seat=seat, seed=b"seed"))
        await svc.Shuffle(pb.ShuffleRequest(game_id=everyone, deck="main", cards=CARDS, k=0))
        print("after every seed", missed())
        # when bob's seed never comes and the first shuffle goes on without it
        game_id = new_game_id()
        await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
        await ann.AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"ann-seed"))
        await svc.Shuffle(pb.ShuffleRequest(game_id=game_id, deck="main", cards=CARDS, k=0))
        print("after a missing seed", missed())
    finally:
        for channel in decks.channels:
            await channel.close()
        for server in list(decks.servers):
            await decks.stop(server)
        nc = await connect(nats_url)
        for stream in (decks.names.log_stream, f"KV_{decks.names.bucket}"):
            await nc.jetstream().delete_stream(stream)
        await nc.drain()


aio.run(main(*sys.argv[1:]))
'''


def test_a_game_shuffled_without_a_seats_seed_is_counted_once_and_one_with_every_seed_is_not(nats_url, tmp_path):
    done = subprocess.run([sys.executable, "-c", SCRIPT, nats_url, str(tmp_path), os.urandom(5).hex().upper()],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    # then the counter moved for the game that missed a seed alone
    assert done.stdout.splitlines() == ["after every seed 0", "after a missing seed 1"], done.stdout
