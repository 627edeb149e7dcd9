"""The matchmaker's instruments (shared.metrics): queue depth and waiting time per queue,
tables formed (created, or released back to the queue), seats asked of the house bots (bot
fill), tickets expired."""
from __future__ import annotations

import weakref

from services.matchmaking.tickets import parse_queue
from shared import metrics

_m = metrics.meter("foodgames.matchmaking")
WAIT = _m.create_histogram("foodgames.matchmaking.wait.duration", unit="s",
                           description="how long a matched ticket waited in its queue, by game and queue",
                           explicit_bucket_boundaries_advisory=metrics.WAIT_BUCKETS_S)
TABLES = _m.create_counter("foodgames.matchmaking.tables", unit="{table}",
                           description="tables formed, by game and outcome (created; released: the game "
                                       "could not be created and the tickets went back to the queue)")
BOT_SEATS = _m.create_counter("foodgames.matchmaking.bot_seats", unit="{seat}",
                              description="seats asked of the house bots for a quiet queue (bot fill), by game")
EXPIRED = _m.create_counter("foodgames.matchmaking.expired", unit="{ticket}",
                            description="tickets expired (waited past the limit, or their players left), by game")

_matchmakers: "weakref.WeakValueDictionary" = weakref.WeakValueDictionary()  # id -> Matchmaker (a dataclass: unhashable)


def queue_attributes(queue: str) -> dict[str, str]:
    """A queue's labels: its game, ranked or casual, and the queue readably (the stored name
    carries its options base64-encoded): e.g. forestaurant:casual:difficulty=hard."""
    game, ranked, options = parse_queue(queue)
    kind = "ranked" if ranked else "casual"
    readable = ":".join([game, kind, *([",".join(f"{k}={v}" for k, v in sorted(options.items()))] if options else [])])
    return {"game": game, "queue": readable, "ranked": "true" if ranked else "false"}


def watch(matchmaker) -> None:
    """Report `matchmaker.depths` (queue -> searching tickets at its last pass) when scraped;
    its counters from 0 for every game it matches."""
    _matchmakers[id(matchmaker)] = matchmaker
    for game in matchmaker.catalogue.games:
        for outcome in ("created", "released"):
            TABLES.add(0, {"game": game, "outcome": outcome})
        BOT_SEATS.add(0, {"game": game})
        EXPIRED.add(0, {"game": game})


def _depths(_options):
    out = []
    for matchmaker in list(_matchmakers.values()):
        out += [metrics.Observation(n, queue_attributes(q)) for q, n in list(matchmaker.depths.items())]
    return out


_m.create_observable_gauge("foodgames.matchmaking.queue.depth", [_depths], unit="{ticket}",
                           description="tickets searching in each queue at the matchmaker's last pass over it")


def _queues(_options):
    return [metrics.Observation(sum(1 for n in m.depths.values() if n)) for m in list(_matchmakers.values())]


_m.create_observable_gauge("foodgames.matchmaking.queues", [_queues], unit="{queue}",
                           description="queues with tickets at the matchmaker's last pass (0 too: the "
                                       "matchmaker is there and its queues are empty)")
