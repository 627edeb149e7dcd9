"""What a deck call may name and who may make it: the checks every DeckApp call
starts with."""
from __future__ import annotations

import re
from typing import Sequence

from shared.auth import Identity
from shared.errors import InvalidArgument, PermissionDenied

NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")  # game ids and game names: one NATS subject token
MAX_DECK_NAME = 64
MAX_PLAYERS = 1024  # a game's rules seat far fewer; a tournament's draws seat every entrant
PRIVILEGED = ("service", "operator")


def require_role(identity: Identity, roles: Sequence[str], what: str) -> None:
    if identity.role not in roles:
        raise PermissionDenied(f"{what} needs the role {' or '.join(roles)}; you are a {identity.role}")


def check_name(value: str, what: str) -> str:
    if not isinstance(value, str) or not NAME.match(value):
        raise InvalidArgument(f"{what} {value!r} must be 1 to 64 letters, digits, '-' or '_'")
    return value
