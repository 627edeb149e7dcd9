"""Foodie Forest (Reiner Knizia), 2-5 players: the game's one declaration (shared.games.Game).

Its folder holds everything of the game: pure rules and card data (rules/), its moves, bots,
texts (texts/<language>.ftl) and how its events read (messages.py), terminal renderer and
catalogue. docs/foodie-forest.md explains the rules choices."""
from __future__ import annotations

from shared.games import Game, OptionSpec

from . import bots, messages, render
from .catalogue import catalogue
from .moves import MOVES
from .rules import RULES
from .rules.options import ONLY_WITH, OPTIONS
from .texts import TEXTS

GAME = Game(
    name="foodie-forest",
    title="Foodie Forest",
    rules=RULES,
    moves=MOVES,
    port=20051,
    bots=bots.BOTS,
    renderer=render,
    catalogue=catalogue,
    default_bot="heuristic",
    texts=TEXTS,
    messages=messages,
    options=tuple(OptionSpec(name, default, choices, only_with=ONLY_WITH.get(name, ()))
                  for name, default, choices in OPTIONS),
)
