"""An in-process event store with the same contract as JetStream: for the
scenario runner and in-process tools."""
from __future__ import annotations

import asyncio
from datetime import datetime, timezone
from typing import Any, AsyncIterator, Callable, Mapping, Sequence

from shared import gamestream
from shared.eventstore import (AppendResult, DuplicateCommand, Freshness, RecordedCommand, VersionConflict,
                               build_events, check_events, flatten, same_command, subject_matches)


class MemoryEventStore:
    def __init__(self) -> None:
        self._commands: dict[str, list[RecordedCommand]] = {}
        self._seq = 0
        self._changed = asyncio.Condition()
        self._listeners: list[Callable[[str], None]] = []

    def on_other_writes(self, callback: Callable[[str], None]) -> None:
        # every user of this store is told of every append: it cannot tell them apart
        self._listeners.append(callback)

    async def append(self, subject: str, events: Sequence[Mapping[str, Any]], expected_version: int,
                     command_id: str, headers: Mapping[str, str] | None = None, digest: str = "",
                     move: Mapping[str, Any] | None = None) -> AppendResult:
        check_events(subject, events, command_id)
        history = self._commands.setdefault(subject, [])
        for command in history:
            if command.command_id == command_id:
                if not same_command(command, events, digest):
                    raise DuplicateCommand(subject, command_id)
                return AppendResult(subject, command.version, command.seq, command.events, True)
        current = history[-1].version if history else 0
        if current != expected_version:
            raise VersionConflict(subject, expected_version, current)
        self._seq += 1
        now = datetime.now(timezone.utc).isoformat()
        stored = build_events(subject, events, current + 1, command_id, self._seq, now)
        command = RecordedCommand(subject, command_id, self._seq, current + len(events), now, stored,
                                  dict(headers or {}), digest, gamestream.check_move(
                                      None if move is None else dict(move)))
        history.append(command)
        for listener in self._listeners:
            listener(subject)
        async with self._changed:
            self._changed.notify_all()
        return AppendResult(subject, command.version, command.seq, stored)

    async def read_commands(self, subject: str, after_version: int = 0, from_seq: int = 1) -> list[RecordedCommand]:
        return [c for c in self._commands.get(subject, []) if c.version > after_version and c.seq >= from_seq]

    async def read(self, subject: str, after_version: int = 0):
        return flatten(await self.read_commands(subject, after_version), after_version)

    async def last_commands(self, pattern: str) -> dict[str, RecordedCommand]:
        return {subject: history[-1] for subject, history in self._commands.items()
                if history and subject_matches(pattern, subject)}

    async def first_command(self, subject: str) -> RecordedCommand | None:
        history = self._commands.get(subject)
        return history[0] if history else None

    async def last_command(self, subject: str) -> RecordedCommand | None:
        history = self._commands.get(subject)
        return history[-1] if history else None

    async def version(self, subject: str) -> int:
        history = self._commands.get(subject, [])
        return history[-1].version if history else 0

    def freshness(self, subject: str, version: int) -> Freshness:
        history = self._commands.get(subject, [])
        return Freshness.CURRENT if (history[-1].version if history else 0) == version else Freshness.BEHIND

    async def follow(self, subject: str, after_version: int = 0, from_seq: int = 1) -> AsyncIterator[RecordedCommand]:
        seen = after_version
        while True:
            for command in await self.read_commands(subject, seen, from_seq):
                seen = command.version
                yield command
            async with self._changed:
                if await self.version(subject) == seen:
                    await self._changed.wait()
