"""A whole chaos run: the stack up, bot traffic, the faults on their schedule, the traffic
drained, the checks, the stack down, the table."""
from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from apps.chaos import checks, evidence
from apps.chaos.faults import Planned, kinds_for, schedule
from apps.chaos.ledger import GameLedger, Ledger
from apps.chaos.stack import ChaosStack
from apps.chaos.tournament import TournamentTraffic, check_tournament
from apps.chaos.traffic import Traffic
from apps.cli.up import GaveUp
from shared import aio, games
from shared import gamestream as env

# How long after a fault the services have to answer SERVING again before it counts as a
# violation (no recovery).
RECOVERY_LIMIT_S = 60.0


@dataclass
class Options:
    duration_s: float = 60.0
    seed: int = 1
    nats_cluster: int = 1
    kinds: list[str] | None = None  # None: every kind that applies
    every_s: float = 5.0  # one fault every ... seconds on average
    down_s: float = 1.0  # how long a killed server stays down, a paused process paused
    tables: int = 3  # tables in play at once
    drain_s: float = 120.0  # how long the tables in play may take to finish after the run
    data: Path | None = None
    replicas: int = 1  # of every service and of the house bots
    tournament: bool = True  # a small Swiss beside the tables (apps/chaos/tournament.py)


@dataclass
class FaultRun:
    planned: Planned
    started: float = 0.0
    recovered: float | None = None  # when the services it stopped answered SERVING again
    moves: int = 0  # moves acknowledged between the fault and the recovery
    violations: list[checks.Violation] = field(default_factory=list)  # of the fault itself (no recovery)

    @property
    def recovery_s(self) -> float | None:
        return None if self.recovered is None else self.recovered - self.started


@dataclass
class Outcome:
    faults: list[FaultRun] = field(default_factory=list)
    ledger: Ledger = field(default_factory=Ledger)
    violations: list[checks.Violation] = field(default_factory=list)
    started_s: float = 0.0  # how long the stack took to be SERVING
    evidence: list[evidence.Evidence] = field(default_factory=list)  # what the metrics show of the faults
    tournament: TournamentTraffic | None = None

    def violations_during(self, fault: FaultRun) -> list[checks.Violation]:
        """Violations of games in play while the fault lasted (and of no game, e.g. recovery)."""
        end = fault.recovered or fault.started + RECOVERY_LIMIT_S
        in_play = {g.game_id for g in self.ledger.games
                   if g.acked and g.acked[0].at <= end and g.acked[-1].at >= fault.started}
        return [v for v in self.violations if v.game_id in in_play] + fault.violations


def run(options: Options, say: Callable[[str], None] = print) -> Outcome:
    stack = ChaosStack(options.data, options.nats_cluster, say, options.replicas)
    outcome = Outcome()
    try:
        say(f"starting the stack ({'a NATS cluster of ' + str(options.nats_cluster) if options.nats_cluster > 1 else 'one NATS'}, "
            f"Valkey, {len(games.names())} rules engines, deck, leaderboard, matchmaker, gateway, tournament, house bots"
            f"{f', {options.replicas} replicas of each' if options.replicas > 1 else ''}) in {stack.data}")
        outcome.started_s = stack.start()
        say(f"stack SERVING after {outcome.started_s:.1f}s")
        before = aio.run(evidence.scrape(stack.settings, stack.env))
        aio.run(_drive(stack, options, outcome, say))
        _measure(stack, outcome, before)
        started = time.monotonic()
        aio.run(_check(stack, outcome, say))
        say(f"checked in {time.monotonic() - started:.1f}s")
    finally:
        started = time.monotonic()
        stack.stop()
        say(f"stack stopped in {time.monotonic() - started:.1f}s")
        left = stack.left_behind()
        outcome.violations += checks.left_behind(left)
        stack.cleanup()
    return outcome


