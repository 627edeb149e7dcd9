"""Food Fight, 2-6 players: the game's one declaration (shared.games.Game).

Its folder holds everything of the game: pure rules and card data (rules/), its moves, bots,
terminal renderer and catalogue. docs/food-fight.md explains the rules choices."""
from __future__ import annotations

from shared.games import Game

from . import bots, render
from .catalogue import catalogue
from .moves import MOVES
from .rules import RULES

GAME = Game(name="food-fight", title="Food Fight", rules=RULES, moves=MOVES, port=50055,
            cooperative=False, bots=bots.BOTS, renderer=render, catalogue=catalogue,
            default_bot="heuristic")
