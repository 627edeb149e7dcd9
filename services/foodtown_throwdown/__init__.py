"""Foodtown Throwdown, 2-5 players: the game's one declaration (shared.games.Game).

Its folder holds everything of the game: pure rules and card data (rules/), its moves, bots,
terminal renderer and catalogue. docs/foodtown-throwdown.md explains the rules choices."""
from shared.games import Game, OptionSpec

from .moves import MOVES
from .rules import RULES
from .rules.options import LIMITS, Options
from . import bots, messages, render, strong
from .catalogue import catalogue
from .texts import TEXTS

OPTIONS = tuple(OptionSpec(name, getattr(Options(), name), minimum=low, maximum=high)
                for name, (low, high) in LIMITS.items())

GAME = Game(name="foodtown-throwdown", title="Foodtown Throwdown", rules=RULES, moves=MOVES, port=20057,
            cooperative=False, bots={**bots.BOTS, "strong": strong.strong}, renderer=render, catalogue=catalogue,
            default_bot="heuristic", texts=TEXTS, messages=messages, options=OPTIONS)
