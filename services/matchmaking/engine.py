"""The matching loop of one matchmaker replica.

Every pass (at least every `pass_interval_s`) and for every queue:
  expire tickets past max_wait -> find tables (matcher.find_matches, pure) ->
  claim each table's tickets atomically in Redis -> for each claimed table,
  in the background: CreateGame on the game's rules service (game id = match
  id, so a retry or a takeover returns the same game) -> mark the tickets
  matched -> publish match.found and one ticket event per ticket.
A table whose creation fails goes back to the queue (waiting time kept). A
table whose replica died mid-way is taken over by any replica once its lease
runs out, and finished with the same game id and seats.
"""
from __future__ import annotations

import asyncio
import collections
import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence

import grpc
import orjson
from foodgames.v1 import game_pb2, game_pb2_grpc

from services.matchmaking import botfill, matcher, meters, reasons
from services.matchmaking.coalesce import Coalescer
from services.matchmaking.catalogue import Catalogue, GameInfo
from services.matchmaking.config import MatchmakingConfig
from services.matchmaking.store import TicketStore
from services.matchmaking.tickets import EXPIRED, Ticket, parse_queue
from shared import telemetry
from shared.auth import service_token
from shared.channels import client_channel
from shared.config import Settings
from shared.protojson import to_struct

log = telemetry.get_logger("matchmaking")
_tracer = telemetry.tracer("foodgames.matchmaking")

TICKET_SUBJECT = "matchmaking.ticket"  # matchmaking.ticket.<state>.<ticket_id>
MATCH_FOUND_SUBJECT = "match.found"  # match.found.<game>


def ticket_subject(state: str, ticket_id: str) -> str:
    return f"{TICKET_SUBJECT}.{state}.{ticket_id}"


# -- ports ------------------------------------------------------------------------------

class GameCreator(Protocol):
    async def create(self, game: GameInfo, game_id: str, players: Sequence[str], ranked: bool,
                     timeout: float, options: Mapping[str, Any] | None = None) -> None: ...


class GrpcGameCreator:
    """Creates games on each game's rules service with the matchmaker's service token."""

    def __init__(self, settings: Settings, config: MatchmakingConfig | None = None):
        self.token = service_token(settings, "matchmaking")
        self.channels: dict[str, grpc.aio.Channel] = {}
        # the queues' turn clocks (None: the tables get none)
        self.config = config

    async def create(self, game, game_id, players, ranked, timeout, options=None, clock=None) -> None:
        """`clock`: the table's own CreateGameRequest.clock (a private table's), else the queue's."""
        channel = self.channels.get(game.address)
        if channel is None:
            channel = self.channels[game.address] = client_channel(game.address, self.token)
        await game_pb2_grpc.GameServiceStub(channel).CreateGame(
            game_pb2.CreateGameRequest(game_id=game_id, players=list(players), ranked=ranked,
                                       options=to_struct(dict(options)) if options else None,
                                       clock=clock if clock is not None else self.clock(ranked)),
            timeout=timeout)

    def clock(self, ranked: bool) -> game_pb2.Clock | None:
        """CreateGameRequest.clock of a table of a ranked or casual queue."""
        clock = self.config.clock_for(ranked) if self.config is not None else None
        if clock is None:
            return None
        on_timeout = game_pb2.ON_TIMEOUT_FORFEIT if clock.on_timeout == "forfeit" else game_pb2.ON_TIMEOUT_BOT
        return game_pb2.Clock(initial_seconds=clock.initial_s, increment_seconds=clock.increment_s,
                              on_timeout=on_timeout)

    async def close(self) -> None:
        for ch in self.channels.values():
            await ch.close()


class HouseBots(Protocol):
    async def ask(self, body: dict[str, Any]) -> botfill.HouseAnswer: ...


class Publisher(Protocol):
    async def publish(self, subject: str, body: dict[str, Any]) -> None: ...


class NatsPublisher:
    """JSON on core NATS with the W3C traceparent in the headers."""

    def __init__(self, nc):
        self.nc = nc

    async def publish(self, subject, body) -> None:
        await self.nc.publish(subject, json.dumps(body, separators=(",", ":")).encode(),
                              headers=telemetry.inject({}))


class CountingPublisher:
    """Keeps the count per subject prefix; for the benchmark (no NATS)."""

    def __init__(self):
        self.counts: dict[str, int] = {}

    async def publish(self, subject, body) -> None:
        key = ".".join(subject.split(".")[:3])
        self.counts[key] = self.counts.get(key, 0) + 1


async def publish_ticket(publisher: Publisher, ticket: Ticket) -> None:
    try:
        await publisher.publish(ticket_subject(ticket.public_state, ticket.ticket_id), ticket.event())
    except Exception:  # noqa: BLE001 - watchers also poll Redis; a lost event delays, never loses, a state
        log.exception("publishing a ticket event failed", ticket_id=ticket.ticket_id)


