"""Where a rules service gets its shuffles: the DeckPort. The deck service's
gRPC client is the production adapter (deck_client.py);
`SeededDeck` is for in-process runs and tests of the runtime."""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Protocol, Sequence


@dataclass(frozen=True)
class Commitment:
    commitment: str  # hex SHA-256 of the server seed
    log_index: int


class DeckPort(Protocol):
    async def commit(self, game_id: str, game: str, players: Sequence[str]) -> Commitment: ...

    async def shuffle(self, game_id: str, deck: str, cards: Sequence[str], k: int) -> list[str]: ...

    async def reveal(self, game_id: str) -> str: ...


class SeededDeck:
    """Deterministic shuffles from a fixed seed: no commitment worth auditing.
    Only for in-process runs and tests."""

    def __init__(self, seed: str = "foodgames-test"):
        self.seed = seed

    def _key(self, game_id: str) -> str:
        return hashlib.sha256(f"{self.seed}/{game_id}".encode()).hexdigest()

    async def commit(self, game_id, game, players) -> Commitment:
        return Commitment(hashlib.sha256(bytes.fromhex(self._key(game_id))).hexdigest(), -1)

    async def shuffle(self, game_id, deck, cards, k) -> list[str]:
        order = list(cards)
        random.Random(f"{self._key(game_id)}/{deck}/{k}").shuffle(order)
        return order

    async def reveal(self, game_id) -> str:
        return self._key(game_id)
