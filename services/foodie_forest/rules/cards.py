"""The card and recipe catalogue, read from cards.toml and checked on load.

The data file says what the rulebooks say; this module only turns it into lookups and refuses
a file that could not describe a playable game, naming the entry at fault.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

DATA_FILE = "cards.toml"
KNOWN_EFFECTS = ("add", "reset")
KNOWN_DEAL_ENDS = ("player-to-act-has-no-card", "announced-player-to-act")
SPECIAL_KINDS = ("herb", "zero")


class CardDataError(ValueError):
    """cards.toml cannot describe a playable game; the message names the entry."""


@dataclass(frozen=True)
class Card:
    id: str
    colour: str
    kind: str  # "number", "herb" or "zero"
    value: int  # printed value; 0 for herbs and zero cards
    resets: bool  # playing it sets the total to 0
    ends_required_colour: bool
    sort_key: tuple[int, int]


@dataclass(frozen=True)
class Scoring:
    base: int
    gain: tuple[str, ...]  # card classes: "card", a colour, "herb" or "zero"
    lose: tuple[str, ...]

    def points(self, cards: list[Card]) -> int:
        return self.base + sum(_count(cls, cards) for cls in self.gain) - sum(
            _count(cls, cards) for cls in self.lose)


def _count(cls: str, cards: list[Card]) -> int:
    if cls == "card":
        return len(cards)
    if cls in SPECIAL_KINDS:
        return sum(1 for c in cards if c.kind == cls)
    return sum(1 for c in cards if c.colour == cls)


@dataclass(frozen=True)
class ColourSpec:
    name: str
    values: tuple[int, ...]
    herbs: int
    zeros: int
    unlisted: int
    effect: str
    ends_required_colour: bool


@dataclass(frozen=True)
class EditionSpec:
    name: str
    title: str
    deck_size: int
    led_value: Mapping[int, int]
    deal_ends: str
    recipes: tuple[str, ...]  # their names and texts: texts/<language>.ftl, card-recipe-<id>
    scorings: Mapping[str, Mapping[str, Scoring]]
    default_scoring: str
    unlisted_cards: tuple[str, ...]
    colours: tuple[ColourSpec, ...]


@dataclass(frozen=True)
class Catalogue:
    deals: int
    starting_points: int
    hand_size: Mapping[int, int]
    editions: Mapping[str, EditionSpec]


@dataclass(frozen=True)
class Table:
    """Everything the rules need for one game's options, built once per option set."""

    edition: str
    deals: int
    starting_points: int
    hand_size: Mapping[int, int]
    colours: tuple[str, ...]
    cards: Mapping[str, Card]
    deck: tuple[str, ...]  # the 52 ids, duplicates kept, in canonical (sorted) order
    led_value: Mapping[int, int]
    deal_ends: str
    recipes: tuple[str, ...]
    scoring: Mapping[str, Scoring]

    def sorted_cards(self, ids) -> list[str]:
        return sorted(ids, key=lambda c: self.cards[c].sort_key)


# ---- loading and checking ------------------------------------------------------------------

