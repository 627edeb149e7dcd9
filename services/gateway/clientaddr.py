"""The client address the per-address rate limit counts, behind proxies or not.

A load balancer or ingress in front of the gateway is the TCP peer of every request, so counting
the peer would put every player in one bucket. The proxy says whom it forwards for in
`X-Forwarded-For` (or RFC 7239 `Forwarded: for=...`), but anyone can send those headers, so
they are believed only from the proxies the operator lists (FOODGAMES_GATEWAY_TRUSTED_PROXIES,
addresses or CIDR networks). From a trusted peer, the header's addresses are read from the
right (each proxy appends the address it received from): trusted proxies are skipped, and the
first address that is not one of them is the client. A client cannot get around its limit by
sending a made-up header: its own proxy appends its real address to the right of whatever it
sent, and that address is the one counted.
"""
from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from contextvars import ContextVar
from functools import cache

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

# The client address of the request being served (set by app.py for every request; the
# per-address stream cap reads it inside the call)
CLIENT_ADDRESS: ContextVar[str] = ContextVar("client_address", default="unknown")


@cache
def _trusted(entries: tuple[str, ...]) -> tuple[Network, ...]:
    return networks(entries)


def networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """The trusted proxies as networks (a bare address is a /32 or /128)."""
    out = []
    for entry in entries:
        try:
            out.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            raise ValueError(f"FOODGAMES_GATEWAY_TRUSTED_PROXIES: {entry[:60]!r} is not an IP address or "
                             f"CIDR network") from None
    return tuple(out)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address of a header entry: 203.0.113.7, 203.0.113.7:4711, [2001:db8::1]:4711, "[2001:db8::1]"."""
    text = text.strip().strip('"')
    bracketed = re.fullmatch(r"\[([^\]]+)\](?::\d+)?", text)
    if bracketed:
        text = bracketed.group(1)
    elif text.count(":") == 1:  # IPv4 with a port
        text = text.split(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    return getattr(address, "ipv4_mapped", None) or address


def _forwarded_for(value: str) -> list[str]:
    """The for= parameters of an RFC 7239 Forwarded header, in order."""
    found = []
    for element in value.split(","):
        for pair in element.split(";"):
            name, _, val = pair.partition("=")
            if name.strip().lower() == "for":
                found.append(val.strip())
    return found


def client_address(scope: dict, trusted_proxies: tuple[str, ...]) -> str:
    """The address to count for an ASGI request (`scope`): its TCP peer, or, when the peer is one
    of `trusted_proxies` (GatewayConfig.trusted_proxies), the client the proxies' headers name.
    Every header line counts (a proxy may add its own line rather than extend the first)."""
    peer = (scope.get("client") or ("unknown",))[0]
    if not trusted_proxies:
        return peer
    trusted = _trusted(tuple(trusted_proxies))
    hop = _address(peer)
    if hop is None or not any(hop in net for net in trusted):
        return peer
    xff: list[str] = []
    forwarded: list[str] = []
    for name, value in scope.get("headers", ()):
        name = name.decode("latin-1").lower()
        if name == "x-forwarded-for":
            xff += value.decode("latin-1").split(",")
        elif name == "forwarded":
            forwarded += _forwarded_for(value.decode("latin-1"))
    chain = xff or forwarded
    for entry in reversed(chain):
        address = _address(entry)
        if address is None:  # not an address: nothing left of it can be trusted either
            break
        hop = address
        if not any(address in net for net in trusted):
            return str(address)
    return str(hop)  # every hop was a trusted proxy (or the header was garbage): the last one reached
