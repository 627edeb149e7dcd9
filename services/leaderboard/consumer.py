"""The game-over consumer: a durable JetStream pull consumer on the GAMES stream.

For every message: find GameOver events, rate each game once (Store.record is
one atomic Lua script keyed by the game id), then ack. Events it cannot
understand go to the dead-letter subject with the reason. When Redis fails,
the message is not acked; the loop waits for Redis and the unacked messages
are delivered again, in order (max_ack_pending=1 by default), so nothing is
lost and the ledger keeps anything from counting twice.
"""
from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any, AsyncIterator

import nats
import redis.exceptions
from nats.js import api
from nats.js.errors import NotFoundError
from opentelemetry import trace

from services.leaderboard.boards import Applied, Conflict, Store
from services.leaderboard.ratings import BadEvent, GameOver, is_provisional, parse_game_over, parse_time, Rating
from shared import telemetry

log = telemetry.get_logger("leaderboard.consumer")
_tracer = telemetry.tracer("foodgames.leaderboard")

REDIS_ERRORS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError,
                redis.exceptions.BusyLoadingError, ConnectionError, OSError)


@dataclass(frozen=True)
class ConsumerSettings:
    stream: str = "GAMES"
    subject_prefix: str = "games"  # messages are <prefix>.<game>.<game_id>
    durable: str = "leaderboard"
    deadletter_subject: str = "deadletter.leaderboard"
    deadletter_stream: str = "DEADLETTER"  # keeps dead letters; created if missing
    ratings_prefix: str = "ratings"  # rating.updated goes to <prefix>.<game>.<player>
    ack_wait_s: float = 30.0
    # 1 keeps games strictly in stream order across all replicas (what makes a
    # rebuild equal the live boards); raise it only for throughput.
    max_ack_pending: int = 1
    batch: int = 50
    fetch_timeout_s: float = 1.0
    stream_replicas: int = 1


def subject_token(name: str) -> str:
    """A player name as one NATS subject token ('.', '*', '>', '%' and blanks escaped as %XX)."""
    out = []
    for ch in name:
        if ch in ".*>%" or ch.isspace() or ord(ch) < 32:
            out.append("".join(f"%{b:02X}" for b in ch.encode()))
        else:
            out.append(ch)
    return "".join(out)


def parse_message(subject: str, data: bytes, settings: ConsumerSettings, config) -> list[GameOver]:
    """The GameOver events of one stream message (usually none); BadEvent when
    the message cannot be understood."""
    try:
        body = json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadEvent(f"the message is not JSON: {exc}") from None
    if not isinstance(body, dict) or not isinstance(body.get("events"), list):
        raise BadEvent("the message has no events list")
    overs = [e for e in body["events"] if isinstance(e, dict) and e.get("type") == "GameOver"]
    if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in body["events"]):
        raise BadEvent("an event has no type")
    # casual games (created with ranked=false) end like any other but are not rated
    overs = [e for e in overs if not (isinstance(e.get("data"), dict) and e["data"].get("ranked") is False)]
    if not overs:
        return []
    tokens = subject.split(".")
    n_prefix = len(settings.subject_prefix.split("."))
    if len(tokens) != n_prefix + 2:
        raise BadEvent(f"subject {subject!r} is not {settings.subject_prefix}.<game>.<game_id>")
    at = parse_time(body.get("recorded_at"))
    return [parse_game_over(e, at, config, tokens[-2], tokens[-1]) for e in overs]


def rating_event(ledger: dict, update: dict, config) -> dict:
    r = Rating(update["mu"], update["sigma"], update["games"], update["wins"], ledger["at"])
    return {"type": "rating.updated", "schema_version": 1, "game": ledger["game"],
            "game_id": ledger["game_id"], "player": update["player"], "mu": update["mu"],
            "sigma": update["sigma"], "rating": update["rating"], "games": update["games"],
            "wins": update["wins"], "placing": update["placing"], "won": update["won"],
            "provisional": is_provisional(r, config), "season": ledger["season"], "at": ledger["at"]}


async def ensure_streams(js, settings: ConsumerSettings, duplicate_window_s: float = 120.0) -> None:
    """The games stream (as the event store makes it) and the dead-letter stream, when missing."""
    try:
        await js.stream_info(settings.stream)
    except NotFoundError:
        from shared.eventstore.jetstream import GAMES_STREAM, games_stream_config

        if settings.stream == GAMES_STREAM and settings.subject_prefix == "games":
            await js.add_stream(games_stream_config(settings.stream_replicas, duplicate_window_s))
            return await ensure_streams(js, settings, duplicate_window_s)
        await js.add_stream(api.StreamConfig(
            name=settings.stream, subjects=[settings.subject_prefix + ".>"], storage=api.StorageType.FILE,
            num_replicas=settings.stream_replicas, duplicate_window=duplicate_window_s,
            allow_direct=True))
    try:
        await js.stream_info(settings.deadletter_stream)
    except NotFoundError:
        await js.add_stream(api.StreamConfig(
            name=settings.deadletter_stream, subjects=[settings.deadletter_subject],
            storage=api.StorageType.FILE, num_replicas=settings.stream_replicas))


