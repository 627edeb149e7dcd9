"""The services as one player sees them over gRPC, and what every call made through them needs:
a Connection (one token; a channel per service, or a ChannelPool shared by many players), how a
failed call reads to a log, a player or a command, and trying a call again while its failure may
pass (retryable, Backoff, with_retries).

It is the bottom of the SDK: every other module of apps.sdk (gamecalls, queueing, seatplayer,
tables, chat, players, watching) builds on it, so it imports none of them.
"""
from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import grpc
from foodgames.v1 import game_pb2_grpc

from shared.channels import client_channel, insecure_channel
from shared.config import Settings


class ChannelPool:
    """Plain channels shared by many Connections (many players over a few HTTP/2 connections);
    each call then carries its player's token as call metadata. For bots in bulk."""

    def __init__(self, settings: Settings, per_service: int = 1):
        self.settings = settings
        self.per_service = per_service
        self._channels: dict[str, list[grpc.aio.Channel]] = {}
        self._next = 0

    def channel(self, service: str) -> grpc.aio.Channel:
        channels = self._channels.get(service)
        if channels is None:
            address = self.settings.address(service)
            channels = self._channels[service] = [
                insecure_channel(address)  # each its own connection (CHANNEL_OPTIONS)
                for _ in range(self.per_service)]
        self._next += 1
        return channels[self._next % len(channels)]

    async def close(self) -> None:
        for channels in self._channels.values():
            for ch in channels:
                await ch.close()
        self._channels.clear()


class _WithMetadata:
    """A stub whose every call carries `metadata` (the caller's token)."""

    def __init__(self, stub, metadata):
        self._stub = stub
        self._metadata = metadata

    def __getattr__(self, name):
        method = getattr(self._stub, name)

        def call(request, **kwargs):
            kwargs.setdefault("metadata", self._metadata)
            return method(request, **kwargs)
        return call


@dataclass
class Connection:
    """The services as one identity (one token) sees them. Channels are opened on first use,
    one per service, or taken from a shared ChannelPool. With a `language` ("de"), every call
    carries it as its accept-language metadata: the services' refusals and messages come in it
    where a request has no `language` field of its own (shared.service.call_language)."""

    settings: Settings
    token: str
    player: str
    pool: ChannelPool | None = None
    language: str = ""
    _channels: dict[str, grpc.aio.Channel] = field(default_factory=dict)

    def _stub(self, service: str, stub_class):
        language = (("accept-language", self.language),) if self.language else ()
        if self.pool is not None:
            return _WithMetadata(stub_class(self.pool.channel(service)),
                                 (("authorization", f"Bearer {self.token}"),) + language)
        if service not in self._channels:
            self._channels[service] = client_channel(self.settings.address(service), self.token)
        stub = stub_class(self._channels[service])
        return _WithMetadata(stub, language) if language else stub

    def game(self, game: str) -> game_pb2_grpc.GameServiceStub:
        return self._stub(game, game_pb2_grpc.GameServiceStub)

    def deck(self):
        from foodgames.v1 import deck_pb2_grpc

        return self._stub("deck", deck_pb2_grpc.DeckServiceStub)

    def matchmaking(self):
        from foodgames.v1 import matchmaking_pb2_grpc

        return self._stub("matchmaking", matchmaking_pb2_grpc.MatchmakingServiceStub)

    def tables(self):
        from foodgames.v1 import tables_pb2_grpc

        return self._stub("matchmaking", tables_pb2_grpc.TableServiceStub)  # the matchmaker serves tables

    def chat(self):
        from foodgames.v1 import chat_pb2_grpc

        return self._stub("matchmaking", chat_pb2_grpc.ChatServiceStub)  # the matchmaker serves table chat

    def leaderboard(self):
        from foodgames.v1 import leaderboard_pb2_grpc

        return self._stub("leaderboard", leaderboard_pb2_grpc.LeaderboardServiceStub)

    async def close(self) -> None:
        for ch in self._channels.values():
            await ch.close()
        self._channels.clear()


def rpc_error_text(exc: grpc.aio.AioRpcError) -> str:
    """A rejected call as a log reads it: the status code and its details."""
    return f"{exc.code().name}: {exc.details()}"


