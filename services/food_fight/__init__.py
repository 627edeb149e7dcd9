"""Food Fight, 2-6 players: the game's one declaration (shared.games.Game).

Its folder holds everything of the game: pure rules and card data (rules/), its moves, bots,
terminal renderer, catalogue, texts (texts/<language>.ftl) and how its events and moves read
(messages.py). docs/food-fight.md explains the rules choices."""
from __future__ import annotations

from shared.games import Game, OptionSpec

from . import bots, messages, render, strong
from .catalogue import catalogue
from .moves import MOVES
from .rules import RULES
from .rules.options import NON_NATIVE_TIES, Options
from .texts import TEXTS

_DEFAULTS = Options()

GAME = Game(name="food-fight", title="Food Fight", rules=RULES, moves=MOVES, port=20055,
            cooperative=False, bots={**bots.BOTS, "strong": strong.strong}, renderer=render, catalogue=catalogue,
            default_bot="heuristic", texts=TEXTS, messages=messages,
            options=(OptionSpec("boot_camp", _DEFAULTS.boot_camp, choices=(False, True)),
                     OptionSpec("non_native_tie", _DEFAULTS.non_native_tie, choices=NON_NATIVE_TIES),
                     OptionSpec("vp_to_win", _DEFAULTS.vp_to_win, minimum=1, maximum=54)))
