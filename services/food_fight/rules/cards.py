"""The Food Fight catalogue, read from cards.toml and checked on load.

The data file holds every card and its power in a small effect language (described at the top
of cards.toml); this module turns it into lookups and refuses a file that could not describe a
playable game, naming the entry at fault.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

DATA_FILE = "cards.toml"
MEALS = ("breakfast", "lunch", "dinner")
DOG = "the-dog"  # The Dog's name wherever a player's name could stand

# kind -> {parameter: type}; "meal" parameters take a meal, "meal_any" a meal or "any"
TROOP_POWERS: dict[str, dict[str, str]] = {
    "at_meal": {"meal": "meal", "value": "int"},
    "meal_bonus": {"meal": "meal", "amount": "int"},
    "commander": {"meal": "meal", "amount": "int", "with_serving": "bool"},
    "per_previous_same": {"amount": "int"},
    "double_next": {"meal": "meal"},
    "join_next": {},
    "discard_boost": {"discard": "meal_any", "amount": "int"},
    "per_instant": {"amount": "int"},
    "printed_copy": {},
    "dog_bonus": {"amount": "int"},
}
INSTANT_EFFECTS: dict[str, dict[str, str]] = {
    "boost": {"meal": "meal_any", "amount": "int"},
    "boost_per_instant": {"amount": "int"},
    "boost_printed": {},
    "double": {},
    "boost_all": {"amount": "int"},
    "draw_battlefield": {"to": "to"},
    "summon_dog": {},
    "plating_bonus": {"meal": "meal", "amount": "int"},
}
TARGETED = ("boost", "boost_per_instant", "boost_printed", "double")
PLATING_ONLY = ("summon_dog", "plating_bonus")

# "121 Food Troops", "18 Mascot Instants", "16 Regular Instants", "27 Battlefield Cards",
# "8 The Dog Cards"
COUNTS = {"troop": 121, "mascot": 18, "instant": 16, "battlefield": 27, "dog": 8}


class CardDataError(ValueError):
    """cards.toml cannot describe a playable game; the message names the entry."""


@dataclass(frozen=True)
class Power:
    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["params"][name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str  # "troop", "instant", "mascot", "battlefield", "dog"
    meal: str | None  # troops and battlefields
    yumminess: int  # printed Yumminess (troops and Dog cards); 0 otherwise
    vp: int  # battlefields
    copies: int
    text: str
    power: Power | None  # troop power or instant effect
    timing: str = "meal"  # instants: "meal" (Instant rounds) or "plating"
    requires_dog: bool = False

    @property
    def is_troop(self) -> bool:
        return self.kind == "troop"

    @property
    def is_instant(self) -> bool:
        return self.kind in ("instant", "mascot")

    @property
    def targeted(self) -> bool:
        return self.is_instant and self.power is not None and self.power.kind in TARGETED

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "meal": self.meal,
                               "yumminess": self.yumminess if self.kind in ("troop", "dog") else None,
                               "text": self.text, "copies": self.copies}
        if self.kind == "battlefield":
            out["vp"] = self.vp
        if self.power is not None:
            out["power" if self.is_troop else "effect"] = {"kind": self.power.kind,
                                                           **dict(self.power.params)}
        if self.is_instant:
            out["timing"] = self.timing
            out["targeted"] = self.targeted
            out["requires_dog"] = self.requires_dog
        return out


@dataclass(frozen=True)
class Catalogue:
    cards: Mapping[str, Card]
    main: tuple[str, ...]  # one id per copy, canonical (sorted) order
    battlefields: tuple[str, ...]
    dog: tuple[str, ...]

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]


def kebab(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def _err(where: str, what: str) -> CardDataError:
    return CardDataError(f"{DATA_FILE}: {where}: {what}")


def _get(raw: Mapping[str, Any], key: str, kind: type, where: str, default: Any = ...):
    if key not in raw:
        if default is ...:
            raise _err(where, f"missing '{key}'")
        return default
    value = raw[key]
    if (kind is int and (isinstance(value, bool) or not isinstance(value, int))) or \
            not isinstance(value, kind):
        raise _err(where, f"'{key}' must be {kind.__name__}, not {value!r}")
    return value


def _power(raw: Any, table: Mapping[str, Mapping[str, str]], where: str) -> Power:
    if not isinstance(raw, dict) or "kind" not in raw:
        raise _err(where, "a power/effect is a table with a 'kind'")
    kind = raw["kind"]
    if kind not in table:
        raise _err(where, f"unknown kind {kind!r}; known: {', '.join(table)}")
    spec = table[kind]
    given = {k: v for k, v in raw.items() if k != "kind"}
    if set(given) != set(spec):
        raise _err(where, f"{kind} takes {sorted(spec) or 'no parameters'}, got {sorted(given)}")
    for key, typ in spec.items():
        value = given[key]
        ok = {"int": isinstance(value, int) and not isinstance(value, bool) and value >= 0,
              "bool": isinstance(value, bool),
              "meal": value in MEALS,
              "meal_any": value in (*MEALS, "any"),
              "to": value in ("you", "meal")}[typ]
        if not ok:
            raise _err(where, f"{kind}.{key} = {value!r} is not a valid {typ}")
    return Power(kind, given)


def _entry(raw: Any, section: str, i: int, ids: dict[str, Card]) -> Card:
    where = f"[[{section}]] #{i + 1}"
    if not isinstance(raw, dict):
        raise _err(where, "expected a table")
    name = _get(raw, "name", str, where)
    where = f"[[{section}]] {name!r}"
    cid = kebab(name)
    if cid in ids:
        raise _err(where, f"two entries have the id {cid!r} (copies share one entry)")
    allowed = {"dog": {"name", "yumminess"},
               "battlefield": {"name", "meal", "vp", "copies"},
               "troop": {"name", "meal", "yumminess", "copies", "text", "power"},
               "instant": {"name", "copies", "text", "effect", "mascot", "timing", "requires_dog"}}
    unknown = sorted(set(raw) - allowed[section])
    if unknown:
        raise _err(where, f"unknown key(s) {', '.join(unknown)}")
    if section == "dog":
        y = _get(raw, "yumminess", int, where)
        return Card(cid, name, "dog", None, y, 0, 1, f"The Dog plays a {y}.", None)
    if section == "battlefield":
        meal = _get(raw, "meal", str, where)
        vp = _get(raw, "vp", int, where)
        if meal not in MEALS:
            raise _err(where, f"meal {meal!r} is not one of {', '.join(MEALS)}")
        if not 1 <= vp <= 3:  # "each has a VP value of 1-3"
            raise _err(where, f"vp {vp} is not 1-3")
        copies = _get(raw, "copies", int, where, 1)
        return Card(cid, name, "battlefield", meal, 0, vp, copies,
                    f"{meal.capitalize()} Battlefield, {vp} VP.", None)
    copies = _get(raw, "copies", int, where, 1)
    if copies < 1:
        raise _err(where, "copies must be at least 1")
    text = _get(raw, "text", str, where)
    if not text.strip():
        raise _err(where, "a card needs a readable text")
    if section == "troop":
        meal = _get(raw, "meal", str, where)
        if meal not in MEALS:
            raise _err(where, f"meal {meal!r} is not one of {', '.join(MEALS)}")
        y = _get(raw, "yumminess", int, where)
        power = _power(raw["power"], TROOP_POWERS, where) if "power" in raw else None
        return Card(cid, name, "troop", meal, y, 0, copies, text, power)
    mascot = _get(raw, "mascot", bool, where, False)
    if mascot and copies != 1:  # "Each one is a one-of-a-kind in the Main deck"
        raise _err(where, "a Mascot is one-of-a-kind (copies = 1)")
    timing = _get(raw, "timing", str, where, "meal")
    if timing not in ("meal", "plating"):
        raise _err(where, f"timing {timing!r} must be 'meal' or 'plating'")
    effect = _power(_get(raw, "effect", dict, where), INSTANT_EFFECTS, where)
    if (effect.kind in PLATING_ONLY) != (timing == "plating"):
        raise _err(where, f"effect {effect.kind} needs timing = 'plating' and only it does")
    return Card(cid, name, "mascot" if mascot else "instant", None, 0, 0, copies, text, effect,
                timing=timing, requires_dog=_get(raw, "requires_dog", bool, where, False))


def parse(data: Mapping[str, Any]) -> Catalogue:
    if data.get("format") != 1:
        raise _err("format", "expected format = 1")
    unknown = sorted(set(data) - {"format", "dog", "battlefield", "troop", "instant"})
    if unknown:
        raise _err("top level", f"unknown section(s) {', '.join(unknown)}")
    cards: dict[str, Card] = {}
    for section in ("dog", "battlefield", "troop", "instant"):
        entries = data.get(section, [])
        if not isinstance(entries, list):
            raise _err(section, "expected [[...]] entries")
        for i, raw in enumerate(entries):
            card = _entry(raw, section, i, cards)
            cards[card.id] = card
    counts = {k: sum(c.copies for c in cards.values() if c.kind == k) for k in COUNTS}
    for kind, want in COUNTS.items():
        if counts[kind] != want:
            raise _err(kind, f"the rulebook's components hold {want} {kind} cards, the file {counts[kind]}")
    dog_values = [c.yumminess for c in cards.values() if c.kind == "dog"]
    if len(set(dog_values)) != len(dog_values):
        raise _err("dog", "two Dog cards share a value: the tie-break draw could tie")
    if cards.get("private-pancake") is None or cards["private-pancake"].copies < 3:
        raise _err("troop 'Private Pancake'", "the rulebook's army needs at least 3 copies")

    def deck(kinds):
        return tuple(sorted(c.id for c in cards.values() if c.kind in kinds for _ in range(c.copies)))

    return Catalogue(cards=cards, main=deck(("troop", "instant", "mascot")),
                     battlefields=deck(("battlefield",)), dog=deck(("dog",)))


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    text = resources.files(__package__).joinpath(DATA_FILE).read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{DATA_FILE} is not TOML: {exc}") from None
    return parse(data)


def card(cid: str) -> Card:
    return catalogue().cards[cid]
