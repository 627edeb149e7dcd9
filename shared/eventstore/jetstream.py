"""The event store on NATS JetStream.

One message per command on subject games.<game>.<game_id>, holding the list
of the command's events (see docs/event-store.md for why not an atomic
batch). Optimistic concurrency with Nats-Expected-Last-Subject-Sequence;
the command id is the message id (duplicates inside the server's window) and
is looked up in the game's history (duplicates after it).
"""
from __future__ import annotations

import asyncio
import json
import sys
import time
import weakref
from collections import OrderedDict
from datetime import datetime, timezone
from typing import Any, AsyncIterator, Awaitable, Callable, Mapping, Sequence, TypeVar

import nats
import nats.errors
from nats.js import api
from nats.js.errors import APIError, NotFoundError, ServiceUnavailableError

from shared import gamestream, metrics, telemetry
from shared.eventstore import (AppendResult, DuplicateCommand, EventStoreError, Freshness, RecordedCommand,
                               VersionConflict, build_events, check_events, flatten, same_command)

log = telemetry.get_logger("eventstore")
T = TypeVar("T")

GAMES_STREAM = gamestream.STREAM
GAMES_SUBJECTS = gamestream.SUBJECTS
# The server's "wrong last sequence" of an expected-sequence publish: 10071 names the sequence;
# a cluster's stream leader answers 10164 (no sequence) to a publish that races another one to
# the same subject still being agreed on, which is every two replicas writing a game at once.
WRONG_LAST_SEQUENCE = frozenset({10071, 10164})
# ... and a publish whose message id another publish is writing this very moment (two replicas
# writing the same command): it is a conflict too, the other's write is read back on the retry.
DUPLICATE_IN_PROCESS = 10158
VERSION_HEADER = "Foodgames-Version"
COMMAND_HEADER = "Foodgames-Command-Id"
# A write heard of this long ago that a read still does not show was refused by the stream
# (a conflicting append): the hint is dropped.
HINT_MAX_AGE_S = 1.0
KNOWN_SUBJECTS = 50_000  # subjects whose last (version, seq) we remember
# A copy of the stream that has not begun answering a direct get in this long is stopped or
# stalled (the request went to it at random): the stream leader is asked instead.
DIRECT_WAIT_S = 1.0

_tracer = telemetry.tracer("foodgames.eventstore")
_meter = metrics.meter("foodgames.eventstore")
# messaging.* of the OpenTelemetry semantic conventions: an append is a publish to JetStream
_STORES: "weakref.WeakSet[JetStreamEventStore]" = weakref.WeakSet()


def _appends(_options):
    # plain integers counted on every append, read here when scraped
    return [metrics.Observation(n, {"messaging.destination.name": store.stream, "outcome": outcome})
            for store in list(_STORES) for outcome, n in list(store.appends.items())]


_meter.create_observable_counter("foodgames.eventstore.appends", [_appends], unit="{append}",
                                 description="appends to the event store, by messaging.destination.name (the "
                                             "stream) and outcome (written, duplicate, conflict, error)")
RECONNECTS = _meter.create_counter("foodgames.nats.reconnects", unit="{reconnect}",
                                   description="times a NATS connection of this process was lost and made again")
DISCONNECTS = _meter.create_counter("foodgames.nats.disconnects", unit="{disconnect}",
                                    description="times a NATS connection of this process was lost")


def games_stream_config(replicas: int = 1, duplicate_window_s: float = 120.0) -> api.StreamConfig:
    return api.StreamConfig(
        name=GAMES_STREAM, subjects=GAMES_SUBJECTS, storage=api.StorageType.FILE,
        retention=api.RetentionPolicy.LIMITS, max_msgs=-1, max_bytes=-1, max_age=0,
        max_msgs_per_subject=-1, num_replicas=replicas, duplicate_window=duplicate_window_s,
        deny_delete=True, deny_purge=True, allow_direct=True, discard=api.DiscardPolicy.NEW)


