"""Identity: signed, expiring bearer tokens naming a player and a role.

Every call carries `authorization: Bearer <token>`; shared.service verifies it
and puts the Identity in a context variable for the handler.
"""
from __future__ import annotations

import contextvars
import time
from dataclasses import dataclass

import jwt

from shared.config import Settings
from shared.errors import PermissionDenied, Unauthenticated

ROLES = ("player", "operator", "service")
ALGORITHM = "HS256"
ISSUER = "foodgames"


@dataclass(frozen=True)
class Identity:
    player: str
    role: str

    @property
    def is_service(self) -> bool:
        return self.role == "service"


_identity: contextvars.ContextVar[Identity | None] = contextvars.ContextVar("identity", default=None)


def mint_token(settings: Settings, player: str, role: str = "player", ttl_s: int = 7 * 24 * 3600) -> str:
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}; roles are {', '.join(ROLES)}")
    if not player or len(player) > 64 or any(c.isspace() for c in player):
        raise ValueError("a player name is 1 to 64 characters without spaces")
    now = int(time.time())
    claims = {"sub": player, "role": role, "iat": now, "exp": now + ttl_s, "iss": ISSUER}
    return jwt.encode(claims, settings.resolved_token_key(), algorithm=ALGORITHM)


def service_token(settings: Settings, service: str) -> str:
    return mint_token(settings, f"svc:{service}", "service", ttl_s=365 * 24 * 3600)


_verified: dict[tuple[str, str], tuple[Identity, float]] = {}


def verify_token(key: str, token: str) -> Identity:
    """The token's identity; a token seen before is not checked again until it expires."""
    cached = _verified.get((key, token))
    if cached is not None and cached[1] > time.time():
        return cached[0]
    identity, expires = _verify(key, token)
    if len(_verified) > 50_000:
        _verified.clear()
    _verified[(key, token)] = (identity, expires)
    return identity


def _verify(key: str, token: str) -> tuple[Identity, float]:
    try:
        claims = jwt.decode(token, key, algorithms=[ALGORITHM], issuer=ISSUER,
                            options={"require": ["sub", "exp", "role"]})
    except jwt.ExpiredSignatureError:
        raise Unauthenticated("the token has expired; get a new one with `foodgames token NAME`",
                              key="token-expired") from None
    except jwt.PyJWTError as exc:
        raise Unauthenticated(f"the token is not valid: {exc}", key="token-invalid") from None
    if claims["role"] not in ROLES:
        raise Unauthenticated(f"the token names an unknown role {claims['role']!r}")
    return Identity(player=claims["sub"], role=claims["role"]), float(claims["exp"])


def identity_from_metadata(key: str, metadata) -> Identity:
    for name, value in metadata or ():
        if name == "authorization":
            if not value.startswith("Bearer "):
                raise Unauthenticated("the authorization header must be 'Bearer <token>'")
            return verify_token(key, value[len("Bearer "):].strip())
    raise Unauthenticated("no token: send 'authorization: Bearer <token>' (mint one with `foodgames token NAME`)",
                          key="no-token")


def current_identity() -> Identity:
    identity = _identity.get()
    if identity is None:
        raise Unauthenticated("no identity in this call")
    return identity


def set_identity(identity: Identity | None):
    return _identity.set(identity)


def reset_identity(token) -> None:
    _identity.reset(token)


def require_role(*roles: str) -> Identity:
    identity = current_identity()
    if identity.role not in roles:
        raise PermissionDenied(f"this call needs the role {' or '.join(roles)}; you are {identity.role}")
    return identity
