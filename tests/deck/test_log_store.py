"""The deck's append-only log (services/deck/store.py LogStore) read back when no copy of its
stream answers direct gets (a cluster's stream just made, or whose copies just moved)."""
from __future__ import annotations

import uuid

from services.deck.store import DeckNames, LogStore, log_stream_config
from shared.eventstore.connections import connect
from shared.eventstore.streams import ensure_stream


async def test_the_log_reads_back_from_the_leader_when_no_copy_answers_direct_gets(nats_url):
    # given a log stream whose copies do not answer direct gets
    nc = await connect(nats_url)
    names = DeckNames(log_stream=f"DECKLOG{uuid.uuid4().hex[:8].upper()}")
    config = log_stream_config(names)
    config.allow_direct = False
    await ensure_stream(nc.jetstream(), config)
    log = LogStore(nc, names, timeout=2.0)
    # when leaves are appended and read back
    for i in range(3):
        await log.append(f"leaf-{i}".encode(), i)
    # then every leaf reads back in order
    assert await log.read(1, 3) == [b"leaf-0", b"leaf-1", b"leaf-2"]
    await nc.drain()
