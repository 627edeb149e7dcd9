"""Bots against bots in-process, with the pure rules and seeded shuffles (no services).

    .venv/bin/python -m apps.bots.arena --games 1000 --players 4 --bot heuristic --against random

plays `--games` games of `--players` seats: one `--bot` against `--players - 1` `--against`
bots, the `--bot` sitting in each seat in turn, and prints its win rate (first place, ties
included, and ties counted as a share, with its 95 % interval), its mean placing and mean points
beside the others', and the CPU its moves took. `--team` (a cooperative game): every seat
plays `--bot`, and it prints how often the table won. Kinds or levels (easy, normal, strong);
`--playouts` and `--budget-ms` set a search bot's budget:

    .venv/bin/python -m apps.bots.arena --game food-fight --players 2 --bot strong --against normal --games 400
    .venv/bin/python -m apps.bots.arena --game forestaurant --team --bot strong --options '{"difficulty": "hard"}'

Each bot sees only `rules.view(state, seat)` and `rules.legal_moves(state, seat)`.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass
from typing import Sequence

from apps.bots.base import Bot, make_bot
from shared.games import load_rules
from shared.rules import GameResult, shuffled_at_random


@dataclass(frozen=True)
class ArenaGame:
    result: GameResult
    moves: int


def play_game(game: str, bots: Sequence[Bot], seed: int | str, options: dict | None = None,
              players: Sequence[str] | None = None, max_moves: int = 100_000) -> ArenaGame:
    """One complete game: seat i is played by bots[i]; shuffles come from `seed`."""
    rules = load_rules(game)
    names = list(players or [f"p{i}" for i in range(len(bots))])
    state = rules.initial_state(names, options or {})
    for e in rules.start(state):
        state = rules.evolve(state, e)
    rng = random.Random(seed)
    moves = 0
    while not rules.is_terminal(state):
        events = shuffled_at_random(rules, state, rng)
        if events is None:
            # the first of the view's `to_act` list: a game lists first the seats to ask first
            # (Forestaurant: helpers before the cook who commits)
            first = rules.view(state, None)["to_act"][0]
            seat = names.index(first) if first in names else min(rules.to_act(state))
            legal = rules.legal_moves(state, seat)
            move = bots[seat].choose(rules.view(state, seat), legal)
            events = rules.decide(state, seat, move)
            moves += 1
            if moves > max_moves:
                raise RuntimeError("the game did not end")
        for e in events:
            state = rules.evolve(state, e)
    return ArenaGame(rules.result(state), moves)


class _Timed:
    """A bot whose thinking is counted: CPU seconds (this thread's) and moves."""

    def __init__(self, bot: Bot):
        self.bot, self.cpu, self.moves = bot, 0.0, 0

    def choose(self, view, legal_moves):
        started = time.thread_time()
        move = self.bot.choose(view, legal_moves)
        self.cpu += time.thread_time() - started
        self.moves += 1
        return move


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % (Wilson score) interval of a rate of `successes` in `n`."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_rate(game: str, bot: str, against: str, players: int, games: int, seed: int = 1,
             options: dict | None = None, search: dict | None = None) -> dict:
    """One `bot` against `players - 1` `against` bots, sitting in each seat in turn. `search`
    (playouts, budget_ms) sets the search bots' budget."""
    wins = shared = 0.0
    placings = points = other_points = 0.0
    moves = 0
    cpu = 0.0
    bot_moves = 0
    started = time.perf_counter()
    for g in range(games):
        seat = g % players
        kinds = [bot if s == seat else against for s in range(players)]
        bots = [make_bot(game, k, seed=f"{seed}/{g}/{s}", **(search or {})) for s, k in enumerate(kinds)]
        bots[seat] = timed = _Timed(bots[seat])
        played = play_game(game, bots, seed=f"{seed}/{g}", options=options)
        cpu += timed.cpu
        bot_moves += timed.moves
        res = played.result
        moves += played.moves
        first = [s for s, p in enumerate(res.placings) if p == 1]
        if seat in first:
            wins += 1
            shared += 1 / len(first)
        placings += res.placings[seat]
        points += res.points[seat]
        other_points += (sum(res.points) - res.points[seat]) / (players - 1)
    took = time.perf_counter() - started
    low, high = wilson(shared, games)
    return {"game": game, "bot": bot, "against": against, "players": players, "games": games,
            "seed": seed, "search": search or {}, "win_rate": wins / games, "win_share": shared / games,
            "win_share_95": [round(low, 3), round(high, 3)],
            "fair_share": 1 / players, "mean_placing": placings / games,
            "mean_points": points / games, "opponents_mean_points": other_points / games,
            "moves": moves, "bot_moves": bot_moves,
            "bot_cpu_ms_per_move": round(1000 * cpu / max(1, bot_moves), 2),
            "bot_cpu_s_per_game": round(cpu / max(1, games), 3), "seconds": round(took, 2)}


def team_rate(game: str, bot: str, players: int, games: int, seed: int = 1,
              options: dict | None = None, search: dict | None = None) -> dict:
    """A cooperative game: every seat played by `bot`; how often the table beats the game."""
    won = 0
    score = 0.0
    cpu = 0.0
    bot_moves = 0
    started = time.perf_counter()
    for g in range(games):
        bots = [_Timed(make_bot(game, bot, seed=f"{seed}/{g}/{s}", **(search or {}))) for s in range(players)]
        res = play_game(game, bots, seed=f"{seed}/{g}", options=options).result
        won += bool(res.team_won)
        score += res.points[0]
        cpu += sum(b.cpu for b in bots)
        bot_moves += sum(b.moves for b in bots)
    low, high = wilson(won, games)
    return {"game": game, "team": bot, "players": players, "games": games, "seed": seed,
            "options": options or {}, "search": search or {}, "team_won": won / games,
            "team_won_95": [round(low, 3), round(high, 3)], "mean_score": score / games,
            "bot_moves": bot_moves, "bot_cpu_ms_per_move": round(1000 * cpu / max(1, bot_moves), 2),
            "bot_cpu_s_per_game": round(cpu / max(1, games), 3), "seconds": round(time.perf_counter() - started, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m apps.bots.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="foodie-forest")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--against", default="random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", type=json.loads, default={}, help="game options as JSON")
    parser.add_argument("--team", action="store_true", help="a cooperative game: every seat plays --bot")
    parser.add_argument("--playouts", type=int, default=None, help="a search bot's playouts per move")
    parser.add_argument("--budget-ms", type=float, default=None,
                        help="a search bot's wall-time cap per move (default none here: the figures "
                             "depend on the seed only, not on the machine's load)")
    args = parser.parse_args(argv)
    search = {"budget_ms": args.budget_ms}
    if args.playouts is not None:
        search["playouts"] = args.playouts
    if args.team:
        figures = team_rate(args.game, args.bot, args.players, args.games, args.seed, args.options, search)
    else:
        figures = win_rate(args.game, args.bot, args.against, args.players, args.games, args.seed,
                           args.options, search)
    json.dump(figures, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
