"""The card catalogue as `foodgames cards foodtown-throwdown --json` prints it."""
from __future__ import annotations

from typing import Any

from .rules.cards import catalogue as _catalogue, condition_text


def catalogue() -> dict[str, Any]:
    cat = _catalogue()
    cards: dict[str, dict[str, Any]] = {}
    for r in cat.recipes.values():
        cards[r.id] = {"name": r.name, "kind": "recipe", "ingredients": list(r.ingredients),
                       "stars": r.stars, "tags": list(r.tags), "text": r.text}
    for c in cat.cards.values():
        entry: dict[str, Any] = {"name": c.name, "kind": c.kind, "copies": c.copies, "text": c.text}
        if c.kind == "ingredient":
            entry["type"] = c.type
        elif c.kind == "territory":
            entry["stars"] = 1
            entry["condition"] = {c.condition[0]: c.condition[1]}
            entry["bonus"] = condition_text(c.condition)
        elif c.kind == "publicity":
            entry["stars"] = 1
        else:
            entry["effect"] = c.effect
        cards[c.id] = entry
    return {"decks": {"recipes": list(cat.recipe_deck), "play": list(cat.play_deck)}, "cards": cards}
