"""Which rules module plays which game, by the game's wire name."""
from __future__ import annotations

import importlib

from shared.rules import Rules

# game name -> "module:attribute" of its Rules object
GAMES: dict[str, str] = {
    "foodie-forest": "services.foodie_forest.rules:RULES",
}


class UnknownGame(LookupError):
    pass


def load_rules(game: str) -> Rules:
    try:
        target = GAMES[game]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(f"unknown game {game!r}; known games: {known}") from None
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)
