"""A game as the runtime holds it, and how a stream's commands fold into it: the rules' state
beside what the runtime itself keeps (players, options, the deck's commitment, the command ids
already applied, the live table). Pure: no store, no clock."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from shared import gamestream as env
from shared.codec import EventCodec
from shared.errors import InvalidArgument
from shared.eventstore import RecordedCommand
from shared.moves import quote
from shared.rules import Rules
from shared.runtime import live

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def check_game_id(game_id: str) -> None:
    if not GAME_ID.match(game_id or ""):
        raise InvalidArgument(f"{quote(game_id)} is not a valid game id (letters, digits, - and _, up to 64)",
                              key="bad-game-id")


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
class SeatMoves:
    """What a seat may do now, as ListLegalMoves answers it (GameRuntime.seat_moves)."""
    moves: list[dict[str, Any]]
    choices: dict[str, Any]
    complete: bool


@dataclass(frozen=True)
class Update:
    version: int
    events: list[dict[str, Any]]
    view: dict[str, Any]
    finished: bool
    from_version: int = 0  # the events are those after this version (WatchGameResponse.from_version)
    players: tuple[str, ...] = ()
    moves: SeatMoves | None = None  # the seat's moves when it may act (WatchGameResponse.moves)


@dataclass(frozen=True)
class Step:
    """One command of the game, folded: the state before it (its version) and after it, and its
    events as the rules decided them (None for the runtime's own events), decoded once: what a
    game's shared feed (shared.runtime.feed) hands its streams."""

    before: int
    command: RecordedCommand
    decided: tuple[Any, ...]
    state: "GameRecord"

    @property
    def final(self) -> bool:
        return self.state.over and self.state.revealed


def fold(rules: Rules, codec: EventCodec, record: GameRecord, commands: Sequence[RecordedCommand],
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
                state = rules.initial_state(players, options)
            elif event.type == env.SEED_COMMITTED:
                commitment = event.data["commitment"]
            elif event.type == env.GAME_OVER:
                over = True
            elif event.type == env.SEED_REVEALED:
                revealed = True
            elif event.type not in env.RUNTIME_EVENTS:
                state = rules.evolve(state, next(domain) if domain is not None
                                     else codec.decode(event.record()))
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
