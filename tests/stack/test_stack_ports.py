"""A local stack's ports (`foodgames up --replicas N`, `foodgames chaos --replicas N`): every
replica of every service, and every house bots process, on a port of the run the stack reserves
below the kernel's ephemeral ports, each with its metrics port; none shared. A chaos run once
found a restarted rules replica's metrics port answered by another process's HTTP/2: its port
had been one the kernel hands out, free while it was down."""
from __future__ import annotations

import pytest

from apps.cli.up import house_bots_processes, replica_processes, services
from apps.embedded import _ephemeral_low, free_port_base
from shared.config import Settings, max_local_replicas, stack_span
from shared.metrics import METRICS_OFFSET


def _stack_ports(base: int | None, replicas: int) -> list[int]:
    settings = Settings.from_env({"FOODGAMES_PORT_BASE": str(base)} if base is not None else {})
    firsts = {name: settings.address(name) for name in services()}
    extra, _ = replica_processes(services(), firsts, replicas)
    grpc = [int(a.rsplit(":", 1)[1]) for a in [*firsts.values(), *(a for _, a in extra.values())]]
    grpc += [int(command[-1]) for command in house_bots_processes(settings, replicas).values()]
    return grpc


@pytest.mark.parametrize("replicas", [1, 2, 3, max_local_replicas()])
def test_every_replica_and_its_metrics_port_lie_in_the_run_the_stack_reserves_and_none_is_shared(replicas):
    # given the run of ports a stack of `replicas` reserves
    base = free_port_base(replicas=replicas)
    grpc = _stack_ports(base, replicas)
    every = grpc + [p + METRICS_OFFSET for p in grpc]
    # then every service's and house bots' port and metrics port is its own
    assert len(every) == len(set(every)) == 2 * (len(services()) + 1) * replicas
    # and all lie in the run, below the ports the kernel gives outgoing connections
    span = max(every) - base + 1
    assert min(every) == base and span <= stack_span() * replicas + METRICS_OFFSET  # what free_port_base checked
    assert max(every) < _ephemeral_low()


def test_more_replicas_than_the_run_holds_are_refused_in_words():
    settings = Settings.from_env({"FOODGAMES_PORT_BASE": "20000"})
    with pytest.raises(ValueError, match=f"--replicas is 1 to {max_local_replicas()} on one machine, not 11"):
        replica_processes(services(), {n: settings.address(n) for n in services()}, 11)


def test_two_runs_handed_out_at_once_never_overlap(monkeypatch, tmp_path):
    # given two processes asking for a stack's run at the same moment, the random pick giving both
    # the same base (the suite's workers start their stacks together: two overlapping runs once
    # took each other's ports)
    import tempfile

    from apps import embedded

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # a reservations file of its own
    count = stack_span() + METRICS_OFFSET
    picks = iter([21000, 21000, 21000 + count - 1, 21000 + count])
    monkeypatch.setattr(embedded.random, "randrange", lambda low, high: next(picks))
    # (every port counted free: another worker's stack may hold some of 21000's run just now, and
    # this is a test of the reservations, not of the bind check)
    monkeypatch.setattr(embedded, "_all_free", lambda base, count: True)
    # when both are handed a run before either binds it, then the second run starts past the first
    assert (free_port_base(), free_port_base()) == (21000, 21000 + count)


@pytest.mark.parametrize("replicas", [1, max_local_replicas()])
def test_the_default_ports_lie_below_the_ports_linux_gives_outgoing_connections(replicas):
    # given a stack started as it comes (no FOODGAMES_PORT_BASE), with `replicas` of everything
    grpc = _stack_ports(None, replicas)
    # then every gRPC and metrics port lies below Linux's first port for outgoing connections
    # (32768 by default): `make run` once gave up on a rules engine whose default port, 50056,
    # a connection of the machine's held just then
    assert max(grpc) + METRICS_OFFSET < 32768, sorted(grpc)
