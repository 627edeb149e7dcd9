"""Playing one seat over gRPC, like any client: a token, a matchmaking ticket, the game's watch
stream, the client seed sent to the deck at once, then moves until the game ends.

    conn = Connection(settings, mint_token(settings, "bot-1"), "bot-1")
    found = await queue(conn, "foodie-forest", ranked=True)       # CreateTicket + WatchTicket
    final = await SeatPlayer(conn, "foodie-forest", found.game_id, found.seat,
                             BotChooser(make_bot("foodie-forest", "heuristic"))).run()

`SeatPlayer` acts on the newest view it has (from the WatchGame stream or from its own
SubmitMove answer) whenever that view lists legal moves; the chooser is any async
`(view, legal_moves) -> move`. The terminal client (apps.terminal) plays with the same class.
"""
from __future__ import annotations

import asyncio
import os
import random
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Protocol, Sequence

import grpc
import orjson
from foodgames.v1 import game_pb2, game_pb2_grpc

from apps.bots.base import Bot
from shared.games import builds_from_choices
from shared.channels import client_channel, insecure_channel
from shared.config import Settings
from shared.protojson import to_dict, to_struct
from shared import statusdetails, telemetry

log = telemetry.get_logger("apps.sdk.remote")


JSON_VIEWS = game_pb2.VIEW_ENCODING_JSON


class Chooser(Protocol):
    """Picks the seat's move. A chooser with `wants_choices = True` is also given, where the
    listed moves are only a sample, `space` (ListLegalMoves' answer: choices, labels) and
    `check` (an async move -> Checked, CheckMove at the space's version)."""

    async def __call__(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any] | None: ...


# How many moves built from choices a bot may try (each refused by CheckMove) before it picks
# from the listed moves instead.
BUILD_TRIES = 20


class BotChooser:
    """A Bot as a chooser: a bot that builds from choices (shared.games.Bot) gets them where the
    listed moves are a sample, and a built move is checked with CheckMove before it is sent."""

    def __init__(self, bot: Bot):
        self.bot = bot
        self.wants_choices = builds_from_choices(bot)
        self.built = 0  # moves built from choices and accepted by CheckMove
        self.refused = 0  # built moves CheckMove refused (the bot was asked again)

    async def __call__(self, view, legal_moves, space: "MoveSpace | None" = None, check=None):
        # in the bots' thread pool, off the event loop: a search bot thinks for its budget
        # while the process's other seats go on (apps.bots.base.search_pool)
        from apps.bots.base import search_pool

        loop = asyncio.get_running_loop()

        def choose(**extra):
            return loop.run_in_executor(search_pool(), lambda: self.bot.choose(view, legal_moves, **extra))

        if space is None or check is None:
            return await choose()
        for _ in range(BUILD_TRIES):
            move = await choose(choices=space.choices)
            if move in legal_moves:
                return move
            if (await check(move)).accepted:
                self.built += 1
                return move
            self.refused += 1
        return await choose()


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
    one per service, or taken from a shared ChannelPool."""

    settings: Settings
    token: str
    player: str
    pool: ChannelPool | None = None
    _channels: dict[str, grpc.aio.Channel] = field(default_factory=dict)

    def _stub(self, service: str, stub_class):
        if self.pool is not None:
            return _WithMetadata(stub_class(self.pool.channel(service)),
                                 (("authorization", f"Bearer {self.token}"),))
        if service not in self._channels:
            self._channels[service] = client_channel(self.settings.address(service), self.token)
        return stub_class(self._channels[service])

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


# -- the client contract: a game's description, a move checked before it is sent ----------------

async def describe_game(conn: Connection, game: str, language: str = "") -> dict[str, Any]:
    """DescribeGame: everything a client draws `game`'s table from, in `language` (docs/api.md)."""
    reply = await conn.game(game).DescribeGame(game_pb2.DescribeGameRequest(language=language), timeout=10)
    return orjson.loads(reply.description_json)


@dataclass(frozen=True)
class Checked:
    """CheckMove's answer: what SubmitMove would say to the move now (nothing was written)."""

    accepted: bool
    version: int
    code: grpc.StatusCode | None = None  # when refused
    reason: str = ""  # when refused: the rule, in the asked language
    key: str = ""  # when refused: "refused-<rule>"
    args: dict[str, Any] = field(default_factory=dict)


