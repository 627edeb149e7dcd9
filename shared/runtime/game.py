"""The application service of a rules engine: create a game, play a move, read
a seat's view, follow a game. A move is

  load state (warm cache, caught up from the stream) -> rules.decide ->
  append with the expected version and the move's id -> resolve any chance
  node with the deck service -> at game end, reveal the deck's seed.

Nothing is written when any step before the append fails.
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any, AsyncIterator, Mapping, Sequence

from shared import aio, choices, telemetry
from shared import gamestream as env
from shared.auth import Identity
from shared.codec import EventCodec, to_jsonable
from shared.errors import Aborted, FailedPrecondition, InvalidArgument, NotFound, PermissionDenied
from shared.eventstore import AppendResult, DuplicateCommand, EventStore, Freshness, RecordedCommand, VersionConflict
from shared.leases import owner_id
from shared.moves import MoveSet
from shared.rules import Rules
from shared.runtime import creation, live
from shared.runtime.clock_owner import shard_of
from shared.runtime.clocks import Clocks
from shared.runtime.deck import DeckPort
from shared.runtime.feed import Feeds
from shared.runtime.followers import Followers
from shared.runtime.meters import GameMeters
from shared.runtime.moving import Moving
from shared.runtime.narrate import Narrator
from shared.runtime.presence import Presence
from shared.runtime.record import GameRecord, MoveOutcome, SeatMoves, Update, check_game_id, fold
from shared.runtime.settlement import Settlement
from shared.runtime.watch import Watches

__all__ = ["CLOSE_STEP_S", "GameRecord", "GameRuntime", "MoveOutcome", "Update", "live_game_ids"]

log = telemetry.get_logger("shared.runtime")
CLOSE_STEP_S = 5.0  # each step of close(): well inside the 10 s a supervisor waits before it kills


class GameRuntime:
    """One rules engine's games in this process: it loads, decides, appends and answers; its
    parts (self.clocks, presence, settlement, followers, feeds, watches, meters) do the rest and
    call back through load, lock, applied and spawn (what they may use of it: shared.runtime.core.Runtime)."""

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
        self.clocks = Clocks(self)  # the games' timers, and the stamp of every command to a clocked table
        self.presence = Presence(self)  # the seats' streams and calls seen here
        self.settlement = Settlement(self)  # deals and reveals with the deck service
        self.moving = Moving(self)  # a seat's move checked, decided, stored and answered
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
        # the seat streams (shared.runtime.seat) that follow a game here
        self.followers = Followers(self)
        self.watches = Watches(self)  # WatchGame's streams
        self.feeds = Feeds(self)  # the one follower of each game its streams read here
        self.closed = False  # after close() (or once the store's connection closed): no background work

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
        return fold(self.rules, self.codec, record, commands, decided)

    async def replay(self, game_id: str) -> GameRecord:
        """The game rebuilt from its whole stream, ignoring the cache."""
        return self.fold(GameRecord(game_id), await self.store.read_commands(self.subject(game_id)))

    def _remember(self, record: GameRecord) -> GameRecord:
        cached = self.cache.get(record.game_id)
        if cached is not None and cached.version > record.version:
            return cached  # a slower reader must not put an older state back
        self.cache[record.game_id] = record
        self.cache.move_to_end(record.game_id)
        if record.game_id in self.followers.games and (cached is None or cached.version < record.version):
            self.followers.wake(record.game_id)
        if record.table.tracked or record.table.ranked:
            self.clocks.schedule(record)
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
        check_game_id(game_id)
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

    def lock(self, game_id: str) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def applied(self, record: GameRecord, result: AppendResult, decided: Sequence[Any],
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
        return await creation.create_game(self, identity, players, options, ranked, game_id, clock)

    # -- background work -------------------------------------------------------------------

    def spawn(self, coro) -> None:
        if self.closed:
            coro.close()  # background work ends with the runtime
            return
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        task.add_done_callback(_log_failure)

    def stopped_with_store(self) -> bool:
        """Whether the runtime is closed, closing it when the store's connection is closed for good
        (no reconnect will come): the background work that failed ends then, not retried."""
        nc = getattr(self.store, "nc", None)
        if not self.closed and nc is not None and nc.is_closed:
            self._stop_background()
        return self.closed

    async def close(self) -> None:
        """Ends every timer and background task; none starts after (a store whose connection is
        closed closes the runtime too: its retries could only fail, every second, for ever)."""
        self._stop_background()
        # each step bounded: a task that does not answer its cancellation (a takeover bot's
        # search in its thread) or a lease store that does not answer (NATS under load) must
        # not keep the engine from stopping; the leases it leaves expire by themselves
        steps = (("background tasks", lambda: asyncio.gather(*self._background, return_exceptions=True)),
                 ("the clocks' leases", self.clocks.unshare), ("the seats' presence", self.presence.unshare))
        for name, step in steps:
            if not await aio.bounded(step(), CLOSE_STEP_S):
                log.warning("runtime close: a step did not end in time, left behind", step=name, within_s=CLOSE_STEP_S)

    def _stop_background(self) -> None:
        self.closed = True
        self.followers.stop()
        self.clocks.stop()
        self.presence.stop()
        for task in list(self._background):
            if task is not asyncio.current_task():
                task.cancel()

    # -- moves -----------------------------------------------------------------------------

    def check_seat(self, record: GameRecord, identity: Identity, seat: int) -> None:
        """Raises unless `seat` exists and belongs to `identity`."""
        if not 0 <= seat < len(record.players):
            raise InvalidArgument(f"seat {seat} does not exist: the table has seats 0 to {len(record.players) - 1}",
                                  key="no-such-seat", seat=seat, last=len(record.players) - 1)
        if record.players[seat] != identity.player:
            raise PermissionDenied(f"seat {seat} belongs to {record.players[seat]}, not to {identity.player}",
                                   key="not-your-seat", seat=seat, owner=record.players[seat])

    async def submit_move(self, identity: Identity, game_id: str, seat: int, move_id: str,
                          expected_version: int | None, move: Mapping[str, Any], at_once: bool = False) -> MoveOutcome:
        """A seat's move decided, stored and answered (shared.runtime.moving)."""
        return await self.moving.submit(identity, game_id, seat, move_id, expected_version, move, at_once)

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
        return self.clocks.running(record)

    def seat_view(self, record: GameRecord, seat: int) -> dict[str, Any]:
        """The rules' view of `seat`, and on a clocked table every seat's clock and presence."""
        view = self.rules.view(record.state, seat)
        if record.table.tracked:
            view = {**view, **live.view_fields(record.table, self.running(record), record.players,
                                               self.policy.now_ms())}
        return view

    async def write_live(self, game_id: str, decide) -> GameRecord:
        """Append what `decide(record)` gives ((command id, records) or None for nothing), with
        the game's lock held, on the latest state, again after a conflict: two replicas never
        both write it."""
        async with self.lock(game_id):
            record = await self.load(game_id)
            for _ in range(self.max_retries + 1):
                wanted = decide(record)
                if wanted is None:
                    return record
                command_id, records = wanted
                try:
                    result = await self.store.append(self.subject(game_id), records, record.version, command_id)
                except (VersionConflict, DuplicateCommand):  # another replica wrote first
                    record = await self.load(game_id)
                    continue
                record, _ = self.applied(record, result, [])
                return record
            return record

    async def present(self, record: GameRecord, seat: int, identity: Identity | None = None,
                      holding: bool = False) -> GameRecord:
        return await self.presence.present(record, seat, identity, holding)

    async def share(self, js, nc, replicas: int = 1) -> None:
        """Run as one of several replicas on `js`: a game's clock runs on the replica holding
        its shard's lease, and a seat is away only when no replica holds it (docs/live-tables.md).
        Call before `start`."""
        owner = owner_id(self.rules.name)
        await self.clocks.share(js, nc, owner, replicas)
        await self.presence.share(js, owner, replicas)

    async def start(self) -> int:
        """Rebuild every pending deadline from the streams: alone, at once (how many games were
        loaded); with replicas, shard by shard as their leases are taken (0)."""
        if self.clocks.owner is None:
            return await self.resume()
        self.clocks.start()
        self.presence.start()
        return 0

    async def resume(self, shard: int | None = None) -> int:
        """Rebuild every pending deadline from the streams (at start, or `shard`'s when its lease
        is taken): each game of this rules engine that is not over is loaded, which sets its
        timer. How many were loaded."""
        loaded = 0
        for game_id in await live_game_ids(self.store, env.subject_for(self.rules.name, "*")):
            if shard is not None and shard_of(game_id, self.clocks.owner.shards) != shard:
                continue
            try:
                record = await self.load(game_id)
            except Exception as exc:  # noqa: BLE001 - one unreadable game must not stop the others
                log.warning("could not resume a game's timers", game_id=game_id, error=str(exc))
                continue
            loaded += 1
            self.settle_if_waiting(record)  # e.g. a cancelled game whose reveal did not land
            self.presence.resumed(record)
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
        self.settlement.if_waiting(record)

    async def settle(self, game_id: str) -> GameRecord:
        return await self.settlement.settle(game_id)

    async def legal_moves(self, identity: Identity, game_id: str, seat: int) -> tuple[GameRecord, list[dict]]:
        record = await self.load(game_id, trust_hints=True)
        self.check_seat(record, identity, seat)
        self.check_not_cancelled(record)
        record = await self.present(record, seat, identity)
        if record.over:
            return record, []
        return record, self.rules.legal_moves(record.state, seat)

    def seat_moves(self, record: GameRecord, seat: int, view: Mapping[str, Any] | None = None) -> SeatMoves | None:
        """`seat`'s legal moves on `record` with their move space, None when it has none: a
        watch stream sends them with the update, so that a client needs no ListLegalMoves call a
        turn. `view`: the seat's view of `record`, whose `legal_moves` (every game's view lists
        them) are taken instead of asking the rules again."""
        if record.over or record.state is None:
            return None
        listed = view.get("legal_moves") if view is not None else None
        legal = listed if listed is not None else self.rules.legal_moves(record.state, seat)
        if not legal:
            return None
        space, complete = self.move_space(record, seat, legal)
        return SeatMoves(legal, space, complete)

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

    def watch(self, identity: Identity, game_id: str, seat: int, after_version: int = 0) -> AsyncIterator[Update]:
        """Updates for `seat`: first everything after `after_version`, then live (shared.runtime.watch)."""
        return self.watches.stream(identity, game_id, seat, after_version)


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
