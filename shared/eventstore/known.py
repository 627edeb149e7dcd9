"""What the JetStream event store knows of a subject without asking the server: the last
(version, seq) it read or wrote there, so that its reads never go back in time and an append
need not ask for the version first; and what other writers (other replicas) were heard
publishing there since, so that `freshness` answers without a request."""
from __future__ import annotations

import sys
import time
from collections import OrderedDict
from typing import Callable

import nats

from shared.eventstore import Freshness
from shared.eventstore.messages import VERSION_HEADER

# A write heard of this long ago that a read still does not show was refused by the stream
# (a conflicting append): the hint is dropped.
HINT_MAX_AGE_S = 1.0
KNOWN_SUBJECTS = 50_000  # subjects whose last (version, seq) we remember


class KnownSubjects:
    def __init__(self, nc: nats.NATS):
        self.nc = nc
        # subject -> (version, seq, reconnects) as last seen: a reconnect may have hidden hints
        self._last: OrderedDict[str, tuple[int, int, int]] = OrderedDict()
        self._hints: dict[str, tuple[int, float]] = {}  # subject -> (version heard of, when)
        self._hint_sub = None
        self._listeners: list[Callable[[str], None]] = []

    def saw(self, subject: str, version: int, seq: int) -> None:
        self._last[subject] = (version, seq, self.nc.stats["reconnects"])
        self._last.move_to_end(subject)
        if len(self._last) > KNOWN_SUBJECTS:
            forgotten, _ = self._last.popitem(last=False)
            self._hints.pop(forgotten, None)

    def last(self, subject: str) -> tuple[int, int, int] | None:
        return self._last.get(subject)

    def forget(self, subject: str) -> None:
        self._last.pop(subject, None)

    def seen_seq(self, subject: str) -> int:
        known = self._last.get(subject)
        return known[1] if known is not None else 0

    # -- what other writers did ------------------------------------------------------------

    async def listen(self, subjects: str) -> None:
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

    def read_from_server(self, subject: str, started: float) -> None:
        """A read that started at `started` answers every hint heard well before it."""
        hint = self._hints.get(subject)
        if hint is not None and hint[1] < started - HINT_MAX_AGE_S:
            del self._hints[subject]