# How long a service's start asks a cluster again for its stream: a cluster that lost its meta
# leader, or whose leader is busy with every service's stream at once (the chaos runs' stacks of
# twenty processes), times out or has no responder for a while; a crash for it would only make the
# supervisor (or Kubernetes, with its back-off) start the process again.
ENSURE_WITHIN_S = 30.0


async def asked_again(make: Callable[[], Awaitable[T]], what: str, within_s: float = ENSURE_WITHIN_S) -> T:
    """`make()` (a start's creation of its stream or bucket), asked again for `within_s` while
    the server times out or no JetStream answers; the last failure then. A creation that timed
    out may have been made: `make` finds what is there and brings it to its config."""
    deadline = time.monotonic() + within_s
    pause = 0.25
    while True:
        try:
            return await make()
        except (nats.errors.TimeoutError, nats.errors.NoRespondersError, ServiceUnavailableError) as exc:
            if time.monotonic() + pause > deadline:
                raise
            log.warning("could not be made yet; asking again", what=what,
                        error=f"{type(exc).__name__}: {exc}"[:200], in_s=pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, 2.0)


async def ensure_stream(js, config: api.StreamConfig, within_s: float = ENSURE_WITHIN_S) -> None:
    """Create the stream, or bring an existing one to `config` (asked_again)."""
    async def make() -> None:
        try:
            await js.stream_info(config.name)
        except NotFoundError:
            await js.add_stream(config)
            return
        await js.update_stream(config)

    await asked_again(make, f"the stream {config.name}", within_s)


async def ensure_bucket(js, config: api.KeyValueConfig, within_s: float = ENSURE_WITHIN_S):
    """The KV bucket, created with `config` if it is not there (asked_again)."""
    async def make():
        try:
            return await js.key_value(config.bucket)
        except NotFoundError:  # BucketNotFoundError among them
            return await js.create_key_value(config)

    return await asked_again(make, f"the bucket {config.bucket}", within_s)


def _decode(msg_subject: str, seq: int, headers: Mapping[str, str] | None, data: bytes) -> RecordedCommand:
    body = gamestream.decode_body(data)
    events = build_events(msg_subject, body.events, body.version - len(body.events) + 1, body.command_id, seq,
                          body.recorded_at)
    return RecordedCommand(msg_subject, body.command_id, seq, body.version, body.recorded_at, events,
                           dict(headers or {}), body.digest, body.move)


def _no_responders(msg) -> bool:
    """No copy of the stream answers direct gets: on a cluster, for a moment after the stream is
    made or its copies move (they subscribe as they catch up); its leader still answers."""
    return not msg.data and (msg.headers or {}).get("Status") == "503"


def _end_of_direct(subject: str, msg) -> bool:
    """True for a direct get's "no message" (404) or end of a batch (204), False for a message;
    raises on another status."""
    status = (msg.headers or {}).get("Status") if not msg.data else None
    if status in ("404", "204"):
        return True
    if status:
        raise EventStoreError(f"reading {subject} failed: {status} {(msg.headers or {}).get('Description', '')}")
    return False


