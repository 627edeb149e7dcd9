"""A private table's seat draw is a deck game of its own (shared/seatdraws.py): its seed stays
secret until the game it seated is over, then it is revealed like the game's own."""
from __future__ import annotations

import hashlib
import uuid

import grpc
from foodgames.v1 import deck_pb2 as pb

from shared import seatdraws
from tests.deck.test_service import GAME, PLAYERS, code_of, decks  # noqa: F401 - the deck harness


async def test_a_seat_draw_is_revealed_only_once_the_game_it_seated_is_over(decks):
    server = await decks.start(seed_window_s=0.2)
    svc = decks.service(server)
    game_id = "pt-" + uuid.uuid4().hex[:20] + "-g"
    draw = seatdraws.draw_id(game_id)
    assert seatdraws.game_of(draw) == game_id and seatdraws.game_of("g-123-seats") is None
    committed = await svc.CommitGame(pb.CommitGameRequest(game_id=draw, game=GAME, players=sorted(PLAYERS)))
    shuffled = await svc.Shuffle(pb.ShuffleRequest(game_id=draw, deck="seats", cards=sorted(PLAYERS), k=0))
    assert sorted(shuffled.order) == sorted(PLAYERS)
    # given the seated game is still being played, the draw's seed stays secret
    code, details = await code_of(svc.Reveal(pb.RevealRequest(game_id=draw)))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and "not over" in details
    # when the game ends, the draw is revealed and re-derives
    await decks.end_game(game_id)
    revealed = await svc.Reveal(pb.RevealRequest(game_id=draw))
    assert hashlib.sha256(revealed.server_seed).hexdigest() == committed.commitment
