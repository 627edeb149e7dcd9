"""GameService over gRPC: proto -> runtime call -> proto, nothing more."""
from __future__ import annotations

import grpc
import orjson
from foodgames.v1 import event_pb2, game_pb2, game_pb2_grpc

from shared.auth import current_identity
from shared.errors import InvalidArgument, shorten, status_for
from shared.protojson import to_dict, to_struct
from shared.runtime.check import check_move
from shared.runtime.game import GameRuntime
from shared.apimessage import message_of
from shared.runtime.narrate import Narrator
from shared.runtime.replay import replay
from shared.runtime.live import ClockSpec
from shared.runtime.seat import MoveResult, PlayMove, play_seat
from shared.runtime.spectate import spectate
from shared.service import Unreadable, call_language


def _events(records, narrator: Narrator, players, seat, language: str) -> list[event_pb2.Event]:
    """The events as `seat` (None: a spectator) sees them, each with its message in `language`."""
    out = []
    for r in records:
        said = narrator.event(r, players, seat, language)
        out.append(event_pb2.Event(type=r["type"], schema_version=r["schema_version"], data=to_struct(r["data"]),
                                   message=message_of(said), internal=said.internal))
    return out


def _move_list(narrator: Narrator, version: int, players, seat: int, moves, choices, complete: bool,
               language: str) -> game_pb2.ListLegalMovesResponse:
    """The seat's moves with their labels in `language`, as ListLegalMoves answers them."""
    labels = [message_of(narrator.move(m, players, seat, language)) for m in moves]
    return game_pb2.ListLegalMovesResponse(version=version, moves=[to_struct(m) for m in moves], labels=labels,
                                           moves_complete=complete, choices_json=orjson.dumps(choices).decode())


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
    """`game`: the game's declaration (shared.games.Game), which DescribeGame describes."""

    def __init__(self, runtime: GameRuntime, game=None):
        self.runtime = runtime
        self.game = game
        self.narrator = runtime.narrator

    def _prompt(self, view, players, seat, finished: bool, language: str) -> event_pb2.Message:
        return message_of(self.narrator.prompt(view, players, seat, finished, language))

    def _moves(self, update, seat: int, language: str) -> game_pb2.ListLegalMovesResponse | None:
        """The seat's moves of `update` (a watch or play stream's) with their labels; None: none."""
        if update.moves is None:
            return None
        return _move_list(self.narrator, update.version, update.players, seat, update.moves.moves,
                          update.moves.choices, update.moves.complete, language)

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
        language = call_language(request.language, context)
        return game_pb2.SubmitMoveResponse(version=outcome.version,
                                           events=_events(outcome.events, self.narrator, outcome.players,
                                                          request.seat, language),
                                           duplicate=outcome.duplicate, **_view(request.view_encoding, outcome.view))

    async def GetView(self, request, context):
        record, view = await self.runtime.view(current_identity(), request.game_id, request.seat)
        language = call_language(request.language, context)
        return game_pb2.GetViewResponse(version=record.version, finished=record.over, players=list(record.players),
                                        game=self.runtime.rules.name,
                                        prompt=self._prompt(view, record.players, request.seat, record.over, language),
                                        **_view(request.view_encoding, view))

    async def ListLegalMoves(self, request, context):
        record, moves = await self.runtime.legal_moves(current_identity(), request.game_id, request.seat)
        language = call_language(request.language, context)
        space, complete = self.runtime.move_space(record, request.seat, moves)
        return _move_list(self.narrator, record.version, record.players, request.seat, moves, space, complete,
                          language)

    async def CheckMove(self, request, context):
        language = call_language(request.language, context)
        move, problem = move_body(request.move, request.move_json, request.HasField("move"))
        expected = request.expected_version if request.HasField("expected_version") else None
        version, error = await check_move(self.runtime, current_identity(), request.game_id, request.seat,
                                          expected, move, problem)
        if error is None:
            return game_pb2.CheckMoveResponse(accepted=True, version=version)
        said = self.narrator.refusal(error, language)
        code = status_for(error) or grpc.StatusCode.INTERNAL
        return game_pb2.CheckMoveResponse(accepted=False, code=code.value[0], reason=said.text,
                                          message=message_of(said), version=version)

    async def DescribeGame(self, request, context):
        from shared.describe import description_json

        game = self.game if self.game is not None else _bare_game(self.runtime)
        text, language = description_json(game, call_language(request.language, context))
        return game_pb2.DescribeGameResponse(description_json=text, language=language)

    async def WatchGame(self, request, context):
        language = call_language(request.language, context)
        async for update in self.runtime.watch(current_identity(), request.game_id, request.seat,
                                               request.after_version):
            yield game_pb2.WatchGameResponse(
                version=update.version, events=_events(update.events, self.narrator, update.players, request.seat,
                                                       language),
                finished=update.finished, from_version=update.from_version,
                prompt=self._prompt(update.view, update.players, request.seat, update.finished, language),
                moves=self._moves(update, request.seat, language), **_view(request.view_encoding, update.view))
            del update  # not held while the stream waits: the first update carries the whole history

    async def PlayGame(self, requests, context):
        first = await anext(aiter(requests), None)
        if isinstance(first, Unreadable):
            raise first.error
        if first is None or first.WhichOneof("request") != "join":
            raise InvalidArgument("a PlayGame stream starts with a join naming the game and the seat")
        join = first.join
        language = call_language(join.language, context)
        async for item in play_seat(self.runtime, current_identity(), join.game_id, join.seat, _moves(requests),
                                    join.turns_only, join.with_moves):
            if isinstance(item, MoveResult):
                yield game_pb2.PlayGameResponse(move_result=_move_result(item, self.narrator, language))
                continue
            turn = {} if not join.with_moves else {
                "prompt": self._prompt(item.view, item.players, join.seat, item.finished, language),
                "moves": self._moves(item, join.seat, language)}
            yield game_pb2.PlayGameResponse(update=game_pb2.PlayGameUpdate(
                version=item.version, finished=item.finished, **_view(join.view_encoding, item.view), **turn))

    async def SpectateGame(self, request, context):
        language = call_language(request.language, context)
        async for update in spectate(self.runtime, current_identity(), request.game_id):
            yield game_pb2.SpectateGameResponse(
                version=update.version, events=_events(update.events, self.narrator, update.players, None, language),
                finished=update.finished, delay_moves=update.delay_moves, players=list(update.players),
                game=self.runtime.rules.name,
                prompt=self._prompt(update.view, update.players, None, update.finished, language),
                **_view(request.view_encoding, update.view))

    async def GetReplay(self, request, context):
        language = call_language(request.language, context)
        seat = request.seat if request.HasField("seat") else None
        version = request.version if request.HasField("version") else None
        async for step in replay(self.runtime, current_identity(), request.game_id, seat, version,
                                 player=request.seat_player):
            reader = seat if not request.seat_player else list(step.players).index(request.seat_player)
            yield game_pb2.GetReplayResponse(
                version=step.version, step=step.step, command_id=step.command_id,
                move_json=orjson.dumps(dict(step.move)).decode() if step.move is not None else "",
                events=_events(step.events, self.narrator, step.players, reader, language),
                finished=step.finished, players=list(step.players),
                game=self.runtime.rules.name, last_version=step.last_version, recorded_at=step.recorded_at,
                prompt=self._prompt(step.view, step.players, reader, step.finished, language),
                **_view(request.view_encoding, step.view))


