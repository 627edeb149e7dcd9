"""`foodgames up`: the whole stack on this machine; `foodgames serve NAME`: one service.

`up` starts NATS (JetStream, file storage, fsync always) and Valkey from the
pip-installed binaries unless FOODGAMES_NATS_URL / FOODGAMES_REDIS_URL name
existing servers, then every service as its own process, waits until each
answers gRPC health SERVING, prints where everything is, and stops it all on
Ctrl-C or SIGTERM. Data stays under the data folder between runs. With
`--nats-cluster 3` NATS is three clustered servers and every stream has 3 replicas.
Bot fill is on (FOODGAMES_MM_BOT_FILL_AFTER_S=3 unless set; 0 turns it off): a player
who waits alone gets house bots, from `foodgames house-bots`, which `up` also runs.
With `--replicas N` every service and the house bots run N times (replica n of a service
is `<service>-n` in the logs and pids), every client is given every replica's address
(FOODGAMES_<SERVICE>_ADDR=ip:port,..., also written to DATA/addresses.env) and spreads its
calls over them (shared.channels: round_robin), so a killed replica's calls go to the others.
`--only deck,foodie-forest` starts only the services named (the house bots come with
matchmaking), for work on a few of them.

A service that stops on its own is started again after a pause (0.5 s, doubling
to 10 s), and `up` says so; only a service that crashes 5 times within 60 s makes
`up` give up and stop everything, naming the service and its log.
"""
from __future__ import annotations

import asyncio
import importlib
import os
import re
import signal
import subprocess
import sys
import time
from collections import deque
from pathlib import Path
from typing import Callable

from shared import aio, games, metrics
from shared.config import Settings

# service name -> "module:function" of its async serve(settings, port); every registered game
# is served by the shared runtime besides these (services()).
INFRA_SERVICES: dict[str, str] = {
    "deck": "services.deck.bootstrap:serve",
    "leaderboard": "services.leaderboard.bootstrap:serve",
    "matchmaking": "services.matchmaking.bootstrap:serve",
    "gateway": "services.gateway.bootstrap:serve",
    "tournament": "services.tournament.bootstrap:serve",
}


def services() -> list[str]:
    """Every service `up` starts: one rules engine per registered game, then the others."""
    return games.names() + list(INFRA_SERVICES)


def _server(name: str):
    """The async serve(settings, port) of a service or a registered game."""
    if name in INFRA_SERVICES:
        module, function = INFRA_SERVICES[name].split(":")
        return getattr(importlib.import_module(module), function)
    from shared.runtime.bootstrap import serve_game

    game = games.get(name)
    return lambda settings, port: serve_game(game, settings, port)

# Bot fill on the dev stack (services/matchmaking/botfill.py): the house bots process runs
# beside the services when FOODGAMES_MM_BOT_FILL_AFTER_S turns it on (up sets it unless given).
HOUSE_BOTS = "house-bots"
DEV_BOT_FILL_AFTER_S = "3"


def bot_fill_on(env: dict[str, str]) -> bool:
    from services.matchmaking.config import bot_fill_from_env

    return bool(bot_fill_from_env(env))


DEFAULT_NATS_PORT = 4222
DEFAULT_REDIS_PORT = 6379


