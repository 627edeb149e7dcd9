"""Writes docs/shuffle-vectors.json, the known answers of foodgames-shuffle-v1.

Run it only when a NEW algorithm version is introduced (and then write the new
version's vectors to a new file): the published v1 answers must never change.
The tests check services/deck/shuffle.py and apps/audit/verifier.py against
the file, never against this script.

    .venv/bin/python -m tests.deck.make_shuffle_vectors > docs/shuffle-vectors.json
"""
from __future__ import annotations

import hashlib
import json
import sys

from services.deck import shuffle as sh

SUITS = "SHDC"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
STANDARD_52 = [rank + suit for suit in SUITS for rank in RANKS]


def stream_bytes(seed: bytes, n: int) -> str:
    return sh.ByteStream(seed).read(n).hex()


def shuffle_vector(name: str, server_seed: bytes, client_seeds: list[tuple[int, bytes]],
                   game_id: str, deck: str, k: int, cards: list[str]) -> dict:
    message = sh.derivation_message(game_id, deck, k, client_seeds)
    seed = sh.derive_shuffle_seed(server_seed, client_seeds, game_id, deck, k)
    order = sh.shuffle(server_seed, client_seeds, game_id, deck, k, cards)
    stream = sh.ByteStream(seed)
    draws = []
    for i in range(len(cards) - 1, 0, -1):
        draws.append(sh.uniform_below(stream, i + 1))
    return {
        "name": name,
        "server_seed": server_seed.hex(),
        "commitment": sh.commitment(server_seed),
        "client_seeds": [{"seat": seat, "seed": s.hex()} for seat, s in client_seeds],
        "game_id": game_id,
        "deck": deck,
        "k": k,
        "derivation_message": message.hex(),
        "shuffle_seed": seed.hex(),
        "stream_first_96_bytes": stream_bytes(seed, 96),
        "fisher_yates_draws": draws,
        "stream_bytes_consumed": stream.consumed,
        "cards": cards,
        "order": order,
        "input_sha256": sh.card_list_sha256(cards),
        "output_sha256": sh.card_list_sha256(order),
    }


def bounded_vector() -> dict:
    seed = hashlib.sha256(b"foodgames-shuffle-v1 bounded-integer vector").digest()
    bounds = [1, 2, 3, 5, 7, 52, 52, 52, 52, 52, 100, 129, 200, 255, 256, 257, 257, 257, 1000,
              65535, 65536, 65537, 1 << 24, (1 << 24) + 1, (1 << 32) - 1, 1 << 32]
    stream = sh.ByteStream(seed)
    draws = []
    for n in bounds:
        value = sh.uniform_below(stream, n)
        draws.append({"n": n, "value": value, "bytes_consumed_after": stream.consumed})
    return {"stream_seed": seed.hex(), "draws": draws}


def main() -> None:
    seq32 = bytes(range(32))
    vectors = {
        "algorithm": sh.ALGORITHM,
        "spec": "docs/shuffle-spec.md",
        "note": "Known answers of foodgames-shuffle-v1. Every implementation must reproduce "
                "every field. Hex is lowercase; cards and orders list the top card first.",
        "stream": {
            "seed": hashlib.sha256(b"foodgames-shuffle-v1 stream vector").digest().hex(),
            "first_200_bytes": stream_bytes(
                hashlib.sha256(b"foodgames-shuffle-v1 stream vector").digest(), 200),
        },
        "bounded_integers": bounded_vector(),
        "shuffles": [
            shuffle_vector("52 cards, two client seeds", seq32,
                           [(0, b"alice's seed"), (1, bytes.fromhex("00ff10"))],
                           "game-0001", "main", 0, STANDARD_52),
            shuffle_vector("52 cards, same seeds, next shuffle (k=1)", seq32,
                           [(0, b"alice's seed"), (1, bytes.fromhex("00ff10"))],
                           "game-0001", "main", 1, STANDARD_52),
            shuffle_vector("no client seeds", b"\xff" * 32, [], "game-0002", "main", 0,
                           STANDARD_52),
            shuffle_vector("non-ASCII names, seats with a gap, large k",
                           hashlib.sha256(b"server").digest(),
                           [(4, b"\x00" * 32), (0, "Zoë".encode()), (2, b"x")],
                           "spiel-\u00e4\u00f6\u00fc-\U0001f96a", "Gew\u00fcrze",
                           (1 << 40) + 3,
                           ["Zimt", "Muskat", "Safran", "Vanille", "Kardamom", "Nelke",
                            "Piment", "Anis", "Zimt"]),
            shuffle_vector("one card", seq32, [(0, b"a")], "g", "d", 0, ["solo"]),
            shuffle_vector("two cards", seq32, [(0, b"a")], "g", "d", 0, ["top", "bottom"]),
            shuffle_vector("empty deck", seq32, [(0, b"a")], "g", "d", 0, []),
        ],
    }
    json.dump(vectors, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
