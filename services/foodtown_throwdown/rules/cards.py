"""The recipe and play cards, read from cards.toml and checked on load.

A file that could not describe a playable game is refused with a CardDataError naming the entry.
"""
from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

DATA_FILE = "cards.toml"
KINDS = ("ingredient", "territory", "publicity", "action")
EFFECTS = ("discard", "remove", "redraw", "review", "block", "skip")
CONDITION_KINDS = ("type", "tag", "recipes", "stars")
TAGS = ("sandwich", "vegetarian")


class CardDataError(ValueError):
    """cards.toml cannot describe a playable game; the message names the entry."""


@dataclass(frozen=True)
class Recipe:
    id: str
    name: str
    ingredients: tuple[str, ...]  # ingredient types, sorted (a type may repeat)
    stars: int
    tags: tuple[str, ...]

    @property
    def text(self) -> str:
        return f"Needs {', '.join(self.ingredients)}. Worth {self.stars} star{'s' * (self.stars != 1)}."


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str  # ingredient, territory, publicity, action
    copies: int
    type: str | None = None  # ingredient type
    condition: tuple[str, Any] | None = None  # territory: (kind, value)
    effect: str | None = None  # action
    text: str = ""


@dataclass(frozen=True)
class Catalogue:
    types: tuple[str, ...]
    recipes: Mapping[str, Recipe]
    cards: Mapping[str, Card]
    recipe_deck: tuple[str, ...]  # canonical (sorted) order
    play_deck: tuple[str, ...]  # canonical (sorted) order, one entry per copy


