"""One move is one trace: the client's trace context crosses gRPC into the
server's span and is stored in the NATS message headers for consumers."""
from __future__ import annotations

from foodgames.v1 import game_pb2, game_pb2_grpc
from opentelemetry import trace

from shared import telemetry
from shared.protojson import to_struct
from tests.runtime.test_game_api import wait_dealt


async def test_the_movers_trace_id_travels_into_the_stored_event_headers(channel_for, counter_server):
    telemetry.configure("test-client")
    ann = game_pb2_grpc.GameServiceStub(channel_for("ann"))
    maker = game_pb2_grpc.GameServiceStub(channel_for("svc:matchmaking", "service"))
    created = await maker.CreateGame(game_pb2.CreateGameRequest(players=["ann", "bob"]))
    await wait_dealt(ann, created.game_id)
    with trace.get_tracer("test").start_as_current_span("client move") as span:
        trace_id = format(span.get_span_context().trace_id, "032x")
        await ann.SubmitMove(game_pb2.SubmitMoveRequest(game_id=created.game_id, seat=0, move_id="traced",
                                                        move=to_struct({"type": "add", "amount": 1})))
    commands = await counter_server.runtime.store.read_commands(f"games.counter.{created.game_id}")
    moved = [c for c in commands if c.command_id == "move:0:traced"]
    assert len(moved) == 1
    traceparent = moved[0].headers.get("traceparent", "")
    assert traceparent.split("-")[1] == trace_id, traceparent
    # a consumer joins the same trace from those headers
    joined = trace.get_current_span(telemetry.extract(moved[0].headers)).get_span_context()
    assert format(joined.trace_id, "032x") == trace_id
