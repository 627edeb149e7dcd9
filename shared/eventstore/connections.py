"""The NATS connections of a process: made by connect() (reconnecting forever, its losses and
reconnects counted), followed by the health check, drained on the way out."""
from __future__ import annotations

import weakref

import nats

from shared import metrics

_meter = metrics.meter("foodgames.eventstore")
RECONNECTS = _meter.create_counter("foodgames.nats.reconnects", unit="{reconnect}",
                                   description="times a NATS connection of this process was lost and made again")
DISCONNECTS = _meter.create_counter("foodgames.nats.disconnects", unit="{disconnect}",
                                    description="times a NATS connection of this process was lost")

# Every connection made by connect() in this process, for the health check to follow
# (shared.service.watch_dependencies); a connection leaves when it is garbage.
_CONNECTIONS: "weakref.WeakSet[nats.NATS]" = weakref.WeakSet()


def open_connections() -> list[nats.NATS]:
    """The connections connect() made that are not closed."""
    return [nc for nc in list(_CONNECTIONS) if not nc.is_closed]


async def drain(nc: nats.NATS) -> None:
    """A connection drained on the way out of a service; one that is gone already is no error
    then (NATS may be what stopped it)."""
    try:
        await nc.drain()
    except Exception:  # noqa: BLE001 - the connection may be gone already
        pass


async def connect(url: str, name: str = "foodgames", **kwargs) -> nats.NATS:
    async def _quiet(_exc):  # reconnects are logged by the client's own callbacks
        return None

    from shared.config import nats_servers

    reconnected, disconnected = kwargs.pop("reconnected_cb", None), kwargs.pop("disconnected_cb", None)
    attributes = {"connection": name}
    RECONNECTS.add(0, attributes)
    DISCONNECTS.add(0, attributes)

    async def _reconnected():
        RECONNECTS.add(1, attributes)
        if reconnected is not None:
            await reconnected()

    async def _disconnected():
        DISCONNECTS.add(1, attributes)
        if disconnected is not None:
            await disconnected()

    # `url` may list every node of a cluster (comma-separated): the client fails over between them
    nc = await nats.connect(nats_servers(url), name=name, max_reconnect_attempts=-1, reconnect_time_wait=0.5,
                            error_cb=_quiet, reconnected_cb=_reconnected, disconnected_cb=_disconnected, **kwargs)
    _CONNECTIONS.add(nc)
    return nc
