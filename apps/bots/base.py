"""The game-independent bots, and every game's bots by kind (from the game registry)."""
from __future__ import annotations

import random
from typing import Any, Callable

from shared import games
from shared.choices import sample
from shared.games import Bot


class RandomBot:
    """Any game: a random legal move; where the listed moves are only a sample, a move built at
    random from the seat's whole move space (shared.choices.sample), as a client builds one."""

    name = "random"
    builds_from_choices = True

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]],
               choices: dict[str, Any] | None = None) -> dict[str, Any]:
        if not legal_moves:
            raise ValueError("choose() needs at least one legal move")
        if choices:
            built = sample(choices, self.rng)
            if built is not None:
                return built
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
    """The generic bots plus the game's own (its declaration's `bots`)."""
    return {"random": RandomBot, "first": FirstBot, **games.get(game).bots}


def bot_kinds(game: str) -> list[str]:
    """The bot kinds that can play `game`."""
    return sorted(_game_bots(game))


def make_bot(game: str, kind: str | None = None, seed: int | str | None = None) -> Bot:
    bots = _game_bots(game)
    kind = kind or games.get(game).default_bot
    if kind not in bots:
        raise ValueError(f"no {kind!r} bot for {game}; bots: {', '.join(sorted(bots))}")
    return bots[kind](seed)
