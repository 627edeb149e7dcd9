"""The house bots: seats for a human who waits alone (`foodgames house-bots`).

The matchmaker, with bot fill on (FOODGAMES_MM_BOT_FILL_AFTER_S; services/matchmaking/botfill.py),
publishes {game, ranked, options, players, count, ...} on `matchmaking.bots.wanted` when a queue
with a human in it has been quiet for a while. For each request this process starts `count`
bots, each exactly what `foodgames bots` runs (apps.sdk.seatplayer.run_bot: a token minted with the
stack's token key, a ticket with the same queue options and table size, the ticket's stream, its
client seed, the game's default bot playing its seat to the end), then they leave.

The level (apps/bots/base.py: easy, normal, strong) is the casual queue's `bot_level` option
(the request's `level`), `normal` without one; in ranked queues it is the operator's,
FOODGAMES_HOUSE_BOTS_RANKED_LEVEL (default normal).

Bounded by a budget (docs/bots.md, "House bots that never run out", for the measured cost of a
bot): at most `max_bots` play at once (FOODGAMES_HOUSE_BOTS_MAX, default DEFAULT_MAX_BOTS), of
them at most `max_strong` strong ones (FOODGAMES_HOUSE_BOTS_MAX_STRONG, DEFAULT_MAX_STRONG: their
search shares the bounded search pool). Seats beyond that are not started (said in the log and in
the answer to the request, so that the waiting player is told) and the matchmaker asks again one
period later; a house with no room leaves the requests' queue group until a seat frees. A bot
whose game is cancelled (an abandoned casual table, shared/runtime/abandon.py) is done at once;
a bot that fails is logged when it fails. Several house processes share the requests (a NATS
queue group): each request goes to one that has room.
Each answers gRPC health checks on its own port (HOUSE_BOTS_PORT; Kubernetes' probes): SERVING
once it listens for requests, NOT_SERVING while its NATS connection is down.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import os
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

import grpc

from services.matchmaking.botfill import BOT_LEVEL, BOTS_WANTED_SUBJECT
from services.matchmaking.tableservice import BOTS_SEATED_SUBJECT
from shared import games, telemetry
from shared.config import HOUSE_BOTS_PORT, Settings
from shared.names import house_bot_prefix, is_house_bot

log = telemetry.get_logger("house-bots")

QUEUE_GROUP = "house-bots"
# The budget of one process, from the measured cost of a bot (docs/bots.md): a normal bot takes
# ~2.4 ms of CPU a move it makes (its watch stream included) and ~0.2 MB, nothing measurable
# while it waits; a strong one ~27 ms a move (its search, in the bounded pool). At a brisk casual
# table (each bot moving every 2 s) 200 normal bots take 0.24 CPU, 16 strong ones 0.22: each
# about half of the house pod's 0.5 CPU limit (deploy/k8s/base/services/house-bots.yaml).
MAX_BOTS_ENV, MAX_STRONG_ENV = "FOODGAMES_HOUSE_BOTS_MAX", "FOODGAMES_HOUSE_BOTS_MAX_STRONG"
DEFAULT_MAX_BOTS = 200
DEFAULT_MAX_STRONG = 16
STRONG = "strong"
RANKED_LEVEL_ENV = "FOODGAMES_HOUSE_BOTS_RANKED_LEVEL"


def budget_from_env(env=None) -> tuple[int, int]:
    """(most bots, most strong bots) of one house process: the operator's, else the defaults."""
    env = os.environ if env is None else env
    out = []
    for name, default in ((MAX_BOTS_ENV, DEFAULT_MAX_BOTS), (MAX_STRONG_ENV, DEFAULT_MAX_STRONG)):
        raw = env.get(name) or ""
        try:
            value = int(raw) if raw else default
        except ValueError:
            raise ValueError(f"{name} must be a whole number of bots, not {raw[:20]!r}") from None
        if value < 1:
            raise ValueError(f"{name} must be at least 1, not {value}")
        out.append(value)
    return out[0], out[1]


def ranked_level() -> str:
    """The level of house bots at ranked tables: the operator's (RANKED_LEVEL_ENV), else normal."""
    from apps.bots.base import DEFAULT_LEVEL, LEVELS

    level = os.environ.get(RANKED_LEVEL_ENV) or DEFAULT_LEVEL
    if level not in LEVELS:
        raise ValueError(f"{RANKED_LEVEL_ENV} must be one of {', '.join(LEVELS)}, not {level!r}")
    return level


