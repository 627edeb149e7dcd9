"""Real finished games of every registered game and their v2 audit bundles, made in-process:
the game's bots play it through shared.runtime.game.GameRuntime on a memory event store, with a
deck port that does what the deck service does with the pure modules (commitment, shuffle and
reveal records in a transparency log, shuffles derived from a server seed and client seeds), and
the bundle is built by services.deck.bundle.build_bundle from the game's stored commands, as
ExportAuditBundle builds it."""
from __future__ import annotations

import copy
import hashlib
import json
from functools import cache

from services.deck import shuffle as sh
from services.deck.bundle import ClientSeed, ShuffleEntry, build_bundle, command_rows
from services.deck.checkpoint import Checkpoint, CheckpointSigner
from services.deck.merkle import TransparencyLog
from services.deck.records import CommitmentRecord, RevealRecord, shuffle_record
from shared import aio, games
from shared.auth import Identity
from shared.eventstore.memory import MemoryEventStore
from shared.runtime.deck import Commitment
from shared.runtime.game import GameRuntime

SIGNER = CheckpointSigner.from_private_bytes(bytes(range(32)), "foodgames/test-log")


class LogDeck:
    """The deck service's rules without its I/O: a DeckPort for the runtime."""

    def __init__(self, client_seeds: dict[int, bytes]):
        self.log = TransparencyLog([b'{"other":"game"}'] * 3)
        self.client_seeds = client_seeds
        self.server_seed = b""
        self.commitment_index = self.reveal_index = -1
        self.players: tuple[str, ...] = ()
        self.shuffles: list[ShuffleEntry] = []

    async def commit(self, game_id, game, players) -> Commitment:
        self.server_seed = hashlib.sha256(f"server seed of {game_id}".encode()).digest()
        self.players = tuple(players)
        commitment = sh.commitment(self.server_seed)
        self.commitment_index = self.log.append(
            CommitmentRecord(game_id, game, self.players, commitment, sh.V2).to_bytes())
        return Commitment(commitment, self.commitment_index)

    async def shuffle(self, game_id, deck, cards, k) -> list[str]:
        seed = sh.derive_shuffle_seed(self.server_seed, self.client_seeds, game_id, deck, k, sh.V2)
        order = sh.shuffle(self.server_seed, self.client_seeds, game_id, deck, k, list(cards), sh.V2)
        index = self.log.append(shuffle_record(sh.V2, game_id, deck, k, list(cards), order, seed).to_bytes())
        self.shuffles.append(ShuffleEntry(deck, k, tuple(cards), tuple(order), index))
        return order

    async def reveal(self, game_id) -> str:
        self.reveal_index = self.log.append(RevealRecord.of(game_id, self.server_seed, sh.V2).to_bytes())
        return self.server_seed.hex()


async def _play(name: str, seed: str) -> dict:
    game = games.get(name)
    players = [f"p{s}" for s in range(max(game.min_players, 2) if game.max_players >= 2 else 1)]
    deck = LogDeck({0: f"seed of {players[0]}".encode()})
    store = MemoryEventStore()
    runtime = GameRuntime(game.rules, store, deck, moves=game.moves)
    game_id = f"rec-{name}"
    await runtime.create_game(Identity("svc:matchmaking", "service"), players, {}, game_id=game_id)
    kind = game.default_bot if game.default_bot in game.bots else next(iter(game.bots))
    bots = [game.bots[kind](seed=f"{seed}/{s}") for s in range(len(players))]
    n = 0
    for _ in range(20_000):
        record = await runtime.settle(game_id)
        if record.over:
            break
        seat = min(game.rules.to_act(record.state))
        view = game.rules.view(record.state, seat)
        move = bots[seat].choose(view, game.rules.legal_moves(record.state, seat))
        await runtime.submit_move(Identity(players[seat], "player"), game_id, seat, f"m{n}", None, move)
        n += 1
    record = await runtime.settle(game_id)
    assert record.over and record.revealed, f"{name} did not finish"
    await runtime.close()
    commands = await store.read_commands(runtime.subject(game_id))
    note = SIGNER.sign(Checkpoint(SIGNER.name, deck.log.size, deck.log.root()))
    bundle = build_bundle(
        game_id=game_id, game=name, server_seed=deck.server_seed,
        client_seeds=[ClientSeed(s, players[s], seed) for s, seed in deck.client_seeds.items()],
        commitment_index=deck.commitment_index, shuffles=deck.shuffles, reveal_index=deck.reveal_index,
        events=[e.record() for c in commands for e in c.events], log=deck.log, checkpoint_note=note,
        public_key=SIGNER.verifier_key, commands=command_rows(commands))
    return json.loads(json.dumps(bundle))  # what the operator receives is JSON text


@cache
def _bundle(name: str) -> dict:
    return aio.run(_play(name, "record-audit"))


def finished_game_bundle(name: str) -> dict:
    """A fresh copy of the v2 bundle of one finished game of `name` (played once per test run)."""
    return copy.deepcopy(_bundle(name))
