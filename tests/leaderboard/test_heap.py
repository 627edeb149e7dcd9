"""heap.settle: what is alive at the end of start-up is frozen, out of every collection's walk."""
from __future__ import annotations

import gc

from services.leaderboard import heap


def test_settle_freezes_what_is_alive_and_nothing_made_later():
    try:
        start_up = {"clients": ["nats", "valkey"]}
        frozen = heap.settle()
        assert frozen > 0 and gc.get_freeze_count() == frozen
        later = {"batch": [1, 2, 3]}
        walked = {id(o) for o in gc.get_objects()}  # the objects a full collection walks
        assert id(start_up) not in walked
        assert id(later) in walked
    finally:
        gc.unfreeze()
