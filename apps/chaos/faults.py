"""The faults a chaos run makes, and their schedule (the same --seed gives the same one)."""
from __future__ import annotations

import random
from dataclasses import dataclass

# kind -> what it does, for --help and the docs
KINDS: dict[str, str] = {
    "kill-engine": "kill -9 a rules engine (a game's); `up`'s supervisor starts it again",
    "kill-deck": "kill -9 the deck service; started again by the supervisor",
    "kill-leaderboard": "kill -9 the leaderboard; started again by the supervisor",
    "kill-matchmaking": "kill -9 the matchmaker; started again by the supervisor",
    "kill-gateway": "kill -9 the gateway; started again by the supervisor",
    "kill-tournament": "kill -9 the tournament service; started again by the supervisor",
    "kill-house-bots": "kill -9 the house bots; started again by the supervisor",
    "kill-nats": "kill -9 the NATS server (single NATS), started again on its data after a pause",
    "kill-nats-node": "kill -9 one NATS node of the cluster, started again after a pause",
    "kill-valkey": "kill -9 Valkey, started again on its append-only file after a pause",
    "pause": "SIGSTOP a service's process, SIGCONT after a pause (a partition, as its peers see it)",
}
# With --replicas N every kill-* fault kills one replica at a time (its target names it:
# `deck` is replica 1, `deck-2` replica 2, ...).
SINGLE_ONLY, CLUSTER_ONLY = {"kill-nats"}, {"kill-nats-node"}


def kinds_for(nats_cluster: int) -> list[str]:
    """Every fault that applies to a stack with one NATS or a cluster."""
    skip = SINGLE_ONLY if nats_cluster > 1 else CLUSTER_ONLY
    return [k for k in KINDS if k not in skip]


@dataclass(frozen=True)
class Planned:
    at_s: float  # seconds after the traffic started
    kind: str
    target: str


def schedule(kinds: list[str], targets: dict[str, list[str]], duration_s: float, seed: int,
             every_s: float) -> list[Planned]:
    """Faults between 15% and 80% of the run (the rest is for traffic to start and recover): one
    every `every_s` seconds on average and at least one of each kind; kinds in a seeded order,
    each round through all of them before any repeats; targets picked at random."""
    rng = random.Random(seed)
    count = max(len(kinds), int(duration_s * 0.65 // every_s))
    start, end = duration_s * 0.15, duration_s * 0.8
    step = (end - start) / count
    order: list[str] = []
    while len(order) < count:
        round_ = list(kinds)
        rng.shuffle(round_)
        order += round_
    return [Planned(round(start + i * step + rng.uniform(0, step * 0.3), 2), kind, rng.choice(targets[kind]))
            for i, kind in enumerate(order[:count])]
