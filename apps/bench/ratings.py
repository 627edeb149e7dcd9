"""Rating accuracy of every openskill model on a synthetic league.

Players get hidden true skills; games of 2 to 5 random players are played in
time order, each player performing at skill + noise (equal rounded points
tie). Every game is predicted before it is rated, through the service's own
rating code (services.leaderboard.ratings, with inactivity growth), and the
last quarter of the games is scored:

  winner top-1   the player with the highest predicted win probability won
                 (beside random choice and an oracle that knows the true skills)
  log-loss       -ln(predicted probability of the actual winner(s))
  spearman       rank correlation of predicted (by mu) and actual order,
                 mean over games of 3+ players (beside the oracle's)
"""
from __future__ import annotations

import math
import random
import sys
import time
from dataclasses import replace

from services.leaderboard.ratings import MODELS, GameOver, RatingConfig, rate_game


def add_arguments(parser) -> None:
    parser.add_argument("--players", type=int, default=3000, help="players in the synthetic league")
    parser.add_argument("--games", type=int, default=40000, help="games played in it")
    parser.add_argument("--seed", type=int, default=20261129, help="the league's random seed (same seed, same league)")
    parser.add_argument("--noise", type=float, default=25 / 3,
                        help="performance noise per game (card games: luck as large as the skill spread)")
    parser.add_argument("--models", default=",".join(MODELS), help="comma-separated openskill models")
    parser.add_argument("--days", type=float, default=365.0, help="the league's length in days")


def _spearman(a: list[float], b: list[float]) -> float | None:
    n = len(a)
    if n < 3:
        return None

    def ranks(xs):
        order = sorted(range(n), key=lambda i: xs[i])
        r = [0.0] * n
        i = 0
        while i < n:
            j = i
            while j + 1 < n and xs[order[j + 1]] == xs[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r

    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = math.sqrt(sum((x - ma) ** 2 for x in ra))
    vb = math.sqrt(sum((y - mb) ** 2 for y in rb))
    if va == 0 or vb == 0:
        return None
    return cov / (va * vb)


def league(args) -> tuple[list[float], list[tuple]]:
    rng = random.Random(args.seed)
    skills = [rng.gauss(25.0, 25.0 / 3.0) for _ in range(args.players)]
    games = []
    t0 = 1_767_225_600.0  # 2026-01-01
    step = args.days * 86400 / args.games
    for g in range(args.games):
        k = rng.randint(2, 5)
        players = rng.sample(range(args.players), k)
        points = [round((skills[p] + rng.gauss(0, args.noise)) / 4) for p in players]
        placings = [1 + sum(q > x for q in points) for x in points]
        games.append((t0 + g * step, players, placings))
    return skills, games


def evaluate(model_name: str, skills, games, progress=None) -> dict:
    config = replace(RatingConfig(), model=model_name, games=("league",), coop_games=())
    model = config.make_model()  # its predict_win; the updates as the service makes them
    rate = config.make_rater()
    ratings: dict[int, object] = {}
    scored_from = len(games) * 3 // 4
    hits = rnd = oracle = 0.0
    logloss = 0.0
    sp, sp_oracle = [], []
    started = time.perf_counter()
    for i, (at, players, placings) in enumerate(games):
        names = [str(p) for p in players]
        if i >= scored_from:
            cur = [ratings.get(n) for n in names]
            teams = [[model.create_rating([r.mu, r.sigma] if r else [config.mu, config.sigma])] for r in cur]
            probs = model.predict_win(teams)
            winners = {j for j, pl in enumerate(placings) if pl == 1}
            best = max(range(len(players)), key=lambda j: probs[j])
            hits += best in winners
            rnd += len(winners) / len(players)
            oracle += max(range(len(players)), key=lambda j: skills[players[j]]) in winners
            logloss -= math.log(max(1e-12, sum(probs[j] for j in winners)))
            mus = [r.mu if r else config.mu for r in cur]
            s = _spearman(mus, [-p for p in placings])
            if s is not None:
                sp.append(s)
                so = _spearman([skills[p] for p in players], [-p for p in placings])
                sp_oracle.append(so if so is not None else 0.0)
        go = GameOver("league", f"g{i}", tuple(names), tuple(0 for _ in names), tuple(placings), None, None, at)
        result = rate_game(rate, config, go, {n: ratings.get(n) for n in names})
        for u in result.updates:
            ratings[u.player] = u.after
        if progress and (i + 1) % 10000 == 0:
            progress(f"{model_name}: {i + 1}/{len(games)} games")
    n = len(games) - scored_from
    return {"winner_top1": round(hits / n, 4), "random_top1": round(rnd / n, 4),
            "oracle_top1": round(oracle / n, 4), "log_loss": round(logloss / n, 4),
            "spearman": round(sum(sp) / len(sp), 4), "oracle_spearman": round(sum(sp_oracle) / len(sp_oracle), 4),
            "seconds": round(time.perf_counter() - started, 2)}


def run(args) -> dict:
    def progress(msg):
        print(msg, file=sys.stderr, flush=True)

    skills, games = league(args)
    out: dict = {"league": {"players": args.players, "games": args.games, "seed": args.seed,
                            "noise": round(args.noise, 4), "scored_games": len(games) - len(games) * 3 // 4}}
    for name in args.models.split(","):
        progress(f"{name} ...")
        out[name] = evaluate(name, skills, games, progress)
    return out


if __name__ == "__main__":
    import argparse
    import json

    p = argparse.ArgumentParser()
    add_arguments(p)
    print(json.dumps(run(p.parse_args()), indent=2))
