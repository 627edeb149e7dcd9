"""One replica's end of a JetStream pull consumer with a `pinned_client` priority group.

NATS 2.11+ (ADR-42): the server hands the consumer's messages to one pinned client at a
time while the other replicas' pull requests wait. A client learns that it holds the pin
from the `Nats-Pin-Id` header of the messages it gets and sends that id with its next
pulls; a pull with a stale id is answered 423 and the client goes back to waiting. The pin
moves when the pinned client has not pulled for the consumer's priority_timeout, on an
UNPIN request, and when the consumer's leader changes (the pin is not replicated).

nats-py (2.16) has no priority groups, so this speaks the pull protocol itself: one inbox,
one pull request at a time, the messages in the order the server sent them. The pin alone
does not keep stream order (two clients can believe they hold it for a moment; what one
held comes back to the other later): inorder.py does.
"""
from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import nats

API = "$JS.API"
PIN_HEADER = "Nats-Pin-Id"
# the server ends a request at its expiry; what arrives later than this after it is gone
_GRACE_S = 1.0
# the expiry of a no_wait pull; it matters only when nothing is pending
_BURST_S = 0.02


class ConsumerGone(RuntimeError):
    """The durable consumer does not exist (any more)."""


class NotPinned(RuntimeError):
    """The durable consumer exists but is not a pinned_client consumer of our group."""


@dataclass
class Batch:
    msgs: list = field(default_factory=list)
    new_pin: bool = False  # the server pinned this client since its last batch
    lost_pin: bool = False  # another client holds the pin now
    status: str | None = None  # how the server ended the request, when it said
    description: str = ""


async def _api(nc: nats.NATS, subject: str, body: dict | None = None, timeout: float = 5.0) -> dict:
    reply = await nc.request(f"{API}.{subject}", json.dumps(body).encode() if body is not None else b"",
                             timeout=timeout)
    return json.loads(reply.data)


async def ensure_pinned_consumer(nc: nats.NATS, stream: str, durable: str, config: dict,
                                 start_seq: Callable[[], Awaitable[int]]) -> dict:
    """Create the durable (at `await start_seq()`, 1 = the whole stream) or bring the fields that
    may change (ack wait, max ack pending, priority timeout) to `config`. Never deletes."""
    for _ in range(3):
        info = await _api(nc, f"CONSUMER.INFO.{stream}.{durable}")
        if "error" not in info:
            have = info["config"]
            if have.get("priority_policy") != "pinned_client" or config["priority_groups"][0] not in (
                    have.get("priority_groups") or []):
                raise NotPinned(f"consumer {stream}/{durable} exists without the pinned_client priority group "
                                f"{config['priority_groups'][0]!r}")
            changes = {k: config[k] for k in ("ack_wait", "max_ack_pending", "priority_timeout")
                       if have.get(k) != config[k]}
            if not changes:
                return have
            resp = await _api(nc, f"CONSUMER.CREATE.{stream}.{durable}",
                              {"stream_name": stream, "config": {**have, **changes}, "action": "update"})
        else:
            if info["error"].get("err_code") != 10014:  # consumer not found
                raise RuntimeError(f"consumer info {stream}/{durable}: {info['error']}")
            first = await start_seq()
            placed = ({"deliver_policy": "by_start_sequence", "opt_start_seq": first} if first > 1
                      else {"deliver_policy": "all"})
            resp = await _api(nc, f"CONSUMER.CREATE.{stream}.{durable}",
                              {"stream_name": stream, "config": {**config, **placed}, "action": "create"})
        if "error" not in resp:
            return resp["config"]
        if resp["error"].get("err_code") != 10148:  # not "exists": another replica won the race
            raise RuntimeError(f"creating consumer {stream}/{durable}: {resp['error']}")
    raise RuntimeError(f"consumer {stream}/{durable} keeps changing under us")


