"""Bot tables for a chaos run, like any client (apps.sdk): every registered game in turn, some
tables set by the matchmaker (every seat queues a ranked ticket), the others created ranked
with a service token; each table played to its end by the game's bots with unary calls,
retried with backoff through faults, over gRPC straight to the services or (every other direct
table) over Connect through the gateway as a browser's table (apps.chaos.connect). Every
acknowledged move goes to the ledger."""
from __future__ import annotations

import asyncio
import random
import time
import uuid
from typing import Callable

import grpc
from foodgames.v1 import game_pb2

from apps.bots.base import make_bot
from apps.chaos.connect import ConnectGameStub
from apps.chaos.ledger import CONNECT, GRPC, AckedMove, GameLedger, Hold, Ledger
from apps.sdk.connection import Backoff, Connection, with_retries
from apps.sdk.gamecalls import create_game, read_view, takes_turns, send_client_seeds, turn_clock, view_of, JSON_VIEWS
from apps.sdk.queueing import create_ticket, watch_ticket
from shared.runtime.live import wall_ms
from shared import games
from shared.auth import mint_token
from shared.config import Settings
from shared.protojson import to_struct

# How long a client keeps trying a call that fails in a way that may pass.
RETRY_DEADLINE_S = 60.0
# Refusals a table may meet (a stale version after a retry, ...) before its clients give up.
MAX_REFUSALS = 200


# With replicas, the direct tables get a short clock, and one seat of every DOZE_EVERY-th table
# dozes off once for longer than its bank: its timeout is written while the replicas are killed
# one at a time.
DIRECT_CLOCK = (5, 1, "bot")
DOZE_EVERY = 3
# Every CONNECT_EVERY-th table made directly is played through the gateway over Connect.
CONNECT_EVERY = 2


async def hold_stream(stub, ledger: GameLedger, seat: int, stop: asyncio.Event) -> None:
    """The seat's WatchGame stream held until `stop` (again after each failure, from the version
    it last saw), each held stretch written to ledger.holds, as a browser's live table does."""
    seen = 0
    while not stop.is_set():
        held = None
        call = stub.WatchGame(game_pb2.WatchGameRequest(game_id=ledger.game_id, seat=seat, after_version=seen,
                                                        view_encoding=JSON_VIEWS))
        try:
            async for update in call:
                if held is None:
                    held = Hold(seat, wall_ms())
                    ledger.holds.append(held)
                seen = max(seen, update.version)
                if update.finished:
                    stop.set()
        except (grpc.aio.AioRpcError, asyncio.CancelledError):
            pass
        finally:
            call.cancel()
            if held is not None:
                held.closed_ms = wall_ms()
        if not stop.is_set():
            await asyncio.sleep(0.2)


