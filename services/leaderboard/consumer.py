"""The game-over consumer: a durable JetStream pull consumer on the GAMES stream.

Every game command is one stream message, and about one in 200 holds a GameOver. A
message whose bytes cannot hold one is acked unread (no JSON parse, no span); the others
are parsed, and the GameOvers of one pull's batch rated together, in stream order, each once
(Store.record_batch: one read, one Lua script for the batch, each game checked against the
ledger), then acked. What cannot be understood goes to the dead-letter subject with the
reason. When Redis fails, the batch's games stay unacked and are rated again once Redis
answers, and nothing after them is processed meanwhile, so nothing is lost, nothing
overtaken, and the ledger keeps anything from counting twice.

All replicas share one durable with a pinned_client priority group (pinned.py): one
replica at a time gets the messages, in batches, and processes them in stream order
without skipping any (inorder.py) - which keeps the games in order however the pin moves.
docs/leaderboard.md, "Consumer", has the argument.
"""
from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass
from typing import Any, AsyncIterator

import nats
import orjson
import redis.exceptions
from nats.js import api
from nats.js.errors import NotFoundError
from opentelemetry import trace

from services.leaderboard.boards import Applied, Conflict, Store
from services.leaderboard.inorder import InOrder
from services.leaderboard.pinned import ConsumerGone, NotPinned, PinnedPuller, ensure_pinned_consumer
from services.leaderboard.ratings import BadEvent, GameOver, is_provisional, parse_game_over, parse_time, Rating
from shared import gamestream, telemetry

log = telemetry.get_logger("leaderboard.consumer")
_tracer = telemetry.tracer("foodgames.leaderboard")

REDIS_ERRORS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError,
                redis.exceptions.BusyLoadingError, ConnectionError, OSError)


@dataclass(frozen=True)
class ConsumerSettings:
    stream: str = gamestream.STREAM
    subject_prefix: str = gamestream.SUBJECT_PREFIX  # messages are <prefix>.<game>.<game_id>
    # the pinned consumer; "leaderboard", the durable of earlier versions (one message in
    # flight for all replicas), cannot be turned into one and is left alone
    durable: str = "leaderboard-pinned"
    group: str = "leaderboard"  # the priority group every replica pulls in
    deadletter_subject: str = "deadletter.leaderboard"
    deadletter_stream: str = "DEADLETTER"  # keeps dead letters; created if missing
    ratings_prefix: str = "ratings"  # rating.updated goes to <prefix>.<game>.<player>
    # a message not acked within this comes again: how soon what a crashed replica held
    # returns (harmless when it was processed after all: the ledger)
    ack_wait_s: float = 10.0
    max_ack_pending: int = 1024
    batch: int = 256
    # how long a pull request waits for messages (they are processed as they come): a
    # quiet replica asks this often, and stopping waits for the open request to end
    fetch_timeout_s: float = 2.0
    # while messages trickle in, the pause between pulls: they come in bursts, not one by
    # one (far less CPU), and a game-over waits at most this long
    linger_s: float = 0.1
    # a pinned replica that has not pulled for this long loses the pin (crash, hang): how
    # soon another replica takes over; losing it to a mere pause is harmless (inorder.py)
    pin_timeout_s: float = 10.0
    # where a durable that does not exist yet starts: False at the start of the stream;
    # True (the service) after the last game the store has applied - everything before it
    # was consumed in order - so a new durable does not replay history
    resume_from_store: bool = False
    stream_replicas: int = 1

    def __post_init__(self):
        if self.max_ack_pending < self.batch:
            raise ValueError("max_ack_pending must be at least batch, or batches come short")
        if self.pin_timeout_s <= self.fetch_timeout_s + self.linger_s + 1.0:
            raise ValueError("pin_timeout_s must leave the pinned replica time to pull again")

    def consumer_config(self) -> dict:
        return {"durable_name": self.durable, "ack_policy": "explicit", "deliver_policy": "all",
                "ack_wait": int(self.ack_wait_s * 1e9), "max_ack_pending": self.max_ack_pending,
                "filter_subject": self.subject_prefix + ".>", "max_deliver": -1, "replay_policy": "instant",
                "priority_groups": [self.group], "priority_policy": "pinned_client",
                "priority_timeout": int(self.pin_timeout_s * 1e9)}


