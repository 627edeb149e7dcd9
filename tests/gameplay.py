"""Playing a game over gRPC with random legal moves, as tests need it."""
from __future__ import annotations

import asyncio
import random
import uuid

import grpc
from foodgames.v1 import game_pb2

from shared.protojson import to_dict, to_struct


RACES = (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION)


async def play_randomly(apis: dict, game_id: str, players: list[str], rng: random.Random,
                        tolerate: tuple = (), max_rounds: int = 2000) -> tuple[int, dict]:
    """Every seat plays random legal moves until the game is over (`apis[player]`
    is a GameService stub with that player's token). A refused move fails,
    unless its code is in `tolerate` (RACES: a deal landed between reading and
    moving). Returns the number of moves accepted and seat 0's final view."""
    moves = 0
    for _ in range(max_rounds):
        views = [await apis[p].GetView(game_pb2.GetViewRequest(game_id=game_id, seat=s))
                 for s, p in enumerate(players)]
        if views[0].finished:
            return moves, to_dict(views[0].view)
        acting = [s for s, p in enumerate(players) if p in to_dict(views[s].view)["to_act"]]
        if not acting:  # the next deal is on its way
            await asyncio.sleep(0.01)
            continue
        for seat in acting:
            api = apis[players[seat]]
            legal = await api.ListLegalMoves(game_pb2.ListLegalMovesRequest(game_id=game_id, seat=seat))
            try:
                reply = await api.SubmitMove(game_pb2.SubmitMoveRequest(
                    game_id=game_id, seat=seat, move_id=uuid.uuid4().hex,
                    move=to_struct(to_dict(rng.choice(list(legal.moves))))))
            except grpc.aio.AioRpcError as exc:
                if exc.code() not in tolerate:
                    raise
                continue
            assert reply.version > 0
            moves += 1
    raise AssertionError(f"game {game_id} did not finish in {max_rounds} rounds")
