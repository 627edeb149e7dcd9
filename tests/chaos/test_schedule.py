"""The chaos run's schedule and options: the same seed makes the same faults, every kind asked
for is made at least once, inside the run; a fault that cannot apply is refused at once."""
from __future__ import annotations

from apps.chaos.faults import KINDS, kinds_for, schedule
from apps.cli.main import main

TARGETS = {k: [f"{k}-a", f"{k}-b"] for k in KINDS}


def test_the_same_seed_makes_the_same_schedule_and_another_seed_another():
    one = schedule(kinds_for(1), TARGETS, 60, seed=5, every_s=4)
    assert one == schedule(kinds_for(1), TARGETS, 60, seed=5, every_s=4)
    assert one != schedule(kinds_for(1), TARGETS, 60, seed=6, every_s=4)


def test_every_kind_comes_at_least_once_between_the_start_and_the_end_of_the_run():
    for cluster in (1, 3):
        kinds = kinds_for(cluster)
        plan = schedule(kinds, TARGETS, 10, seed=1, every_s=30)  # fewer slots than kinds: still all
        assert sorted(p.kind for p in plan) == sorted(kinds)
        assert all(0 < p.at_s < 10 and p.target in TARGETS[p.kind] for p in plan)
    assert "kill-nats" in kinds_for(1) and "kill-nats-node" not in kinds_for(1)
    assert "kill-nats-node" in kinds_for(3) and "kill-nats" not in kinds_for(3)


def test_a_fault_that_does_not_apply_to_the_stack_is_refused_naming_those_that_do(capsys):
    assert main(["chaos", "--nats-cluster", "3", "--faults", "kill-nats"]) == 2
    err = capsys.readouterr().err
    assert "no fault kill-nats with --nats-cluster 3" in err and "kill-nats-node" in err
