"""Foodtown Throwdown's strong level: the search bot (shared.search with this game's search.py),
the heuristic (bots.py) its prior and every seat's policy in the playouts."""
from __future__ import annotations

from shared.search import HeuristicPolicy, SearchBot

from .bots import HeuristicBot
from .rules import RULES
from .search import SAMPLER, candidates

PLAYOUTS = 16  # a move's playouts: each plays the heuristic for every seat (~1 ms a move)
EPSILON = 0.1  # the playouts' share of random moves


def strong(seed: int | str | None = None, **budget) -> SearchBot:
    """The search bot (shared.search with this game's search.py), this heuristic its prior and
    every seat's policy in the playouts."""
    budget.setdefault("playouts", PLAYOUTS)
    return SearchBot(RULES, SAMPLER, seed, prior=HeuristicBot(seed), candidates=candidates,
                     common_random=True, policy=HeuristicPolicy(RULES, HeuristicBot, EPSILON), **budget)
