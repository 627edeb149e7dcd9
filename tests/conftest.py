"""Real servers for the whole suite: one NATS JetStream and one Valkey, started
from the pip-installed binaries on free ports, stopped at the end."""
from __future__ import annotations

import itertools
from pathlib import Path

import foodgames
import foodgames.v1
import pytest

from shared import aio
from apps.embedded import start_nats, start_valkey

_db_numbers = itertools.count(1)

# The editable install's generated `foodgames` package may be another checkout's proto/gen (a git
# worktree shares the main tree's venv): this tree's generated code goes first (and, through
# tests/stacklib.this_tree_first, in the stack's processes).
_GEN = Path(__file__).resolve().parent.parent / "proto" / "gen" / "foodgames"
for _package, _folder in ((foodgames, _GEN), (foodgames.v1, _GEN / "v1")):
    if str(_folder) not in _package.__path__:
        _package.__path__.insert(0, str(_folder))


def pytest_asyncio_loop_factories(config, item):
    """Tests run on the event loop the services and commands run on (shared.aio)."""
    return {"loop": aio.loop_factory()}


@pytest.fixture(scope="session")
def nats_server():
    server = start_nats()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def valkey_server():
    server = start_valkey()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def nats_url(nats_server) -> str:
    return nats_server.url


@pytest.fixture
def redis_url(valkey_server) -> str:
    """A fresh, empty logical database of the shared Valkey for each test."""
    import redis

    from tests.stacklib import STACK_DB

    db = next(_db_numbers) % STACK_DB  # 0-14: never the session stack's own database
    url = f"redis://127.0.0.1:{valkey_server.port}/{db}"
    redis.Redis.from_url(url).flushdb()
    return url


@pytest.fixture
async def nc(nats_url):
    import nats

    conn = await nats.connect(nats_url)
    yield conn
    await conn.drain()


# The whole stack as `make run` runs it, started once for the session by the
# tests that ask for it (tests/stacklib.py).
from tests.stacklib import stack  # noqa: E402,F401