class PinnedPuller:
    """This replica's pull requests: at most one open at a time (a new one only when the last
    ended), and what they bring handed out as it arrives, in the order the server sent it."""

    def __init__(self, nc: nats.NATS, stream: str, durable: str, group: str, batch: int, wait_s: float,
                 linger_s: float = 0.0):
        self.nc, self.stream, self.durable, self.group = nc, stream, durable, group
        self.batch, self.wait_s, self.linger_s = batch, wait_s, linger_s
        self.pin: str | None = None
        self._sub = None
        self._fifo: list = []
        self._status: tuple[str, str] | None = None
        self._arrived = asyncio.Event()
        self._left = 0  # messages the open request may still bring; 0: none open
        self._asked = 0  # batch of the last request
        self._brought = 0  # messages the last request brought
        self._open_until = 0.0  # monotonic time by which the open request has surely ended

    @property
    def open(self) -> bool:
        """A request of ours may still bring messages."""
        return self._left > 0 and time.monotonic() < self._open_until

    async def start(self) -> None:
        self._sub = await self.nc.subscribe(self.nc.new_inbox(), cb=self._on_msg)

    async def _on_msg(self, msg) -> None:
        status = (msg.headers or {}).get("Status") if not msg.data else None
        if status == "100":  # heartbeats (not asked for) end nothing
            return
        if status:
            self._status = (status, (msg.headers or {}).get("Description", ""))
            self._left = 0
        else:
            self._fifo.append(msg)
            self._brought += 1
            self._left -= 1  # a request ends when its batch is full, without a status
        self._arrived.set()

    async def next(self, pull: bool = True) -> Batch:
        """What has arrived; when nothing has, a pull request (with the pin id when held;
        only if `pull` and none is open) and what it brings first."""
        if self._sub is None:
            raise nats.errors.BadSubscriptionError
        if not self._fifo:
            if not self.open:
                if not pull:
                    return Batch()
                if not self._brought or not self.pin:
                    # quiet, or waiting for the pin: one message, whenever it comes
                    await self._request(1, self.wait_s)
                else:
                    if self._brought < self._asked:
                        # messages trickle in: let them gather in the stream and come in one
                        # burst instead of one by one (alone, each costs wake-ups and a
                        # socket write for its ack)
                        await asyncio.sleep(self.linger_s)
                    # what is there, at once (no_wait: ends as soon as it is delivered)
                    await self._request(self.batch, _BURST_S, no_wait=True)
            await self._until(lambda: self._fifo or not self.open)
        return self._take()

    async def _until(self, done: Callable[[], Any]) -> None:
        while not done():
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), max(0.0, self._open_until - time.monotonic()))
            except asyncio.TimeoutError:
                self._left = 0  # no word from the server: take it as over (late arrivals still count)

    async def _request(self, batch: int, wait_s: float, no_wait: bool = False) -> None:
        request: dict[str, Any] = {"batch": batch, "expires": int(wait_s * 1e9), "group": self.group}
        if no_wait:
            # one-shot: delivers what is pending and ends (404), or waits for the first; it is
            # refused (408 Requests Pending) when fewer are pending than the other replicas'
            # waiting pulls ask for - then the next pull is a waiting one
            request["no_wait"] = True
        if self.pin:
            request["id"] = self.pin
        self._status = None
        self._left, self._asked, self._brought = batch, batch, 0
        self._open_until = time.monotonic() + wait_s + _GRACE_S
        await self.nc.publish(f"{API}.CONSUMER.MSG.NEXT.{self.stream}.{self.durable}", json.dumps(request).encode(),
                              reply=self._sub.subject)

    def _take(self) -> Batch:
        batch = Batch(msgs=self._fifo)
        self._fifo = []
        if self._status:
            (batch.status, batch.description), self._status = self._status, None
        if batch.status == "423":  # another client holds the pin now
            self.pin, batch.lost_pin = None, True
        elif batch.status == "503" or (batch.status == "409" and "deleted" in batch.description.lower()):
            raise ConsumerGone(f"{self.stream}/{self.durable}: {batch.status} {batch.description}")
        elif batch.status == "400":
            raise RuntimeError(f"pull refused: {batch.status} {batch.description}")
        for msg in batch.msgs:
            pin = (msg.headers or {}).get(PIN_HEADER)
            if not pin:
                raise NotPinned(f"{self.stream}/{self.durable} delivered a message without {PIN_HEADER}")
            if pin != self.pin:
                self.pin, batch.new_pin = pin, True
        return batch

    async def wait_quiet(self) -> list:
        """Once no request of ours can bring anything more: what came since the last batch."""
        await self._until(lambda: not self.open)
        return self._take().msgs

    async def release(self) -> None:
        """Give the pin up at once, so that another replica need not wait for priority_timeout."""
        if self.pin is None:
            return
        try:
            info = await _api(self.nc, f"CONSUMER.INFO.{self.stream}.{self.durable}", timeout=2.0)
            held = {g.get("group"): g.get("pinned_client_id") for g in info.get("priority_groups") or []}
            if held.get(self.group) == self.pin:  # never unpin a client that took over from us
                await _api(self.nc, f"CONSUMER.UNPIN.{self.stream}.{self.durable}", {"group": self.group},
                           timeout=2.0)
        finally:
            self.pin = None

    async def stop(self) -> None:
        if self._sub is not None:
            sub, self._sub = self._sub, None
            await sub.unsubscribe()
