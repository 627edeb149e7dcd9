"""The leaderboard process's garbage collector, told that its start-up objects stay.

A batch of games allocates tens of thousands of short-lived dicts and lists (snapshot, write
ops, ledger, events). Enough of them outlive a young collection to set off full collections
now and then, and a full collection walks every object the process holds - modules, the gRPC
server, the clients - each time: about a fifth of the consumer's CPU per rating
(docs/benchmarks.md, "bench leaderboard", 2026-12-04). Frozen objects are skipped by every
collection, so once start-up is over they are frozen.
"""
from __future__ import annotations

import gc


def settle() -> int:
    """Collect what start-up left behind, then freeze everything alive (gc.freeze): it lives
    as long as the process and is never walked again. Returns the number of frozen objects."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
