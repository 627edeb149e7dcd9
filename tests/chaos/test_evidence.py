"""What a chaos run looks for in the metrics (apps/chaos/evidence.py), on scrapes as the
services' endpoints write them: a killed service is seen restarted only when its uptime is
shorter than the run, a killed NATS only when some service reconnected; a fault that must show
and does not is not seen."""
from __future__ import annotations

from apps.chaos.evidence import refusals, shown
from shared.scrape import parse


def endpoint(service: str, uptime: float, reconnects: int = 0, unavailable: int = 0):
    return parse(service, "addr", f"""# TYPE process_uptime_seconds counter
process_uptime_seconds_total {uptime}
# TYPE foodgames_nats_reconnects counter
foodgames_nats_reconnects_total{{connection="{service}"}} {reconnects}
# TYPE rpc_server_calls counter
rpc_server_calls_total{{rpc_method="SubmitMove",rpc_grpc_status_code="UNAVAILABLE"}} {unavailable}
rpc_server_calls_total{{rpc_method="SubmitMove",rpc_grpc_status_code="OK"}} 40
""")


def test_a_killed_engine_shows_as_restarted_only_when_its_process_is_younger_than_the_run():
    before = {"food-fight": endpoint("food-fight", 30), "deck": endpoint("deck", 30)}
    restarted = {"food-fight": endpoint("food-fight", 4), "deck": endpoint("deck", 50)}
    [seen, _] = shown([("kill-engine", "food-fight")], before, restarted, seconds=20)
    assert seen.seen and seen.required and "food-fight restarted" in seen.text
    never = {"food-fight": endpoint("food-fight", 50), "deck": endpoint("deck", 50)}
    [missed, _] = shown([("kill-engine", "food-fight")], before, never, seconds=20)
    assert not missed.seen and "did not restart" in missed.text


def test_a_killed_nats_shows_as_reconnects_and_the_calls_refused_meanwhile():
    before = {"deck": endpoint("deck", 30, reconnects=1), "food-fight": endpoint("food-fight", 30)}
    after = {"deck": endpoint("deck", 50, reconnects=2), "food-fight": endpoint("food-fight", 50, reconnects=1,
                                                                               unavailable=3)}
    reconnected, refused = shown([("kill-nats", "nats")], before, after, seconds=20)
    assert reconnected.seen and "NATS reconnects: 2 in 2 services" in reconnected.text
    assert refused.seen and refused.required and "food-fight: UNAVAILABLE 3" in refused.text
    # a counter read before is not counted again
    quiet = {"deck": endpoint("deck", 50, reconnects=1), "food-fight": endpoint("food-fight", 50)}
    missed, none = shown([("kill-nats", "nats")], before, quiet, seconds=20)
    assert missed.required and not missed.seen
    assert none.required and not none.seen and none.text == "calls refused or held: none"


def test_a_restarted_process_counts_everything_since_it_started():
    before = {"deck": endpoint("deck", 30, unavailable=5)}
    after = {"deck": endpoint("deck", 3, unavailable=2)}  # began again at 0, then refused 2
    assert refusals(before, after, seconds=20) == {"deck": {"UNAVAILABLE": 2}}