async def check_move(conn: Connection, game: str, game_id: str, seat: int, move: dict[str, Any],
                     expected_version: int | None = None, language: str = "", stub: Any = None) -> Checked:
    """CheckMove for `seat`'s `move` (built, say, from ListLegalMoves' choices_json); `stub`:
    the game's service to ask instead of conn's (a seat's own, through the gateway)."""
    request = game_pb2.CheckMoveRequest(game_id=game_id, seat=seat, move_json=orjson.dumps(move).decode(),
                                        language=language)
    if expected_version is not None:
        request.expected_version = expected_version
    reply = await (stub or conn.game(game)).CheckMove(request, timeout=10)
    if reply.accepted:
        return Checked(True, reply.version)
    code = next((c for c in grpc.StatusCode if c.value[0] == reply.code), grpc.StatusCode.UNKNOWN)
    return Checked(False, reply.version, code, reply.reason, reply.message.key,
                   orjson.loads(reply.message.args_json) if reply.message.args_json else {})


@dataclass(frozen=True)
class MoveSpace:
    """ListLegalMoves' answer: the moves (each with its label), the whole space as choices
    (shared.choices), and whether the moves are all of them."""

    version: int
    moves: list[dict[str, Any]]
    labels: list[str]
    choices: dict[str, Any]
    complete: bool


async def legal_moves(conn: Connection, game: str, game_id: str, seat: int, language: str = "",
                      stub: Any = None) -> MoveSpace:
    reply = await (stub or conn.game(game)).ListLegalMoves(
        game_pb2.ListLegalMovesRequest(game_id=game_id, seat=seat, language=language), timeout=10)
    return move_space_of(reply)


def move_space_of(reply: game_pb2.ListLegalMovesResponse) -> MoveSpace:
    """ListLegalMoves' answer, or the same sent with a WatchGame update (its `moves`)."""
    return MoveSpace(reply.version, [struct_dict(m) for m in reply.moves], [label.text for label in reply.labels],
                     orjson.loads(reply.choices_json) if reply.choices_json else {"moves": []}, reply.moves_complete)


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


# How long a client keeps sending its client seed: the deck takes seeds for its seed window
# from the game's commitment on (Settings.seed_window: 30 s unless set) and refuses a later one
# (FAILED_PRECONDITION, not tried again).
SEED_RETRY_DEADLINE_S = 30.0


async def add_client_seed(conn: Connection, game_id: str, seat: int, seed: bytes,
                          deadline_s: float = SEED_RETRY_DEADLINE_S):
    """AddClientSeed, tried again with backoff (`with_retries`) while it fails in a way that may
    pass (RETRYABLE: CANCELLED, UNAVAILABLE, ...), for up to `deadline_s`, always with the same
    `seed`: the deck answers a repeat of a seed it took as success, so a retry after an answer
    that was lost is harmless. A seed call lost for good would leave the table's first deal
    waiting for the deck's whole seed window. The AddClientSeedResponse; raises the last error."""
    from foodgames.v1 import deck_pb2

    request = deck_pb2.AddClientSeedRequest(game_id=game_id, seat=seat, seed=seed)
    stub = conn.deck()
    return await with_retries(lambda: stub.AddClientSeed(request, timeout=10), Backoff(deadline_s))


# -- matchmaking ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Match:
    ticket_id: str
    game_id: str
    seat: int
    players: tuple[str, ...]


class QueueEnded(Exception):
    """The ticket was cancelled or expired."""


async def create_ticket(conn: Connection, game: str, ranked: bool = True, min_players: int = 0,
                        max_players: int = 0, options: dict[str, Any] | None = None,
                        party: Sequence[str] = ()) -> str:
    """A ticket for us alone, or (`party`: the others' names) an invitation they each accept
    (accept_invitation) before the party queues: nobody is queued without their consent."""
    from foodgames.v1 import matchmaking_pb2 as mm

    players = [conn.player, *[p for p in party if p != conn.player]] if party else []
    reply = await conn.matchmaking().CreateTicket(mm.CreateTicketRequest(
        game=game, ranked=ranked, min_players=min_players, max_players=max_players,
        options=to_struct(options) if options else None, players=players))
    return reply.ticket.ticket_id


