"""Messages of a consumer handed out in stream order, none skipped.

Ratings depend on the order games are applied in. Whoever holds the pin (pinned.py)
processes a run of messages; this keeps that run gap-free: it starts at the consumer's ack
floor (everything at or below it was processed and acked) and hands out stream sequence n
only after n - 1, holding back what comes early. Early messages happen when another
replica was pinned just before and still holds (or held, and let expire) the ones before,
or when redeliveries come in another order (JetStream's redelivery queue is first come,
first served, not sorted). Those come again once acked elsewhere (the floor moves past
them) or expired (redelivered to us).

Two replicas can process at the same time for a moment (one does not know yet that it
lost the pin); both go through their messages in order without skipping, so a game is
always applied (or found in the ledger, Store.record) before any later game is.
"""
from __future__ import annotations

import json
import time

import nats
from nats.js import api

from services.leaderboard.pinned import API

# how often to ask the server again while stuck on a message that does not come
CHECK_EVERY_S = 0.5


class InOrder:
    def __init__(self, nc: nats.NATS, stream: str, durable: str, filter_subject: str):
        self.nc, self.stream, self.durable, self.filter = nc, stream, durable, filter_subject
        self.js = nc.jetstream()
        self.next_seq: int | None = None  # the stream sequence to hand out next
        self._placed = False  # next_seq checked against the server since we were pinned
        self._held: dict[int, object] = {}  # early messages by stream sequence
        self._checked: tuple[int | None, float] = (None, 0.0)  # next_seq last asked about, when

    def pinned_anew(self) -> None:
        """Another client may have processed messages since: ask where to go on."""
        self._placed = False

    def unpinned(self) -> None:
        """What we hold goes to the new holder (it is redelivered there)."""
        self._held.clear()

    async def take(self, msgs: list) -> list:
        """Of what is held and `msgs`, the messages that can be processed now, in order."""
        for msg in msgs:
            self._held[msg.metadata.sequence.stream] = msg  # a redelivery replaces the copy
        if not self._held:
            return []
        if not self._placed:
            await self._place()
        ready = await self._release()
        if self._held and self.next_seq not in self._held:
            # stuck: the next message may not exist (another subject, deleted) or may have
            # been acked elsewhere; ask at once for a new next_seq, then now and then
            asked, at = self._checked
            if asked != self.next_seq or time.monotonic() - at >= CHECK_EVERY_S:
                await self._place()
                ready += await self._release()
        return ready

    async def _release(self) -> list:
        for seq in [s for s in self._held if s < self.next_seq]:
            await self._held.pop(seq).ack()  # processed already (by us or another replica)
        ready = []
        while self.next_seq in self._held:
            ready.append(self._held.pop(self.next_seq))
            self.next_seq += 1  # the next one, or stuck until _place finds it is not
        return ready

    async def _place(self) -> None:
        """next_seq = the first message of ours after the ack floor that is not processed."""
        info = await self.js.consumer_info(self.stream, self.durable)
        floor = info.ack_floor.stream_seq if info.ack_floor else 0
        # before its first ack, a durable made to start later reports floor 0 (nats-server 2.11)
        start = (info.config.opt_start_seq or 1) if info.config.deliver_policy == api.DeliverPolicy.BY_START_SEQUENCE \
            else 1
        self.next_seq = max(self.next_seq or 0, floor + 1, start)
        found = await self._first_from(self.next_seq)
        if found is not None:
            self.next_seq = found
        self._placed = True
        self._checked = (self.next_seq, time.monotonic())

    async def _first_from(self, seq: int) -> int | None:
        """The stream sequence of the first message on our subjects at or after `seq`."""
        reply = await self.nc.request(f"{API}.STREAM.MSG.GET.{self.stream}",
                                      json.dumps({"seq": seq, "next_by_subj": self.filter}).encode(), timeout=5.0)
        body = json.loads(reply.data)
        if "error" in body:
            return None  # nothing there (yet): stay at seq
        return int(body["message"]["seq"])
