"""A runtime's clocks: which seats' clocks run, the TimeRecorded stamp every command to a clocked
table starts with, and one timer per game for the first thing that falls due on its table (a
timeout, a takeover, a taken-over seat's move, a no-show cancel), written on the latest state.
The pure part (what falls due when) is shared.runtime.live; docs/live-tables.md.
"""
from __future__ import annotations

import asyncio
from typing import Any, Sequence

from shared import gamestream as env, telemetry
from shared.errors import NotFound
from shared.eventstore import DuplicateCommand, VersionConflict
from shared.moves import move_digest
from shared.runtime import abandon, live
from shared.runtime.clock_owner import ClockOwner, shard_of
from shared.runtime.core import Runtime
from shared.runtime.record import GameRecord

log = telemetry.get_logger("shared.runtime")
VERSION_HEADER = "Foodgames-Version"  # what the event store's appends carry (shared.eventstore.messages)
# A write heard before the stream shows it: the owner reads the game again after these pauses.
CATCH_UP_S = (0.01, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6)


class Clocks:
    """The timers of one runtime's clocked and ranked games."""

    def __init__(self, runtime: Runtime):
        self.runtime = runtime
        self.timers: dict[str, tuple[int, asyncio.TimerHandle]] = {}  # game id -> (due ms, handle)
        # with replicas: the shards whose timers run here (None: alone, every game's timers run here)
        self.owner: ClockOwner | None = None
        self._heard_sub = None
        self._catching_up: dict[str, int] = {}  # game id -> the version heard of, being read

    def owns(self, game_id: str) -> bool:
        """Whether this replica runs the game's clock."""
        return self.owner is None or self.owner.owns(game_id)

    async def share(self, js, nc, owner: str, replicas: int = 1) -> None:
        """Run only the clocks of the shards whose leases this replica holds (shared.runtime.
        clock_owner), hearing every write to the engine's games to keep their timers current."""
        runtime = self.runtime
        self.owner = await ClockOwner.open(js, runtime.rules.name, owner, self._taken, self._lost, replicas)
        self._heard_sub = await nc.subscribe(runtime.subject("*"), cb=self._heard)

    def start(self) -> None:
        if self.owner is not None:
            self.owner.start()

    async def _taken(self, shard: int) -> None:
        await self.runtime.resume(shard)

    def _lost(self, shard: int) -> None:
        for game_id in [g for g in self.timers if shard_of(g, self.owner.shards) == shard]:
            self.timers.pop(game_id)[1].cancel()

    async def _heard(self, msg) -> None:
        game_id = msg.subject.rpartition(".")[2]
        if self.runtime.closed or not self.owns(game_id):
            return
        cached = self.runtime.cache.get(game_id)
        if cached is not None and (cached.over and cached.revealed or not (cached.table.tracked or cached.table.ranked)):
            return  # nothing of it can fall due
        try:
            version = int((msg.headers or {}).get(VERSION_HEADER, ""))
        except ValueError:
            version = 1
        if cached is not None and cached.version >= version:
            return
        if game_id in self._catching_up:
            self._catching_up[game_id] = max(version, self._catching_up[game_id])
            return
        self._catching_up[game_id] = version
        self.runtime.spawn(self._catch_up(game_id))

    async def _catch_up(self, game_id: str) -> None:
        """Read a game another replica wrote to until it shows what we heard of (its timer set)."""
        try:
            for pause in (0.0, *CATCH_UP_S):
                await asyncio.sleep(pause)
                try:
                    record = await self.runtime.load(game_id)
                except NotFound:
                    continue  # heard before the stream shows it
                if record.version >= self._catching_up.get(game_id, 0):
                    return
        finally:
            self._catching_up.pop(game_id, None)

    def running(self, record: "GameRecord") -> frozenset[int]:
        """The seats whose clocks run: those that may act, unless the game waits for a deal
        (the deck's time is nobody's), is over or cancelled."""
        rules = self.runtime.rules
        if (not record.table.tracked or record.over or record.table.cancelled or record.state is None
                or rules.is_terminal(record.state) or rules.chance(record.state) is not None):
            return frozenset()
        return frozenset(rules.to_act(record.state))

    def deadlines(self, record: "GameRecord") -> list[live.Due]:
        """Everything that will fall due on the table unless a command comes first, by time: its
        clocks' and presence's (shared.runtime.live), and its abandonment (shared.runtime.abandon)."""
        if record.over:
            return []
        policy = self.runtime.policy
        found = [*live.deadlines(record.table, self.running(record), policy),
                 *abandon.due(self.runtime.rules.name, record.table, record.players, policy)]
        return sorted(found, key=lambda d: (d.at_ms, d.seat if d.seat is not None else -1))

    def stamp(self, record: "GameRecord", mover: int | None = None, now_ms: int | None = None,
              decided: Sequence[Any] = ()) -> list[dict]:
        """The TimeRecorded a command written now to `record`'s table starts with (none without a
        clock). `mover`'s move (the rules' events `decided`) earns the increment only when it
        ends the seat's turn: once per turn, not per move, so no run of moves buys time."""
        if not record.table.tracked:
            return []
        now = self.runtime.policy.now_ms() if now_ms is None else now_ms
        if mover is not None and not ends_turn(self.runtime.rules, record.state, mover, decided):
            mover = None
        return [live.stamp(record.table, self.running(record), record.players, now, mover)]

    def schedule(self, record: "GameRecord") -> None:
        """One timer per game, for the first thing that falls due on its table."""
        runtime = self.runtime
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if runtime.closed:
            return
        game_id = record.game_id
        if record.table.tracked and not record.over:
            runtime.presence.reassert(record)
        if not self.owns(game_id):
            current = self.timers.pop(game_id, None)
            if current is not None:
                current[1].cancel()
            return  # another replica runs it
        due = next(iter(self.deadlines(record)), None)
        current = self.timers.get(game_id)
        if due is None:
            if current is not None:
                current[1].cancel()
                del self.timers[game_id]
            return
        if current is not None:
            if current[0] == due.at_ms and not current[1].cancelled():
                return
            current[1].cancel()
        delay = max(0.0, (due.at_ms - runtime.policy.now_ms()) / 1000)
        self.timers[game_id] = (due.at_ms, loop.call_later(delay, lambda: self.fire(game_id)))

    def fire(self, game_id: str) -> None:
        self.timers.pop(game_id, None)
        if self.runtime.closed:
            return
        self.runtime.spawn(self.run_due(game_id))

    async def run_due(self, game_id: str) -> None:
        """Write what fell due on the table (a timeout, a takeover, a bot's move, a cancel),
        on the latest state: a replica that lost the race finds it done and writes nothing."""
        runtime = self.runtime
        try:
            for _ in range(64):
                async with runtime.lock(game_id):
                    record = await runtime.load(game_id)
                    now = runtime.policy.now_ms()
                    due = [d for d in self.deadlines(record) if d.at_ms <= now]
                    if not due:
                        return
                    # in a thread: a taken-over seat's search bot thinks off the event loop
                    wanted = await asyncio.to_thread(self.due_command, record, due[0], now)
                    if wanted is None:
                        return
                    command_id, records, move, decided = wanted
                    try:
                        result = await runtime.store.append(
                            runtime.subject(game_id), records, record.version, command_id,
                            digest=move_digest(move) if move is not None else "",
                            move=env.command_move(due[0].seat, move) if move is not None else None)
                    except (VersionConflict, DuplicateCommand):
                        continue  # another replica wrote first: look again
                    record, _ = runtime.applied(record, result, decided)
                    log.info("live table", game_id=game_id, command=command_id, version=record.version)
                runtime.settle_if_waiting(record)
        except Exception:
            if runtime.stopped_with_store():  # the connection is gone for good, or the runtime closed
                return
            # retried after a pause (the store or the deck may be down); the stream keeps the truth
            loop = asyncio.get_running_loop()
            self.timers[game_id] = (-1, loop.call_later(1.0, lambda: self.fire(game_id)))
            raise

    def due_command(self, record: "GameRecord", due: live.Due, now: int):
        """(command id, records, the move or None, the rules' events) of what fell due."""
        runtime = self.runtime
        rules, policy = runtime.rules, runtime.policy
        game_over_records = runtime.settlement.game_over_records
        seat, version = due.seat, record.version
        if due.kind == "cancel":
            reason = (f"no seat showed up within {policy.no_show_s:g} s of the game's creation: "
                      f"a ranked game nobody plays is cancelled, not rated")
            return "cancel", [*self.stamp(record, now_ms=now), env.record(env.GAME_CANCELLED, {"reason": reason})], \
                None, []
        if due.kind == abandon.ABANDON:
            return f"abandon:{version}", [*self.stamp(record, now_ms=now),
                                          abandon.abandoned_record(record.table, record.players, policy)], None, []
        if due.kind == "takeover":
            reason = ("missed turns" if record.table.missed[seat] >= policy.takeover_after_timeouts
                      else "away")
            return f"takeover:{seat}:{version}", [*self.stamp(record, now_ms=now),
                                                   seat_event(env.BOT_TOOK_OVER, record, seat, reason=reason)], \
                None, []
        timed_out = [seat_event(env.TIMED_OUT, record, seat)] if due.kind == "timeout" else []
        clock = record.table.clock
        if due.kind == "timeout" and clock is not None and clock.on_timeout == "forfeit" and not runtime.cooperative:
            over = env.forfeit_game_over(rules.name, record.game_id, record.players, seat, record.ranked)
            return f"forfeit:{seat}:{version}", [*self.stamp(record, now_ms=now), *timed_out,
                                                  seat_event(env.FORFEITED, record, seat),
                                                  env.record(env.GAME_OVER, over)], None, []
        # the seat's bot moves for it, seeing only the seat's view
        legal = rules.legal_moves(record.state, seat)
        if not legal:
            return None
        bot = runtime.bot(seed=live.bot_seed(record.game_id, version, seat))
        move = dict(bot.choose(rules.view(record.state, seat), legal))
        decided = list(rules.decide(record.state, seat, move))
        reason = "timeout" if due.kind == "timeout" else "takeover"
        records = [*self.stamp(record, seat, now_ms=now, decided=decided), *timed_out,
                   seat_event(env.BOT_MOVED, record, seat, reason=reason),
                   *[runtime.codec.encode(e) for e in decided], *game_over_records(record, decided)]
        return f"move:{seat}:{reason}-{version}", records, move, decided

    def stop(self) -> None:
        for _, handle in self.timers.values():
            handle.cancel()
        self.timers.clear()
        if self.owner is not None:
            for task in self.owner._tasks:
                task.cancel()

    async def unshare(self) -> None:
        if self.owner is not None:
            await self.owner.close()
        if self._heard_sub is not None:
            try:
                await self._heard_sub.unsubscribe()
            except Exception:  # noqa: BLE001 - the connection may be gone
                pass
            self._heard_sub = None


def ends_turn(rules, state, seat: int, decided: Sequence[Any]) -> bool:
    """Whether the move whose rules' events are `decided` on `state` completes `seat`'s turn:
    after it the seat no longer acts (it left `to_act`, with no shuffle pending), the game ended,
    or the rules' optional `turn_number(state)` moved on (a seat that starts its next turn at
    once: a lone player, a trick's winner leading the next trick)."""
    after = state
    for event in decided:
        after = rules.evolve(after, event)
    if rules.is_terminal(after):
        return True
    turn_number = getattr(rules, "turn_number", None)
    if turn_number is not None and turn_number(after) != turn_number(state):
        return True
    # a shuffle the move calls for (a Forestaurant menu pile run out) empties to_act for a
    # moment in the middle of a turn: that is not the seat's turn ending
    return seat not in rules.to_act(after) and rules.chance(after) is None


def seat_event(kind: str, record: "GameRecord", seat: int, **extra) -> dict[str, Any]:
    """A runtime event about one seat (it names the seat and its player)."""
    return env.record(kind, {"player": record.players[seat], "seat": seat, **extra})
