"""Single calls about one game, as any client makes them: the client contract (DescribeGame,
CheckMove, ListLegalMoves), the client seed sent to the deck, the views and events the answers
carry, decoded, and whole tables made without the matchmaker (CreateGame, turn clocks, every
seat's seed) for tests and benchmarks.

Kept apart from the seat's loop (apps.sdk.seatplayer) so that what only makes calls (benches,
chaos traffic, spectators, the terminal client) needs neither the loop nor the queue; it builds
on apps.sdk.connection alone.
"""
from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass, field
from typing import Any

import grpc
import orjson
from foodgames.v1 import game_pb2

from apps.sdk.connection import Backoff, Connection, rpc_error_text, with_retries
from shared.protojson import to_dict, to_struct
from shared import telemetry

log = telemetry.get_logger("apps.sdk.gamecalls")


JSON_VIEWS = game_pb2.VIEW_ENCODING_JSON


# -- the client contract: a game's description, a move checked before it is sent ----------------

async def describe_game(conn: Connection, game: str, language: str = "") -> dict[str, Any]:
    """DescribeGame: everything a client draws `game`'s table from, in `language` (docs/api.md)."""
    reply = await conn.game(game).DescribeGame(game_pb2.DescribeGameRequest(language=language), timeout=10)
    return orjson.loads(reply.description_json)


@dataclass(frozen=True)
class Checked:
    """CheckMove's answer: what SubmitMove would say to the move now (nothing was written)."""

    accepted: bool
    version: int
    code: grpc.StatusCode | None = None  # when refused
    reason: str = ""  # when refused: the rule, in the asked language
    key: str = ""  # when refused: "refused-<rule>"
    args: dict[str, Any] = field(default_factory=dict)


async def check_move(conn: Connection, game: str, game_id: str, seat: int, move: dict[str, Any],
                     expected_version: int | None = None, language: str = "", stub: Any = None) -> Checked:
    """CheckMove for `seat`'s `move` (built, say, from ListLegalMoves' choices_json); `stub`:
    the game's service to ask instead of conn's (a seat's own, through the gateway)."""
    request = game_pb2.CheckMoveRequest(game_id=game_id, seat=seat, move_json=orjson.dumps(move).decode(),
                                        language=language)
    if expected_version is not None:
        request.expected_version = expected_version
    reply = await (stub or conn.game(game)).CheckMove(request, timeout=10)
    if reply.accepted:
        return Checked(True, reply.version)
    code = next((c for c in grpc.StatusCode if c.value[0] == reply.code), grpc.StatusCode.UNKNOWN)
    return Checked(False, reply.version, code, reply.reason, reply.message.key,
                   orjson.loads(reply.message.args_json) if reply.message.args_json else {})


@dataclass(frozen=True)
class MoveSpace:
    """ListLegalMoves' answer: the moves (each with its label), the whole space as choices
    (shared.choices), and whether the moves are all of them."""

    version: int
    moves: list[dict[str, Any]]
    labels: list[str]
    choices: dict[str, Any]
    complete: bool


async def legal_moves(conn: Connection, game: str, game_id: str, seat: int, language: str = "",
                      stub: Any = None) -> MoveSpace:
    reply = await (stub or conn.game(game)).ListLegalMoves(
        game_pb2.ListLegalMovesRequest(game_id=game_id, seat=seat, language=language), timeout=10)
    return move_space_of(reply)


def move_space_of(reply: game_pb2.ListLegalMovesResponse) -> MoveSpace:
    """ListLegalMoves' answer, or the same sent with a WatchGame update (its `moves`)."""
    return MoveSpace(reply.version, [struct_dict(m) for m in reply.moves], [label.text for label in reply.labels],
                     orjson.loads(reply.choices_json) if reply.choices_json else {"moves": []}, reply.moves_complete)


# How long a client keeps sending its client seed: the deck takes seeds for its seed window
# from the game's commitment on (Settings.seed_window: 30 s unless set) and refuses a later one
# (FAILED_PRECONDITION, not tried again).
SEED_RETRY_DEADLINE_S = 30.0


async def add_client_seed(conn: Connection, game_id: str, seat: int, seed: bytes,
                          deadline_s: float = SEED_RETRY_DEADLINE_S):
    """AddClientSeed, tried again with backoff (`with_retries`) while it fails in a way that may
    pass (RETRYABLE: CANCELLED, UNAVAILABLE, ...), for up to `deadline_s`, always with the same
    `seed`: the deck answers a repeat of a seed it took as success, so a retry after an answer
    that was lost is harmless. A seed call lost for good would leave the table's first deal
    waiting for the deck's whole seed window. The AddClientSeedResponse; raises the last error."""
    from foodgames.v1 import deck_pb2

    request = deck_pb2.AddClientSeedRequest(game_id=game_id, seat=seat, seed=seed)
    stub = conn.deck()
    return await with_retries(lambda: stub.AddClientSeed(request, timeout=10), Backoff(deadline_s))


# -- what a seat is sent: its views and events -------------------------------------------

