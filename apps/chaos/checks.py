"""The checks of a chaos run, as pure functions of what the clients were told (the ledger)
and what the stack stored (each game's stream, the leaderboard's rating histories, the audit
reports, the processes still alive). Each returns the violations it found, in words."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

import orjson

from apps.chaos.ledger import GameLedger
from shared import gamestream as env
from shared.codec import EventCodec
from shared.eventstore import RecordedCommand
from shared.runtime.live import without_live_fields

# The runtime's event of a ranked game whose seats never showed up: terminal, not rated.
GAME_CANCELLED = "GameCancelled"
# Events the runtime writes beside the rules' own: never folded through the rules.
NOT_RULES_EVENTS = env.RUNTIME_EVENTS | {GAME_CANCELLED}

LOST, TWICE, UNSETTLED, REPLAY, RATED, AUDIT, PROCESS = (
    "acknowledged move lost", "move applied twice", "game neither finished nor cancelled",
    "replay differs from live", "ranked game not rated exactly once", "audit fails", "process left behind")
# and of the run itself: a fault the stack did not recover from in time, a service `up`'s
# supervisor gave up on, a fault the metrics do not show (apps/chaos/evidence.py)
NO_RECOVERY, GAVE_UP, UNMEASURED = "no recovery", "stack gave up", "fault not in the metrics"
CHECKS = (LOST, TWICE, UNSETTLED, REPLAY, RATED, AUDIT, PROCESS, NO_RECOVERY, GAVE_UP, UNMEASURED)


@dataclass(frozen=True)
class Violation:
    check: str  # one of CHECKS
    game_id: str  # "" when not about one game
    text: str

    def __str__(self) -> str:
        return f"{self.check}: {self.game_id + ': ' if self.game_id else ''}{self.text}"


def _types(stored: Sequence[RecordedCommand]) -> list[str]:
    return [e.type for c in stored for e in c.events]


def settled_by(stored: Sequence[RecordedCommand]) -> str | None:
    """GameOver or GameCancelled, whichever the stream holds; None if neither."""
    types = _types(stored)
    return next((t for t in (env.GAME_OVER, GAME_CANCELLED) if t in types), None)


def lost_moves(ledger: GameLedger, stored: Sequence[RecordedCommand]) -> list[Violation]:
    """Every move the engine acknowledged is in the stream, at the version it answered or before
    (an answer carries the version after the move and any deal it called for)."""
    at = {c.command_id: c.version for c in stored}
    out = []
    for move in ledger.acked:
        if move.command_id not in at:
            out.append(Violation(LOST, ledger.game_id, f"seat {move.seat}'s move {move.move_id} was acknowledged "
                                                       f"at version {move.version} but is not in the stream"))
        elif at[move.command_id] > move.version:
            out.append(Violation(LOST, ledger.game_id, f"seat {move.seat}'s move {move.move_id} was acknowledged at "
                                                       f"version {move.version} but stored at {at[move.command_id]}"))
    return out


def applied_twice(game_id: str, stored: Sequence[RecordedCommand]) -> list[Violation]:
    """Each command (each seat's move id) once in the stream, and versions counting up by the
    events of each command."""
    out = [Violation(TWICE, game_id, f"command {cid} is stored {n} times")
           for cid, n in Counter(c.command_id for c in stored).items() if n > 1]
    version = 0
    for c in stored:
        if c.version != version + len(c.events):
            out.append(Violation(TWICE, game_id, f"command {c.command_id} ends at version {c.version}, "
                                                 f"expected {version + len(c.events)}"))
        version = c.version
    return out


def unsettled(game_id: str, stored: Sequence[RecordedCommand]) -> list[Violation]:
    if settled_by(stored) is None:
        return [Violation(UNSETTLED, game_id, f"its stream ({len(stored)} commands) holds neither GameOver "
                                              f"nor {GAME_CANCELLED}")]
    return []


def replay(rules, stored: Sequence[RecordedCommand]) -> Any:
    """The game's state folded from its stream through the pure rules (no runtime)."""
    codec = EventCodec(rules.event_types)
    state = None
    for command in stored:
        for event in command.events:
            if event.type == env.GAME_CREATED:
                state = rules.initial_state(tuple(event.data["players"]), dict(event.data.get("options") or {}))
            elif event.type not in NOT_RULES_EVENTS:
                state = rules.evolve(state, codec.decode(event.record()))
    return state


def _json(value: Any) -> Any:
    return orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))


def replay_differs(ledger: GameLedger, stored: Sequence[RecordedCommand], rules) -> list[Violation]:
    """The view each seat saw last equals the view the replayed state gives that seat."""
    if not ledger.final_views:
        return []  # the clients stopped early; unsettled/lost say what matters
    try:
        state = replay(rules, stored)
    except Exception as exc:  # noqa: BLE001 - a stream the rules cannot fold is itself the finding
        return [Violation(REPLAY, ledger.game_id, f"the stream does not replay: {type(exc).__name__}: {exc}")]
    out = []
    for seat, live in sorted(ledger.final_views.items()):
        replayed = _json(rules.view(state, seat))
        live = without_live_fields(live)  # the clocks and presence tell the time: the rules' part
        if replayed != _json(live):
            keys = sorted(k for k in set(replayed) | set(live) if replayed.get(k) != live.get(k))
            out.append(Violation(REPLAY, ledger.game_id, f"seat {seat}'s last view differs from the replay in "
                                                         f"{', '.join(map(str, keys[:5])) or 'its shape'}"))
    return out


def check_game(ledger: GameLedger, stored: Sequence[RecordedCommand], rules) -> list[Violation]:
    """Every check of one game that needs only its ledger and its stream."""
    return (lost_moves(ledger, stored) + applied_twice(ledger.game_id, stored) + unsettled(ledger.game_id, stored)
            + replay_differs(ledger, stored, rules))


def must_be_rated(ledger: GameLedger, stored: Sequence[RecordedCommand]) -> bool:
    """Whether the game ended and was ranked (its GameOver says; else the table as made)."""
    over = next((e.data for c in stored for e in c.events if e.type == env.GAME_OVER), None)
    return over is not None and bool(over.get("ranked", ledger.ranked))


def rated_once(ledger: GameLedger, stored: Sequence[RecordedCommand],
               history: Mapping[str, Sequence[str]]) -> list[Violation]:
    """A finished ranked game has exactly one rating point per player; a cancelled or casual
    one none. `history`: player -> the game ids of their rating points in this game."""
    want = 1 if must_be_rated(ledger, stored) else 0
    out = []
    for player in ledger.players:
        got = list(history.get(player, ())).count(ledger.game_id)
        if got != want:
            why = "finished ranked" if want else ("cancelled" if settled_by(stored) == GAME_CANCELLED else "unfinished")
            out.append(Violation(RATED, ledger.game_id, f"{player} has {got} rating points for this {why} game, "
                                                        f"expected {want}"))
    return out


def audit_fails(game_id: str, report) -> list[Violation]:
    """The audit report of the game (apps.audit: shuffles, transparency log, record replay)."""
    if report.ok:
        return []
    return [Violation(AUDIT, game_id, f"{c.name}: {c.reason[:200]}") for c in report.failures] or \
        [Violation(AUDIT, game_id, "the audit made no check")]


def left_behind(pids: Iterable[int]) -> list[Violation]:
    """`pids`: processes of the run still alive after it stopped everything."""
    return [Violation(PROCESS, "", f"process {pid} still runs after the stack stopped") for pid in pids]
