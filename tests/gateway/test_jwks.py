"""Production tokens: an identity provider's JWTs, verified with a JWKS that the test serves."""
from __future__ import annotations

import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa

from services.gateway.app import Gateway
from services.gateway.config import GatewayConfig

ISSUER = "https://id.example.test/"
AUDIENCE = "foodgames-web"


def _key():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.fixture(scope="module")
def provider():
    """(JWKS URL, signing key, key id, requests served) of an identity provider."""
    key, kid = _key(), "key-1"
    jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key()))
    body = json.dumps({"keys": [{**jwk, "kid": kid, "use": "sig", "alg": "RS256"}]}).encode()
    served = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            served.append(self.path)
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/.well-known/jwks.json", key, kid, served
    server.shutdown()


def _token(key, kid, sub, **claims) -> str:
    now = int(time.time())
    payload = {"sub": sub, "iss": ISSUER, "aud": AUDIENCE, "iat": now, "exp": now + 600, **claims}
    return jwt.encode(payload, key, algorithm="RS256", headers={"kid": kid})


async def test_provider_tokens_are_verified_with_its_jwks(stack, provider):
    url, key, kid, served = provider
    config = GatewayConfig(jwks_url=url, jwt_issuer=ISSUER, jwt_audience=AUDIENCE, per_address_per_minute=0,
                           per_player_per_minute=0)
    app = Gateway(stack, config)
    player = f"idp-{uuid.uuid4().hex[:8]}"
    path = "/foodgames.v1.MatchmakingService/CreateTicket"
    body = {"game": "foodie-forest", "minPlayers": 3, "maxPlayers": 3}
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw") as client:
            async def call(token, json_body=body, at=path):
                return await client.post(at, json=json_body, headers={"authorization": f"Bearer {token}"})

            # the provider's token: the backend sees the provider's subject as the player
            reply = await call(_token(key, kid, player))
            assert reply.status_code == 200, reply.text
            ticket = reply.json()["ticket"]
            assert ticket["players"] == [player] and served
            cancel = await call(_token(key, kid, player), {"ticketId": ticket["ticketId"]},
                                "/foodgames.v1.MatchmakingService/CancelTicket")
            assert cancel.status_code == 200, cancel.text

            # refused: another key with the same key id, an unknown key id, the wrong audience,
            # an expired token, and the stack's own tokens (only the provider's count here)
            forged = await call(_token(_key(), kid, player))
            assert forged.status_code == 401 and "not valid" in forged.json()["message"], forged.text
            unknown = await call(_token(key, "key-2", player))
            assert unknown.status_code == 401 and "not signed by a key" in unknown.json()["message"]
            audience = await call(_token(key, kid, player, aud="someone-else"))
            assert audience.status_code == 401 and "audience" in audience.json()["message"].lower()
            expired = await call(_token(key, kid, player, exp=int(time.time()) - 60))
            assert expired.status_code == 401 and "expired" in expired.json()["message"]
            from shared.auth import mint_token
            own = await call(mint_token(stack, player))
            assert own.status_code == 401 and own.json()["code"] == "unauthenticated"
    finally:
        await app.close()
