"""Watching games over gRPC: a finished game's replay (GameService.GetReplay), its transcript
for disputes, and a live game as a spectator (GameService.SpectateGame).

    frames = await fetch_replay(conn, "foodie-forest", game_id, seat_player="ann")
    lines = transcript_lines(frames)           # JSON lines: version, move, events, view
    async for frame in spectate(conn, game, game_id): ...

A game id does not say which game it is: `locate(conn, game_id)` asks each registered game's
rules engine in turn (`--game` skips that).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Sequence

import grpc
import orjson
from foodgames.v1 import game_pb2

from apps.sdk.connection import STACK_HINT, Connection
from apps.sdk.gamecalls import JSON_VIEWS, events_of, view_of
from shared import games


@dataclass(frozen=True)
class Frame:
    """The table at one version, as one seat (or a spectator) saw it."""

    version: int
    view: dict[str, Any]
    events: list[dict[str, Any]]
    finished: bool
    game: str
    players: tuple[str, ...]
    step: int = 0
    command_id: str = ""
    move: dict[str, Any] | None = None  # {"seat", "move"} of a seat's move
    last_version: int = 0
    recorded_at: str = ""
    delay_moves: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    prompt: str = ""  # whose turn it is, in the stream's language


class GameNotFound(LookupError):
    """No rules engine that answered knows the game."""


def _frame(message, messages: bool = False) -> Frame:
    """A replay step or spectator update as a Frame; with `messages` (a language was asked for)
    its events carry their messages (apps.sdk.gamecalls.events_of)."""
    move = orjson.loads(message.move_json) if getattr(message, "move_json", "") else None
    return Frame(message.version, view_of(message), events_of(message, messages), message.finished, message.game,
                 tuple(message.players), getattr(message, "step", 0), getattr(message, "command_id", ""), move,
                 getattr(message, "last_version", 0), getattr(message, "recorded_at", ""),
                 getattr(message, "delay_moves", 0), prompt=message.prompt.text)


async def fetch_replay(conn: Connection, game: str, game_id: str, seat: int | None = None,
                       seat_player: str = "", version: int | None = None, language: str = "") -> list[Frame]:
    """Every step of the game's replay as `seat` (or the seat of `seat_player`; neither: a
    spectator) saw it, or only the one at `version`; with `language`, its events' messages."""
    request = game_pb2.GetReplayRequest(game_id=game_id, view_encoding=JSON_VIEWS, seat_player=seat_player,
                                        language=language)
    if seat is not None:
        request.seat = seat
    if version is not None:
        request.version = version
    return [_frame(m, bool(language)) async for m in conn.game(game).GetReplay(request, timeout=60)]


async def locate(conn: Connection, game_id: str, candidates: Sequence[str] | None = None) -> str:
    """The game (e.g. "foodie-forest") whose rules engine holds `game_id`: the first of
    `candidates` (default: every registered game) whose engine answers for it."""
    reasons = []
    asked = list(candidates or games.names())
    for game in asked:
        request = game_pb2.GetReplayRequest(game_id=game_id, view_encoding=JSON_VIEWS)
        call = conn.game(game).GetReplay(request, timeout=10)
        try:
            async for _ in call:
                return game
            return game
        except grpc.aio.AioRpcError as exc:
            if exc.code() == grpc.StatusCode.NOT_FOUND:
                continue
            if exc.code() == grpc.StatusCode.UNAVAILABLE:
                reasons.append(f"{game}: not reachable")
                continue
            return game  # it knows the game, and says why it will not show it (the caller asks again)
        finally:
            call.cancel()
    nobody = bool(reasons) and len(reasons) == len(asked)  # not one engine answered
    raise GameNotFound(f"no rules engine knows game {game_id!r}" + (f" ({'; '.join(reasons)})" if reasons else "")
                       + (f": {STACK_HINT}" if nobody else ""))


async def spectate(conn: Connection, game: str, game_id: str, language: str = "") -> AsyncIterator[Frame]:
    """The game as a spectator sees it: now, then after every change shown (the game's delay
    may hold moves back), until the game is over; with `language`, its events' messages."""
    call = conn.game(game).SpectateGame(game_pb2.SpectateGameRequest(game_id=game_id, view_encoding=JSON_VIEWS,
                                                                     language=language))
    try:
        async for message in call:
            yield _frame(message, bool(language))
    finally:
        call.cancel()


def transcript_line(frame: Frame) -> str:
    """One JSON line of a transcript: the step's version, move, events and the seat's view."""
    return orjson.dumps({"version": frame.version, "step": frame.step, "command_id": frame.command_id,
                         "recorded_at": frame.recorded_at, "move": frame.move, "events": frame.events,
                         "view": frame.view}, option=orjson.OPT_SORT_KEYS).decode()


def transcript_lines(frames: Sequence[Frame]) -> list[str]:
    return [transcript_line(f) for f in frames]
