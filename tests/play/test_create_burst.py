"""A tournament operator starting a round creates its tables at once: a burst of CreateGame
calls to one rules engine is answered in full. Each create waits for the deck's seed
commitment (CommitGame, shared/runtime/deck_client.py), so the burst is also one of the
engine's calls to the deck; none may time out, be cancelled or be refused while they queue.
(Through the stack of `make run` on 2 cores, 200 creates at once take about 1 s, 3,000 about
12 s; around 5,000 the engine's calls to the deck pass its 15 s deadline.)"""
from __future__ import annotations

import asyncio
import collections
import uuid

import grpc
from foodgames.v1 import game_pb2

from apps.sdk.connection import Connection
from shared.auth import mint_token

BURST = 200
CREATE_TIMEOUT_S = 30.0  # the tournament service's own (services/tournament/tables.py)


async def test_a_burst_of_200_creates_at_once_is_answered_in_full_each_with_its_seed_commitment(play_stack):
    """Given the whole stack and an operator's connection,
    when 200 CreateGame calls for 4-player Foodie Forest tables are sent at once,
    then every one succeeds, each game with its own id and a seed commitment from the deck."""
    settings, tag = play_stack, uuid.uuid4().hex[:5]
    operator = Connection(settings, mint_token(settings, f"op{tag}", "operator"), f"op{tag}")
    codes: collections.Counter = collections.Counter()
    created: list[game_pb2.CreateGameResponse] = []

    async def create(t: int) -> None:
        try:
            created.append(await operator.game("foodie-forest").CreateGame(
                game_pb2.CreateGameRequest(game_id=f"burst-{tag}-{t}", players=[f"b{tag}t{t}s{s}" for s in range(4)]),
                timeout=CREATE_TIMEOUT_S, wait_for_ready=True))
            codes["OK"] += 1
        except grpc.aio.AioRpcError as exc:
            codes[f"{exc.code().name}: {(exc.details() or '')[:120]}"] += 1

    try:
        await asyncio.gather(*(create(t) for t in range(BURST)))
    finally:
        await operator.close()
    assert codes == {"OK": BURST}, dict(codes)
    assert {c.game_id for c in created} == {f"burst-{tag}-{t}" for t in range(BURST)}
    assert all(len(c.seed_commitment) == 64 for c in created)