async def play(settings: Settings, ledger: GameLedger, retry_deadline_s: float = RETRY_DEADLINE_S,
               on_ack: Callable[[AckedMove], None] | None = None, send_seeds: bool = True,
               hold_streams: bool = False, doze_s: float = 0.0) -> GameLedger:
    """Every seat of `ledger`'s game played by its bot until the game ends; each move the
    engine acknowledged is appended to ledger.acked, each seat's last view to final_views.
    `send_seeds`: each seat sends the deck a client seed first, as a player's client does.
    `hold_streams`: each seat also holds a WatchGame stream (ledger.holds); `doze_s`: seat 0
    waits this long once, before its third move. A ledger whose client is "connect" has its
    seats read and move through the gateway (its replicas in turn) over Connect."""
    game, game_id, players = ledger.game, ledger.game_id, ledger.players
    conns = [Connection(settings, mint_token(settings, name), name) for name in players]
    browsers = ([ConnectGameStub(settings.address("gateway").split(","), game, mint_token(settings, name))
                 for name in players] if ledger.client == CONNECT else [])
    stubs = browsers or [c.game(game) for c in conns]
    bots = [make_bot(game, None, f"{game_id}/{seat}") for seat in range(len(players))]
    index = {name: seat for seat, name in enumerate(players)}
    backoff = lambda: Backoff(retry_deadline_s)  # noqa: E731
    refusals = 0
    stop = asyncio.Event()
    holders = [asyncio.create_task(hold_stream(stubs[seat], ledger, seat, stop))
               for seat in range(len(players))] if hold_streams else []
    moves_of_first = 0
    try:
        if send_seeds:
            await send_client_seeds(conns, game_id)
        while True:
            reply, latest = await with_retries(lambda: read_view(stubs[0], game_id, 0), backoff())
            if reply.finished or latest.get("finished"):
                break
            to_act = [index[n] for n in latest.get("to_act") or () if n in index]
            if not to_act:
                await asyncio.sleep(0.02)  # the cards are being dealt
                continue
            for seat in to_act:
                reply, view = await with_retries(lambda: read_view(stubs[seat], game_id, seat), backoff())
                legal = list(view.get("legal_moves") or [])
                if not legal or view.get("finished"):
                    continue
                move = bots[seat].choose(view, legal)
                if seat == 0 and doze_s:
                    moves_of_first += 1
                    if moves_of_first == 3:
                        await asyncio.sleep(doze_s)  # out of time: the engine's timer moves for it
                        break
                request = game_pb2.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=uuid.uuid4().hex,
                                                     view_encoding=JSON_VIEWS, move=to_struct(move))
                if takes_turns(view):
                    request.expected_version = reply.version
                try:
                    # the same request (the same move id) on every try: a retry is harmless
                    answer = await with_retries(lambda: stubs[seat].SubmitMove(request), backoff())
                except grpc.aio.AioRpcError as exc:
                    if exc.code() not in (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION):
                        raise
                    refusals += 1
                    if refusals > MAX_REFUSALS:
                        raise
                    break  # the table changed: look again
                acked = AckedMove(request.move_id, seat, answer.version, time.monotonic())
                ledger.acked.append(acked)
                if on_ack is not None:
                    on_ack(acked)
                if view_of(answer).get("finished"):
                    break
        for seat in range(len(players)):
            reply, view = await with_retries(lambda: read_view(stubs[seat], game_id, seat), backoff())
            ledger.final_views[seat] = view
            ledger.finished = ledger.finished or reply.finished or bool(view.get("finished"))
    except (grpc.aio.AioRpcError, OSError, RuntimeError, ValueError) as exc:
        said = exc.details() if isinstance(exc, grpc.aio.AioRpcError) else str(exc)
        ledger.error = f"{type(exc).__name__}: {said}"[:300]
    finally:
        stop.set()
        for task in holders:
            task.cancel()
        await asyncio.gather(*holders, return_exceptions=True)
        for c in [*conns, *browsers]:
            await c.close()
    return ledger


async def matched_table(settings: Settings, game: str, players: list[str],
                        retry_deadline_s: float = RETRY_DEADLINE_S) -> tuple[str, tuple[str, ...]]:
    """Every player queues a ranked ticket for `game` for exactly len(players) seats; the game
    the matchmaker set and its seats in order. The caller queues one table at a time (the
    matchmaker may mix the players of two tables queued at once); tickets left searching when
    one of them fails are cancelled, so that they join no later table."""
    from foodgames.v1 import matchmaking_pb2 as mm

    n = len(players)
    conns = [Connection(settings, mint_token(settings, p), p) for p in players]
    tickets: dict[str, str] = {}
    try:
        async def one(conn):
            tickets[conn.player] = await with_retries(lambda: create_ticket(conn, game, True, n, n),
                                                      Backoff(retry_deadline_s))
            return await watch_ticket(conn, tickets[conn.player])
        try:
            async with asyncio.TaskGroup() as group:  # one seat failing stops the others
                waits = [group.create_task(one(c)) for c in conns]
            matches = [w.result() for w in waits]
        except BaseException:
            for conn in conns:
                if conn.player in tickets:
                    try:
                        await conn.matchmaking().CancelTicket(mm.CancelTicketRequest(
                            ticket_id=tickets[conn.player], reason="chaos: another seat of the table failed"),
                            timeout=5)
                    except grpc.aio.AioRpcError:
                        pass  # matched or gone already
            raise
    finally:
        for c in conns:
            await c.close()
    ids = {m.game_id for m in matches}
    if len(ids) != 1:
        raise RuntimeError(f"the players of one queue were put into {len(ids)} games: {sorted(ids)}")
    seated = [""] * n
    for player, match in zip(players, matches):
        seated[match.seat] = player
    return matches[0].game_id, tuple(seated)