def kebab(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _err(where: str, what: str) -> CardDataError:
    return CardDataError(f"{DATA_FILE}: {where}: {what}")


def _name(raw: Mapping[str, Any], where: str) -> str:
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _err(where, "needs a 'name' (a text)")
    return name


def _keys(raw: Any, allowed: set[str], where: str) -> None:
    if not isinstance(raw, dict):
        raise _err(where, "expected a table")
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise _err(where, f"unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}")


def _copies(raw: Mapping[str, Any], where: str) -> int:
    copies = raw.get("copies", 1)
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise _err(where, f"copies must be a whole number of at least 1, got {copies!r}")
    return copies


def _condition(raw: Any, types: tuple[str, ...], where: str) -> tuple[str, Any]:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise _err(where, f"condition must be one of {{ {' | '.join(CONDITION_KINDS)} = ... }}")
    (kind, value), = raw.items()
    if kind == "type" and value not in types:
        raise _err(where, f"condition type {value!r} is not an ingredient type ({', '.join(types)})")
    if kind == "tag" and value not in TAGS:
        raise _err(where, f"condition tag {value!r} is not one of {', '.join(TAGS)}")
    if kind in ("recipes", "stars") and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise _err(where, f"condition {kind} must be a whole number of at least 1, got {value!r}")
    if kind not in CONDITION_KINDS:
        raise _err(where, f"unknown condition {kind!r}; known: {', '.join(CONDITION_KINDS)}")
    return kind, value


def parse(data: Mapping[str, Any]) -> Catalogue:
    if data.get("format") != 1:
        raise _err("format", "expected format = 1")
    types = data.get("ingredient_types")
    if not isinstance(types, list) or not types or not all(isinstance(t, str) for t in types):
        raise _err("ingredient_types", "expected a list of type names")
    types = tuple(types)
    recipes: dict[str, Recipe] = {}
    for i, raw in enumerate(data.get("recipes", [])):
        where = f"recipes[{i}]"
        _keys(raw, {"name", "ingredients", "stars", "tags"}, where)
        name = _name(raw, where)
        where = f"recipe {name!r}"
        ings = raw.get("ingredients")
        if not isinstance(ings, list) or not 2 <= len(ings) <= 4:
            raise _err(where, "ingredients must list 2 to 4 ingredient types")
        for t in ings:
            if t not in types:
                raise _err(where, f"{t!r} is not an ingredient type ({', '.join(types)})")
        stars = raw.get("stars")
        if isinstance(stars, bool) or not isinstance(stars, int) or stars < 1:
            raise _err(where, f"stars must be a whole number of at least 1, got {stars!r}")
        tags = raw.get("tags", [])
        if not isinstance(tags, list) or any(t not in TAGS for t in tags):
            raise _err(where, f"tags must be a list of {', '.join(TAGS)}")
        if "vegetarian" in tags:
            raise _err(where, "'vegetarian' is set by the loader (a recipe without meat)")
        if "meat" not in ings:
            tags = [*tags, "vegetarian"]
        rid = kebab(name)
        if rid in recipes:
            raise _err(where, f"a second recipe with id {rid!r}")
        recipes[rid] = Recipe(rid, name, tuple(sorted(ings)), stars, tuple(tags))
    if len(recipes) != data.get("recipe_deck_size"):
        raise _err("recipes", f"{len(recipes)} recipes, but recipe_deck_size = {data.get('recipe_deck_size')}")

    cards: dict[str, Card] = {}

    def add(card: Card, where: str) -> None:
        if card.id in cards or card.id in recipes:
            raise _err(where, f"a second card with id {card.id!r}")
        cards[card.id] = card

    for i, raw in enumerate(data.get("ingredients", [])):
        where = f"ingredients[{i}]"
        _keys(raw, {"name", "type", "copies"}, where)
        name = _name(raw, where)
        if raw.get("type") not in types:
            raise _err(f"ingredient {name!r}", f"type {raw.get('type')!r} is not one of {', '.join(types)}")
        add(Card(kebab(name), name, "ingredient", _copies(raw, where), type=raw["type"],
                 text=f"Ingredient: {raw['type']}."), where)
    for i, raw in enumerate(data.get("territories", [])):
        where = f"territories[{i}]"
        _keys(raw, {"name", "condition", "copies"}, where)
        name = _name(raw, where)
        cond = _condition(raw.get("condition"), types, f"territory {name!r}")
        add(Card(kebab(name), name, "territory", _copies(raw, where), condition=cond,
                 text=f"Territory: 1 star, +1 while {condition_text(cond)}."), where)
    for i, raw in enumerate(data.get("publicity", [])):
        where = f"publicity[{i}]"
        _keys(raw, {"name", "copies"}, where)
        name = _name(raw, where)
        add(Card(kebab(name), name, "publicity", _copies(raw, where),
                 text="Publicity: 1 star. May be played the moment you draw it."), where)
    for i, raw in enumerate(data.get("actions", [])):
        where = f"actions[{i}]"
        _keys(raw, {"name", "effect", "copies", "text"}, where)
        name = _name(raw, where)
        if raw.get("effect") not in EFFECTS:
            raise _err(f"action {name!r}", f"effect {raw.get('effect')!r} is not one of {', '.join(EFFECTS)}")
        if not isinstance(raw.get("text"), str):
            raise _err(f"action {name!r}", "needs a 'text'")
        add(Card(kebab(name), name, "action", _copies(raw, where), effect=raw["effect"],
                 text=f"Action: {raw['text']}"), where)
    play = tuple(sorted(c.id for c in cards.values() for _ in range(c.copies)))
    if len(play) != data.get("play_deck_size"):
        raise _err("play cards", f"{len(play)} play cards, but play_deck_size = {data.get('play_deck_size')}")
    by_type = Counter(c.type for c in cards.values() if c.kind == "ingredient" for _ in range(c.copies))
    for t in types:
        if by_type[t] == 0:
            raise _err("ingredients", f"no ingredient card of type {t!r}")
    return Catalogue(types, recipes, cards, tuple(sorted(recipes)), play)


def condition_text(cond: tuple[str, Any]) -> str:
    kind, value = cond
    if kind == "type":
        return f"a recipe with {value} is on your menu"
    if kind == "tag":
        return f"a {value} recipe is on your menu"
    if kind == "recipes":
        return f"{value} or more recipes are on your menu"
    return f"a recipe worth {value} or more stars is on your menu"


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    text = resources.files(__package__).joinpath(DATA_FILE).read_text(encoding="utf-8")
    return parse(tomllib.loads(text))
