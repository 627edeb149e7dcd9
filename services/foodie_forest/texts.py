"""Foodie Forest's texts (texts/en.ftl, texts/de.ftl), built once and read by the game's
declaration, its messages' users and the terminal renderer alike (one module, so that none of
them imports another to get them)."""
from __future__ import annotations

from pathlib import Path

from shared.i18n import Catalogue

from .rules.cards import catalogue

# Recipes are cards too (the 25 Recipe cards), but their ids are the move's recipe values
# ("bug", "empty-pot"), which would read as colours: their texts are `card-recipe-<id>`.
RECIPE_IDS = frozenset(r for e in catalogue().editions.values() for r in e.recipes)


def card_key(card: str) -> str:
    return f"recipe-{card}" if card in RECIPE_IDS else card


TEXTS = Catalogue.of_game(Path(__file__).parent, card_key=card_key)
