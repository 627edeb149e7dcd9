"""Food Fight's strong level: the search bot (shared.search with this game's search.py) over the
Instant rounds and the plate, with the heuristic (bots.py) as its prior, its playouts' policy
and the model of the other seats, remembering the Day's draft (search.DraftMemory)."""
from __future__ import annotations

from shared.search import MAX_CANDIDATES, HeuristicPolicy, SearchBot

from .bots import HeuristicBot, plate_value
from .rules import RULES
from .rules.state import DRAFT, PLATING
from .search import SAMPLER, DraftMemory

PLAYOUTS = 24  # an Instant round's playouts a move
PLAN_SAMPLES = 8  # a plate's (or pick's) samples, each playing out every candidate
PLAN_CANDIDATES = 4  # plates weighed per Meal: the heuristic's best there
HEURISTIC_PLAYOUTS = True  # every seat plays this heuristic in the Instant rounds' playouts (else at random)
EPSILON = 0.1  # the playouts' share of random moves
REMEMBER = True  # deal the other seats the cards the seat saw them take (DraftMemory)
PLAN_EPSILON = 0.0  # a plate's playouts: the opponents are this heuristic, played as it plays


def plate_candidates(view, legal_moves, rng) -> list[dict]:
    """The heuristic's PLAN_CANDIDATES best plates at each Meal (its own value, without its
    random tie-break): what differs between them is where to fight and with which Mascots, not
    the plates of a single troop it never plays."""
    plates = [m for m in legal_moves if m["type"] == "plate"]  # never the automatic-pass switch
    if not plates:
        return list(legal_moves)[:MAX_CANDIDATES]
    meal_vp = HeuristicBot._meal_vp(view)
    value = lambda m: plate_value(m, meal_vp)  # noqa: E731
    out = []
    for meal in dict.fromkeys(m["meal"] for m in plates):
        at = sorted((m for m in plates if m["meal"] == meal), key=value, reverse=True)
        out += at[:PLAN_CANDIDATES]
    return out[:MAX_CANDIDATES]


class _Remembering:
    """This game's sampler, its samples filled with the cards the seat's DraftMemory knows."""

    def __init__(self, sampler, memory):
        self.sampler, self.memory = sampler, memory
        self.searches, self.horizon, self.value = sampler.searches, sampler.horizon, sampler.value

    def sample(self, view, rng):
        return self.sampler.sample(view, rng, self.memory.known(view) if REMEMBER else None)


class FoodFightSearch(SearchBot):
    """The search bot with a second search for the Day's plan (the plate, and picks when
    searched): those playouts run to the end of the Day with every seat playing the heuristic
    (the opponents' own policy) and common random numbers, PLAN_SAMPLES samples of every
    candidate. Both remember the Day's draft (DraftMemory) to deal the other seats the cards
    they took."""

    def __init__(self, seed=None, **budget):
        budget.setdefault("playouts", PLAYOUTS)
        self.memory = DraftMemory()
        sampler = _Remembering(SAMPLER, self.memory)
        policy = HeuristicPolicy(RULES, HeuristicBot, EPSILON) if HEURISTIC_PLAYOUTS else None
        super().__init__(RULES, sampler, seed, prior=HeuristicBot(seed), policy=policy,
                         common_random=HEURISTIC_PLAYOUTS, **budget)
        # the plan's playouts scale with the move's: the tests' single playout stays one sample
        plan = dict(budget, playouts=max(1, budget["playouts"] * PLAN_SAMPLES * MAX_CANDIDATES // PLAYOUTS))
        self.planner = SearchBot(RULES, sampler, f"{seed}/plan", prior=HeuristicBot(seed),
                                 policy=HeuristicPolicy(RULES, HeuristicBot, PLAN_EPSILON),
                                 candidates=plate_candidates, common_random=True, **plan)

    def choose(self, view, legal_moves, choices=None):
        if view["phase"] in (PLATING, DRAFT) and len(legal_moves) > 1:
            self.calls += 1
            move = self.planner.choose(view, legal_moves, choices)
            self.last = self.planner.last
        else:
            move = super().choose(view, legal_moves, choices)
        self.memory.saw(view, move)
        return move


def strong(seed: int | str | None = None, **budget) -> SearchBot:
    """The search bot (shared.search with this game's search.py), this heuristic its prior."""
    return FoodFightSearch(seed, **budget)
