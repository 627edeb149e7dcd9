"""A game as a spectator sees it, live: the public view (`rules.view(state, None)`) and the public
events (`rules.event_view(event, None)`; the deck's ShuffleApplied never), folded from the game's
stream with the runtime's own fold.

With a delay of N moves (the game's `spectator_delay_moves`) the stream holds back the last N
moves and everything after the first of them, so that what a spectator sees is never news to a
player who might be told it; once the game is over everything is shown at once (nothing is left
to help with). A "move" is a stored command that carries a seat's move (its `move` field, or a
`move:` command id); the runtime's own commands (creation, deals, the reveal) are not moves.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, AsyncIterator, Sequence

from shared import gamestream as env
from shared.auth import Identity
from shared.errors import NotFound, PermissionDenied
from shared.eventstore import RecordedCommand
from shared.runtime.game import GameRecord, GameRuntime
from shared.runtime.spectators import SpectatorPolicy, policy_of


@dataclass(frozen=True)
class SpectatorUpdate:
    version: int
    events: list[dict[str, Any]]
    view: dict[str, Any]
    finished: bool
    delay_moves: int
    players: tuple[str, ...]


def is_move(command: RecordedCommand) -> bool:
    return command.move is not None or command.command_id.startswith("move:")


def creation_of(commands: Sequence[RecordedCommand]) -> dict[str, Any]:
    """The GameCreated event's data of a game's commands ({} when there is none)."""
    for command in commands[:1]:
        for event in command.events:
            if event.type == env.GAME_CREATED:
                return dict(event.data)
    return {}


def releasable(held: Sequence[RecordedCommand], delay_moves: int) -> int:
    """How many of `held` (commands read but not shown yet, oldest first; the shown ones end
    just before a move) may be shown: all of them without a delay or once the game is over,
    else those before the `delay_moves`-th most recent move (before the first held move while
    fewer moves exist)."""
    if delay_moves <= 0 or any(e.type == env.GAME_OVER for c in held for e in c.events):
        return len(held)
    moves = [i for i, command in enumerate(held) if is_move(command)]
    if not moves:
        return len(held)
    return moves[max(0, len(moves) - delay_moves)]


def check_may_spectate(policy: SpectatorPolicy, identity: Identity, game_id: str) -> None:
    if policy.allowed or identity.role == "operator":
        return
    raise PermissionDenied(f"game {game_id!r} does not allow spectators (ranked games allow none unless "
                           f"created with the option spectators=true)", key="no-spectators")


async def spectate(runtime: GameRuntime, identity: Identity, game_id: str) -> AsyncIterator[SpectatorUpdate]:
    """The spectator's view now, then after every change it may show, until the game is over
    and its seed revealed. Raises before anything is sent when the game does not exist or does
    not allow spectators."""
    await runtime.load(game_id)  # a valid id of an existing game, or the runtime's own refusal
    subject = runtime.subject(game_id)
    commands = await runtime.store.read_commands(subject)
    created = creation_of(commands)
    if not created:
        raise NotFound(f"there is no {runtime.rules.name} game {game_id!r}", key="no-such-game", game_id=game_id)
    policy = policy_of(created)
    check_may_spectate(policy, identity, game_id)
    shown = GameRecord(game_id)
    held: list[RecordedCommand] = []
    read_version, read_seq = 0, 0

    def release(first: bool) -> SpectatorUpdate | None:
        nonlocal shown, held
        count = releasable(held, policy.delay_moves)
        if count == 0 and not first:
            return None
        events = []
        for command in held[:count]:
            shown = runtime.fold(shown, [command])
            events += [e for e in (runtime.event_for_seat(s, None) for s in command.events) if e]
        held = held[count:]
        # live, the seats' clocks and presence too; a delayed stream would show them ahead of its moves
        view = (runtime.seat_view(shown, None) if not policy.delay_moves
                else runtime.rules.view(shown.state, None))
        return SpectatorUpdate(shown.version, events, view, shown.over, policy.delay_moves, shown.players)

    for command in commands:
        held.append(command)
        read_version, read_seq = command.version, command.seq
    update = release(first=True)
    yield update
    if shown.over and shown.revealed:
        return
    async for command in runtime.store.follow(subject, read_version, read_seq + 1):
        held.append(command)
        update = release(first=False)
        if update is not None:
            yield update
            if shown.over and shown.revealed:
                return
