"""`foodgames chaos` end to end: a stack of its own (two replicas of every service) under bot
tables of every game, some played over Connect through the gateway, broken five ways (a rules
engine replica killed, NATS killed, Valkey killed, a process paused, a gateway replica killed), loses nothing and
says so in its table, and its faults show in the stack's metrics (restarts, NATS reconnects,
refusals); the long run (make test-slow) breaks a NATS cluster every way there is."""
from __future__ import annotations

import re
import subprocess

import pytest

from apps.chaos.faults import kinds_for
from tests.stacklib import FOODGAMES, this_tree_first


def chaos(*args: str, timeout: float) -> tuple[int, str]:
    import os

    env = this_tree_first({k: v for k, v in os.environ.items() if not k.startswith("FOODGAMES_")})
    env["COLUMNS"] = "200"
    proc = subprocess.run([FOODGAMES, "chaos", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=timeout)
    return proc.returncode, proc.stdout


def rows(output: str) -> dict[str, list[str]]:
    """The table's rows by fault: [count, moves during, recovery time, violations]."""
    found = {}
    for line in output.splitlines():
        cells = [c.strip() for c in re.split(r"[│┃]", line)[1:-1]]
        if len(cells) == 5 and cells[0] not in ("fault", ""):
            found[cells[0]] = cells[1:]
    return found


def assert_browsers_played_on(output: str, table: dict[str, list[str]]) -> None:
    """Tables were played over Connect through the gateway, and moves were acknowledged while a
    gateway replica was down."""
    assert int(re.search(r"(\d+) played through the gateway over Connect", output).group(1)) >= 1, output
    assert int(table["kill-gateway"][1]) > 0, output


# make test-slow: its two stacks of every service and its drain are ~45 s of CPU (36 s alone on
# 2 cores), and make test went past five minutes on a slow VM with it (2026-12-06). make test
# keeps the parts it puts together: Connect tables through the gateway (test_connect_tables), the
# live checks and the fault schedule (test_live_checks, test_schedule), up's restarts
# (tests/stack/test_up_supervises), a NATS leader's kill (tests/stack/test_nats_cluster).
@pytest.mark.slow
def test_a_short_chaos_run_with_two_replicas_breaks_the_stack_five_ways_and_loses_nothing():
    # two replicas of everything: each kill and the pause hit one replica, the other serves on
    faults = ["kill-engine", "kill-nats", "kill-valkey", "pause", "kill-gateway"]
    code, out = chaos("--replicas", "2", "--duration", "12", "--every", "2", "--faults", ",".join(faults),
                      "--seed", "7", "--tables", "2", timeout=240)
    assert code == 0, out
    table = rows(out)
    assert set(table) == {*faults, "whole run"}, out
    for fault in faults:
        count, _moves, recovery, violations = table[fault]
        assert int(count) >= 1 and violations == "0" and "never" not in recovery, out
    assert int(table["whole run"][1]) > 0 and table["whole run"][3] == "0", out
    assert "no violation" in out
    # and some of its tables were played as a browser plays, through the gateway over Connect,
    # on through the kill of a gateway replica
    assert_browsers_played_on(out, table)
    # and the faults show in the metrics, scraped before the first and after the last (a fault
    # that must show and does not is a violation of the run: "fault not in the metrics")
    shown = evidence(out)
    engine = next(target for kind, target in shown if kind == "kill-engine")
    assert shown["kill-engine", engine][0].startswith(f"seen: {engine} restarted"), out
    [reconnects] = shown["kill-nats", "nats"]
    assert reconnects.startswith("seen: NATS reconnects"), out
    assert int(re.search(r"in (\d+) services", reconnects).group(1)) >= 4, "the services on NATS reconnected"
    [refused] = shown["refusals", "run"]
    assert refused.startswith("seen: calls refused or held: "), out


def evidence(output: str) -> dict[tuple[str, str], list[str]]:
    """The lines of "what the metrics show" by (fault, target)."""
    found: dict[tuple[str, str], list[str]] = {}
    _, _, section = output.partition("what the metrics show")
    for line in section.splitlines()[1:]:
        match = re.match(r"  (\S+) (\S+): (.*)$", line)
        if not match:
            break
        found.setdefault((match.group(1), match.group(2)), []).append(match.group(3))
    return found


@pytest.mark.slow
@pytest.mark.timeout(1200)  # five minutes of faults, then the checks (the suite's default is 240 s)
def test_five_minutes_of_chaos_on_a_nats_cluster_lose_nothing():
    code, out = chaos("--duration", "300", "--nats-cluster", "3", "--every", "8", "--seed", "11", timeout=900)
    assert code == 0, out
    table = rows(out)
    assert set(table) == {*kinds_for(3), "whole run"}, out
    assert table["whole run"][3] == "0", out


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_a_short_chaos_run_with_two_replicas_kills_one_replica_at_a_time_and_loses_nothing():
    """Slow, not in make test: two replicas of everything take longer to start than the suite's
    budget allows a test (~30 s) before any fault is made."""
    faults = ["kill-engine", "kill-gateway", "kill-tournament", "kill-house-bots", "kill-deck"]
    code, out = chaos("--replicas", "2", "--duration", "30", "--every", "3", "--faults", ",".join(faults),
                      "--seed", "3", "--tables", "3", timeout=600)
    assert code == 0, out
    table = rows(out)
    assert set(table) == {*faults, "whole run"}, out
    assert table["whole run"][3] == "0", out
    # a gateway replica killed under the tables played over Connect: they moved on meanwhile
    assert_browsers_played_on(out, table)


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_five_minutes_of_chaos_with_two_replicas_of_everything_on_a_nats_cluster_lose_nothing():
    code, out = chaos("--replicas", "2", "--duration", "300", "--nats-cluster", "3", "--every", "8", "--seed", "11",
                      timeout=1200)
    assert code == 0, out
    table = rows(out)
    assert set(table) == {*kinds_for(3), "whole run"}, out
    assert table["whole run"][3] == "0", out
