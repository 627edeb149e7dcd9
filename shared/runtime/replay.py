"""A game stepped through from its stream: after each stored command, the view of one seat (or of
a spectator) and the command's events as that seat saw them, folded from the stored events with
the runtime's own fold and the game's pure rules (the same path a live game takes from its
stream), so a replay shows exactly what was shown live.

Who may replay what: an operator any game, as any seat or as a spectator (an operator sees every
hand, e.g. to settle a dispute); a player a finished game of theirs, as their own seat or as a
spectator; nobody else.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, AsyncIterator, Mapping, Sequence

from shared import gamestream as env
from shared.auth import Identity
from shared.errors import FailedPrecondition, InvalidArgument, PermissionDenied
from shared.moves import quote
from shared.runtime.game import GameRecord, GameRuntime


@dataclass(frozen=True)
class ReplayStep:
    step: int  # 0: the creation, then one per stored command
    version: int  # the game's event count after the command
    command_id: str
    move: Mapping[str, Any] | None  # {"seat", "move"} of a seat's move; None for the runtime's own
    events: list[dict[str, Any]]  # the command's events as the seat (None: a spectator) saw them
    view: dict[str, Any]
    finished: bool
    recorded_at: str
    players: tuple[str, ...]
    last_version: int


def check_may_replay(record: GameRecord, identity: Identity, seat: int | None) -> None:
    """Raises unless `identity` may replay `record` as `seat` (None: a spectator)."""
    if seat is not None and not 0 <= seat < len(record.players):
        raise InvalidArgument(f"seat {seat} does not exist: the table has seats 0 to {len(record.players) - 1}",
                              key="no-such-seat", seat=seat, last=len(record.players) - 1)
    if identity.role == "operator":
        return
    if identity.player not in record.players:
        raise PermissionDenied(f"only the game's players and operators may replay game {record.game_id!r}; "
                               f"{identity.player} did not play in it", key="replay-not-player")
    if not record.over:
        raise FailedPrecondition(f"game {record.game_id!r} is not over yet: a player replays a finished game "
                                 f"(follow a game in progress with WatchGame)", key="replay-not-over")
    if seat is not None and record.players[seat] != identity.player:
        raise PermissionDenied(f"seat {seat} is {record.players[seat]}'s: a player replays their own seat "
                               f"or the spectator's view; only an operator sees another seat's hand",
                               key="replay-other-seat")


async def replay(runtime: GameRuntime, identity: Identity, game_id: str, seat: int | None = None,
                 version: int | None = None, player: str = "") -> AsyncIterator[ReplayStep]:
    """Every step of the game (or only the one standing at `version`: the last step not after
    it) as `seat` saw it (or the seat of `player`, when named). Raises before the first step
    when the caller may not replay it."""
    if player:
        players = (await runtime.load(game_id)).players
        if player not in players:
            raise InvalidArgument(f"{quote(player)} did not play in game {game_id!r}; its players are "
                                  f"{', '.join(players)}")
        seat = players.index(player)
    async for steps in replay_seats(runtime, identity, game_id, (seat,), version):
        yield steps[seat]


async def replay_seats(runtime: GameRuntime, identity: Identity, game_id: str, seats: Sequence[int | None],
                       version: int | None = None) -> AsyncIterator[dict[int | None, ReplayStep]]:
    """`replay` for several seats at once (one fold of the stream): each step as a dict
    seat -> ReplayStep."""
    current = await runtime.load(game_id)
    for seat in seats:
        check_may_replay(current, identity, seat)
    commands = await runtime.store.read_commands(runtime.subject(game_id))
    last_version = commands[-1].version if commands else 0
    if version is not None and not commands[0].version <= version <= last_version:
        raise InvalidArgument(f"game {game_id!r} has versions {commands[0].version} to {last_version}, "
                              f"not {version}")
    rules, codec = runtime.rules, runtime.codec
    record = GameRecord(game_id)
    for step, command in enumerate(commands):
        # each stored event decoded once, for the fold and for every seat's redaction
        decoded = [None if s.type in env.RUNTIME_EVENTS else codec.decode(s.record()) for s in command.events]
        record = runtime.fold(record, [command], [d for d in decoded if d is not None])
        if version is not None:
            following = commands[step + 1].version if step + 1 < len(commands) else last_version + 1
            if not command.version <= version < following:
                continue
        yield {seat: ReplayStep(step, command.version, command.command_id, command.move,
                                [e for e in (runtime.event_for_seat(s, seat, d)
                                             for s, d in zip(command.events, decoded)) if e],
                                rules.view(record.state, seat), record.over, command.recorded_at,
                                record.players, last_version)
               for seat in seats}
        if version is not None:
            return
