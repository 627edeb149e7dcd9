"""The event store on NATS JetStream.

One message per command on subject games.<game>.<game_id>, holding the list
of the command's events (see docs/event-store.md for why not an atomic
batch). Optimistic concurrency with Nats-Expected-Last-Subject-Sequence;
the command id is the message id (duplicates inside the server's window) and
is looked up in the game's history (duplicates after it).

What it stands on is kept apart: the stream's config and creation (streams.py), its messages'
headers and decoding (messages.py), what the store knows of each subject without asking the
server (known.py) and the process's NATS connections (connections.py).
"""
from __future__ import annotations

import json
import time
import weakref
from datetime import datetime, timezone
from typing import Any, AsyncIterator, Callable, Mapping, Sequence

import nats
import nats.errors
from nats.js import api
from nats.js.errors import APIError, NotFoundError

from shared import gamestream, metrics, telemetry
from shared.eventstore import (AppendResult, DuplicateCommand, Freshness, RecordedCommand, VersionConflict,
                               build_events, check_events, flatten, same_command)
from shared.eventstore.known import KnownSubjects
from shared.eventstore.messages import COMMAND_HEADER, VERSION_HEADER, decode, end_of_direct, no_responders
from shared.eventstore.streams import GAMES_STREAM, ensure_stream, games_stream_config

# The server's "wrong last sequence" of an expected-sequence publish: 10071 names the sequence;
# a cluster's stream leader answers 10164 (no sequence) to a publish that races another one to
# the same subject still being agreed on, which is every two replicas writing a game at once.
WRONG_LAST_SEQUENCE = frozenset({10071, 10164})
# ... and a publish whose message id another publish is writing this very moment (two replicas
# writing the same command): it is a conflict too, the other's write is read back on the retry.
DUPLICATE_IN_PROCESS = 10158
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


class JetStreamEventStore:
    def __init__(self, nc: nats.NATS, stream: str = GAMES_STREAM, replicas: int = 1,
                 duplicate_window_s: float = 120.0, timeout: float = 5.0):
        self.nc = nc
        self.js = nc.jetstream(timeout=timeout)
        self.stream = stream
        self.replicas = replicas
        self.duplicate_window_s = duplicate_window_s
        self.timeout = timeout
        self._known = KnownSubjects(nc)
        self.appends = dict.fromkeys(("written", "duplicate", "conflict", "error"), 0)
        _STORES.add(self)

    async def ensure_stream(self) -> None:
        config = games_stream_config(self.replicas, self.duplicate_window_s)
        config.name = self.stream
        await ensure_stream(self.js, config)

    # -- what other writers did (known.py) -------------------------------------------------

    async def listen_for_other_writers(self, subjects: str = "games.>") -> None:
        await self._known.listen(subjects)

    def on_other_writes(self, callback: Callable[[str], None]) -> None:
        self._known.on_other_writes(callback)

    def freshness(self, subject: str, version: int) -> Freshness:
        return self._known.freshness(subject, version)

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

    async def _leaders_last(self, subject: str) -> RecordedCommand | None:
        try:
            msg = await self.js.get_last_msg(self.stream, subject)
        except NotFoundError:
            return None
        return decode(subject, msg.seq, msg.headers, msg.data)

    async def _leaders_from(self, subject: str, seq: int) -> list[RecordedCommand]:
        """The subject's commands from stream sequence `seq` on, one request each (only ever the
        few a behind copy did not have yet)."""
        out: list[RecordedCommand] = []
        while True:
            try:
                msg = await self.js.get_msg(self.stream, seq=seq, subject=subject, next=True)
            except NotFoundError:
                return out
            out.append(decode(subject, msg.seq, msg.headers, msg.data))
            seq = msg.seq + 1

    async def _current_last(self, subject: str) -> RecordedCommand | None:
        seen = self._known.seen_seq(subject)
        try:
            msg = await self.nc.request(f"$JS.API.DIRECT.GET.{self.stream}.{subject}", b"",
                                        timeout=min(DIRECT_WAIT_S, self.timeout))
            command = None if end_of_direct(subject, msg) else \
                decode(subject, int(msg.headers["Nats-Sequence"]), msg.headers, msg.data)
        except (nats.errors.TimeoutError, nats.errors.NoRespondersError):
            command = None  # a stalled copy drew the request, or no copy answers direct gets yet
        if command is None or command.seq < seen:
            command = await self._leaders_last(subject)
        if command is not None:
            self._known.saw(subject, command.version, command.seq)
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
                self._known.read_from_server(subject, started)
                return commands
        seen = self._known.seen_seq(subject)
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
            self._known.saw(subject, commands[-1].version, commands[-1].seq)
        self._known.read_from_server(subject, started)
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
                if no_responders(msg):
                    return out, False
                if end_of_direct(subject, msg):  # nothing (more) after seq, or the end of the batch
                    break
                # a full batch still ends with an end-of-batch status, read above
                out.append(decode(msg.headers["Nats-Subject"], int(msg.headers["Nats-Sequence"]),
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
                    command = decode(msg.subject, msg.metadata.sequence.stream, msg.headers, msg.data)
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
        if not batch and (not whole or self._known.seen_seq(subject)):
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
                command = decode(msg.subject, msg.metadata.sequence.stream, msg.headers, msg.data)
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
            known = self._known.last(subject)
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
                    self._known.forget(subject)
                    raise VersionConflict(subject, expected_version, None) from None
                if exc.err_code in WRONG_LAST_SEQUENCE:
                    self._known.forget(subject)
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
            self._known.saw(subject, new_version, ack.seq)
            stored = build_events(subject, events, expected_version + 1, command_id, ack.seq, recorded_at)
            return AppendResult(subject, new_version, ack.seq, stored)

    async def _command_at(self, subject: str, seq: int) -> RecordedCommand:
        # the leader: it acknowledged `seq` just now, a follower may not have it yet
        msg = await self.js.get_msg(self.stream, seq=seq)
        return decode(msg.subject, msg.seq, msg.headers, msg.data)

    async def _find_command(self, subject: str, command_id: str, events, after_version: int,
                            digest: str = "") -> AppendResult | None:
        """The earlier result of `command_id` if it was applied after `after_version`."""
        for command in await self.read_commands(subject, after_version):
            if command.command_id == command_id:
                if not same_command(command, events, digest):
                    raise DuplicateCommand(subject, command_id)
                return AppendResult(subject, command.version, command.seq, command.events, True)
        return None


__all__ = ["JetStreamEventStore"]
