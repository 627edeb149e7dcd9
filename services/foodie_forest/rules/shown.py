"""A client's value as an error may quote it (shared.moves.quote), except that the short
scalars a player types (3, true, null) read as they are rather than as their type's name."""
from __future__ import annotations

from typing import Any

from shared.moves import quote


def shown(value: Any) -> str:
    if isinstance(value, (bool, int, float)) or value is None:
        return repr(value)
    return quote(value)
