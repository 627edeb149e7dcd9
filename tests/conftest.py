"""Real servers for the whole suite: one NATS JetStream and one Valkey, started
from the pip-installed binaries on free ports, stopped at the end."""
from __future__ import annotations

import inspect
import itertools
import os
import uuid
from pathlib import Path

import foodgames
import foodgames.v1
import pytest

from shared import aio
from apps.embedded import start_nats, start_valkey
from tests import reaper
from tests.tasks import DEADLINE_MARGIN_S, with_deadline

_db_numbers = itertools.count(1)

# The suite reads the words of English by default, whatever the machine's locale: the terminal
# client answers in the locale's language (shared.i18n.language_from_environment), and so does a
# browser started without one. Tests of German ask for it.
for _name in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"

# The editable install's generated `foodgames` package may be another checkout's proto/gen (a git
# worktree shares the main tree's venv): this tree's generated code goes first (and, through
# tests/stacklib.this_tree_first, in the stack's processes).
_GEN = Path(__file__).resolve().parent.parent / "proto" / "gen" / "foodgames"
for _package, _folder in ((foodgames, _GEN), (foodgames.v1, _GEN / "v1")):
    if str(_folder) not in _package.__path__:
        _package.__path__.insert(0, str(_folder))


def pytest_configure(config):
    """The run's mark on every process it starts, and its reaper (tests/reaper.py): set once, in
    the first pytest process (xdist's workers inherit both)."""
    if not os.environ.get(reaper.RUN_ENV):
        os.environ[reaper.RUN_ENV] = uuid.uuid4().hex
        reaper.start(os.getpid(), os.environ[reaper.RUN_ENV])


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



# The longest modules first (each module's setup, calls and teardown summed over a whole run with
# three workers on 2 cores): loadscope hands modules to the workers in collection order (make
# test turns off xdist's own reordering by test count, which would put a module of one long test
# last), and one of these started last would keep the run going on one worker while the others
# have finished. The rest keep their order. Right after the two longest browser modules, which
# keep both cores busy, come the modules that mostly wait (on timers, backoffs and restarts: a
# tenth to a quarter of their time on a core, each run alone), so that the third worker waits
# through them beside the browsers, not later beside each other while the cores idle (a run had
# the cores 40-60 % idle for a minute when they met mid-run).
LONGEST_FIRST = [
    "tests/web/test_games.py",  # 148 s
    "tests/web/test_browser.py",  # 62 s
    # mostly waiting (alone, 2026-12-06: wall / CPU seconds)
    "tests/runtime/test_client_retries.py",  # 24 / 2
    "tests/matchmaking/test_service.py",  # 15 / 2
    "tests/matchmaking/test_parties.py",  # 11 / 1.5
    "tests/leaderboard/test_replicas.py",  # 9 / 2
    "tests/live/test_replicas_live.py",  # 8 / 1.3
    "tests/live/test_clocks.py",  # 7 / 2.5
    "tests/eventstore/test_leases.py",  # 5 / 0.7
    "tests/web/test_friends_pages.py",  # 43 s
    "tests/stack/test_up_supervises.py",  # 35 s
    "tests/rules/test_contract.py",  # 35 s
    "tests/play/test_client_session.py",  # 30 s
    "tests/play/test_stack_games.py",  # 20 s
    "tests/stack/test_up.py",  # 20 s
    "tests/test_cli.py",  # 20 s
    "tests/stack/test_house_bots.py",  # 15 s
    "tests/gateway/test_issue24_done.py",  # 15 s
    "tests/deck/test_uniformity.py",  # 13 s
    "tests/web/test_oidc_signin.py",  # 13 s
    "tests/play/test_bench_moves.py",  # 12 s
    "tests/foodie_forest_service/test_full_game_over_grpc.py",  # 12 s
    "tests/deck/test_audit_stack.py",  # 12 s
    "tests/tournament/test_service_stack.py",  # 11 s
]


def pytest_collection_modifyitems(session, config, items):
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    root = Path(str(config.rootpath))
    items.sort(key=lambda item: rank.get(Path(str(item.path)).relative_to(root).as_posix(), len(rank)))
    limit = float(config.getini("timeout") or 0)
    for item in items:
        # every async test ends by its own deadline, inside pytest-timeout's (tests/tasks.py)
        if isinstance(item, pytest.Function) and inspect.iscoroutinefunction(item.obj):
            marker = item.get_closest_marker("timeout")
            within = float(marker.args[0]) if marker and marker.args else limit
            if within > 0:
                item.obj = with_deadline(item.obj, max(within - DEADLINE_MARGIN_S, within / 2))


@pytest.fixture
def dead_port():
    """`dead_port()` gives a port where nothing listens, held bound (never listening) until the
    test ends: a connection to it is refused, and no other test's server can take it meanwhile,
    as one could a port bound and let go (the next bind(0) of another worker may be handed it)."""
    import socket

    held: list[socket.socket] = []

    def port() -> int:
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        held.append(s)
        return s.getsockname()[1]

    yield port
    for s in held:
        s.close()
