"""GameService over gRPC: proto -> runtime call -> proto, nothing more."""
from __future__ import annotations

import json

from foodgames.v1 import event_pb2, game_pb2, game_pb2_grpc

from shared.auth import current_identity
from shared.protojson import to_dict, to_struct
from shared.runtime.game import GameRuntime


def _events(records) -> list[event_pb2.Event]:
    return [event_pb2.Event(type=r["type"], schema_version=r["schema_version"], data=to_struct(r["data"]))
            for r in records]


def _view(encoding: int, view) -> dict:
    """The response field carrying `view` in the encoding the client asked for."""
    if encoding == game_pb2.VIEW_ENCODING_JSON:
        return {"view_json": json.dumps(view, separators=(",", ":"), ensure_ascii=False)}
    return {"view": to_struct(view)}


class GameServicer(game_pb2_grpc.GameServiceServicer):
    def __init__(self, runtime: GameRuntime):
        self.runtime = runtime

    async def CreateGame(self, request, context):
        record = await self.runtime.create_game(current_identity(), list(request.players),
                                                to_dict(request.options), request.ranked, request.game_id)
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
                                             finished=update.finished, **_view(request.view_encoding, update.view))
