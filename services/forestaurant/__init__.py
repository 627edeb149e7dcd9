"""Forestaurant, 1-5 players, cooperative: the game's one declaration (shared.games.Game).

Its folder holds everything of the game: pure rules and card data (rules/), its moves, bots,
terminal renderer and catalogue. docs/forestaurant.md explains the rules choices."""
from __future__ import annotations

from shared.games import Game, OptionSpec

from . import bots, messages, render, strong
from .catalogue import catalogue
from .moves import MOVES
from .rules import RULES
from .rules.options import PRESETS
from .texts import TEXTS

_NORMAL = PRESETS["normal"]
# every option of rules/options.py; "When playing with 5 players, it is recommended to use some of
# these modifications!" is said by the options' sentences and the rules section `variations`
OPTIONS = (
    OptionSpec("difficulty", "normal", choices=tuple(PRESETS)),
    OptionSpec("stars_covered", _NORMAL["stars_covered"], choices=(1, 2, 3)),
    OptionSpec("satisfied_needed", _NORMAL["satisfied_needed"], minimum=3, maximum=7),
    OptionSpec("ignore_eating_clouds", _NORMAL["ignore_eating_clouds"], choices=(False, True)),
)

GAME = Game(name="forestaurant", title="Forestaurant", rules=RULES, moves=MOVES, port=20056,
            cooperative=True, bots={**bots.BOTS, "strong": strong.strong}, renderer=render, catalogue=catalogue,
            default_bot="heuristic", texts=TEXTS, messages=messages, options=OPTIONS)
