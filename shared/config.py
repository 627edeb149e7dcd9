"""Settings of every service and tool, from the environment (FOODGAMES_*).

The same code runs on the embedded single server (`foodgames up`) and on a
cluster: only these values change.
"""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field, replace
from pathlib import Path

from shared import games

# The real gRPC port of every service that is not a game; each game declares its own
# (shared.games). deploy/ manifests are checked against both.
INFRA_PORTS: dict[str, int] = {
    "deck": 20052,
    "leaderboard": 20053,
    "matchmaking": 20054,
    "gateway": 20058,  # the public API for browsers and mobile apps (Connect, gRPC-Web, gRPC)
    "tournament": 20059,  # tournaments: pairing, draws, tables, standings (docs/tournaments.md)
}
# FOODGAMES_PORT_BASE moves every port by the same amount: base + (port - FIRST_PORT).
FIRST_PORT = 20051
HOUSE_BOTS_PORT = 20060  # the house bots' health endpoint: not a service others call (not in service_ports)


def rules_services() -> tuple[str, ...]:
    """The rules engines: one per registered game."""
    return tuple(games.names())


def service_ports() -> dict[str, int]:
    """Every service's gRPC port: the registered games' and INFRA_PORTS."""
    ports = {g.name: g.port for g in games.all_games().values()}
    clash = set(ports.values()) & set(INFRA_PORTS.values())
    if clash:
        raise ValueError(f"a game's port is taken by a service: {sorted(clash)}")
    return {**ports, **INFRA_PORTS}


def stack_span() -> int:
    """How many ports one replica of everything takes from the stack's first port on: every
    service's and the house bots'. Replica n of each answers (n - 1) spans above the first
    (replica_port), and each port's metrics port METRICS_OFFSET above it, all within the run of
    ports a local stack reserves below the kernel's ephemeral ones (apps.embedded.free_port_base):
    a replica on a port the kernel hands out could find it taken when it restarts."""
    return max(max(service_ports().values()), HOUSE_BOTS_PORT) - FIRST_PORT + 1


def max_local_replicas() -> int:
    from shared.metrics import METRICS_OFFSET

    return METRICS_OFFSET // stack_span()  # beyond, replicas' ports would be others' metrics ports


def replica_port(port: int, n: int) -> int:
    """Replica n's port (n = 1 the first) of the service whose first replica answers on `port`."""
    if not 1 <= n <= max_local_replicas():
        raise ValueError(f"replica {n}: one machine's stack runs 1 to {max_local_replicas()} replicas of a service")
    return port + (n - 1) * stack_span()


def nats_servers(url: str) -> list[str]:
    """FOODGAMES_NATS_URL as the servers a NATS client may use: one URL, or several separated
    by commas (every node of a cluster, so that a client fails over when one is down)."""
    servers = [s.strip() for s in url.split(",") if s.strip()]
    if not servers:
        raise ValueError(f"FOODGAMES_NATS_URL={url!r} names no NATS server")
    return servers


def _env_name(service: str) -> str:
    return "FOODGAMES_" + service.upper().replace("-", "_") + "_ADDR"


