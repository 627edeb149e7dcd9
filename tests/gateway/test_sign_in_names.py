"""The dev sign-in takes a name by the one rule of shared.names: nobody signs in as a control
sequence, a page's script, an operator, a service or a bot (signing in as a live house bot's
name once showed that bot's hand in a ranked game)."""
from __future__ import annotations

import httpx
import pytest

from services.gateway.app import Gateway
from services.gateway.config import GatewayConfig

REFUSED = ["ann\x00", "\x1b[31mred", "ding\x07", "del\x7f", "zero\u200bwidth", "\u202eevil", "<script>x</script>",
           "operator", "svc:matchmaking", "bot-foodie-forest-ab12-1", "bot-3f2a-1", "a" * 65]


@pytest.fixture
async def sign_in(stack):
    app = Gateway(stack, GatewayConfig(dev_signin=True))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw") as client:
        yield lambda name: client.post("/auth/dev-sign-in", json={"name": name})
    await app.close()


@pytest.mark.parametrize("name", REFUSED)
async def test_a_name_outside_the_rule_or_of_the_stack_gets_no_token(sign_in, name):
    reply = await sign_in(name)
    assert reply.status_code == 400, reply.text
    body = reply.json()
    assert body["code"] == "invalid_argument" and "token" not in body
    assert len(body["message"]) < 300 and all(ch.isprintable() for ch in body["message"])


async def test_a_plain_name_in_any_script_signs_in(sign_in):
    for name in ("ann", "zoë", "渡辺"):
        reply = await sign_in(name)
        assert reply.status_code == 200 and reply.json()["player"] == name
