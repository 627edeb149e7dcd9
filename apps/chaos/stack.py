"""The stack a chaos run stands up and breaks: `foodgames up`'s pieces (apps/cli/up.py: the
Supervisor that restarts a crashed service with backoff, the NATS it starts, single or a
cluster of three) on 127.0.0.1, on ports of its own, with its data in a folder of its own;
and the faults, made to it the way an operator's bad day would."""
from __future__ import annotations

import asyncio
import os
import signal
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from apps.cli.up import (Supervisor, _health, house_bots_processes, nats_env, replica_processes,
                          services, start_nats_for)
from apps.embedded import NatsCluster, free_port_base, start_valkey
from shared.config import Settings
from shared import games


class ChaosStack:
    def __init__(self, data: Path | None, nats_cluster: int, say, replicas: int = 1):
        self._tmp = None if data else tempfile.TemporaryDirectory(prefix="foodgames-chaos-")
        self.data = (data or Path(self._tmp.name)).resolve()
        self.logs = self.data / "logs"
        self.logs.mkdir(parents=True, exist_ok=True)
        self.nats_cluster = nats_cluster
        self.replicas = replicas  # of every service and of the house bots
        self.say = say
        self.nats = self.valkey = self.supervisor = None
        self.env: dict[str, str] = {}
        self.settings: Settings | None = None
        self.pids: set[int] = set()  # every process the run started, to check none is left

    def start(self, timeout: float = 90.0) -> float:
        """NATS, Valkey and every service, until each answers SERVING; seconds it took."""
        started = time.monotonic()
        # every port below the kernel's ephemeral ones, each run checked free after the servers
        # before it started: a killed server's port must still be free when it restarts
        nats_port = free_port_base(self.nats_cluster)  # a cluster's nodes: ports in a row
        self.nats = start_nats_for(SimpleNamespace(nats_cluster=self.nats_cluster, nats_port=nats_port),
                                   self.data, self.logs)
        self.valkey = start_valkey(self.data / "valkey", port=free_port_base(1), log_file=self.logs / "valkey.log")
        env = {k: v for k, v in os.environ.items() if not k.startswith("FOODGAMES_")}
        env.update(nats_env(self.nats), FOODGAMES_REDIS_URL=self.valkey.url, FOODGAMES_DATA_DIR=str(self.data),
                   FOODGAMES_HOST="127.0.0.1", FOODGAMES_PORT_BASE=str(free_port_base(replicas=self.replicas)),
                   FOODGAMES_SEED_WINDOW_S="0.3",
                   FOODGAMES_TOKEN_KEY=os.urandom(32).hex(),
                   # the tables played over Connect all come from this machine, faster than people
                   FOODGAMES_GATEWAY_RATE_PER_ADDRESS="1000000", FOODGAMES_GATEWAY_RATE_PER_PLAYER="1000000")
        if os.environ.get("PYTHONPATH"):
            env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        names = services()
        first = Settings.from_env(env)
        addresses = {name: first.address(name) for name in names}
        # every replica on a port of its own; every client is given all of a service's addresses
        # and spreads its calls over them (round_robin), as up --replicas does
        extra, lists = replica_processes(names, addresses, self.replicas)
        env.update(lists)
        commands = {name: command for name, (command, _) in extra.items()}
        self.addresses = {**addresses, **{name: address for name, (_, address) in extra.items()}}
        for name, command in house_bots_processes(first, self.replicas).items():  # each with its health port
            commands[name] = command
            self.addresses[name] = f"127.0.0.1:{command[-1]}"
        self.env = env
        self.settings = Settings.from_env(env)
        self.supervisor = Supervisor(list(self.addresses), env, self.logs, self.data / "pids", self.say,
                                     self.addresses, commands=commands)
        self.supervisor.start_all()
        self._note_pids()
        while True:
            self.supervisor.check()
            self._note_pids()
            if asyncio.run(self.serving()) == []:
                return time.monotonic() - started
            if time.monotonic() - started > timeout:
                raise TimeoutError(f"not SERVING after {timeout:.0f}s: {', '.join(asyncio.run(self.serving()))}")
            time.sleep(0.2)

    def _note_pids(self) -> None:
        for proc in self.supervisor.processes.values():
            self.pids.add(proc.pid)
        for server in self.servers():
            self.pids.add(server.process.pid)

    def servers(self):
        nodes = self.nats.nodes if isinstance(self.nats, NatsCluster) else [self.nats]
        return [n for n in [*nodes, self.valkey] if n is not None]

    async def serving(self, names: list[str] | None = None) -> list[str]:
        """The services (of `names`, default all) not answering SERVING now."""
        names = list(self.addresses) if names is None else names
        states = await asyncio.gather(*(_health(self.addresses[n]) for n in names))
        return [name for name, ok in zip(names, states) if not ok]

    def affected(self, kind: str, target: str) -> list[str]:
        """The services a fault stops from serving: its own target, the users of Valkey, or
        (NATS) every service; the fault is over when these answer SERVING again."""
        if kind == "kill-valkey":
            return ["matchmaking", "leaderboard"]
        if kind in ("kill-nats", "kill-nats-node"):
            return list(self.addresses)
        return [target]

    def check(self) -> None:
        """Restart crashed services (the Supervisor's backoff); raises GaveUp."""
        self.supervisor.check()
        self._note_pids()

    # -- faults ---------------------------------------------------------------------------

    def targets(self, kind: str) -> list[str]:
        """What a fault of `kind` may hit."""
        if kind == "kill-engine":
            return self._replicas_of(games.names())
        if kind in ("kill-deck", "kill-leaderboard", "kill-matchmaking", "kill-gateway", "kill-tournament",
                    "kill-house-bots"):
            return self._replicas_of([kind.removeprefix("kill-")])
        if kind == "kill-nats-node":
            return [n.name for n in self.nats.nodes]
        if kind == "kill-nats":
            return ["nats"]
        if kind == "kill-valkey":
            return ["valkey"]
        if kind == "pause":
            return self._replicas_of(services())
        raise ValueError(f"no fault {kind!r}")

    def _replicas_of(self, names: list[str]) -> list[str]:
        """Every replica of each of `names`: NAME, NAME-2, ..."""
        return [name if n == 1 else f"{name}-{n}" for name in names for n in range(1, self.replicas + 1)]

    async def inject(self, kind: str, target: str, down_s: float) -> None:
        """Make the fault; returns when its cause is over (a killed server is started again
        after `down_s`, a paused process continued after `down_s`). Killed services are
        started again by the Supervisor, as under `foodgames up`."""
        if kind.startswith("kill-") and target in self.supervisor.processes:
            os.kill(self.supervisor.processes[target].pid, signal.SIGKILL)
        elif kind == "kill-nats-node":
            index = [n.name for n in self.nats.nodes].index(target)
            self.nats.kill(index)
            await asyncio.sleep(down_s)
            await asyncio.to_thread(self.nats.restart, index)
        elif kind == "kill-nats":
            self.nats.kill()
            await asyncio.sleep(down_s)
            await asyncio.to_thread(self.nats.restart, self.logs / "nats.log")
        elif kind == "kill-valkey":
            self.valkey.kill()
            await asyncio.sleep(down_s)
            await asyncio.to_thread(self.valkey.restart, self.logs / "valkey.log")
        elif kind == "pause":
            pid = self.supervisor.processes[target].pid
            os.kill(pid, signal.SIGSTOP)
            try:
                await asyncio.sleep(down_s)
            finally:
                os.kill(pid, signal.SIGCONT)
        else:
            raise ValueError(f"no fault {kind!r} on {target!r}")
        self._note_pids()

    # -- the end ----------------------------------------------------------------------------

    def stop(self) -> None:
        if self.supervisor is not None:
            self.supervisor.stop()
        for server in reversed(self.servers() if self.nats is not None else []):
            server.stop()

    def left_behind(self) -> list[int]:
        """Processes of the run still alive after stop(): every pid it started, and any process
        whose environment names the run's data folder (a service's own children)."""
        alive = []
        for pid in sorted(self.pids):
            try:
                os.kill(pid, 0)
                # a zombie is gone but not reaped: still left behind by us
                alive.append(pid)
            except ProcessLookupError:
                pass
        marker = f"FOODGAMES_DATA_DIR={self.data}".encode()
        for proc in Path("/proc").iterdir():
            if proc.name.isdigit() and int(proc.name) not in alive and int(proc.name) != os.getpid():
                try:
                    if marker in (proc / "environ").read_bytes().split(b"\0"):
                        alive.append(int(proc.name))
                except OSError:
                    continue
        return alive

    def cleanup(self) -> None:
        if self._tmp is not None:
            self._tmp.cleanup()

