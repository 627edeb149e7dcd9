"""`make manifests` (also): the stack's Prometheus alert rules and Grafana dashboard, written from
the definitions below to deploy/monitoring/alerts.yaml and deploy/monitoring/grafana-dashboard.json
(`--check` writes nothing and exits 1 naming a file that differs; a test runs it). Every metric
an expression names is one the services export (shared/metrics.py and the instruments beside
the code; docs/operations.md says what each means and what to do when an alert fires); a test
scrapes a real stack and finds each of them.

Prometheus finds the pods by their prometheus.io/ annotations (deploy/k8s, port 9464);
deploy/monitoring/prometheus.yaml is the scrape job that reads them."""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
OUT = "deploy/monitoring"
RUNBOOK = "docs/operations.md"

# The goal of a move's p99 in the rules engine (load to answer, foodgames_move_duration_seconds):
# on the benches' machine one move takes ~1-4 ms at p99 when the engine is not saturated
# (docs/operations.md); 50 ms is where players start to feel it.
MOVE_P99_GOAL_S = 0.05
QUEUE_WAIT_LIMIT_S = 60

ALERTS = [
    {"alert": "MoveLatencyP99AboveGoal",
     "expr": f"histogram_quantile(0.99, sum by (le, game) (rate(foodgames_move_duration_seconds_bucket[5m]))) "
             f"> {MOVE_P99_GOAL_S}",
     "for": "5m", "severity": "page",
     "summary": "{{ $labels.game }}: moves' p99 is {{ $value | humanizeDuration }}, above the "
                f"{MOVE_P99_GOAL_S * 1000:g} ms goal for 5 minutes",
     "anchor": "movelatencyp99abovegoal"},
    {"alert": "LeaderboardConsumerLagGrowing",
     "expr": "min by (messaging_consumer_group_name) (foodgames_leaderboard_consumer_lag) > 10 and "
             "min by (messaging_consumer_group_name) (deriv(foodgames_leaderboard_consumer_lag[10m])) > 0",
     "for": "10m", "severity": "ticket",
     "summary": "the leaderboard's consumer is {{ $value }} messages behind and falling further back",
     "anchor": "leaderboardconsumerlaggrowing"},
    {"alert": "QueueWaitOverAMinute",
     "expr": "histogram_quantile(0.9, sum by (le, queue) "
             "(rate(foodgames_matchmaking_wait_duration_seconds_bucket[10m]))) "
             f"> {QUEUE_WAIT_LIMIT_S}",
     "for": "5m", "severity": "ticket",
     "summary": "queue {{ $labels.queue }}: one player in ten waits over a minute for a table",
     "anchor": "queuewaitoveraminute"},
    {"alert": "ServiceRestarting",
     "expr": "sum by (job, service_name, instance) (resets(process_uptime_seconds_total[15m])) > 0",
     "for": "0m", "severity": "ticket",
     "summary": "{{ $labels.instance }} restarted {{ $value }} times in 15 minutes",
     "anchor": "servicerestarting"},
    {"alert": "SeedWindowsMissed",
     "expr": "sum(increase(foodgames_deck_seed_windows_missed_total[15m])) / "
             "clamp_min(sum(increase(foodgames_deck_shuffles_total[15m])), 1) > 0.2",
     "for": "15m", "severity": "ticket",
     "summary": "more than one shuffle in five went ahead without every player's client seed",
     "anchor": "seedwindowsmissed"},
]


def _q(name: str, expr: str) -> dict:
    return {"expr": expr, "legendFormat": name}


def _p(quantile: float, histogram: str, by: str) -> str:
    return f"histogram_quantile({quantile}, sum by (le, {by}) (rate({histogram}_bucket[$__rate_interval])))"


