"""Bots against bots in-process, with the pure rules and seeded shuffles (no services).

    .venv/bin/python -m apps.bots.arena --games 1000 --players 4 --bot heuristic --against random

plays `--games` games of `--players` seats: one `--bot` against `--players - 1` `--against`
bots, the `--bot` sitting in each seat in turn, and prints its win rate (first place, ties
included, and ties counted as a share), its mean placing and mean points beside the others'.
Each bot sees only `rules.view(state, seat)` and `rules.legal_moves(state, seat)`.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from typing import Sequence

from apps.bots.base import Bot, make_bot
from shared.games import load_rules
from shared.rules import GameResult


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
        node = rules.chance(state)
        if node is not None:
            order = list(node.cards)
            rng.shuffle(order)
            events = rules.resolve_chance(state, order)
        else:
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


def win_rate(game: str, bot: str, against: str, players: int, games: int, seed: int = 1,
             options: dict | None = None) -> dict:
    wins = shared = 0.0
    placings = points = other_points = 0.0
    moves = 0
    started = time.perf_counter()
    for g in range(games):
        seat = g % players
        kinds = [bot if s == seat else against for s in range(players)]
        bots = [make_bot(game, k, seed=f"{seed}/{g}/{s}") for s, k in enumerate(kinds)]
        played = play_game(game, bots, seed=f"{seed}/{g}", options=options)
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
    return {"game": game, "bot": bot, "against": against, "players": players, "games": games,
            "seed": seed, "win_rate": wins / games, "win_share": shared / games,
            "fair_share": 1 / players, "mean_placing": placings / games,
            "mean_points": points / games, "opponents_mean_points": other_points / games,
            "moves": moves, "seconds": round(took, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m apps.bots.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="foodie-forest")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--against", default="random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", type=json.loads, default={}, help="game options as JSON")
    args = parser.parse_args(argv)
    figures = win_rate(args.game, args.bot, args.against, args.players, args.games, args.seed, args.options)
    json.dump(figures, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
