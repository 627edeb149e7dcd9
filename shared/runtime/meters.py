"""The rules engine's instruments (shared.metrics): moves accepted and refused, how long a move
takes (the rules' decide, the store's append, the whole call), games started, finished and
cancelled, timeouts, takeovers and retries; live tables and seats away, read from the
runtimes' warm caches when scraped. A move's count is a plain integer read when scraped (an
OpenTelemetry counter's add costs microseconds, on every move), its three timings histogram
records on attribute sets built once per runtime."""
from __future__ import annotations

import weakref

from opentelemetry.metrics import CallbackOptions, Observation

from shared import gamestream as env
from shared import metrics
from shared.runtime import live
from shared.runtime.core import Runtime

_m = metrics.meter("foodgames.runtime")
MOVE_DURATION = _m.create_histogram("foodgames.move.duration", unit="s",
                                    description="a move's whole call in the rules engine, load to answer",
                                    explicit_bucket_boundaries_advisory=metrics.FAST_BUCKETS_S)
DECIDE_DURATION = _m.create_histogram("foodgames.move.decide.duration", unit="s",
                                      description="the rules' decide of one move",
                                      explicit_bucket_boundaries_advisory=metrics.FAST_BUCKETS_S)
APPEND_DURATION = _m.create_histogram("foodgames.move.append.duration", unit="s",
                                      description="the event store's append of one move",
                                      explicit_bucket_boundaries_advisory=metrics.FAST_BUCKETS_S)
GAMES = _m.create_counter("foodgames.games", unit="{game}",
                          description="games this engine wrote the start or end of, by state "
                                      "(started, finished, cancelled)")
SEAT_EVENTS = _m.create_counter("foodgames.seat.events", unit="{event}",
                                description="live-table events this engine wrote, by kind (timeout, takeover, "
                                            "away, returned, forfeit)")
RETRIES = _m.create_counter("foodgames.move.retries", unit="{retry}",
                            description="moves judged again after another writer moved the game first")

# stored event type -> (counter, its `kind`/`state` attribute)
_WRITTEN = {
    env.GAME_CREATED: (GAMES, "state", "started"),
    env.GAME_OVER: (GAMES, "state", "finished"),
    env.GAME_CANCELLED: (GAMES, "state", "cancelled"),
    env.TIMED_OUT: (SEAT_EVENTS, "kind", "timeout"),
    env.BOT_TOOK_OVER: (SEAT_EVENTS, "kind", "takeover"),
    env.PLAYER_DISCONNECTED: (SEAT_EVENTS, "kind", "away"),
    env.PLAYER_RETURNED: (SEAT_EVENTS, "kind", "returned"),
    env.FORFEITED: (SEAT_EVENTS, "kind", "forfeit"),
}

_runtimes: "weakref.WeakSet[Runtime]" = weakref.WeakSet()


class GameMeters:
    """One runtime's attribute sets and the calls its hot path makes."""

    def __init__(self, runtime: Runtime):
        game = runtime.rules.name
        self.game = {"game": game}
        self.accepted_attributes = {"game": game, "outcome": "accepted"}
        self.accepted = 0
        self.written = {t: (counter, {"game": game, name: value}) for t, (counter, name, value) in _WRITTEN.items()}
        # refusal key -> [its attributes, how many]; keys are the rules' and the runtime's own
        # (a few dozen), never a client's text
        self.refusals: dict[str, list] = {}
        _runtimes.add(runtime)
        # every series from 0: there before anything happens, so that rates and alerts see it
        RETRIES.add(0, self.game)
        for counter, attributes in self.written.values():
            counter.add(0, attributes)

    def moved(self, seconds: float) -> None:
        self.accepted += 1
        MOVE_DURATION.record(seconds, self.game)

    def refused(self, exc: BaseException, seconds: float) -> None:
        why = getattr(exc, "key", None) or type(exc).__name__
        counted = self.refusals.get(why)
        if counted is None:
            counted = self.refusals[why] = [{**self.game, "outcome": "refused", "error.type": why}, 0]
        counted[1] += 1
        MOVE_DURATION.record(seconds, self.game)

    def decided(self, seconds: float) -> None:
        DECIDE_DURATION.record(seconds, self.game)

    def appended(self, seconds: float) -> None:
        APPEND_DURATION.record(seconds, self.game)

    def retried(self) -> None:
        RETRIES.add(1, self.game)

    def wrote(self, events) -> None:
        """The stored events of one of this engine's appends."""
        written = self.written
        for event in events:
            found = written.get(event.type)
            if found is not None:
                found[0].add(1, found[1])


def _moves(_options: CallbackOptions):
    out = []
    for runtime in list(_runtimes):
        meters = runtime.meters
        out.append(Observation(meters.accepted, meters.accepted_attributes))
        out += [Observation(n, attributes) for attributes, n in list(meters.refusals.values())]
    return out


def _tables(_options: CallbackOptions):
    counts: dict[str, int] = {}
    for runtime in list(_runtimes):
        counts[runtime.rules.name] = counts.get(runtime.rules.name, 0) + sum(
            1 for r in list(runtime.cache.values()) if r.version and not r.over and not r.table.cancelled)
    return [Observation(n, {"game": game}) for game, n in counts.items()]


def _away(_options: CallbackOptions):
    counts: dict[str, int] = {}
    for runtime in list(_runtimes):
        n = 0
        for record in list(runtime.cache.values()):
            if record.table.tracked and not record.over and not record.table.cancelled:
                n += sum(1 for state in record.table.presence if state != live.CONNECTED)
        counts[runtime.rules.name] = counts.get(runtime.rules.name, 0) + n
    return [Observation(n, {"game": game}) for game, n in counts.items()]


_m.create_observable_counter("foodgames.moves", [_moves], unit="{move}",
                             description="moves submitted, by game, outcome (accepted, refused) and, refused, "
                                         "error.type (the refusal's key, e.g. must-follow, stale-version)")
_m.create_observable_gauge("foodgames.tables.live", [_tables], unit="{game}",
                           description="games held warm by this engine that are neither over nor cancelled")
_m.create_observable_gauge("foodgames.seats.away", [_away], unit="{seat}",
                           description="seats of this engine's live clocked tables whose player is away")
