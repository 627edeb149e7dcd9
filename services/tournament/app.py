"""The tournament application: the pure core (decide.py) driven against the world.

Commands go through `decide` on the state folded from the tournament's stream and their events
are appended with the version they were decided on (a concurrent writer makes the append fail
and the command is decided again). A runner per unfinished tournament moves it on, one step at
a time, each step reading the stream afresh (so a restarted service, or another replica, picks
up where the stream says):

    the draws' commitment at the deck          (once, before any draw)
    a pending draw (decide.chance)              -> Shuffle at the deck -> resolve_chance
    a seated table without a game               -> CreateGame on the rules engine -> StartTable
    started tables without a result             -> their GameOver on the GAMES stream -> FinishTable
    every table finished                        -> CloseRound (and the standings)
    between rounds                              -> PairRound, or Finish after the last round
    finished                                    -> Reveal of the draws' seed at the deck

A step that fails (a service down, a refusal) is tried again with backoff; the reason is kept
as the tournament's `stalled` note until a step succeeds.

With several replicas, each unfinished tournament is run by one replica at a time: its runner
moves it only while it holds the tournament's lease (shared.leases, a NATS KV bucket); the
others wait for the lease, and the first to take it once its holder dies (or stops) goes on
from the stream. Every replica looks for tournaments created elsewhere every SCAN_S.
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import grpc

from shared import names, telemetry
from shared.auth import Identity
from shared.errors import (AlreadyExists, FailedPrecondition, InvalidArgument, NotFound, PermissionDenied,
                           reason_for)
from shared.eventstore import VersionConflict

from . import decide as d
from . import events as ev
from .bundle import build_bundle, bundle_json
from .draws import DRAWS_GAME, draws_game_id, table_game_id
from .state import BETWEEN, FINISHED, PLAYING, State
from .stream import Loaded, TournamentStream, check_id, new_id

log = telemetry.get_logger("tournament")

MAX_ENTRANTS = 1024  # every entrant is a player of the draws' deck game (services/deck MAX_PLAYERS)
APPEND_RETRIES = 20
BACKOFF_FIRST_S, BACKOFF_MAX_S = 0.1, 5.0
EXPORT_WAIT_S = 10.0  # a table's seed is revealed by its rules engine just after its GameOver
SCAN_S = 1.0  # how often a replica looks for tournaments it has no runner for
LIST_SCAN = 500  # tournaments read for ListTournaments at most


@dataclass(frozen=True)
class CreateRequest:
    tournament_id: str
    game: str
    entrants: tuple[str, ...]
    rounds: int
    options: dict = field(default_factory=dict)
    format: str | None = None
    table_size: int | None = None
    odd_entrants: str = ev.SMALLER_TABLES
    bye_points: float | None = None
    time_control: ev.TimeControl = ev.TimeControl()
    ranked: bool = False


def _check_entrant(name: Any) -> str:
    try:
        names.check_seated(name)
    except names.InvalidName as exc:
        raise InvalidArgument(f"an entrant is a player: {exc}") from None
    return name


def _check_options(created: ev.TournamentCreated, entrants: Sequence[str]) -> None:
    """The game's options as its rules would take them at a table (pure: the registry's rules
    module), so that a bad option is refused now rather than stalling round 1."""
    from shared import games
    from shared.rules import InvalidSetup

    seats = tuple(entrants[:created.table_size])
    try:
        games.get(created.game).rules.initial_state(seats, dict(created.options))
    except InvalidSetup as exc:
        raise InvalidArgument(f"the options do not suit {created.game}: {exc}") from None


class TournamentApp:
    def __init__(self, stream: TournamentStream, deck, tables, *, sleep: Callable = asyncio.sleep,
                 leases=None):
        self.stream = stream
        self.leases = leases  # shared.leases.Leases: one runner of a tournament among the replicas (None: alone)
        self.deck = deck  # shared.runtime.deck_client.DeckClient: commit, shuffle, reveal, stub
        self.tables = tables  # tables.GameTables: create, game_over
        self.sleep = sleep
        self.runners: dict[str, asyncio.Task] = {}
        self.stalled: dict[str, str] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._committed: set[str] = set()
        # tournament id -> (game, its last event's time) of the finished ones seen (their streams
        # never change): what ListTournaments sorts them by without reading them again
        self.finished: dict[str, tuple[str, str]] = {}

    # -- commands --------------------------------------------------------------------------

    def _lock(self, tid: str) -> asyncio.Lock:
        return self._locks.setdefault(tid, asyncio.Lock())

    async def _decide(self, tid: str, decision: Callable[[State], list], command_id: str) -> Loaded:
        """Decides on the stream's state and appends the events; decided again on a conflict."""
        async with self._lock(tid):
            for _ in range(APPEND_RETRIES):
                loaded = await self.stream.load(tid)
                new = decision(loaded.state)
                if not new:
                    return loaded
                try:
                    await self.stream.append(tid, new, loaded.version, f"{command_id}@{loaded.version}")
                except VersionConflict:
                    continue  # another writer was first: decide again on what it wrote
                return await self.stream.load(tid)
            raise FailedPrecondition(f"tournament {tid} kept changing under this command; try again")

    async def create(self, identity: Identity, request: CreateRequest) -> Loaded:
        if identity.role != "operator":
            raise PermissionDenied(f"creating a tournament needs the role operator; you are {identity.role}")
        tid = check_id(request.tournament_id) if request.tournament_id else new_id()
        entrants = tuple(_check_entrant(p) for p in request.entrants)
        if not 1 <= len(entrants) <= MAX_ENTRANTS:
            raise InvalidArgument(f"a tournament has 1 to {MAX_ENTRANTS} entrants, not {len(entrants)}")
        twice = sorted({p for p in entrants if entrants.count(p) > 1})
        if twice:
            raise InvalidArgument(f"an entrant is listed twice: {twice[0]}")
        create = d.Create(tournament_id=tid, game=request.game, rounds=request.rounds, options=dict(request.options),
                          format=request.format, table_size=request.table_size, odd_entrants=request.odd_entrants,
                          bye_points=request.bye_points, time_control=request.time_control,
                          ranked=request.ranked)
        state = State()
        events = d.decide(state, create)  # InvalidSetup: INVALID_ARGUMENT with the core's reason
        created = events[0]
        if len(entrants) < created.min_table:
            raise InvalidArgument(f"{len(entrants)} entrants cannot fill a table of {created.game} "
                                  f"(it needs {created.min_table})")
        _check_options(created, entrants)
        for e in events:
            state = d.evolve(state, e)
        for p in entrants:
            joined = d.decide(state, d.Join(p))
            events += joined
            for e in joined:
                state = d.evolve(state, e)
        async with self._lock(tid):
            loaded = await self.stream.load(tid)
            if loaded.version:
                raise AlreadyExists(f"tournament {tid} exists already; pick another id")
            try:
                await self.stream.append(tid, events, 0, "create")
            except VersionConflict:
                raise AlreadyExists(f"tournament {tid} exists already; pick another id") from None
            loaded = await self.stream.load(tid)
        log.info("tournament created", tournament_id=tid, game=created.game, entrants=len(entrants),
                 rounds=created.rounds, format=created.format, ranked=created.ranked)
        self.start(tid)
        return loaded

    async def get(self, tid: str) -> Loaded:
        check_id(tid)
        loaded = await self.stream.load(tid)
        if not loaded.version:
            raise NotFound(f"there is no tournament {tid}")
        return loaded

    async def recent(self, game: str = "", limit: int = 20) -> list[Loaded]:
        """The tournaments on the stream (of `game`, when named): the running ones first, then the
        finished, each group newest activity first. A finished tournament's stream never changes,
        so its game and last activity are kept once seen (`self.finished`: by its runner, which
        every replica starts for every tournament, or by this listing) and only the finished ones
        listed are read again; the rest (running, or not yet seen finished) are read each time, at
        most LIST_SCAN of them, eight at a time (more than that unseen, just after a start, and a
        call lists from part of them; the runners and each call see more). Before, every call
        read every tournament, and past LIST_SCAN of them only the first LIST_SCAN ids in
        alphabetical order: a new tournament could be left off the list for good."""
        gate = asyncio.Semaphore(8)

        async def read(tid: str) -> Loaded:
            async with gate:
                return await self.stream.load(tid)

        unknown = [tid for tid in await self.stream.ids() if tid not in self.finished][:LIST_SCAN]
        running = []
        for loaded in await asyncio.gather(*(read(tid) for tid in unknown)):
            c = loaded.state.created
            if not loaded.version or c is None:
                continue
            if loaded.state.finished is not None:
                self._settled(loaded)
            elif not game or c.game == game:
                running.append(loaded)
        running.sort(key=lambda t: t.updated_at, reverse=True)
        if len(running) >= limit:
            return running[:limit]
        newest = sorted(((at, tid) for tid, (of, at) in self.finished.items() if not game or of == game),
                        reverse=True)[:limit - len(running)]
        return running + list(await asyncio.gather(*(read(tid) for _, tid in newest)))

    def _settled(self, loaded: Loaded) -> None:
        """Keeps a finished tournament's game and last activity for the listing."""
        self.finished[loaded.state.created.tournament_id] = (loaded.state.created.game, loaded.updated_at)

    async def drop(self, identity: Identity, tid: str, player: str) -> Loaded:
        if identity.role != "operator" and not (identity.role == "player" and identity.player == player):
            raise PermissionDenied(f"only an operator or {str(player)[:64]} may drop {str(player)[:64]}")
        _check_entrant(player)
        await self.get(tid)
        loaded = await self._decide(tid, lambda s: d.decide(s, d.Drop(player)), f"drop-{player}")
        log.info("entrant dropped", tournament_id=tid, player=player)
        return loaded

    async def export(self, identity: Identity, tid: str) -> str:
        if identity.role not in ("operator", "service"):
            raise PermissionDenied(f"a tournament's bundle holds every table's whole record: it is for "
                                   f"operators; you are {identity.role}")
        loaded = await self.get(tid)
        s = loaded.state
        if s.phase != FINISHED:
            raise FailedPrecondition(f"tournament {tid} has not finished: its draws' seed is revealed, and "
                                     f"its bundle exported, once it finishes")
        draws = await self._deck_bundle(draws_game_id(tid))
        games = {}
        for r in s.rounds:
            for t in r.tables:
                if t.game_id is not None:
                    games[t.game_id] = await self._deck_bundle(t.game_id)
        records = await self.stream.records(tid)
        return bundle_json(build_bundle(tid, s.created.game, records, draws, games))

    async def _deck_bundle(self, game_id: str) -> dict:
        from foodgames.v1 import deck_pb2

        waited = 0.0
        while True:
            try:
                reply = await self.deck.stub.ExportAuditBundle(
                    deck_pb2.ExportAuditBundleRequest(game_id=game_id), timeout=30)
                return json.loads(reply.bundle_json)
            except grpc.aio.AioRpcError as exc:
                # the seed of a game just over may not be revealed yet; the draws' once finished
                if exc.code() != grpc.StatusCode.FAILED_PRECONDITION or waited >= EXPORT_WAIT_S:
                    raise FailedPrecondition(f"the deck did not give the audit bundle of {game_id}: "
                                             f"{exc.code().name}: {exc.details()}") from None
            await self.sleep(0.1)
            waited += 0.1

    # -- the runners -----------------------------------------------------------------------

    def start(self, tid: str) -> None:
        task = self.runners.get(tid)
        if task is None or task.done():
            self.runners[tid] = asyncio.create_task(self.run(tid), name=f"tournament-{tid}")

    async def resume_all(self) -> None:
        """Start a runner for every tournament on the stream that is not finished (or whose
        draws' seed may not be revealed yet: the runner's last step is idempotent)."""
        for tid in await self.stream.ids():
            self.start(tid)

    async def scan(self) -> None:
        """Until cancelled: start a runner (a contender for the lease) for every tournament that
        another replica created, so that it is taken over if that replica dies."""
        while True:
            await self.sleep(SCAN_S)
            try:
                for tid in await self.stream.ids():
                    if tid not in self.runners:
                        self.start(tid)
            except Exception as exc:  # noqa: BLE001 - NATS away: look again later
                log.debug("could not list the tournaments", error=str(exc))

    async def close(self) -> None:
        tasks = list(self.runners.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def run(self, tid: str) -> None:
        """Move the tournament to its end: alone, or while this replica holds its lease."""
        if self.leases is None:
            return await self.run_held(tid)
        return await self.leases.hold(tid, lambda: self.run_held(tid))

    async def run_held(self, tid: str) -> None:
        backoff = BACKOFF_FIRST_S
        while True:
            try:
                if await self.step(tid):
                    self.stalled.pop(tid, None)
                    return
                self.stalled.pop(tid, None)
                backoff = BACKOFF_FIRST_S
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - kept as the tournament's stalled note, tried again
                why = reason_for(exc) if not isinstance(exc, grpc.aio.AioRpcError) else \
                    f"{exc.code().name}: {exc.details()}"
                if self.stalled.get(tid) != why:
                    log.warning("tournament step failed; trying again", tournament_id=tid, reason=why)
                self.stalled[tid] = why
                await self.sleep(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX_S)

    async def _commit_draws(self, tid: str, loaded: Loaded) -> None:
        if tid in self._committed:
            return
        # the entrants as they joined (the draws game's players never change afterwards)
        joined = [e.player for e in loaded.events if isinstance(e, ev.EntrantJoined)]
        await self.deck.commit(draws_game_id(tid), DRAWS_GAME, joined)
        self._committed.add(tid)

    async def step(self, tid: str) -> bool:
        """One move of the tournament; True once there is nothing left to do."""
        loaded = await self.stream.load(tid)
        s = loaded.state
        c = s.created
        if c is None:
            raise NotFound(f"there is no tournament {tid}")
        if s.phase == FINISHED:
            self._settled(loaded)
            await self.deck.reveal(draws_game_id(tid))  # a repeated reveal answers the same seed
            log.info("tournament finished; draws revealed", tournament_id=tid, winners=list(s.finished.winners))
            return True
        await self._commit_draws(tid, loaded)
        node = d.chance(s)
        if node is not None:
            order = await self.deck.shuffle(draws_game_id(tid), node.deck, list(node.cards), node.k)
            await self._decide(tid, lambda st: _resolve(st, node, order), f"draw-{node.deck}-{node.k}")
            return False
        if s.phase == PLAYING:
            r = s.current
            for t, table in enumerate(r.tables):
                if table.game_id is None:
                    gid = table_game_id(tid, r.number, t)
                    await self.tables.create(c.game, gid, table.seats, c.options, c.ranked, c.time_control,
                                             c.format == ev.SERIES)
                    await self._decide(tid, _unless(_started(r.number, t), d.StartTable(r.number, t, gid)),
                                       f"start-r{r.number}-t{t}")
                    log.info("table started", tournament_id=tid, round=r.number, table=t, game_id=gid,
                             seats=list(table.seats))
            loaded = await self.stream.load(tid)
            r = loaded.state.current
            playing = [(t, table) for t, table in enumerate(r.tables) if table.result is None]
            if playing:
                await asyncio.gather(*(self._finish_when_over(tid, c, r.number, t, table.game_id)
                                       for t, table in playing))
                return False
            await self._decide(tid, _unless(_closed(r.number), d.CloseRound()), f"close-r{r.number}")
            log.info("round closed", tournament_id=tid, round=r.number)
            return False
        # registration or between rounds
        if len(s.rounds) >= c.rounds or (s.phase == BETWEEN and len(s.active()) < c.min_table):
            # after the last round, or too few left to fill a table: it ends with the rounds played
            await self._decide(tid, _unless(_finished, d.Finish()), "finish")
            return False
        number = len(s.rounds) + 1
        await self._decide(tid, _unless(_opened(number), d.PairRound()), f"pair-{number}")
        return False

    async def _finish_when_over(self, tid: str, c: ev.TournamentCreated, number: int, t: int, gid: str) -> None:
        over = await self.tables.game_over(c.game, gid)
        team_won = bool(over.get("team_won")) if c.cooperative else None
        finish = d.FinishTable(number, t, gid, tuple(over["players"]), tuple(int(x) for x in over["placings"]),
                               tuple(float(x) for x in over["points"]), team_won)
        await self._decide(tid, lambda st: _unless_done(st, finish), f"finish-r{number}-t{t}")
        log.info("table finished", tournament_id=tid, round=number, table=t, game_id=gid,
                 placings=list(finish.placings))


def _resolve(state: State, node, order: Sequence[str]) -> list:
    if d.chance(state) != node:
        return []  # drawn meanwhile (a retry, or another replica)
    return d.resolve_chance(state, order)


# Every step of a runner is idempotent: decided on a state where it is done already (another
# runner of the same tournament, or an earlier try whose answer was lost), it emits nothing.

def _unless(done: Callable[[State], bool], command: Any) -> Callable[[State], list]:
    return lambda state: [] if done(state) else d.decide(state, command)


def _started(number: int, t: int) -> Callable[[State], bool]:
    return lambda s: s.current.number != number or s.current.tables[t].game_id is not None


def _closed(number: int) -> Callable[[State], bool]:
    return lambda s: s.current.number != number or s.current.closed


def _opened(number: int) -> Callable[[State], bool]:
    return lambda s: len(s.rounds) >= number


def _finished(s: State) -> bool:
    return s.phase == FINISHED


def _unless_done(state: State, finish: d.FinishTable) -> list:
    r = state.current
    if r is not None and r.number == finish.round and r.tables[finish.table].result is not None:
        return []
    return d.decide(state, finish)
