"""Fixtures of the matchmaking tests: real Valkey, real NATS, a real Foodie
Forest rules service in-process (SeededDeck), and matchmakers with short timings."""
from __future__ import annotations

import asyncio
import itertools
import time
import uuid

import pytest

from services.matchmaking.catalogue import Catalogue
from services.matchmaking.config import MatchmakingConfig
from services.matchmaking.engine import GrpcGameCreator, Matchmaker, NatsPublisher
from services.matchmaking.ratings import FixedRatings
from services.matchmaking.service import SERVICE_NAME, MatchmakingServicer, add_to_server
from services.matchmaking.store import TicketStore
from services.matchmaking.tickets import SEARCHING, Ticket
from shared.auth import mint_token
from shared.channels import client_channel
from shared.config import Settings
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.runtime.bootstrap import start_rules_server
from shared.runtime.deck import SeededDeck
from shared.service import start_server

GAME = "foodie-forest"
_names = itertools.count(1)


def fast_config(**changes) -> MatchmakingConfig:
    base = dict(pass_interval_s=0.1, expansions=((0.0, 2.0), (0.6, 50.0)), max_wait_s=30.0,
                claim_lease_s=12.0, create_timeout_s=5.0)
    base.update(changes)
    return MatchmakingConfig(**base)


def names(n: int, stem: str = "p") -> list[str]:
    return [f"{stem}{next(_names)}" for _ in range(n)]


def make_ticket(players, lo=2, hi=5, mu=25.0, created_at=None, ranked=False, game=GAME) -> Ticket:
    now = time.time() if created_at is None else created_at
    return Ticket(ticket_id=uuid.uuid4().hex, game=game, players=tuple(players), min_players=lo, max_players=hi,
                  ranked=ranked, state=SEARCHING, created_at=now, updated_at=now, version=1,
                  ratings=tuple((mu, 25.0 / 3) for _ in players))


@pytest.fixture(scope="session")
def mm_settings(tmp_path_factory, nats_url) -> Settings:
    # the leaderboard address answers nothing: tickets fall back to unrated players
    return Settings(data_dir=tmp_path_factory.mktemp("mm"), token_key="mm-test-key-" + "y" * 32,
                    nats_url=nats_url, addresses={"leaderboard": "127.0.0.1:1"})


@pytest.fixture(scope="session")
async def forest(mm_settings, nats_url):
    """The Foodie Forest rules service, in-process, on a free port."""
    from services.foodie_forest import GAME

    nc = await connect(nats_url)
    store = JetStreamEventStore(nc)
    await store.ensure_stream()
    server = await start_rules_server(GAME, mm_settings, 0, store, SeededDeck())
    server.address = f"127.0.0.1:{server.port}"  # type: ignore[attr-defined]
    yield server
    await server.stop(grace=None)
    await server.runtime.close()
    await nc.drain()


@pytest.fixture
def catalogue(mm_settings, forest) -> Catalogue:
    return Catalogue.from_settings(mm_settings, [GAME], addresses={GAME: forest.address})


@pytest.fixture
async def store(redis_url):
    s = TicketStore.from_url(redis_url, prefix=f"mmt{uuid.uuid4().hex[:6]}")
    yield s
    await s.close()


@pytest.fixture
async def creator(mm_settings):
    c = GrpcGameCreator(mm_settings)
    yield c
    await c.close()


class Stack:
    """One matchmaking gRPC server and its matchmaker(s) on one store."""

    def __init__(self, settings, store, catalogue, creator, nc, ratings):
        self.settings, self.store, self.catalogue = settings, store, catalogue
        self.creator, self.nc, self.ratings = creator, nc, ratings
        self.tasks: list[asyncio.Task] = []
        self.channels = []
        self.server = None
        self.matchmakers: list[Matchmaker] = []

    def matchmaker(self, config: MatchmakingConfig | None = None) -> Matchmaker:
        mm = Matchmaker(self.store, self.catalogue, self.creator, NatsPublisher(self.nc), config or fast_config())
        self.matchmakers.append(mm)
        return mm

    def start_loop(self, mm: Matchmaker) -> None:
        self.tasks.append(asyncio.create_task(mm.run()))

    async def start_server(self, config: MatchmakingConfig | None = None) -> None:
        servicer = MatchmakingServicer(self.store, self.catalogue, self.ratings, NatsPublisher(self.nc),
                                       config or fast_config(), nc=self.nc, watch_poll_s=0.5)
        self.server = await start_server("matchmaking", 0, self.settings, [(add_to_server, servicer)], [SERVICE_NAME])

    def channel(self, player: str, role: str = "player", address: str | None = None):
        ch = client_channel(address or f"127.0.0.1:{self.server.port}", mint_token(self.settings, player, role))
        self.channels.append(ch)
        return ch

    async def close(self) -> None:
        for t in self.tasks:
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for ch in self.channels:
            await ch.close()
        if self.server is not None:
            await self.server.stop(grace=None)


@pytest.fixture
async def stack(mm_settings, store, catalogue, creator, nc):
    s = Stack(mm_settings, store, catalogue, creator, nc, FixedRatings())
    yield s
    await s.close()


async def wait_for(predicate, timeout: float = 10.0, interval: float = 0.05):
    deadline = time.monotonic() + timeout
    while True:
        value = await predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(interval)
