"""GameService over gRPC: proto -> runtime call -> proto, nothing more."""
from __future__ import annotations

import grpc
import orjson
from foodgames.v1 import event_pb2, game_pb2, game_pb2_grpc

from shared.auth import current_identity
from shared.errors import InvalidArgument, reason, shorten, status_for
from shared.protojson import to_dict, to_struct
from shared.runtime.game import GameRuntime
from shared.runtime.replay import replay
from shared.runtime.live import ClockSpec
from shared.runtime.seat import MoveResult, PlayMove, play_seat
from shared.runtime.spectate import spectate
from shared.service import Unreadable


def _events(records) -> list[event_pb2.Event]:
    return [event_pb2.Event(type=r["type"], schema_version=r["schema_version"], data=to_struct(r["data"]))
            for r in records]


def _view(encoding: int, view) -> dict:
    """The response field carrying `view` in the encoding the client asked for."""
    if encoding == game_pb2.VIEW_ENCODING_JSON:
        # orjson: a view is built for every move; json.dumps took ~5 % of a rules service's CPU
        return {"view_json": orjson.dumps(view, option=orjson.OPT_NON_STR_KEYS).decode()}
    return {"view": to_struct(view)}


MAX_CLOCK_S = 24 * 3600  # a bank or increment longer than a day is a mistake, not a clock


def clock_of(request) -> ClockSpec | None:
    """CreateGameRequest.clock as the runtime's ClockSpec (None when unset)."""
    if not request.HasField("clock"):
        return None
    clock = request.clock
    if not 0 < clock.initial_seconds <= MAX_CLOCK_S or clock.increment_seconds > MAX_CLOCK_S:
        raise InvalidArgument(f"a clock needs initial_seconds of 1 to {MAX_CLOCK_S} and increment_seconds of 0 to "
                              f"{MAX_CLOCK_S}, not {clock.initial_seconds} and {clock.increment_seconds}")
    on_timeout = "forfeit" if clock.on_timeout == game_pb2.ON_TIMEOUT_FORFEIT else "bot"
    return ClockSpec(clock.initial_seconds * 1000, clock.increment_seconds * 1000, on_timeout)


class GameServicer(game_pb2_grpc.GameServiceServicer):
    def __init__(self, runtime: GameRuntime):
        self.runtime = runtime

    async def CreateGame(self, request, context):
        record = await self.runtime.create_game(current_identity(), list(request.players),
                                                to_dict(request.options), request.ranked, request.game_id,
                                                clock_of(request))
        return game_pb2.CreateGameResponse(game_id=record.game_id, version=record.version,
                                           seed_commitment=record.commitment)

    async def SubmitMove(self, request, context):
        expected = request.expected_version if request.HasField("expected_version") else None
        outcome = await self.runtime.submit_move(current_identity(), request.game_id, request.seat,
                                                 request.move_id, expected, to_dict(request.move))
        return game_pb2.SubmitMoveResponse(version=outcome.version, events=_events(outcome.events),
                                           duplicate=outcome.duplicate, **_view(request.view_encoding, outcome.view))

    async def GetView(self, request, context):
        record, view = await self.runtime.view(current_identity(), request.game_id, request.seat)
        return game_pb2.GetViewResponse(version=record.version, finished=record.over, players=list(record.players),
                                        game=self.runtime.rules.name, **_view(request.view_encoding, view))

    async def ListLegalMoves(self, request, context):
        record, moves = await self.runtime.legal_moves(current_identity(), request.game_id, request.seat)
        return game_pb2.ListLegalMovesResponse(version=record.version, moves=[to_struct(m) for m in moves])

    async def WatchGame(self, request, context):
        async for update in self.runtime.watch(current_identity(), request.game_id, request.seat,
                                               request.after_version):
            yield game_pb2.WatchGameResponse(version=update.version, events=_events(update.events),
                                             finished=update.finished, from_version=update.from_version,
                                             **_view(request.view_encoding, update.view))

    async def PlayGame(self, requests, context):
        first = await anext(aiter(requests), None)
        if isinstance(first, Unreadable):
            raise first.error
        if first is None or first.WhichOneof("request") != "join":
            raise InvalidArgument("a PlayGame stream starts with a join naming the game and the seat")
        join = first.join
        async for item in play_seat(self.runtime, current_identity(), join.game_id, join.seat, _moves(requests),
                                    join.turns_only):
            if isinstance(item, MoveResult):
                yield game_pb2.PlayGameResponse(move_result=_move_result(item))
            else:
                yield game_pb2.PlayGameResponse(update=game_pb2.PlayGameUpdate(
                    version=item.version, finished=item.finished, **_view(join.view_encoding, item.view)))

    async def SpectateGame(self, request, context):
        async for update in spectate(self.runtime, current_identity(), request.game_id):
            yield game_pb2.SpectateGameResponse(
                version=update.version, events=_events(update.events), finished=update.finished,
                delay_moves=update.delay_moves, players=list(update.players), game=self.runtime.rules.name,
                **_view(request.view_encoding, update.view))

    async def GetReplay(self, request, context):
        seat = request.seat if request.HasField("seat") else None
        version = request.version if request.HasField("version") else None
        async for step in replay(self.runtime, current_identity(), request.game_id, seat, version,
                                 player=request.seat_player):
            yield game_pb2.GetReplayResponse(
                version=step.version, step=step.step, command_id=step.command_id,
                move_json=orjson.dumps(dict(step.move)).decode() if step.move is not None else "",
                events=_events(step.events), finished=step.finished, players=list(step.players),
                game=self.runtime.rules.name, last_version=step.last_version, recorded_at=step.recorded_at,
                **_view(request.view_encoding, step.view))


