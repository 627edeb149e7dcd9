"""The deck's instruments (shared.metrics): shuffles made, seed windows that closed before
every seat sent its client seed (a player's seed missed: the shuffle went on without it), late
seeds refused, and the size of the transparency log."""
from __future__ import annotations

import weakref

from shared import metrics

_m = metrics.meter("foodgames.deck")
SHUFFLES = _m.create_counter("foodgames.deck.shuffles", unit="{shuffle}",
                             description="shuffles derived and logged (a retried shuffle, answered from the "
                                         "log, is not counted)")
WINDOWS_MISSED = _m.create_counter("foodgames.deck.seed_windows.missed", unit="{game}",
                                   description="games whose seed window closed before every seat sent its "
                                               "client seed (the first shuffle went on without them)")
SEEDS_LATE = _m.create_counter("foodgames.deck.seeds.late", unit="{seed}",
                               description="client seeds refused because the seed window had closed")

_apps: "weakref.WeakSet" = weakref.WeakSet()


def watch(app) -> None:
    """Report `app`'s transparency log size when scraped; its counters from 0 (a series that
    is there before anything happens, so that rates and alerts see it)."""
    _apps.add(app)
    for counter in (SHUFFLES, WINDOWS_MISSED, SEEDS_LATE):
        counter.add(0)


def _log_size(_options):
    return [metrics.Observation(app.log.tree.size) for app in list(_apps)]


_m.create_observable_gauge("foodgames.deck.log.size", [_log_size], unit="{record}",
                           description="records in the deck's transparency log (as this replica has read it)")