async def _drive(stack: ChaosStack, options: Options, outcome: Outcome, say) -> None:
    kinds = options.kinds or kinds_for(options.nats_cluster)
    plan = schedule(kinds, {k: stack.targets(k) for k in kinds}, options.duration_s, options.seed, options.every_s)
    say("schedule: " + ", ".join(f"{p.at_s:.1f}s {p.kind} {p.target}" for p in plan))
    # with replicas: clocked direct tables whose seats hold streams, a seat dozing off now and
    # then, so that the live-table checks have timeouts and presence to look at
    traffic = Traffic(stack.settings, outcome.ledger, options.seed, options.tables, say=say,
                      live_tables=options.replicas > 1)
    t0 = time.monotonic()
    traffic_task = asyncio.create_task(traffic.run(), name="traffic")
    if options.tournament:
        outcome.tournament = TournamentTraffic(stack.settings, outcome.ledger, options.seed, say)
    # the tournament plays until it finishes (two rounds), through the faults and the drain
    tournament_task = asyncio.create_task(outcome.tournament.run() if outcome.tournament else asyncio.sleep(0),
                                          name="tournament")
    gave_up: list[str] = []

    async def supervise():
        while True:
            try:
                stack.check()
            except GaveUp as exc:
                gave_up.append(str(exc))
                return
            await asyncio.sleep(0.2)

    async def progress():
        while True:
            await asyncio.sleep(5)
            led = outcome.ledger
            say(f"  {time.monotonic() - t0:5.1f}s: {len(led.games)} tables, "
                f"{sum(1 for g in led.games if g.finished)} finished, {led.moves} moves acknowledged")

    async def make(planned: Planned) -> None:
        await asyncio.sleep(max(0.0, t0 + planned.at_s - time.monotonic()))
        fault = FaultRun(planned, time.monotonic())
        outcome.faults.append(fault)
        say(f"  {fault.started - t0:5.1f}s: {planned.kind} {planned.target}")
        await stack.inject(planned.kind, planned.target, options.down_s)
        await asyncio.sleep(0.1)
        affected = stack.affected(planned.kind, planned.target)
        while time.monotonic() - fault.started < RECOVERY_LIMIT_S and not gave_up:
            if not await stack.serving(affected):
                fault.recovered = time.monotonic()
                break
            await asyncio.sleep(0.1)
        if fault.recovered is None:
            fault.violations.append(checks.Violation(
                checks.NO_RECOVERY, "",
                f"{planned.kind} {planned.target}: {', '.join(affected)} not SERVING {RECOVERY_LIMIT_S:.0f}s after"))
            outcome.violations += fault.violations
        else:
            say(f"  {fault.recovered - t0:5.1f}s: {planned.kind} {planned.target}: "
                f"{'every service' if len(affected) > 2 else ' and '.join(affected)} SERVING again "
                f"after {fault.recovery_s:.1f}s")

    helpers = [asyncio.create_task(supervise()), asyncio.create_task(progress())]
    # each fault at its own time: a slow recovery does not push the next one back (faults may
    # overlap, as on a bad day)
    makers = [asyncio.create_task(make(planned)) for planned in plan]
    try:
        await asyncio.sleep(max(0.0, t0 + options.duration_s - time.monotonic()))
        traffic.stop()
        await asyncio.gather(*makers)  # the last recoveries
        say(f"  {time.monotonic() - t0:5.1f}s: no new tables; finishing the {_in_play(outcome.ledger)} in play")
        try:
            await asyncio.wait_for(asyncio.shield(asyncio.gather(traffic_task, tournament_task)), options.drain_s)
        except TimeoutError:
            for task in (traffic_task, tournament_task):
                task.cancel()
            await asyncio.gather(traffic_task, tournament_task, return_exceptions=True)
            say(f"  tables still in play after {options.drain_s:.0f}s were left")
    finally:
        for task in [*helpers, *makers]:
            task.cancel()
        await asyncio.gather(*helpers, *makers, return_exceptions=True)
        for task in (traffic_task, tournament_task):
            if not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
    for fault in outcome.faults:
        fault.moves = outcome.ledger.acked_between(fault.started, fault.recovered or fault.started + RECOVERY_LIMIT_S)
    for text in gave_up:
        outcome.violations.append(checks.Violation(checks.GAVE_UP, "", text))


def _measure(stack: ChaosStack, outcome: Outcome, before) -> None:
    """The faults as the metrics show them, scraped again now; a fault that must show and does
    not is a violation (operators would not see it either)."""
    after = aio.run(evidence.scrape(stack.settings, stack.env))
    seconds = min(s.at for s in after.values()) - min(s.at for s in before.values())
    outcome.evidence = evidence.shown([(f.planned.kind, f.planned.target) for f in outcome.faults], before, after,
                                      seconds)
    outcome.violations += [checks.Violation(checks.UNMEASURED, "", f"{e.kind} {e.target}: {e.text}")
                           for e in outcome.evidence if e.required and not e.seen]


def _in_play(ledger: Ledger) -> int:
    return sum(1 for g in ledger.games if not g.finished and not g.error)


# -- the checks -----------------------------------------------------------------------------

SETTLE_WAIT_S = 30.0  # for seeds to be revealed and the leaderboard to rate the last games


async def _check(stack: ChaosStack, outcome: Outcome, say) -> None:
    from shared.eventstore.connections import connect
    from shared.eventstore.jetstream import JetStreamEventStore

    say(f"checking {len(outcome.ledger.games)} games ({outcome.ledger.moves} acknowledged moves)...")
    nc = await connect(stack.settings.nats_url, name="chaos-check")
    try:
        store = JetStreamEventStore(nc)
        streams = await _read_settled(store, outcome.ledger.games)
    finally:
        await nc.close()
    from apps.chaos.live_checks import check_live
    from shared.runtime.bootstrap import live_policy

    policy = live_policy(stack.settings)
    for g in outcome.ledger.games:
        outcome.violations += checks.check_game(g, streams[g.game_id], games.get(g.game).rules)
        outcome.violations += check_live(g, streams[g.game_id], games.get(g.game).rules, policy)
    histories = await _rating_histories(stack, outcome.ledger.games, streams)
    for g in outcome.ledger.games:
        outcome.violations += checks.rated_once(g, streams[g.game_id], histories.get(g.game_id, {}))
    for g in outcome.ledger.games:
        if checks.settled_by(streams[g.game_id]) == env.GAME_OVER:
            outcome.violations += checks.audit_fails(g.game_id, await _audit(stack, g.game_id))
    if outcome.tournament is not None:
        outcome.violations += await check_tournament(outcome.tournament)


