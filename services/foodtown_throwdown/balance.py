"""Bot self-play statistics for docs/foodtown-throwdown.md, pure in-process:

    python -m services.foodtown_throwdown.balance [--games N] [--seed S]

Prints, per player count, heuristic-bot self-play figures (win rate by seat, how games end, their
length in rounds, final stars) and the win rate of a player in games where they played each action
card; then heuristic against random bots.
"""
from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict
from typing import Any, Callable, Sequence

from shared.rules import shuffled_at_random

from .bots import HeuristicBot
from .rules import RULES
from .rules.events import ActionPlayed

NAMES = ("p0", "p1", "p2", "p3", "p4")


class _RandomBot:
    """A uniformly random legal move (the game-free bot of apps/bots, which services may not import)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view, legal_moves):
        return dict(self.rng.choice(legal_moves))

def play_game(bots: Sequence[Any], seed: int, options: dict | None = None) -> tuple[Any, list[Any]]:
    """One game between `bots` (seat order); the deck shuffles come from `seed`. (state, events)"""
    rng = random.Random(seed)
    state = RULES.initial_state(list(NAMES[:len(bots)]), options or {})
    log = RULES.start(state)
    for e in log:
        state = RULES.evolve(state, e)
    while not RULES.is_terminal(state):
        events = shuffled_at_random(RULES, state, rng)
        if events is None:
            seat = next(iter(RULES.to_act(state)))
            view = RULES.view(state, seat)
            move = bots[seat].choose(view, view["legal_moves"])
            events = RULES.decide(state, seat, move)
        for e in events:
            state = RULES.evolve(state, e)
        log += events
    return state, log


def self_play(n: int, games: int, seed: int) -> dict[str, Any]:
    wins_by_seat = Counter()
    reasons = Counter()
    rounds = []
    stars = []
    card_games = Counter()
    card_wins = Counter()
    for g in range(games):
        bots = [HeuristicBot(seed * 1000 + g * 10 + s) for s in range(n)]
        state, log = play_game(bots, seed * 7919 + g)
        reasons[state.end_reason] += 1
        rounds.append((state.turn + n - 1) // n)
        winners = [s for s in state.seats if state.placings[s] == 1]
        for w in winners:
            wins_by_seat[w] += 1 / len(winners)
        stars.append(sum(state.final_stars) / n)
        played = defaultdict(set)
        for e in log:
            if isinstance(e, ActionPlayed):
                played[e.card].add(e.seat)
        for card, seats in played.items():
            for s in seats:
                card_games[card] += 1
                card_wins[card] += (s in winners) / len(winners)
    return {"n": n, "games": games, "wins_by_seat": [wins_by_seat[s] / games for s in range(n)],
            "reasons": dict(reasons), "rounds_mean": sum(rounds) / games,
            "rounds_min": min(rounds), "rounds_max": max(rounds), "stars_mean": sum(stars) / games,
            "action_win_rate": {c: (card_wins[c] / card_games[c], card_games[c]) for c in sorted(card_games)}}


def versus_random(n: int, games: int, seed: int) -> float:
    """Share of games the one heuristic bot (rotating seat) places first among n-1 random bots."""
    won = 0.0
    for g in range(games):
        hseat = g % n
        bots = [HeuristicBot(g) if s == hseat else _RandomBot(seed * 100 + g * 10 + s) for s in range(n)]
        state, _ = play_game(bots, seed * 7919 + g)
        firsts = [s for s in state.seats if state.placings[s] == 1]
        won += (hseat in firsts) / len(firsts)
    return won / games


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for n in range(2, 6):
        r = self_play(n, args.games, args.seed)
        out(f"## {n} players, {r['games']} heuristic self-play games")
        out("win rate by seat: " + ", ".join(f"seat {s + 1} {w:.1%}" for s, w in enumerate(r["wins_by_seat"])))
        out(f"ended by: {r['reasons']}; rounds mean {r['rounds_mean']:.1f} (min {r['rounds_min']}, "
            f"max {r['rounds_max']}); mean final stars {r['stars_mean']:.1f}")
        out("win rate of a player in games where they played the card (fair share "
            f"{1 / n:.1%}): " + ", ".join(f"{c} {w:.1%} ({k})" for c, (w, k) in r["action_win_rate"].items()))
    for n in range(2, 6):
        out(f"heuristic vs {n - 1} random: heuristic places first in "
            f"{versus_random(n, args.games // 2, args.seed):.1%} of {args.games // 2} games (fair share {1 / n:.1%})")


if __name__ == "__main__":
    main()
