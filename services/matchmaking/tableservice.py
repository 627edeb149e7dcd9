"""TableService over gRPC: private tables, their invite codes, the open tables lobby and
rematches (docs/friends.md). Served by the matchmaker's process beside MatchmakingService."""
from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import replace
from typing import Any, Callable

from foodgames.v1 import game_pb2
from foodgames.v1 import tables_pb2 as pb
from foodgames.v1 import tables_pb2_grpc as pb_grpc
from google.protobuf.timestamp_pb2 import Timestamp

from services.matchmaking import gameoptions
from services.matchmaking.catalogue import Catalogue
from services.matchmaking.config import MatchmakingConfig
from services.matchmaking.engine import GrpcGameCreator, Publisher
from services.matchmaking.ratings import RatingSource
from services.matchmaking.tables import (CLOSED, EXPIRED, FINAL, OPEN, STARTED, STARTING, PrivateTable, TableStore,
                                         join_link, new_code)
from shared import games, names, seatdraws, telemetry
from shared.auth import current_identity
from shared.errors import AlreadyExists, FailedPrecondition, InvalidArgument, NotFound, PermissionDenied, Unavailable
from shared.moves import quote
from shared.protojson import to_dict, to_struct
from shared.runtime import spectators as spectator_options
from shared.service import call_language

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["TableService"].full_name
TABLES_SUBJECT = "tables.changed"  # tables.changed.<game>.<table_id>: a table's new state (JSON)
BOTS_SEATED_SUBJECT = "tables.bots.seated"  # {game, game_id, seats: [[seat, bot]], level}: play them
SEAT_DECK = "seats"
MAX_EXPIRY_S = 24 * 3600
log = telemetry.get_logger("matchmaking.tables")
_STATES = {OPEN: pb.TABLE_STATE_OPEN, STARTING: pb.TABLE_STATE_OPEN, STARTED: pb.TABLE_STATE_STARTED,
           EXPIRED: pb.TABLE_STATE_EXPIRED, CLOSED: pb.TABLE_STATE_CLOSED}


def add_to_server(servicer, server) -> None:
    pb_grpc.add_TableServiceServicer_to_server(servicer, server)


def _timestamp(t: float) -> Timestamp:
    ts = Timestamp()
    ts.FromNanoseconds(int(t * 1e9))
    return ts


def to_proto(t: PrivateTable) -> pb.PrivateTable:
    clock = None
    if t.clock:
        clock = game_pb2.Clock(initial_seconds=t.clock[0], increment_seconds=t.clock[1],
                               on_timeout=game_pb2.ON_TIMEOUT_FORFEIT if t.clock[2] == "forfeit"
                               else game_pb2.ON_TIMEOUT_BOT)
    return pb.PrivateTable(
        table_id=t.table_id, code=t.code if t.state in (OPEN, STARTING) else "", link=join_link(t.code)
        if t.state in (OPEN, STARTING) else "", game=t.game, host=t.host, seats=t.seats, players=list(t.players),
        ranked=t.ranked, options=to_struct(t.options) if t.options else None, clock=clock,
        spectators=t.spectators, public=t.public, fixed_seats=t.fixed_seats, state=_STATES[t.state],
        created_at=_timestamp(t.created_at), expires_at=_timestamp(t.expires_at),
        game_id=t.game_id if t.state == STARTED else "",
        seat_draw_id=t.seat_draw_id, free_seats=t.free_seats if t.state == OPEN else 0, rematch=list(t.rematch),
        rematch_table_id=t.rematch_table_id, rematch_of=t.rematch_of, version=t.version, bot_level=t.bot_level)


def humans(t: PrivateTable) -> list[str]:
    return [p for p in t.players if names.reserved(p) != names.BOT_PREFIX]


