"""The gateway's own settings, from FOODGAMES_GATEWAY_* (the rest comes from shared.config)."""
from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_PORT = 20058


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class GatewayConfig:
    # browser origins allowed by CORS (exact "scheme://host[:port]"); empty: no cross-origin calls
    origins: tuple[str, ...] = ()
    # POST /auth/dev-sign-in mints a player token for any name: a `make run` stack only
    dev_signin: bool = False
    # the largest request body, in bytes (a move is far smaller)
    max_body_bytes: int = 64 * 1024
    # requests per minute from one client address / by one player; 0: no limit
    per_address_per_minute: int = 600
    per_player_per_minute: int = 300
    # open server streams (WatchGame, WatchTicket) per player, counted in Valkey across every
    # gateway replica (services/gateway/streams.py); each open stream renews its slot's lease,
    # so the slots of a gateway that died free themselves after stream_lease_s
    max_streams_per_player: int = 8
    stream_lease_s: float = 30.0
    # ... and per client address (many players behind one address share it; 0: no limit)
    max_streams_per_address: int = 32
    # a new connection must send its first request head within this (else it is closed)
    request_head_timeout_s: float = 10.0
    # a request's whole body must arrive within this of its head (a trickled body is refused)
    body_timeout_s: float = 10.0
    # an idle connection between requests is closed after this: longer than the idle timeout of
    # a proxy that keeps connections to the gateway open (ingress-nginx's 60 s), so that the
    # proxy never sends a request on a connection the gateway is closing
    keep_alive_timeout_s: float = 75.0
    # the most Valkey connections the gateway holds (rates and stream slots share them); a call
    # that finds none free waits up to valkey_wait_s, then goes on as when Valkey is away
    valkey_max_connections: int = 16
    valkey_wait_s: float = 2.0
    # the proxies (IP addresses or CIDR networks) whose X-Forwarded-For / Forwarded header names
    # the client address the per-address limit counts (services/gateway/clientaddr.py); empty:
    # the TCP peer is the client, and those headers are ignored
    trusted_proxies: tuple[str, ...] = ()
    # the longest a unary call may take (a shorter Connect-Timeout-Ms from the client wins)
    call_timeout_s: float = 15.0
    # the longest a server stream stays open; the client reconnects after it
    stream_timeout_s: float = 3600.0
    # an identity provider's key set: then only its tokens are accepted (services/gateway/identity.py)
    jwks_url: str | None = None
    jwt_issuer: str | None = None
    jwt_audience: str | None = None
    jwt_player_claim: str = "sub"
    # the web app's OpenID Connect sign-in (authorization code + PKCE, docs/friends.md): the
    # provider (its issuer; default jwt_issuer), the app's client id there, the scopes asked
    # for, and the resource (RFC 8707) whose access token carries jwt_audience, when the
    # provider needs it named to issue a JWT access token. No client id: no such sign-in.
    oidc_authority: str | None = None
    oidc_client_id: str | None = None
    oidc_scope: str = "openid"
    oidc_resource: str | None = None
    # the browser client's built files (default: web/dist of this checkout, `make web`)
    web_dist: str | None = None

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides) -> GatewayConfig:
        env = dict(os.environ if env is None else env)
        kwargs: dict = {}
        if env.get("FOODGAMES_GATEWAY_ORIGINS"):
            kwargs["origins"] = tuple(o.strip().rstrip("/") for o in env["FOODGAMES_GATEWAY_ORIGINS"].split(",")
                                      if o.strip())
        if env.get("FOODGAMES_GATEWAY_TRUSTED_PROXIES"):
            from services.gateway.clientaddr import (
                networks,  # refuses a malformed entry, naming it
            )

            kwargs["trusted_proxies"] = tuple(p.strip() for p in env["FOODGAMES_GATEWAY_TRUSTED_PROXIES"].split(",")
                                              if p.strip())
            networks(kwargs["trusted_proxies"])
        if "FOODGAMES_GATEWAY_DEV_SIGNIN" in env:
            kwargs["dev_signin"] = _flag(env["FOODGAMES_GATEWAY_DEV_SIGNIN"])
        texts = {"FOODGAMES_GATEWAY_JWKS_URL": "jwks_url", "FOODGAMES_GATEWAY_JWT_ISSUER": "jwt_issuer",
                 "FOODGAMES_GATEWAY_JWT_AUDIENCE": "jwt_audience",
                 "FOODGAMES_GATEWAY_JWT_PLAYER_CLAIM": "jwt_player_claim",
                 "FOODGAMES_GATEWAY_OIDC_AUTHORITY": "oidc_authority",
                 "FOODGAMES_GATEWAY_OIDC_CLIENT_ID": "oidc_client_id",
                 "FOODGAMES_GATEWAY_OIDC_SCOPE": "oidc_scope", "FOODGAMES_GATEWAY_OIDC_RESOURCE": "oidc_resource",
                 "FOODGAMES_GATEWAY_WEB_DIST": "web_dist"}
        for var, name in texts.items():
            if env.get(var):
                kwargs[name] = env[var].strip()
        numbers = {
            "FOODGAMES_GATEWAY_MAX_BODY_BYTES": ("max_body_bytes", int),
            "FOODGAMES_GATEWAY_RATE_PER_ADDRESS": ("per_address_per_minute", int),
            "FOODGAMES_GATEWAY_RATE_PER_PLAYER": ("per_player_per_minute", int),
            "FOODGAMES_GATEWAY_MAX_STREAMS": ("max_streams_per_player", int),
            "FOODGAMES_GATEWAY_CALL_TIMEOUT_S": ("call_timeout_s", float),
            "FOODGAMES_GATEWAY_STREAM_TIMEOUT_S": ("stream_timeout_s", float),
            "FOODGAMES_GATEWAY_STREAM_LEASE_S": ("stream_lease_s", float),
            "FOODGAMES_GATEWAY_MAX_STREAMS_PER_ADDRESS": ("max_streams_per_address", int),
            "FOODGAMES_GATEWAY_REQUEST_HEAD_TIMEOUT_S": ("request_head_timeout_s", float),
            "FOODGAMES_GATEWAY_BODY_TIMEOUT_S": ("body_timeout_s", float),
            "FOODGAMES_GATEWAY_KEEP_ALIVE_TIMEOUT_S": ("keep_alive_timeout_s", float),
            "FOODGAMES_GATEWAY_VALKEY_MAX_CONNECTIONS": ("valkey_max_connections", int),
        }
        for var, (name, conv) in numbers.items():
            if env.get(var):
                try:
                    kwargs[name] = conv(env[var])
                except ValueError:
                    raise ValueError(f"{var}={env[var]!r} is not a valid {conv.__name__}") from None
        kwargs.update(overrides)
        config = cls(**kwargs)
        if config.oidc_client_id and not config.jwks_url:
            raise ValueError("FOODGAMES_GATEWAY_OIDC_CLIENT_ID needs FOODGAMES_GATEWAY_JWKS_URL (and the JWT issuer "
                             "and audience): the gateway verifies the provider's tokens with its key set")
        return config
