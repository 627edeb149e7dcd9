"""The moves before a Day's Meals: picking a card in the draft and plating an Army at a Meal, and
the canonical list of plates."""
from __future__ import annotations

from collections import Counter
from typing import Any

from shared.moves import quote
from shared.rules import IllegalMove, NotYourTurn, Outcome

from .cards import MEALS, Card, card, catalogue
from .events import ArmyPlated, CardPicked
from .state import DRAFT, PLATING, State, evolve
from .steps import advance

ARMY_MAX = 5  # "An Army consists of up to five food troops"


def day_meals(state: State) -> list[str]:
    return [m for m in MEALS if any(card(b).meal == m for b in state.day_bfs)]


def pick(state: State, seat: int, cid: str) -> list[Any]:
    if state.phase != DRAFT:
        raise NotYourTurn("picking belongs to the draft, and no draft is under way", key="no-draft")
    if state.picked[seat]:
        waiting = [state.players[s] for s in state.seats if not state.picked[s]]
        raise NotYourTurn(f"you already picked from this packet (\"choose one and only one card\"); "
                          f"waiting for {', '.join(waiting)}", key="already-picked", players=waiting)
    if cid not in state.packets[seat]:
        raise IllegalMove(f"{cid} is not in the packet you hold: pick one of its cards",
                          key="not-in-packet", card=cid)
    out = Outcome(state, evolve)
    out.emit(CardPicked(seat, cid, auto=False))
    advance(out)
    return out.events


def plate(state: State, seat: int, meal: str, troops: tuple[str, ...],
          mascots: tuple[str, ...]) -> list[Any]:
    if state.phase != PLATING:
        raise NotYourTurn("plating comes after the draft, before the Meals", key="no-plating")
    if state.plates[seat] is not None:
        raise NotYourTurn("you already plated your Army this Day", key="already-plated")
    if meal not in day_meals(state):
        raise IllegalMove(f"there is no {meal} Battlefield this Day (\"you can't place a Meal "
                          f"plate on your Army if there are no Battlefields for that Meal\")",
                          key="no-battlefield-for-meal", meal=meal)
    if len(troops) > ARMY_MAX:
        raise IllegalMove(f"an Army consists of up to five food troops, not {len(troops)}",
                          key="army-too-big", count=len(troops))
    hand = Counter(state.hands[seat])
    for cid in (*troops, *mascots):
        if cid not in catalogue().cards:
            raise IllegalMove(f"there is no card {cid!r}", key="no-such-card", card=quote(cid))
    for cid in troops:
        if not card(cid).is_troop:
            raise IllegalMove(f"{card(cid).name} is an Instant: \"Do not put any Instants into "
                              f"your Army\"", key="instant-in-army", card=cid)
    for cid in mascots:
        if not card(cid).is_instant or card(cid).timing != "plating":
            raise IllegalMove(f"{cid} is not an Instant that is played during plating",
                              key="not-a-plating-instant", card=cid)
    need = Counter(troops) + Counter(mascots)
    for cid, k in need.items():
        if hand[cid] < k:
            raise IllegalMove(f"you hold {hand[cid]} {cid}, not {k}", key="not-enough-cards",
                              card=cid, held=hand[cid], wanted=k)
    out = Outcome(state, evolve)
    out.emit(ArmyPlated(seat, meal, troops, mascots))
    advance(out)
    return out.events


def plate_score(c: Card, meal: str) -> int:
    """A simple strength of a troop at a Meal, for the canonical plate list and the bots."""
    p = c.power
    value = c.yumminess
    if p is not None:
        if p.kind == "at_meal" and p.meal == meal:
            value = max(value, p.value)
        elif p.kind == "meal_bonus" and p.meal == meal:
            value += p.amount
        elif p.kind in ("commander", "double_next", "per_previous_same", "discard_boost",
                        "per_instant", "printed_copy", "join_next"):
            value += 2
    return value * 10 + (5 if c.meal == meal else 0)


def plate_options(state: State, seat: int) -> list[dict[str, Any]]:
    """The canonical plate list: for each Meal with a Battlefield this Day, the empty Army, each
    single troop, the five strongest troops there, the five strongest native troops there, each
    with no plating Instant and with all of them. decide accepts every legal plate."""
    hand = state.hands[seat]
    troops = [c for c in hand if card(c).is_troop]
    platings = sorted(c for c in hand if card(c).is_instant and card(c).timing == "plating")
    out: list[dict[str, Any]] = []
    seen = set()
    for meal in day_meals(state):
        ranked = sorted(troops, key=lambda c: (-plate_score(card(c), meal), c))
        armies = [(), *((c,) for c in sorted(set(troops))), tuple(ranked[:ARMY_MAX]),
                  tuple([c for c in ranked if card(c).meal == meal][:ARMY_MAX])]
        for army in armies:
            for mascots in ([()] + ([tuple(platings)] if platings else [])):
                key = (meal, tuple(sorted(army)), mascots)
                if key in seen:
                    continue
                seen.add(key)
                out.append({"type": "plate", "meal": meal, "troops": sorted(army),
                            "mascots": list(mascots)})
    return out