class JetStreamEventStore:
    def __init__(self, nc: nats.NATS, stream: str = GAMES_STREAM, replicas: int = 1,
                 duplicate_window_s: float = 120.0, timeout: float = 5.0):
        self.nc = nc
        self.js = nc.jetstream(timeout=timeout)
        self.stream = stream
        self.replicas = replicas
        self.duplicate_window_s = duplicate_window_s
        self.timeout = timeout
        # subject -> (version, seq, reconnects) as last seen: a reconnect may have hidden hints
        self._last: OrderedDict[str, tuple[int, int, int]] = OrderedDict()
        self._hints: dict[str, tuple[int, float]] = {}  # subject -> (version heard of, when)
        self._hint_sub = None
        self._listeners: list[Callable[[str], None]] = []
        self.appends = dict.fromkeys(("written", "duplicate", "conflict", "error"), 0)
        _STORES.add(self)

    async def ensure_stream(self) -> None:
        config = games_stream_config(self.replicas, self.duplicate_window_s)
        config.name = self.stream
        await ensure_stream(self.js, config)

    def _saw(self, subject: str, version: int, seq: int) -> None:
        self._last[subject] = (version, seq, self.nc.stats["reconnects"])
        self._last.move_to_end(subject)
        if len(self._last) > KNOWN_SUBJECTS:
            forgotten, _ = self._last.popitem(last=False)
            self._hints.pop(forgotten, None)

    # -- what other writers did ------------------------------------------------------------

    async def listen_for_other_writers(self, subjects: str = "games.>") -> None:
        """Hear on core NATS what other connections (other replicas) publish to `subjects`, so
        that `freshness` answers without asking the server. Our own writes must not come back
        as hints: the connection has to be opened with no_echo=True."""
        if not self.nc.options.get("no_echo"):
            raise ValueError("listening for other writers needs a NATS connection opened with no_echo=True")
        # no pending limits: a dropped hint would leave a game looking current when it is not
        self._hint_sub = await self.nc.subscribe(subjects, cb=self._heard, pending_msgs_limit=0,
                                                 pending_bytes_limit=0)

    async def _heard(self, msg) -> None:
        if msg.subject not in self._last:
            return  # a game we never read: we will read it whole when asked
        try:
            version = int((msg.headers or {}).get(VERSION_HEADER, ""))
        except ValueError:
            version = sys.maxsize  # not written by an event store: newer, by how much unknown
        earlier = self._hints.get(msg.subject)
        self._hints[msg.subject] = (max(version, earlier[0] if earlier else 0), time.monotonic())
        for listener in self._listeners:
            listener(msg.subject)

    def on_other_writes(self, callback: Callable[[str], None]) -> None:
        """Heard only while listening for other writers, and only for subjects this store has
        read or written: a reader of any other subject reads it whole anyway."""
        self._listeners.append(callback)

    def freshness(self, subject: str, version: int) -> Freshness:
        last = self._last.get(subject)
        if (self._hint_sub is None or last is None or not self.nc.is_connected
                or last[2] != self.nc.stats["reconnects"]):
            return Freshness.UNKNOWN
        if version < last[0]:
            return Freshness.BEHIND
        hint = self._hints.get(subject)
        if hint is None:
            return Freshness.CURRENT
        if version >= hint[0]:
            del self._hints[subject]
            return Freshness.CURRENT
        return Freshness.BEHIND

    def _read_from_server(self, subject: str, started: float) -> None:
        """A read that started at `started` answers every hint heard well before it."""
        hint = self._hints.get(subject)
        if hint is not None and hint[1] < started - HINT_MAX_AGE_S:
            del self._hints[subject]

    # -- reading ---------------------------------------------------------------------------

    def _reachable(self) -> None:
        """Refuse at once while the connection is down: a request would wait its whole timeout
        for nothing, and the caller (UNAVAILABLE, shared.errors) retries with backoff anyway."""
        if self.nc.is_reconnecting or (not self.nc.is_connected and not self.nc.is_closed):
            raise nats.errors.ConnectionReconnectingError()
        if self.nc.is_closed:
            raise nats.errors.ConnectionClosedError()

    # Reads are direct gets, which any copy of a replicated stream answers, and a follower may
    # not have the newest writes yet: one just resumed after a pause answers "no such message"
    # for a while (JetStream promises no read-your-writes there; the server's min_last_seq was
    # withdrawn before 2.12). So a direct answer older than what this store has seen of the
    # subject (its own writes, its earlier reads), or one that finds no subject at all, is
    # completed by the stream leader, which only the message-get API reaches: a store reads
    # its own writes and never reads a subject back in time.

    def _seen_seq(self, subject: str) -> int:
        known = self._last.get(subject)
        return known[1] if known is not None else 0

    async def _leaders_last(self, subject: str) -> RecordedCommand | None:
        try:
            msg = await self.js.get_last_msg(self.stream, subject)
        except NotFoundError:
            return None
        return _decode(subject, msg.seq, msg.headers, msg.data)

    async def _leaders_from(self, subject: str, seq: int) -> list[RecordedCommand]:
        """The subject's commands from stream sequence `seq` on, one request each (only ever the
        few a behind copy did not have yet)."""
        out: list[RecordedCommand] = []
        while True:
            try:
                msg = await self.js.get_msg(self.stream, seq=seq, subject=subject, next=True)
            except NotFoundError:
                return out
            out.append(_decode(subject, msg.seq, msg.headers, msg.data))
            seq = msg.seq + 1

    async def _current_last(self, subject: str) -> RecordedCommand | None:
        seen = self._seen_seq(subject)
        try:
            msg = await self.nc.request(f"$JS.API.DIRECT.GET.{self.stream}.{subject}", b"",
                                        timeout=min(DIRECT_WAIT_S, self.timeout))
            command = None if _end_of_direct(subject, msg) else \
                _decode(subject, int(msg.headers["Nats-Sequence"]), msg.headers, msg.data)
        except (nats.errors.TimeoutError, nats.errors.NoRespondersError):
            command = None  # a stalled copy drew the request, or no copy answers direct gets yet
        if command is None or command.seq < seen:
            command = await self._leaders_last(subject)
        if command is not None:
            self._saw(subject, command.version, command.seq)
        return command

    async def _last_of(self, subject: str) -> tuple[int, int]:
        """(version, seq) of the subject's last message, asked of the server."""
        self._reachable()
        command = await self._current_last(subject)
        return (command.version, command.seq) if command is not None else (0, 0)

    async def version(self, subject: str) -> int:
        return (await self._last_of(subject))[0]

    async def read_commands(self, subject: str, after_version: int = 0, from_seq: int = 1) -> list[RecordedCommand]:
        """Every command of `subject` from stream sequence `from_seq` on, with one
        batched direct-get request (the server streams the messages back)."""
        self._reachable()
        commands: list[RecordedCommand] = []
        seq = max(1, from_seq)
        started = time.monotonic()
        if seq > 1:
            # catching up a warm game: one cheap request tells whether anything is new
            _, last_seq = await self._last_of(subject)
            if last_seq < seq:
                self._read_from_server(subject, started)
                return commands
        seen = self._seen_seq(subject)
        read_to = seq - 1  # the last stream sequence of the subject read so far
        while True:
            batch, whole = await self._direct_batch(subject, seq, 1000)
            for command in batch:
                if command.version > after_version:
                    commands.append(command)
            if batch:
                read_to = batch[-1].seq
            if len(batch) < 1000 or not whole:
                break
            seq = batch[-1].seq + 1
        if not whole or read_to < seen or (read_to == 0 and not seen):
            # cut short, behind what this store saw, or no subject at all: the leader has the rest
            commands += [c for c in await self._leaders_from(subject, read_to + 1) if c.version > after_version]
        if commands:
            self._saw(subject, commands[-1].version, commands[-1].seq)
        self._read_from_server(subject, started)
        return commands

    async def _direct_batch(self, subject: str, seq: int, batch: int) -> tuple[list[RecordedCommand], bool]:
        """Up to `batch` commands from `seq` on, and whether the answer came whole (False: the
        copy that drew the request stopped answering; what it sent is kept)."""
        inbox = self.nc.new_inbox()
        sub = await self.nc.subscribe(inbox)
        out: list[RecordedCommand] = []
        try:
            request = json.dumps({"seq": seq, "next_by_subj": subject, "batch": batch}).encode()
            await self.nc.publish(f"$JS.API.DIRECT.GET.{self.stream}", request, reply=inbox)
            while True:
                try:
                    msg = await sub.next_msg(timeout=min(DIRECT_WAIT_S, self.timeout))
                except nats.errors.TimeoutError:
                    return out, False
                if _no_responders(msg):
                    return out, False
                if _end_of_direct(subject, msg):  # nothing (more) after seq, or the end of the batch
                    break
                # a full batch still ends with an end-of-batch status, read above
                out.append(_decode(msg.headers["Nats-Subject"], int(msg.headers["Nats-Sequence"]),
                                   msg.headers, msg.data))
        finally:
            await sub.unsubscribe()
        return out, True

    async def last_commands(self, pattern: str) -> dict[str, RecordedCommand]:
        """One ephemeral consumer delivering the last message of each subject under `pattern`
        (the batched direct get of many subjects' last messages stops at 1024 subjects)."""
        self._reachable()
        config = api.ConsumerConfig(deliver_policy=api.DeliverPolicy.LAST_PER_SUBJECT,
                                    ack_policy=api.AckPolicy.NONE, inactive_threshold=30.0, mem_storage=True)
        sub = await self.js.pull_subscribe(pattern, stream=self.stream, config=config)
        out: dict[str, RecordedCommand] = {}
        try:
            pending = (await sub.consumer_info()).num_pending
            while pending:
                msgs = await sub.fetch(min(pending, 1000), timeout=self.timeout)
                for msg in msgs:
                    command = _decode(msg.subject, msg.metadata.sequence.stream, msg.headers, msg.data)
                    out[msg.subject] = command
                pending = msgs[-1].metadata.num_pending
        finally:
            try:
                await self.js.delete_consumer(self.stream, (await sub.consumer_info()).name)
            except Exception:  # noqa: BLE001 - it goes by itself once inactive
                pass
            await sub.unsubscribe()
        return out

    async def first_command(self, subject: str) -> RecordedCommand | None:
        self._reachable()
        batch, whole = await self._direct_batch(subject, 1, 1)
        if not batch and (not whole or self._seen_seq(subject)):
            batch = (await self._leaders_from(subject, 1))[:1]
        return batch[0] if batch else None

    async def last_command(self, subject: str) -> RecordedCommand | None:
        self._reachable()
        return await self._current_last(subject)

    async def read(self, subject: str, after_version: int = 0):
        return flatten(await self.read_commands(subject, after_version), after_version)

    async def follow(self, subject: str, after_version: int = 0, from_seq: int = 1) -> AsyncIterator[RecordedCommand]:
        """The subject's commands after `after_version`, then live ones as they land."""
        config = api.ConsumerConfig(deliver_policy=api.DeliverPolicy.BY_START_SEQUENCE,
                                    opt_start_seq=max(1, from_seq))
        sub = await self.js.subscribe(subject, stream=self.stream, ordered_consumer=True,
                                      config=config, idle_heartbeat=5.0)
        try:
            async for msg in sub.messages:
                command = _decode(msg.subject, msg.metadata.sequence.stream, msg.headers, msg.data)
                if command.version > after_version:
                    yield command
        finally:
            try:
                await sub.unsubscribe()
            except Exception:  # noqa: BLE001 - the connection may be closing
                pass

    # -- writing ---------------------------------------------------------------------------

    async def append(self, subject: str, events: Sequence[Mapping[str, Any]], expected_version: int,
                     command_id: str, headers: Mapping[str, str] | None = None, digest: str = "",
                     move: Mapping[str, Any] | None = None) -> AppendResult:
        try:
            result = await self._append(subject, events, expected_version, command_id, headers, digest, move)
        except VersionConflict:
            self.appends["conflict"] += 1
            raise
        except Exception:
            self.appends["error"] += 1
            raise
        self.appends["duplicate" if result.duplicate else "written"] += 1
        return result

    async def _append(self, subject: str, events: Sequence[Mapping[str, Any]], expected_version: int,
                      command_id: str, headers: Mapping[str, str] | None, digest: str,
                      move: Mapping[str, Any] | None) -> AppendResult:
        check_events(subject, events, command_id)
        self._reachable()
        with telemetry.inner_span(_tracer, "eventstore.append", attributes={
                "messaging.destination": subject, "foodgames.expected_version": expected_version}):
            known = self._last.get(subject)
            if known is None or known[0] != expected_version:
                known = await self._last_of(subject)
            version, seq = known[0], known[1]
            if version != expected_version:
                earlier = await self._find_command(subject, command_id, events, expected_version, digest)
                if earlier is not None:
                    return earlier
                raise VersionConflict(subject, expected_version, version)
            new_version = expected_version + len(events)
            recorded_at = datetime.now(timezone.utc).isoformat()
            body = gamestream.encode_body(command_id, new_version, recorded_at, events, digest, move)
            hdrs = dict(headers or {})
            telemetry.inject(hdrs)
            hdrs.update({"Nats-Msg-Id": f"{subject}/{command_id}",
                         "Nats-Expected-Last-Subject-Sequence": str(seq),
                         VERSION_HEADER: str(new_version), COMMAND_HEADER: command_id})
            try:
                ack = await self.js.publish(subject, body, stream=self.stream, headers=hdrs)
            except APIError as exc:
                if exc.err_code == DUPLICATE_IN_PROCESS:
                    self._last.pop(subject, None)
                    raise VersionConflict(subject, expected_version, None) from None
                if exc.err_code in WRONG_LAST_SEQUENCE:
                    self._last.pop(subject, None)
                    earlier = await self._find_command(subject, command_id, events, expected_version, digest)
                    if earlier is not None:
                        return earlier
                    raise VersionConflict(subject, expected_version, None) from None
                raise
            if ack.duplicate:
                earlier = await self._command_at(subject, ack.seq)
                if not same_command(earlier, events, digest):
                    raise DuplicateCommand(subject, command_id)
                return AppendResult(subject, earlier.version, earlier.seq, earlier.events, True)
            self._saw(subject, new_version, ack.seq)
            stored = build_events(subject, events, expected_version + 1, command_id, ack.seq, recorded_at)
            return AppendResult(subject, new_version, ack.seq, stored)

    async def _command_at(self, subject: str, seq: int) -> RecordedCommand:
        # the leader: it acknowledged `seq` just now, a follower may not have it yet
        msg = await self.js.get_msg(self.stream, seq=seq)
        return _decode(msg.subject, msg.seq, msg.headers, msg.data)

    async def _find_command(self, subject: str, command_id: str, events, after_version: int,
                            digest: str = "") -> AppendResult | None:
        """The earlier result of `command_id` if it was applied after `after_version`."""
        for command in await self.read_commands(subject, after_version):
            if command.command_id == command_id:
                if not same_command(command, events, digest):
                    raise DuplicateCommand(subject, command_id)
                return AppendResult(subject, command.version, command.seq, command.events, True)
        return None


