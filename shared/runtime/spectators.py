"""Who may watch a game: the table settings `spectators` and `spectator_delay_moves`.

They are given with the game's options at creation (CreateGameRequest.options), taken out
before the rules see the options (they are the runtime's, not the game's), and kept in the
game's GameCreated event as `spectators: {"allowed": bool, "delay_moves": int}`, so that
every replica and every replay knows them.

Defaults: a casual game allows spectators, live (no delay); a ranked game allows none unless
created with `spectators: true` (the matchmaker never asks for it: a player's ticket cannot
carry these options, the matchmaker checks ticket options against the game's rules).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from shared.errors import InvalidArgument
from shared.moves import quote

ALLOW = "spectators"
DELAY = "spectator_delay_moves"
TABLE_OPTIONS = (ALLOW, DELAY)
MAX_DELAY_MOVES = 1000


@dataclass(frozen=True)
class SpectatorPolicy:
    allowed: bool
    delay_moves: int = 0

    def as_event_data(self) -> dict[str, Any]:
        return {"allowed": self.allowed, "delay_moves": self.delay_moves}


def default_policy(ranked: bool) -> SpectatorPolicy:
    return SpectatorPolicy(allowed=not ranked, delay_moves=0)


def split_options(options: Mapping[str, Any], ranked: bool) -> tuple[dict[str, Any], SpectatorPolicy]:
    """(the game's own options, the spectator policy) of a create's options; InvalidArgument
    naming what is wrong with a setting."""
    game_options = {k: v for k, v in options.items() if k not in TABLE_OPTIONS}
    policy = default_policy(ranked)
    allowed = options.get(ALLOW, policy.allowed)
    if not isinstance(allowed, bool):
        raise InvalidArgument(f"option {ALLOW!r} is true or false, not {quote(allowed)}")
    delay = options.get(DELAY, 0)
    if isinstance(delay, float) and delay.is_integer():
        delay = int(delay)  # a protobuf Struct carries every number as a double
    if isinstance(delay, bool) or not isinstance(delay, int) or not 0 <= delay <= MAX_DELAY_MOVES:
        raise InvalidArgument(f"option {DELAY!r} is a whole number of moves from 0 to {MAX_DELAY_MOVES}, "
                              f"not {quote(delay)}")
    return game_options, SpectatorPolicy(allowed, delay)


def policy_of(created: Mapping[str, Any]) -> SpectatorPolicy:
    """The policy kept in a GameCreated event's data (a game created before spectators existed
    gets the default of its ranked flag)."""
    kept = created.get("spectators")
    if not isinstance(kept, Mapping):
        return default_policy(bool(created.get("ranked")))
    delay = kept.get("delay_moves")
    return SpectatorPolicy(kept.get("allowed") is True,
                           delay if isinstance(delay, int) and not isinstance(delay, bool) else 0)
