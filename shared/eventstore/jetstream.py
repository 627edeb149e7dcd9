"""The event store on NATS JetStream.

One message per command on subject games.<game>.<game_id>, holding the list
of the command's events (see docs/event-store.md for why not an atomic
batch). Optimistic concurrency with Nats-Expected-Last-Subject-Sequence;
the command id is the message id (duplicates inside the server's window) and
is looked up in the game's history (duplicates after it).
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, AsyncIterator, Mapping, Sequence

import nats
from nats.js import api
from nats.js.errors import APIError, NotFoundError

from shared import telemetry
from shared.eventstore import (AppendResult, DuplicateCommand, EventStoreError, RecordedCommand,
                               VersionConflict, build_events, check_events, flatten, same_events)

GAMES_STREAM = "GAMES"
GAMES_SUBJECTS = ["games.>"]
WRONG_LAST_SEQUENCE = 10071
VERSION_HEADER = "Foodgames-Version"
COMMAND_HEADER = "Foodgames-Command-Id"

_tracer = telemetry.tracer("foodgames.eventstore")


def games_stream_config(replicas: int = 1, duplicate_window_s: float = 120.0) -> api.StreamConfig:
    return api.StreamConfig(
        name=GAMES_STREAM, subjects=GAMES_SUBJECTS, storage=api.StorageType.FILE,
        retention=api.RetentionPolicy.LIMITS, max_msgs=-1, max_bytes=-1, max_age=0,
        max_msgs_per_subject=-1, num_replicas=replicas, duplicate_window=duplicate_window_s,
        deny_delete=True, deny_purge=True, allow_direct=True, discard=api.DiscardPolicy.NEW)


async def ensure_stream(js, config: api.StreamConfig) -> None:
    """Create the stream, or bring an existing one to `config`."""
    try:
        await js.stream_info(config.name)
    except NotFoundError:
        await js.add_stream(config)
        return
    await js.update_stream(config)


def _decode(msg_subject: str, seq: int, headers: Mapping[str, str] | None, data: bytes) -> RecordedCommand:
    body = json.loads(data)
    version = int(body["version"])
    records = body["events"]
    events = build_events(msg_subject, records, version - len(records) + 1, body["command_id"], seq,
                          body["recorded_at"])
    return RecordedCommand(msg_subject, body["command_id"], seq, version, body["recorded_at"], events,
                           dict(headers or {}))


class JetStreamEventStore:
    def __init__(self, nc: nats.NATS, stream: str = GAMES_STREAM, replicas: int = 1,
                 duplicate_window_s: float = 120.0, timeout: float = 5.0):
        self.nc = nc
        self.js = nc.jetstream(timeout=timeout)
        self.stream = stream
        self.replicas = replicas
        self.duplicate_window_s = duplicate_window_s
        self.timeout = timeout
        self._last: dict[str, tuple[int, int]] = {}  # subject -> (version, seq) as last seen

    async def ensure_stream(self) -> None:
        config = games_stream_config(self.replicas, self.duplicate_window_s)
        config.name = self.stream
        await ensure_stream(self.js, config)

    # -- reading ---------------------------------------------------------------------------

    async def _last_of(self, subject: str) -> tuple[int, int]:
        """(version, seq) of the subject's last message, asked of the server."""
        try:
            msg = await self.js.get_last_msg(self.stream, subject, direct=True)
        except NotFoundError:
            return 0, 0
        command = _decode(subject, msg.seq, msg.headers, msg.data)
        self._last[subject] = (command.version, command.seq)
        return command.version, command.seq

    async def version(self, subject: str) -> int:
        return (await self._last_of(subject))[0]

    async def read_commands(self, subject: str, after_version: int = 0, from_seq: int = 1) -> list[RecordedCommand]:
        """Every command of `subject` from stream sequence `from_seq` on, with one
        batched direct-get request (the server streams the messages back)."""
        commands: list[RecordedCommand] = []
        seq = max(1, from_seq)
        if seq > 1:
            # catching up a warm game: one cheap request tells whether anything is new
            _, last_seq = await self._last_of(subject)
            if last_seq < seq:
                return commands
        while True:
            batch = await self._direct_batch(subject, seq, 1000)
            for command in batch:
                if command.version > after_version:
                    commands.append(command)
            if len(batch) < 1000:
                break
            seq = batch[-1].seq + 1
        if commands:
            self._last[subject] = (commands[-1].version, commands[-1].seq)
        return commands

    async def _direct_batch(self, subject: str, seq: int, batch: int) -> list[RecordedCommand]:
        inbox = self.nc.new_inbox()
        sub = await self.nc.subscribe(inbox)
        out: list[RecordedCommand] = []
        try:
            request = json.dumps({"seq": seq, "next_by_subj": subject, "batch": batch}).encode()
            await self.nc.publish(f"$JS.API.DIRECT.GET.{self.stream}", request, reply=inbox)
            while True:
                msg = await sub.next_msg(timeout=self.timeout)
                status = (msg.headers or {}).get("Status")
                if status == "404" or status == "204":  # nothing (more) after seq / end of batch
                    break
                if status:
                    raise EventStoreError(f"reading {subject} failed: {status} "
                                          f"{(msg.headers or {}).get('Description', '')}")
                # a full batch still ends with an end-of-batch status, read above
                out.append(_decode(msg.headers["Nats-Subject"], int(msg.headers["Nats-Sequence"]),
                                   msg.headers, msg.data))
        finally:
            await sub.unsubscribe()
        return out

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
                     command_id: str, headers: Mapping[str, str] | None = None) -> AppendResult:
        check_events(subject, events, command_id)
        with _tracer.start_as_current_span("eventstore.append", attributes={
                "messaging.destination": subject, "foodgames.expected_version": expected_version}):
            known = self._last.get(subject)
            if known is None or known[0] != expected_version:
                known = await self._last_of(subject)
            version, seq = known
            if version != expected_version:
                earlier = await self._find_command(subject, command_id, events, expected_version)
                if earlier is not None:
                    return earlier
                raise VersionConflict(subject, expected_version, version)
            new_version = expected_version + len(events)
            recorded_at = datetime.now(timezone.utc).isoformat()
            body = json.dumps({"command_id": command_id, "version": new_version, "recorded_at": recorded_at,
                               "events": [dict(e) for e in events]}, separators=(",", ":")).encode()
            hdrs = dict(headers or {})
            telemetry.inject(hdrs)
            hdrs.update({"Nats-Msg-Id": f"{subject}/{command_id}",
                         "Nats-Expected-Last-Subject-Sequence": str(seq),
                         VERSION_HEADER: str(new_version), COMMAND_HEADER: command_id})
            try:
                ack = await self.js.publish(subject, body, stream=self.stream, headers=hdrs)
            except APIError as exc:
                if exc.err_code == WRONG_LAST_SEQUENCE:
                    self._last.pop(subject, None)
                    earlier = await self._find_command(subject, command_id, events, expected_version)
                    if earlier is not None:
                        return earlier
                    raise VersionConflict(subject, expected_version, None) from None
                raise
            if ack.duplicate:
                earlier = await self._command_at(subject, ack.seq)
                if not same_events(earlier.events, events):
                    raise DuplicateCommand(subject, command_id)
                return AppendResult(subject, earlier.version, earlier.seq, earlier.events, True)
            self._last[subject] = (new_version, ack.seq)
            stored = build_events(subject, events, expected_version + 1, command_id, ack.seq, recorded_at)
            return AppendResult(subject, new_version, ack.seq, stored)

    async def _command_at(self, subject: str, seq: int) -> RecordedCommand:
        msg = await self.js.get_msg(self.stream, seq=seq, direct=True)
        return _decode(msg.subject, msg.seq, msg.headers, msg.data)

    async def _find_command(self, subject: str, command_id: str, events, after_version: int) -> AppendResult | None:
        """The earlier result of `command_id` if it was applied after `after_version`."""
        for command in await self.read_commands(subject, after_version):
            if command.command_id == command_id:
                if not same_events(command.events, events):
                    raise DuplicateCommand(subject, command_id)
                return AppendResult(subject, command.version, command.seq, command.events, True)
        return None


async def connect(url: str, name: str = "foodgames", **kwargs) -> nats.NATS:
    async def _quiet(_exc):  # reconnects are logged by the client's own callbacks
        return None

    return await nats.connect(url, name=name, max_reconnect_attempts=-1, reconnect_time_wait=0.5,
                              error_cb=_quiet, **kwargs)


__all__ = ["JetStreamEventStore", "ensure_stream", "games_stream_config", "connect", "GAMES_STREAM"]
