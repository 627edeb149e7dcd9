"""The deck application: commit, client seeds, shuffle, reveal, proofs, audit
bundles. Pure rules of the game of fairness live in services/deck/{shuffle,
records,merkle,checkpoint,bundle}.py; the order of things, the permissions
(checks.py) and the persistence (services/deck/store.py) are added by seeds.py
(the commitment and the client seeds), shuffler.py, reveals.py and audit.py
(checkpoints, proofs, audit bundles), all over the log of decklog.py. This
module wires them into the one DeckApp the servicer calls.

The life of a game here:

1. commit: draw a 256-bit server seed, keep it sealed in the KV bucket, log its
   commitment. Nothing else of the game is accepted before the commitment is
   in the log.
2. client seeds: each seat's player may send one seed, from the commitment
   until the first shuffle freezes them.
3. the first shuffle waits until every human seat sent a seed (a bot's seat,
   named by shared.names' bot prefix, is not waited for, but its seed counts if
   it came first), bounded by the seed wait (the no-show time by default: a seat
   that has not come by then is not coming), then freezes the seeds; every shuffle of the game derives from the server
   seed and exactly that frozen set (docs/shuffle-spec.md) and is logged once,
   under the algorithm its commitment record names: new games are
   foodgames-shuffle-v2, whose shuffle records hold only commitments salted with
   the secret shuffle seed (v1 logged plain hashes, which gave small decks away);
   a game committed as v1 stays v1 to its end.
4. reveal: once the game's own stream holds its GameOver event (or its
   GameCancelled: a cancelled game ends too), the seed is logged in the clear;
   after that the audit bundle can be exported.
"""
from __future__ import annotations

import time
from typing import Callable, Sequence

from services.deck import meters
from services.deck.audit import Audit
from services.deck.checkpoint import CheckpointSigner
from services.deck.decklog import DeckLog
from services.deck.keys import SeedBox
from services.deck.reveals import Reveals
from services.deck.seeds import Seeds
from services.deck.shuffler import Shuffler
from services.deck.store import LogStore, SecretStore
from shared import telemetry
from shared.auth import Identity

log = telemetry.get_logger("deck")


class DeckApp:
    def __init__(self, log_store: LogStore, secrets: SecretStore, games, signer: CheckpointSigner,
                 seed_window_s: float, clock: Callable[[], float] = time.time, tournaments=None):
        self.log = DeckLog(log_store)
        self.secrets = secrets
        self.games = games  # a JetStreamEventStore on the GAMES stream (read only)
        self.signer = signer
        self.seeds = Seeds(self.log, secrets, SeedBox.for_signer(signer), seed_window_s, clock)
        self.shuffler = Shuffler(self.log, secrets, self.seeds)
        self.reveals = Reveals(self.log, self.seeds, games, tournaments)
        self.audit = Audit(self.log, secrets, self.seeds, games, signer)
        meters.watch(self)

    async def open(self) -> None:
        """Make sure the stream and bucket exist and rebuild the tree from the log."""
        await self.log.store.ensure()
        await self.secrets.ensure()
        await self.games.ensure_stream()
        size = await self.log.catch_up()
        log.info("deck log loaded", tree_size=size, public_key=self.signer.verifier_key)

    @property
    def new_game_algorithm(self) -> str:
        """The shuffle algorithm of games committed from now on (Seeds.new_game_algorithm)."""
        return self.seeds.new_game_algorithm

    @new_game_algorithm.setter
    def new_game_algorithm(self, algorithm: str) -> None:
        self.seeds.new_game_algorithm = algorithm

    async def commit(self, identity: Identity, game_id: str, game: str,
                     players: Sequence[str]) -> tuple[str, int, str]:
        """(commitment, log index, the game's shuffle algorithm)."""
        return await self.seeds.commit(identity, game_id, game, players)

    async def add_client_seed(self, identity: Identity, game_id: str, seat: int, seed: bytes) -> str:
        return await self.seeds.add_client_seed(identity, game_id, seat, seed)

    async def shuffle(self, identity: Identity, game_id: str, deck: str, cards: Sequence[str],
                      k: int) -> tuple[list[str], int]:
        return await self.shuffler.shuffle(identity, game_id, deck, cards, k)

    async def reveal(self, identity: Identity, game_id: str) -> tuple[bytes, int]:
        return await self.reveals.reveal(identity, game_id)

    @property
    def public_key(self) -> str:
        return self.audit.public_key

    @property
    def origin(self) -> str:
        return self.audit.origin

    async def checkpoint(self) -> tuple[str, int, bytes]:
        """A freshly signed checkpoint of the log as it is now: (note, size, root)."""
        return await self.audit.checkpoint()

    async def inclusion_proof(self, leaf_index: int, tree_size: int) -> tuple[bytes, list[bytes], int]:
        return await self.audit.inclusion_proof(leaf_index, tree_size)

    async def consistency_proof(self, old_size: int, new_size: int) -> tuple[list[bytes], int, int]:
        return await self.audit.consistency_proof(old_size, new_size)

    async def export_bundle(self, identity: Identity, game_id: str) -> str:
        return await self.audit.export_bundle(identity, game_id)