def register(subparsers) -> None:
    up = subparsers.add_parser("up", help="start the whole stack (what `make run` calls)",
                               description=__doc__.split("\n\n")[1])
    up.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for every service")
    up.add_argument("--nats-port", type=int, default=int(os.environ.get("FOODGAMES_NATS_PORT", DEFAULT_NATS_PORT)),
                    help="port of the NATS server it starts (default %(default)s; FOODGAMES_NATS_PORT)")
    up.add_argument("--redis-port", type=int, default=int(os.environ.get("FOODGAMES_REDIS_PORT", DEFAULT_REDIS_PORT)),
                    help="port of the Valkey server it starts (default %(default)s; FOODGAMES_REDIS_PORT)")
    up.add_argument("--nats-cluster", type=int, choices=(1, 3), default=1, metavar="N",
                    help="how many NATS servers: 1 (default), or 3 clustered ones (the prod overlay's shape: "
                    "routes between them, JetStream on each, streams with 3 replicas, fsync always) on ports "
                    "--nats-port, +1 and +2; every service is given all three")
    up.add_argument("--replicas", type=int, default=1, metavar="N",
                    help="how many replicas of every service and of the house bots (default 1, at most 10): "
                    "replica 1 on the service's own port, replica n 10 x (n - 1) ports above it (the house "
                    "bots' health port 20060 likewise); every client is given the whole list "
                    "(FOODGAMES_<SERVICE>_ADDR=ip:port,ip:port) and spreads its calls over it (round_robin)")
    up.add_argument("--only", type=_service_list, default=None, metavar="NAMES",
                    help="start only these services, comma-separated (e.g. deck,foodie-forest; default every "
                    "one); the house bots come with matchmaking")
    up.set_defaults(func=run_up)
    serve = subparsers.add_parser("serve", help="run one service in the foreground",
                                  description="Run one service (a registered game's rules engine, or "
                                  "deck, leaderboard, matchmaking); its settings come from FOODGAMES_* variables.")
    serve.add_argument("service", metavar="SERVICE", help="one of: " + ", ".join(services()))
    serve.add_argument("--port", type=int, default=None, help="gRPC port (default: the service's own)")
    serve.set_defaults(func=run_serve)


def run_serve(args) -> int:
    if args.service not in services():
        print(f"foodgames serve: no service {args.service!r}; services: {', '.join(services())}", file=sys.stderr)
        return 2
    settings = Settings.from_env()
    serve = _server(args.service)
    port = args.port if args.port is not None else settings.ports[args.service]
    # every service process serves its metrics (shared/metrics.py) on its metrics port
    aio.run_until_signalled(metrics.serving(args.service, metrics.metrics_port(port), settings.host,
                                            serve(settings, port)))
    return 0


async def _health(address: str) -> bool:
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    try:
        async with grpc.aio.insecure_channel(address) as channel:
            reply = await health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=1)
            return reply.status == health_pb2.HealthCheckResponse.SERVING
    except grpc.aio.AioRpcError:
        return False


async def wait_serving(addresses: dict[str, str], timeout: float, processes: dict | None = None,
                       on_poll: Callable[[], None] | None = None) -> dict[str, float]:
    """Poll every address until it answers SERVING; returns seconds each took. A process of
    `processes` that exits fails the wait; `on_poll` (e.g. a Supervisor's check, which may
    raise) is called on every round instead when given."""
    started, ready = time.monotonic(), {}
    while len(ready) < len(addresses):
        if on_poll is not None:
            on_poll()
        # asked side by side: one that does not answer (a port someone else holds) costs the
        # round its 1 s timeout once, not once for each service behind it
        waiting = [name for name in addresses if name not in ready]
        for name, serving in zip(waiting, await asyncio.gather(*(_health(addresses[n]) for n in waiting))):
            if serving:
                ready[name] = time.monotonic() - started
        for name in addresses:
            proc = (processes or {}).get(name)
            if on_poll is None and proc is not None and proc.poll() is not None:
                raise RuntimeError(f"{name} exited with status {proc.returncode} before it was ready")
        if time.monotonic() - started > timeout:
            missing = ", ".join(sorted(set(addresses) - set(ready)))
            raise TimeoutError(f"not SERVING after {timeout:.0f}s: {missing}")
        await asyncio.sleep(0.2)
    return ready


# Restarting a crashed service: the first pause (FOODGAMES_UP_RESTART_FIRST_S), its doubling's
# cap, and how many crashes (FOODGAMES_UP_GIVE_UP_CRASHES) within how many seconds make `up` give up.
RESTART_FIRST_S = 0.5
RESTART_MAX_S = 10.0
GIVE_UP_CRASHES = 5
GIVE_UP_WINDOW_S = 60.0


class GaveUp(RuntimeError):
    """A service kept crashing."""


# how gRPC core says a server could not listen (its port is held by another program)
_BIND_FAILED = re.compile(r"Failed to bind to address (\S+?);")


