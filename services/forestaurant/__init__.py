"""Forestaurant, 1-5 players, cooperative: the game's one declaration (shared.games.Game).

Its folder holds everything of the game: pure rules and card data (rules/), its moves, bots,
terminal renderer and catalogue. docs/forestaurant.md explains the rules choices."""
from __future__ import annotations

from shared.games import Game

from . import bots, render
from .catalogue import catalogue
from .moves import MOVES
from .rules import RULES

GAME = Game(name="forestaurant", title="Forestaurant", rules=RULES, moves=MOVES, port=50056,
            cooperative=True, bots=bots.BOTS, renderer=render, catalogue=catalogue,
            default_bot="heuristic")
