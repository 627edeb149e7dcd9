"""A command's message on the games stream as the JetStream event store reads it back: the
headers an append sets, a message decoded to a RecordedCommand, and what a direct get
answers instead of a message."""
from __future__ import annotations

from typing import Mapping

from shared import gamestream
from shared.eventstore import EventStoreError, RecordedCommand, build_events

VERSION_HEADER = "Foodgames-Version"
COMMAND_HEADER = "Foodgames-Command-Id"


def decode(msg_subject: str, seq: int, headers: Mapping[str, str] | None, data: bytes) -> RecordedCommand:
    body = gamestream.decode_body(data)
    events = build_events(msg_subject, body.events, body.version - len(body.events) + 1, body.command_id, seq,
                          body.recorded_at)
    return RecordedCommand(msg_subject, body.command_id, seq, body.version, body.recorded_at, events,
                           dict(headers or {}), body.digest, body.move)


def no_responders(msg) -> bool:
    """No copy of the stream answers direct gets: on a cluster, for a moment after the stream is
    made or its copies move (they subscribe as they catch up); its leader still answers."""
    return not msg.data and (msg.headers or {}).get("Status") == "503"


def end_of_direct(subject: str, msg) -> bool:
    """True for a direct get's "no message" (404) or end of a batch (204), False for a message;
    raises on another status."""
    status = (msg.headers or {}).get("Status") if not msg.data else None
    if status in ("404", "204"):
        return True
    if status:
        raise EventStoreError(f"reading {subject} failed: {status} {(msg.headers or {}).get('Description', '')}")
    return False