@dataclass(frozen=True)
class Request:
    game: str
    count: int
    players: int
    ranked: bool = True
    options: dict[str, Any] = field(default_factory=dict)
    level: str = "normal"  # easy, normal or strong (apps/bots/base.py)

    @classmethod
    def parse(cls, data: bytes) -> "Request":
        body = json.loads(data)
        game = str(body["game"])
        games.get(game)  # an unknown game fails here, named
        count, players = int(body["count"]), int(body.get("players") or 0)
        if count < 1:
            raise ValueError(f"count must be at least 1, not {count}")
        ranked = bool(body.get("ranked", True))
        options = dict(body.get("options") or {})
        from apps.bots.base import DEFAULT_LEVEL, LEVELS

        level = ranked_level() if ranked else (body.get("level") or options.get(BOT_LEVEL) or DEFAULT_LEVEL)
        if level not in LEVELS:
            raise ValueError(f"no bot level {str(level)[:20]!r}; levels: {', '.join(LEVELS)}")
        return cls(game, count, players, ranked, options, level)


async def play_one(settings: Settings, name: str, request: Request) -> Any:
    """One house bot: queue with the request's table, play the seat to the end (apps.sdk)."""
    from apps.sdk.seatplayer import run_bot

    return await run_bot(settings, name, request.game, request.level,
                         ranked=request.ranked, min_players=request.players, max_players=request.players,
                         options=request.options,
                         on_match=lambda m: log.info("house bot seated", bot=name, game_id=m.game_id, seat=m.seat))


@dataclass(frozen=True)
class Seated:
    """Bots a private table seated (services/matchmaking/tableservice.py, FillWithBots): play
    those seats of that game, at the level the host chose when this house has such a bot."""
    game: str
    game_id: str
    seats: tuple[tuple[int, str], ...]
    level: str = ""

    @classmethod
    def parse(cls, data: bytes) -> "Seated":
        body = json.loads(data)
        game = str(body["game"])
        games.get(game)
        seats = tuple((int(seat), str(name)) for seat, name in body["seats"])
        if any(not is_house_bot(name, game) for _, name in seats):
            raise ValueError("a seated bot is named as a house bot of its game")
        return cls(game, str(body["game_id"]), seats, str(body.get("level") or ""))


def bot_kind(game: str, level: str) -> str | None:
    """The bot kind of a level: the game's bot of that name, else its default bot."""
    from apps.bots.base import _game_bots

    return level if level and level in _game_bots(game) else None


async def play_seat(settings: Settings, name: str, game: str, game_id: str, seat: int, level: str = "") -> Any:
    """One house bot plays a seat it was given (no ticket): its seed, then the seat to the end."""
    from apps.bots.base import make_bot
    from apps.sdk.connection import Connection
    from apps.sdk.seatplayer import BotChooser, SeatPlayer
    from shared.auth import mint_token

    conn = Connection(settings, mint_token(settings, name), name)
    try:
        player = SeatPlayer(conn, game, game_id, seat, BotChooser(make_bot(game, bot_kind(game, level), name)))
        await player.run()
        return player
    finally:
        await conn.close()


