"""Yumminess: worked out from the state every time it is needed (nothing is stored).

"When you have multiple bonuses or effects that benefit a troop, they are ordered in such a
way as to give you the maximum benefit." Every bonus of the effect language is a replacement of
the printed value (at_meal), an addition, or a doubling; the maximum is then always the printed
value (or its replacement when higher), plus every addition, then every doubling, which is the
order used here. "You don't 'lock in' the doubling": doublings are applied last, to everything.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, catalogue
from .state import Reveal, State


@dataclass(frozen=True)
class Bonus:
    """One bonus of a troop: its source card and what it does: "set" the value to `amount`
    (a power that replaces the printed value), "add" `amount`, or "times" `amount` (a doubling)."""
    source: str
    effect: str
    amount: int

    @property
    def text(self) -> str:
        """As the rulebook writes it: "+4", "is 9", "x2"."""
        return {"set": f"is {self.amount}", "add": f"+{self.amount}", "times": f"x{self.amount}"}[self.effect]


@dataclass(frozen=True)
class Value:
    value: int
    bonuses: tuple[Bonus, ...]


def _card(cid: str) -> Card:
    return catalogue().cards[cid]


def instants_played(state: State, seat: int, upto_serving: int) -> int:
    """Instants `seat` played this Meal up to the end of Serving `upto_serving` (plating
    Mascots included: they are Instants played for this Meal)."""
    plate = state.plates[seat] if state.plates else None
    mascots = len(plate.mascots) if plate is not None and state.meal is not None else 0
    return mascots + sum(1 for p in state.instants if p.seat == seat and p.serving <= upto_serving)


def troop_value(state: State, r: Reveal) -> Value:
    card = _card(r.card)
    meal = state.meal
    adds: list[tuple[str, int]] = []
    doubles: list[str] = []
    base = card.yumminess
    sets: list[Bonus] = []
    p = card.power
    if p is not None:
        k = p.kind
        if k == "at_meal" and meal == p.meal and p.value > base:
            sets.append(Bonus(card.id, "set", p.value))
            base = p.value
        elif k == "meal_bonus" and meal == p.meal:
            adds.append((card.id, p.amount))
        elif k == "per_previous_same":
            count = sum(1 for x in state.reveals
                        if x.seat == r.seat and x.card == r.card and x.index < r.index)
            if count:
                adds.append((card.id, p.amount * count))
        elif k == "per_instant":
            count = instants_played(state, r.seat, r.serving)
            if count:
                adds.append((card.id, p.amount * count))
        elif k == "printed_copy":
            others = [_card(x.card).yumminess for x in state.reveals
                      if x.seat != r.seat and x.serving == r.serving]
            if others and max(others):
                adds.append((card.id, max(others)))
        elif k == "dog_bonus" and state.dog_in:
            adds.append((card.id, p.amount))
        elif k == "discard_boost":
            count = sum(len(d.cards) for d in state.discards if d.seat == r.seat and d.troop == r.index)
            if count:
                adds.append((card.id, p.amount * count))
    for x in state.reveals:
        if x.seat != r.seat or x.index == r.index:
            continue
        px = _card(x.card).power
        if px is None:
            continue
        if px.kind == "commander" and card.meal == px.meal and (
                x.index < r.index or (px.with_serving and x.serving == r.serving)):
            adds.append((x.card, px.amount))
        elif px.kind == "double_next" and r.index == x.index + 1 and card.meal == px.meal:
            doubles.append(x.card)
    plate = state.plates[r.seat] if state.plates else None
    if plate is not None:
        for m in plate.mascots:
            e = _card(m).power
            if e.kind == "plating_bonus" and card.meal == e.meal:
                adds.append((m, e.amount))
    for i, played in enumerate(state.instants):
        if played.seat != r.seat:
            continue
        e = _card(played.card).power
        if e.kind == "boost_all" and played.serving == r.serving:
            adds.append((played.card, e.amount))
        if played.target != r.index:
            continue
        if e.kind == "boost":
            adds.append((played.card, e.amount))
        elif e.kind == "boost_per_instant":
            # "Instants never affect themselves": the other Instants played up to this Serving
            count = instants_played(state, r.seat, r.serving) - 1
            if count:
                adds.append((played.card, e.amount * count))
        elif e.kind == "boost_printed":
            adds.append((played.card, card.yumminess))
        elif e.kind == "double":
            doubles.append(played.card)
    value = (base + sum(a for _, a in adds)) * (2 ** len(doubles))
    bonuses = (*sets, *(Bonus(src, "add", a) for src, a in adds), *(Bonus(src, "times", 2) for src in doubles))
    return Value(value, bonuses)


def current_troops(state: State, seat: int) -> list[Reveal]:
    return [r for r in state.reveals if r.seat == seat and r.serving == state.serving]


def serving_value(state: State, seat: int, serving: int | None = None) -> int | None:
    """The seat's Yumminess this Serving (its troops added up); None when it revealed nothing."""
    serving = state.serving if serving is None else serving
    mine = [r for r in state.reveals if r.seat == seat and r.serving == serving]
    if not mine:
        return None
    return sum(troop_value(state, r).value for r in mine)


def dog_value(state: State, serving: int | None = None) -> int | None:
    serving = state.serving if serving is None else serving
    for s, c in state.dog_cards:
        if s == serving:
            return _card(c).yumminess
    return None


def is_native(state: State, seat: int, serving: int | None = None) -> bool:
    """Any of the seat's troops this Serving is of the Meal's kind ("If either of the troops is
    native to the Meal you're fighting at, you're eligible to win ties there")."""
    serving = state.serving if serving is None else serving
    return any(_card(r.card).meal == state.meal for r in state.reveals
               if r.seat == seat and r.serving == serving)
