"""Private tables through the SDK (docs/friends.md): open one, join by code or link, fill with
bots or start, follow it until it starts (where we sit), the lobby, the rematch."""
from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator, Callable

import grpc
from foodgames.v1 import tables_pb2 as pb

from apps.sdk.connection import Backoff, Connection, retryable
from apps.sdk.queueing import Match, QueueEnded
from shared.protojson import to_struct


async def create_table(conn: Connection, game: str, seats: int = 0, *, ranked: bool = False,
                       options: dict[str, Any] | None = None, spectators: bool = False, public: bool = False,
                       fixed_seats: bool = False, expires_in_s: int = 0, clock=None) -> pb.PrivateTable:
    """A new table we host; its `code` and `link` are what friends need."""
    reply = await conn.tables().CreateTable(pb.CreateTableRequest(
        game=game, seats=seats, ranked=ranked, options=to_struct(options) if options else None,
        spectators=spectators, public=public, fixed_seats=fixed_seats, expires_in_seconds=expires_in_s,
        clock=clock))
    return reply.table


async def join_table(conn: Connection, code: str) -> pb.PrivateTable:
    """A seat at the table of an invite code (or its whole link)."""
    return (await conn.tables().JoinTable(pb.JoinTableRequest(code=code))).table


async def fill_with_bots(conn: Connection, table_id: str, level: str = "") -> pb.PrivateTable:
    return (await conn.tables().FillWithBots(pb.FillWithBotsRequest(table_id=table_id, level=level))).table


async def start_table(conn: Connection, table_id: str) -> pb.PrivateTable:
    return (await conn.tables().StartTable(pb.StartTableRequest(table_id=table_id))).table


async def leave_table(conn: Connection, table_id: str) -> pb.PrivateTable:
    """Leave an open table (a guest), or close it (the host)."""
    return (await conn.tables().LeaveTable(pb.LeaveTableRequest(table_id=table_id))).table


async def get_table(conn: Connection, table_id: str = "", code: str = "") -> pb.PrivateTable:
    return (await conn.tables().GetTable(pb.GetTableRequest(table_id=table_id, code=code))).table


def seated(conn: Connection, table: pb.PrivateTable) -> Match:
    """Where we sit at a started table."""
    return Match("", table.game_id, list(table.players).index(conn.player), tuple(table.players))


async def wait_started(conn: Connection, table_id: str,
                       on_state: Callable[[pb.PrivateTable], None] | None = None) -> Match:
    """Follow a table until it starts (where we sit), expires or its host closes it (QueueEnded); a
    dropped stream is re-opened with backoff."""
    backoff = Backoff()
    while True:
        try:
            async for reply in conn.tables().WatchTable(pb.WatchTableRequest(table_id=table_id)):
                backoff.reset()
                if on_state is not None:
                    on_state(reply.table)
                if reply.table.state == pb.TABLE_STATE_STARTED:
                    return seated(conn, reply.table)
                if reply.table.state == pb.TABLE_STATE_EXPIRED:
                    raise QueueEnded("the table expired before it started", key="table-expired")
                if reply.table.state == pb.TABLE_STATE_CLOSED:
                    raise QueueEnded(f"{reply.table.host} closed the table before it started", key="table-closed",
                                     host=reply.table.host)
        except grpc.aio.AioRpcError as exc:
            if not retryable(exc):
                raise
            await backoff.wait(exc)


async def open_tables(conn: Connection, game: str = "") -> AsyncIterator[list[pb.PrivateTable]]:
    """The lobby: the open public tables now, then again after every change."""
    async for reply in conn.tables().WatchOpenTables(pb.WatchOpenTablesRequest(game=game)):
        yield list(reply.tables)


async def request_rematch(conn: Connection, table_id: str) -> pb.PrivateTable:
    return (await conn.tables().RequestRematch(pb.RequestRematchRequest(table_id=table_id))).table


async def wait_rematch(conn: Connection, table_id: str, timeout_s: float = 60.0,
                       poll_s: float = 0.5) -> pb.PrivateTable:
    """The rematch's table, once every human of `table_id` asked for it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while True:
        table = await get_table(conn, table_id)
        if table.rematch_table_id:
            return await get_table(conn, table.rematch_table_id)
        if loop.time() > deadline:
            waiting = sorted(set(table.players) - set(table.rematch))
            said = f"no rematch: waiting for {', '.join(waiting)}"
            raise QueueEnded(said, key="no-rematch", players=waiting)
        await asyncio.sleep(poll_s)