def live_ticket(exc: grpc.aio.AioRpcError) -> str:
    """The ticket a refused CreateTicket names when the player already queues for the game
    (ALREADY_EXISTS, key refused-live-ticket): its id, to follow it; "" for any other refusal."""
    said = statusdetails.read(exc.trailing_metadata())
    if exc.code() != grpc.StatusCode.ALREADY_EXISTS or said is None or said.key != "refused-live-ticket":
        return ""
    return str(orjson.loads(said.args_json or "{}").get("ticket_id", ""))


class NoInvitation(Exception):
    """Nobody invited us to a party of that game."""


async def accept_invitation(conn: Connection, game: str, wait_s: float = 0.0) -> str:
    """Accept the oldest open invitation to a party of `game` (waiting up to `wait_s` for one
    to come); the ticket's id. NoInvitation when there is none."""
    from foodgames.v1 import matchmaking_pb2 as mm

    deadline = time.monotonic() + wait_s
    while True:
        found = (await conn.matchmaking().ListInvitations(mm.ListInvitationsRequest(game=game))).tickets
        if found:
            reply = await conn.matchmaking().AcceptTicket(mm.AcceptTicketRequest(ticket_id=found[0].ticket_id))
            return reply.ticket.ticket_id
        if time.monotonic() >= deadline:
            raise NoInvitation(f"nobody invited {conn.player} to a party of {game}")
        await asyncio.sleep(0.5)


async def watch_ticket(conn: Connection, ticket_id: str,
                       on_state: Callable[[Any], None] | None = None) -> Match:
    """Follow a ticket until it is matched (returns where we sit) or ends (QueueEnded). A
    dropped stream is re-opened with backoff until RETRY_DEADLINE_S passes without an answer."""
    from foodgames.v1 import matchmaking_pb2 as mm

    backoff = Backoff()
    while True:
        try:
            async for reply in conn.matchmaking().WatchTicket(mm.WatchTicketRequest(ticket_id=ticket_id)):
                backoff.reset()
                ticket = reply.ticket
                if on_state is not None:
                    on_state(ticket)
                if ticket.state == mm.TICKET_STATE_MATCHED:
                    seat = next(s.seat for s in ticket.seats if s.player == conn.player)
                    return Match(ticket_id, ticket.game_id, seat, tuple(s.player for s in ticket.seats))
                if ticket.state in (mm.TICKET_STATE_CANCELLED, mm.TICKET_STATE_EXPIRED):
                    state = mm.TicketState.Name(ticket.state).removeprefix("TICKET_STATE_").lower()
                    raise QueueEnded(f"the ticket was {state}: {ticket.reason}")
        except grpc.aio.AioRpcError as exc:
            if not retryable(exc):
                raise
            await backoff.wait(exc)
            continue
        raise QueueEnded("the matchmaker closed the ticket's stream")


async def queue(conn: Connection, game: str, ranked: bool = True, min_players: int = 0,
                max_players: int = 0, on_state: Callable[[Any], None] | None = None,
                options: dict[str, Any] | None = None, party: Sequence[str] = ()) -> Match:
    """Queue (with `party`: invite them, and queue once they all accepted) until matched."""
    ticket_id = await create_ticket(conn, game, ranked, min_players, max_players, options, party)
    return await watch_ticket(conn, ticket_id, on_state)


# -- one seat ------------------------------------------------------------------------------

@dataclass
class Update:
    """What one seat learns: from the watch stream (`source="watch"`) or its own move."""

    version: int
    events: list[dict[str, Any]]
    view: dict[str, Any]
    finished: bool
    source: str
    prompt: str = ""  # whose turn it is and what to do, in the player's language (watch updates)


def struct_dict(struct) -> dict[str, Any]:
    """google.protobuf.Struct -> dict, whole numbers as ints (clients convert every view they
    get): shared.protojson.to_dict, kept under this name for the modules that import it."""
    return to_dict(struct)


def view_of(reply) -> dict[str, Any]:
    """The view a SubmitMove, GetView or WatchGame answer carries, in either encoding (this
    module asks for JSON: far cheaper for both sides than google.protobuf.Struct)."""
    return orjson.loads(reply.view_json) if reply.view_json else struct_dict(reply.view)


