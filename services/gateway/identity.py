"""Tokens of an identity provider, verified with its published key set (JWKS).

With FOODGAMES_GATEWAY_JWKS_URL set, the gateway accepts only the provider's tokens (RS256,
ES256 or EdDSA JWTs of the configured issuer and audience; the player is the `sub` claim, or
FOODGAMES_GATEWAY_JWT_PLAYER_CLAIM). The backends know only the stack's own tokens, so the
gateway forwards each call with a short-lived player token of the stack for that player
(shared.auth.mint_token, the same key every service holds): the backends stay unchanged.
"""
from __future__ import annotations

import asyncio
import time

import jwt

from shared import auth, names
from shared.config import Settings
from shared.errors import Unauthenticated

ALGORITHMS = ("RS256", "ES256", "EdDSA")
FORWARD_TTL_S = 3600


class JwksVerifier:
    def __init__(self, settings: Settings, url: str, *, issuer: str | None = None, audience: str | None = None,
                 player_claim: str = "sub", keys_lifespan_s: float = 300.0):
        self.settings = settings
        self.issuer = issuer
        self.audience = audience
        self.player_claim = player_claim
        self.client = jwt.PyJWKClient(url, cache_keys=True, lifespan=int(keys_lifespan_s), timeout=5)
        self._verified: dict[str, tuple[auth.Identity, float]] = {}
        self._forward: dict[str, tuple[str, float]] = {}

    async def identity(self, token: str) -> auth.Identity:
        """The player of a provider's token; Unauthenticated saying why not."""
        cached = self._verified.get(token)
        if cached is not None and cached[1] > time.time():
            return cached[0]
        try:
            # PyJWKClient fetches (and caches) the key set with blocking I/O: off the event loop
            key = await asyncio.to_thread(self.client.get_signing_key_from_jwt, token)
        except jwt.PyJWKClientConnectionError as exc:
            raise Unauthenticated(f"the identity provider's key set cannot be read now: {exc}") from None
        except (jwt.PyJWKClientError, jwt.DecodeError) as exc:
            raise Unauthenticated(f"the token is not signed by a key of the identity provider: {exc}") from None
        try:
            claims = jwt.decode(token, key.key, algorithms=list(ALGORITHMS), issuer=self.issuer,
                                audience=self.audience, options={"require": ["exp", self.player_claim]})
        except jwt.ExpiredSignatureError:
            raise Unauthenticated("the token has expired; sign in again") from None
        except jwt.PyJWTError as exc:
            raise Unauthenticated(f"the token is not valid: {exc}") from None
        player = claims[self.player_claim]
        try:
            names.check_chosen(player)  # a provider's user may not take a bot's or a service's name
        except names.InvalidName as exc:
            raise Unauthenticated(f"the token's {self.player_claim} is not a player name we can use: {exc}") from None
        identity = auth.Identity(player=player, role="player")
        if len(self._verified) > 50_000:
            self._verified.clear()
        self._verified[token] = (identity, float(claims["exp"]))
        return identity

    def forward_token(self, identity: auth.Identity) -> str:
        """The stack's own token for the player, minted once an hour."""
        cached = self._forward.get(identity.player)
        if cached is not None and cached[1] > time.time() + 300:
            return cached[0]
        token = auth.mint_token(self.settings, identity.player, "player", ttl_s=FORWARD_TTL_S)
        if len(self._forward) > 50_000:
            self._forward.clear()
        self._forward[identity.player] = (token, time.time() + FORWARD_TTL_S)
        return token
