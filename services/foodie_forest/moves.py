"""Foodie Forest's moves, declared once (shared.moves): the runtime checks every move's shape
against them before the rules see it, and docs and clients read their schema."""
from __future__ import annotations

from dataclasses import dataclass

from shared.moves import MoveSet


@dataclass(frozen=True)
class ChooseRecipe:
    """Choose the recipe you score this deal with (a recipe id of the view's `recipes`)."""

    recipe: str


@dataclass(frozen=True)
class Play:
    """Play a card from your hand to the pot (a card id such as "bug-3")."""

    card: str


MOVES = MoveSet({"choose_recipe": ChooseRecipe, "play": Play})
