"""The public services: each call is forwarded, as it came, to the backend's gRPC service with
the caller's bearer token; the answer goes back as it came. Nothing here keeps a request or
response shape: the messages are proto/'s (the generated *_connect.py and *_pb2.py), and the
servicers are built from the service descriptors and the table PUBLIC.

One place (`connect_error`) turns a gRPC status, or a gateway refusal, into a Connect error.
"""
from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Callable
from typing import Any

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError
from protobuf.wkt import Any as AnyDetail
from foodgames.v1 import (
    chat_connect,
    chat_pb2,
    chat_pb2_grpc,
    deck_connect,
    deck_pb2,
    deck_pb2_grpc,
    event_pb2,
    game_connect,
    game_pb2,
    game_pb2_grpc,
    leaderboard_connect,
    leaderboard_pb2,
    leaderboard_pb2_grpc,
    matchmaking_connect,
    matchmaking_pb2,
    matchmaking_pb2_grpc,
    tables_connect,
    tables_pb2,
    tables_pb2_grpc,
    tournament_connect,
    tournament_pb2,
    tournament_pb2_grpc,
)

from services.gateway.clientaddr import CLIENT_ADDRESS
from services.gateway.config import GatewayConfig
from services.gateway.headers import trace_context
from services.gateway.ratelimit import RateLimiter
from services.gateway.streams import StreamCount, StreamSlots
from shared import auth, games, statusdetails, telemetry
from shared.channels import BALANCED_OPTIONS, insecure_channel
from shared.config import Settings
from shared.errors import ResourceExhausted, Unauthenticated, reason, refusal_message, status_for
from shared.i18n import SHARED_TEXTS, Catalogue, negotiate
from shared.memtrim import Trimmer
from shared.moves import quote

log = telemetry.get_logger("gateway")
_SHARED_TEXTS = Catalogue([SHARED_TEXTS])  # the words of the gateway's own refusals

# The header naming the game of a GameService call (the path prefix /games/<game>/ sets it).
GAME_HEADER = "foodgames-game"
# Calls anyone may make without signing in (the backend lets them through too:
# shared.service.PUBLIC_METHODS): what a client reads to draw a game before anyone plays.
OPEN_METHODS = frozenset({("GameService", "DescribeGame")})
# Request headers a backend call carries on as gRPC metadata: the browser's languages (a call
# that names no language of its own answers in the best of them, shared.service.call_language).
FORWARDED_HEADERS = ("accept-language",)


class Public:
    """One public service: its Connect protocol and ASGI application, its gRPC stub, the
    backend that serves it (None: the game named by the call) and the methods the gateway
    forwards (every other method of the service answers UNIMPLEMENTED)."""

    def __init__(self, name: str, pb2, connect, grpc_module, backend: str | None, methods: tuple[str, ...]):
        self.name = name
        self.full_name = f"foodgames.v1.{name}"
        self.descriptor = pb2.DESCRIPTOR.services_by_name[name]
        self.protocol = getattr(connect, name)
        self.application = getattr(connect, f"{name}ASGIApplication")
        self.stub = getattr(grpc_module, f"{name}Stub")
        self.backend = backend
        self.methods = methods
        unknown = set(methods) - set(self.descriptor.methods_by_name)
        if unknown:
            raise ValueError(f"{name} has no methods {sorted(unknown)}")


