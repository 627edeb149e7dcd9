"""A tournament's own stream: every event of events.py on subject `tournaments.<tournament_id>`
of the JetStream stream TOURNAMENTS, one message per command, with optimistic concurrency
(shared.eventstore, the same store the games use). The state is the fold of the stream."""
from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Any, Sequence

from nats.js import api

from shared.errors import InvalidArgument
from shared.eventstore.jetstream import JetStreamEventStore
from shared.eventstore.streams import ensure_stream, games_stream_config

from . import events as ev
from .state import State, fold

STREAM = "TOURNAMENTS"
SUBJECT_PREFIX = "tournaments"
SUBJECTS = [f"{SUBJECT_PREFIX}.>"]
FINISHED_EVENT = ev.TournamentFinished.__name__  # what the deck waits for to reveal the draws' seed

# A tournament id is one subject token, and short enough that its tables' game ids
# (`<id>-r<round>-t<table>`) and its draws' deck game id stay within 64 characters.
TOURNAMENT_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


def subject_for(tournament_id: str) -> str:
    return f"{SUBJECT_PREFIX}.{tournament_id}"


def check_id(tournament_id: str) -> str:
    if not isinstance(tournament_id, str) or not TOURNAMENT_ID.match(tournament_id):
        raise InvalidArgument(f"a tournament id is 1 to 40 letters, digits, '-' or '_', not "
                              f"{tournament_id[:48]!r}")
    return tournament_id


def new_id() -> str:
    return "t-" + uuid.uuid4().hex[:12]


def stream_config(replicas: int = 1, duplicate_window_s: float = 120.0) -> api.StreamConfig:
    """The games' stream settings (kept forever, no deletes), on the tournaments' subjects."""
    config = games_stream_config(replicas, duplicate_window_s)
    config.name = STREAM
    config.subjects = list(SUBJECTS)
    return config


@dataclass(frozen=True)
class Loaded:
    state: State
    version: int
    events: tuple[Any, ...]
    updated_at: str = ""  # when its latest event was recorded (ISO 8601, UTC)


class TournamentStream:
    """Reads and appends the tournament streams through a JetStreamEventStore."""

    def __init__(self, nc, replicas: int = 1, duplicate_window_s: float = 120.0):
        self.nc = nc
        self.store = JetStreamEventStore(nc, stream=STREAM, replicas=replicas,
                                         duplicate_window_s=duplicate_window_s)
        self.replicas = replicas
        self.duplicate_window_s = duplicate_window_s

    async def ensure(self) -> None:
        await ensure_stream(self.store.js, stream_config(self.replicas, self.duplicate_window_s))

    async def load(self, tournament_id: str) -> Loaded:
        stored = await self.store.read(subject_for(tournament_id))
        events = tuple(ev.CODEC.decode(e.record()) for e in stored)
        return Loaded(fold(events), len(stored), events, stored[-1].recorded_at if stored else "")

    async def records(self, tournament_id: str) -> list[dict]:
        """The stored events as records ({type, schema_version, data}), in order."""
        return [e.record() for e in await self.store.read(subject_for(tournament_id))]

    async def append(self, tournament_id: str, events: Sequence[Any], expected_version: int,
                     command_id: str) -> int:
        """Appends one command's events; VersionConflict when someone wrote first. A retry with the
        same command id after a lost answer is recognised by the store (same events)."""
        result = await self.store.append(subject_for(tournament_id), [ev.CODEC.encode(e) for e in events],
                                         expected_version, command_id)
        return result.version

    async def ids(self) -> list[str]:
        """Every tournament on the stream (for resuming the unfinished ones)."""
        try:
            info = await self.store.js.stream_info(STREAM, subjects_filter=f"{SUBJECT_PREFIX}.>")
        except Exception:  # noqa: BLE001 - no stream yet: no tournaments
            return []
        subjects = getattr(info.state, "subjects", None) or {}
        return sorted(s.split(".", 1)[1] for s in subjects)