STACK_HINT = "is the stack up? (make run)"


def nobody_there(exc: BaseException) -> bool:
    """Whether a call failed because nothing answered at the service's address (no connection
    could be made), as when the stack is not running."""
    return (isinstance(exc, grpc.aio.AioRpcError) and exc.code() == grpc.StatusCode.UNAVAILABLE
            and "connect" in (exc.details() or "").lower())


def failure_text(exc: BaseException) -> str:
    """What a command says of a call that failed: a gRPC status as its code and details, with
    STACK_HINT when nothing answered at the address; anything else as its type and text (never
    the gRPC error's own many-line form)."""
    if isinstance(exc, grpc.aio.AioRpcError):
        return rpc_error_text(exc) + (f": {STACK_HINT}" if nobody_there(exc) else "")
    return f"{type(exc).__name__}: {exc}"


def refusal_text(exc: grpc.aio.AioRpcError) -> str:
    """A rejected call as a player reads it: its reason alone (in the call's language when it
    asked for one), the code left to programs."""
    return exc.details() or exc.code().name.replace("_", " ").lower()


# -- trying again ----------------------------------------------------------------------------

# CANCELLED too: as an AioRpcError (not asyncio's CancelledError) it is the server cancelling
# the call, which a server does to the calls in flight when it stops.
RETRYABLE = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED,
                       grpc.StatusCode.RESOURCE_EXHAUSTED, grpc.StatusCode.CANCELLED})
# How long a client keeps trying a service that does not answer before it gives up.
RETRY_DEADLINE_S = 60.0
# What gRPC's own client says (as INTERNAL) when it could not send a stream's message because
# the connection under it was going away, a server stopping: no server answered the call. Seen
# on a CI run as a PlayGame stream's write failed while its engine restarted, which ended a
# seat that a retry would have carried on.
NOT_SENT = (grpc.StatusCode.INTERNAL, "Internal error from Core")


def retryable(exc: BaseException) -> bool:
    """Whether a failed call may succeed if tried again later: the service is away or slow, or
    a limiter said "not now", or the message never left this client (NOT_SENT). A request too
    large for its method (also RESOURCE_EXHAUSTED) is not: it would be refused again."""
    if not isinstance(exc, grpc.aio.AioRpcError):
        return False
    if (exc.code(), exc.details()) == NOT_SENT:
        return True
    if exc.code() not in RETRYABLE:
        return False
    details = exc.details() or ""
    return not (exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                and ("may be at most" in details or "larger than max" in details))


class Backoff:
    """Jittered exponential pauses between tries (first_s doubling up to max_s, each pause
    between half and all of that), for at most deadline_s from the first failure since the
    last success (reset())."""

    def __init__(self, deadline_s: float = RETRY_DEADLINE_S, first_s: float = 0.1, max_s: float = 5.0):
        self.deadline_s, self.first_s, self.max_s = deadline_s, first_s, max_s
        self.tries = 0  # failures since the last success
        self.failures = 0  # all failures
        self._since: float | None = None

    def reset(self) -> None:
        self.tries, self._since = 0, None

    async def wait(self, exc: BaseException) -> None:
        """Pause before the next try; raises `exc` once the deadline has passed."""
        now = time.monotonic()
        if self._since is None:
            self._since = now
        left = self.deadline_s - (now - self._since)
        if left <= 0:
            raise exc
        ceiling = min(self.max_s, self.first_s * 2 ** self.tries)
        self.tries += 1
        self.failures += 1
        await asyncio.sleep(min(left, ceiling / 2 + random.uniform(0, ceiling / 2)))


async def with_retries(call: Callable[[], Awaitable[Any]], backoff: Backoff | None = None) -> Any:
    """await call() until it succeeds, fails for good, or `backoff`'s deadline passes."""
    backoff = backoff or Backoff()
    while True:
        try:
            result = await call()
        except grpc.aio.AioRpcError as exc:
            if not retryable(exc):
                raise
            await backoff.wait(exc)
            continue
        backoff.reset()
        return result
