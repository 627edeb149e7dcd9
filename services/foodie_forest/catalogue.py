"""`foodgames cards foodie-forest` and DescribeGame's cards: the deck and every card of a game
with the given options, named and explained by the game's texts (English here; a client asks
DescribeGame for its language).

Without options it lists every card any table can be dealt (both editions, herbs and "0"
cards): a client draws whichever table it joins from one description. A card id means the same
card in every edition. The Recipe cards are cards too, with the move's recipe ids."""
from __future__ import annotations

from typing import Any, Mapping

from .rules.cards import catalogue as card_data
from .rules.options import parse_options
from .texts import TEXTS


def _tables(options: Mapping[str, Any] | None):
    if options is not None:
        return [parse_options(options).table()]
    tables = []
    for name, edition in card_data().editions.items():
        for missing in edition.unlisted_cards or (None,):
            opts = {"edition": name} | ({"missing_cards": missing} if missing else {})
            tables.append(parse_options(opts).table())
    return tables


def _described(cid: str) -> dict[str, str]:
    return {"name": TEXTS.card_name(cid, "en"),
            "text": TEXTS.text(f"card-{TEXTS.card_key(cid)}", attribute="text")}


def catalogue(options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    tables = _tables(options)
    table = tables[0]
    cards: dict[str, Any] = {}
    for t in tables:
        for cid in t.sorted_cards(set(t.deck)):
            card = t.cards[cid]
            cards.setdefault(cid, {**_described(cid), "kind": card.kind, "colour": card.colour,
                                   "value": card.value, "resets": card.resets})
    recipes: dict[str, Any] = {}
    for t in tables:
        for r in t.recipes:
            scoring = t.scoring[r]
            recipes.setdefault(r, {"name": TEXTS.card_name(r, "en"), "base": scoring.base,
                                   "gain": list(scoring.gain), "lose": list(scoring.lose)})
            cards.setdefault(r, {**_described(r), "kind": "recipe", **{
                k: v for k, v in recipes[r].items() if k != "name"}})
    return {"decks": {"ingredients": list(table.deck)}, "cards": cards, "recipes": recipes,
            "edition": table.edition}
