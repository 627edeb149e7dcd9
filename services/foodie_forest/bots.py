"""A Foodie Forest bot that plays with a plan: it picks the recipe its hand suits best (against
what that recipe is worth to an average hand, since each recipe is used once per game), takes
pots that score for its recipe, dodges pots that cost it, and feeds other players' pots the
cards that hurt them.

It sees only its view: its hand, the pot, the revealed recipes, hand sizes and points. The card
catalogue (values, colours, what resets the pot, each recipe's scoring) comes from the game's
own options in the view (`options`), which are public.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Sequence

from shared.search import SearchBot

from services.foodie_forest.rules.cards import Card, Table
from services.foodie_forest.rules.options import parse_options

# How much a point for an opponent counts against a point for us (we play to place first).
OPPONENT_WEIGHT = 0.35


@lru_cache(maxsize=16)
def _table(options_key: tuple) -> Table:
    return parse_options(dict(options_key)).table()


def table_of(view: dict[str, Any]) -> Table:
    return _table(tuple(sorted((view.get("options") or {}).items())))


def trick_gain(table: Table, recipe: str | None, cards: Sequence[str]) -> int:
    """What taking `cards` scores for `recipe`, without the recipe's base (Empty pot's 5)."""
    if recipe is None or recipe not in table.scoring:
        return 0
    scoring = table.scoring[recipe]
    return scoring.points([table.cards[c] for c in cards]) - scoring.base


def _adds(card: Card) -> bool:
    return not card.resets


@lru_cache(maxsize=16)
def _fill_chances(options_key: tuple) -> tuple[float, ...]:
    """chance[g]: share of the cards that can add at least g to a pot (g = 0..10)."""
    table = _table(options_key)
    adders = [table.cards[c].value for c in table.deck if _adds(table.cards[c])]
    return tuple(sum(1 for v in adders if v >= g) / len(table.deck) for g in range(11))


@lru_cache(maxsize=64)
def _baselines(options_key: tuple, hand_size: int) -> dict[str, float]:
    """What each recipe's hand score averages over random hands (the bar a hand must clear)."""
    table = _table(options_key)
    rng = random.Random(12345)
    deck = list(table.deck)
    sums = {r: 0.0 for r in table.recipes}
    rounds = 300
    for _ in range(rounds):
        hand = rng.sample(deck, hand_size)
        for r, v in recipe_scores(table, hand).items():
            sums[r] += v
    return {r: s / rounds for r, s in sums.items()}


def recipe_scores(table: Table, hand: Sequence[str]) -> dict[str, float]:
    """A rough forecast of what each recipe would score with this hand."""
    cards = [table.cards[c] for c in hand]
    takers = sum(1 for c in cards if _adds(c) and c.value >= 4)
    middles = sum(1 for c in cards if _adds(c) and c.value == 3)
    safe = sum(1 for c in cards if c.resets or c.value <= 2)
    scores: dict[str, float] = {}
    for recipe in table.recipes:
        scoring = table.scoring[recipe]
        if scoring.base > 0 and not scoring.gain:
            # Empty pot: every card taken costs one; high cards are what make you take pots.
            scores[recipe] = scoring.base - 1.6 * takers - 0.5 * middles + 0.25 * safe
            continue
        good = [c for c in cards if any(_is(cls, c) for cls in scoring.gain)]
        bad = [c for c in cards if any(_is(cls, c) for cls in scoring.lose)]
        strong = sum(1 for c in cards if _adds(c) and c.value >= 4)
        scores[recipe] = (0.9 * len(good) + 0.35 * sum(1 for c in good if _adds(c) and c.value >= 4)
                          + 0.15 * strong - 0.5 * len(bad) - 2.0)
    return scores