async def _moves(requests):
    async for request in requests:
        if isinstance(request, Unreadable):
            # answered like any refused move, under the move id it carried if that can be read
            move_id, expected = _move_id_of(request.data)
            yield PlayMove(move_id, expected, None, error=request.error)
            continue
        if request.WhichOneof("request") != "move":
            yield PlayMove("", None, None, "only the first message of a PlayGame stream joins; later ones are moves")
            continue
        move = request.move
        expected = move.expected_version if move.HasField("expected_version") else None
        if move.move_json:
            try:
                body = orjson.loads(move.move_json)
            except ValueError as exc:
                yield PlayMove(move.move_id, expected, None, f"the move is not valid JSON: {shorten(str(exc), 120)}")
                continue
            if not isinstance(body, dict):
                yield PlayMove(move.move_id, expected, None, "the move must be a JSON object, e.g. "
                                                            "{\"type\": \"play\", \"card\": \"bug-3\"}")
                continue
        else:
            body = to_dict(move.move)
        yield PlayMove(move.move_id, expected, body)


def _move_result(result: MoveResult) -> game_pb2.PlayGameMoveResult:
    if result.error is None:
        return game_pb2.PlayGameMoveResult(move_id=result.move_id, accepted=True, version=result.version,
                                           duplicate=result.duplicate)
    code = status_for(result.error)
    return game_pb2.PlayGameMoveResult(move_id=result.move_id, code=(code or grpc.StatusCode.INTERNAL).value[0],
                                       reason=reason(result.error))


def _move_id_of(data: bytes) -> tuple[str, int | None]:
    """(move id, expected version) of a PlayGameRequest protobuf could not decode (its move too
    deeply nested, say): read without the move itself; ("", None) when even that fails."""
    try:
        for number, _, start, end in _fields(data):
            if number == 2:  # PlayGameRequest.move
                inner = data[start:end]
                move = game_pb2.PlayGameMove.FromString(b"".join(  # without field 3, the Struct
                    inner[s:e] for n, _, s, e in _fields(inner, whole=True) if n != 3))
                expected = move.expected_version if move.HasField("expected_version") else None
                return move.move_id[:128], expected
    except Exception:  # noqa: BLE001 - not even the envelope can be read
        pass
    return "", None


def _fields(data: bytes, whole: bool = False):
    """(field number, wire type, start, end) of each top-level field of a protobuf message: the
    span of its value, or with `whole` of the whole field (tag included)."""
    i = 0
    while i < len(data):
        begin = i
        key, i = _varint(data, i)
        number, kind = key >> 3, key & 7
        start = i
        if kind == 0:
            _, i = _varint(data, i)
        elif kind == 1:
            i += 8
        elif kind == 2:
            size, i = _varint(data, i)
            start, i = i, i + size
        elif kind == 5:
            i += 4
        else:
            raise ValueError(f"wire type {kind}")
        if i > len(data):
            raise ValueError("truncated")
        yield number, kind, begin if whole else start, i


def _varint(data: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[i]
        value |= (byte & 0x7F) << shift
        i += 1
        if not byte & 0x80:
            return value, i
        shift += 7
        if shift > 63:
            raise ValueError("varint too long")
