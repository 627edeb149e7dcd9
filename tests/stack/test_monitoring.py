"""deploy/monitoring: the alert rules and the Grafana dashboard are what apps/monitoring.py makes,
every metric a rule or a panel names is one a running stack exports (scraped), and every alert
links to its paragraph of docs/operations.md."""
from __future__ import annotations

import re
import time

import httpx
import yaml

from apps import monitoring
from apps.cli.up import services
from tests.stack.test_metrics import play_a_ranked_game, scrape_stack

ROOT = monitoring.ROOT


def test_the_committed_rules_and_dashboard_are_the_generated_ones():
    assert monitoring.main(["--check"]) == 0


def test_the_names_of_an_expression_are_its_metrics_only():
    expr = ('histogram_quantile(0.99, sum by (le, game) (rate(foodgames_move_duration_seconds_bucket'
            '{outcome="accepted"}[5m]))) > 0.05 and on (job) up_metric_x')
    assert monitoring.metric_names(expr) == {"foodgames_move_duration_seconds_bucket", "up_metric_x"}


def test_the_five_alerts_fire_on_their_conditions_and_link_their_runbook():
    rules = yaml.safe_load((ROOT / "deploy/monitoring/alerts.yaml").read_text())["groups"][0]["rules"]
    assert {r["alert"] for r in rules} == {"MoveLatencyP99AboveGoal", "LeaderboardConsumerLagGrowing",
                                           "QueueWaitOverAMinute", "ServiceRestarting", "SeedWindowsMissed"}
    headings = {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-")
                for h in re.findall(r"^#+ (.+)$", (ROOT / "docs/operations.md").read_text(), re.M)}
    for rule in rules:
        assert "for" in rule and rule["labels"]["severity"] in ("page", "ticket")
        anchor = rule["annotations"]["runbook_url"].partition("#")[2]
        assert anchor in headings, f"{rule['alert']}: docs/operations.md has no heading #{anchor}"
    p99 = next(r for r in rules if r["alert"] == "MoveLatencyP99AboveGoal")
    assert p99["for"] == "5m" and "0.99" in p99["expr"]


def test_every_metric_a_rule_or_panel_names_is_exported_by_the_running_stack(stack):
    named = set().union(*(monitoring.metric_names(e) for e in monitoring.every_expression()))
    play_a_ranked_game(stack)
    httpx.get(f"http://{stack.address('gateway')}/healthz", timeout=10)
    exported: set[str] = set()
    deadline = time.monotonic() + 20
    while True:  # the leaderboard's lag comes from its first poll of the consumer
        scrapes = scrape_stack(stack)
        assert all(s.ok for s in scrapes.values()), {n: s.error for n, s in scrapes.items() if not s.ok}
        exported = set().union(*(s.names() for s in scrapes.values()))
        if named <= exported or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert sorted(named - exported) == [], "named by a rule or panel, exported by no service"
    assert len(scrapes) == len(services())
