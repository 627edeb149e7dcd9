"""The card catalogue for `foodgames cards` and clients: every deck, one entry per copy."""
from __future__ import annotations

from typing import Any

from .rules.cards import catalogue as _data


def catalogue() -> dict[str, Any]:
    cat = _data()
    cards: dict[str, dict[str, Any]] = {}
    for a in cat.animals.values():
        prey_of = [s for s in cat.species if cat.relation(a.species, s) == 1]
        cards[a.id] = {"name": f"{a.species.title()} {a.value}", "kind": "animal", "species": a.species,
                       "class": a.cls, "class_name": cat.class_names[a.cls], "value": a.value,
                       "text": f"{a.value} {a.species} guest(s), {cat.class_names[a.cls]} ({a.cls}); "
                               f"buys {a.value} {cat.pile_of_class[a.cls]}; marks line "
                               f"{list(cat.lines[a.value])}; predator/prey with {', '.join(prey_of)}"}
    for m in cat.menus.values():
        cards[m.id] = {"name": f"{m.species.title()} menu", "kind": "menu", "species": m.species,
                       "ingredients": list(m.ingredients),
                       "text": f"a {m.species} meal of {m.ingredients[0]} and {m.ingredients[1]}"}
    for pile, kinds in cat.pile_kinds.items():
        for k in kinds:
            cards[k] = {"name": k.title(), "kind": "ingredient", "pile": pile,
                        "text": f"an ingredient token ({pile[:-1]})"}
    return {"decks": {"animals": list(cat.animal_deck), "menus": list(cat.menu_deck),
                      "vegetables": list(cat.piles["vegetables"]), "meats": list(cat.piles["meats"])},
            "cards": cards,
            "board": {"chairs": list(cat.chairs), "lines": {str(k): list(v) for k, v in cat.lines.items()},
                      "mushroom_numbers": list(cat.mushroom_numbers)}}
