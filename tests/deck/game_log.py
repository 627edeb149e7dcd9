"""A small, honest deck-service history built from the pure modules, for the
audit tests: a log shared with other games, one game with two decks, the
runtime's ShuffleApplied events, and its audit bundle, under either shuffle
algorithm (v1: plain card-list hashes in the log; v2: salted commitments).
data/v1-bundle.json is play_game("v1-game-before-v2", algorithm=V1) as the deck
code of before v2 built it."""
from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from services.deck import shuffle as sh
from services.deck.bundle import ClientSeed, ShuffleEntry, build_bundle
from services.deck.checkpoint import Checkpoint, CheckpointSigner
from services.deck.merkle import TransparencyLog
from services.deck.records import CommitmentRecord, RevealRecord, shuffle_record

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / "docs" / "shuffle-vectors.json").read_text(encoding="utf-8"))
DATA = Path(__file__).resolve().parent / "data"

MAIN_DECK = [f"{food}-{n}" for food in ("carrot", "mushroom", "berry", "acorn") for n in range(1, 9)]
DOG_DECK = ["dog", "cat", "bird", "fox", "owl"]
V1_BUNDLE = DATA / "v1-bundle.json"  # made by the deck code before v2; never regenerate it


@dataclass
class PlayedGame:
    log: TransparencyLog
    signer: CheckpointSigner
    bundle: dict

    def fresh_bundle(self) -> dict:
        return copy.deepcopy(self.bundle)


def play_game(game_id: str = "game-42", signer: CheckpointSigner | None = None,
              log: TransparencyLog | None = None, server_seed: bytes | None = None,
              algorithm: str = sh.ALGORITHM) -> PlayedGame:
    """What the deck service and the runtime do for one game, minus the I/O.
    The server seed is fixed (unless given) so that every test run sees the
    same bundle; the service draws it with sh.new_server_seed()."""
    signer = signer or CheckpointSigner.from_private_bytes(bytes(range(32)), "foodgames/test-log")
    log = log if log is not None else TransparencyLog([b'{"other":"game"}'] * 5)
    players = ("alice", "bob", "carol")
    server_seed = server_seed or hashlib.sha256(f"server seed of {game_id}".encode()).digest()
    commitment_index = log.append(
        CommitmentRecord(game_id, "foodie-forest", players, sh.commitment(server_seed),
                         algorithm).to_bytes())
    log.append(b'{"another":"game"}')
    client_seeds = [ClientSeed(0, "alice", b"alice picked this"), ClientSeed(2, "carol", b"\x00\x01")]
    seeds = {c.seat: c.seed for c in client_seeds}

    events = [{"type": "GameStarted", "schema_version": 1, "data": {"players": list(players)}}]
    shuffles = []
    for deck, cards, k in (("main", MAIN_DECK, 0), ("dog", DOG_DECK, 0), ("main", MAIN_DECK, 1)):
        seed = sh.derive_shuffle_seed(server_seed, seeds, game_id, deck, k, algorithm)
        order = sh.shuffle(server_seed, seeds, game_id, deck, k, cards, algorithm)
        index = log.append(shuffle_record(algorithm, game_id, deck, k, cards, order, seed).to_bytes())
        shuffles.append(ShuffleEntry(deck, k, tuple(cards), tuple(order), index))
        events.append({"type": "ShuffleApplied", "schema_version": 1,
                       "data": {"deck": deck, "k": k, "order": order}})
        events.append({"type": "CardPlayed", "schema_version": 1,
                       "data": {"seat": 0, "card": order[0]}})
        log.append(b'{"yet another":"game"}')
    reveal_index = log.append(RevealRecord.of(game_id, server_seed, algorithm).to_bytes())
    log.append(b'{"later":"game"}')

    note = signer.sign(Checkpoint(signer.name, log.size, log.root()))
    bundle = build_bundle(game_id=game_id, game="foodie-forest", server_seed=server_seed,
                          client_seeds=client_seeds, commitment_index=commitment_index,
                          shuffles=shuffles, reveal_index=reveal_index, events=events, log=log,
                          checkpoint_note=note, public_key=signer.verifier_key)
    # what the operator receives is JSON text
    return PlayedGame(log, signer, json.loads(json.dumps(bundle)))
