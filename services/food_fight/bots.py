"""Food Fight bots. They see only their seat's view (and the public card catalogue).

HeuristicBot: drafts the troops that are strong at the Day's Meals (worth more where more VP
are at stake), plates its strongest army where the VP at stake times its strength is highest,
and in the Instant round plays an Instant or a discard only when that turns a lost Serving into
a won one (the cheapest that does), draws Battlefields for itself at once, and otherwise passes.

The strong level (strong.py) searches with this heuristic as its prior, its playouts' policy and
the model of the other seats.
"""
from __future__ import annotations

import random
from typing import Any

from .rules.cards import DOG, catalogue
from .rules.draft import plate_score


def _card(cid: str):
    return catalogue().cards[cid]


def plate_value(move: dict[str, Any], meal_vp: dict[str, int]) -> float:
    """The heuristic's worth of a plate: its strength at the Meal times the VP at stake there."""
    strength = sum(plate_score(_card(t), move["meal"]) for t in move["troops"])
    bonus = sum(10 for x in move["mascots"] if _card(x).power.kind == "plating_bonus")
    return (meal_vp.get(move["meal"], 0) + 1) * (strength + bonus)


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        if not legal_moves:
            raise ValueError("choose() needs at least one legal move")
        # a bot never switches automatic passing: it passes at once when a pass is all it has
        legal_moves = [m for m in legal_moves if m["type"] != "auto_pass"] or legal_moves
        if all(m["type"] == "pass" for m in legal_moves):
            return legal_moves[0]
        kind = legal_moves[0]["type"]
        if kind == "pick":
            return self._pick(view, legal_moves)
        if kind == "plate":
            return self._plate(view, legal_moves)
        return self._fight(view, legal_moves)

    # ---- draft -------------------------------------------------------------------------------
    @staticmethod
    def _meal_vp(view) -> dict[str, int]:
        vp: dict[str, int] = {}
        for b in view.get("day_battlefields") or []:
            vp[b["meal"]] = vp.get(b["meal"], 0) + b["vp"]
        return vp

    @staticmethod
    def _card_value(cid: str, meal_vp: dict[str, int]) -> float:
        c = _card(cid)
        if c.is_troop:
            return max((plate_score(c, m) * (1 + v / 4) for m, v in meal_vp.items()), default=0)
        effect = c.power.kind
        if effect == "draw_battlefield":
            return 200 if c.power.to == "you" else 60
        if effect in ("summon_dog",):
            return 20
        if effect == "double":
            return 110
        if effect in ("boost", "plating_bonus"):
            amount = c.power.amount
            meal = c.power.meal
            weight = 1.0 if meal == "any" else (1 + meal_vp.get(meal, 0) / 4) / 2
            return amount * 12 * weight
        return 45

    def _pick(self, view, legal_moves):
        meal_vp = self._meal_vp(view)
        return max(legal_moves, key=lambda m: (self._card_value(m["card"], meal_vp), m["card"]))

    # ---- plating -----------------------------------------------------------------------------
    def _plate(self, view, legal_moves):
        meal_vp = self._meal_vp(view)
        return max(legal_moves, key=lambda m: plate_value(m, meal_vp) + self.rng.random())

    # ---- the Instant round ---------------------------------------------------------------------
    def _fight(self, view, legal_moves):
        meal = view.get("meal") or {}
        me = view.get("you")
        current = meal.get("current") or {}
        mine = current.get(me)
        for m in legal_moves:  # a Battlefield for me, now
            if m["type"] == "instant" and _card(m["card"]).power.kind == "draw_battlefield" \
                    and _card(m["card"]).power.to == "you":
                return m
        if mine is None:
            return {"type": "pass"}
        others = {k: v for k, v in current.items() if k != me and v is not None}
        if not others:
            return {"type": "pass"}
        best_other = max(others.values())
        natives = meal.get("native") or {}
        i_native = natives.get(me, False)
        others_native = any(natives.get(k) for k, v in others.items() if v == best_other and k != DOG)

        def wins(value: int) -> bool:
            if value > best_other:
                return True
            if value < best_other:
                return False
            if DOG in others and others[DOG] == best_other and not any(
                    v == best_other for k, v in others.items() if k != DOG):
                return True  # The Dog loses ties
            return i_native and not others_native

        if wins(mine):
            return {"type": "pass"}
        troops = {t["card"]: t for t in (meal.get("troops") or {}).get(me, [])
                  if t["serving"] == meal.get("serving")}
        played = sum(1 for i in meal.get("instants") or [] if i["player"] == me)
        options = []
        for m in legal_moves:
            gain = self._gain(m, troops, played, len(troops))
            if gain and wins(mine + gain):
                cost = len(m.get("cards", [])) if m["type"] == "discard" else 1
                options.append((cost, gain, m))
        if options:
            options.sort(key=lambda o: (o[0], o[1]))
            return options[0][2]
        return {"type": "pass"}

    @staticmethod
    def _gain(move, troops, played: int, count: int) -> int:
        if move["type"] == "discard":
            return _card(move["troop"]).power.amount * len(move["cards"])
        if move["type"] != "instant":
            return 0
        e = _card(move["card"]).power
        target = troops.get(move.get("target") or "")
        if e.kind == "boost":
            return e.amount
        if e.kind == "boost_per_instant":
            return e.amount * played
        if e.kind == "boost_printed" and target:
            return target["printed"]
        if e.kind == "double" and target:
            return target["yumminess"]
        if e.kind == "boost_all":
            return e.amount * count
        return 0


BOTS = {"heuristic": HeuristicBot}  # "random" and "first" are every game's (apps/bots); "strong": strong.py
