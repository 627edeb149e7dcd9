"""The game-independent bots, and every game's bots by kind (from the game registry).

Levels, what a player chooses (a queue's `bot_level` option, `foodgames play --bots LEVEL`,
`foodgames bots --level`): `easy` a random bot, `normal` the game's own heuristic (its
default bot), `strong` its search bot (shared/search.py with the game's search.py).
"""
from __future__ import annotations

import os
import random
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any, Callable

from services.matchmaking.botfill import BOT_LEVELS, DEFAULT_BOT_LEVEL
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


# the levels a player chooses (a queue's option, the matchmaker's)
LEVELS, DEFAULT_LEVEL = BOT_LEVELS, DEFAULT_BOT_LEVEL


def level_kind(game: str, level: str) -> str:
    """The bot kind that plays `game` at `level`."""
    if level == "easy":
        return "random"
    if level == "normal":
        return games.get(game).default_bot
    if level == "strong":
        return "strong" if "strong" in _game_bots(game) else games.get(game).default_bot
    raise ValueError(f"no bot level {level!r}; levels: {', '.join(LEVELS)}")


def make_bot(game: str, kind: str | None = None, seed: int | str | None = None, **search) -> Bot:
    """A bot of `kind` (or of a level: easy, normal, strong); `search` (budget_ms, playouts)
    goes to a search bot only."""
    if kind in LEVELS:
        kind = level_kind(game, kind)
    bots = _game_bots(game)
    kind = kind or games.get(game).default_bot
    if kind not in bots:
        raise ValueError(f"no {kind!r} bot for {game}; bots: {', '.join(sorted(bots))}")
    if search and kind == "strong":
        return bots[kind](seed, **search)
    return bots[kind](seed)


SEARCH_THREADS_ENV = "FOODGAMES_BOT_SEARCH_THREADS"


@cache
def search_pool() -> ThreadPoolExecutor:
    """Where bots think (apps.sdk.seatplayer.BotChooser): never on the event loop, so a search's
    budget never stalls the other tables of the process; bounded, so that many searches at once
    queue instead of slicing one core ever thinner."""
    return ThreadPoolExecutor(max_workers=int(os.environ.get(SEARCH_THREADS_ENV) or 2),
                              thread_name_prefix="bot-search")
