"""The stack's processes as the benches that run beside `foodgames up` see them: memory and CPU
read from /proc. A service is found through its pid file (DATA/pids/NAME.pid, written by `up`'s
supervisor); NATS and Valkey, which `up` starts without one (and a test stack or an operator may
run on their own), through the port they listen on (/proc/net/tcp, then the process holding that
socket), so only on this machine and only processes of this user."""
from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit


class Process:
    """A stack process's memory and CPU, read from /proc through its pid file."""

    def __init__(self, name: str, pid: int):
        self.name, self.pid = name, pid
        self._tick = os.sysconf("SC_CLK_TCK")

    @classmethod
    def of(cls, data_dir: Path, name: str) -> "Process | None":
        try:
            pid = int((data_dir / "pids" / f"{name}.pid").read_text().split()[0])
            os.kill(pid, 0)
        except (OSError, ValueError, IndexError):
            return None
        return cls(name, pid)

    @classmethod
    def listening_on(cls, name: str, port: int) -> "Process | None":
        """The process listening on local TCP `port`, when it is ours to read; else None."""
        pid = _listener(port)
        return None if pid is None else cls(name, pid)

    def rss_mb(self) -> float:
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError(f"{self.name} (pid {self.pid}) has no VmRSS")

    def cpu_s(self) -> float:
        """User plus system CPU seconds of every thread so far (utime + stime of /proc/PID/stat)."""
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / self._tick


def _listening_inodes(port: int) -> set[str]:
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            # local_address is HEXIP:HEXPORT; state 0A is LISTEN; the inode is the tenth field
            if len(fields) > 9 and fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(fields[9])
    return inodes


def _listener(port: int) -> int | None:
    inodes = {f"socket:[{inode}]" for inode in _listening_inodes(port)}
    if not inodes:
        return None
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            for fd in os.scandir(f"/proc/{entry.name}/fd"):
                if os.readlink(fd.path) in inodes:
                    return int(entry.name)
        except OSError:  # another user's process, or one that just ended
            continue
    return None


def url_port(url: str, default: int) -> tuple[str, int]:
    parts = urlsplit(url if "://" in url else f"tcp://{url}")
    return parts.hostname or "127.0.0.1", parts.port or default


LOCAL = {"127.0.0.1", "localhost", "::1", "0.0.0.0"}


def stack_processes(settings) -> dict[str, Process]:
    """Every process of the stack found on this machine: each service with a live pid file
    (replicas and the house bots included), each NATS node of the stack's URL (`nats`, or
    `nats-1`... for a cluster) and its Valkey, found by their ports."""
    from shared.config import nats_servers

    found: dict[str, Process] = {}
    pids = Path(settings.data_dir) / "pids"
    for pid_file in sorted(pids.glob("*.pid")) if pids.is_dir() else []:
        process = Process.of(Path(settings.data_dir), pid_file.stem)
        if process is not None:
            found[process.name] = process
    servers = nats_servers(settings.nats_url)
    for i, server in enumerate(servers):
        host, port = url_port(server, 4222)
        name = "nats" if len(servers) == 1 else f"nats-{i + 1}"
        process = Process.listening_on(name, port) if host in LOCAL else None
        if process is not None:
            found[name] = process
    host, port = url_port(settings.redis_url, 6379)
    valkey = Process.listening_on("valkey", port) if host in LOCAL else None
    if valkey is not None:
        found["valkey"] = valkey
    return found
