"""The bot interface shared by all games, the game-independent bots and the registry."""
from __future__ import annotations

import random
from typing import Any, Callable, Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    """A player. `view` is exactly the seat's view (a JSON-like dict), `legal_moves` the moves
    the seat may make now (never empty when called); returns one of them."""

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]: ...


class RandomBot:
    """Any game: a uniformly random legal move."""

    name = "random"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        if not legal_moves:
            raise ValueError("choose() needs at least one legal move")
        return dict(self.rng.choice(legal_moves))


class FirstBot:
    """Any game: the first legal move (deterministic; for tests)."""

    name = "first"

    def __init__(self, seed: int | str | None = None):
        pass

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        if not legal_moves:
            raise ValueError("choose() needs at least one legal move")
        return dict(legal_moves[0])


def _game_bots(game: str) -> dict[str, Callable[..., Bot]]:
    bots: dict[str, Callable[..., Bot]] = {"random": RandomBot, "first": FirstBot}
    if game == "foodie-forest":
        from shared.bots.foodie_forest import HeuristicBot

        bots["heuristic"] = HeuristicBot
    return bots


def bot_kinds(game: str) -> list[str]:
    """The bot kinds that can play `game`."""
    return sorted(_game_bots(game))


def make_bot(game: str, kind: str = "heuristic", seed: int | str | None = None) -> Bot:
    bots = _game_bots(game)
    if kind not in bots:
        raise ValueError(f"no {kind!r} bot for {game}; bots: {', '.join(sorted(bots))}")
    return bots[kind](seed)