class TableServicer(pb_grpc.TableServiceServicer):
    def __init__(self, store: TableStore, catalogue: Catalogue, ratings: RatingSource, publisher: Publisher,
                 creator: GrpcGameCreator, deck, config: MatchmakingConfig | None = None,
                 clock: Callable[[], float] = time.time, watch_poll_s: float = 1.0):
        self.store, self.catalogue, self.ratings = store, catalogue, ratings
        self.publisher, self.creator, self.deck = publisher, creator, deck
        self.config = config or MatchmakingConfig()
        self.clock = clock
        self.watch_poll_s = watch_poll_s

    # -- helpers ------------------------------------------------------------------------

    @staticmethod
    def _player() -> str:
        identity = current_identity()
        if identity.role != "player":
            raise PermissionDenied("private tables are for players: sign in as a player", key="players-only")
        return identity.player

    async def _publish(self, t: PrivateTable) -> None:
        try:
            await self.publisher.publish(f"{TABLES_SUBJECT}.{t.game}.{t.table_id}",
                                         {"table_id": t.table_id, "state": t.state, "version": t.version})
        except Exception:  # noqa: BLE001 - watchers poll too
            log.exception("publishing a table change failed", table_id=t.table_id)

    async def _lapse(self, t: PrivateTable) -> PrivateTable:
        if not t.lapsed(self.clock()):
            return t
        now = self.clock()
        t = await self.store.change(t.table_id, lambda old: replace(old, state=EXPIRED) if old.lapsed(now)
                                    else None) or t
        if t.state == EXPIRED:
            await self._publish(t)
        return t

    async def _table(self, table_id: str) -> PrivateTable:
        if not table_id or len(table_id) > 64:
            raise InvalidArgument("table_id is required (as CreateTable returned it)", key="table-id-required")
        t = await self.store.get(table_id)
        if t is None:
            raise NotFound(f"there is no table {quote(table_id)}", key="no-such-table", table=quote(table_id))
        return await self._lapse(t)

    async def _by_code(self, code: str) -> PrivateTable:
        code = code.strip().upper().rsplit("/", 1)[-1]
        t = await self.store.by_code(code) if code and len(code) <= 64 else None
        if t is None:
            raise NotFound(f"the invite code {quote(code)} is unknown or has expired: ask the host for a new one",
                           key="table-code-unknown", code=quote(code))
        t = await self._lapse(t)
        if t.state != OPEN:
            raise FailedPrecondition(f"the invite code {code} has expired: the table {_said(t.state)}",
                                     key="table-code-expired", code=code)
        return t

    def _clock(self, request, ranked: bool) -> tuple[int, int, str] | None:
        if request.HasField("clock"):
            c = request.clock
            if c.initial_seconds == 0:
                return None
            on = "forfeit" if c.on_timeout == game_pb2.ON_TIMEOUT_FORFEIT else "bot"
            return int(c.initial_seconds), int(c.increment_seconds), on
        queue = self.config.clock_for(ranked)
        return (queue.initial_s, queue.increment_s, queue.on_timeout) if queue else None

    @staticmethod
    def _options(game: str, request, seats: int, language: str | None) -> dict[str, Any]:
        options = to_dict(request.options) if request.HasField("options") else {}
        gameoptions.check_size(options)
        if any(k in spectator_options.TABLE_OPTIONS for k in options):
            raise InvalidArgument("spectators are a table setting (CreateTableRequest.spectators), not a game option",
                                  key="table-spectators-option")
        gameoptions.check_setup(game, options, seats, language)
        return options

    async def _ranked_gap(self, t: PrivateTable, player: str) -> None:
        """The rating rule of a ranked private table (docs/friends.md): every player's skill lies
        within the matchmaker's widest finite window of the host's, so a ranked table among
        friends cannot be used to farm rating off a far weaker or stronger account."""
        if not t.ranked:
            return
        limit = self.config.private_ranked_gap
        (host_mu, _), (mu, _) = await self.ratings.ratings(t.game, [t.host, player])
        if abs(host_mu - mu) > limit:
            raise FailedPrecondition(
                f"{player} may not join this ranked table: their rating ({mu:.1f}) is more than {limit:g} from "
                f"the host's ({host_mu:.1f}); play it casual, or find them in the ranked queue",
                key="table-rating-gap", player=player, gap=f"{limit:g}")

    # -- RPCs ---------------------------------------------------------------------------

    async def CreateTable(self, request, context):
        host = self._player()
        if not request.game:
            raise InvalidArgument("game is required, e.g. 'food-fight'", key="game-required")
        info = self.catalogue.get(request.game)
        seats = request.seats or info.min_players
        if not info.min_players <= seats <= info.max_players:
            raise InvalidArgument(f"{info.name} is played by {info.min_players} to {info.max_players} players, "
                                  f"not {seats}", key="table-seats", low=info.min_players, high=info.max_players)
        if request.fixed_seats and request.ranked:
            raise InvalidArgument("a ranked table's seats are drawn: only a casual table keeps fixed seats",
                                  key="table-fixed-ranked")
        if request.expires_in_seconds > MAX_EXPIRY_S:
            raise InvalidArgument(f"an invite code works at most {MAX_EXPIRY_S} s", key="table-expiry",
                                  hours=MAX_EXPIRY_S // 3600)
        options = self._options(info.name, request, seats, call_language("", context))
        now = self.clock()
        expiry = request.expires_in_seconds or self.config.private_table_ttl_s
        t = PrivateTable(table_id="pt-" + uuid.uuid4().hex[:20], code=new_code(), game=info.name, host=host,
                         seats=seats, players=(host,), ranked=request.ranked, options=options,
                         clock=self._clock(request, request.ranked), spectators=request.spectators,
                         public=request.public, fixed_seats=request.fixed_seats, state=OPEN, created_at=now,
                         expires_at=now + expiry)
        if not await self.store.create(t):
            raise await self._seated_elsewhere(host, await self.store.held_by(host) or "")
        log.info("private table opened", table_id=t.table_id, game=t.game, host=host, seats=seats,
                 ranked=t.ranked, public=t.public)
        await self._publish(t)
        return pb.CreateTableResponse(table=to_proto(t))

    async def _seated_elsewhere(self, player: str, held: str) -> AlreadyExists:
        """The refusal of a player who sits at another open table: which one, as a player knows it
        (its game, host and code), not by its id."""
        other = await self.store.get(held) if held else None
        game = games.title_of(other.game) if other else "?"
        host, code = (other.host, other.code) if other else ("?", "?")
        return AlreadyExists(f"{player} already sits at the open table {held} ({game}, hosted by {host}, code {code}); "
                             f"start or leave it first", key="table-already-seated", game=game, host=host, code=code)

    async def JoinTable(self, request, context):
        player = self._player()
        t = await self._by_code(request.code)
        if player in t.players:
            raise AlreadyExists("you sit at this table already", key="table-joined-twice")
        held = await self.store.held_by(player)
        if held and held != t.table_id:
            raise await self._seated_elsewhere(player, held)
        await self._ranked_gap(t, player)

        def join(old: PrivateTable) -> PrivateTable:
            if old.state != OPEN or old.lapsed(self.clock()):
                raise FailedPrecondition(f"the invite code {old.code} has expired: the table {_said(old.state)}",
                                         key="table-code-expired", code=old.code)
            if player in old.players:
                raise AlreadyExists("you sit at this table already", key="table-joined-twice")
            if old.free_seats == 0:
                raise FailedPrecondition(f"the table is full ({old.seats} players)", key="table-full",
                                         seats=old.seats)
            return replace(old, players=old.players + (player,))

        t = await self.store.change(t.table_id, join)
        log.info("joined a private table", table_id=t.table_id, player=player, free_seats=t.free_seats)
        await self._publish(t)
        if t.free_seats == 0:
            t = await self._start(t.table_id, lambda old: old.players)
        return pb.JoinTableResponse(table=to_proto(t))

    def _host_only(self, t: PrivateTable, player: str, what: str) -> None:
        if t.host != player:
            raise PermissionDenied(f"only the host, {t.host}, may {what}", key="table-host-only", host=t.host)
        if t.state != OPEN:
            raise FailedPrecondition(f"the table {_said(t.state)}", key="table-not-open")

    async def FillWithBots(self, request, context):
        player = self._player()
        t = await self._table(request.table_id)
        self._host_only(t, player, "fill the table with bots")
        level = request.level.strip()
        if level and len(level) > 32:
            raise InvalidArgument("a bot level is a short name, e.g. 'hard'")
        stem = f"{names.house_bot_prefix(t.game)}{t.table_id[3:11]}-"
        t = await self._start(t.table_id, lambda old: old.players + tuple(
            f"{stem}{i + 1}" for i in range(old.free_seats)), level)
        return pb.FillWithBotsResponse(table=to_proto(t))

    async def StartTable(self, request, context):
        player = self._player()
        t = await self._table(request.table_id)
        self._host_only(t, player, "start the table")
        info = self.catalogue.get(t.game)
        if len(t.players) < info.min_players:
            raise FailedPrecondition(f"{info.name} needs at least {info.min_players} players; "
                                     f"{len(t.players)} came (fill the rest with bots)",
                                     key="table-too-few", needed=info.min_players, came=len(t.players))
        t = await self._start(t.table_id, lambda old: old.players, shrink=True)
        return pb.StartTableResponse(table=to_proto(t))

    async def LeaveTable(self, request, context):
        player = self._player()
        t = await self._table(request.table_id)

        def leave(old: PrivateTable) -> PrivateTable:
            if player not in old.players:
                raise FailedPrecondition("you do not sit at this table", key="table-not-seated")
            if old.state != OPEN:
                raise FailedPrecondition(f"the table {_said(old.state)}", key="table-not-open")
            if old.host == player:  # without its host nobody may fill or start it
                return replace(old, state=CLOSED)
            return replace(old, players=tuple(p for p in old.players if p != player))

        t = await self.store.change(t.table_id, leave) or t
        log.info("left a private table", table_id=t.table_id, player=player, closed=t.state == CLOSED)
        await self._publish(t)
        return pb.LeaveTableResponse(table=to_proto(t))

    async def _start(self, table_id: str, seated: Callable[[PrivateTable], tuple[str, ...]], level: str = "",
                     shrink: bool = False) -> PrivateTable:
        """OPEN -> STARTING (once), the seat draw, CreateGame, STARTED; the game id is the table's
        own, so a retried create is the same game."""
        def claim(old: PrivateTable) -> PrivateTable:
            if old.state != OPEN:
                raise FailedPrecondition(f"the table {_said(old.state)}", key="table-not-open")
            players = seated(old)
            return replace(old, state=STARTING, players=players, seats=len(players) if shrink else old.seats,
                           game_id=old.game_id or f"{old.table_id}-g", bot_level=level)

        t = await self.store.change(table_id, claim)
        try:
            order, draw_id = await self._draw(t)
            options = dict(t.options)
            if t.spectators or t.ranked:
                options[spectator_options.ALLOW] = t.spectators
            clock = to_proto(t).clock if t.clock else game_pb2.Clock()
            await self.creator.create(self.catalogue.get(t.game), t.game_id, order, t.ranked,
                                      self.config.create_timeout_s, options, clock=clock)
        except Exception as exc:  # noqa: BLE001 - the table opens again as it was
            log.warning("starting a private table failed", table_id=table_id, error=f"{type(exc).__name__}: {exc}")
            await self.store.change(table_id, lambda old: replace(old, state=OPEN, players=tuple(
                p for p in old.players if names.reserved(p) != names.BOT_PREFIX)) if old.state == STARTING else None)
            raise Unavailable(f"the game could not be started ({type(exc).__name__}); try again") from None
        t = await self.store.change(table_id, lambda old: replace(old, state=STARTED, players=tuple(order),
                                                                  seat_draw_id=draw_id))
        log.info("private table started", table_id=t.table_id, game_id=t.game_id, players=list(t.players),
                 seat_draw_id=draw_id)
        await self._publish(t)
        bots = [[seat, p] for seat, p in enumerate(t.players) if names.reserved(p) == names.BOT_PREFIX]
        if bots:
            try:
                await self.publisher.publish(BOTS_SEATED_SUBJECT, {"game": t.game, "game_id": t.game_id,
                                                                   "seats": bots, "level": t.bot_level})
            except Exception:  # noqa: BLE001 - the seats' clocks move for bots that never came
                log.exception("asking the house bots to play failed", table_id=t.table_id)
        return t

    async def _draw(self, t: PrivateTable) -> tuple[list[str], str]:
        """The seat order: joining order at a casual table with fixed seats, else one shuffle of
        the sorted players at the deck (its own deck game, shared/seatdraws.py), audited as a
        tournament's seat draws are."""
        if t.fixed_seats:
            return list(t.players), ""
        draw_id = seatdraws.draw_id(t.game_id)
        cards = sorted(t.players)
        await self.deck.commit(draw_id, t.game, cards)
        return list(await self.deck.shuffle(draw_id, SEAT_DECK, cards, 0)), draw_id

    async def GetTable(self, request, context):
        self._player_or_any()
        if request.table_id:
            t = await self._table(request.table_id)
        elif request.code:
            t = await self._by_code(request.code)
        else:
            t = await self._held(current_identity())
        return pb.GetTableResponse(table=to_proto(await self._reveal(t)))

    async def _held(self, identity) -> PrivateTable:
        """The open table a player sits at (GetTable naming none)."""
        if identity.role != "player":
            raise InvalidArgument("name the table: table_id or code")
        held = await self.store.held_by(identity.player)
        t = await self.store.get(held) if held else None
        t = await self._lapse(t) if t is not None else None
        if t is None or t.state != OPEN or identity.player not in t.players:
            raise NotFound(f"{identity.player} sits at no open table", key="table-none-held")
        return t

    @staticmethod
    def _player_or_any() -> None:
        current_identity()  # every signed-in caller may read a table: codes are shared openly

    async def _reveal(self, t: PrivateTable) -> PrivateTable:
        """Once a started table's game is over, the deck reveals its seat draw's seed (it refuses
        before the game ends); tried whenever the table is read."""
        if t.state != STARTED or not t.seat_draw_id or t.draw_revealed:
            return t
        try:
            await self.deck.reveal(t.seat_draw_id)
        except Exception:  # noqa: BLE001 - not over yet (FAILED_PRECONDITION), or the deck is away
            return t
        return await self.store.change(t.table_id, lambda old: replace(old, draw_revealed=True)) or t

    async def WatchTable(self, request, context):
        t = await self._table(request.table_id)
        version = 0
        while True:
            if t.version != version:
                version = t.version
                yield pb.WatchTableResponse(table=to_proto(t))
            if t.state in FINAL:
                return
            await asyncio.sleep(self.watch_poll_s)
            t = await self._table(request.table_id)

    async def WatchOpenTables(self, request, context):
        current_identity()
        if request.game:
            self.catalogue.get(request.game)
        last = None
        while True:
            listed = []
            for t in await self.store.open_public():
                t = await self._lapse(t)
                if t.state == OPEN and (not request.game or t.game == request.game):
                    listed.append(t)
            seen = [(t.table_id, t.version) for t in listed]
            if seen != last:
                last = seen
                yield pb.WatchOpenTablesResponse(tables=[to_proto(t) for t in listed])
            await asyncio.sleep(self.watch_poll_s)

    async def RequestRematch(self, request, context):
        player = self._player()
        t = await self._reveal(await self._table(request.table_id))
        if player not in t.players:
            raise PermissionDenied("only the table's players ask for its rematch", key="table-not-yours")
        if t.state != STARTED:
            raise FailedPrecondition(f"the table {_said(t.state)}: a rematch follows a game", key="table-not-started")
        if t.rematch_table_id:
            return pb.RequestRematchResponse(table=to_proto(t))

        def ask(old: PrivateTable) -> PrivateTable | None:
            return None if player in old.rematch else replace(old, rematch=old.rematch + (player,))

        t = await self.store.change(t.table_id, ask)
        if set(humans(t)) <= set(t.rematch) and not t.rematch_table_id:
            t = await self._rematch(t)
        await self._publish(t)
        return pb.RequestRematchResponse(table=to_proto(t))

    async def _rematch(self, t: PrivateTable) -> PrivateTable:
        """Every human asked: one new table (made once, whoever asked last), the same players
        (bots again bots), options and clock, started at once with the seats drawn anew."""
        new_id = "pt-" + uuid.uuid4().hex[:20]

        def link(old: PrivateTable) -> PrivateTable | None:
            return None if old.rematch_table_id else replace(old, rematch_table_id=new_id)

        after = await self.store.change(t.table_id, link)
        if after.rematch_table_id != new_id:
            return after  # another request made it
        now = self.clock()
        people = tuple(humans(t))
        bots = len(t.players) - len(people)
        fresh = PrivateTable(table_id=new_id, code=new_code(), game=t.game, host=t.host, seats=len(t.players),
                             players=people, ranked=t.ranked, options=t.options, clock=t.clock,
                             spectators=t.spectators, public=False, fixed_seats=False, state=OPEN, created_at=now,
                             expires_at=now + self.config.private_table_ttl_s, rematch_of=t.table_id)
        await self.store.redis.set(self.store._key(new_id), fresh.to_json())
        stem = f"{names.house_bot_prefix(t.game)}{new_id[3:11]}-"
        await self._start(new_id, lambda old: old.players + tuple(f"{stem}{i + 1}" for i in range(bots)),
                          t.bot_level)
        log.info("rematch started", table_id=t.table_id, rematch_table_id=new_id)
        return after


def _said(state: str) -> str:
    return {STARTED: "has started", STARTING: "is starting", EXPIRED: "has expired", OPEN: "is open",
            CLOSED: "was closed by its host"}[state]