def _is(cls: str, card: Card) -> bool:
    if cls == "card":
        return True
    if cls in ("herb", "zero"):
        return card.kind == cls
    return card.colour == cls


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int | str | None = None, opponent_weight: float = OPPONENT_WEIGHT):
        self.rng = random.Random(seed)
        self.opponent_weight = opponent_weight

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        if not legal_moves:
            raise ValueError("choose() needs at least one legal move")
        if len(legal_moves) == 1:
            return dict(legal_moves[0])
        kinds = {m.get("type") for m in legal_moves}
        if kinds == {"choose_recipe"}:
            return dict(self._choose_recipe(view, legal_moves))
        if kinds == {"play"}:
            return dict(self._play(view, legal_moves))
        return dict(self.rng.choice(legal_moves))

    # -- recipes ---------------------------------------------------------------------------

    def _choose_recipe(self, view, legal_moves):
        table = table_of(view)
        hand = view.get("hand") or []
        key = tuple(sorted((view.get("options") or {}).items()))
        base = _baselines(key, max(1, len(hand)))
        scores = recipe_scores(table, hand)
        return max(legal_moves, key=lambda m: (scores.get(m["recipe"], 0.0) - base.get(m["recipe"], 0.0),
                                               self.rng.random()))

    # -- cards -----------------------------------------------------------------------------

    def _play(self, view, legal_moves):
        table = table_of(view)
        key = tuple(sorted((view.get("options") or {}).items()))
        chances = _fill_chances(key)
        players: list[str] = view["players"]
        me: str = view["you"]
        recipes: dict[str, str | None] = dict(view.get("recipes") or {})
        recipes[me] = view.get("my_recipe") or recipes.get(me)
        mine = recipes.get(me)
        trick = view.get("trick") or {}
        in_pot = [c["card"] for c in trick.get("cards", [])]
        total = int(trick.get("total") or 0)
        leading = not in_pot
        seat = players.index(me)
        nxt = players[(seat + 1) % len(players)]
        sizes = view.get("hand_sizes") or {}
        hand = view.get("hand") or []
        takers_left = sum(1 for c in hand if _adds(table.cards[c]) and table.cards[c].value >= 4)

        def score(move) -> float:
            card_id = move["card"]
            card = table.cards[card_id]
            if card.resets:
                new_total = 0
            elif leading:
                new_total = table.led_value.get(card.value, card.value)
            else:
                new_total = total + card.value
            pot = in_pot + [card_id]
            if new_total >= 10:
                return trick_gain(table, mine, pot) + 0.05 * len(pot)
            # The pot goes on: someone else will probably fill it, maybe the next player.
            gap = 10 - new_total
            able = 1.0 - (1.0 - chances[min(gap, 10)]) ** min(int(sizes.get(nxt, 0)), 6)
            their_gain = trick_gain(table, recipes.get(nxt), pot)
            willing = 0.85 if their_gain >= 0 else 0.35
            p_next = able * willing
            value = -self.opponent_weight * p_next * their_gain
            # The card leaves our hand into a pot we probably will not take: good when it
            # would have cost us, bad when it would have scored for us.
            value -= 0.6 * trick_gain(table, mine, [card_id])
            # A pot left near full comes back round; the more it holds, the more it matters.
            if p_next < 0.5:
                value += 0.15 * min(0, trick_gain(table, mine, pot)) * (1 - p_next)
            # High cards take pots later: keep them if pots are good for us, shed them if not.
            if _adds(card) and card.value >= 4:
                value += 0.3 if (mine in table.scoring and table.scoring[mine].base > 0
                                 and not table.scoring[mine].gain) else -0.15
            if card.resets and takers_left == 0:
                value -= 0.1
            return value

        best = max(score(m) for m in legal_moves)
        top = [m for m in legal_moves if score(m) >= best - 1e-9]
        return self.rng.choice(top)


def strong(seed: int | str | None = None, **budget) -> SearchBot:
    """The search bot (shared.search with this game's search.py), this heuristic its prior."""
    from .rules import RULES
    from .search import SAMPLER

    return SearchBot(RULES, SAMPLER, seed, prior=HeuristicBot(seed), **budget)


BOTS = {"heuristic": HeuristicBot, "strong": strong}
