"""What the clients of a chaos run were told: per game, every move the rules engine
acknowledged (its move id, seat and the version it answered) and the view each seat saw last.
The checks compare this with what the stack stored."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class AckedMove:
    move_id: str
    seat: int
    version: int
    at: float  # time.monotonic() when the answer came

    @property
    def command_id(self) -> str:
        """The id the runtime stores the move under (shared.runtime.game.submit_move)."""
        return f"move:{self.seat}:{self.move_id}"


@dataclass
class Hold:
    """A stream a seat's client held (WatchGame), in wall-clock ms (closed_ms 0: still open)."""

    seat: int
    opened_ms: int  # when its first update came
    closed_ms: int = 0  # when it ended or failed, as the client saw it


# How a table's seats talk to the stack: gRPC straight to the services, or Connect through the
# gateway, as a browser's table does (apps.chaos.connect).
GRPC, CONNECT = "grpc", "connect"


@dataclass
class GameLedger:
    game: str
    game_id: str
    players: tuple[str, ...]
    ranked: bool
    via: str  # "matchmaker" or "direct" (CreateGame with a service token)
    acked: list[AckedMove] = field(default_factory=list)
    final_views: dict[int, dict[str, Any]] = field(default_factory=dict)
    finished: bool = False  # a client saw the game end
    error: str = ""  # why the clients stopped playing before the end, if they did
    holds: list[Hold] = field(default_factory=list)  # the seats' streams, on a clocked table
    clocked: bool = False
    client: str = GRPC  # or CONNECT


@dataclass
class Ledger:
    games: list[GameLedger] = field(default_factory=list)
    queue_failures: list[str] = field(default_factory=list)  # matchmaker tickets that never matched

    def acked_between(self, start: float, end: float) -> int:
        return sum(1 for g in self.games for m in g.acked if start <= m.at <= end)

    @property
    def moves(self) -> int:
        return sum(len(g.acked) for g in self.games)
