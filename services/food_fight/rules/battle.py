"""A Meal fought: starting it, revealing and scoring its Servings, awarding its Battlefields
(or calling a tie for The Dog deck to break), and the end of the game."""
from __future__ import annotations

from typing import Sequence

from shared.rules import Outcome

from .cards import DOG, MEALS, card, catalogue
from .events import (
    BattlefieldsReturned,
    DayEnded,
    GameEnded,
    MealStarted,
    MealTied,
    MealWon,
    ServingRevealed,
    ServingScored,
    ShuffleRequested,
)
from .shuffles import army_slots
from .state import State, evolve
from .yum import dog_value, is_native, serving_value

SERVINGS = 5  # "there are five Servings in a Meal"
LONE_NEEDS = 3  # "If you don't beat The Dog three out of five times"


def next_meal(out: Outcome) -> None:
    s = out.state
    for meal in MEALS:
        if meal in s.meals_done:
            continue
        bfs = tuple(b for b in s.day_bfs if card(b).meal == meal)
        if not bfs:
            continue  # "Any Meals that didn't get a Battlefield card this Day are not fought over."
        # "In order to fight at a Meal ... you must have an Army of food": a plate on no troop
        # does not fight (it takes no chip, breaks no tie and leaves a lone Army to The Dog)
        fighters = tuple(seat for seat in s.seats
                         if s.plates[seat] is not None and s.plates[seat].meal == meal
                         and s.plates[seat].troops)
        if not fighters:
            # "If no players choose to fight at a Meal that had Battlefield cards, put those
            # Battlefield cards on the bottom of the Battlefield deck."
            out.emit(BattlefieldsReturned(meal, bfs))
            return
        lone = len(fighters) == 1
        summoned = any(card(m).power.kind == "summon_dog" for f in fighters
                       for m in s.plates[f].mascots)
        out.emit(MealStarted(meal, bfs, fighters, dog=lone or summoned, lone=lone))
        for f in fighters:  # "Those players ... shuffle up their troops": as positions,
            # never the troops themselves (see `army_slots`)
            out.emit(ShuffleRequested(f"army-{s.players[f]}", army_slots(len(s.plates[f].troops))))
        return
    out.emit(DayEnded(s.day))


def reveal_serving(out: Outcome) -> None:
    s = out.state
    n = len(s.players)
    troops: list[tuple[str, ...]] = [()] * n
    for f in s.fighters:
        army, i = s.armies[f], s.army_next[f]
        shown: list[str] = []
        while i < len(army):
            shown.append(army[i])
            i += 1
            power = card(army[i - 1]).power
            if power is None or power.kind != "join_next":
                break  # a Spud reveals the next troop, which joins this Serving
        troops[f] = tuple(shown)
    dog_card = s.dog_deck[s.dog_top] if s.dog_in else None
    serving = s.serving + 1
    probe = evolve(s, ServingRevealed(serving, tuple(troops), dog_card, s.fighters))
    values = {f: serving_value(probe, f) or 0 for f in s.fighters}
    # "The player with the lowest Yumminess value on his current troop has the option to play an
    # Instant ... the player to his left has the next chance ... clockwise". Equal lowest: the
    # first of them in seat order starts.
    first = min(s.fighters, key=lambda f: (values[f], f))
    priority = tuple(sorted(s.fighters, key=lambda f: (f - first) % n))
    out.emit(ServingRevealed(serving, tuple(troops), dog_card, priority))


def score_serving(out: Outcome) -> None:
    s = out.state
    names = s.players
    values = {f: v for f in s.fighters if (v := serving_value(s, f)) is not None}
    dog = dog_value(s) if s.dog_in else None
    shown = {names[f]: v for f, v in values.items()}
    if dog is not None:
        shown[DOG] = dog
    candidates = list(values.values()) + ([dog] if dog is not None else [])
    if not candidates:
        chips, reason = (), "nobody revealed a troop"
    else:
        best = max(candidates)
        top = [f for f, v in values.items() if v == best]
        if not top:
            chips, reason = (DOG,), f"The Dog's {best} is the highest"
        elif len(top) == 1:
            tie = " (The Dog loses ties)" if dog == best else ""
            chips, reason = (names[top[0]],), f"{names[top[0]]}'s {best} is the highest{tie}"
        else:
            natives = [f for f in top if is_native(s, f)]
            tied = ", ".join(names[f] for f in top)
            if len(natives) == 1:
                chips = (names[natives[0]],)
                reason = f"{tied} tie at {best}; only {names[natives[0]]}'s troop is native to {s.meal}"
            elif natives:
                chips = tuple(names[f] for f in natives)
                reason = f"{tied} tie at {best}; the native troops each take a chip"
            elif s.options.non_native_tie == "all":
                chips = tuple(names[f] for f in top)
                reason = f"{tied} tie at {best}; no troop is native: each takes a chip"
            else:
                chips = ()
                reason = f"{tied} tie at {best}; no troop is native to {s.meal}: nobody takes a chip"
    out.emit(ServingScored(s.serving, shown, chips, reason))


def _chips(s: State) -> dict[str, int]:
    chips = {s.players[f]: s.chips[f] for f in s.fighters}
    if s.dog_in:
        chips[DOG] = s.dog_chips
    return chips


def finish_meal(out: Outcome) -> None:
    s = out.state
    names = s.players
    if s.lone:
        f = s.fighters[0]
        if s.chips[f] >= LONE_NEEDS:
            award(out, f, f"{names[f]} beat The Dog in {s.chips[f]} Servings of {SERVINGS}")
        else:
            award(out, None, f"{names[f]} beat The Dog in only {s.chips[f]} Servings: The Dog "
                             f"wins, the Battlefields go to the bottom of the deck")
        return
    top = max(s.chips[f] for f in s.fighters)
    if s.dog_in and s.dog_chips > top:
        award(out, None, "The Dog has the most chips: the Battlefields go to the bottom of the deck")
        return
    leaders = tuple(f for f in s.fighters if s.chips[f] == top)
    if len(leaders) == 1:
        extra = " (The Dog loses the tie)" if s.dog_in and s.dog_chips == top else ""
        award(out, leaders[0], f"{names[leaders[0]]} has the most chips{extra}")
        return
    out.emit(MealTied(s.meal, leaders, _chips(s)))
    out.emit(ShuffleRequested("dog", catalogue().dog))


def award(out: Outcome, winner: int | None, reason: str) -> None:
    s = out.state
    vp = list(s.vp)
    if winner is not None:
        vp[winner] += sum(card(b).vp for b in s.stake)
    dog_used = s.dog_used
    out.emit(MealWon(s.meal, winner, s.stake, _chips(s), tuple(vp), reason))
    if winner is not None and vp[winner] >= s.options.vp_to_win:
        end(out, f"{s.players[winner]} has {vp[winner]} VP")
        return
    if dog_used:  # "Reshuffle The Dog deck after each Meal in which he is used."
        out.emit(ShuffleRequested("dog", catalogue().dog))


def placings_of(points: Sequence[int]) -> tuple[int, ...]:
    # competition ranking: tied players share a place and the next place is skipped (1, 1, 3)
    return tuple(1 + sum(1 for q in points if q > p) for p in points)


def end(out: Outcome, reason: str) -> None:
    vp = out.state.vp
    out.emit(GameEnded(vp, placings_of(vp), reason, out.state.options.vp_to_win))
