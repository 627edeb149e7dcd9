"""What the deck's log shows anyone: signed checkpoints, inclusion and
consistency proofs, and the audit bundle of an ended game (services/deck/bundle.py)."""
from __future__ import annotations

from services.deck import shuffle as algo
from services.deck.bundle import ClientSeed, ShuffleEntry, build_bundle, bundle_json, command_rows
from services.deck.checkpoint import Checkpoint, CheckpointSigner
from services.deck.checks import PRIVILEGED, check_name
from services.deck.decklog import DeckLog
from services.deck.merkle import ProofError
from services.deck.seeds import Seeds
from services.deck.store import SecretStore, shuffle_key
from shared import gamestream, telemetry
from shared.auth import Identity
from shared.errors import FailedPrecondition, InvalidArgument, NotFound, PermissionDenied, Unavailable

log = telemetry.get_logger("deck")


class Audit:
    def __init__(self, deck_log: DeckLog, secrets: SecretStore, seeds: Seeds, games, signer: CheckpointSigner):
        self.log = deck_log
        self.secrets = secrets
        self.seeds = seeds
        self.games = games  # a JetStreamEventStore on the GAMES stream (read only)
        self.signer = signer

    @property
    def public_key(self) -> str:
        return self.signer.verifier_key

    @property
    def origin(self) -> str:
        return self.signer.name

    async def checkpoint(self) -> tuple[str, int, bytes]:
        """A freshly signed checkpoint of the log as it is now: (note, size, root)."""
        size = await self.log.catch_up()
        root = self.log.tree.root(size)
        return self.signer.sign(Checkpoint(self.origin, size, root)), size, root

    async def inclusion_proof(self, leaf_index: int, tree_size: int) -> tuple[bytes, list[bytes], int]:
        size = await self.log.catch_up()
        tree_size = tree_size or size
        if tree_size > size:
            raise InvalidArgument(f"tree size {tree_size} is beyond the log's size {size}")
        if leaf_index >= tree_size:
            raise InvalidArgument(f"leaf {leaf_index} is not in a tree of size {tree_size}")
        try:
            return self.log.tree.leaf(leaf_index), self.log.tree.inclusion_proof(leaf_index, tree_size), tree_size
        except ProofError as exc:
            raise InvalidArgument(str(exc)) from None

    async def consistency_proof(self, old_size: int, new_size: int) -> tuple[list[bytes], int, int]:
        size = await self.log.catch_up()
        new_size = new_size or size
        if new_size > size:
            raise InvalidArgument(f"tree size {new_size} is beyond the log's size {size}")
        if old_size > new_size:
            raise InvalidArgument(f"no consistency proof from size {old_size} down to size {new_size}")
        return self.log.tree.consistency_proof(old_size, new_size), old_size, new_size

    # -- audit bundles -------------------------------------------------------------------

    async def export_bundle(self, identity: Identity, game_id: str) -> str:
        check_name(game_id, "the game id")
        committed = await self.seeds.committed(game_id)
        if committed is None:
            raise NotFound(f"the deck has no game {game_id!r}")
        if identity.role not in PRIVILEGED and identity.player not in committed.players:
            raise PermissionDenied(f"the audit bundle of game {game_id!r} is for its players and operators")
        revealed = self.log.index.reveals.get(game_id)
        if revealed is None:
            raise FailedPrecondition(f"game {game_id!r} has not ended (its seed is not revealed): "
                                     f"its audit bundle is exported after the reveal")
        server_seed = bytes.fromhex(revealed[1].server_seed)
        seeds = (await self.seeds.seed_set(game_id)).seeds
        client_seeds = [ClientSeed(seat, committed.players[seat], seed) for seat, seed in sorted(seeds.items())]
        entries = []
        for index, record in self.log.index.shuffles_of(game_id):
            stored = await self.secrets.get(shuffle_key(game_id, record.deck, record.k))
            if stored is None:
                raise Unavailable(f"the cards of shuffle {record.deck}#{record.k} of game {game_id!r} are "
                                  f"missing from the deck's store")
            cards = stored[0]["cards"]
            order = algo.shuffle(server_seed, seeds, game_id, record.deck, record.k, cards, record.algorithm)
            entries.append(ShuffleEntry(record.deck, record.k, tuple(cards), tuple(order), index))
        commands = await self.games.read_commands(gamestream.subject_for(committed.game, game_id))
        events = [e.record() for c in commands for e in c.events]
        note, _, _ = await self.checkpoint()
        bundle = build_bundle(
            game_id=game_id, game=committed.game, server_seed=server_seed, client_seeds=client_seeds,
            commitment_index=self.log.index.commitments[game_id][0], shuffles=entries,
            reveal_index=revealed[0], events=events, log=self.log.tree, checkpoint_note=note,
            public_key=self.public_key, commands=command_rows(commands))
        log.info("audit bundle exported", game_id=game_id, shuffles=len(entries), events=len(events))
        return bundle_json(bundle)