# -- the loop ---------------------------------------------------------------------------

@dataclass
class PassStats:
    queues: int = 0
    looked_at: int = 0
    expired: int = 0
    proposed: int = 0
    claimed: int = 0
    taken_over: int = 0
    full_batch: bool = False


@dataclass
class Matchmaker:
    store: TicketStore
    catalogue: Catalogue
    creator: GameCreator
    publisher: Publisher
    config: MatchmakingConfig = field(default_factory=MatchmakingConfig)
    clock: Callable[[], float] = time.time
    owner: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    on_matched: Callable[[dict, list[Ticket]], None] | None = None  # a hook for the benchmark
    # the house bots, asked over NATS with a reply (housebots.NatsHouse): the waiting ticket is
    # told when they cannot come. None: the request is only published, nobody answers
    house: HouseBots | None = None

    def __post_init__(self):
        self._tasks: set[asyncio.Task] = set()
        # tables claimed and not yet being finished, and the tasks finishing them (at most
        # max_concurrent_creates): a task and a semaphore wait a table were ~18 % of a matching
        # pass's CPU flat out (docs/benchmarks.md, "bench matchmaking")
        self._unfinished: collections.deque[dict] = collections.deque()
        self._finishers: set[asyncio.Task] = set()
        self.matches_created = 0
        self.matches_released = 0
        self.claims_lost = 0  # tables another replica (or a cancel) got to first
        self.bots_asked = 0  # seats the house bots were asked for (bot fill)
        self.depths: dict[str, int] = {}  # queue -> searching tickets at its last pass (metrics)
        # tables finishing at the same time are marked matched in one round trip
        self._completions = Coalescer(lambda matches: self.store.complete_many(matches, self.clock()))
        meters.watch(self)

    async def run(self) -> None:
        """Matching passes until cancelled; lets in-flight tables finish (or lapse to a takeover)."""
        try:
            while True:
                started = time.monotonic()
                try:
                    stats = await self.run_pass()
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - Redis blips must not stop matching
                    log.exception("matching pass failed")
                    stats = PassStats()
                if stats.full_batch:
                    await asyncio.sleep(0)  # a backlog: next pass at once
                    continue
                await asyncio.sleep(max(0.0, self.config.pass_interval_s - (time.monotonic() - started)))
        finally:
            await self.drain()

    async def drain(self, timeout: float = 10.0) -> None:
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=timeout)

    async def run_pass(self, now: float | None = None) -> PassStats:
        stats = PassStats()
        queues = await self.store.queues()
        for gone in set(self.depths) - set(queues):
            self.depths[gone] = 0  # empty now; still reported, as 0
        served = [q for q in queues if parse_queue(q)[0] in self.catalogue]
        stats.queues += len(served)
        # the queues side by side: one queue's matcher runs while another's read or claims
        # wait on Redis (one after the other, the process idled through every round trip)
        failures = [r for r in await asyncio.gather(*(self._lock_and_pass(q, stats, now) for q in served),
                                                    return_exceptions=True) if isinstance(r, BaseException)]
        if failures:
            raise failures[0]
        await self._take_over_stale(stats, now)
        return stats

    async def _lock_and_pass(self, queue: str, stats: PassStats, now: float | None) -> None:
        if self.config.use_queue_lock:
            if not await self.store.lock_queue(queue, self.owner, max(2.0, 3 * self.config.pass_interval_s)):
                return
        try:
            await self._pass_queue(queue, self.catalogue.get(parse_queue(queue)[0]), stats, now)
        finally:
            if self.config.use_queue_lock:
                await self.store.unlock_queue(queue, self.owner)

    async def _pass_queue(self, queue: str, game: GameInfo, stats: PassStats, now: float | None) -> None:
        presence = self.config.presence_timeout_s
        rows, seen = await self.store.searching_and_seen(queue, self.config.batch, with_seen=bool(presence))
        self.depths[queue] = len(rows)
        now = self.clock() if now is None else now
        stats.looked_at += len(rows)
        stats.full_batch = stats.full_batch or len(rows) >= self.config.batch
        candidates = []
        for tid, summary in rows:
            if now - float(summary["t"]) >= self.config.max_wait_s:
                if await self._expire(tid, now):
                    stats.expired += 1
                    meters.EXPIRED.add(1, {"game": game.name})
                continue
            last = max(seen.get(tid, 0.0), float(summary["t"]))
            if presence and now - last > presence:
                if await self._expire(tid, now, reasons.left(presence)):
                    stats.expired += 1
                    meters.EXPIRED.add(1, {"game": game.name})
                continue
            candidates.append(matcher.Candidate.from_summary(tid, summary))
        proposals = matcher.find_matches(candidates, now, self.config.window, game.min_players, game.max_players)
        stats.proposed += len(proposals)
        if self.config.bot_fill:
            await self._ask_for_bots(queue, game, candidates, proposals, dict(rows), now)
        if not proposals:
            return
        summaries = dict(rows)
        matches = [self._match(p, game, queue, summaries, now) for p in proposals]
        lease = now + self.config.claim_lease_s
        won = await self.store.claim_many(matches, lease, self.owner)
        for match, ok in zip(matches, won):
            if ok:
                stats.claimed += 1
                self._finish_later(match)
            else:
                self.claims_lost += 1

    async def _ask_for_bots(self, queue: str, game: GameInfo, candidates, proposals, summaries: dict,
                            now: float) -> None:
        """Bot fill (botfill.py): the house bots are asked for a quiet queue's missing seats."""
        matched = {c.ticket_id for p in proposals for c in p.tickets}
        waiting = [botfill.Waiting.from_summary(c.ticket_id, summaries[c.ticket_id])
                   for c in candidates if c.ticket_id not in matched]
        wanted = botfill.bots_wanted(game.name, waiting, now, self.config.bot_fill_after_s,
                                     game.min_players, game.max_players)
        if wanted is None or not await self.store.ask_once(queue, self.config.bot_fill_after_s):
            return
        _, ranked, options = parse_queue(queue)
        # the bots queue with the queue's options (the level included), so they join its table
        body = {"game": game.name, "ranked": ranked, "options": options, "players": wanted.table_size,
                "count": wanted.count, "queue": queue, "ticket_id": wanted.ticket_id}
        if botfill.BOT_LEVEL in options:
            body["level"] = options[botfill.BOT_LEVEL]
        log.info("asking the house bots for seats", **body)
        self.bots_asked += wanted.count
        meters.BOT_SEATS.add(wanted.count, {"game": game.name})
        if self.house is not None:
            self._spawn(self._ask_house(body))  # the pass does not wait for the answer
            return
        try:
            await self.publisher.publish(botfill.BOTS_WANTED_SUBJECT, body)
        except Exception:  # noqa: BLE001 - asked again one period later
            log.exception("asking for bots failed", queue=queue)

    async def _ask_house(self, body: dict[str, Any]) -> None:
        """Ask the house; tell the waiting ticket when it cannot seat the bots, and take the
        note back once it can (the table then forms; a ticket matched meanwhile is left alone)."""
        ticket_id = body["ticket_id"]
        try:
            answer = await self.house.ask(body)
            note = botfill.ticket_note(answer)
            if answer.short:
                log.warning("the house cannot seat the bots asked for", ticket_id=ticket_id, queue=body["queue"],
                            asked=answer.asked, started=answer.started, why=answer.why)
            changed = await self.store.note(ticket_id, note, self.clock(),
                                            only_if="" if note else botfill.NO_HOUSE_BOTS)
            if changed:
                ticket = await self.store.get(ticket_id)
                if ticket is not None:
                    await publish_ticket(self.publisher, ticket)
        except Exception:  # noqa: BLE001 - asked again one period later
            log.exception("asking for bots failed", queue=body.get("queue"))

    def _match(self, proposal: matcher.Proposal, game: GameInfo, queue: str, summaries: dict, now: float) -> dict:
        match_id = "mm-" + uuid.uuid4().hex[:20]
        parties, tickets, ratings = [], [], []
        for c in proposal.tickets:
            s = summaries[c.ticket_id]
            players = s.get("n") or []
            parties.append(players)
            ratings.extend(c.ratings or [(25.0, 25.0 / 3)] * c.size)
            tickets.append({"ticket_id": c.ticket_id, "players": players, "created_at": c.enqueued_at,
                            "summary": orjson.dumps(s).decode()})
        seated = matcher.seat_order(match_id, parties)
        q = matcher.quality(ratings)
        q["ticket_rating_spread"] = round(proposal.spread, 4)
        q["window"] = proposal.window if proposal.window != float("inf") else None
        _, ranked, queue_options = parse_queue(queue)
        # the bots' level is the queue's, never the game's (botfill.BOT_LEVEL)
        options = {k: v for k, v in queue_options.items() if k != botfill.BOT_LEVEL}
        return {"match_id": match_id, "game_id": match_id, "game": game.name, "queue": queue,
                "ranked": ranked, "options": options, "players": seated,
                "seats": {p: i for i, p in enumerate(seated)}, "tickets": tickets, "quality": q,
                "formed_at": now}

    async def _expire(self, ticket_id: str, now: float, absent: str | None = None) -> bool:
        """Expire a searching ticket: it waited too long, or (`absent`, the reason) its players left."""
        ticket = await self.store.get(ticket_id)
        if ticket is None:
            return False
        reason = absent or reasons.no_table(self.config.max_wait_s, ticket.game, ticket.min_players,
                                            ticket.max_players)
        max_wait = None if absent else self.config.max_wait_s
        if await self.store.finish(ticket, EXPIRED, reason, now, max_wait) != "ok":
            return False
        log.info("ticket expired", ticket_id=ticket_id, game=ticket.game)
        await publish_ticket(self.publisher, await self.store.get(ticket_id) or ticket)
        return True

    async def _take_over_stale(self, stats: PassStats, now: float | None) -> None:
        now = self.clock() if now is None else now
        for match_id in await self.store.stale_matches(now):
            match = await self.store.take_over(match_id, now, now + self.config.claim_lease_s, self.owner)
            if match is not None:
                stats.taken_over += 1
                log.warning("taking over a table whose lease ran out", match_id=match_id)
                self._finish_later(match)

    async def _create(self, game: GameInfo, match: dict) -> None:
        """CreateGame, retried with the same game id when it timed out or found no
        server (a retry of a create that did land returns the same game)."""
        for attempt in range(1, self.config.create_attempts + 1):
            try:
                await self.creator.create(game, match["game_id"], match["players"], match["ranked"],
                                          self.config.create_timeout_s, match.get("options") or None)
                return
            except grpc.aio.AioRpcError as exc:
                if exc.code() not in RETRYABLE or attempt == self.config.create_attempts:
                    raise
                await asyncio.sleep(0.2 * attempt)

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _finish_later(self, match: dict) -> None:
        """A claimed table is finished (`finalize`) by one of at most max_concurrent_creates tasks."""
        self._unfinished.append(match)
        if len(self._finishers) < self.config.max_concurrent_creates:
            task = self._spawn(self._finish_tables())
            self._finishers.add(task)
            task.add_done_callback(self._finishers.discard)

    async def _finish_tables(self) -> None:
        while self._unfinished:
            match = self._unfinished.popleft()
            try:
                await self.finalize(match)
            except Exception:  # noqa: BLE001 - its claim lapses and a replica takes the table over
                log.exception("finishing a table failed", match_id=match.get("match_id"))

    async def finalize(self, match: dict) -> bool:
        """Create the game, then mark the tickets matched and tell everyone. True when matched."""
        game = self.catalogue.get(match["game"])
        with _tracer.start_as_current_span("matchmaking.create_table", attributes={
                "foodgames.match_id": match["match_id"], "foodgames.game": match["game"],
                "foodgames.table_size": len(match["players"])}):
            try:
                await self._create(game, match)
            except Exception as exc:  # noqa: BLE001 - any failure puts the table back
                reason = _failure(exc)
                log.warning("creating the game failed; tickets go back to the queue",
                            match_id=match["match_id"], game=match["game"], reason=reason)
                released = await self.store.release(match, self.clock(), reasons.not_created(reason))
                self.matches_released += 1
                meters.TABLES.add(1, {"game": match["game"], "outcome": "released"})
                for t in await self.store.get_many(released):
                    if t is not None:
                        await publish_ticket(self.publisher, t)
                return False
            tickets = await self._completions.submit(match)
            if not tickets:
                return False  # another replica finished this table
            now = tickets[0].updated_at  # when the batch marked them matched
            self.matches_created += 1
            waited = {t.ticket_id: round(now - t.created_at, 4) for t in tickets}
            meters.TABLES.add(1, {"game": match["game"], "outcome": "created"})
            queue = meters.queue_attributes(match["queue"])
            for seconds in waited.values():
                meters.WAIT.record(max(0.0, seconds), queue)
            body = {"match_id": match["match_id"], "game_id": match["game_id"], "game": match["game"],
                    "ranked": match["ranked"], "players": match["players"], "seats": match["seats"],
                    "table_size": len(match["players"]), "quality": match["quality"],
                    "tickets": [{"ticket_id": t["ticket_id"], "players": t["players"],
                                 "waited_s": waited.get(t["ticket_id"])} for t in match["tickets"]],
                    "formed_at": match["formed_at"], "matched_at": now}
            log.info("match found", match_id=match["match_id"], game=match["game"],
                     players=match["players"], **match["quality"])
            try:
                await self.publisher.publish(f"{MATCH_FOUND_SUBJECT}.{match['game']}", body)
            except Exception:  # noqa: BLE001
                log.exception("publishing match.found failed", match_id=match["match_id"])
            for t in tickets:
                await publish_ticket(self.publisher, t)
            if self.on_matched is not None:
                self.on_matched(match, tickets)
            return True


RETRYABLE = (grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.UNAVAILABLE)


def _failure(exc: BaseException) -> str:
    if isinstance(exc, grpc.aio.AioRpcError):
        return f"{exc.code().name}: {exc.details()}"
    return f"{type(exc).__name__}: {exc}"
