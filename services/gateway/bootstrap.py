"""`serve(settings, port)`: the gateway's ASGI application under Hypercorn, which speaks
HTTP/1.1 and HTTP/2 (h2c: prior knowledge and Upgrade, on a plain port; h2 with ALPN once TLS
is configured in front or in Hypercorn), so that browsers (Connect and gRPC-Web over HTTP/1.1
or HTTP/2) and gRPC clients (HTTP/2 only) reach the same port. Uvicorn speaks HTTP/1.1 only.

Settings come from shared.config (the backends' addresses, FOODGAMES_REDIS_URL, the token key)
and FOODGAMES_GATEWAY_* (services/gateway/config.py).
"""
from __future__ import annotations

import asyncio
import socket
from dataclasses import dataclass

from services.gateway.app import Gateway
from services.gateway.config import DEFAULT_PORT, GatewayConfig
from services.gateway.ratelimit import RateLimiter
from services.gateway.metrics import metered
from shared import telemetry
from shared.config import Settings

log = telemetry.get_logger("gateway")


@dataclass
class Running:
    app: Gateway
    port: int


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise OSError(f"gateway: cannot listen on {host}:{port}; is another process using it?") from None
    sock.listen(1024)
    sock.setblocking(False)
    return sock


async def serve(settings: Settings, port: int = DEFAULT_PORT, *, config: GatewayConfig | None = None,
                ready: asyncio.Event | None = None) -> None:
    """Serve until cancelled. Port 0 picks a free port; `ready.running` (a Running, with the
    bound port) is set once the gateway listens."""
    from hypercorn.asyncio import serve as hypercorn_serve

    from services.gateway import connections

    telemetry.configure("gateway")
    config = config or GatewayConfig.from_env()
    limiter = None
    # Valkey counts the rates and (services/gateway/streams.py) the open streams of every replica
    if config.per_address_per_minute > 0 or config.per_player_per_minute > 0 or config.max_streams_per_player > 0:
        limiter = RateLimiter(settings.redis_url, max_connections=config.valkey_max_connections,
                              wait_s=config.valkey_wait_s)
    app = Gateway(settings, config, limiter=limiter)
    sock = _bind(settings.host, port)
    bound = sock.getsockname()[1]
    connections.install()
    hyper = connections.hypercorn_config(config, f"fd://{sock.detach()}")  # Hypercorn owns the socket now
    stop = asyncio.Event()
    task = asyncio.create_task(hypercorn_serve(metered(app), hyper, shutdown_trigger=stop.wait, mode="asgi"))
    try:
        log.info("serving", service="gateway", address=f"{settings.host}:{bound}", origins=list(config.origins),
                 dev_signin=config.dev_signin)
        if ready is not None:
            ready.running = Running(app, bound)  # type: ignore[attr-defined]
            ready.set()
        await task
    finally:
        stop.set()
        try:
            await asyncio.wait_for(asyncio.shield(task), 5)
        except Exception:  # noqa: BLE001
            task.cancel()
        await app.close()