_PLAIN_TOKEN = re.compile(r"[^.*>%\s\x00-\x1f]+")


def subject_token(name: str) -> str:
    """A player name as one NATS subject token ('.', '*', '>', '%' and blanks escaped as %XX)."""
    if _PLAIN_TOKEN.fullmatch(name):
        return name  # most names: nothing to escape
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
    if not gamestream.may_hold_game_over(data):
        return []
    try:
        body = gamestream.decode_body(data)
    except gamestream.BadBody as exc:
        raise BadEvent(str(exc)) from None
    overs = [e for e in body.events if e["type"] == gamestream.GAME_OVER]
    # casual games (created with ranked=false) end like any other but are not rated
    overs = [e for e in overs if not (isinstance(e.get("data"), dict) and e["data"].get("ranked") is False)]
    if not overs:
        return []
    try:
        game, game_id = gamestream.parse_subject(subject, settings.subject_prefix)
    except gamestream.BadBody as exc:
        raise BadEvent(str(exc)) from None
    at = parse_time(body.recorded_at)
    return [parse_game_over(e, at, config, game, game_id) for e in overs]


def rating_event(ledger: dict, update: dict, config) -> dict:
    r = Rating(update["mu"], update["sigma"], update["games"], update["wins"], ledger["at"])
    return {"type": "rating.updated", "schema_version": 1, "game": ledger["game"],
            "game_id": ledger["game_id"], "player": update["player"], "mu": update["mu"],
            "sigma": update["sigma"], "rating": update["rating"], "games": update["games"],
            "wins": update["wins"], "placing": update["placing"], "won": update["won"],
            "provisional": is_provisional(r, config), "season": ledger["season"], "at": ledger["at"]}


async def ensure_streams(js, settings: ConsumerSettings, duplicate_window_s: float = 120.0) -> None:
    """The games stream (as the event store makes it) and the dead-letter stream, when missing
    (asked again while NATS does not answer in time, shared.eventstore.streams.asked_again)."""
    from shared.eventstore.streams import asked_again

    await asked_again(lambda: _ensure_streams(js, settings, duplicate_window_s), "the leaderboard's streams")


async def _ensure_streams(js, settings: ConsumerSettings, duplicate_window_s: float) -> None:
    try:
        await js.stream_info(settings.stream)
    except NotFoundError:
        from shared.eventstore.streams import games_stream_config

        if settings.stream == gamestream.STREAM and settings.subject_prefix == gamestream.SUBJECT_PREFIX:
            await js.add_stream(games_stream_config(settings.stream_replicas, duplicate_window_s))
            return await _ensure_streams(js, settings, duplicate_window_s)
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


@dataclass
class _Read:
    """A message with GameOvers, parsed, and the span it is handled in."""
    msg: Any
    seq: int
    overs: list[GameOver]
    span: Any