# Every connection made by connect() in this process, for the health check to follow
# (shared.service.watch_dependencies); a connection leaves when it is garbage.
_CONNECTIONS: "weakref.WeakSet[nats.NATS]" = weakref.WeakSet()


def open_connections() -> list[nats.NATS]:
    """The connections connect() made that are not closed."""
    return [nc for nc in list(_CONNECTIONS) if not nc.is_closed]


async def drain(nc: nats.NATS) -> None:
    """A connection drained on the way out of a service; one that is gone already is no error
    then (NATS may be what stopped it)."""
    try:
        await nc.drain()
    except Exception:  # noqa: BLE001 - the connection may be gone already
        pass


async def connect(url: str, name: str = "foodgames", **kwargs) -> nats.NATS:
    async def _quiet(_exc):  # reconnects are logged by the client's own callbacks
        return None

    from shared.config import nats_servers

    reconnected, disconnected = kwargs.pop("reconnected_cb", None), kwargs.pop("disconnected_cb", None)
    attributes = {"connection": name}
    RECONNECTS.add(0, attributes)
    DISCONNECTS.add(0, attributes)

    async def _reconnected():
        RECONNECTS.add(1, attributes)
        if reconnected is not None:
            await reconnected()

    async def _disconnected():
        DISCONNECTS.add(1, attributes)
        if disconnected is not None:
            await disconnected()

    # `url` may list every node of a cluster (comma-separated): the client fails over between them
    nc = await nats.connect(nats_servers(url), name=name, max_reconnect_attempts=-1, reconnect_time_wait=0.5,
                            error_cb=_quiet, reconnected_cb=_reconnected, disconnected_cb=_disconnected, **kwargs)
    _CONNECTIONS.add(nc)
    return nc


__all__ = ["JetStreamEventStore", "ensure_stream", "games_stream_config", "connect", "GAMES_STREAM"]
