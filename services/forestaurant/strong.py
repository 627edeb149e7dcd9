"""Forestaurant's strong level: the search bot (shared.search with this game's search.py and its
learnt value, value.py), the heuristic (bots.py) its prior and every seat's policy in the
playouts (docs/bots.md)."""
from __future__ import annotations

from shared.search import HeuristicPolicy, SearchBot

from .bots import HeuristicBot
from .rules import RULES
from .search import SAMPLER, candidates

# a move's playouts (32 samples of the 4 candidates), each to the end of the turn: 8 (one sample of
# 8 candidates) let one sample's luck overrule the heuristic; 64 (16 samples) with a margin of 0.02
# overruled it in about 1 searched action of 20; twice the samples halve the margin's noise
PLAYOUTS = 128
# the mean value (about a chance of winning) another move needs above the heuristic's to overrule
# it: with 8 candidates of 8 samples 0.01 overruled it on noise (12 % of 100 normal games), 0.05
# let little through (21 %), 0.02 23 % (the heuristic team: 20 %); with the 4 best and 32 samples
# 0.01 (31 %; 0.02 with 16 samples: 30 %; docs/bots.md)
MEAN_MARGIN = 0.01
MEAN_Z = None  # the sureness of the lead another move also needs (SearchBot's mean_z); None: the margin alone
EPSILON = 0.0  # the playouts' share of random moves (0.1 won 12.5 % of 40 games, 0: 17.5 %)


def strong(seed: int | str | None = None, **budget) -> SearchBot:
    """The search bot (shared.search with this game's search.py), this heuristic its prior and
    every seat's policy in the playouts."""
    budget.setdefault("playouts", PLAYOUTS)
    return SearchBot(RULES, SAMPLER, seed, prior=HeuristicBot(seed), candidates=candidates,
                     common_random=True, mean_margin=MEAN_MARGIN, mean_z=MEAN_Z,
                     policy=HeuristicPolicy(RULES, HeuristicBot, EPSILON), **budget)