def _need(table: Mapping[str, Any], key: str, kind, where: str):
    if key not in table:
        raise CardDataError(f"{DATA_FILE}: {where}: missing '{key}'")
    value = table[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise CardDataError(f"{DATA_FILE}: {where}.{key}: expected an integer, got {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise CardDataError(f"{DATA_FILE}: {where}.{key}: expected {kind.__name__}, got {value!r}")
    return value


def _int(table: Mapping[str, Any], key: str, where: str, default: int | None = None, low: int = 0) -> int:
    if key not in table and default is not None:
        return default
    value = _need(table, key, int, where)
    if value < low:
        raise CardDataError(f"{DATA_FILE}: {where}.{key}: must be at least {low}, got {value}")
    return value


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CardDataError(f"{DATA_FILE}: {where}: expected a list of strings, got {value!r}")
    return tuple(value)


def _no_unknown_keys(table: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise CardDataError(f"{DATA_FILE}: {where}: unknown key(s) {', '.join(unknown)}; "
                            f"allowed: {', '.join(sorted(allowed))}")


def _colour(raw: Any, where: str, unlisted_allowed: bool) -> ColourSpec:
    if not isinstance(raw, dict):
        raise CardDataError(f"{DATA_FILE}: {where}: expected a table")
    _no_unknown_keys(raw, {"name", "values", "herbs", "zeros", "unlisted", "effect",
                           "ends_required_colour"}, where)
    name = _need(raw, "name", str, where)
    if not name or "-" in name or name != name.lower():
        raise CardDataError(f"{DATA_FILE}: {where}.name: {name!r} must be lower case without '-'")
    values = _need(raw, "values", list, where)
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 99:
            raise CardDataError(f"{DATA_FILE}: {where}.values: {v!r} is not a card value 1..99")
    unlisted = _int(raw, "unlisted", where, default=0)
    if unlisted and not unlisted_allowed:
        raise CardDataError(f"{DATA_FILE}: {where}.unlisted: the edition declares no "
                            "'unlisted_cards' saying what those cards are")
    effect = _need(raw, "effect", str, where)
    if effect not in KNOWN_EFFECTS:
        raise CardDataError(f"{DATA_FILE}: {where}.effect: {effect!r} is not one of "
                            f"{', '.join(KNOWN_EFFECTS)}")
    ends = raw.get("ends_required_colour", False)
    if not isinstance(ends, bool):
        raise CardDataError(f"{DATA_FILE}: {where}.ends_required_colour: expected true or false")
    return ColourSpec(name, tuple(sorted(values)), _int(raw, "herbs", where, default=0),
                      _int(raw, "zeros", where, default=0), unlisted, effect, ends)


def _scorings(raw: Any, where: str, recipes: tuple[str, ...], colours: set[str]):
    if not isinstance(raw, dict) or not raw:
        raise CardDataError(f"{DATA_FILE}: {where}: expected at least one scoring table")
    classes = {"card", *SPECIAL_KINDS, *colours}
    out: dict[str, dict[str, Scoring]] = {}
    for sname, table in raw.items():
        swhere = f"{where}.{sname}"
        if not isinstance(table, dict):
            raise CardDataError(f"{DATA_FILE}: {swhere}: expected a table of recipes")
        if set(table) != set(recipes):
            raise CardDataError(
                f"{DATA_FILE}: {swhere}: scores recipes {sorted(table)} but the edition's "
                f"recipes are {sorted(recipes)}")
        out[sname] = {}
        for recipe, rule in table.items():
            rwhere = f"{swhere}.{recipe}"
            if not isinstance(rule, dict):
                raise CardDataError(f"{DATA_FILE}: {rwhere}: expected {{ base, gain, lose }}")
            _no_unknown_keys(rule, {"base", "gain", "lose"}, rwhere)
            gain = _strings(_need(rule, "gain", list, rwhere), f"{rwhere}.gain")
            lose = _strings(_need(rule, "lose", list, rwhere), f"{rwhere}.lose")
            for cls in gain + lose:
                if cls not in classes:
                    raise CardDataError(f"{DATA_FILE}: {rwhere}: unknown card class {cls!r}; "
                                        f"known: {', '.join(sorted(classes))}")
            base = _need(rule, "base", int, rwhere)
            out[sname][recipe] = Scoring(base, gain, lose)
    return out


def _edition(name: str, raw: Any) -> EditionSpec:
    where = f"editions.{name}"
    if not isinstance(raw, dict):
        raise CardDataError(f"{DATA_FILE}: {where}: expected a table")
    _no_unknown_keys(raw, {"title", "deck_size", "led_value", "deal_ends", "recipes",
                           "default_scoring", "unlisted_cards", "colours",
                           "scorings"}, where)
    unlisted_cards = _strings(raw.get("unlisted_cards", []), f"{where}.unlisted_cards")
    for kind in unlisted_cards:
        if kind not in SPECIAL_KINDS:
            raise CardDataError(f"{DATA_FILE}: {where}.unlisted_cards: {kind!r} is not one of "
                                f"{', '.join(SPECIAL_KINDS)}")
    raw_colours = _need(raw, "colours", list, where)
    colours = tuple(_colour(c, f"{where}.colours[{i}]", bool(unlisted_cards))
                    for i, c in enumerate(raw_colours))
    names = [c.name for c in colours]
    if len(set(names)) != len(names):
        raise CardDataError(f"{DATA_FILE}: {where}.colours: a colour is listed twice: {names}")
    deck_size = _int(raw, "deck_size", where, low=1)
    for c in colours:
        size = len(c.values) + c.herbs + c.zeros + c.unlisted
        if size == 0:
            raise CardDataError(f"{DATA_FILE}: {where}: colour {c.name} has no cards")
    total = sum(len(c.values) + c.herbs + c.zeros + c.unlisted for c in colours)
    if total != deck_size:
        raise CardDataError(f"{DATA_FILE}: {where}: the colours hold {total} cards, "
                            f"but deck_size is {deck_size}")
    led_raw = raw.get("led_value", {})
    if not isinstance(led_raw, dict):
        raise CardDataError(f"{DATA_FILE}: {where}.led_value: expected a table value -> value")
    led_value: dict[int, int] = {}
    for k, v in led_raw.items():
        if not k.isdigit() or isinstance(v, bool) or not isinstance(v, int):
            raise CardDataError(f"{DATA_FILE}: {where}.led_value: {k} = {v!r} is not value = value")
        led_value[int(k)] = v
    deal_ends = _need(raw, "deal_ends", str, where)
    if deal_ends not in KNOWN_DEAL_ENDS:
        raise CardDataError(f"{DATA_FILE}: {where}.deal_ends: {deal_ends!r} is not one of "
                            f"{', '.join(KNOWN_DEAL_ENDS)}")
    recipes = _strings(_need(raw, "recipes", list, where), f"{where}.recipes")
    if len(set(recipes)) != len(recipes) or not recipes:
        raise CardDataError(f"{DATA_FILE}: {where}.recipes: expected distinct recipe ids")
    scorings = _scorings(raw.get("scorings"), f"{where}.scorings", recipes, set(names))
    default_scoring = _need(raw, "default_scoring", str, where)
    if default_scoring not in scorings:
        raise CardDataError(f"{DATA_FILE}: {where}.default_scoring: {default_scoring!r} is not "
                            f"one of the scorings {', '.join(scorings)}")
    return EditionSpec(name, _need(raw, "title", str, where), deck_size, led_value, deal_ends,
                       recipes, scorings, default_scoring, unlisted_cards,
                       colours)


def parse_catalogue(text: str) -> Catalogue:
    """Parse and check the text of cards.toml."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{DATA_FILE}: not valid TOML: {exc}") from None
    _no_unknown_keys(raw, {"format", "deals", "starting_points", "hand_size", "editions"}, "top level")
    if raw.get("format") != 1:
        raise CardDataError(f"{DATA_FILE}: format must be 1, got {raw.get('format')!r}")
    hand_raw = _need(raw, "hand_size", dict, "top level")
    hand_size: dict[int, int] = {}
    for k, v in hand_raw.items():
        if not k.isdigit() or isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise CardDataError(f"{DATA_FILE}: hand_size: {k} = {v!r} is not players = cards")
        hand_size[int(k)] = v
    if not hand_size:
        raise CardDataError(f"{DATA_FILE}: hand_size: no player counts")
    editions_raw = _need(raw, "editions", dict, "top level")
    editions = {name: _edition(name, e) for name, e in editions_raw.items()}
    if not editions:
        raise CardDataError(f"{DATA_FILE}: no editions")
    for e in editions.values():
        for players, size in hand_size.items():
            if players * size > e.deck_size:
                raise CardDataError(f"{DATA_FILE}: hand_size: {players} players x {size} cards "
                                    f"need more than the {e.deck_size} cards of edition {e.name}")
    return Catalogue(_int(raw, "deals", "top level", low=1),
                     _int(raw, "starting_points", "top level"), hand_size, editions)


@lru_cache(maxsize=None)
def catalogue() -> Catalogue:
    return parse_catalogue(resources.files(__package__).joinpath(DATA_FILE).read_text("utf-8"))


# ---- one game's table ------------------------------------------------------------------------

def build_table(cat: Catalogue, edition: str, missing_cards: str | None, scoring: str,
                trash_keeps_colour: bool) -> Table:
    spec = cat.editions[edition]
    cards: dict[str, Card] = {}
    deck: list[str] = []
    for index, col in enumerate(spec.colours):
        ends = col.ends_required_colour and not trash_keeps_colour
        kinds = ["herb"] * col.herbs + ["zero"] * col.zeros
        if col.unlisted:
            kinds += [missing_cards or spec.unlisted_cards[0]] * col.unlisted
        for kind in kinds:
            cid = f"{col.name}-herb" if kind == "herb" else f"{col.name}-0"
            # a herb adds nothing and a "0" card empties the pot, whatever its colour does
            cards[cid] = Card(cid, col.name, kind, 0, kind == "zero", ends,
                              (index, -1 if kind == "herb" else 0))
            deck.append(cid)
        for value in col.values:
            cid = f"{col.name}-{value}"
            cards[cid] = Card(cid, col.name, "number", value, col.effect == "reset", ends,
                              (index, value))
            deck.append(cid)
    return Table(spec.name, cat.deals, cat.starting_points, dict(cat.hand_size),
                 tuple(c.name for c in spec.colours), cards, tuple(sorted(deck)),
                 dict(spec.led_value), spec.deal_ends, spec.recipes,
                 dict(spec.scorings[scoring]))


@lru_cache(maxsize=64)
def table_for(edition: str, missing_cards: str | None, scoring: str, trash_keeps_colour: bool) -> Table:
    return build_table(catalogue(), edition, missing_cards, scoring, trash_keeps_colour)
