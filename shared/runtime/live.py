"""Live tables, the pure part: a game's turn clocks, its seats' presence, bot takeover and
no-show cancellation, folded from the runtime's own events (shared.gamestream.LIVE_EVENTS).

Nothing here reads a clock: every function takes `now_ms`, and the runtime stamps each command
it writes to a clocked game with a TimeRecorded event (the time and every seat's bank then), so
what a clock shows is a pure function of the stream and the time asked about. A replay of the
stream gives the same clocks, the same deadlines and the same game. docs/live-tables.md.
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Callable, Iterable, Mapping, Sequence

from shared import gamestream as env

ON_TIMEOUT = ("bot", "forfeit")
CONNECTED, AWAY, BOT = "connected", "away", "bot"
# A seat whose bot just moved for it and that may still act (a game of simultaneous offers and
# withdrawals, say) is moved for again only when its time runs out once more, and never sooner
# than this: a bot never plays a seat in a loop.
BOT_PAUSE_MS = 1000


def wall_ms() -> int:
    """The real time in ms since the epoch: the runtime's default clock."""
    return time.time_ns() // 1_000_000


@dataclass(frozen=True)
class ClockSpec:
    """Fischer: each seat starts with `initial_ms`, gains `increment_ms` after each turn it
    completes (the move that takes it out of `to_act`), however many moves the turn holds."""

    initial_ms: int
    increment_ms: int = 0
    on_timeout: str = "bot"  # "bot" | "forfeit"

    def __post_init__(self):
        if self.initial_ms <= 0 or self.increment_ms < 0:
            raise ValueError("a clock needs a positive initial time and an increment of 0 or more")
        if self.on_timeout not in ON_TIMEOUT:
            raise ValueError(f"on_timeout is one of {', '.join(ON_TIMEOUT)}, not {self.on_timeout!r}")

    def data(self) -> dict[str, Any]:
        return {"initial_ms": self.initial_ms, "increment_ms": self.increment_ms, "on_timeout": self.on_timeout}


@dataclass(frozen=True)
class LivePolicy:
    """How the runtime treats presence and absence (shared.config.Settings sets these)."""

    grace_s: float = 5.0  # a seat with no stream stays connected this long after its last call
    takeover_after_timeouts: int = 2  # this many timeouts in a row and the seat's bot takes over
    takeover_after_away_s: float = 60.0  # away this long (disconnected) and the seat's bot takes over
    no_show_s: float = 60.0  # a ranked game nobody connects to or moves in within this is cancelled
    # a casual table whose players (its seats that are not bots) are all away this long is
    # cancelled, and its bots go free (shared.runtime.abandon); 0: never
    abandon_after_s: float = 45.0
    now_ms: Callable[[], int] = wall_ms  # the runtime's clock: injectable, never read by rules


@dataclass(frozen=True)
class Table:
    """The live part of one game, folded from its stream."""

    seats: int = 0
    ranked: bool = False
    clock: ClockSpec | None = None
    created_ms: int = 0  # when the game was created
    at_ms: int = 0  # the time of the last TimeRecorded
    banks: tuple[int, ...] = ()  # each seat's bank at at_ms
    presence: tuple[str, ...] = ()  # CONNECTED | AWAY per seat (BOT shows through taken_over)
    away_ms: tuple[int, ...] = ()  # since when a seat is away (0: never connected)
    taken_over: tuple[bool, ...] = ()
    missed: tuple[int, ...] = ()  # timeouts in a row per seat
    showed_up: bool = False  # a seat connected or moved
    cancelled: str = ""  # the reason, once cancelled
    bot_last: int = -1  # the seat whose bot made the last move, until another move or a deal

    @property
    def tracked(self) -> bool:
        """Whether the table keeps clocks and presence (a table with a clock)."""
        return self.clock is not None


def _ms_of(iso: str) -> int:
    try:
        return int(datetime.fromisoformat(iso).timestamp() * 1000)
    except (TypeError, ValueError):
        return 0


