"""What a bench needs before it starts: the stack's (or a given) NATS, gRPC services and Redis
answering. Each is asked once, bounded by REACH_S in all, so a bench with nothing to talk to
stops at once and says which address did not answer, instead of its client retrying forever
(nats-py reconnects without end, a gRPC call waits for its channel)."""
from __future__ import annotations

import asyncio
import time
from urllib.parse import urlsplit

from apps.sdk.connection import STACK_HINT
from shared.config import nats_servers

# the whole check's bound: with the interpreter's start, a bench stops within 10 s of its command
REACH_S = 8.0
HINT = STACK_HINT


class NotReachable(Exception):
    """What a bench needs did not answer; the message names it and the address."""


def _why(exc: BaseException) -> str:
    if isinstance(exc, asyncio.TimeoutError):
        return f"no answer within {REACH_S:g} s"
    return str(exc) or type(exc).__name__


def _down(what: str, address: str, why: str) -> NotReachable:
    return NotReachable(f"{what} at {address} did not answer ({why}): {HINT}")


def _host_port(url: str, default_port: int) -> tuple[str, int]:
    parts = urlsplit(url if "://" in url else f"tcp://{url}")
    return parts.hostname or "127.0.0.1", parts.port or default_port


async def _tcp(what: str, address: str, host: str, port: int, deadline: float) -> None:
    """A refused port fails at once (nothing to wait for); a silent one fails at the deadline."""
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(host, port), max(0.1, deadline - time.monotonic()))
    except asyncio.TimeoutError:
        raise _down(what, address, f"no connection within {REACH_S:g} s") from None
    except OSError as exc:
        raise _down(what, address, exc.strerror or type(exc).__name__) from None
    writer.close()


async def nats(url: str, deadline: float | None = None) -> None:
    """Some node of `url` (comma-separated nodes) accepts a connection and answers PING."""
    import nats as nats_py

    deadline = deadline or time.monotonic() + REACH_S
    try:
        servers = nats_servers(url)
    except ValueError as exc:
        raise NotReachable(f"{exc}: {HINT}") from None
    last: NotReachable | None = None
    for server in servers:
        try:
            await _tcp("NATS", server, *_host_port(server, 4222), deadline)
            left = max(0.1, deadline - time.monotonic())
            nc = await asyncio.wait_for(nats_py.connect(server, allow_reconnect=False, connect_timeout=left), left)
            await nc.close()
            return
        except NotReachable as exc:
            last = exc
        except (asyncio.TimeoutError, OSError, nats_py.errors.Error) as exc:
            last = _down("NATS", server, _why(exc))
    raise last or _down("NATS", url, "no server in the URL")


async def grpc_service(name: str, address: str, deadline: float | None = None) -> None:
    """Some replica of `address` (`ip:port,...` under `foodgames up --replicas N`) accepts an
    HTTP/2 connection: its channel gets ready before the deadline."""
    deadline = deadline or time.monotonic() + REACH_S
    last: NotReachable | None = None
    for one in [a.strip() for a in address.split(",") if a.strip()]:
        try:
            return await _grpc_one(name, one, deadline)
        except NotReachable as exc:
            last = exc
    raise last or _down(name, address, "no address given")


async def _grpc_one(name: str, address: str, deadline: float) -> None:
    import grpc

    host, _, port = address.rpartition(":")
    if not port.isdigit():
        raise _down(name, address, "not host:port")
    await _tcp(name, address, host.strip("[]") or "127.0.0.1", int(port), deadline)
    channel = grpc.aio.insecure_channel(address)
    try:
        await asyncio.wait_for(channel.channel_ready(), max(0.1, deadline - time.monotonic()))
    except asyncio.TimeoutError:
        raise _down(name, address, f"no gRPC answer within {REACH_S:g} s") from None
    finally:
        await channel.close()


async def redis(url: str, deadline: float | None = None) -> None:
    """`url` answers PING."""
    import redis.asyncio as aioredis

    deadline = deadline or time.monotonic() + REACH_S
    await _tcp("Redis", url, *_host_port(url, 6379), deadline)
    client = aioredis.Redis.from_url(url, socket_connect_timeout=REACH_S)
    try:
        await asyncio.wait_for(client.ping(), max(0.1, deadline - time.monotonic()))
    except (asyncio.TimeoutError, OSError, aioredis.RedisError) as exc:
        raise _down("Redis", url, _why(exc)) from None
    finally:
        await client.aclose()


async def require(nats_url: str | None = None, services: dict[str, str] | None = None,
                  redis_url: str | None = None) -> None:
    """Every one given answers, all within REACH_S; else NotReachable for the first that did not."""
    deadline = time.monotonic() + REACH_S
    if nats_url:
        await nats(nats_url, deadline)
    for name, address in (services or {}).items():
        await grpc_service(name, address, deadline)
    if redis_url:
        await redis(redis_url, deadline)