async def _read_settled(store, ledgers: list[GameLedger]) -> dict[str, list]:
    """Each game's stream, read again (for a while) until a game that ended has its seed
    revealed too (the runtime reveals it in the background after GameOver)."""
    deadline = time.monotonic() + SETTLE_WAIT_S
    streams: dict[str, list] = {}
    for g in ledgers:
        while True:
            stored = await store.read_commands(env.subject_for(g.game, g.game_id))
            types = {e.type for c in stored for e in c.events}
            if env.GAME_OVER not in types or env.SEED_REVEALED in types or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.2)
        streams[g.game_id] = stored
    return streams


async def _rating_histories(stack: ChaosStack, ledgers: list[GameLedger], streams) -> dict[str, dict[str, list[str]]]:
    """game id -> player -> the game ids of that player's rating points in the game; asked
    again for a while until every finished ranked game shows up (the consumer may be behind)."""
    from foodgames.v1 import leaderboard_pb2

    from apps.sdk.connection import Backoff, Connection, with_retries
    from shared.auth import mint_token

    conn = Connection(stack.settings, mint_token(stack.settings, "operator", "operator"), "operator")
    deadline = time.monotonic() + SETTLE_WAIT_S
    out: dict[str, dict[str, list[str]]] = {}
    try:
        for g in ledgers:
            # a casual game (a tournament's unranked tables) is never rated: nothing to wait for
            rated_game = checks.must_be_rated(g, streams[g.game_id])
            while True:
                history = {}
                for player in g.players:
                    reply = await with_retries(lambda: conn.leaderboard().GetRatingHistory(
                        leaderboard_pb2.GetRatingHistoryRequest(game=g.game, player=player, limit=1000), timeout=10),
                        Backoff(30))
                    history[player] = [p.game_id for p in reply.points]
                rated = all(g.game_id in ids for ids in history.values())
                if not rated_game or rated or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.3)
            out[g.game_id] = history
    finally:
        await conn.close()
    return out


async def _audit(stack: ChaosStack, game_id: str):
    """`foodgames audit verify`'s offline checks of the game's bundle from the deck: every
    shuffle re-derived, the transparency log's proofs, the record replayed through the rules."""
    import orjson
    from foodgames.v1 import deck_pb2

    from apps.audit.record import LEADERBOARD_CHECK, LEADERBOARD_OFFLINE_REASON, audit_bundle
    from apps.audit.verifier import OFFLINE_SKIP_REASON, ONLINE_ONLY
    from apps.sdk.connection import Backoff, Connection, with_retries
    from shared.auth import mint_token

    conn = Connection(stack.settings, mint_token(stack.settings, "operator", "operator"), "operator")
    try:
        reply = await with_retries(lambda: conn.deck().ExportAuditBundle(
            deck_pb2.ExportAuditBundleRequest(game_id=game_id), timeout=30), Backoff(30))
    finally:
        await conn.close()
    report = audit_bundle(orjson.loads(reply.bundle_json))
    for name in ONLINE_ONLY:
        report.skip(name, OFFLINE_SKIP_REASON)
    report.skip(LEADERBOARD_CHECK, LEADERBOARD_OFFLINE_REASON)  # rated_once checks the ratings
    return report


# -- the table ------------------------------------------------------------------------------

def table_rows(outcome: Outcome) -> list[tuple[str, str, str, str, str]]:
    """(fault, count, moves during, recovery time, violations) per kind, then the whole run."""
    rows = []
    kinds: dict[str, list[FaultRun]] = {}
    for f in outcome.faults:
        kinds.setdefault(f.planned.kind, []).append(f)
    for kind, runs in kinds.items():
        times = [f.recovery_s for f in runs if f.recovery_s is not None]
        recovery = (f"{max(times):.1f}s max, {sum(times) / len(times):.1f}s mean" if times else "never")
        if len(times) < len(runs):
            recovery += f" ({len(runs) - len(times)} never)"
        bad = {str(v) for f in runs for v in outcome.violations_during(f)}
        rows.append((kind, str(len(runs)), str(sum(f.moves for f in runs)), recovery, str(len(bad))))
    rows.append(("whole run", str(len(outcome.faults)), str(outcome.ledger.moves), "-", str(len(outcome.violations))))
    return rows
