"""The application service of a rules engine: create a game, play a move, read
a seat's view, follow a game. A move is

  load state (warm cache, caught up from the stream) -> rules.decide ->
  append with the expected version and the move's id -> resolve any chance
  node with the deck service -> at game end, reveal the deck's seed.

Nothing is written when any step before the append fails.
"""
from __future__ import annotations

import asyncio
import re
import uuid
from time import perf_counter
from collections import OrderedDict, abc
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Mapping, Sequence

from shared import choices, names, telemetry
from shared.auth import Identity
from shared.codec import EventCodec, to_jsonable
from shared.errors import Aborted, AlreadyExists, FailedPrecondition, InvalidArgument, NotFound, PermissionDenied, Unavailable
from shared.eventstore import AppendResult, DuplicateCommand, EventStore, Freshness, RecordedCommand, VersionConflict
from shared.moves import MAX_TEXT, MoveSet, move_digest, quote
from shared.rules import GameResult, InvalidSetup, Rules, RulesError
from shared import gamestream as env
from shared.runtime import live
from shared.runtime.deck import DeckPort
from shared.runtime.meters import GameMeters
from shared.runtime.narrate import Narrator
from shared.runtime.spectators import split_options

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
MAX_OPTIONS = 32  # game options a table may set; each is a name and a text, number or true/false
# Followers of a game are also woken this often, so that what cannot be heard (a reconnect, a
# store that does not listen, a deal left waiting) is looked at again.
IDLE_WAKE_S = 2.0
# A write can be heard before the stream holds it: read again after these pauses.
BEHIND_RETRY_S = (0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4, 0.8)
# Streams that read and fold a game's whole history at the same time (WatchGame's first update):
# 240 opened at once held 240 decoded histories at one moment, and the heap they grew stayed
# (issue 26); the others wait their turn, a read each.
CATCH_UP_AT_ONCE = 8
log = telemetry.get_logger("shared.runtime")


@dataclass(frozen=True)
class GameRecord:
    """A game as folded from its stream."""

    game_id: str
    state: Any = None
    players: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    ranked: bool = False
    version: int = 0
    last_seq: int = 0
    commitment: str = ""
    results: Mapping[str, int] = field(default_factory=dict)  # command id -> version after it
    over: bool = False
    revealed: bool = False
    # command id -> digest of the move it carried (shared.moves.move_digest), for the commands
    # stored with one: a move id reused for another move is refused, not taken for a retry
    digests: Mapping[str, str] = field(default_factory=dict)
    # the live table: clocks, presence, takeover, cancellation (shared.runtime.live)
    table: live.Table = live.Table()
    # the version after the last command that held more than live-table events: a client
    # that saw it has seen the table as it is, whatever clock or presence events came after
    rules_version: int = 0


@dataclass(frozen=True)
class MoveOutcome:
    version: int
    events: list[dict[str, Any]]  # as the moving seat may see them
    view: dict[str, Any]
    duplicate: bool
    players: tuple[str, ...] = ()  # in seat order (the events' messages name them)


@dataclass(frozen=True)
class Update:
    version: int
    events: list[dict[str, Any]]
    view: dict[str, Any]
    finished: bool
    from_version: int = 0  # the events are those after this version (WatchGameResponse.from_version)
    players: tuple[str, ...] = ()


