"""The catalogue of Food Fight (`foodgames cards food-fight --json`)."""
from __future__ import annotations

from typing import Any

from .rules.cards import catalogue as _catalogue


def catalogue() -> dict[str, Any]:
    cat = _catalogue()
    return {"decks": {"dog": list(cat.dog), "battlefields": list(cat.battlefields),
                      "main": list(cat.main)},
            "cards": {cid: c.as_dict() for cid, c in sorted(cat.cards.items())}}