class GameOverConsumer:
    def __init__(self, nc: nats.NATS, store: Store, settings: ConsumerSettings | None = None,
                 publish_updates: bool = True):
        self.nc = nc
        self.js = nc.jetstream()
        self.store = store
        self.settings = settings or ConsumerSettings()
        self.publish_updates = publish_updates
        self.sub = None
        self.stats = {"games": 0, "duplicates": 0, "deadletters": 0, "ignored": 0, "redis_waits": 0}
        self._stopping = False

    async def start(self) -> None:
        await ensure_streams(self.js, self.settings)
        s = self.settings
        config = api.ConsumerConfig(
            durable_name=s.durable, ack_policy=api.AckPolicy.EXPLICIT, deliver_policy=api.DeliverPolicy.ALL,
            ack_wait=s.ack_wait_s, max_ack_pending=s.max_ack_pending, filter_subject=s.subject_prefix + ".>",
            max_deliver=-1)
        self.sub = await self.js.pull_subscribe(s.subject_prefix + ".>", durable=s.durable, stream=s.stream,
                                                config=config)

    async def stop(self) -> None:
        self._stopping = True
        if self.sub is not None:
            try:
                await self.sub.unsubscribe()
            except Exception:  # noqa: BLE001 - the connection may already be gone
                pass
            self.sub = None

    async def fetch(self, batch: int | None = None) -> list:
        try:
            # never ask for more than may be pending: the server would hold the
            # request open until the timeout
            n = min(batch or self.settings.batch, self.settings.max_ack_pending)
            return await self.sub.fetch(n, timeout=self.settings.fetch_timeout_s)
        except (nats.errors.TimeoutError, asyncio.TimeoutError):
            return []

    async def run(self) -> None:
        """Consume until cancelled or stopped."""
        if self.sub is None:
            await self.start()
        while not self._stopping:
            try:
                msgs = await self.fetch()
            except (nats.errors.ConnectionClosedError, nats.errors.BadSubscriptionError):
                if self._stopping:
                    return
                raise
            except Exception:  # noqa: BLE001 - NATS hiccup: try again
                log.warning("fetch failed", exc_info=True)
                await asyncio.sleep(0.5)
                continue
            for i, msg in enumerate(msgs):
                try:
                    await self.process(msg)
                except REDIS_ERRORS + (Conflict,) as exc:
                    log.warning("redis unavailable; pausing without ack", error=str(exc),
                                seq=msg.metadata.sequence.stream)
                    self.stats["redis_waits"] += 1
                    await self.wait_for_redis()
                    for rest in msgs[i:]:  # deliver again, in order
                        try:
                            await rest.nak()
                        except Exception:  # noqa: BLE001
                            pass
                    break

    async def wait_for_redis(self, max_delay: float = 2.0) -> None:
        delay = 0.05
        while not self._stopping:
            try:
                await self.store.r.ping()
                return
            except REDIS_ERRORS:
                await asyncio.sleep(delay)
                delay = min(max_delay, delay * 2)

    async def process(self, msg, ack: bool = True) -> list[Applied]:
        """Rate the GameOver events of one message; ack when done (Redis errors propagate, no ack)."""
        seq = msg.metadata.sequence.stream
        headers = dict(msg.headers or {})
        ctx = telemetry.extract(headers)
        with _tracer.start_as_current_span("leaderboard.consume", context=ctx, kind=trace.SpanKind.CONSUMER,
                                           attributes={"messaging.subject": msg.subject, "stream.seq": seq}):
            try:
                overs = parse_message(msg.subject, msg.data, self.settings, self.store.config)
            except BadEvent as exc:
                await self.dead_letter(msg, str(exc))
                if ack:
                    await msg.ack()
                return []
            if not overs:
                self.stats["ignored"] += 1
                if ack:
                    await msg.ack()
                return []
            results = []
            for go in overs:
                applied = await self.store.record(go, seq)
                results.append(applied)
                if applied.status == "ok":
                    self.stats["games"] += 1
                    log.info("game rated", game=go.game, game_id=go.game_id, seq=seq)
                else:
                    self.stats["duplicates"] += 1
                    log.info("game already rated", game=go.game, game_id=go.game_id, seq=seq)
                if self.publish_updates:
                    await self.publish(applied.ledger)
            if ack:
                await msg.ack()
            return results

    async def publish(self, ledger: dict) -> None:
        """rating.updated per player (at least once: a redelivered game publishes again)."""
        headers: dict[str, str] = {}
        telemetry.inject(headers)
        for update in ledger["updates"]:
            event = rating_event(ledger, update, self.store.config)
            subject = f"{self.settings.ratings_prefix}.{ledger['game']}.{subject_token(update['player'])}"
            await self.nc.publish(subject, json.dumps(event).encode(), headers=headers or None)

    async def dead_letter(self, msg, reason: str) -> None:
        self.stats["deadletters"] += 1
        try:
            original: Any = json.loads(msg.data)
        except (ValueError, UnicodeDecodeError):
            original = msg.data.decode("utf-8", errors="replace")
        body = {"reason": reason, "subject": msg.subject, "stream_seq": msg.metadata.sequence.stream,
                "headers": dict(msg.headers or {}), "original": original,
                "dead_lettered_at": time.time()}
        log.error("game-over event dead-lettered", reason=reason, subject=msg.subject,
                  seq=msg.metadata.sequence.stream)
        await self.js.publish(self.settings.deadletter_subject, json.dumps(body).encode(),
                              headers={"Nats-Msg-Id": f"{self.settings.durable}-{msg.metadata.sequence.stream}"})


async def read_stream(js, settings: ConsumerSettings, until_seq: int | None = None,
                      idle_timeout: float = 2.0) -> AsyncIterator[Any]:
    """Every message of the stream from the start, in order (an ordered consumer)."""
    sub = await js.subscribe(settings.subject_prefix + ".>", stream=settings.stream, ordered_consumer=True,
                             deliver_policy=api.DeliverPolicy.ALL, pending_msgs_limit=100000)
    try:
        while True:
            if until_seq is not None and until_seq <= 0:
                return
            try:
                msg = await sub.next_msg(timeout=idle_timeout)
            except nats.errors.TimeoutError:
                return
            yield msg
            if until_seq is not None and msg.metadata.sequence.stream >= until_seq:
                return
    finally:
        await sub.unsubscribe()