class House:
    """Starts bots for requests, at most `max_bots` at once, `max_strong` of them strong (None:
    the operator's budget, budget_from_env)."""

    def __init__(self, settings: Settings, max_bots: int | None = None,
                 play: Callable[[Settings, str, Request], Any] = play_one, max_strong: int | None = None):
        most, most_strong = budget_from_env()
        max_bots = most if max_bots is None else max_bots
        if max_bots < 1:
            raise ValueError("the house needs room for at least one bot")
        self.settings, self.max_bots, self.play = settings, max_bots, play
        self.max_strong = min(max_bots, most_strong if max_strong is None else max_strong)
        self.strong: set[asyncio.Task] = set()  # the strong bots among self.tasks
        self.tag = uuid.uuid4().hex[:4]  # names stay unique across restarts of the house
        self.numbers = itertools.count(1)
        self.tasks: set[asyncio.Task] = set()
        self.finished = 0
        self.failed = 0
        # listening (listen): the requests' subscription, held only while there is room
        self._nc = None
        self._wanted_subject = BOTS_WANTED_SUBJECT
        self._wanted_sub = None
        self._seated_sub = None
        self._grouping = asyncio.Lock()
        self._regroups: set[asyncio.Task] = set()

    @property
    def playing(self) -> int:
        return len(self.tasks)

    @property
    def full(self) -> bool:
        return self.playing >= self.max_bots

    async def listen(self, nc, wanted: str = BOTS_WANTED_SUBJECT, seated: str = BOTS_SEATED_SUBJECT) -> None:
        """Hear the matchmaker's requests (`wanted`, while there is room) and the private tables'
        seated bots (`seated`), sharing them with the other houses (a queue group)."""
        self._nc, self._wanted_subject = nc, wanted
        self._seated_sub = await nc.subscribe(seated, queue=QUEUE_GROUP, cb=self.on_seated)
        await self._regroup()
        await nc.flush()

    async def _regroup(self) -> None:
        """In the requests' queue group only while there is room: a request then goes to a house
        that can take it, and with every house full the matchmaker hears "no responders" at once
        (and tells the waiting player) instead of a house starting nobody."""
        async with self._grouping:
            if self._nc is None or self._nc.is_closed:
                return
            try:
                if self.full and self._wanted_sub is not None:
                    sub, self._wanted_sub = self._wanted_sub, None
                    await sub.unsubscribe()
                    log.info("house at its budget: hears no requests until a seat frees", playing=self.playing,
                             max_bots=self.max_bots)
                elif not self.full and self._wanted_sub is None:
                    self._wanted_sub = await self._nc.subscribe(self._wanted_subject, queue=QUEUE_GROUP,
                                                                cb=self.on_message)
            except Exception as exc:  # noqa: BLE001 - NATS away: the next bot to end tries again
                log.warning("could not join or leave the requests' queue group", error=str(exc))

    def _regroup_soon(self, _task: asyncio.Task | None = None) -> None:
        if self._nc is None:
            return
        try:
            task = asyncio.get_running_loop().create_task(self._regroup())
        except RuntimeError:
            return  # the loop is gone
        self._regroups.add(task)
        task.add_done_callback(self._regroups.discard)

    def room(self, level: str) -> int:
        """How many more bots of `level` may start now."""
        room = self.max_bots - self.playing
        if level == STRONG:
            room = min(room, self.max_strong - len(self.strong))
        return max(0, room)

    def _track(self, task: asyncio.Task, level: str) -> None:
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        if level == STRONG:
            self.strong.add(task)
            task.add_done_callback(self.strong.discard)
        task.add_done_callback(self._regroup_soon)

    def name(self, game: str) -> str:
        return f"{house_bot_prefix(game)}{self.tag}-{next(self.numbers)}"

    def handle(self, request: Request) -> list[str]:
        """Start the bots of one request (as many as there is room for); their names."""
        started = [self.name(request.game) for _ in range(min(request.count, self.room(request.level)))]
        if len(started) < request.count:
            log.warning("house full: fewer bots than asked for", game=request.game, asked=request.count,
                        started=len(started), playing=self.playing, max_bots=self.max_bots,
                        bot_level=request.level, strong=len(self.strong), max_strong=self.max_strong)
        for name in started:
            self._track(asyncio.get_running_loop().create_task(self._run(name, request), name=name), request.level)
        self._regroup_soon()
        if started:
            log.info("house bots queueing", game=request.game, bots=started, players=request.players,
                     ranked=request.ranked, options=request.options, bot_level=request.level)
        return started

    async def _run(self, name: str, request: Request) -> None:
        try:
            played = await self.play(self.settings, name, request)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - said at once; the house plays on
            if self._cancelled(name, exc):
                return
            self.failed += 1
            log.error("house bot failed", bot=name, game=request.game, error=f"{type(exc).__name__}: {exc}")
            return
        self.finished += 1
        log.info("house bot done", bot=name, game=request.game, game_id=getattr(played, "game_id", None),
                 moves=getattr(played, "moves", None))

    def _cancelled(self, name: str, exc: Exception) -> bool:
        """Whether the bot's game ended cancelled (its players left a casual table, or nobody
        came to a ranked one): the seat is over and free, nothing failed."""
        from apps.sdk.gamecalls import game_cancelled

        if not (isinstance(exc, grpc.aio.AioRpcError) and game_cancelled(exc)):
            return False
        self.finished += 1
        log.info("house bot done: its game was cancelled", bot=name, reason=exc.details())
        return True

    async def on_message(self, msg) -> None:
        """A request: start its bots, and answer how many started (to a request with a reply
        subject: services/matchmaking/housebots.py tells the waiting ticket when not all did)."""
        try:
            request = Request.parse(msg.data)
        except (ValueError, LookupError, TypeError) as exc:  # a bad body, an unknown game
            log.warning("ignored a bots request", error=f"{type(exc).__name__}: {exc}", body=msg.data[:200])
            await self._answer(msg, {"started": 0, "error": f"{type(exc).__name__}: {exc}"[:200]})
            return
        started = self.handle(request)
        await self._answer(msg, {"started": len(started), "asked": request.count, "playing": self.playing,
                                 "max_bots": self.max_bots})

    @staticmethod
    async def _answer(msg, body: dict) -> None:
        if not msg.reply:
            return
        try:
            await msg.respond(json.dumps(body, separators=(",", ":")).encode())
        except Exception as exc:  # noqa: BLE001 - the matchmaker then counts it as no answer
            log.warning("could not answer a bots request", error=str(exc))

    def handle_seated(self, seated: Seated) -> list[str]:
        """Play the seats a private table gave the house (as many as there is room for)."""
        level = STRONG if bot_kind(seated.game, seated.level) == STRONG else ""
        started = list(seated.seats[:self.room(level)])
        if len(started) < len(seated.seats):
            log.warning("house full: seated bots left to the clock", game_id=seated.game_id,
                        asked=len(seated.seats), started=len(started))
        for seat, name in started:
            self._track(asyncio.get_running_loop().create_task(self._run_seat(name, seated, seat), name=name), level)
        self._regroup_soon()
        return [name for _, name in started]

    async def _run_seat(self, name: str, seated: Seated, seat: int) -> None:
        try:
            await play_seat(self.settings, name, seated.game, seated.game_id, seat, seated.level)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - said at once; the house plays on
            if self._cancelled(name, exc):
                return
            self.failed += 1
            log.error("seated house bot failed", bot=name, game_id=seated.game_id, error=f"{type(exc).__name__}: {exc}")
            return
        self.finished += 1
        log.info("seated house bot done", bot=name, game_id=seated.game_id)

    async def on_seated(self, msg) -> None:
        try:
            seated = Seated.parse(msg.data)
        except (ValueError, LookupError, TypeError) as exc:
            log.warning("ignored a seated bots message", error=f"{type(exc).__name__}: {exc}", body=msg.data[:200])
            return
        self.handle_seated(seated)

    async def close(self) -> None:
        nc, self._nc = self._nc, None  # no regrouping from here on
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, *self._regroups, return_exceptions=True)
        for sub in (self._wanted_sub, self._seated_sub):
            if sub is not None and nc is not None and not nc.is_closed:
                try:
                    await sub.unsubscribe()
                except Exception:  # noqa: BLE001 - the connection may be going
                    pass
        self._wanted_sub = self._seated_sub = None