PUBLIC = (
    # play: games are created by the matchmaker, so CreateGame stays internal; PlayGame is a
    # bidirectional stream, which no browser can hold open over fetch: WatchGame + SubmitMove
    # do its job (docs/gateway.md, "PlayGame is not public"); spectating and replays are
    # checked by the rules engine (who may watch or replay which game: docs/replay.md);
    # DescribeGame needs no token (OPEN_METHODS), CheckMove is SubmitMove's dry run
    Public("GameService", game_pb2, game_connect, game_pb2_grpc, None,
           ("SubmitMove", "GetView", "ListLegalMoves", "WatchGame", "SpectateGame", "GetReplay", "DescribeGame",
            "CheckMove")),
    Public("MatchmakingService", matchmaking_pb2, matchmaking_connect, matchmaking_pb2_grpc, "matchmaking",
           ("CreateTicket", "GetTicket", "CancelTicket", "WatchTicket", "AcceptTicket", "ListInvitations")),
    # private tables (docs/friends.md): served by the matchmaker's process; every call a player's
    Public("TableService", tables_pb2, tables_connect, tables_pb2_grpc, "matchmaking",
           ("CreateTable", "JoinTable", "FillWithBots", "StartTable", "LeaveTable", "GetTable", "WatchTable",
            "WatchOpenTables", "RequestRematch")),
    # table chat (docs/friends.md): who reads which group is the chat service's check
    Public("ChatService", chat_pb2, chat_connect, chat_pb2_grpc, "matchmaking",
           ("SendChat", "WatchChat", "MuteChat", "ListChatPhrases")),
    # GetRatings is the matchmaker's
    Public("LeaderboardService", leaderboard_pb2, leaderboard_connect, leaderboard_pb2_grpc, "leaderboard",
           ("GetTop", "GetPage", "GetAroundPlayer", "GetPlayer", "GetRatingHistory", "ListPlayerGames")),
    # audit reads, and the player's own client seed; the rest is for services and operators
    Public("DeckService", deck_pb2, deck_connect, deck_pb2_grpc, "deck",
           ("ExportAuditBundle", "GetPublicKey", "GetCheckpoint", "AddClientSeed")),
    # a tournament's progress and standings for everyone; CreateTournament and DropEntrant are
    # forwarded with the caller's token and the tournament service checks the role (operators;
    # an entrant may drop itself); the bundle export is for operators only, so not public
    Public("TournamentService", tournament_pb2, tournament_connect, tournament_pb2_grpc, "tournament",
           ("GetTournament", "GetStandings", "ListTournaments", "CreateTournament", "DropEntrant")),
)


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


# gRPC spells one code differently from Connect
_CODE_NAMES = {"CANCELLED": "CANCELED"}


def connect_error(exc: BaseException, accept_language: str | None = None) -> ConnectError:
    """The Connect error a client sees for `exc`: a backend's gRPC status with its message (the
    backend wrote it in the call's language), a gateway refusal (shared.errors.AppError) with its
    reason (in the Accept-Language's, when sent: shared.errors.refusal_message), else INTERNAL
    naming the type. Never prefixed with the code: the message is for the player."""
    if isinstance(exc, ConnectError):
        return exc
    if isinstance(exc, grpc.aio.AioRpcError):
        code = exc.code()
        name = _CODE_NAMES.get(code.name, code.name)
        return ConnectError(getattr(Code, name, Code.UNKNOWN), exc.details() or "",
                            _details(statusdetails.read(exc.trailing_metadata())))
    if isinstance(exc, asyncio.TimeoutError):
        return ConnectError(Code.DEADLINE_EXCEEDED, "the call took longer than the gateway allows")
    status = status_for(exc)
    if status is not None:
        name = _CODE_NAMES.get(status.name, status.name)
        language = negotiate(None, accept_language) if accept_language else None
        said = refusal_message(exc, _SHARED_TEXTS, language)
        return ConnectError(getattr(Code, name, Code.UNKNOWN), said.text, _details(statusdetails.message(said)))
    log.error("gateway call failed", error=f"{type(exc).__name__}: {reason(exc)}")
    return ConnectError(Code.INTERNAL, f"internal error: {type(exc).__name__}")


def words_of(exc: BaseException, accept_language: str | None) -> str:
    """A gateway refusal's words alone, for an answer written before Connect reads the call."""
    return connect_error(exc, accept_language).message


def _details(said: event_pb2.Message | None) -> tuple[Any, ...]:
    """A refusal's message as a Connect error detail (connectrpc packs its own protobuf runtime's
    messages, so the detail goes as an Any of ours: its type name and bytes)."""
    if said is None:
        return ()
    return (AnyDetail(type_url=f"type.googleapis.com/{said.DESCRIPTOR.full_name}", value=said.SerializeToString()),)


