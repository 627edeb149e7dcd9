"""Catalogue balance by bot self-play, in-process (no servers):

    python -m services.food_fight.balance --games 400 --players 2-6 --bots heuristic

Prints win rates by seat, Meal wins by plate (the Meal an Army was plated at), and the game win
rate of the players who plated each card (against the average), as Markdown for
docs/food-fight.md. Bots see only their views.
"""
from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict
from typing import Any, Callable

from shared.rules import shuffled_at_random

from .bots import BOTS
from .rules import RULES


def play(bots: list[Any], seed: int, options: dict | None = None) -> tuple[Any, list]:
    """One game; returns (final state, events)."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(len(bots))]
    state = RULES.initial_state(names, options or {})
    log = list(RULES.start(state))
    for e in log:
        state = RULES.evolve(state, e)
    steps = 0
    while not RULES.is_terminal(state):
        steps += 1
        if steps > 50000:
            raise RuntimeError(f"game {seed} does not end")
        events = shuffled_at_random(RULES, state, rng)
        if events is None:
            seat = min(RULES.to_act(state))
            view = RULES.view(state, seat)
            move = bots[seat].choose(view, view["legal_moves"])
            events = RULES.decide(state, seat, move)
        for e in events:
            state = RULES.evolve(state, e)
        log += events
    return state, log


def self_play(games: int, counts: list[int], bot: str = "heuristic", seed: int = 1,
              mix: Callable[[int, int], str] | None = None) -> dict[str, Any]:
    seat_wins: dict[int, Counter] = defaultdict(Counter)
    seat_games: Counter = Counter()
    plate_fights: Counter = Counter()
    plate_wins: Counter = Counter()
    card_games: Counter = Counter()
    card_wins: Counter = Counter()
    kind_wins: Counter = Counter()
    kind_games: Counter = Counter()
    days: list[int] = []
    for g in range(games):
        n = counts[g % len(counts)]
        kinds = [mix(g, s) if mix else bot for s in range(n)]
        bots = [BOTS[k](seed=seed * 100003 + g * 10 + s) for s, k in enumerate(kinds)]
        state, log = play(bots, seed * 1000003 + g)
        result = RULES.result(state)
        days.append(state.day)
        seat_games[n] += 1
        for s in range(n):
            kind_games[kinds[s]] += 1
            if result.placings[s] == 1:
                seat_wins[n][s] += 1
                kind_wins[kinds[s]] += 1
        plated: dict[int, set] = defaultdict(set)
        for e in log:
            name = type(e).__name__
            if name == "ArmyPlated":
                plated[e.seat] |= set(e.troops) | set(e.mascots)
            elif name == "InstantPlayed" or name == "CardsDiscarded":
                plated[e.seat].add(getattr(e, "card", None) or e.troop)
            elif name == "MealStarted":
                for f in e.fighters:
                    plate_fights[e.meal, len(e.fighters) == 1] += 1
            elif name == "MealWon" and e.winner is not None:
                plate_wins[e.meal, len(e.chips) == 2 and "the-dog" in e.chips] += 1
        for s, cards in plated.items():
            for c in cards:
                card_games[c] += 1
                if result.placings[s] == 1:
                    card_wins[c] += 1
    return {"seat_wins": seat_wins, "seat_games": seat_games, "plate_fights": plate_fights,
            "plate_wins": plate_wins, "card_games": card_games, "card_wins": card_wins,
            "kind_wins": kind_wins, "kind_games": kind_games, "days": days, "games": games}


def report(stats: dict[str, Any]) -> str:
    out = [f"{stats['games']} games; Days per game: mean "
           f"{sum(stats['days']) / len(stats['days']):.1f}, max {max(stats['days'])}", ""]
    out += ["| players | games | win rate by seat (1st place, ties count for each) |", "|---|---|---|"]
    for n in sorted(stats["seat_games"]):
        g = stats["seat_games"][n]
        rates = " / ".join(f"{stats['seat_wins'][n][s] / g:.0%}" for s in range(n))
        out.append(f"| {n} | {g} | {rates} |")
    out += ["", "| plate | Armies plated | Meals won | share |", "|---|---|---|---|"]
    for meal in ("breakfast", "lunch", "dinner"):
        for lone in (False, True):
            fights = stats["plate_fights"][meal, lone]
            wins = stats["plate_wins"][meal, lone]
            label = f"{meal} ({'alone vs The Dog' if lone else 'contested'})"
            out.append(f"| {label} | {fights} | {wins} | {wins / fights:.0%} |" if fights else f"| {label} | 0 | 0 | - |")
    if len(stats["kind_games"]) > 1:
        out += ["", "| bot | seats | first places | rate |", "|---|---|---|---|"]
        for k in sorted(stats["kind_games"]):
            out.append(f"| {k} | {stats['kind_games'][k]} | {stats['kind_wins'][k]} | "
                       f"{stats['kind_wins'][k] / stats['kind_games'][k]:.0%} |")
    out += ["", "| card | players who played it | of them won | win rate |", "|---|---|---|---|"]
    rows = sorted(stats["card_games"], key=lambda c: -stats["card_wins"][c] / stats["card_games"][c])
    for c in rows:
        g = stats["card_games"][c]
        out.append(f"| {c} | {g} | {stats['card_wins'][c]} | {stats['card_wins'][c] / g:.0%} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", default="2-6", help="a count or a range such as 2-6")
    parser.add_argument("--bots", default="heuristic", help="heuristic, random, or 'vs' (seat mix)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    low, _, high = args.players.partition("-")
    counts = list(range(int(low), int(high or low) + 1))
    mix = None
    if args.bots == "vs":
        mix = lambda g, s: "heuristic" if (g + s) % 2 == 0 else "random"  # noqa: E731
    print(report(self_play(args.games, counts, "heuristic" if mix else args.bots, args.seed, mix)))


if __name__ == "__main__":
    main()