def port_taken(log: Path) -> str | None:
    """Why a service stopped, when its log's end says it could not listen on its port: in words
    that name the port and what to do (the default ports lie among those the kernel gives
    outgoing connections, so another program, or a connection, may hold one for a while)."""
    try:
        with open(log, "rb") as f:
            f.seek(max(0, f.seek(0, os.SEEK_END) - 8192))
            tail = f.read().decode("utf-8", "replace")
    except OSError:
        return None
    found = _BIND_FAILED.findall(tail)
    if not found:
        return None
    port = found[-1].rpartition(":")[2]
    return (f"it could not listen on {found[-1]}: another program or connection holds that port "
            f"(`ss -tanp 'sport = :{port}'` names it); FOODGAMES_PORT_BASE moves the stack's ports")


class Supervisor:
    """The services' processes: started, restarted with backoff when one stops on its own,
    given up on (GaveUp) when one keeps crashing. Each process's pid is kept in
    DATA/pids/NAME.pid while it runs."""

    def __init__(self, names: list[str], env: dict[str, str], logs: Path, pids: Path,
                 say: Callable[[str], None], addresses: dict[str, str] | None = None,
                 commands: dict[str, list[str]] | None = None):
        self.names, self.env, self.logs, self.pids, self.say = names, env, logs, pids, say
        self.addresses = addresses or {}
        self.commands = commands or {}  # name -> `foodgames` arguments; default: serve NAME
        self.processes: dict[str, subprocess.Popen] = {}
        self.crashes: dict[str, deque[float]] = {name: deque() for name in names}
        self.restart_at: dict[str, float] = {}  # name -> when to start it again
        self.recovering: set[str] = set()  # restarted, not yet SERVING again
        self.restart_first_s = float(env.get("FOODGAMES_UP_RESTART_FIRST_S") or RESTART_FIRST_S)
        self.give_up_crashes = int(env.get("FOODGAMES_UP_GIVE_UP_CRASHES") or GIVE_UP_CRASHES)
        pids.mkdir(parents=True, exist_ok=True)

    def log_of(self, name: str) -> Path:
        return self.logs / f"{name}.log"

    def start(self, name: str) -> None:
        log = open(self.log_of(name), "ab")
        try:
            self.processes[name] = subprocess.Popen(
                [sys.executable, "-m", "apps.cli.main", *self.commands.get(name, ["serve", name])], env=self.env,
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        finally:
            log.close()
        (self.pids / f"{name}.pid").write_text(f"{self.processes[name].pid}\n")

    def start_all(self) -> None:
        for name in self.names:
            self.start(name)

    def check(self) -> None:
        """Notice stopped processes, start due restarts; GaveUp when one keeps crashing."""
        now = time.monotonic()
        for name, proc in list(self.processes.items()):
            if name in self.restart_at or proc.poll() is None:
                continue
            crashes = self.crashes[name]
            crashes.append(now)
            while crashes and now - crashes[0] > GIVE_UP_WINDOW_S:
                crashes.popleft()
            self.recovering.discard(name)
            why = port_taken(self.log_of(name))
            if len(crashes) >= self.give_up_crashes:
                raise GaveUp(f"{name} keeps crashing ({len(crashes)} times within {GIVE_UP_WINDOW_S:.0f}s, "
                             f"last with status {proc.returncode}); giving up and stopping everything. "
                             f"{why + '. ' if why else ''}See {self.log_of(name)}")
            pause = min(RESTART_MAX_S, self.restart_first_s * 2 ** (len(crashes) - 1))
            self.restart_at[name] = now + pause
            self.say(f"{name} stopped with status {proc.returncode}; restarting it in {pause:.1f}s "
                     f"(crash {len(crashes)} of {self.give_up_crashes} allowed within {GIVE_UP_WINDOW_S:.0f}s; "
                     f"{why + '; ' if why else ''}see {self.log_of(name)})")
        for name, when in list(self.restart_at.items()):
            if now >= when:
                del self.restart_at[name]
                self.start(name)
                self.recovering.add(name)
                self.say(f"{name} restarted (pid {self.processes[name].pid})")

    def check_recovered(self) -> None:
        """Say when a restarted service answers SERVING again."""
        for name in list(self.recovering):
            address = self.addresses.get(name)
            if address is None or aio.run(_health(address)):
                self.recovering.discard(name)
                self.say(f"{name} is SERVING again" if address else f"{name} is running again")

    def stop(self) -> None:
        for proc in self.processes.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.processes.values():
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                try:
                    proc.wait(5)  # reaped, so that no zombie of ours outlives the stack
                except subprocess.TimeoutExpired:
                    pass
        for name in self.processes:
            (self.pids / f"{name}.pid").unlink(missing_ok=True)


def _env_var(service: str) -> str:
    return "FOODGAMES_" + service.upper().replace("-", "_") + "_ADDR"


def replica_processes(names: list[str], addresses: dict[str, str], count: int) -> tuple[dict, dict]:
    """For `count` replicas of every service: the processes beyond each service's first (name
    `<service>-<n>` -> (its `foodgames` arguments, its address), on ports of the stack's own
    run: shared.config.replica_port) and the address lists every client is given
    (FOODGAMES_<SERVICE>_ADDR -> `ip:port,ip:port,...`)."""
    from shared.config import max_local_replicas, replica_port

    if not 1 <= count <= max_local_replicas():
        raise ValueError(f"--replicas is 1 to {max_local_replicas()} on one machine, not {count}")
    processes, lists = {}, {}
    if count == 1:
        return processes, lists
    for name in names:
        every = [addresses[name]]
        host, first = addresses[name].rsplit(":", 1)
        for n in range(2, count + 1):
            port = replica_port(int(first), n)
            processes[f"{name}-{n}"] = (["serve", name, "--port", str(port)], f"{host}:{port}")
            every.append(f"{host}:{port}")
        lists[_env_var(name)] = ",".join(every)
    return processes, lists


def house_bots_processes(settings: Settings, count: int) -> dict[str, list[str]]:
    """The house bots' processes (`house-bots`, `house-bots-2`, ...), each with its health port
    in the stack's run of ports."""
    from shared.config import replica_port

    return {HOUSE_BOTS if n == 1 else f"{HOUSE_BOTS}-{n}":
            ["house-bots", "--port", str(replica_port(settings.house_bots_port(), n))] for n in range(1, count + 1)}


def _service_list(text: str) -> list[str]:
    """--only's names, each a service of the stack, in the stack's order."""
    import argparse

    named = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in named if n not in services()]
    if unknown or not named:
        raise argparse.ArgumentTypeError(f"no service {', '.join(map(repr, unknown)) or 'named'}; "
                                         f"services: {', '.join(services())}")
    return [n for n in services() if n in named]


