"""The event store port: append a command's events with optimistic concurrency
and an idempotent command id; read a game's events; follow them live.

Adapters: `jetstream.JetStreamEventStore` (production) and
`memory.MemoryEventStore` (in-process runs). Both pass tests/eventstore's
contract test case.
"""
from __future__ import annotations

from collections import abc
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, AsyncIterator, Callable, Mapping, Protocol, Sequence


@dataclass(frozen=True)
class StoredEvent:
    subject: str
    version: int  # 1-based position of the event in its game
    type: str
    schema_version: int
    data: Mapping[str, Any]
    command_id: str
    seq: int  # stream sequence of the message that holds it
    recorded_at: str  # ISO 8601, UTC

    def record(self) -> dict[str, Any]:
        return {"type": self.type, "schema_version": self.schema_version, "data": dict(self.data)}


@dataclass(frozen=True)
class RecordedCommand:
    """One append: all events of one command, stored as one message."""

    subject: str
    command_id: str
    seq: int
    version: int  # the game's event count after this command
    recorded_at: str
    events: tuple[StoredEvent, ...]
    headers: Mapping[str, str] = field(default_factory=dict)
    digest: str = ""  # the fingerprint of the command's content given to append ("" if none)
    move: Mapping[str, Any] | None = None  # {"seat", "move"} given to append (None if none)


@dataclass(frozen=True)
class AppendResult:
    subject: str
    version: int
    seq: int
    events: tuple[StoredEvent, ...]
    duplicate: bool = False  # the command id had been applied: nothing new written


class EventStoreError(Exception):
    pass


class VersionConflict(EventStoreError):
    def __init__(self, subject: str, expected: int, actual: int | None):
        self.subject, self.expected, self.actual = subject, expected, actual
        seen = "unknown" if actual is None else str(actual)
        super().__init__(f"{subject} is at version {seen}, not the expected {expected}: "
                         f"someone else moved first; reload and try again")


class DuplicateCommand(EventStoreError):
    """A command id reused for a different command: other digest, or (without digests) other events."""

    def __init__(self, subject: str, command_id: str):
        self.subject, self.command_id = subject, command_id
        super().__init__(f"command id {command_id!r} was already used in {subject} for another command")


class InvalidEvents(EventStoreError):
    pass


def check_events(subject: str, events: Sequence[Mapping[str, Any]], command_id: str) -> None:
    if not subject or " " in subject or subject.startswith(".") or subject.endswith("."):
        raise InvalidEvents(f"{subject!r} is not a valid subject")
    if not command_id:
        raise InvalidEvents("a command id is required")
    if not events:
        raise InvalidEvents("a command must produce at least one event")
    for event in events:
        if not isinstance(event, abc.Mapping) or not isinstance(event.get("type"), str) \
                or not isinstance(event.get("data"), abc.Mapping):
            raise InvalidEvents(f"an event needs a type and a data object, got {event!r}")


class Freshness(str, Enum):
    """What a store knows of a subject beyond a version a reader holds, without asking anyone."""

    CURRENT = "current"  # nothing newer has been written (as far as the store has heard)
    BEHIND = "behind"  # something newer has been written
    UNKNOWN = "unknown"  # the store cannot tell: ask the server


class EventStore(Protocol):
    async def append(self, subject: str, events: Sequence[Mapping[str, Any]], expected_version: int,
                     command_id: str, headers: Mapping[str, str] | None = None,
                     digest: str = "", move: Mapping[str, Any] | None = None) -> AppendResult:
        """... `digest`: a fingerprint of what the command was asked to do (a move), stored with it;
        `move`: the move itself ({"seat", "move"}, shared.gamestream.command_move), stored with it
        for the audit of the game's record.
        A command id seen before is a retry (the earlier result, duplicate=True) when both
        digests are equal, and DuplicateCommand when they differ; without a digest on either
        side the events are compared instead (a retry decided on another state is then refused)."""

    async def read_commands(self, subject: str, after_version: int = 0,
                            from_seq: int = 1) -> list[RecordedCommand]: ...

    async def read(self, subject: str, after_version: int = 0) -> list[StoredEvent]: ...

    def follow(self, subject: str, after_version: int = 0,
               from_seq: int = 1) -> AsyncIterator[RecordedCommand]: ...

    async def version(self, subject: str) -> int: ...

    def freshness(self, subject: str, version: int) -> Freshness: ...

    async def last_commands(self, pattern: str) -> dict[str, RecordedCommand]:
        """Every subject matching `pattern` (NATS wildcards: `*` one token, `>` the rest) that
        holds a command, with its last command; without reading anything else of the subjects."""

    async def first_command(self, subject: str) -> RecordedCommand | None:
        """The subject's first command (None if it has none)."""

    async def last_command(self, subject: str) -> RecordedCommand | None:
        """The subject's last command (None if it has none)."""

    def on_other_writes(self, callback: Callable[[str], None]) -> None:
        """Call `callback(subject)` whenever the store hears that someone else may have written
        to `subject` (what `freshness` then reports as BEHIND). A store that hears nothing
        never calls it; the callback must not block."""


def subject_matches(pattern: str, subject: str) -> bool:
    """Whether `subject` is under `pattern`, as NATS matches them: `*` is any one token, a last
    `>` is one or more tokens."""
    want, have = pattern.split("."), subject.split(".")
    for i, token in enumerate(want):
        if token == ">" and i == len(want) - 1:
            return len(have) > i
        if i >= len(have) or (token != "*" and token != have[i]):
            return False
    return len(have) == len(want)


def flatten(commands: Sequence[RecordedCommand], after_version: int = 0) -> list[StoredEvent]:
    return [e for c in commands for e in c.events if e.version > after_version]


def build_events(subject: str, records: Sequence[Mapping[str, Any]], first_version: int,
                 command_id: str, seq: int, recorded_at: str) -> tuple[StoredEvent, ...]:
    return tuple(
        StoredEvent(subject, first_version + i, r["type"], int(r.get("schema_version", 1)),
                    dict(r["data"]), command_id, seq, recorded_at)
        for i, r in enumerate(records))


def same_command(stored: RecordedCommand, events: Sequence[Mapping[str, Any]], digest: str = "") -> bool:
    """Whether appending (`events`, `digest`) again under `stored`'s command id is a retry of it."""
    if digest and stored.digest:
        return digest == stored.digest
    return same_events(stored.events, events)


def same_events(a: Sequence[StoredEvent], b: Sequence[Mapping[str, Any]]) -> bool:
    return [e.record() for e in a] == [
        {"type": r["type"], "schema_version": int(r.get("schema_version", 1)), "data": dict(r["data"])}
        for r in b]
