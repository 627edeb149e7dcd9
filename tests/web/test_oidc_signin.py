"""The web app signs in from a real OpenID provider (issue 32): panva's oidc-provider from the
project's web/package.json, run by Node (web/scripts/oidc-provider.mjs), and a gateway that
verifies the provider's tokens with its published key set (JWKS) and offers no dev sign-in.
A player clicks "Sign in with your account", signs in on the provider's own login page,
consents, comes back signed in as the provider's subject (authorization code with PKCE, by
oidc-client-ts), queues and plays a move as that player."""
from __future__ import annotations

import asyncio
import os
import random
import subprocess
import uuid
from pathlib import Path

import httpx
import pytest
from playwright.async_api import expect

from services.gateway.config import GatewayConfig
from tests.web.conftest import LiveGateway, _free_port, new_page
from tests.web.test_browser import DESKTOP, queue
from tests.web.test_games import make_a_move, wait_for_turn

WEB = Path(__file__).resolve().parents[2] / "web"
PROVIDER = WEB / "scripts" / "oidc-provider.mjs"
CLIENT_ID = "foodgames-web"
RESOURCE = "urn:foodgames:api"
AUDIENCE = "foodgames-api"


@pytest.fixture(scope="module")
async def oidc_gateway(stack):
    """(gateway, issuer): the provider on a port of its own, the gateway trusting only it."""
    if not (WEB / "node_modules" / "oidc-provider").is_dir():
        pytest.fail("web/node_modules/oidc-provider is missing: run `make web` (make test does)")
    port, provider_port = _free_port(), _free_port()
    issuer = f"http://127.0.0.1:{provider_port}"
    env = {**os.environ, "PORT": str(provider_port), "CLIENT_ID": CLIENT_ID, "RESOURCE": RESOURCE,
           "AUDIENCE": AUDIENCE, "REDIRECT_URI": f"http://127.0.0.1:{port}/"}
    node = await asyncio.create_subprocess_exec("node", str(PROVIDER), cwd=WEB, env=env,
                                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        said = []
        while not said or not said[-1].startswith("listening"):
            line = await asyncio.wait_for(node.stdout.readline(), 20)
            assert line, f"the OpenID provider stopped: {''.join(said)}"
            said.append(line.decode())
        config = GatewayConfig(jwks_url=f"{issuer}/jwks", jwt_issuer=issuer, jwt_audience=AUDIENCE,
                               oidc_client_id=CLIENT_ID, oidc_resource=RESOURCE, dev_signin=True,
                               per_address_per_minute=100_000, per_player_per_minute=100_000)
        gateway = LiveGateway(stack, port, config)
        await gateway.start()
        try:
            yield gateway, issuer
        finally:
            await gateway.stop()
    finally:
        node.terminate()
        await node.wait()


async def test_a_player_signs_in_at_the_identity_provider_and_plays(browser, oidc_gateway):
    gateway, issuer = oidc_gateway
    player = f"oidc-ann-{uuid.uuid4().hex[:6]}"
    # given a gateway that trusts the provider (its dev sign-in asked for, and still off: the
    # gateway accepts only the provider's tokens)
    async with httpx.AsyncClient(base_url=gateway.url) as client:
        options = (await client.get("/api/sign-in")).json()
        assert options == {"dev": False, "oidc": {"authority": issuer, "client_id": CLIENT_ID, "scope": "openid",
                                                  "resource": RESOURCE, "player_claim": "sub"}}
    context, page, errors = await new_page(browser, DESKTOP)
    try:
        await page.goto(gateway.url + "/")
        await page.wait_for_url("**/#/signin")
        await expect(page.locator("#signin-oidc")).to_be_visible()
        await expect(page.locator("#name")).to_have_count(0)
        # when the player signs in on the provider's own login page, and consents
        await page.click("#signin-oidc")
        await page.wait_for_url(f"{issuer}/**")
        await page.fill("input[name=login]", player)
        await page.fill("input[name=password]", "any password")
        await page.click("button[type=submit]")
        await page.wait_for_url(f"{issuer}/**")
        await page.click("button[type=submit]")  # the consent: the app may sign them in
        # then they are back, signed in as the provider's subject, the code gone from the address
        await page.wait_for_url(f"{gateway.url}/#/play")
        await expect(page.locator("#me")).to_contain_text(player)
        assert "code=" not in page.url
        token = await page.evaluate("() => JSON.parse(sessionStorage.getItem('foodgames.session')).token")
        assert token.count(".") == 2  # the provider's JWT access token, not a token of the stack
        # and they queue and play a move as that player (every call through the gateway with it)
        await queue(page, players=2, game="food-fight", ranked=False)
        # (while it searches, a player here, on no developer's server, is pointed to a table for
        # friends, not to a terminal command)
        await expect(page.locator("#hint-host")).to_have_attribute("href", "#/host")
        await expect(page.locator("#hint code")).to_have_count(0)
        await page.wait_for_url("**/#/table/food-fight/**", timeout=30_000)
        turn = await wait_for_turn(page)
        await make_a_move(page, turn, {}, random.Random(0))  # (it waits until the table moved on)
        await expect(page.locator("#refusal")).to_be_empty()
        # and queueing again, they would rather play with friends: the link leaves the queue (the
        # house bots, seconds away, do not seat them elsewhere) and opens a table of their own
        await queue(page, players=2, game="food-fight", ranked=False)
        queued = page.url
        await page.click("#hint-host")
        await page.wait_for_url("**/#/host")
        await page.goto(queued)
        await expect(page.locator("#ticket-state")).to_have_text("Cancelled: you left the queue")
        assert not errors, errors
    finally:
        await context.close()
