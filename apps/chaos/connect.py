"""A seat's client as a browser's table is one: Connect with JSON through the gateway (the
project's generated client, foodgames.v1.game_connect, on connect-python), its replicas taken
in turn call by call, as a Kubernetes Service spreads a browser's requests over the pods.

ConnectGameStub answers as the grpc stub of GameService does for the calls a chaos table or a
seat player makes (GetView, SubmitMove, WatchGame, ListLegalMoves, CheckMove), a failure raised as grpc.aio.AioRpcError with the same code,
so that apps.chaos.traffic plays, retries and holds streams through the gateway with the very
code it uses over gRPC: a gateway replica killed under a table is met as a browser meets it
(a call or a stream that fails, tried again on the next replica)."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import grpc
from connectrpc.code import Code
from connectrpc.compat import google_protobuf_json_codec
from connectrpc.errors import ConnectError
from foodgames.v1 import game_connect, game_pb2

# connect-python's codes are grpc's, but for one spelling
_CODES = {Code.CANCELED: grpc.StatusCode.CANCELLED}
CALL_TIMEOUT_MS = 10_000


def rpc_error(exc: ConnectError) -> BaseException:
    """The Connect error as the grpc error of the same code and message; a call cancelled
    because its task was (connect-python reports that as CANCELED) as the task's cancellation,
    as grpc's stub raises it, so that a cancelled reader ends instead of taking it for a
    failed call and trying again."""
    task = asyncio.current_task()
    if exc.code == Code.CANCELED and task is not None and task.cancelling():
        return asyncio.CancelledError()
    code = _CODES.get(exc.code) or getattr(grpc.StatusCode, exc.code.name, grpc.StatusCode.UNKNOWN)
    return grpc.aio.AioRpcError(code, grpc.aio.Metadata(), grpc.aio.Metadata(), details=exc.message)


class _Stream:
    """A WatchGame stream over Connect: iterated as grpc's call is, cancel() ends it."""

    def __init__(self, updates: AsyncIterator[game_pb2.WatchGameResponse]):
        self._updates = updates
        self.closing: asyncio.Task | None = None

    @property
    def open(self) -> bool:
        return self.closing is None

    async def _iterate(self):
        try:
            async for update in self._updates:
                yield update
        except ConnectError as exc:
            raise rpc_error(exc) from exc

    def __aiter__(self):
        return self._iterate()

    def cancel(self) -> None:
        if self.closing is None and hasattr(self._updates, "aclose"):
            self.closing = asyncio.get_running_loop().create_task(self._updates.aclose())


class ConnectGameStub:
    """GameService of `game` through the gateways at `addresses` (host:port, in turn), as
    `player` (its token as the browser sends it: Authorization: Bearer)."""

    def __init__(self, addresses: list[str], game: str, token: str):
        codec = google_protobuf_json_codec()
        # a browser's fetch asks for compressed answers (Accept-Encoding), while connect-web asks
        # for no compressed stream messages (it sends no Connect-Accept-Encoding): the streams'
        # clients accept none, or the gateway gzips every update as no browser has it do
        self._clients = [game_connect.GameServiceClient(f"http://{address}/games/{game}", codec=codec,
                                                        send_compression=None)
                         for address in addresses]
        self._stream_clients = [game_connect.GameServiceClient(f"http://{address}/games/{game}", codec=codec,
                                                               send_compression=None, accept_compression=())
                                for address in addresses]
        self._turn = 0
        self._headers = {"authorization": f"Bearer {token}"}
        self._streams: list[_Stream] = []

    def _next(self, clients: list[game_connect.GameServiceClient] | None = None) -> game_connect.GameServiceClient:
        clients = clients or self._clients
        client = clients[self._turn % len(clients)]
        self._turn += 1
        return client

    async def _unary(self, method: str, request, timeout: float | None):
        call = getattr(self._next(), method)
        try:
            return await call(request, headers=self._headers,
                              timeout_ms=int(timeout * 1000) if timeout else CALL_TIMEOUT_MS)
        except ConnectError as exc:
            raise rpc_error(exc) from exc

    async def GetView(self, request: game_pb2.GetViewRequest, timeout: float | None = None):  # noqa: N802 - grpc's
        return await self._unary("get_view", request, timeout)

    async def SubmitMove(self, request: game_pb2.SubmitMoveRequest, timeout: float | None = None):  # noqa: N802
        return await self._unary("submit_move", request, timeout)

    async def ListLegalMoves(self, request: game_pb2.ListLegalMovesRequest,  # noqa: N802
                             timeout: float | None = None):
        return await self._unary("list_legal_moves", request, timeout)

    async def CheckMove(self, request: game_pb2.CheckMoveRequest, timeout: float | None = None):  # noqa: N802
        return await self._unary("check_move", request, timeout)

    def WatchGame(self, request: game_pb2.WatchGameRequest) -> _Stream:  # noqa: N802
        stream = _Stream(self._next(self._stream_clients).watch_game(request, headers=self._headers))
        self._streams = [s for s in self._streams if s.open] + [stream]
        return stream

    async def close(self) -> None:
        for stream in self._streams:
            stream.cancel()
        await asyncio.gather(*(s.closing for s in self._streams if s.closing), return_exceptions=True)
        for client in self._clients + self._stream_clients:
            await client.close()