def _set(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def fold(table: Table, command_id: str, recorded_at: str, events: Iterable[Any], players: Sequence[str]) -> Table:
    """`table` after one stored command (`events`: StoredEvents or records with type and data)."""
    events = list(events)
    types = [e.type if hasattr(e, "type") else e["type"] for e in events]
    datas = [e.data if hasattr(e, "data") else e["data"] for e in events]
    bot_moved = env.BOT_MOVED in types
    if table.seats and any(t not in env.LIVE_EVENTS for t in types):
        # a move or a deal: the seat whose bot moved, if it was a bot's move
        seat = _seat_of(command_id) if bot_moved else -1
        table = replace(table, bot_last=seat if seat is not None else -1)
    for kind, data in zip(types, datas):
        if kind == env.GAME_CREATED:
            n = len(data["players"])
            table = Table(seats=n, ranked=bool(data.get("ranked")), created_ms=_ms_of(recorded_at),
                          banks=(0,) * n, presence=(AWAY,) * n, away_ms=(0,) * n, taken_over=(False,) * n,
                          missed=(0,) * n)
        elif kind == env.CLOCK_SET:
            table = replace(table, clock=ClockSpec(int(data["initial_ms"]), int(data["increment_ms"]),
                                                   str(data["on_timeout"])))
        elif kind == env.TIME_RECORDED:
            at = int(data["at_ms"])
            banks = tuple(int(data["banks"].get(p, 0)) for p in players)
            created = table.created_ms if table.at_ms else at  # the first stamp is the creation
            table = replace(table, at_ms=at, banks=banks, created_ms=created)
        elif kind == env.PLAYER_CONNECTED:
            seat = int(data["seat"])
            table = replace(table, presence=_set(table.presence, seat, CONNECTED), showed_up=True)
        elif kind == env.PLAYER_DISCONNECTED:
            seat = int(data["seat"])
            table = replace(table, presence=_set(table.presence, seat, AWAY),
                            away_ms=_set(table.away_ms, seat, table.at_ms or _ms_of(recorded_at)))
        elif kind == env.TIMED_OUT:
            seat = int(data["seat"])
            table = replace(table, missed=_set(table.missed, seat, table.missed[seat] + 1))
        elif kind == env.BOT_TOOK_OVER:
            table = replace(table, taken_over=_set(table.taken_over, int(data["seat"]), True))
        elif kind == env.PLAYER_RETURNED:
            seat = int(data["seat"])
            table = replace(table, taken_over=_set(table.taken_over, seat, False),
                            missed=_set(table.missed, seat, 0))
        elif kind == env.GAME_CANCELLED:
            table = replace(table, cancelled=str(data.get("reason") or "cancelled"))
    if command_id.startswith("move:") and table.seats:
        table = replace(table, showed_up=table.showed_up or not bot_moved)
        if not bot_moved:  # the player moved: their run of timeouts ends
            seat = int(command_id.split(":")[1])
            if 0 <= seat < table.seats and table.missed[seat]:
                table = replace(table, missed=_set(table.missed, seat, 0))
    return table


def _seat_of(command_id: str) -> int | None:
    try:
        return int(command_id.split(":")[1])
    except (IndexError, ValueError):
        return None


def stamp(table: Table, running: frozenset[int], players: Sequence[str], now_ms: int,
          mover: int | None = None) -> dict[str, Any]:
    """The TimeRecorded record of a command written at `now_ms` to a clocked table whose
    `running` seats' clocks ran since the last stamp; `mover` (a seat whose move completed its
    turn, GameRuntime.ends_turn) earns the increment."""
    banks = list(remaining(table, running, now_ms))
    if mover is not None and mover in running and table.clock is not None:
        banks[mover] += table.clock.increment_ms
    return env.record(env.TIME_RECORDED, {"at_ms": int(now_ms), "banks": dict(zip(players, banks))})


def first_stamp(clock: ClockSpec, players: Sequence[str], now_ms: int) -> list[dict[str, Any]]:
    """The live events of a clocked game's creation."""
    return [env.record(env.CLOCK_SET, clock.data()),
            env.record(env.TIME_RECORDED, {"at_ms": int(now_ms),
                                           "banks": {p: clock.initial_ms for p in players}})]


def remaining(table: Table, running: frozenset[int], now_ms: int) -> tuple[int, ...]:
    """Every seat's bank at `now_ms` (running ones counted down since the last stamp, not below 0)."""
    spent = max(0, now_ms - table.at_ms)
    return tuple(max(0, bank - spent) if seat in running else bank for seat, bank in enumerate(table.banks))


# The keys view_fields adds to the rules' view: they tell the time now, which no replay of the
# stream can give, so a replay is compared with a live view without them (without_live_fields).
VIEW_FIELDS = ("clocks", "presence")


def without_live_fields(view: dict[str, Any]) -> dict[str, Any]:
    """The rules' part of a seat's view: what a replay of the stream must give again."""
    return {k: v for k, v in view.items() if k not in VIEW_FIELDS}


def view_fields(table: Table, running: frozenset[int], players: Sequence[str], now_ms: int) -> dict[str, Any]:
    """The `clocks` and `presence` every view of a clocked table carries."""
    banks = remaining(table, running, now_ms)
    return {"clocks": {p: {"remaining_ms": banks[s], "running": s in running} for s, p in enumerate(players)},
            "presence": {p: BOT if table.taken_over[s] else table.presence[s] for s, p in enumerate(players)}}


@dataclass(frozen=True)
class Due:
    """What the runtime must write for a table now: `kind` is "cancel", "timeout", "takeover"
    or "bot" (a taken-over seat's move), `seat` the seat it is about (None for cancel)."""

    kind: str
    seat: int | None
    at_ms: int  # when it falls due


def deadlines(table: Table, running: frozenset[int], policy: LivePolicy) -> list[Due]:
    """Everything that will fall due on this table unless a command comes first, by time."""
    out: list[Due] = []
    if table.cancelled or not table.seats:
        return out
    if table.ranked and not table.showed_up and table.created_ms:  # (0: not known, never cancel)
        out.append(Due("cancel", None, table.created_ms + int(policy.no_show_s * 1000)))
    if table.clock is not None:
        for seat in range(table.seats):
            # after its bot's move, a seat that may still act waits for its time (and the pause)
            pause = BOT_PAUSE_MS if table.bot_last == seat else 0
            if table.taken_over[seat]:
                if seat in running:
                    out.append(Due("bot", seat, table.at_ms + (max(table.banks[seat], pause) if pause else 0)))
                continue
            if table.missed[seat] >= policy.takeover_after_timeouts:
                out.append(Due("takeover", seat, table.at_ms))
            elif table.presence[seat] == AWAY and table.away_ms[seat]:
                out.append(Due("takeover", seat, table.away_ms[seat] + int(policy.takeover_after_away_s * 1000)))
            if seat in running:
                out.append(Due("timeout", seat, table.at_ms + max(table.banks[seat], pause)))
    return sorted(out, key=lambda d: (d.at_ms, d.seat if d.seat is not None else -1))


def bot_seed(game_id: str, version: int, seat: int) -> int:
    """The seed of the bot that moves for `seat` at `version`: the same on every replica, so
    replicas racing on one timeout decide the same move."""
    return int.from_bytes(hashlib.sha256(f"{game_id}:{version}:{seat}".encode()).digest()[:8], "big")


class FirstLegalBot:
    """The stand-in bot of a game that registers none: it plays the first legal move."""

    def choose(self, view: Mapping[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        return legal_moves[0]