def _bare_game(runtime: GameRuntime):
    """A Game for a runtime served without its declaration (DescribeGame of the rules alone)."""
    from shared.games import Game

    return Game(name=runtime.rules.name, title=runtime.rules.name, rules=runtime.rules, moves=runtime.moves,
                port=0, cooperative=runtime.cooperative, texts=runtime.narrator.texts,
                messages=runtime.narrator.messages)


def move_body(struct, move_json: str, has_struct: bool = True) -> tuple[dict | None, InvalidArgument | None]:
    """(the move, None) of a request that carries it as a Struct or as JSON text, or (None, why
    it cannot be read); (None, None) when it carries none."""
    if move_json:
        try:
            body = orjson.loads(move_json)
        except ValueError as exc:
            return None, InvalidArgument(f"the move is not valid JSON: {shorten(str(exc), 120)}", key="move-not-json")
        if not isinstance(body, dict):
            return None, InvalidArgument("the move must be a JSON object, e.g. {\"type\": \"play\", \"card\": "
                                         "\"bug-3\"}", key="move-not-object")
        return body, None
    if not has_struct:
        return None, None
    return to_dict(struct), None


async def _moves(requests):
    async for request in requests:
        if isinstance(request, Unreadable):
            # answered like any refused move, under the move id it carried if that can be read
            move_id, expected = _move_id_of(request.data)
            yield PlayMove(move_id, expected, None, error=request.error)
            continue
        if request.WhichOneof("request") != "move":
            yield PlayMove("", None, None, error=InvalidArgument(
                "only the first message of a PlayGame stream joins; later ones are moves"))
            continue
        move = request.move
        expected = move.expected_version if move.HasField("expected_version") else None
        body, problem = move_body(move.move, move.move_json)
        if problem is not None:
            yield PlayMove(move.move_id, expected, None, error=problem)
            continue
        yield PlayMove(move.move_id, expected, body)


def _move_result(result: MoveResult, narrator: Narrator, language: str) -> game_pb2.PlayGameMoveResult:
    if result.error is None:
        return game_pb2.PlayGameMoveResult(move_id=result.move_id, accepted=True, version=result.version,
                                           duplicate=result.duplicate)
    code = status_for(result.error)
    said = narrator.refusal(result.error, language)
    return game_pb2.PlayGameMoveResult(move_id=result.move_id, code=(code or grpc.StatusCode.INTERNAL).value[0],
                                       reason=said.text, message=message_of(said))


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