class Backends:
    """One gRPC channel per backend service, shared by every caller (each call carries its
    caller's token as metadata), and the gateway's limits."""

    def __init__(self, settings: Settings, config: GatewayConfig, limiter: RateLimiter | None):
        self.settings = settings
        self.config = config
        self.limiter = limiter
        self.token_key = settings.resolved_token_key()
        self.jwks = None
        if config.jwks_url:
            from services.gateway.identity import JwksVerifier

            self.jwks = JwksVerifier(settings, config.jwks_url, issuer=config.jwt_issuer,
                                     audience=config.jwt_audience, player_claim=config.jwt_player_claim)
        self._channels: dict[str, grpc.aio.Channel] = {}
        self._stubs: dict[tuple[str, str], Any] = {}
        # open server streams per player and per client address, across every replica in Valkey
        # when the gateway has one (it shares the limiter's), else on this replica
        redis = limiter.redis if limiter is not None else None
        self.slots = StreamSlots(redis, config.stream_lease_s) if redis is not None else None
        self.player_streams = StreamCount(self.slots)
        self.address_streams = StreamCount(
            StreamSlots(redis, config.stream_lease_s, prefix="gateway:streams-by-address") if redis is not None
            else None)
        self.streams = self.player_streams.local  # player -> open server streams on this replica
        # what closed streams freed goes back to the system: 10,000 idle WatchGame streams took the
        # gateway from 134 to 873 MB, and it stayed at 909 MB once they had closed (docs/benchmarks.md)
        self.trimmer = Trimmer()

    def channel(self, service: str) -> grpc.aio.Channel:
        channel = self._channels.get(service)
        if channel is None:
            channel = self._channels[service] = insecure_channel(  # round_robin over its replicas
                self.settings.address(service), options=BALANCED_OPTIONS)
        return channel

    def stub(self, public: Public, service: str) -> Any:
        """The public service's gRPC stub on the backend's channel (made once: a stub builds a
        callable per method, 2 % of the gateway's CPU when made per call)."""
        stub = self._stubs.get((public.name, service))
        if stub is None:
            stub = self._stubs[(public.name, service)] = public.stub(self.channel(service))
        return stub

    async def close(self) -> None:
        for count in (self.player_streams, self.address_streams):
            if count.slots is not None:
                await count.slots.close()
        for channel in self._channels.values():
            await channel.close()
        self._channels.clear()
        self._stubs.clear()

    def forwarded(self, ctx) -> list[tuple[str, str]]:
        """The request headers a backend call carries on (FORWARDED_HEADERS), each cut short."""
        headers = ctx.request_headers
        return [(name, headers[name][:256]) for name in FORWARDED_HEADERS if headers.get(name)]

    async def caller(self, ctx) -> tuple[auth.Identity, list[tuple[str, str]]]:
        """The caller's identity (the token checked here for a clear answer before any backend
        sees it; the backend checks it again) and the metadata its backend call carries."""
        headers = ctx.request_headers
        value = headers.get("authorization")
        metadata = [("authorization", value)] if value is not None else []
        if self.jwks is None:
            identity = auth.identity_from_metadata(self.token_key, metadata)
        else:
            if value is None or not value.startswith("Bearer "):
                raise Unauthenticated("no token: send 'authorization: Bearer <token>' with your sign-in's token")
            identity = await self.jwks.identity(value[len("Bearer "):].strip())
            metadata = [("authorization", f"Bearer {self.jwks.forward_token(identity)}")]
        if self.limiter is not None:
            allowed, wait = await self.limiter.allow("player", identity.player, self.config.per_player_per_minute)
            if not allowed:
                ctx.response_headers["retry-after"] = str(wait)  # as the per-address 429 says it
                raise ResourceExhausted(f"too many calls by {identity.player}: at most "
                                        f"{self.config.per_player_per_minute} a minute; try again in {wait} s",
                                        key="too-many-calls", limit=self.config.per_player_per_minute, wait=wait)
        # the client's trace context goes on to the backend (the gateway opens no span itself)
        return identity, [*metadata, *trace_context(headers), *self.forwarded(ctx)]

    def timeout(self, ctx, limit: float) -> float:
        asked = ctx.timeout_ms  # what is left of the client's Connect-Timeout-Ms / grpc-timeout
        return max(0.001, min(limit, asked / 1000)) if asked is not None else limit


