"""Messages that cannot hold a GameOver are acked unread; none that can is ever skipped."""
from __future__ import annotations

import json
import random

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from services.leaderboard import consumer as consumer_module
from shared.gamestream import may_hold_game_over
from tests.leaderboard.conftest import T0, consume_all, game_over_body, wait_until


def ordinary_body(i: int, player: str = "bot-1") -> dict:
    return {"command_id": f"o{i}", "version": i, "recorded_at": T0.isoformat(),
            "events": [{"type": "CardPlayed", "schema_version": 1,
                        "data": {"player": player, "card": f"mushroom-{i % 7}", "slot": [i % 5, 2]}}]}


def _escaped(text: str, rng: random.Random) -> str:
    """`text` as a JSON string literal with some letters written as \\uXXXX."""
    return '"' + "".join(f"\\u{ord(c):04x}" if rng.random() < 0.3 else c for c in text) + '"'


@pytest.fixture
def spans(monkeypatch):
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    monkeypatch.setattr(consumer_module, "_tracer", provider.get_tracer("test"))
    return exporter


def test_given_any_json_spelling_of_a_game_over_then_it_may_hold_one():
    rng = random.Random(11)
    for i in range(3000):
        body = game_over_body("foodie-forest", f"g{i}", ["ann", "bøb"], [1, 2], T0) if rng.random() < 0.5 \
            else ordinary_body(i, rng.choice(["bot-1", "zoë", "ann"]))
        data = json.dumps(body, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 0, 2]),
                          separators=rng.choice([None, (",", ":"), (", ", ": ")]))
        if rng.random() < 0.3:  # another writer escapes letters of the type
            data = data.replace('"GameOver"', _escaped("GameOver", rng))
        if rng.random() < 0.1:
            data = " " + data + "\n"
        raw = data.encode()
        holds = any(e.get("type") == "GameOver" for e in json.loads(raw)["events"])
        assert may_hold_game_over(raw) or not holds, data


def test_given_the_event_stores_own_ordinary_messages_then_they_are_skipped():
    for i in range(200):
        raw = json.dumps(ordinary_body(i), separators=(",", ":")).encode()
        assert not may_hold_game_over(raw)
    # what is not one whole JSON object is read (to be dead-lettered), whatever it holds
    for raw in (b"not json", b"{broken", b'{"events": []}\n', b"\xef\xbb\xbf{}",
                json.dumps({"events": []}).encode("utf-16")):
        assert may_hold_game_over(raw), raw
    # a non-ASCII name is written as \uXXXX by json.dumps: read, to be safe
    assert may_hold_game_over(json.dumps(ordinary_body(1, "zoë")).encode())


async def test_given_game_overs_hidden_among_many_ordinary_messages_when_consumed_then_each_is_rated(
        lane, store, spans):
    rng = random.Random(5)
    hidden = {200: "plain", 900: "escaped", 1500: "pretty", 1999: "padded"}
    for i in range(2000):
        if i not in hidden:
            await lane.publish(json.dumps(ordinary_body(i), separators=(",", ":")).encode(),
                               subject=f"{lane.settings.subject_prefix}.foodie-forest.o{i % 40}")
            continue
        body = game_over_body("foodie-forest", f"h{i}", ["ann", "bob"], [1, 2], T0)
        data = {"plain": lambda: json.dumps(body, separators=(",", ":")),
                "escaped": lambda: json.dumps(body).replace('"GameOver"', _escaped("GameOver", rng)),
                "pretty": lambda: json.dumps(body, indent=2),
                "padded": lambda: "\n " + json.dumps(body) + " \n"}[hidden[i]]()
        await lane.publish(data.encode(), subject=lane.subject(body))
    consumer = lane.consumer(store)
    await consume_all(consumer, len(hidden))
    assert consumer.stats["games"] == len(hidden)
    assert consumer.stats["ignored"] == 2000 - len(hidden) and consumer.stats["deadletters"] == 0
    assert (await store.player("foodie-forest", "ann", T0.timestamp()))["entry"].games == len(hidden)
    # a span for each message that may hold a GameOver, none for the others
    consumed = [s for s in spans.get_finished_spans() if s.name == "leaderboard.consume"]
    assert len(consumed) == len(hidden)


async def test_given_a_whole_json_object_without_a_game_over_when_it_is_malformed_inside_then_it_is_acked_unread(
        lane, store):
    p = lane.settings.subject_prefix
    await lane.publish(b'{"events": 5}', subject=f"{p}.foodie-forest.x1")  # cannot change a rating
    await lane.publish(b"{broken", subject=f"{p}.foodie-forest.x2")  # not one whole object: read
    await lane.publish(game_over_body("foodie-forest", "ok", ["ann", "bob"], [1, 2], T0))
    consumer = lane.consumer(store)
    await consume_all(consumer, 1)
    assert consumer.stats["ignored"] == 1 and consumer.stats["deadletters"] == 1
    await wait_until(lambda: _drained(lane))


async def _drained(lane) -> bool:
    info = await lane.js.consumer_info(lane.settings.stream, lane.settings.durable)
    return info.num_pending == 0 and info.num_ack_pending == 0
