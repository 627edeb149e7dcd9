"""A learnt value of a Forestaurant position: the chance that the table goes on to win.

The search stops its playouts at the end of a turn, where the clouds and stars alone do not tell
what the tables hold for later (a guest eating with one cloud brings a star back when it leaves
on a 5-step, a menu waiting costs a cloud at each event on its line). So the value is a logistic
model of "the table eventually won" over the features below, fitted offline on the positions at
every turn's start of heuristic-team games (`python -m services.forestaurant.fit_value`, which
writes `value_weights.json`). Pure: it reads a state and returns a number.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from .rules.cards import catalogue
from .rules.state import State

WEIGHTS_FILE = Path(__file__).with_name("value_weights.json")

FEATURES = (
    "players_1", "players_2", "players_3", "players_4", "players_5",
    "needed", "ignore_eating", "mushrooms", "stars", "draw_number",
    "seated", "bells", "menus", "eating", "clouds_waiting", "clouds_eating", "two_clouds",
    "eating_steps", "eating_semi", "eating_lost",
    "deficit", "species_done", "near_step",
    "time_left", "reshuffled", "spare_cards", "spare_value", "tokens", "menus_servable", "menus_short",
    "line_empty", "line_seated", "line_waiting", "line_third", "line_leave_good", "line_leave_semi",
    "line_leave_lost", "line_steps",
)


def features(state: State) -> list[float]:
    """The position as numbers of about 0..1 (see FEATURES)."""
    cat = catalogue()
    n = len(state.players)
    need = state.options.satisfied_needed
    values = [sum(cat.animals[c].value for c in row) for row in state.satisfied]
    status = [t.status for t in state.tables]
    waiting = [t for t, s in zip(state.tables, status) if s in ("seated", "bell", "menu")]
    eating = [t for t, s in zip(state.tables, status) if s == "eating"]
    # what the eating guests bring when they leave (in table order, as events may take them)
    after = list(values)
    steps = semi = lost = 0
    for t in eating:
        sp = cat.species.index(cat.animals[t.guest].species)
        if t.clouds >= 2:
            lost += 1
            continue
        v = cat.animals[t.guest].value
        gained = (after[sp] + v) // cat.step - after[sp] // cat.step
        after[sp] += v
        steps += gained
        semi += t.clouds == 1 and not gained
    minimal = cat.minimal_hand[n]
    spare = [c for h in state.hands for c in sorted(h, key=lambda c: cat.animals[c].value)[minimal:]]
    stored = [k for s in state.storage for k in s]
    menus = [cat.menus[t.menu] for t, s in zip(state.tables, status) if s == "menu"]
    servable = sum(all(k in stored for k in m.ingredients) for m in menus)
    # the events the turn just begun will bring: the marked line's tables (known at a turn's start)
    line = [state.tables[t] for t in state.line] if state.phase == "events" else []
    line_status = [t.status for t in line]
    line_eating = [t for t, s in zip(line, line_status) if s == "eating"]
    now = list(values)
    line_steps = 0
    for t in line_eating:
        if t.clouds < 2:
            sp = cat.species.index(cat.animals[t.guest].species)
            v = cat.animals[t.guest].value
            line_steps += (now[sp] + v) // cat.step - now[sp] // cat.step
            now[sp] += v
    reshuffled = state.shuffles[0] >= 2
    time_left = len(state.animal_deck) + (0 if reshuffled else min(20, len(state.animal_discard)))
    return [
        *(float(n == k) for k in range(1, 6)),
        need / 7, float(state.options.ignore_eating_clouds), state.mushrooms / 12, state.stars / 5,
        cat.draw_number(state.mushrooms) / 6,
        status.count("seated") / 9, status.count("bell") / 9, len(menus) / 9, len(eating) / 9,
        sum(t.clouds for t in waiting) / 6, sum(t.clouds for t in eating) / 6,
        sum(t.clouds >= 2 for t in state.tables) / 3,
        steps / 3, semi / 3, lost / 3,
        sum(max(0, need - v) for v in values) / (8 * need), sum(v >= need for v in values) / 8,
        sum(v % cat.step >= 3 for v in values) / 8,
        time_left / 50, float(reshuffled), len(spare) / (3 * n), sum(cat.animals[c].value for c in spare) / (10 * n),
        len(stored) / (3 * n), servable / 3, (len(menus) - servable) / 3,
        line_status.count("empty") / 3, line_status.count("seated") / 3,
        sum(s in ("bell", "menu") for s in line_status) / 3,
        sum(s in ("bell", "menu") and t.clouds >= 2 for t, s in zip(line, line_status)) / 3,
        sum(t.clouds == 0 for t in line_eating) / 3, sum(t.clouds == 1 for t in line_eating) / 3,
        sum(t.clouds >= 2 for t in line_eating) / 3, line_steps / 3,
    ]


@lru_cache(maxsize=8)
def weights(difficulty: str = "") -> tuple[float, ...]:
    """The fitted weights: the difficulty's own (fit_value --per-difficulty) where the file has
    them, else the ones fitted on every difficulty's games."""
    data = json.loads(WEIGHTS_FILE.read_text())
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{WEIGHTS_FILE.name} was fitted on other features: run fit_value again")
    return tuple(data.get("by_difficulty", {}).get(difficulty, data["weights"]))


def win_chance(state: State) -> float:
    z = sum(w * x for w, x in zip(weights(state.options.difficulty), features(state)))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
