"""CheckMove: what SubmitMove would answer to a move now, with nothing written (issue 24).

The same checks in the same order as SubmitMove (shared.runtime.moving), on the latest state:
the move's shape (the game's MoveSet), the table as the client saw it (`expected_version`), a game neither
cancelled nor over, then the rules' decide, whose events are thrown away. A client calls it
while a player builds a move from `choices_json`, to learn before sending whether, and why not.

What is wrong with the call itself (no such game, a seat not the caller's, no token) is the
call's own error, as for every GameService call; what is wrong with the move is the answer.
"""
from __future__ import annotations

from typing import Any, Mapping

from shared.auth import Identity
from shared.errors import AppError, InvalidArgument, Unavailable
from shared.rules import RulesError
from shared.runtime.game import GameRuntime


async def check_move(runtime: GameRuntime, identity: Identity, game_id: str, seat: int,
                     expected_version: int | None, move: Mapping[str, Any] | None,
                     unreadable: AppError | None = None) -> tuple[int, Exception | None]:
    """(the version the move was judged on, None when SubmitMove would accept it, else the
    refusal SubmitMove would raise)."""
    record = await runtime.load(game_id)
    runtime.check_seat(record, identity, seat)
    try:
        if unreadable is not None:
            raise unreadable
        if move is None:
            raise InvalidArgument("send a move to check, e.g. {\"type\": \"play\", \"card\": \"bug-3\"}",
                                  key="no-move")
        checked = runtime.moving.check_move(move)
        runtime.check_playable(record, expected_version)
        if runtime.rules.chance(record.state) is not None:
            # SubmitMove would deal first and then decide; a check writes nothing, so it asks again
            runtime.settle_if_waiting(record)
            raise Unavailable("the cards are being dealt; ask again in a moment", key="dealing")
        runtime.rules.decide(record.state, seat, dict(checked))
    except (AppError, RulesError) as exc:
        return record.version, exc
    return record.version, None