# (row, [(panel title, unit, [(legend, expr)])])
PANELS = [
    ("Rules engines", [
        ("Live tables", "short", [("{{game}}", "sum by (game) (foodgames_tables_live)")]),
        ("Moves accepted /s", "ops", [("{{game}}", 'sum by (game) (rate(foodgames_moves_total{outcome="accepted"}'
                                                    "[$__rate_interval]))")]),
        ("Moves refused /s by reason", "ops", [("{{game}} {{error_type}}", 'sum by (game, error_type) '
                                                '(rate(foodgames_moves_total{outcome="refused"}[$__rate_interval]))')]),
        ("Move latency p50 / p99 (whole call)", "s", [
            ("p50 {{game}}", _p(0.5, "foodgames_move_duration_seconds", "game")),
            ("p99 {{game}}", _p(0.99, "foodgames_move_duration_seconds", "game"))]),
        ("Move steps p99: decide, append", "s", [
            ("decide {{game}}", _p(0.99, "foodgames_move_decide_duration_seconds", "game")),
            ("append {{game}}", _p(0.99, "foodgames_move_append_duration_seconds", "game"))]),
        ("Games started / finished / cancelled", "short", [
            ("{{state}} {{game}}", "sum by (game, state) (increase(foodgames_games_total[$__rate_interval]))")]),
        ("Timeouts, takeovers, seats away", "short", [
            ("{{kind}} {{game}}", "sum by (game, kind) (increase(foodgames_seat_events_total[$__rate_interval]))"),
            ("away now {{game}}", "sum by (game) (foodgames_seats_away)")]),
        ("Moves judged again (another writer first)", "ops", [
            ("{{game}}", "sum by (game) (rate(foodgames_move_retries_total[$__rate_interval]))")]),
    ]),
    ("Matchmaking", [
        ("Queue depth", "short", [("{{queue}}", "max by (queue) (foodgames_matchmaking_queue_depth)")]),
        ("Queue wait p50 / p99", "s", [
            ("p50 {{queue}}", _p(0.5, "foodgames_matchmaking_wait_duration_seconds", "queue")),
            ("p99 {{queue}}", _p(0.99, "foodgames_matchmaking_wait_duration_seconds", "queue"))]),
        ("Tables formed /s", "ops", [("{{outcome}} {{game}}", "sum by (game, outcome) "
                                     "(rate(foodgames_matchmaking_tables_total[$__rate_interval]))")]),
        ("Bot fill: seats asked of the house bots", "short", [
            ("{{game}}", "sum by (game) (increase(foodgames_matchmaking_bot_seats_total[$__rate_interval]))")]),
    ]),
    ("Leaderboard", [
        ("Consumer lag (messages)", "short", [("{{messaging_consumer_group_name}}",
                                               "max by (messaging_consumer_group_name) "
                                               "(foodgames_leaderboard_consumer_lag)")]),
        ("Games rated /s", "ops", [("{{outcome}}", "sum by (outcome) (rate(foodgames_leaderboard_messages_total"
                                                   '{outcome!="ignored"}[$__rate_interval]))')]),
    ]),
    ("Deck", [
        ("Shuffles /s", "ops", [("shuffles", "sum(rate(foodgames_deck_shuffles_total[$__rate_interval]))")]),
        ("Seed windows missed, late seeds", "short", [
            ("windows missed", "sum(increase(foodgames_deck_seed_windows_missed_total[$__rate_interval]))"),
            ("late seeds", "sum(increase(foodgames_deck_seeds_late_total[$__rate_interval]))")]),
        ("Transparency log size", "short", [("records", "max(foodgames_deck_log_size)")]),
    ]),
    ("Gateway", [
        ("Requests /s by route and code", "reqps", [
            ("{{http_route}} {{http_response_status_code}} {{rpc_grpc_status_code}}",
             "sum by (http_route, http_response_status_code, rpc_grpc_status_code) "
             "(rate(http_server_request_duration_seconds_count[$__rate_interval]))")]),
        ("Open streams, requests in flight", "short", [
            ("{{http_route}}", "sum by (http_route) (foodgames_gateway_streams)"),
            ("in flight", "sum(http_server_active_requests)")]),
        ("Rate-limit refusals /s", "ops", [
            ("{{kind}}", "sum by (kind) (rate(foodgames_gateway_rate_limited_total[$__rate_interval]))")]),
        ("Request size p99", "bytes", [("{{http_route}}", _p(0.99, "http_server_request_body_size_bytes",
                                                            "http_route"))]),
    ]),
    ("Event store and NATS", [
        ("Appends /s by outcome", "ops", [("{{outcome}} {{messaging_destination_name}}",
                                           "sum by (outcome, messaging_destination_name) "
                                           "(rate(foodgames_eventstore_appends_total[$__rate_interval]))")]),
        ("NATS reconnects", "short", [("{{service_name}} {{connection}}", "sum by (job, connection) "
                                       "(increase(foodgames_nats_reconnects_total[$__rate_interval]))")]),
        ("gRPC server errors /s", "ops", [("{{rpc_service}} {{rpc_method}} {{rpc_grpc_status_code}}",
                                          "sum by (rpc_service, rpc_method, rpc_grpc_status_code) (rate("
                                          'rpc_server_calls_total{rpc_grpc_status_code=~"INTERNAL|UNAVAILABLE|'
                                          'UNKNOWN|DEADLINE_EXCEEDED|DATA_LOSS"}[$__rate_interval]))')]),
    ]),
    ("Processes", [
        ("CPU (cores)", "short", [("{{job}} {{instance}}", "sum by (job, instance) "
                                  "(rate(process_cpu_time_seconds_total[$__rate_interval]))")]),
        ("Resident memory", "bytes", [("{{job}} {{instance}}", "process_memory_usage_bytes")]),
        ("Event-loop lag", "s", [("{{job}} {{instance}}", "foodgames_process_event_loop_lag_seconds")]),
        ("Restarts (15 min)", "short", [("{{job}} {{instance}}", "resets(process_uptime_seconds_total[15m])")]),
    ]),
]

