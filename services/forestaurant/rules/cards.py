"""The board, card and token catalogue, read from cards.toml and checked on load.

The data file carries every number (and every choice where the rulebook is silent); this module
turns it into lookups and refuses a file that could not describe a playable game, naming the
entry at fault.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

DATA_FILE = "cards.toml"
CLASSES = ("green", "blue", "yellow", "red")
PILES = ("vegetables", "meats")
PLAYER_COUNTS = (1, 2, 3, 4, 5)


class CardDataError(ValueError):
    """cards.toml cannot describe a playable game; the message names the entry."""


@dataclass(frozen=True)
class Animal:
    id: str
    species: str
    cls: str  # colour class: green, blue, yellow, red
    value: int


@dataclass(frozen=True)
class Menu:
    id: str
    species: str
    ingredients: tuple[str, str]


@dataclass(frozen=True)
class Catalogue:
    starting_hand: dict[int, int]
    minimal_hand: dict[int, int]
    storage_limit: dict[int, int]
    clouds: int
    stars: int
    step: int
    mushroom_numbers: tuple[int, ...]
    chairs: tuple[int, ...]
    lines: dict[int, tuple[int, ...]]
    species: tuple[str, ...]  # in class order
    class_of: dict[str, str]  # species -> class
    class_names: dict[str, str]
    prey_of: dict[str, tuple[str, ...]]  # class -> predator classes
    pile_of_class: dict[str, str]
    animals: dict[str, Animal]
    animal_deck: tuple[str, ...]  # one id per copy, canonical order
    menus: dict[str, Menu]
    menu_deck: tuple[str, ...]
    pile_kinds: dict[str, tuple[str, ...]]  # vegetables/meats -> kinds
    pile_of_kind: dict[str, str]
    piles: dict[str, tuple[str, ...]]  # pile -> one token per copy, canonical order

    def animal(self, card: str) -> Animal:
        return self.animals[card]

    def relation(self, a: str, b: str) -> int:
        """+1 predator/prey between species a and b, -1 same species, 0 otherwise."""
        if a == b:
            return -1
        ca, cb = self.class_of[a], self.class_of[b]
        if cb in self.prey_of[ca] or ca in self.prey_of[cb]:
            return 1
        return 0

    def draw_number(self, on_mushrooms: int) -> int:
        """The highest visible mushroom number with `on_mushrooms` clouds still on them."""
        visible = self.clouds - on_mushrooms
        return self.mushroom_numbers[visible - 1] if visible > 0 else 0

    def neighbours(self, table: int) -> tuple[int, ...]:
        r, c = divmod(table, 3)
        out = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < 3 and 0 <= cc < 3:
                out.append(rr * 3 + cc)
        return tuple(out)

    def sort_animals(self, cards) -> tuple[str, ...]:
        order = {s: i for i, s in enumerate(self.species)}
        return tuple(sorted(cards, key=lambda c: (order[self.animals[c].species], self.animals[c].value)))

    def sort_tokens(self, tokens) -> tuple[str, ...]:
        order = {k: i for i, k in enumerate(self.pile_kinds["vegetables"] + self.pile_kinds["meats"])}
        return tuple(sorted(tokens, key=lambda t: order[t]))


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise CardDataError(f"{DATA_FILE}: {what}")


def _by_count(raw: dict, name: str) -> dict[int, int]:
    out = {int(k): v for k, v in raw.items()}
    _need(sorted(out) == list(PLAYER_COUNTS), f"[players].{name} must give player counts 1..5")
    _need(all(isinstance(v, int) and v >= 0 for v in out.values()), f"[players].{name} must be whole numbers")
    return out


def parse(data: dict[str, Any]) -> Catalogue:
    _need(data.get("format") == 1, "format must be 1")
    p = data["players"]
    starting, minimal, storage = (_by_count(p[k], k) for k in ("starting_hand", "minimal_hand", "storage_limit"))
    for n in PLAYER_COUNTS:
        _need(minimal[n] < starting[n], f"[players] minimal_hand for {n} must be below starting_hand")
    rep = data["reputation"]
    clouds, stars, step = rep["clouds"], rep["stars"], rep["step"]
    numbers = tuple(data["mushrooms"]["numbers"])
    _need(len(numbers) == clouds, f"[mushrooms].numbers needs one number per cloud ({clouds})")
    _need(all(isinstance(x, int) and x >= 0 for x in numbers), "[mushrooms].numbers must be whole numbers")
    _need(list(numbers) == sorted(numbers), "[mushrooms].numbers must not fall from yellow to red")
    board = data["board"]
    chairs = tuple(board["chairs"])
    _need(len(chairs) == 9 and all(isinstance(c, int) and c > 0 for c in chairs), "[board].chairs needs 9 counts")
    lines = {int(k): tuple(v) for k, v in board["lines"].items()}
    for k, v in lines.items():
        _need(len(v) == 3 and all(0 <= t < 9 for t in v), f"[board].lines.{k} must name three tables 0..8")
    hit = {t for v in lines.values() for t in v}
    _need(hit == set(range(9)), f"[board].lines leave tables {sorted(set(range(9)) - hit)} unhit")

    species: list[str] = []
    class_of, class_names, prey_of, pile_of_class = {}, {}, {}, {}
    _need(tuple(data["classes"]) == CLASSES, f"[classes] must be {', '.join(CLASSES)} in this order")
    for cls in CLASSES:
        spec = data["classes"][cls]
        class_names[cls] = spec["name"]
        prey_of[cls] = tuple(spec["prey_of"])
        _need(all(c in CLASSES for c in prey_of[cls]), f"[classes.{cls}].prey_of names an unknown class")
        _need(spec["pile"] in PILES, f"[classes.{cls}].pile must be one of {PILES}")
        pile_of_class[cls] = spec["pile"]
        for s in spec["species"]:
            _need(s not in class_of, f"species {s!r} is in two classes")
            class_of[s] = cls
            species.append(s)
    _need(len(species) == 8, f"there must be 8 species, not {len(species)}")
    _need("bear" in species, "bears exist (the rulebook's example)")

    values = data["animals"]["values"]
    _need(all(isinstance(v, int) and v > 0 for v in values), "[animals].values must be positive")
    _need(max(values) <= max(chairs), "[animals].values: a card larger than every table could never sit")
    _need(set(values) <= set(lines), "[animals].values: every value must mark a line")
    animals: dict[str, Animal] = {}
    deck: list[str] = []
    for s in species:
        for v in values:
            cid = f"{s}-{v}"
            animals[cid] = Animal(cid, s, class_of[s], v)
            deck.append(cid)
    _need(len(deck) == 96, f"there must be 96 animal cards, not {len(deck)}")

    ing = data["ingredients"]
    pile_kinds = {"vegetables": tuple(ing["vegetables"]), "meats": tuple(ing["meats"])}
    pile_of_kind = {}
    for pile, kinds in pile_kinds.items():
        for k in kinds:
            _need(k not in pile_of_kind, f"ingredient {k!r} is listed twice")
            pile_of_kind[k] = pile
    piles = {pile: tuple(k for k in kinds for _ in range(ing["copies"])) for pile, kinds in pile_kinds.items()}
    _need(sum(len(v) for v in piles.values()) == 40, "there must be 40 ingredient tokens")

    menus: dict[str, Menu] = {}
    menu_deck: list[str] = []
    _need(set(data["menus"]) == set(species), "[menus] needs menus for exactly the 8 species")
    for s in species:
        for pair in data["menus"][s]:
            _need(len(pair) == 2 and pair[0] != pair[1], f"[menus].{s}: {pair} must be two different ingredients")
            for k in pair:
                _need(k in pile_of_kind, f"[menus].{s}: unknown ingredient {k!r}")
            mid = f"{s}-{pair[0]}-{pair[1]}"
            _need(mid not in menus, f"[menus].{s}: menu {mid} is listed twice")
            menus[mid] = Menu(mid, s, (pair[0], pair[1]))
            menu_deck.append(mid)
    _need(len(menu_deck) == 30, f"there must be 30 menu cards, not {len(menu_deck)}")
    return Catalogue(
        starting_hand=starting, minimal_hand=minimal, storage_limit=storage, clouds=clouds,
        stars=stars, step=step, mushroom_numbers=numbers, chairs=chairs, lines=lines,
        species=tuple(species), class_of=class_of, class_names=class_names, prey_of=prey_of,
        pile_of_class=pile_of_class, animals=animals, animal_deck=tuple(deck), menus=menus,
        menu_deck=tuple(menu_deck), pile_kinds=pile_kinds, pile_of_kind=pile_of_kind, piles=piles)


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    text = resources.files(__package__).joinpath(DATA_FILE).read_text(encoding="utf-8")
    return parse(tomllib.loads(text))


def table_number(index: int) -> int:
    """The number a player reads for the table at `index`: the board and the rulebook number the
    restaurant's tables 1 to 9 (row by row); moves, events and views keep the index 0 to 8."""
    return index + 1
