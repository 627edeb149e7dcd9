"""Writes docs/shuffle-vectors.json, the known answers of foodgames-shuffle-v1
(the top-level fields, as first published) and of foodgames-shuffle-v2 (the
field "v2", added with v2).

Run it only when a NEW algorithm version is introduced: the published answers
of an existing version must never change (tests/deck/test_shuffle_vectors.py
pins the v1 part by its hash; the script still writes it byte for byte). The
tests check services/deck/shuffle.py and apps/audit/verifier.py against the
file, never against this script.

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
                   game_id: str, deck: str, k: int, cards: list[str],
                   algorithm: str = sh.V1) -> dict:
    message = sh.derivation_message(game_id, deck, k, client_seeds, algorithm)
    seed = sh.derive_shuffle_seed(server_seed, client_seeds, game_id, deck, k, algorithm)
    order = sh.shuffle(server_seed, client_seeds, game_id, deck, k, cards, algorithm)
    stream = sh.ByteStream(seed)
    draws = []
    for i in range(len(cards) - 1, 0, -1):
        draws.append(sh.uniform_below(stream, i + 1))
    vector = {
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
    }
    if algorithm == sh.V1:
        vector.update(input_sha256=sh.card_list_sha256(cards),
                      output_sha256=sh.card_list_sha256(order))
    else:
        vector.update(
            input_commit_message=sh.commit_message(sh.INPUT_LABEL, cards).hex(),
            input_commit=sh.input_commit(seed, cards),
            output_commit_message=sh.commit_message(sh.OUTPUT_LABEL, order).hex(),
            output_commit=sh.output_commit(seed, order))
    return vector


def shuffle_inputs() -> list[tuple]:
    """The inputs of the v1 shuffle vectors (v2 has the same and more)."""
    seq32 = bytes(range(32))
    return [
        ("52 cards, two client seeds", seq32,
         [(0, b"alice's seed"), (1, bytes.fromhex("00ff10"))],
         "game-0001", "main", 0, STANDARD_52),
        ("52 cards, same seeds, next shuffle (k=1)", seq32,
         [(0, b"alice's seed"), (1, bytes.fromhex("00ff10"))],
         "game-0001", "main", 1, STANDARD_52),
        ("no client seeds", b"\xff" * 32, [], "game-0002", "main", 0,
         STANDARD_52),
        ("non-ASCII names, seats with a gap, large k",
         hashlib.sha256(b"server").digest(),
         [(4, b"\x00" * 32), (0, "Zoë".encode()), (2, b"x")],
         "spiel-\u00e4\u00f6\u00fc-\U0001f96a", "Gew\u00fcrze",
         (1 << 40) + 3,
         ["Zimt", "Muskat", "Safran", "Vanille", "Kardamom", "Nelke",
          "Piment", "Anis", "Zimt"]),
        ("one card", seq32, [(0, b"a")], "g", "d", 0, ["solo"]),
        ("two cards", seq32, [(0, b"a")], "g", "d", 0, ["top", "bottom"]),
        ("empty deck", seq32, [(0, b"a")], "g", "d", 0, []),
    ]


# Food Fight's Dog deck: 8 cards everyone knows, so 8! = 40,320 orders; v1's
# output_sha256 of it gave the order away during the game.
DOG_DECK = ["begging-dog", "big-dog", "drooling-dog", "hound-dog", "hungry-dog", "puppy",
            "sleepy-dog", "sniffing-dog"]


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
    vectors = {
        "algorithm": sh.V1,
        "spec": "docs/shuffle-spec.md",
        "note": "Known answers of foodgames-shuffle-v1. Every implementation must reproduce "
                "every field. Hex is lowercase; cards and orders list the top card first.",
        "stream": {
            "seed": hashlib.sha256(b"foodgames-shuffle-v1 stream vector").digest().hex(),
            "first_200_bytes": stream_bytes(
                hashlib.sha256(b"foodgames-shuffle-v1 stream vector").digest(), 200),
        },
        "bounded_integers": bounded_vector(),
        "shuffles": [shuffle_vector(*inputs) for inputs in shuffle_inputs()],
        "v2": {
            "algorithm": sh.V2,
            "spec": "docs/shuffle-spec.md, section 11",
            "note": "Known answers of foodgames-shuffle-v2. The stream and bounded_integers "
                    "vectors above hold for v2 unchanged (sections 4 and 5 are the same). A "
                    "shuffle vector has the fields of a v1 one, except that input_sha256 and "
                    "output_sha256 are replaced by the commitments and their HMAC messages.",
            "shuffles": [shuffle_vector(*inputs, algorithm=sh.V2) for inputs in [
                *shuffle_inputs(),
                ("Food Fight's Dog deck (8 known cards)", hashlib.sha256(b"dog").digest(),
                 [(0, b"ann"), (1, b"bob"), (2, b"cy")], "food-fight-0001", "dog", 0,
                 DOG_DECK),
            ]],
        },
    }
    json.dump(vectors, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