class GameRuntime:
    def __init__(self, rules: Rules, store: EventStore, deck: DeckPort, *, moves: MoveSet | None = None,
                 cache_size: int = 10_000, max_retries: int = 5, policy: live.LivePolicy | None = None,
                 bot=None, cooperative: bool = False, narrator: Narrator | None = None):
        self.rules = rules
        # how the game's events, moves and turns read (its texts and messages; shared/texts/ alone
        # for a game that declares none)
        self.narrator = narrator or Narrator()
        # live tables: the presence policy and clock, the bot that moves for a timed-out or
        # absent seat (a factory called with seed=...), whether the table plays as a team
        self.policy = policy or live.LivePolicy()
        self.bot = bot or (lambda seed=None: live.FirstLegalBot())
        self.cooperative = cooperative
        self._timers: dict[str, tuple[int, asyncio.TimerHandle]] = {}  # game id -> (due ms, handle)
        self._holders: dict[tuple[str, int], int] = {}  # (game id, seat) -> streams held here
        self._last_call: dict[tuple[str, int], int] = {}  # (game id, seat) -> ms of its last call here
        self._away_checks: dict[tuple[str, int], asyncio.TimerHandle] = {}
        # The game's declared moves: every move's shape is checked here, before the rules see it.
        self.moves = moves
        self.store = store
        self.deck = deck
        self.codec = EventCodec(rules.event_types)
        self.cache: OrderedDict[str, GameRecord] = OrderedDict()
        self.cache_size = cache_size
        self.meters = GameMeters(self)  # its moves counted and timed (shared.metrics)
        self.max_retries = max_retries
        self._locks: dict[str, asyncio.Lock] = {}
        self._background: set[asyncio.Task] = set()
        self._settling: set[str] = set()
        # game id -> the events of the seat streams (shared.runtime.seat) that follow it here
        self._followers: dict[str, set[asyncio.Event]] = {}
        self.ticks = 0  # how many times the followers were woken for IDLE_WAKE_S passing
        self._ticker: asyncio.Task | None = None
        self._catching_up = asyncio.Semaphore(CATCH_UP_AT_ONCE)
        self.closed = False  # after close() (or once the store's connection closed): no background work
        store.on_other_writes(self._heard)

    async def wait_for_change(self, record: GameRecord, changed: asyncio.Event) -> bool:
        """Until the game may have changed (True) or the runtime's idle wake came first (False)."""
        if self.freshness(record) == Freshness.BEHIND:
            # heard of a write the stream did not show us yet
            for pause in BEHIND_RETRY_S:
                try:
                    async with asyncio.timeout(pause):
                        await changed.wait()
                    return True
                except TimeoutError:
                    if self.freshness(record) != Freshness.BEHIND:
                        return True
            return True
        ticks = self.ticks
        await changed.wait()
        return self.ticks == ticks or self.freshness(record) != Freshness.CURRENT

    # -- folding ---------------------------------------------------------------------------

    def subject(self, game_id: str) -> str:
        return env.subject_for(self.rules.name, game_id)

    def freshness(self, record: GameRecord) -> Freshness:
        """Whether the store has heard of writes to the game after `record` (no I/O)."""
        return self.store.freshness(self.subject(record.game_id), record.version)

    def fold(self, record: GameRecord, commands: Sequence[RecordedCommand],
             decided: Sequence[Any] | None = None) -> GameRecord:
        """`record` with `commands` applied. `decided`: the rules' own events of the commands as
        this process decided them (the stored copies need not be decoded again)."""
        domain = iter(decided) if decided is not None else None
        state, players, options, ranked = record.state, record.players, record.options, record.ranked
        commitment, over, revealed = record.commitment, record.over, record.revealed
        results = dict(record.results)
        digests = record.digests
        version, last_seq = record.version, record.last_seq
        table, rules_version = record.table, record.rules_version
        for command in commands:
            if command.version <= version:
                continue
            touched = False  # a live-table event, or the game's creation
            only_live = True
            for event in command.events:
                if event.type in env.LIVE_EVENTS:
                    touched = True
                    continue
                only_live = False
                if event.type == env.GAME_CREATED:
                    touched = True
                    players = tuple(event.data["players"])
                    options = dict(event.data.get("options") or {})
                    ranked = bool(event.data.get("ranked"))
                    state = self.rules.initial_state(players, options)
                elif event.type == env.SEED_COMMITTED:
                    commitment = event.data["commitment"]
                elif event.type == env.GAME_OVER:
                    over = True
                elif event.type == env.SEED_REVEALED:
                    revealed = True
                elif event.type not in env.RUNTIME_EVENTS:
                    state = self.rules.evolve(state, next(domain) if domain is not None
                                              else self.codec.decode(event.record()))
            if touched or (command.command_id.startswith("move:")
                           and (table.tracked or (table.ranked and not table.showed_up))):
                table = live.fold(table, command.command_id, command.recorded_at, command.events, players)
            if not only_live:
                rules_version = command.version
            results[command.command_id] = command.version
            if command.digest:
                if digests is record.digests:
                    digests = dict(digests)
                digests[command.command_id] = command.digest
            version, last_seq = command.version, command.seq
        return GameRecord(record.game_id, state, players, options, ranked, version, last_seq, commitment,
                          results, over, revealed, digests, table, rules_version)

    async def replay(self, game_id: str) -> GameRecord:
        """The game rebuilt from its whole stream, ignoring the cache."""
        return self.fold(GameRecord(game_id), await self.store.read_commands(self.subject(game_id)))

    def _remember(self, record: GameRecord) -> GameRecord:
        cached = self.cache.get(record.game_id)
        if cached is not None and cached.version > record.version:
            return cached  # a slower reader must not put an older state back
        self.cache[record.game_id] = record
        self.cache.move_to_end(record.game_id)
        if record.game_id in self._followers and (cached is None or cached.version < record.version):
            self._wake(record.game_id)
        if record.table.tracked or record.table.ranked:
            self._schedule(record)
        while len(self.cache) > self.cache_size:
            evicted, _ = self.cache.popitem(last=False)
            lock = self._locks.get(evicted)
            if lock is not None and not lock.locked():
                del self._locks[evicted]
        return record

    async def load(self, game_id: str, catch_up: bool = True, trust_hints: bool = False) -> GameRecord:
        """The game from the warm cache, caught up with what other replicas wrote. With
        `trust_hints`, a game the store knows to be current is not asked about (a read may
        then miss a write that landed a moment ago, as any read can)."""
        if not GAME_ID.match(game_id or ""):
            raise InvalidArgument(f"{quote(game_id)} is not a valid game id (letters, digits, - and _, up to 64)",
                                  key="bad-game-id")
        record = self.cache.get(game_id)
        if record is None:
            record = await self.replay(game_id)
        elif catch_up and not (trust_hints and self.store.freshness(self.subject(game_id), record.version)
                               == Freshness.CURRENT):
            newer = await self.store.read_commands(self.subject(game_id), record.version, record.last_seq + 1)
            record = self.fold(record, newer)
        if record.version == 0:
            raise NotFound(f"there is no {self.rules.name} game {game_id!r}", key="no-such-game", game_id=game_id)
        return self._remember(record)

    # -- who follows a game in this process ------------------------------------------------

    def follow_changes(self, game_id: str, changed: asyncio.Event) -> None:
        """Set `changed` whenever the game may have moved: a newer state of it here, or another
        replica's write heard by the store; and every IDLE_WAKE_S (then `ticks` has grown)."""
        self._followers.setdefault(game_id, set()).add(changed)
        if self._ticker is None or self._ticker.done():
            self._ticker = asyncio.get_running_loop().create_task(self._tick())

    async def _tick(self) -> None:
        # one timer for every follower, instead of a timeout around each wait
        while self._followers:
            await asyncio.sleep(IDLE_WAKE_S)
            self.ticks += 1
            for game_id in list(self._followers):
                self._wake(game_id)

    def unfollow_changes(self, game_id: str, changed: asyncio.Event) -> None:
        followers = self._followers.get(game_id)
        if followers is not None:
            followers.discard(changed)
            if not followers:
                del self._followers[game_id]

    def _wake(self, game_id: str) -> None:
        for changed in self._followers.get(game_id, ()):
            changed.set()

    def _heard(self, subject: str) -> None:
        game_id = subject.rpartition(".")[2]
        if game_id in self._followers and subject == self.subject(game_id):
            self._wake(game_id)

    def _lock(self, game_id: str) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def _apply(self, record: GameRecord, result: AppendResult, decided: Sequence[Any],
               digest: str = "") -> tuple[GameRecord, list]:
        """The record after an append of ours, and the rules' events the append holds: the ones
        we decided, or, when it was a duplicate, the earlier ones the store returned."""
        command = RecordedCommand(result.subject, result.events[0].command_id if result.events else "",
                                  result.seq, result.version, result.events[0].recorded_at if result.events else "",
                                  result.events, digest=digest)
        held = ([self.codec.decode(e.record()) for e in result.events if e.type not in env.RUNTIME_EVENTS]
                if result.duplicate else list(decided))
        if not result.duplicate:
            self.meters.wrote(result.events)
        return self._remember(self.fold(record, [command], held)), held

    # -- creating --------------------------------------------------------------------------

    async def create_game(self, identity: Identity, players: Sequence[str], options: Mapping[str, Any],
                          ranked: bool = False, game_id: str = "", clock: live.ClockSpec | None = None) -> GameRecord:
        players = tuple(players)
        self.check_may_create(identity, players, ranked)
        if len(set(players)) != len(players):
            raise InvalidArgument("each player may sit at the table only once")
        for p in players:
            try:
                names.check_seated(p)
            except names.InvalidName as exc:
                raise InvalidArgument(f"{quote(p)} cannot sit at a table: {exc}") from None
        game_id = game_id or uuid.uuid4().hex[:16]
        if not GAME_ID.match(game_id):
            raise InvalidArgument(f"{quote(game_id)} is not a valid game id (letters, digits, - and _, up to 64)")
        if not self.rules.min_players <= len(players) <= self.rules.max_players:
            raise InvalidArgument(f"{self.rules.name} is for {self.rules.min_players} to "
                                  f"{self.rules.max_players} players, not {len(players)}")
        check_options(options)
        options, spectators = split_options(options, ranked)  # the runtime's own, not the game's
        try:
            state = self.rules.initial_state(players, dict(options))
        except InvalidSetup as exc:
            raise InvalidArgument(str(exc)) from None
        subject = self.subject(game_id)
        if await self.store.version(subject):
            existing = await self.load(game_id)
            if existing.players == players:
                return existing  # a retried create of the same table
            raise AlreadyExists(f"game {game_id!r} already exists")
        commitment = await self._deck_call(self.deck.commit(game_id, self.rules.name, players))
        started = list(self.rules.start(state))
        records = [
            env.record(env.GAME_CREATED, {"game": self.rules.name, "game_id": game_id, "players": list(players),
                                          "options": to_jsonable(dict(options)), "ranked": bool(ranked),
                                          "spectators": spectators.as_event_data()}),
            env.record(env.SEED_COMMITTED, {"commitment": commitment.commitment, "log_index": commitment.log_index}),
            *[self.codec.encode(e) for e in started],
            *(live.first_stamp(clock, players, self.policy.now_ms()) if clock is not None else []),
        ]
        try:
            result = await self.store.append(subject, records, 0, "create")
        except VersionConflict:
            raise AlreadyExists(f"game {game_id!r} already exists") from None
        record, _ = self._apply(GameRecord(game_id), result, started)
        self._settle_later(game_id)
        log.info("game created", game_id=game_id, players=list(players), version=record.version)
        return record

    @staticmethod
    def check_may_create(identity: Identity, players: Sequence[str], ranked: bool) -> None:
        """Who may set a table: the matchmaker (role service) and operators any table; a player
        only a casual one where they sit alone. Seating anyone else needs that player's consent,
        which they give by accepting a party's invitation at the matchmaker: games with others come
        from the matchmaker."""
        if identity.role in ("service", "operator"):
            return
        if ranked:
            raise PermissionDenied("a player may not create a ranked game: ranked games are made by the matchmaker "
                                   "(queue for one, e.g. `foodgames play`), so that nobody picks their opponents")
        if identity.player not in players:
            raise PermissionDenied(f"{quote(identity.player)} may only create games they play in")
        others = [p for p in players if p != identity.player]
        if others:
            raise PermissionDenied(f"a player may not seat others: {quote(others[0])}"
                                   f"{f' and {len(others) - 1} more' if len(others) > 1 else ''} did not agree to "
                                   f"play; a player creates only a table for "
                                   f"themself alone, and games with others come from the matchmaker (invite them: a "
                                   f"party ticket naming them, which each accepts)")

    def _settle_later(self, game_id: str) -> None:
        """Resolve what the game waits for in the background, once per game at a time."""
        if game_id in self._settling:
            return
        self._settling.add(game_id)

        async def run():
            try:
                await self.settle(game_id)
            finally:
                self._settling.discard(game_id)

        self._spawn(run())

    def _spawn(self, coro) -> None:
        if self.closed:
            coro.close()  # background work ends with the runtime
            return
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        task.add_done_callback(_log_failure)

    def _store_closed(self) -> bool:
        """Whether the store's connection is closed for good (no reconnect will come)."""
        nc = getattr(self.store, "nc", None)
        return bool(nc is not None and nc.is_closed)

    async def close(self) -> None:
        """Ends every timer and background task; none starts after (a store whose connection is
        closed closes the runtime too: its retries could only fail, every second, for ever)."""
        self._stop_background()
        await asyncio.gather(*self._background, return_exceptions=True)

    def _stop_background(self) -> None:
        self.closed = True
        if self._ticker is not None:
            self._ticker.cancel()
        for _, handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        for handle in self._away_checks.values():
            handle.cancel()
        self._away_checks.clear()
        for task in list(self._background):
            if task is not asyncio.current_task():
                task.cancel()

    # -- chance and the end ----------------------------------------------------------------

    async def settle(self, game_id: str) -> GameRecord:
        """Resolve pending shuffles and, once the game is over, reveal the seed (a cancelled
        game is not dealt, but its seed is revealed: every game that ends can be audited)."""
        async with self._lock(game_id):
            return await self._settle(await self.load(game_id), [], [])

    async def _settle(self, record: GameRecord, written: list, decided: list) -> GameRecord:
        """... appending to `written` the stored events and to `decided` the rules' events."""
        for _ in range(1000):
            ended = record.over or bool(record.table.cancelled)
            node = None if ended else self.rules.chance(record.state)
            if node is not None:
                order = await self._shuffle(record.game_id, node)
                events = self.rules.resolve_chance(record.state, order)
                records = [*self._stamp(record),
                           env.record(env.SHUFFLE_APPLIED, {"deck": node.deck, "k": node.k, "order": list(order)}),
                           *[self.codec.encode(e) for e in events]]
                records += self._game_over_records(record, events)
                command_id = f"chance:{node.deck}:{node.k}"
            elif ended and not record.revealed:
                seed = await self._deck_call(self.deck.reveal(record.game_id))
                records, command_id, events = [env.record(env.SEED_REVEALED, {"server_seed": seed})], "reveal", []
            else:
                return record
            try:
                result = await self.store.append(self.subject(record.game_id), records, record.version, command_id)
                record, held = self._apply(record, result, events)
                written.extend(result.events)
                decided.extend(held)
            except VersionConflict:
                record = await self.load(record.game_id)  # another replica moved; look again
        raise RuntimeError("a game kept asking for chance events")

    async def _deck_call(self, coro):
        try:
            return await coro
        except Exception as exc:  # noqa: BLE001 - the deck service is down or refuses
            raise Unavailable(f"the deck service could not be reached: {exc}") from exc

    async def _shuffle(self, game_id: str, node) -> list[str]:
        order = list(await self._deck_call(self.deck.shuffle(game_id, node.deck, list(node.cards), node.k)))
        if sorted(order) != sorted(node.cards):
            raise Unavailable("the deck service returned an order that is not a shuffle of the deck")
        return order

    def _game_over_records(self, record: GameRecord, events: Sequence[Any]) -> list[dict[str, Any]]:
        state = record.state
        for event in events:
            state = self.rules.evolve(state, event)
        if not self.rules.is_terminal(state):
            return []
        result: GameResult | None = self.rules.result(state)
        data = {"game": self.rules.name, "game_id": record.game_id, "players": list(record.players),
                "points": list(result.points) if result else [], "placings": list(result.placings) if result else [],
                "team_won": result.team_won if result else None,
                "difficulty": result.difficulty if result else None, "ranked": record.ranked}
        return [env.record(env.GAME_OVER, data)]

    # -- moves -----------------------------------------------------------------------------

    def check_seat(self, record: GameRecord, identity: Identity, seat: int) -> None:
        """Raises unless `seat` exists and belongs to `identity`."""
        if not 0 <= seat < len(record.players):
            raise InvalidArgument(f"seat {seat} does not exist: the table has seats 0 to {len(record.players) - 1}",
                                  key="no-such-seat", seat=seat, last=len(record.players) - 1)
        if record.players[seat] != identity.player:
            raise PermissionDenied(f"seat {seat} belongs to {record.players[seat]}, not to {identity.player}",
                                   key="not-your-seat", seat=seat, owner=record.players[seat])

    def check_move(self, move: Any) -> dict[str, Any]:
        """The move as a plain dict if its shape is one of the game's moves (MalformedMove:
        INVALID_ARGUMENT, naming what is wrong)."""
        if self.moves is not None:
            return self.moves.check(move)
        if not isinstance(move, abc.Mapping) or not isinstance(move.get("type"), str) or not move["type"]:
            raise InvalidArgument("a move needs a type, e.g. {\"type\": \"play\", \"card\": \"bug-3\"}",
                                  key="move-not-object")
        return dict(move)

    async def submit_move(self, identity: Identity, game_id: str, seat: int, move_id: str,
                          expected_version: int | None, move: Mapping[str, Any], at_once: bool = False) -> MoveOutcome:
        """A seat's move decided and stored (`_submit_move`), counted and timed."""
        started = perf_counter()
        try:
            outcome = await self._submit_move(identity, game_id, seat, move_id, expected_version, move, at_once)
        except Exception as exc:
            self.meters.refused(exc, perf_counter() - started)
            raise
        self.meters.moved(perf_counter() - started)
        return outcome

    async def _submit_move(self, identity: Identity, game_id: str, seat: int, move_id: str,
                           expected_version: int | None, move: Mapping[str, Any], at_once: bool) -> MoveOutcome:
        """... `at_once`: answer as soon as the move is stored, with no events and no view (a seat
        stream sends views itself); a deal or reveal the move calls for is made in the
        background, and the stream shows it when it lands."""
        if not move_id or len(move_id) > 128:
            raise InvalidArgument("a move needs a move id of 1 to 128 characters", key="bad-move-id")
        move = self.check_move(move)
        digest = move_digest(move)
        command_id = f"move:{seat}:{move_id}"
        cached = self.cache.get(game_id)
        if cached is not None and cached.table.tracked and not cached.over:
            await self.present(cached, seat, identity)  # a move is a call: the seat is here
        async with self._lock(game_id):
            cached = self.cache.get(game_id)
            # Optimistic: a stale cache shows up as a conflict on append; only a client that
            # has seen a newer version than ours makes us read first.
            fresh = (cached is None or (expected_version is not None and expected_version > cached.version)
                     or self.store.freshness(self.subject(game_id), cached.version) == Freshness.BEHIND)
            record = await self.load(game_id, catch_up=fresh)
            self.check_seat(record, identity, seat)
            for attempt in range(self.max_retries + 1):
                if command_id in record.results:
                    if record.digests.get(command_id, digest) != digest:
                        raise self._reused(move_id, seat, record.results[command_id])
                    return self._outcome(record, seat, [], [], duplicate=True, describe=not at_once)
                self.check_playable(record, expected_version)
                if self.rules.chance(record.state) is not None:
                    record = await self._settle(record, [], [])
                    if expected_version is not None and not self.saw_table(record, expected_version):
                        raise Aborted(f"the cards were dealt (version {record.version}); your move was for "
                                      f"version {expected_version}", key="dealt", version=record.version,
                                      expected=expected_version)
                deciding = perf_counter()
                try:
                    events = self.rules.decide(record.state, seat, dict(move))
                    self.meters.decided(perf_counter() - deciding)
                except RulesError:
                    self.meters.decided(perf_counter() - deciding)
                    if fresh:
                        raise
                    # another replica may have moved: judge the move on the latest state
                    self.meters.retried()
                    record, fresh = await self.load(game_id), True
                    continue
                records = [*self._stamp(record, seat, decided=events), *[self.codec.encode(e) for e in events]]
                records += self._game_over_records(record, events)
                appending = perf_counter()
                try:
                    result = await self.store.append(self.subject(game_id), records, record.version, command_id,
                                                     digest=digest, move=env.command_move(seat, move))
                except DuplicateCommand:
                    raise self._reused(move_id, seat, None) from None
                except VersionConflict:
                    self.meters.retried()
                    record, fresh = await self.load(game_id), True
                    if (expected_version is not None and command_id not in record.results
                            and not self.saw_table(record, expected_version)):
                        raise Aborted(f"another move landed first (the game is at version {record.version}); "
                                      f"look at the table again", key="raced", version=record.version) from None
                    continue
                self.meters.appended(perf_counter() - appending)
                record, decided = self._apply(record, result, events, digest)
                written = list(result.events)
                if at_once:
                    self.settle_if_waiting(record)
                elif not result.duplicate:
                    record = await self._settle(record, written, decided)
                return self._outcome(record, seat, written, decided, duplicate=result.duplicate, describe=not at_once)
            raise Aborted(f"the game kept changing while your move was decided ({self.max_retries} tries); try again",
                          key="busy")

    @staticmethod
    def _reused(move_id: str, seat: int, version: int | None) -> AlreadyExists:
        at = f" (stored at version {version})" if version is not None else ""
        return AlreadyExists(f"move id {quote(move_id)} of seat {seat} was already used for a different move{at}: "
                             f"a retry must send the same move again, and a new move needs a new move id",
                             key="move-id-reused", move_id=quote(move_id))

    def _outcome(self, record: GameRecord, seat: int, written, decided: Sequence[Any],
                 duplicate: bool, describe: bool = True) -> MoveOutcome:
        """`decided`: the rules' events among `written`, in order (none need decoding)."""
        if not describe:
            return MoveOutcome(record.version, [], {}, duplicate, record.players)
        domain = iter(decided)
        shown = []
        for stored in written:
            own = next(domain) if stored.type not in env.RUNTIME_EVENTS else None
            event = self.event_for_seat(stored, seat, own)
            if event:
                shown.append(event)
        return MoveOutcome(record.version, shown, self.seat_view(record, seat), duplicate, record.players)

    # -- live tables: clocks, presence, takeover, cancellation (docs/live-tables.md) ---------

    @staticmethod
    def saw_table(record: GameRecord, expected_version: int) -> bool:
        """Whether a client that saw `expected_version` saw the table as it is now: only clock,
        presence or takeover events came after it (they must not make a move stale)."""
        return record.rules_version <= expected_version <= record.version

    @staticmethod
    def check_not_cancelled(record: GameRecord) -> None:
        if record.table.cancelled:
            raise FailedPrecondition(f"game cancelled: {record.table.cancelled}", key="game-cancelled")

    def check_playable(self, record: GameRecord, expected_version: int | None) -> None:
        """Raises unless a move may be judged on `record` now: the client saw the table as it is
        (ABORTED), the game is neither cancelled nor over (FAILED_PRECONDITION). SubmitMove and
        CheckMove ask the same."""
        if expected_version is not None and not self.saw_table(record, expected_version):
            raise Aborted(f"the game is at version {record.version}, your move was for version "
                          f"{expected_version}: look at the table again and replay your move",
                          key="stale-version", version=record.version, expected=expected_version)
        self.check_not_cancelled(record)
        if record.over or self.rules.is_terminal(record.state):
            raise FailedPrecondition("the game is over", key="game-over")

    def running(self, record: GameRecord) -> frozenset[int]:
        """The seats whose clocks run: those that may act, unless the game waits for a deal
        (the deck's time is nobody's), is over or cancelled."""
        if (not record.table.tracked or record.over or record.table.cancelled or record.state is None
                or self.rules.is_terminal(record.state) or self.rules.chance(record.state) is not None):
            return frozenset()
        return frozenset(self.rules.to_act(record.state))

    def seat_view(self, record: GameRecord, seat: int) -> dict[str, Any]:
        """The rules' view of `seat`, and on a clocked table every seat's clock and presence."""
        view = self.rules.view(record.state, seat)
        if record.table.tracked:
            view = {**view, **live.view_fields(record.table, self.running(record), record.players,
                                               self.policy.now_ms())}
        return view

    def _stamp(self, record: GameRecord, mover: int | None = None, now_ms: int | None = None,
               decided: Sequence[Any] = ()) -> list[dict]:
        """The TimeRecorded a command written now to `record`'s table starts with (none without a
        clock). `mover`'s move (the rules' events `decided`) earns the increment only when it
        ends the seat's turn: once per turn, not per move, so no run of moves buys time."""
        if not record.table.tracked:
            return []
        now = self.policy.now_ms() if now_ms is None else now_ms
        if mover is not None and not self.ends_turn(record, mover, decided):
            mover = None
        return [live.stamp(record.table, self.running(record), record.players, now, mover)]

    def ends_turn(self, record: GameRecord, seat: int, decided: Sequence[Any]) -> bool:
        """Whether the move whose rules' events are `decided` completes `seat`'s turn: after it
        the seat no longer acts (it left `to_act`, with no shuffle pending), the game ended, or the rules' optional
        `turn_number(state)` moved on (a seat that starts its next turn at once: a lone player,
        a trick's winner leading the next trick)."""
        after = record.state
        for event in decided:
            after = self.rules.evolve(after, event)
        if self.rules.is_terminal(after):
            return True
        turn_number = getattr(self.rules, "turn_number", None)
        if turn_number is not None and turn_number(after) != turn_number(record.state):
            return True
        # a shuffle the move calls for (a Forestaurant menu pile run out) empties to_act for a
        # moment in the middle of a turn: that is not the seat's turn ending
        return seat not in self.rules.to_act(after) and self.rules.chance(after) is None

    def _seat_event(self, kind: str, record: GameRecord, seat: int, **extra) -> dict[str, Any]:
        return env.record(kind, {"player": record.players[seat], "seat": seat, **extra})

    async def _write_live(self, game_id: str, decide) -> GameRecord:
        """Append what `decide(record)` gives ((command id, records) or None for nothing), with
        the game's lock held, on the latest state, again after a conflict: two replicas never
        both write it."""
        async with self._lock(game_id):
            record = await self.load(game_id)
            for _ in range(self.max_retries + 1):
                wanted = decide(record)
                if wanted is None:
                    return record
                command_id, records = wanted
                try:
                    result = await self.store.append(self.subject(game_id), records, record.version, command_id)
                except VersionConflict:
                    record = await self.load(game_id)
                    continue
                record, _ = self._apply(record, result, [])
                return record
            return record

    def hold(self, record: GameRecord, seat: int) -> tuple[str, int]:
        """A stream of `seat` opened here: the seat is connected while one is held."""
        key = (record.game_id, seat)
        self._holders[key] = self._holders.get(key, 0) + 1
        return key

    def release(self, key: tuple[str, int]) -> None:
        """A stream closed: without another one or a call within the grace period, the seat is away."""
        left = self._holders.get(key, 0) - 1
        if left > 0:
            self._holders[key] = left
            return
        self._holders.pop(key, None)
        self._last_call[key] = self.policy.now_ms()
        self._check_away_later(key)

    def _check_away_later(self, key: tuple[str, int]) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        old = self._away_checks.pop(key, None)
        if old is not None:
            old.cancel()
        self._away_checks[key] = loop.call_later(self.policy.grace_s + 0.05,
                                                 lambda: self._spawn(self._check_away(key)))

    async def _check_away(self, key: tuple[str, int]) -> None:
        self._away_checks.pop(key, None)
        game_id, seat = key
        if self._holders.get(key):
            return
        if self.policy.now_ms() - self._last_call.get(key, 0) < self.policy.grace_s * 1000:
            self._check_away_later(key)
            return

        def decide(record: GameRecord):
            if (not record.table.tracked or record.over or record.table.cancelled or self._holders.get(key)
                    or record.table.presence[seat] != live.CONNECTED):
                return None
            return (f"presence:{seat}:{record.version}",
                    [*self._stamp(record), self._seat_event(env.PLAYER_DISCONNECTED, record, seat)])

        await self._write_live(game_id, decide)
        if not self._holders.get(key) and key not in self._away_checks:
            self._last_call.pop(key, None)  # gone: nothing of the seat is kept here

    async def present(self, record: GameRecord, seat: int, identity: Identity | None = None,
                      holding: bool = False) -> GameRecord:
        """`seat` called or holds a stream: on a clocked table, a seat recorded away becomes
        connected again, and a seat its bot took over returns (events the others see)."""
        table = record.table
        if (not table.tracked or record.over or table.cancelled or not 0 <= seat < len(record.players)
                or (identity is not None and record.players[seat] != identity.player)):
            return record
        key = (record.game_id, seat)
        self._last_call[key] = self.policy.now_ms()
        if not holding and not self._holders.get(key):
            self._check_away_later(key)
        if table.presence[seat] == live.CONNECTED and not table.taken_over[seat]:
            return record

        def decide(current: GameRecord):
            t = current.table
            if current.over or t.cancelled or (t.presence[seat] == live.CONNECTED and not t.taken_over[seat]):
                return None
            events = [*self._stamp(current)]
            if t.presence[seat] != live.CONNECTED:
                events.append(self._seat_event(env.PLAYER_CONNECTED, current, seat))
            if t.taken_over[seat]:
                events.append(self._seat_event(env.PLAYER_RETURNED, current, seat))
            return f"presence:{seat}:{current.version}", events

        return await self._write_live(record.game_id, decide)

    def _reassert(self, record: GameRecord) -> None:
        """A seat that holds a stream here but is recorded away (another replica, or one that
        restarted, took it for gone) is connected again."""
        for seat, state in enumerate(record.table.presence):
            if state != live.CONNECTED and self._holders.get((record.game_id, seat)):
                self._spawn(self.present(record, seat, holding=True))

    def _schedule(self, record: GameRecord) -> None:
        """One timer per game, for the first thing that falls due on its table."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self.closed:
            return
        game_id = record.game_id
        if record.table.tracked and not record.over:
            self._reassert(record)
        due = None if record.over else next(iter(live.deadlines(record.table, self.running(record), self.policy)),
                                             None)
        current = self._timers.get(game_id)
        if due is None:
            if current is not None:
                current[1].cancel()
                del self._timers[game_id]
            return
        if current is not None:
            if current[0] == due.at_ms and not current[1].cancelled():
                return
            current[1].cancel()
        delay = max(0.0, (due.at_ms - self.policy.now_ms()) / 1000)
        self._timers[game_id] = (due.at_ms, loop.call_later(delay, lambda: self._fire(game_id)))

    def _fire(self, game_id: str) -> None:
        self._timers.pop(game_id, None)
        if self.closed:
            return
        self._spawn(self._run_due(game_id))

    async def _run_due(self, game_id: str) -> None:
        """Write what fell due on the table (a timeout, a takeover, a bot's move, a cancel),
        on the latest state: a replica that lost the race finds it done and writes nothing."""
        try:
            for _ in range(64):
                async with self._lock(game_id):
                    record = await self.load(game_id)
                    now = self.policy.now_ms()
                    due = [] if record.over else [
                        d for d in live.deadlines(record.table, self.running(record), self.policy) if d.at_ms <= now]
                    if not due:
                        return
                    # in a thread: a taken-over seat's search bot thinks off the event loop
                    wanted = await asyncio.to_thread(self._due_command, record, due[0], now)
                    if wanted is None:
                        return
                    command_id, records, move, decided = wanted
                    try:
                        result = await self.store.append(
                            self.subject(game_id), records, record.version, command_id,
                            digest=move_digest(move) if move is not None else "",
                            move=env.command_move(due[0].seat, move) if move is not None else None)
                    except (VersionConflict, DuplicateCommand):
                        continue  # another replica wrote first: look again
                    record, _ = self._apply(record, result, decided)
                    log.info("live table", game_id=game_id, command=command_id, version=record.version)
                self.settle_if_waiting(record)
        except Exception:
            if self.closed or self._store_closed():
                # the connection is gone for good: the background work ends with it
                self._stop_background()
                return
            # retried after a pause (the store or the deck may be down); the stream keeps the truth
            loop = asyncio.get_running_loop()
            self._timers[game_id] = (-1, loop.call_later(1.0, lambda: self._fire(game_id)))
            raise

    def _due_command(self, record: GameRecord, due: live.Due, now: int):
        """(command id, records, the move or None, the rules' events) of what fell due."""
        seat, version = due.seat, record.version
        if due.kind == "cancel":
            reason = (f"no seat showed up within {self.policy.no_show_s:g} s of the game's creation: "
                      f"a ranked game nobody plays is cancelled, not rated")
            return "cancel", [*self._stamp(record, now_ms=now), env.record(env.GAME_CANCELLED, {"reason": reason})],                 None, []
        if due.kind == "takeover":
            reason = ("missed turns" if record.table.missed[seat] >= self.policy.takeover_after_timeouts
                      else "away")
            return f"takeover:{seat}:{version}", [*self._stamp(record, now_ms=now),
                                                   self._seat_event(env.BOT_TOOK_OVER, record, seat, reason=reason)],                 None, []
        timed_out = [self._seat_event(env.TIMED_OUT, record, seat)] if due.kind == "timeout" else []
        clock = record.table.clock
        if due.kind == "timeout" and clock is not None and clock.on_timeout == "forfeit" and not self.cooperative:
            over = env.forfeit_game_over(self.rules.name, record.game_id, record.players, seat, record.ranked)
            return f"forfeit:{seat}:{version}", [*self._stamp(record, now_ms=now), *timed_out,
                                                  self._seat_event(env.FORFEITED, record, seat),
                                                  env.record(env.GAME_OVER, over)], None, []
        # the seat's bot moves for it, seeing only the seat's view
        legal = self.rules.legal_moves(record.state, seat)
        if not legal:
            return None
        bot = self.bot(seed=live.bot_seed(record.game_id, version, seat))
        move = dict(bot.choose(self.rules.view(record.state, seat), legal))
        decided = list(self.rules.decide(record.state, seat, move))
        reason = "timeout" if due.kind == "timeout" else "takeover"
        records = [*self._stamp(record, seat, now_ms=now, decided=decided), *timed_out,
                   self._seat_event(env.BOT_MOVED, record, seat, reason=reason),
                   *[self.codec.encode(e) for e in decided], *self._game_over_records(record, decided)]
        return f"move:{seat}:{reason}-{version}", records, move, decided

    async def resume(self) -> int:
        """Rebuild every pending deadline from the streams (at start): each game of this rules
        engine that is not over is loaded, which sets its timer. How many were loaded."""
        loaded = 0
        for game_id in await live_game_ids(self.store, env.subject_for(self.rules.name, "*")):
            try:
                record = await self.load(game_id)
            except Exception as exc:  # noqa: BLE001 - one unreadable game must not stop the others
                log.warning("could not resume a game's timers", game_id=game_id, error=str(exc))
                continue
            loaded += 1
            self.settle_if_waiting(record)  # e.g. a cancelled game whose reveal did not land
            if record.table.tracked and not record.over:
                for seat, state in enumerate(record.table.presence):
                    key = (game_id, seat)
                    if state == live.CONNECTED and not self._holders.get(key):
                        # its stream, if any, died with the old process: away unless it comes back
                        self._last_call.setdefault(key, self.policy.now_ms())
                        self._check_away_later(key)
        return loaded

    # -- reading ---------------------------------------------------------------------------

    async def view(self, identity: Identity, game_id: str, seat: int) -> tuple[GameRecord, dict[str, Any]]:
        record = await self.load(game_id, trust_hints=True)
        self.check_seat(record, identity, seat)
        self.check_not_cancelled(record)
        record = await self.present(record, seat, identity)
        self.settle_if_waiting(record)
        return record, self.seat_view(record, seat)

    def settle_if_waiting(self, record: GameRecord) -> None:
        """Settle in the background a game found waiting for a deal or for its reveal, e.g. after
        a replica died between a move and its deal."""
        if record.table.cancelled:
            if not record.revealed:  # a cancelled game ends too: its seed is revealed
                self._settle_later(record.game_id)
            return
        if (self.rules.chance(record.state) is not None and not record.over) or (record.over and not record.revealed):
            self._settle_later(record.game_id)

    async def legal_moves(self, identity: Identity, game_id: str, seat: int) -> tuple[GameRecord, list[dict]]:
        record = await self.load(game_id, trust_hints=True)
        self.check_seat(record, identity, seat)
        self.check_not_cancelled(record)
        record = await self.present(record, seat, identity)
        if record.over:
            return record, []
        return record, self.rules.legal_moves(record.state, seat)

    def move_space(self, record: GameRecord, seat: int, legal: Sequence[Mapping[str, Any]]) -> tuple[dict, bool]:
        """(choices, complete) of `seat` on `record` whose legal moves are `legal`: the rules'
        `choices` when they have it (shared.choices), else choices offering exactly `legal`; and
        whether `legal` lists every legal move (the rules' `moves_complete`, else True)."""
        if record.over or record.state is None or not legal:
            return {"moves": []}, True
        describe = getattr(self.rules, "choices", None)
        found = describe(record.state, seat) if describe is not None else choices.of_moves(legal)
        complete = getattr(self.rules, "moves_complete", None)
        return found, bool(complete(record.state, seat)) if complete is not None else True

    def event_for_seat(self, stored, seat: int, decided: Any = None) -> dict[str, Any] | None:
        """`stored` as `seat` may see it; `decided`: the same event as the rules decided it."""
        if stored.type in env.RUNTIME_EVENTS:
            return stored.record() if stored.type in env.PUBLIC_RUNTIME_EVENTS else None
        shown = self.rules.event_view(decided if decided is not None else self.codec.decode(stored.record()), seat)
        if shown is None:
            return None
        return {"type": stored.type, "schema_version": stored.schema_version, "data": to_jsonable(shown)}

    async def watch(self, identity: Identity, game_id: str, seat: int, after_version: int = 0) -> AsyncIterator[Update]:
        """Updates for `seat`: first everything after `after_version`, then live."""
        record = await self.load(game_id)
        self.check_seat(record, identity, seat)
        self.check_not_cancelled(record)
        key = self.hold(record, seat)
        try:
            await self.present(record, seat, identity, holding=True)
            state, pending = await self._caught_up(record, seat, after_version)
            yield Update(state.version, pending, self.seat_view(state, seat), state.over,
                         min(after_version, state.version), state.players)
            del pending  # an open stream keeps none of the history it sent (issue 26)
            self.check_not_cancelled(state)
            if state.over and state.revealed:
                return
            async for command in self.store.follow(self.subject(game_id), state.version, state.last_seq + 1):
                before = state.version
                state = self.fold(state, [command])
                shown = [e for e in (self.event_for_seat(s, seat) for s in command.events) if e]
                yield Update(state.version, shown, self.seat_view(state, seat), state.over, before, state.players)
                self.check_not_cancelled(state)
                if state.over and state.revealed:
                    return
        finally:
            self.release(key)

    async def _caught_up(self, record: GameRecord, seat: int, after_version: int) -> tuple[GameRecord, list[dict]]:
        """`record` caught up with the stream, and the events after `after_version` as `seat` sees
        them. A stream's state is the cached record (shared by every stream of the game) plus what
        landed since, and the commands read die here: each stream kept a whole decoded history and
        a state of its own for as long as it was open, and 240 streams left the heap grown (issue 26)."""
        async with self._catching_up:
            commands = await self.store.read_commands(self.subject(record.game_id))
            if not commands or commands[-1].version < record.version:  # a read behind the cache: its own state
                record = GameRecord(record.game_id)
            pending = [e for command in commands if command.version > after_version
                       for e in (self.event_for_seat(s, seat) for s in command.events) if e]
            newer = [c for c in commands if c.version > record.version]
            return (self.fold(record, newer) if newer else record), pending  # the cached record itself


def check_options(options: Mapping[str, Any]) -> None:
    """Game options are a few names with a text (up to MAX_TEXT characters), number, true/false or
    null each: checked here, before the rules see them (whose errors may quote them)."""
    if len(options) > MAX_OPTIONS:
        raise InvalidArgument(f"a game takes at most {MAX_OPTIONS} options, not {len(options)}")
    for name, value in options.items():
        if not isinstance(name, str) or not 0 < len(name) <= MAX_TEXT:
            raise InvalidArgument(f"an option name is 1 to {MAX_TEXT} characters, not {quote(name)}")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise InvalidArgument(f"option {quote(name)} is too long ({len(value)} characters; at most {MAX_TEXT})")
        if not isinstance(value, (str, int, float, bool, type(None))):
            raise InvalidArgument(f"option {quote(name)} must be a text, number or true/false, not {quote(value)}")


def _log_failure(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("background settle failed", error=str(task.exception()))



async def live_game_ids(store: EventStore, subjects: str) -> list[str]:
    """The ids of the games under `subjects` (games.<game>.*) that may have a deadline (or, once
    cancelled, a reveal to make): ranked or clocked (their creation says so) and not revealed
    (their last command says so). One batched read of every game's last command, then the first
    command of the games not revealed; no replay of the games that cannot have one."""
    out: list[str] = []
    for subject, last in (await store.last_commands(subjects)).items():
        if last.command_id == "reveal":
            continue
        game_id = subject.rpartition(".")[2]
        try:
            first = await store.first_command(subject)
        except Exception:  # noqa: BLE001 - unreadable: load it, and let the load say why
            out.append(game_id)
            continue
        if first is not None and _may_have_deadlines([e.record() for e in first.events]):
            out.append(game_id)
    return out


def _may_have_deadlines(created: Sequence[Mapping[str, Any]]) -> bool:
    """Whether a game whose creation holds `created` keeps a clock or may be cancelled."""
    return any(e.get("type") == env.CLOCK_SET or (e.get("type") == env.GAME_CREATED
                                                  and (e.get("data") or {}).get("ranked")) for e in created)
