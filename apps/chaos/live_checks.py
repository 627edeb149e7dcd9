"""The live-table checks of a chaos run with replicas (docs/reliability.md), as pure functions of
a game's stream and what its clients held: every timeout written once, and only when it was due;
no seat recorded away while its client held a stream of it; no game left without a command for
longer than its clock allows.

The stream is folded as the runtime folds it (GameRuntime.fold on no store), and what was due
at each command is asked of shared.runtime.live, the same pure functions the engines use.
"""
from __future__ import annotations

from typing import Sequence

from apps.chaos.checks import Violation
from apps.chaos.ledger import GameLedger
from shared import gamestream as env
from shared.eventstore import RecordedCommand
from shared.runtime import live

TIMEOUT_TWICE, AWAY_WHILE_HELD, STALLED = ("timeout not written once", "seat away while held",
                                           "game stalled")
LIVE_CHECKS = (TIMEOUT_TWICE, AWAY_WHILE_HELD, STALLED)
# A stream counts as held at a moment when it was open this long before it (its entry on the
# replica is written before the seat is recorded connected, and the first update comes after).
HELD_MARGIN_MS = 1000
# What a clock may be late by before the game counts as stalled: a dead clock owner's shards
# are taken over within the lease's TTL and a poll (about 3 s), a paused or killed process, a NATS
# server down for the run's --down, and the retries of the writer.
STALL_SLACK_MS = 15_000


def _at_ms(command: RecordedCommand) -> int:
    """When a command was written: its TimeRecorded (every command to a clocked table has one),
    else its recorded time."""
    for event in command.events:
        if event.type == env.TIME_RECORDED:
            return int(event.data["at_ms"])
    return live._ms_of(command.recorded_at)


def _folder(rules):
    from shared.eventstore.memory import MemoryEventStore
    from shared.runtime.deck import SeededDeck
    from shared.runtime.game import GameRuntime

    return GameRuntime(rules, MemoryEventStore(), SeededDeck())


def timeouts_not_due(game_id: str, stored: Sequence[RecordedCommand], rules,
                     policy: live.LivePolicy | None = None) -> list[Violation]:
    """Each TimedOut was due when it was written: the seat's clock was running and its bank spent
    on the state before it. A timeout written twice (two replicas, one deadline) fails this: after
    the first, the seat's clock has been reset."""
    from shared.runtime.game import GameRecord

    policy = policy or live.LivePolicy()
    runtime = _folder(rules)
    record = GameRecord(game_id)
    out = []
    for command in stored:
        timed_out = [int(e.data["seat"]) for e in command.events if e.type == env.TIMED_OUT]
        if timed_out and record.table.tracked:
            at = _at_ms(command)
            due = {d.seat for d in live.deadlines(record.table, runtime.clocks.running(record), policy)
                   if d.kind == "timeout" and d.at_ms <= at}
            for seat in timed_out:
                if seat not in due:
                    out.append(Violation(TIMEOUT_TWICE, game_id,
                                         f"seat {seat} timed out at version {command.version} ({command.command_id}) "
                                         f"when its time was not up"))
        record = runtime.fold(record, [command])
    return out


def away_while_held(ledger: GameLedger, stored: Sequence[RecordedCommand]) -> list[Violation]:
    """No PlayerDisconnected for a seat while its client held a stream of it (opened at least
    HELD_MARGIN_MS before, not yet closed)."""
    out = []
    for command in stored:
        for event in command.events:
            if event.type != env.PLAYER_DISCONNECTED:
                continue
            seat, at = int(event.data["seat"]), _at_ms(command)
            for held in ledger.holds:
                if held.seat == seat and held.opened_ms <= at - HELD_MARGIN_MS and (
                        held.closed_ms == 0 or held.closed_ms >= at):
                    out.append(Violation(AWAY_WHILE_HELD, ledger.game_id,
                                         f"seat {seat} was recorded away at version {command.version} while its "
                                         f"client held a stream opened {at - held.opened_ms} ms before"))
                    break
    return out


def stalls(game_id: str, stored: Sequence[RecordedCommand], rules,
           policy: live.LivePolicy | None = None) -> list[Violation]:
    """While a clocked game is in play, the next command comes by the first deadline of its table
    (a timeout, a takeover, a bot's move) plus STALL_SLACK_MS: no game waits on a clock nobody
    runs."""
    from shared.runtime.game import GameRecord

    policy = policy or live.LivePolicy()
    runtime = _folder(rules)
    record = GameRecord(game_id)
    out = []
    for before, command in zip(stored, stored[1:]):
        record = runtime.fold(record, [before])
        if not record.table.tracked or record.over or record.table.cancelled:
            continue
        due = live.deadlines(record.table, runtime.clocks.running(record), policy)
        if not due:
            continue
        late = _at_ms(command) - due[0].at_ms
        if late > STALL_SLACK_MS:
            out.append(Violation(STALLED, game_id,
                                 f"after version {record.version} the table's {due[0].kind} was due, but nothing "
                                 f"was written for {late / 1000:.1f}s past it"))
    return out


def check_live(ledger: GameLedger, stored: Sequence[RecordedCommand], rules,
               policy: live.LivePolicy | None = None) -> list[Violation]:
    return [*timeouts_not_due(ledger.game_id, stored, rules, policy), *away_while_held(ledger, stored),
            *stalls(ledger.game_id, stored, rules, policy)]