def _game_of(ctx) -> str:
    game = ctx.request_headers.get(GAME_HEADER, "").strip()
    if not game:
        raise ConnectError(Code.INVALID_ARGUMENT,
                           f"say which game: call /games/<game>/foodgames.v1.GameService/... or send the header "
                           f"{GAME_HEADER}: <game> (games: {', '.join(games.names())})")
    if game not in games.names():
        raise ConnectError(Code.NOT_FOUND, f"no game {quote(game)}; games: {', '.join(games.names())}")
    return game


def _unary(backends: Backends, public: Public, method: str) -> Callable:
    open_call = (public.name, method) in OPEN_METHODS

    async def call(self, request, ctx):
        try:
            if open_call and ctx.request_headers.get("authorization") is None:
                metadata = backends.forwarded(ctx)  # no token, no identity: anyone may ask
            else:
                _, metadata = await backends.caller(ctx)
            service = public.backend or _game_of(ctx)
            rpc = getattr(backends.stub(public, service), method)
            return await rpc(request, metadata=metadata, timeout=backends.timeout(ctx, backends.config.call_timeout_s))
        except Exception as exc:  # noqa: BLE001 - every error becomes a Connect code
            raise connect_error(exc, ctx.request_headers.get("accept-language")) from None
    call.__name__ = snake(method)
    return call


def _server_stream(backends: Backends, public: Public, method: str) -> Callable:
    async def call(self, request, ctx) -> AsyncIterator[Any]:
        grpc_call = None
        try:
            identity, metadata = await backends.caller(ctx)
            async with _stream_slots(backends, identity.player):
                service = public.backend or _game_of(ctx)
                rpc = getattr(backends.stub(public, service), method)
                grpc_call = rpc(request, metadata=metadata,
                                timeout=backends.timeout(ctx, backends.config.stream_timeout_s))
                async for item in grpc_call:
                    yield item
        except Exception as exc:  # noqa: BLE001
            raise connect_error(exc, ctx.request_headers.get("accept-language")) from None
        finally:
            if grpc_call is not None:
                grpc_call.cancel()
            backends.trimmer.stream_closed()
    call.__name__ = snake(method)
    return call


@contextlib.asynccontextmanager
async def _stream_slots(backends: Backends, player: str):
    """The slots of one more open stream, of its player and of its client address, given back
    when it closes; RESOURCE_EXHAUSTED when either has as many open as it may."""
    config = backends.config
    mine = await backends.player_streams.take(player, config.max_streams_per_player)
    if mine is None:
        raise ResourceExhausted(f"{player} has {config.max_streams_per_player} open streams, the most a player may "
                                f"have; close one first", key="too-many-streams", limit=config.max_streams_per_player)
    address = CLIENT_ADDRESS.get()
    try:
        theirs = await backends.address_streams.take(address, config.max_streams_per_address)
        if theirs is None:
            raise ResourceExhausted(f"{address} has {config.max_streams_per_address} open streams, the most one "
                                    f"address may have; close one first", key="too-many-streams-address",
                                    limit=config.max_streams_per_address)
        try:
            yield
        finally:
            backends.address_streams.give_back(address, theirs)
    finally:
        backends.player_streams.give_back(player, mine)


def servicer(backends: Backends, public: Public) -> Any:
    """An instance of the service's generated Connect protocol whose public methods forward."""
    namespace: dict[str, Any] = {}
    for method in public.methods:
        descriptor = public.descriptor.methods_by_name[method]
        if descriptor.client_streaming:
            raise ValueError(f"{public.name}.{method}: client streams are not forwarded")
        make = _server_stream if descriptor.server_streaming else _unary
        namespace[snake(method)] = make(backends, public, method)
    cls = type(f"Gateway{public.name}", (public.protocol,), namespace)
    return cls()