async def create_table(service: Connection, game: str, game_id: str, players: list[str],
                       clock: game_pb2.Clock | None = None) -> None:
    """CreateGame of a ranked table with our own game id, so that a retry after an answer that
    was lost finds the game made (ALREADY_EXISTS) instead of making a second one."""
    tried = False

    async def once():
        nonlocal tried
        try:
            return await create_game(service, game, players, ranked=True, game_id=game_id, clock=clock)
        except grpc.aio.AioRpcError as exc:
            if tried and exc.code() == grpc.StatusCode.ALREADY_EXISTS:
                return None
            raise
        finally:
            tried = True
    await with_retries(once, Backoff(RETRY_DEADLINE_S))


class Traffic:
    """Tables, `concurrency` at a time, until stop() (then the tables in play are finished):
    every registered game in turn, every `matchmaker_every`-th table set by the matchmaker."""

    def __init__(self, settings: Settings, ledger: Ledger, seed: int, concurrency: int = 3,
                 matchmaker_every: int = 4, game_names: list[str] | None = None,
                 say: Callable[[str], None] = print, live_tables: bool = False):
        self.settings, self.ledger, self.concurrency = settings, ledger, concurrency
        # clocked direct tables whose seats hold streams, one of them dozing off now and then
        self.live_tables = live_tables
        self.matchmaker_every = matchmaker_every
        self.games = game_names or games.names()
        self.rng = random.Random(seed)
        self.say = say
        self.tables = 0
        self._stopping = asyncio.Event()
        self._queueing = asyncio.Lock()  # one matchmaker table queues at a time
        self.service = Connection(settings, mint_token(settings, "svc:chaos", "service"), "svc:chaos")

    def stop(self) -> None:
        self._stopping.set()

    async def run(self) -> None:
        try:
            await asyncio.gather(*(self._lane(lane) for lane in range(self.concurrency)))
        finally:
            await self.service.close()

    async def _lane(self, lane: int) -> None:
        while not self._stopping.is_set():
            number = self.tables
            self.tables += 1
            game = self.games[number % len(self.games)]
            spec = games.get(game)
            size = self.rng.randint(spec.min_players, min(spec.max_players, 4))
            players = [f"chaos-{number}-{seat}" for seat in range(size)]
            via = "matchmaker" if self.matchmaker_every and number % self.matchmaker_every == self.matchmaker_every - 1 else "direct"
            try:
                if via == "matchmaker":
                    async with self._queueing:
                        game_id, seated = await matched_table(self.settings, game, players)
                else:
                    game_id = f"chaos-{number}-{uuid.uuid4().hex[:8]}"
                    await create_table(self.service, game, game_id, players,
                                       turn_clock(*DIRECT_CLOCK) if self.live_tables else None)
                    seated = tuple(players)
            except Exception as exc:  # noqa: BLE001 - a table that never started is reported, not fatal
                self.ledger.queue_failures.append(f"{game} table {number} ({via}): {type(exc).__name__}: "
                                                  f"{str(exc)[:200]}")
                await asyncio.sleep(0.5)
                continue
            client = CONNECT if via == "direct" and number % CONNECT_EVERY == 0 else GRPC
            ledger = GameLedger(game, game_id, tuple(seated), True, via,
                                clocked=via == "matchmaker" or self.live_tables, client=client)
            self.ledger.games.append(ledger)
            doze = DIRECT_CLOCK[0] + 1.5 if self.live_tables and via == "direct" and number % DOZE_EVERY == 0 else 0.0
            await play(self.settings, ledger, hold_streams=self.live_tables and ledger.clocked, doze_s=doze)
