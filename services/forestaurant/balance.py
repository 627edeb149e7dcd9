"""In-process self-play of the team bot: how often a table of heuristic bots wins.

    python -m services.forestaurant.balance [--games 200] [--players 1,2,3,4,5] [--difficulty normal]

Each seat has its own bot that sees only its seat's view. While a meal is proposed the helpers
answer before the proposer (the rules let the proposer commit at any moment; asking it last is
the fair way to give helpers their chance)."""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from shared.rules import shuffled_at_random

from .bots import HeuristicBot, RandomBot
from .rules import RULES

NAMES = ("ann", "bob", "cid", "dan", "eve")


def play(n: int, seed: int, options: dict, bot_cls=HeuristicBot):
    rng = random.Random(seed)
    bots = [bot_cls(seed=seed * 10 + i) for i in range(n)]
    state = RULES.initial_state(list(NAMES[:n]), options)
    for e in RULES.start(state):
        state = RULES.evolve(state, e)
    moves = 0
    while not RULES.is_terminal(state):
        events = shuffled_at_random(RULES, state, rng)
        if events is None:
            acting = sorted(RULES.to_act(state), key=lambda s: (s == state.active, s))
            seat = acting[0]
            move = bots[seat].choose(RULES.view(state, seat), RULES.legal_moves(state, seat))
            events = RULES.decide(state, seat, move)
            moves += 1
        for e in events:
            state = RULES.evolve(state, e)
    return state, moves


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="1,2,3,4,5")
    ap.add_argument("--difficulty", default="normal")
    ap.add_argument("--bot", default="heuristic", choices=["heuristic", "random"])
    args = ap.parse_args(argv)
    bot = HeuristicBot if args.bot == "heuristic" else RandomBot
    total_w = total = 0
    for n in [int(x) for x in args.players.split(",")]:
        t = time.time()
        ends, scores, turns = Counter(), [], []
        for g in range(args.games):
            state, _ = play(n, g, {"difficulty": args.difficulty}, bot)
            ends[("win " if state.won else "loss ") + state.end_reason] += 1
            scores.append(state.score)
            turns.append(state.turn)
        wins = sum(v for k, v in ends.items() if k.startswith("win"))
        total_w += wins
        total += args.games
        print(f"{n} player(s), {args.difficulty}, {args.bot}: won {wins}/{args.games} "
              f"({100 * wins / args.games:.1f}%), mean score {sum(scores) / len(scores):.1f}, "
              f"mean turns {sum(turns) / len(turns):.1f}; {dict(sorted(ends.items()))} "
              f"[{time.time() - t:.1f}s]")
    print(f"all: won {total_w}/{total} ({100 * total_w / total:.1f}%)")


if __name__ == "__main__":
    main()