async def read_view(stub, game_id: str, seat: int, language: str = "") -> tuple[Any, dict[str, Any]]:
    """GetView for `seat`, the view asked for as JSON: (the answer, its view)."""
    reply = await stub.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=seat, view_encoding=JSON_VIEWS,
                                                       language=language))
    return reply, view_of(reply)


def message_dict(message) -> dict[str, Any]:
    """A proto Message as {"key", "args", "text"}."""
    return {"key": message.key, "args": orjson.loads(message.args_json) if message.args_json else {},
            "text": message.text}


def events_of(message, messages: bool = False) -> list[dict[str, Any]]:
    """The answer's events as {"type", "data"}; with `messages`, also each one's "message"
    ({"key", "args", "text"}) and "internal" (a player need not read it)."""
    if not messages:
        return [{"type": e.type, "data": struct_dict(e.data)} for e in message.events]
    return [{"type": e.type, "data": struct_dict(e.data), "message": message_dict(e.message),
             "internal": e.internal} for e in message.events]


class SeatPlayer:
    """Plays seat `seat` of game `game_id` until the game is over; returns the final view.

    on_update(update) sees every update; on_rejected(move, error) every refused move (then the
    chooser is asked again on the newest view); on_seed(ok, text) the client seed's fate;
    on_move(seconds) each accepted move's SubmitMove round trip. `stub`, when given, is the
    seat's GameService instead of gRPC's (apps.chaos.connect's: through the gateway, as a
    browser calls it). `stop`, once set, ends run() with the newest view, the game over or not.

    A failure that may pass (RETRYABLE: the engine restarts, is overloaded or slow) is tried
    again with jittered exponential backoff: the same move with the same move id (a move id
    makes a retry harmless), the watch stream re-opened after the newest version seen. Only
    after `retry_deadline_s` without success does run() raise the last error."""

    def __init__(self, conn: Connection, game: str, game_id: str, seat: int, chooser: Chooser, *,
                 on_update: Callable[[Update], Awaitable[None] | None] | None = None,
                 on_rejected: Callable[[dict, str], Awaitable[None] | None] | None = None,
                 on_seed: Callable[[bool, str], None] | None = None,
                 client_seed: bytes | None = None, expected_versions: bool = True,
                 after_version: int = 0, retry_deadline_s: float = RETRY_DEADLINE_S, language: str = "",
                 stub: Any = None, on_move: Callable[[float], None] | None = None,
                 stop: asyncio.Event | None = None):
        self.conn = conn
        self.game = game
        self.game_id = game_id
        self.seat = seat
        self.chooser = chooser
        self.on_update = on_update
        self.on_rejected = on_rejected
        self.on_seed = on_seed
        self.client_seed = client_seed if client_seed is not None else os.urandom(32)
        self.expected_versions = expected_versions
        self.after_version = after_version
        self.retry_deadline_s = retry_deadline_s
        # the language of the events' messages, the prompt and the refusals ("": the server's English)
        self.language = language
        self.retries = 0  # calls and stream openings tried again after a failure that may pass
        self.stub = stub if stub is not None else conn.game(game)
        self.on_move = on_move
        self.stop = stop if stop is not None else asyncio.Event()
        self.version = -1  # newest version seen
        self.view: dict[str, Any] | None = None
        self.finished = False
        self.moves = 0
        self.rejections = 0
        self.seed_sent = False
        self._acted_on = -1
        self._seed_task: asyncio.Task | None = None
        self._space: MoveSpace | None = None  # the moves the watch stream sent with its newest update

    async def _notify(self, callback, *args) -> None:
        if callback is not None:
            result = callback(*args)
            if asyncio.iscoroutine(result):
                await result

    async def send_seed(self) -> None:
        if self.seed_sent:
            return
        self.seed_sent = True
        try:
            await add_client_seed(self.conn, self.game_id, self.seat, self.client_seed)
            ok, text = True, "client seed sent to the deck"
        except grpc.aio.AioRpcError as exc:
            ok, text = False, f"the deck did not take our client seed: {rpc_error_text(exc)}"
            log.warning("client seed not sent", game_id=self.game_id, seat=self.seat, error=rpc_error_text(exc))
        if self.on_seed is not None:
            self.on_seed(ok, text)

    def _seed_on(self, events: list[dict[str, Any]]) -> None:
        if not self.seed_sent and any(e["type"] in ("SeedCommitted", "GameCreated") for e in events):
            self._seed_task = asyncio.get_running_loop().create_task(self.send_seed())

    async def _take(self, update: Update) -> bool:
        """Record an update; True when it is the newest one."""
        if update.version < self.version:
            return False
        newest = update.version > self.version or self.view is None
        self.version = update.version
        self.view = update.view
        self.finished = self.finished or update.finished or bool(update.view.get("finished"))
        return newest

    async def _act(self) -> None:
        """Move while the newest view says it is our turn."""
        while not self.finished and not self.stop.is_set() and self.view is not None \
                and self._acted_on < self.version:
            legal = list(self.view.get("legal_moves") or [])
            if not legal:
                return
            asked_on = self.version
            move = await self._choose(legal)
            if move is None or self.finished or self.stop.is_set():
                return
            if self.version != asked_on and move in legal and move not in (self.view.get("legal_moves") or []):
                continue  # the table changed while the chooser thought and the move went stale
            acting_on = self.version
            request = game_pb2.SubmitMoveRequest(game_id=self.game_id, seat=self.seat, view_encoding=JSON_VIEWS,
                                                 move_id=uuid.uuid4().hex, move=to_struct(move),
                                                 language=self.language)
            if self.expected_versions and takes_turns(self.view):
                request.expected_version = acting_on
            sent = time.perf_counter()
            try:
                reply = await self._submit(request)
            except grpc.aio.AioRpcError as exc:
                self.rejections += 1
                await self._notify(self.on_rejected, move, rpc_error_text(exc))
                if self.rejections > 1000 or retryable(exc) or game_cancelled(exc):  # retryable: its deadline passed
                    raise
                if exc.code() in (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION):
                    await self._refresh()
                continue
            if self.on_move is not None:
                self.on_move(time.perf_counter() - sent)
            self.moves += 1
            self._acted_on = acting_on
            view = view_of(reply)
            update = Update(reply.version, events_of(reply, messages=True), view, bool(view.get("finished")), "move")
            if await self._take(update):
                await self._notify(self.on_update, update)

    async def _choose(self, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The chooser's move; a chooser that builds from choices is given them (and CheckMove)
        where ListLegalMoves says its moves are only a sample."""
        view = self.view  # the view `legal` is of (the stream may bring a newer one meanwhile)
        if not getattr(self.chooser, "wants_choices", False):
            return await self.chooser(view, legal)
        asked_on = self.version
        space = self._space if self._space is not None and self._space.version == asked_on else None
        try:
            # the watch stream sends them with the update (a server before it did not: asked)
            space = space or await legal_moves(self.conn, self.game, self.game_id, self.seat, self.language,
                                               stub=self.stub)
        except grpc.aio.AioRpcError as exc:
            if not retryable(exc):
                raise
            space = None  # the listed moves will do this once
        if space is None or space.complete or space.version != asked_on:
            return await self.chooser(view, legal)

        async def check(move: dict[str, Any]) -> Checked:
            # whether the rules take the move now: another seat's move since the space was read
            # (a simultaneous plate) does not make it wrong; SubmitMove still sends its version
            return await check_move(self.conn, self.game, self.game_id, self.seat, move, None, self.language,
                                    stub=self.stub)

        return await self.chooser(view, legal, space=space, check=check)

    async def _submit(self, request):
        """SubmitMove, tried again with backoff while it fails with a code that may pass."""
        backoff = Backoff(self.retry_deadline_s)
        while True:
            try:
                return await self.stub.SubmitMove(request)
            except grpc.aio.AioRpcError as exc:
                if not retryable(exc) or self.finished:
                    raise
                self.retries += 1
                await backoff.wait(exc)

    async def _refresh(self) -> None:
        try:
            reply, view = await read_view(self.stub, self.game_id, self.seat, self.language)
        except grpc.aio.AioRpcError:
            return
        await self._take(Update(reply.version, [], view, reply.finished, "view", reply.prompt.text))

    async def _read(self) -> None:
        """Follow the watch stream into self.view; re-open it after a dropped connection, with
        backoff, until retry_deadline_s passes without an answer."""
        backoff = Backoff(self.retry_deadline_s)
        while not self.finished:
            after = max(self.after_version, self.version) if self.version >= 0 else self.after_version
            call = self.stub.WatchGame(game_pb2.WatchGameRequest(game_id=self.game_id, seat=self.seat,
                                                                 view_encoding=JSON_VIEWS,
                                                                 after_version=after, language=self.language))
            self._call = call
            try:
                async for message in call:
                    backoff.reset()
                    update = Update(message.version, events_of(message, messages=True), view_of(message),
                                    message.finished, "watch", message.prompt.text)
                    if message.HasField("moves"):
                        self._space = move_space_of(message.moves)
                    self._seed_on(update.events)
                    if self.after_version and not self.seed_sent:
                        # rejoining a game: the seed may still be wanted (the deck refuses it
                        # after the first shuffle, which is harmless)
                        self._seed_task = asyncio.get_running_loop().create_task(self.send_seed())
                    await self._take(update)
                    await self._notify(self.on_update, update)
                    self._changed.set()
                    if self.finished:
                        return
                # The server ends the stream once the game is over and its seed revealed; a
                # stream that ends before (a server stopping) is re-opened.
                await self._refresh()
                self._changed.set()
                if self.finished:
                    return
                self.retries += 1
                await backoff.wait(ConnectionError("the game's watch stream kept ending before the game did"))
            except grpc.aio.AioRpcError as exc:
                if exc.code() == grpc.StatusCode.CANCELLED and self.finished:
                    return
                if exc.code() in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.PERMISSION_DENIED,
                                  grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.UNAUTHENTICATED) \
                        or game_cancelled(exc):
                    raise
                self.retries += 1
                await backoff.wait(exc)
            finally:
                call.cancel()

    async def run(self) -> dict[str, Any]:
        self._changed = asyncio.Event()
        if not self.seed_sent:
            # the seed goes to the deck the moment we know our seat, before anything else: the
            # first deal waits for every human seat's seed (docs/shuffle-spec.md), so a seed sent
            # late delays the table, and one never sent leaves our deal to the others' seeds
            self._seed_task = asyncio.get_running_loop().create_task(self.send_seed())
        reader = asyncio.get_running_loop().create_task(self._read())
        stopping = asyncio.get_running_loop().create_task(self.stop.wait())
        try:
            while not self.finished and not self.stop.is_set():
                waiter = asyncio.get_running_loop().create_task(self._changed.wait())
                done, _ = await asyncio.wait({waiter, reader, stopping}, return_when=asyncio.FIRST_COMPLETED)
                if waiter not in done:
                    waiter.cancel()
                if stopping in done:
                    break
                self._changed.clear()
                await self._act()
                if reader in done:
                    reader.result()  # raises what ended the stream
                    if not self.finished:
                        await self._refresh()
                        if not self.finished:
                            raise ConnectionError("the game's watch stream ended before the game did")
        finally:
            reader.cancel()
            stopping.cancel()
            await asyncio.gather(reader, stopping, return_exceptions=True)
            if self._seed_task is not None:
                # a game that ended (or was cancelled, or this player gave up on) needs no seed
                # any more: a call still being tried again (up to 30 s) is not waited for
                self._seed_task.cancel()
                await asyncio.gather(self._seed_task, return_exceptions=True)
        return self.view or {}


# -- a bot through the matchmaker, like any client -------------------------------------------

@dataclass
class BotGame:
    name: str
    kind: str
    game: str
    game_id: str
    seat: int
    players: tuple[str, ...]
    view: dict[str, Any]
    moves: int
    rejections: int
    seed_ok: bool | None
    seed_text: str = ""
    built: int = 0  # moves built from choices and accepted by CheckMove (a bot that builds from choices)


async def run_bot(settings: Settings, name: str, game: str = "foodie-forest", kind: str | None = None, *,
                  ranked: bool = True, min_players: int = 0, max_players: int = 0, seed: int | str | None = None,
                  options: dict[str, Any] | None = None,
                  on_match: Callable[[Match], None] | None = None,
                  on_update: Callable[[Update], Awaitable[None] | None] | None = None) -> BotGame:
    """One bot plays one game: token, ticket, watch ticket, client seed, its seat to the end."""
    from shared.auth import mint_token
    from apps.bots.base import make_bot

    conn = Connection(settings, mint_token(settings, name), name)
    seed_fate: list[tuple[bool, str]] = []
    try:
        match = await queue(conn, game, ranked, min_players, max_players, options=options)
        if on_match is not None:
            on_match(match)
        chooser = BotChooser(make_bot(game, kind, seed if seed is not None else name))
        player = SeatPlayer(conn, game, match.game_id, match.seat, chooser,
                            on_update=on_update, on_seed=lambda ok, text: seed_fate.append((ok, text)))
        view = await player.run()
        return BotGame(name, kind, game, match.game_id, match.seat, match.players, view, player.moves,
                       player.rejections, seed_fate[0][0] if seed_fate else None,
                       seed_fate[0][1] if seed_fate else "", chooser.built)
    finally:
        await conn.close()


# -- whole tables without the matchmaker (tests, benchmarks) --------------------------------

async def create_game(conn: Connection, game: str, players, options: dict | None = None,
                      ranked: bool = False, game_id: str = "", clock: game_pb2.Clock | None = None):
    """CreateGame (a service or operator token may create any table); the CreateGameResponse.
    `clock`: the table's turn clock (turn_clock(...)), none when None."""
    return await conn.game(game).CreateGame(game_pb2.CreateGameRequest(
        game_id=game_id, players=list(players), options=to_struct(options or {}), ranked=ranked, clock=clock))


def game_cancelled(exc: grpc.aio.AioRpcError) -> bool:
    """Whether a call failed because its game was cancelled (a ranked table nobody came to,
    docs/live-tables.md): final, never worth a retry."""
    return exc.code() == grpc.StatusCode.FAILED_PRECONDITION and (exc.details() or "").startswith("game cancelled")


def turn_clock(initial_s: int, increment_s: int = 0, on_timeout: str = "bot") -> game_pb2.Clock:
    """A CreateGameRequest.clock: Fischer `initial_s` + `increment_s` a move; out of time the
    seat's bot moves ("bot") or the seat forfeits ("forfeit"). docs/live-tables.md."""
    if on_timeout not in ("bot", "forfeit"):
        raise ValueError(f"on_timeout is bot or forfeit, not {on_timeout!r}")
    return game_pb2.Clock(initial_seconds=initial_s, increment_seconds=increment_s,
                          on_timeout=game_pb2.ON_TIMEOUT_FORFEIT if on_timeout == "forfeit" else game_pb2.ON_TIMEOUT_BOT)


def time_left_ms(view: dict[str, Any], player: str, elapsed_s: float = 0.0) -> int | None:
    """`player`'s time left on a clocked table, `elapsed_s` after `view` arrived (a running
    clock counts down from the view's reading; a stopped one stays); None without a clock."""
    clock = (view.get("clocks") or {}).get(player)
    if not clock:
        return None
    remaining = int(clock["remaining_ms"])
    return max(0, remaining - int(elapsed_s * 1000)) if clock.get("running") else remaining


def takes_turns(view: dict[str, Any]) -> bool:
    """Whether the seat of `view` moves alone now, so that its move should name the version it
    was chosen on (choices made by several seats at the same time, in any order, name none).
    Every game's view lists who may act (`to_act`)."""
    return len(view.get("to_act") or ()) == 1


async def send_client_seeds(conns: list[Connection], game_id: str,
                            deadline_s: float = SEED_RETRY_DEADLINE_S) -> list[int]:
    """Every seat's random client seed to the deck, seat i through conns[i], each call tried
    again while it fails in a way that may pass (add_client_seed). A seed the deck did not take
    in the end (refused as late, after the first shuffle; or still failing after `deadline_s`)
    is logged as a warning and the game is played on. The seats whose seed was not taken."""
    async def seed(seat: int) -> int | None:
        try:
            await add_client_seed(conns[seat], game_id, seat, os.urandom(32), deadline_s)
        except grpc.aio.AioRpcError as exc:
            log.warning("client seed not sent", game_id=game_id, seat=seat, error=rpc_error_text(exc))
            return seat
        return None
    return [s for s in await asyncio.gather(*(seed(s) for s in range(len(conns)))) if s is not None]