# Names PromQL has that are no metric: functions, keywords, Grafana's variables.
_NOT_METRICS = {"by", "without", "on", "ignoring", "group_left", "group_right", "and", "or", "unless", "le",
                "bool", "offset"}
_NAME = re.compile(r"\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()")


def metric_names(expr: str) -> set[str]:
    """The metric names an expression reads (labels, functions and variables left out)."""
    expr = re.sub(r"\{[^}]*\}", "", expr)  # label matchers
    expr = re.sub(r"\[[^\]]*\]", "", expr)  # ranges
    expr = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", "", expr)  # label lists
    expr = re.sub(r'"[^"]*"', "", expr)
    return {n for n in _NAME.findall(expr) if n not in _NOT_METRICS and not n.startswith("$")
            and not re.fullmatch(r"[0-9.e]+", n)}


def every_expression() -> list[str]:
    return [a["expr"] for a in ALERTS] + [e for _, panels in PANELS for _, _, qs in panels for _, e in qs]


def rules_yaml() -> str:
    rules = [{"alert": a["alert"], "expr": a["expr"], "for": a["for"], "labels": {"severity": a["severity"]},
              "annotations": {"summary": a["summary"], "runbook_url": f"{RUNBOOK}#{a['anchor']}"}}
             for a in ALERTS]
    head = "# Made by `make manifests` from apps/monitoring.py; edit that, not this file.\n"
    return head + yaml.safe_dump({"groups": [{"name": "foodgames", "rules": rules}]}, sort_keys=False, width=200)


def dashboard_json() -> str:
    panels, y, pid = [], 0, 1
    for row, row_panels in PANELS:
        panels.append({"id": pid, "type": "row", "title": row, "collapsed": False,
                       "gridPos": {"h": 1, "w": 24, "x": 0, "y": y}})
        pid, y = pid + 1, y + 1
        for i, (title, unit, queries) in enumerate(row_panels):
            panels.append({
                "id": pid, "type": "timeseries", "title": title,
                "datasource": {"type": "prometheus", "uid": "${datasource}"},
                "fieldConfig": {"defaults": {"unit": unit}, "overrides": []},
                "gridPos": {"h": 8, "w": 8, "x": 8 * (i % 3), "y": y + 8 * (i // 3)},
                "targets": [{"refId": chr(ord("A") + j), **_q(legend, expr)} for j, (legend, expr) in enumerate(queries)],
            })
            pid += 1
        y += 8 * ((len(row_panels) + 2) // 3)
    board = {
        "title": "foodgames", "uid": "foodgames-stack", "schemaVersion": 39, "version": 1, "editable": True,
        "refresh": "10s", "time": {"from": "now-1h", "to": "now"}, "tags": ["foodgames"],
        "templating": {"list": [{"name": "datasource", "type": "datasource", "query": "prometheus",
                                 "label": "Prometheus"}]},
        "panels": panels,
    }
    return json.dumps(board, indent=2) + "\n"


def expected() -> dict[str, str]:
    return {f"{OUT}/alerts.yaml": rules_yaml(), f"{OUT}/grafana-dashboard.json": dashboard_json()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a file differs")
    args = parser.parse_args(argv)
    differ = []
    for path, text in expected().items():
        target = ROOT / path
        if target.exists() and target.read_text() == text:
            continue
        differ.append(path)
        if not args.check:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
    if args.check and differ:
        print("out of date (run `make manifests`): " + ", ".join(differ), file=sys.stderr)
        return 1
    if differ:
        print(f"{len(differ)} file(s) rewritten: {', '.join(differ)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
