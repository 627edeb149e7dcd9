"""The per-address rate limit behind a proxy: X-Forwarded-For / Forwarded name the client only
when the TCP peer is a proxy the operator trusts (FOODGAMES_GATEWAY_TRUSTED_PROXIES)."""
from __future__ import annotations

import uuid

import httpx
import pytest

from services.gateway.app import Gateway
from services.gateway.clientaddr import client_address
from services.gateway.config import GatewayConfig
from services.gateway.ratelimit import RateLimiter

TRUSTED = ("10.0.0.0/8", "2001:db8:ffff::/48")


def scope(peer: str, *headers: tuple[str, str]) -> dict:
    return {"client": (peer, 40000), "headers": [(k.lower().encode(), v.encode()) for k, v in headers]}


@pytest.mark.parametrize("peer, headers, counted", [
    # no trusted proxies configured: the peer, whatever the headers say
    ("10.1.1.1", [("X-Forwarded-For", "203.0.113.7")], None),
    # from a trusted proxy: the rightmost address that is not a trusted proxy
    ("10.1.1.1", [("X-Forwarded-For", "203.0.113.7")], "203.0.113.7"),
    ("10.1.1.1", [("X-Forwarded-For", "198.51.100.9, 203.0.113.7, 10.2.2.2")], "203.0.113.7"),
    ("10.1.1.1", [("X-Forwarded-For", "198.51.100.9"), ("X-Forwarded-For", "203.0.113.7")], "203.0.113.7"),
    ("10.1.1.1", [("X-Forwarded-For", "203.0.113.7:4711")], "203.0.113.7"),
    ("10.1.1.1", [("Forwarded", 'for=192.0.2.60;proto=https, for="[2001:db8:cafe::17]:4711"')], "2001:db8:cafe::17"),
    ("10.1.1.1", [("X-Forwarded-For", "junk, 10.2.2.2")], "10.2.2.2"),
    ("10.1.1.1", [], "10.1.1.1"),
    # from anyone else the headers are ignored: a client cannot pick its own bucket
    ("198.51.100.1", [("X-Forwarded-For", "203.0.113.7")], "198.51.100.1"),
    ("198.51.100.1", [("Forwarded", "for=203.0.113.7")], "198.51.100.1"),
])
def test_the_counted_address_is_the_client_only_a_trusted_proxy_names(peer, headers, counted):
    trusted = TRUSTED if counted is not None else ()
    assert client_address(scope(peer, *headers), trusted) == (counted or peer)


def test_trusted_proxies_come_from_the_environment_and_a_malformed_one_is_named():
    config = GatewayConfig.from_env({"FOODGAMES_GATEWAY_TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.1"})
    assert config.trusted_proxies == ("10.0.0.0/8", "192.0.2.1")
    with pytest.raises(ValueError, match="'10.0.0.0/33' is not an IP address or CIDR network"):
        GatewayConfig.from_env({"FOODGAMES_GATEWAY_TRUSTED_PROXIES": "10.0.0.0/33"})


async def _codes(app: Gateway, peer: str, forwarded_for: list[str]) -> list[tuple[int, str]]:
    transport = httpx.ASGITransport(app=app, client=(peer, 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://gw") as client:
        out = []
        for address in forwarded_for:
            reply = await client.post("/auth/dev-sign-in", json={"name": "x"}, headers={"x-forwarded-for": address})
            out.append((reply.status_code, reply.json().get("message", "")))
        return out


async def test_behind_a_trusted_proxy_each_client_has_its_own_limit(stack):
    """Given a gateway allowing 2 requests a minute per address behind the proxy 10.0.0.5, when
    two clients call through the proxy, then each is counted under its own address."""
    limiter = RateLimiter(stack.redis_url, prefix=f"gateway:test:{uuid.uuid4().hex}")
    app = Gateway(stack, GatewayConfig(per_address_per_minute=2, per_player_per_minute=0, trusted_proxies=TRUSTED),
                  limiter=limiter)
    try:
        replies = await _codes(app, "10.0.0.5", ["203.0.113.7", "203.0.113.7", "203.0.113.8", "203.0.113.7"])
        assert [code for code, _ in replies] == [404, 404, 404, 429]  # dev sign-in off; the calls count
        assert "too many requests from 203.0.113.7" in replies[3][1]
    finally:
        await app.close()


async def test_a_client_that_is_not_a_trusted_proxy_cannot_choose_its_address(stack):
    """Given the same gateway, when a client that is not the proxy sends a new X-Forwarded-For
    each time, then it is still counted under its own address and refused at the limit."""
    limiter = RateLimiter(stack.redis_url, prefix=f"gateway:test:{uuid.uuid4().hex}")
    app = Gateway(stack, GatewayConfig(per_address_per_minute=2, per_player_per_minute=0, trusted_proxies=TRUSTED),
                  limiter=limiter)
    try:
        replies = await _codes(app, "198.51.100.1", ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
        assert [code for code, _ in replies] == [404, 404, 429]
        assert "too many requests from 198.51.100.1" in replies[2][1]
    finally:
        await app.close()