class GameOverConsumer:
    def __init__(self, nc: nats.NATS, store: Store, settings: ConsumerSettings | None = None,
                 publish_updates: bool = True):
        self.nc = nc
        self.js = nc.jetstream()
        self.store = store
        self.settings = settings or ConsumerSettings()
        self.publish_updates = publish_updates
        self.puller: PinnedPuller | None = None
        self.order: InOrder | None = None
        self.stats = {"games": 0, "duplicates": 0, "deadletters": 0, "ignored": 0, "redis_waits": 0}
        self._stopping = False
        self._idle = asyncio.Event()  # set while run() is not running
        self._idle.set()

    async def start(self) -> None:
        await ensure_streams(self.js, self.settings)
        s = self.settings
        await ensure_pinned_consumer(self.nc, s.stream, s.durable, s.consumer_config(), self._start_seq)
        self.puller = PinnedPuller(self.nc, s.stream, s.durable, s.group, s.batch, s.fetch_timeout_s, s.linger_s)
        self.order = InOrder(self.nc, s.stream, s.durable, s.subject_prefix + ".>")
        await self.puller.start()

    async def _start_seq(self) -> int:
        return (await self.store.last_seq()) + 1 if self.settings.resume_from_store else 1

    async def stop(self) -> None:
        """Stop pulling, process what the open request still brings, give the pin up (another
        replica takes over at once), unsubscribe."""
        self._stopping = True
        try:
            await asyncio.wait_for(self._idle.wait(), self.settings.fetch_timeout_s + self.settings.ack_wait_s)
        except asyncio.TimeoutError:
            log.warning("consumer did not stop in time")
        if self.puller is not None:
            puller, self.puller = self.puller, None
            try:
                await puller.release()
                await puller.stop()
            except Exception:  # noqa: BLE001 - the connection may already be gone
                pass

    async def fetch(self) -> list:
        """Up to a batch of messages as run() would get them, in order, unprocessed (for tests)."""
        if self.puller is None:
            await self.start()
        msgs: list = []
        while len(msgs) < self.settings.batch:
            batch = await self.puller.next()
            got = batch.msgs + await self.puller.wait_quiet()
            if not got:
                break
            msgs += await self._in_order(batch, got)
        return msgs

    async def _in_order(self, batch, msgs: list) -> list:
        if batch.lost_pin:
            self.order.unpinned()
        if batch.new_pin:
            self.order.pinned_anew()
        return await self.order.take(msgs)

    async def run(self) -> None:
        """Consume until cancelled or stopped."""
        if self.puller is None:
            await self.start()
        self._idle.clear()
        try:
            await self._loop()
        finally:
            self._idle.set()

    async def _loop(self) -> None:
        while True:
            stopping = self._stopping  # then only what the open request still brings
            try:
                batch = await self.puller.next(pull=not stopping)
                msgs = await self._in_order(batch, batch.msgs)
            except (nats.errors.ConnectionClosedError, nats.errors.BadSubscriptionError):
                if self._stopping:
                    return
                raise
            except ConsumerGone:
                if stopping:
                    return
                log.warning("the durable consumer is gone; creating it again")
                try:
                    await ensure_pinned_consumer(self.nc, self.settings.stream, self.settings.durable,
                                                 self.settings.consumer_config(), self._start_seq)
                except NotPinned:
                    raise  # someone made it again another way: an operator must look
                except (RuntimeError, nats.errors.Error, asyncio.TimeoutError) as exc:
                    # e.g. asked while the server was still deleting it: the next pull tells
                    log.warning("making the durable consumer again failed; trying again", error=str(exc))
                    await asyncio.sleep(0.5)
                continue
            except (nats.errors.TimeoutError, asyncio.TimeoutError, nats.errors.NoRespondersError):
                log.warning("pull failed", exc_info=True)  # NATS hiccup: try again
                await asyncio.sleep(0.5)
                continue
            if not msgs:
                if stopping and not self.puller.open:
                    return
                if not batch.msgs and batch.status not in (None, "404", "408", "423"):
                    log.info("pull ended", status=batch.status, description=batch.description)
                    await asyncio.sleep(0.5)  # 409s and the like: don't ask again at once
                continue
            if await self.process_batch(msgs, until_done=True) is None:
                return

    async def process(self, msg, ack: bool = True) -> list[Applied]:
        """Rate the GameOver events of one message; ack when done (Redis errors propagate, no ack)."""
        return await self.process_batch([msg], ack)

    async def process_batch(self, msgs: list, ack: bool = True, until_done: bool = False) -> list[Applied] | None:
        """Rate the GameOver events of `msgs` (consecutive, in stream order) together, in their
        order: one round trip to read what they are rated from and one to write them all
        (Store.record_batch); then publish the rating updates and ack the messages. What holds
        no GameOver is acked at once, what cannot be understood dead-lettered and acked.
        Redis errors propagate with the games unacked; with `until_done` they are waited out
        instead (nothing after the batch may go first), and None is returned when the consumer
        is stopped meanwhile (the games stay unacked and come again)."""
        games = await self._read(msgs, ack)
        try:
            if not games:
                return []
            items = [(go, game.seq) for game in games for go in game.overs]
            while True:
                try:
                    applied = await self.store.record_batch(items)
                    break
                except REDIS_ERRORS + (Conflict,) as exc:
                    if not until_done:
                        raise
                    log.warning("redis unavailable; pausing without ack", error=str(exc),
                                seq=games[0].seq, games=len(items))
                    self.stats["redis_waits"] += 1
                    await self.wait_for_redis()
                    if self._stopping:
                        return None
                    if isinstance(exc, Conflict):
                        await asyncio.sleep(0.1)  # another writer on the same players: let it finish
            await self._done(games, applied, ack)
            return applied
        finally:
            for game in games:
                game.span.end()

    async def _read(self, msgs: list, ack: bool) -> list["_Read"]:
        """The messages of `msgs` that hold GameOvers, parsed, each in its span (left open until
        its games are done); the others acked, or dead-lettered and acked."""
        games = []
        for msg in msgs:
            if not gamestream.may_hold_game_over(msg.data):
                self.stats["ignored"] += 1
                if ack:
                    await msg.ack()
                continue
            seq = msg.metadata.sequence.stream
            span = _tracer.start_span("leaderboard.consume", context=telemetry.extract(msg.headers),
                                      kind=trace.SpanKind.CONSUMER,
                                      attributes={"messaging.subject": msg.subject, "stream.seq": seq})
            try:
                with trace.use_span(span):
                    overs = parse_message(msg.subject, msg.data, self.settings, self.store.config)
            except BadEvent as exc:
                span.end()
                await self.dead_letter(msg, str(exc))
                if ack:
                    await msg.ack()
                continue
            if not overs:
                span.end()
                self.stats["ignored"] += 1
                if ack:
                    await msg.ack()
                continue
            games.append(_Read(msg, seq, overs, span))
        return games

    async def _done(self, games: list["_Read"], applied: list[Applied], ack: bool) -> None:
        rated = sum(a.status == "ok" for a in applied)
        self.stats["games"] += rated
        self.stats["duplicates"] += len(applied) - rated
        log.info("games rated", rated=rated, duplicates=len(applied) - rated,
                 first_seq=games[0].seq, last_seq=games[-1].seq)
        results = iter(applied)
        for game in games:
            with trace.use_span(game.span):
                for go in game.overs:
                    result = next(results)
                    log.debug("game rated" if result.status == "ok" else "game already rated",
                              game=go.game, game_id=go.game_id, seq=game.seq)
                    if self.publish_updates:
                        await self.publish(result.ledger)
            if ack:
                await game.msg.ack()

    async def wait_for_redis(self, max_delay: float = 2.0) -> None:
        delay = 0.05
        while not self._stopping:
            try:
                await self.store.r.ping()
                return
            except REDIS_ERRORS:
                await asyncio.sleep(delay)
                delay = min(max_delay, delay * 2)

    async def publish(self, ledger: dict) -> None:
        """rating.updated per player (at least once: a redelivered game publishes again)."""
        headers: dict[str, str] = {}
        telemetry.inject(headers)
        for update in ledger["updates"]:
            event = rating_event(ledger, update, self.store.config)
            subject = f"{self.settings.ratings_prefix}.{ledger['game']}.{subject_token(update['player'])}"
            await self.nc.publish(subject, orjson.dumps(event), headers=headers or None)

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