async def serve(settings: Settings, max_bots: int | None = None, ready: asyncio.Event | None = None,
                port: int | None = HOUSE_BOTS_PORT) -> None:
    """Listen for bot requests until cancelled; answer health checks on `port` (0: a free one,
    None: none). `ready.port` is then the health port."""
    from shared.eventstore.connections import connect
    from shared.service import start_server

    house = House(settings, max_bots)
    nc = await connect(settings.nats_url, name="house-bots")
    health = None
    try:
        await house.listen(nc)
        if port is not None:  # SERVING only now that requests are heard; it follows the NATS connection
            health = await start_server("house-bots", port, settings, [], [], dependencies=lambda: [nc])
        log.info("house bots listening", subject=BOTS_WANTED_SUBJECT, max_bots=house.max_bots,
                 max_strong=house.max_strong,
                 health_port=getattr(health, "port", None))
        if ready is not None:
            ready.port = getattr(health, "port", None)  # type: ignore[attr-defined]
            ready.set()
        await asyncio.Future()
    finally:
        if health is not None:
            await health.stop(None)
        await house.close()
        try:
            await nc.drain()
        except Exception:  # noqa: BLE001 - NATS gone: drain cannot run, but the connection must end
            await nc.close()  # (a connection left reconnecting marks every service of the process down)
