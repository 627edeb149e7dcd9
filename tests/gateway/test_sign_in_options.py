"""How the web app signs in at a gateway (GET /api/sign-in, docs/friends.md): the dev form only
on a gateway with dev sign-in and no identity provider; the provider's sign-in where the
gateway has the app's client id, which needs the provider's key set."""
from __future__ import annotations

import httpx
import pytest

from services.gateway.app import Gateway
from services.gateway.config import GatewayConfig


async def options_of(stack, config: GatewayConfig) -> dict:
    app = Gateway(stack, config)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
        reply = await client.get("/api/sign-in")
    assert reply.status_code == 200, reply.text
    return reply.json()


async def test_a_make_run_gateway_offers_the_dev_form_only(stack):
    assert await options_of(stack, GatewayConfig(dev_signin=True)) == {"dev": True, "oidc": None}
    assert await options_of(stack, GatewayConfig()) == {"dev": False, "oidc": None}


async def test_a_gateway_with_a_provider_offers_its_sign_in_and_never_the_dev_form(stack):
    config = GatewayConfig.from_env({
        "FOODGAMES_GATEWAY_DEV_SIGNIN": "1", "FOODGAMES_GATEWAY_JWKS_URL": "https://id.example.test/jwks",
        "FOODGAMES_GATEWAY_JWT_ISSUER": "https://id.example.test", "FOODGAMES_GATEWAY_JWT_AUDIENCE": "api",
        "FOODGAMES_GATEWAY_OIDC_CLIENT_ID": "web", "FOODGAMES_GATEWAY_OIDC_SCOPE": "openid profile"})
    assert await options_of(stack, config) == {"dev": False, "oidc": {
        "authority": "https://id.example.test", "client_id": "web", "scope": "openid profile", "resource": "",
        "player_claim": "sub"}}


def test_a_client_id_without_the_providers_key_set_is_refused():
    with pytest.raises(ValueError, match="FOODGAMES_GATEWAY_JWKS_URL"):
        GatewayConfig.from_env({"FOODGAMES_GATEWAY_OIDC_CLIENT_ID": "web"})
