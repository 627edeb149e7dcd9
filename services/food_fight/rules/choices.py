"""A seat's whole move space as choices (shared.choices): what a client builds a move from.

`legal_moves` lists plates and discards only as a canonical sample (a hand of nine holds up to
a few hundred Armies); the choices describe every one of them:
- a plate: the meal from the Meals with a Battlefield this Day, 0-5 troops from the hand's
  troops (each card at most once, as often as held, in any order), the plating Mascots from
  the hand's (any of them, or none);
- a discard: for each current troop with a discard power it may still use this Serving, any
  non-empty set of the hand's cards that power takes;
- an Instant: each Instant playable now, with its possible targets (or none);
- a pick, a pass and switching automatic passing as listed.
Nothing is offered that decide refuses: every constraint here is one the shape can say.
"""
from __future__ import annotations

from collections import Counter
from math import prod
from typing import Any

from .cards import card
from .decide import auto_pass_options, legal_moves, to_act
from .draft import ARMY_MAX, day_meals
from .instants import instant_options
from .state import DRAFT, FIGHT, PLATING, State


def _plate(state: State, seat: int) -> dict[str, Any]:
    hand = sorted(state.hands[seat])
    troops = [c for c in hand if card(c).is_troop]
    mascots = [c for c in hand if card(c).is_instant and card(c).timing == "plating"]
    return {"type": "plate", "fields": [
        {"name": "meal", "one_of": day_meals(state)},
        {"name": "troops", "subset_of": troops, "min": 0, "max": min(ARMY_MAX, len(troops)),
         "ordered": False},
        {"name": "mascots", "subset_of": mascots, "min": 0, "max": len(mascots), "ordered": False,
         "optional": True}]}


def _discard_troops(state: State, seat: int) -> dict[str, list[str]]:
    """Current troop id -> the hand's cards its discard power takes (sorted), for the troops
    whose power is still unused this Serving and that take a card the seat holds."""
    if seat in state.passed:
        return {}
    used = {d.troop for d in state.discards if d.seat == seat and d.serving == state.serving}
    out: dict[str, list[str]] = {}
    for r in state.reveals:
        if r.seat != seat or r.serving != state.serving or r.index in used:
            continue
        p = card(r.card).power
        if p is None or p.kind != "discard_boost":
            continue
        fit = sorted(c for c in state.hands[seat]
                     if p.discard == "any" or (card(c).is_troop and card(c).meal == p.discard))
        if fit:
            out[r.card] = fit
    return out


def _fight(state: State, seat: int) -> list[dict[str, Any]]:
    listed = instant_options(state, seat)
    targets: dict[str, list[str]] = {}
    for m in listed:
        if m["type"] == "instant":
            targets.setdefault(m["card"], [])
            if "target" in m:
                targets[m["card"]].append(m["target"])
    entries: list[dict[str, Any]] = []
    if targets:
        entries.append({"type": "instant", "fields": [
            {"name": "card", "one_of": sorted(targets)},
            {"name": "target", "depends_on": "card",
             "cases": {c: ({"one_of": t} if t else {"absent": True}) for c, t in sorted(targets.items())}}]})
    discards = _discard_troops(state, seat)
    if discards:
        entries.append({"type": "discard", "fields": [
            {"name": "troop", "one_of": sorted(discards)},
            {"name": "cards", "depends_on": "troop",
             "cases": {t: {"subset_of": fit, "min": 1, "max": len(fit), "ordered": False}
                       for t, fit in sorted(discards.items())}}]})
    entries.append({"type": "pass", "fields": []})
    return entries


def choices(state: State, seat: int) -> dict[str, Any]:
    if not isinstance(seat, int) or seat not in to_act(state):
        return {"moves": []}
    if state.phase == DRAFT:
        entries = [{"type": "pick", "fields": [{"name": "card", "one_of": sorted(set(state.packets[seat]))}]}]
    elif state.phase == PLATING:
        entries = [_plate(state, seat)]
    elif state.phase == FIGHT:
        entries = _fight(state, seat)
    else:  # pragma: no cover - nobody acts in the other phases
        entries = []
    for m in auto_pass_options(state, seat):
        entries.append({"type": "auto_pass", "fields": [{"name": "on", "const": m["on"]}]})
    return {"moves": entries}


def _multisets(cards: list[str], low: int, high: int) -> int:
    """How many different collections of `low`..`high` of `cards` (copies alike) there are."""
    ways = [1] + [0] * high  # ways[k]: collections of k cards
    for copies in Counter(cards).values():
        ways = [sum(ways[k - j] for j in range(0, min(copies, k) + 1)) for k in range(high + 1)]
    return sum(ways[low:high + 1])


def moves_complete(state: State, seat: int) -> bool:
    """Whether legal_moves lists every legal move: always but for plates and discards, where it
    does when the sample happens to hold them all."""
    legal = legal_moves(state, seat)
    if state.phase == PLATING and seat in to_act(state):
        entry = _plate(state, seat)
        troops, mascots = entry["fields"][1]["subset_of"], entry["fields"][2]["subset_of"]
        total = (len(entry["fields"][0]["one_of"]) * _multisets(troops, 0, ARMY_MAX)
                 * _multisets(mascots, 0, len(mascots)))
        return sum(1 for m in legal if m["type"] == "plate") == total
    if state.phase == FIGHT and seat in to_act(state):
        listed = sum(1 for m in legal if m["type"] == "discard")
        total = sum(prod(n + 1 for n in Counter(fit).values()) - 1
                    for fit in _discard_troops(state, seat).values())
        return listed == total
    return True