@dataclass
class Update:
    """What one seat learns: from the watch stream (`source="watch"`) or its own move."""

    version: int
    events: list[dict[str, Any]]
    view: dict[str, Any]
    finished: bool
    source: str
    prompt: str = ""  # whose turn it is and what to do, in the player's language (watch updates)


def struct_dict(struct) -> dict[str, Any]:
    """google.protobuf.Struct -> dict, whole numbers as ints (clients convert every view they
    get): shared.protojson.to_dict, kept under this name for the modules that import it."""
    return to_dict(struct)


def view_of(reply) -> dict[str, Any]:
    """The view a SubmitMove, GetView or WatchGame answer carries, in either encoding (this
    module asks for JSON: far cheaper for both sides than google.protobuf.Struct)."""
    return orjson.loads(reply.view_json) if reply.view_json else struct_dict(reply.view)


async def read_view(stub, game_id: str, seat: int, language: str = "") -> tuple[Any, dict[str, Any]]:
    """GetView for `seat`, the view asked for as JSON: (the answer, its view)."""
    reply = await stub.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=seat, view_encoding=JSON_VIEWS,
                                                       language=language))
    return reply, view_of(reply)


def message_dict(message) -> dict[str, Any]:
    """A proto Message as {"key", "args", "text"}."""
    return {"key": message.key, "args": orjson.loads(message.args_json) if message.args_json else {},
            "text": message.text}


def events_of(message, messages: bool = False) -> list[dict[str, Any]]:
    """The answer's events as {"type", "data"}; with `messages`, also each one's "message"
    ({"key", "args", "text"}) and "internal" (a player need not read it)."""
    if not messages:
        return [{"type": e.type, "data": struct_dict(e.data)} for e in message.events]
    return [{"type": e.type, "data": struct_dict(e.data), "message": message_dict(e.message),
             "internal": e.internal} for e in message.events]


# -- whole tables without the matchmaker (tests, benchmarks) --------------------------------

async def create_game(conn: Connection, game: str, players, options: dict | None = None,
                      ranked: bool = False, game_id: str = "", clock: game_pb2.Clock | None = None):
    """CreateGame (a service or operator token may create any table); the CreateGameResponse.
    `clock`: the table's turn clock (turn_clock(...)), none when None."""
    return await conn.game(game).CreateGame(game_pb2.CreateGameRequest(
        game_id=game_id, players=list(players), options=to_struct(options or {}), ranked=ranked, clock=clock))


def game_cancelled(exc: grpc.aio.AioRpcError) -> bool:
    """Whether a call failed because its game was cancelled (a ranked table nobody came to,
    docs/live-tables.md): final, never worth a retry."""
    return exc.code() == grpc.StatusCode.FAILED_PRECONDITION and (exc.details() or "").startswith("game cancelled")


def turn_clock(initial_s: int, increment_s: int = 0, on_timeout: str = "bot") -> game_pb2.Clock:
    """A CreateGameRequest.clock: Fischer `initial_s` + `increment_s` a move; out of time the
    seat's bot moves ("bot") or the seat forfeits ("forfeit"). docs/live-tables.md."""
    if on_timeout not in ("bot", "forfeit"):
        raise ValueError(f"on_timeout is bot or forfeit, not {on_timeout!r}")
    return game_pb2.Clock(initial_seconds=initial_s, increment_seconds=increment_s,
                          on_timeout=game_pb2.ON_TIMEOUT_FORFEIT if on_timeout == "forfeit" else game_pb2.ON_TIMEOUT_BOT)


def time_left_ms(view: dict[str, Any], player: str, elapsed_s: float = 0.0) -> int | None:
    """`player`'s time left on a clocked table, `elapsed_s` after `view` arrived (a running
    clock counts down from the view's reading; a stopped one stays); None without a clock."""
    clock = (view.get("clocks") or {}).get(player)
    if not clock:
        return None
    remaining = int(clock["remaining_ms"])
    return max(0, remaining - int(elapsed_s * 1000)) if clock.get("running") else remaining


def takes_turns(view: dict[str, Any]) -> bool:
    """Whether the seat of `view` moves alone now, so that its move should name the version it
    was chosen on (choices made by several seats at the same time, in any order, name none).
    Every game's view lists who may act (`to_act`)."""
    return len(view.get("to_act") or ()) == 1


async def send_client_seeds(conns: list[Connection], game_id: str,
                            deadline_s: float = SEED_RETRY_DEADLINE_S) -> list[int]:
    """Every seat's random client seed to the deck, seat i through conns[i], each call tried
    again while it fails in a way that may pass (add_client_seed). A seed the deck did not take
    in the end (refused as late, after the first shuffle; or still failing after `deadline_s`)
    is logged as a warning and the game is played on. The seats whose seed was not taken."""
    async def seed(seat: int) -> int | None:
        try:
            await add_client_seed(conns[seat], game_id, seat, os.urandom(32), deadline_s)
        except grpc.aio.AioRpcError as exc:
            log.warning("client seed not sent", game_id=game_id, seat=seat, error=rpc_error_text(exc))
            return seat
        return None
    return [s for s in await asyncio.gather(*(seed(s) for s in range(len(conns)))) if s is not None]