@dataclass(frozen=True)
class Settings:
    nats_url: str = "nats://127.0.0.1:4222"
    redis_url: str = "redis://127.0.0.1:6379/0"
    data_dir: Path = Path("data")
    host: str = "127.0.0.1"
    token_key: str | None = None  # HS256 secret; None: token_key_file, else a dev key under data_dir
    token_key_file: Path | None = None  # a file holding it (a mounted Secret: no secret in the environment)
    deck_signing_key_file: Path | None = None  # Ed25519 PEM; None: a dev key under data_dir
    stream_replicas: int = 1
    # the longest the first shuffle waits for every human seat's client seed (None: half the
    # no-show time: a seat that has not come by then is hardly coming, and the deal, which holds
    # the game while it waits, is done well before a no-show cancel would fall due)
    seed_window_s: float | None = None
    duplicate_window_s: float = 120.0  # JetStream's own duplicate window
    # live tables (docs/live-tables.md)
    presence_grace_s: float = 5.0  # a seat without a stream stays connected this long after a call
    takeover_after_timeouts: int = 2  # timeouts in a row before the seat's bot takes over
    takeover_after_away_s: float = 60.0  # away this long and the seat's bot takes over
    no_show_s: float = 60.0  # a ranked game nobody connects to or moves in within this is cancelled
    abandon_after_s: float = 45.0  # a casual table whose players are all away this long is cancelled (0: never)
    # games a rules engine keeps in memory, the least recently used dropped first (~0.25 MB a
    # Foodie Forest game: docs/capacity.md); a game not kept is read back from its stream
    game_cache: int = 10_000
    addresses: dict[str, str] = field(default_factory=dict)
    ports: dict[str, int] = field(default_factory=service_ports)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides) -> "Settings":
        env = dict(os.environ if env is None else env)
        kwargs: dict = {}
        simple = {
            "FOODGAMES_NATS_URL": ("nats_url", str),
            "FOODGAMES_REDIS_URL": ("redis_url", str),
            "FOODGAMES_DATA_DIR": ("data_dir", Path),
            "FOODGAMES_HOST": ("host", str),
            "FOODGAMES_TOKEN_KEY": ("token_key", str),
            "FOODGAMES_TOKEN_KEY_FILE": ("token_key_file", Path),
            "FOODGAMES_DECK_SIGNING_KEY_FILE": ("deck_signing_key_file", Path),
            "FOODGAMES_STREAM_REPLICAS": ("stream_replicas", int),
            "FOODGAMES_SEED_WINDOW_S": ("seed_window_s", float),
            "FOODGAMES_DUPLICATE_WINDOW_S": ("duplicate_window_s", float),
            "FOODGAMES_PRESENCE_GRACE_S": ("presence_grace_s", float),
            "FOODGAMES_TAKEOVER_AFTER_TIMEOUTS": ("takeover_after_timeouts", int),
            "FOODGAMES_TAKEOVER_AFTER_AWAY_S": ("takeover_after_away_s", float),
            "FOODGAMES_NO_SHOW_S": ("no_show_s", float),
            "FOODGAMES_ABANDON_AFTER_S": ("abandon_after_s", float),
            "FOODGAMES_GAME_CACHE": ("game_cache", int),
        }
        for var, (name, conv) in simple.items():
            if env.get(var):
                try:
                    kwargs[name] = conv(env[var])
                except ValueError:
                    raise ValueError(f"{var}={env[var]!r} is not a valid {conv.__name__}") from None
        if kwargs.get("game_cache", 1) < 1:
            raise ValueError(f"FOODGAMES_GAME_CACHE={env['FOODGAMES_GAME_CACHE']!r}: a rules engine keeps at least "
                             f"1 game in memory (the one being played); 10000 by default")
        ports = service_ports()
        kwargs["addresses"] = {s: env[_env_name(s)] for s in ports if env.get(_env_name(s))}
        if env.get("FOODGAMES_PORT_BASE"):
            # shifts every service's port, for a second stack on one machine (tests)
            base = int(env["FOODGAMES_PORT_BASE"])
            kwargs["ports"] = {s: base + port - FIRST_PORT for s, port in ports.items()}
        kwargs.update(overrides)
        return cls(**kwargs)

    @property
    def seed_wait_s(self) -> float:
        """How long the first shuffle waits at most for the human seats' client seeds."""
        return self.no_show_s / 2 if self.seed_window_s is None else self.seed_window_s

    def with_(self, **changes) -> "Settings":
        return replace(self, **changes)

    def address(self, service: str) -> str:
        """Where `service` answers gRPC: FOODGAMES_<SERVICE>_ADDR or host:port."""
        if service in self.addresses:
            return self.addresses[service]
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::") else self.host
        return f"{host}:{self.ports[service]}"

    def house_bots_port(self) -> int:
        """The house bots' health port, moved with FOODGAMES_PORT_BASE as every service's is."""
        service, port = next(iter(service_ports().items()))
        return HOUSE_BOTS_PORT + self.ports.get(service, port) - port

    def metrics_address(self, service: str) -> str:
        """Where `service` answers GET /metrics on this machine's stack: its gRPC port plus
        shared.metrics.METRICS_OFFSET (what `foodgames serve` binds unless FOODGAMES_METRICS_PORT
        says otherwise)."""
        from shared.metrics import METRICS_OFFSET

        host, _, port = self.address(service).rpartition(":")
        return f"{host}:{int(port) + METRICS_OFFSET}"

    def secret_dir(self) -> Path:
        path = self.data_dir / "secrets"
        path.mkdir(parents=True, exist_ok=True)
        return path

    def resolved_token_key(self) -> str:
        """The token signing key; on a dev machine one is generated once under data/."""
        if self.token_key:
            return self.token_key
        if self.token_key_file is not None:
            key = self.token_key_file.read_text().strip()
            if not key:
                raise ValueError(f"the token key file {self.token_key_file} is empty")
            return key
        path = self.secret_dir() / "token.key"
        if not path.exists():
            path.write_text(secrets.token_hex(32))
            path.chmod(0o600)
        return path.read_text().strip()
