"""Fits the search's value (value.py) on heuristic-team games and writes value_weights.json.

    python -m services.forestaurant.fit_value [--games 1000] [--players 2,3,4,5] [--seed 7]

Plays `--games` games per player count and difficulty (easy, normal, hard) with the heuristic
in every seat (balance.py's table, helpers asked first), records the features of the position at
every turn's start (where the search's playouts stop) with whether that table went on to win, and
fits a logistic regression (Newton's method, a little L2 so that rare features stay tame). A
tenth of the games is held out to print the fit's log loss beside a mushrooms-and-stars-only
model's, so a new feature can be seen to help.
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np

from shared.rules import shuffled_at_random

from .bots import HeuristicBot
from .rules import RULES
from .rules.state import ACTIONS
from .search import spread
from .value import FEATURES, WEIGHTS_FILE, features

NAMES = ("ann", "bob", "cid", "dan", "eve")
DIFFICULTIES = ("easy", "normal", "hard")
L2 = 1e-3  # per row


def positions(n: int, seed: str, options: dict, explore: float = 0.0) -> tuple[list[list[float]], bool]:
    """One heuristic-team game: the features at each turn's start, and whether the table won.
    A share `explore` of the active player's actions is another kind of move (search.spread), so
    that the fit sees what other moves bring, not only what goes with the heuristic's; tried at
    0.15, the search with that fit lost more (docs/bots.md), so the committed fit has none."""
    rng = random.Random(seed)
    bots = [HeuristicBot(f"{seed}/{i}") for i in range(n)]
    state = RULES.initial_state(list(NAMES[:n]), options)
    for e in RULES.start(state):
        state = RULES.evolve(state, e)
    rows, turn = [], state.turn
    while not RULES.is_terminal(state):
        events = shuffled_at_random(RULES, state, rng)
        if events is None:
            seat = min(RULES.to_act(state), key=lambda s: (s == state.active, s))
            legal = RULES.legal_moves(state, seat)
            view = RULES.view(state, seat)
            move = bots[seat].choose(view, legal)
            if explore and state.phase == ACTIONS and seat == state.active and rng.random() < explore:
                move = rng.choice(spread(view, legal, rng))
            events = RULES.decide(state, seat, move)
        for e in events:
            state = RULES.evolve(state, e)
        if state.turn != turn and not RULES.is_terminal(state):
            turn = state.turn
            rows.append(features(state))
    return rows, bool(state.won)


def fit(x: np.ndarray, y: np.ndarray, l2: float = L2) -> np.ndarray:
    w = np.zeros(x.shape[1])
    reg = l2 * len(y) * np.eye(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + reg @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + reg
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-np.clip(x @ w, -30, 30))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="per player count and difficulty")
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--explore", type=float, default=0.0, help="the share of other actions (see positions)")
    ap.add_argument("--difficulties", default=",".join(DIFFICULTIES), help="the presets played")
    ap.add_argument("--out", default=str(WEIGHTS_FILE), help="the weights file written")
    ap.add_argument("--per-difficulty", action="store_true",
                    help="also fit each difficulty's games alone (value.py uses those where present)")
    args = ap.parse_args(argv)
    train: tuple[list, list, list] = ([], [], [])
    test: tuple[list, list, list] = ([], [], [])
    for n in [int(p) for p in args.players.split(",")]:
        for d in args.difficulties.split(","):
            won = 0
            for g in range(args.games):
                rows, w = positions(n, f"fit/{args.seed}/{n}/{d}/{g}", {"difficulty": d}, args.explore)
                won += w
                xs, ys, ds = test if g % 10 == 0 else train
                xs += rows
                ys += [float(w)] * len(rows)
                ds += [d] * len(rows)
            print(f"{n} players, {d}: the heuristic team won {won}/{args.games}", flush=True)
    x, y = np.array(train[0]), np.array(train[1])
    tx, ty = np.array(test[0]), np.array(test[1])
    w = fit(x, y)
    base = [FEATURES.index(f) for f in ("players_1", "players_2", "players_3", "players_4", "players_5",
                                        "needed", "ignore_eating", "mushrooms", "stars")]
    wb = fit(x[:, base], y)
    rate = y.mean()
    constant = float(-np.mean(ty * np.log(rate) + (1 - ty) * np.log(1 - rate)))
    print(f"{len(y)} positions fitted, {len(ty)} held out; held-out log loss {log_loss(tx, ty, w):.4f}, "
          f"mushrooms and stars only {log_loss(tx[:, base], ty, wb):.4f}, a constant {constant:.4f}")
    for f, v in zip(FEATURES, w):
        print(f"  {f:16s} {v:+.3f}")
    by_difficulty = {}
    if args.per_difficulty:
        d_train, d_test = np.array(train[2]), np.array(test[2])
        for d in args.difficulties.split(","):
            wd = fit(x[d_train == d], y[d_train == d])
            mask = d_test == d
            own, pooled = log_loss(tx[mask], ty[mask], wd), log_loss(tx[mask], ty[mask], w)
            print(f"{d}: held-out log loss {own:.4f} fitted on its own games, {pooled:.4f} with the weights "
                  f"of every difficulty: {'its own kept' if own < pooled else 'the pooled used'}")
            if own < pooled:  # kept only where they predict the held-out games better
                by_difficulty[d] = [round(float(v), 5) for v in wd]
    out = Path(args.out)
    out.write_text(json.dumps({
        "fitted_by": f"python -m services.forestaurant.fit_value --games {args.games} --players {args.players} "
                     f"--seed {args.seed} --explore {args.explore} --difficulties {args.difficulties}"
                     + (" --per-difficulty" if args.per_difficulty else ""),
        "positions": len(y), "held_out_log_loss": round(log_loss(tx, ty, w), 4),
        "features": list(FEATURES), "weights": [round(float(v), 5) for v in w],
        **({"by_difficulty": by_difficulty} if by_difficulty else {})}, indent=1) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
