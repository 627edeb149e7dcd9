"""`foodgames cards foodie-forest`: the deck and recipes of a game with the given options."""
from __future__ import annotations

from typing import Any, Mapping

from .rules.options import parse_options


def catalogue(options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    table = parse_options(options).table()
    cards = {}
    for cid in table.sorted_cards(set(table.deck)):
        card = table.cards[cid]
        effect = ("sets the pot's total to 0" if card.resets
                  else f"adds {card.value} to the pot" if card.value else "adds nothing to the pot")
        cards[cid] = {"name": cid, "kind": card.kind, "colour": card.colour, "value": card.value,
                      "text": f"{card.colour} {card.kind} card: {effect}"}
    recipes = {r: {"name": table.recipe_names.get(r, r), "base": table.scoring[r].base,
                   "gain": list(table.scoring[r].gain), "lose": list(table.scoring[r].lose)}
               for r in table.recipes}
    return {"decks": {"ingredients": list(table.deck)}, "cards": cards, "recipes": recipes,
            "edition": table.edition}