def run_up(args) -> int:
    from rich.console import Console
    from rich.table import Table

    from apps.embedded import start_valkey

    console = Console(stderr=False)
    settings = Settings.from_env()
    data = settings.data_dir.resolve()
    logs = data / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    settings.resolved_token_key()  # made once here, before the services race to make it
    servers, supervisor = [], None
    env = dict(os.environ, FOODGAMES_DATA_DIR=str(data))
    env.setdefault("FOODGAMES_GATEWAY_DEV_SIGNIN", "1")  # dev sign-in on a `make run` stack only
    # bot fill on a `make run` stack only: a lone player gets house bots after this quiet wait
    env.setdefault("FOODGAMES_MM_BOT_FILL_AFTER_S", DEV_BOT_FILL_AFTER_S)
    try:
        house = bot_fill_on(env)
    except ValueError as exc:
        console.print(f"[red]foodgames up: {exc}[/red]")
        return 2
    stopping = False

    def stop(*_):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # Stopping must finish even when our stdout is gone (Ctrl-C also ends a `| tee`).
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    try:
        with console.status("starting NATS and Valkey..."):
            if not os.environ.get("FOODGAMES_NATS_URL"):
                nats = start_nats_for(args, data, logs)
                servers.append(nats)
                env.update(nats_env(nats))
            if not os.environ.get("FOODGAMES_REDIS_URL"):
                valkey = start_valkey(data / "valkey", port=args.redis_port, log_file=logs / "valkey.log")
                servers.append(valkey)
                env["FOODGAMES_REDIS_URL"] = valkey.url
        names = getattr(args, "only", None) or services()
        addresses = {name: settings.address(name) for name in names}
        extra = house_bots_processes(settings, getattr(args, "replicas", 1)) if house and "matchmaking" in names else {}
        replicas, lists = replica_processes(names, addresses, getattr(args, "replicas", 1))
        env.update(lists)
        # for the clients started elsewhere (`set -a; . DATA/addresses.env`): every replica's address
        (data / "addresses.env").write_text("".join(f"{k}={v}\n" for k, v in lists.items()))
        commands = {**extra, **{name: command for name, (command, _) in replicas.items()}}
        every = {**addresses, **{name: address for name, (_, address) in replicas.items()}}
        supervisor = Supervisor(names + list(replicas) + list(extra), env, logs, data / "pids",
                                lambda text: _say(console, text), every, commands=commands)
        supervisor.start_all()
        with console.status("waiting for every service to answer health checks..."):
            took = aio.run(wait_serving(every, args.timeout, on_poll=supervisor.check))
        addresses = {name: lists.get(_env_var(name), address) for name, address in addresses.items()}
        table = Table(title="foodgames stack: SERVING")
        for column in ("service", "address", "ready after", "log"):
            table.add_column(column)
        nats_log = str(logs / ("nats-*.log" if getattr(args, "nats_cluster", 1) > 1 else "nats.log"))
        table.add_row("nats", env["FOODGAMES_NATS_URL"], "-", nats_log if servers else "external")
        table.add_row("valkey", env["FOODGAMES_REDIS_URL"], "-", str(logs / "valkey.log") if servers else "external")
        for name in names:
            table.add_row(name, addresses[name], f"{took[name]:.1f}s", str(logs / f"{name}.log"))
        for name in extra:
            table.add_row(name, f"127.0.0.1:{extra[name][-1]} (health)", "-", str(logs / f"{name}.log"))
        console.print(table)
        console.print(f"data in {data}; try `foodgames demo` in another terminal. Ctrl-C stops everything.")
        if "gateway" in addresses:
            from services.gateway.static import DIST

            web = DIST / "index.html"
            console.print(f"[bold]Play in your browser: http://{every['gateway']}/[/bold]"
                          + ("" if web.is_file() else " (first build the web client: `make web`)"))
            if house:
                console.print(f"Queue alone and house bots take the empty seats after "
                              f"{env['FOODGAMES_MM_BOT_FILL_AFTER_S']}s (FOODGAMES_MM_BOT_FILL_AFTER_S=0 turns that off).")
            else:
                console.print("Bots to play against: `foodgames bots foodie-forest --count 3` in another terminal.")
        sys.stdout.flush()
        while not stopping:
            supervisor.check()
            supervisor.check_recovered()
            time.sleep(0.2)
        return 0
    except GaveUp as exc:
        _say(console, f"foodgames up: {exc}")
        return 1
    except (RuntimeError, TimeoutError, OSError) as exc:
        console.print(f"[red]foodgames up: {exc}[/red] (logs in {logs})")
        return 1
    finally:
        _say(console, "stopping...")
        if supervisor is not None:
            supervisor.stop()
        for server in reversed(servers):
            server.stop()
        _say(console, "stopped.")


def start_nats_for(args, data: Path, logs: Path):
    """The NATS of a stack: one server (data/nats), or with --nats-cluster 3 three clustered
    ones (data/nats-cluster/node-N) on --nats-port and the two ports after it."""
    from apps.embedded import start_nats, start_nats_cluster

    size = getattr(args, "nats_cluster", 1)
    if size > 1:
        return start_nats_cluster(data / "nats-cluster", size, [args.nats_port + i for i in range(size)],
                                  log_dir=logs)
    return start_nats(data / "nats", port=args.nats_port, log_file=logs / "nats.log")


def nats_env(nats) -> dict[str, str]:
    """The services' settings for the NATS `start_nats_for` started: every server's URL, and
    streams with as many replicas as there are servers (R3 on a cluster of three)."""
    from apps.embedded import NatsCluster

    replicas = len(nats.nodes) if isinstance(nats, NatsCluster) else 1
    return {"FOODGAMES_NATS_URL": nats.url, "FOODGAMES_STREAM_REPLICAS": str(replicas)}


def _say(console, text: str) -> None:
    try:
        console.print(text)
    except (OSError, SystemExit):
        pass  # nobody is reading any more (rich exits on a broken pipe)

