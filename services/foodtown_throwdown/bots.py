"""A Foodtown Throwdown bot that plays with a plan, from its seat's view only (its hand, the
display, what lies in front of everyone, hand sizes, stars) and the public card catalogue.

Each turn it draws, completes the best displayed recipe it can, puts its territories and
publicity on the table, aims its one action card at the leader (Bad Review on their best recipe,
Hostile Takeover of their best territory, Flat Tire, Road Closed, Health Inspection; Menu Mix-Up
preferably against a hand of five or more), trades two ingredients no displayed recipe
wants for a new card, and passes. Forced discards drop the cards the display wants least.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .rules.cards import catalogue
from .rules.scoring import condition_holds

ACTION_ORDER = {"review": 0, "remove": 1, "skip": 2, "block": 3, "discard": 4, "redraw": 5}


def _wanted_types(view: dict[str, Any], hand: list[str]) -> Counter:
    """How many of each ingredient type the displayed recipes closest to completion want."""
    cat = catalogue()
    have = Counter(cat.cards[c].type for c in hand if cat.cards[c].kind == "ingredient")
    want: Counter = Counter()
    for r in view.get("display") or []:
        need = Counter(cat.recipes[r].ingredients)
        missing = sum((need - have).values())
        weight = cat.recipes[r].stars / (1 + missing)
        for t, k in need.items():
            want[t] = max(want[t], k * weight)
    return want


def card_value(view: dict[str, Any], hand: list[str], card: str) -> float:
    """How much the bot wants to keep `card` (higher: keep)."""
    cat = catalogue()
    info = cat.cards[card]
    if info.kind in ("territory", "publicity"):
        return 10.0
    if info.kind == "action":
        return 4.0 + (2 - ACTION_ORDER[info.effect] / 3)
    want = _wanted_types(view, hand)
    same = sum(1 for c in hand if cat.cards[c].kind == "ingredient" and cat.cards[c].type == info.type)
    need = want.get(info.type, 0.0)
    return need / max(1, same) + 0.1


class HeuristicBot:
    name = "heuristic"
    trade_min_hand = 7  # trades two unwanted cards for one only near the hand limit (self-play: shorter games)
    action_reach = 3  # plays an action card only at an opponent this many stars or fewer from the goal

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        if not legal_moves:
            raise ValueError("choose() needs at least one legal move")
        by_type: dict[str, list[dict[str, Any]]] = {}
        for m in legal_moves:
            by_type.setdefault(m["type"], []).append(m)
        if "draw" in by_type:
            return dict(by_type["draw"][0])
        hand = list(view.get("hand") or [])
        if "discard" in by_type:
            return self._discard(view, hand, by_type["discard"])
        cat = catalogue()
        if "complete" in by_type:
            return dict(max(by_type["complete"], key=lambda m: (cat.recipes[m["recipe"]].stars, m["recipe"])))
        plays = by_type.get("play", [])
        table_cards = [m for m in plays if cat.cards[m["card"]].kind in ("territory", "publicity")]
        if table_cards:
            return dict(table_cards[0])
        action = self._action(view, hand, [m for m in plays if cat.cards[m["card"]].kind == "action"])
        if action is not None:
            return action
        trade = self._trade(view, hand, by_type.get("discard_two", []))
        if trade is not None:
            return trade
        return dict(by_type.get("pass", legal_moves)[0])

    def _discard(self, view, hand, moves):
        def score(m):
            return sum(card_value(view, hand, c) for c in m["cards"])
        best = min(score(m) for m in moves)
        return dict(self.rng.choice([m for m in moves if score(m) == best]))

    def _action(self, view, hand, moves):
        stars = view.get("stars") or {}
        # An action card takes stars or cards from its target and gives the bot nothing, so it is
        # kept for an opponent close to winning (self-play: burnt at once on whoever led, five
        # bots starved the table of stars and 45% of 5-player games ran into the turn limit).
        goal = view.get("target_stars", 10)
        moves = [m for m in moves if stars.get(m["target"], 0) >= goal - self.action_reach]
        if not moves:
            return None
        cat = catalogue()
        sizes = view.get("hand_sizes") or {}
        menus = view.get("menus") or {}

        def value(m) -> float:
            t = m["target"]
            effect = cat.cards[m["card"]].effect
            lead = stars.get(t, 0) * 2 + sizes.get(t, 0) * 0.1
            if effect == "review":
                stars_lost = cat.recipes[m["pick"]].stars
                return lead + 3 * stars_lost
            if effect == "remove":  # the stars the target loses (none come to the bot)
                card = cat.cards[m["pick"]]
                theirs = [(r["recipe"], ()) for r in menus.get(t, [])]
                bonus = card.kind == "territory" and condition_holds(cat, card.condition, theirs)
                return lead + 3 + 2 * bonus
            if effect == "redraw":  # worth most against a hand that has gathered much
                return lead + (2 if sizes.get(t, 0) >= 5 else -1)
            if effect == "discard":
                return lead + (2 if sizes.get(t, 0) >= 4 else -0.5)
            return lead + {"skip": 3, "block": 1.5}[effect]

        best = max(moves, key=lambda m: (value(m), m.get("target", ""), m.get("pick") or ""))
        return dict(best) if value(best) > 0 else None

    def _trade(self, view, hand, moves):
        if not moves or len(hand) < self.trade_min_hand:
            return None
        def score(m):
            return sum(card_value(view, hand, c) for c in m["cards"])
        best = min(moves, key=lambda m: (score(m), m["cards"]))
        return dict(best) if score(best) < 0.5 else None


BOTS = {"heuristic": HeuristicBot}  # "strong": strong.py
