"""Building a move from the seat's whole move space (ListLegalMoves' `choices_json`), field by
field, where the listed moves are only a sample (a Food Fight Army, a Forestaurant dish): the
player picks the kind of move, then each field from the values offered, in the game's words
(card names and terms from DescribeGame, the kinds' labels from the listed moves' messages);
the move is checked with CheckMove before it is sent (docs/api.md "Building a move"). The
questions are in the player's language (apps/terminal/texts/); a field is named as the move's
words name it (`troops`), as the player types it in a move."""
from __future__ import annotations

from typing import Any, Awaitable, Callable, Mapping, Sequence

from apps.terminal.texts import Texts
from shared import choices as C
from shared.i18n import DEFAULT

# answers that are not a pick before the building is given up (back to the list)
TRIES = 5

Ask = Callable[[str], Awaitable[str | None]]
Say = Callable[[str], None]


class Words:
    """The words of a move's parts in the player's language: cards by name, terms by key."""

    def __init__(self, description: Mapping[str, Any] | None):
        description = description or {}
        self.cards = {k: v.get("name") for k, v in (description.get("cards") or {}).items()}
        self.terms = dict(description.get("terms") or {})

    def value(self, field: str, value: Any) -> str:
        if isinstance(value, str) and self.cards.get(value):
            return f"{self.cards[value]} ({value})"
        for name in (field, field[:-1] if field.endswith("s") else None):
            if name and f"{name}-{value}" in self.terms:
                return self.terms[f"{name}-{value}"]
        return str(value).lower() if isinstance(value, bool) else str(value)


def kind_labels(choices: Mapping[str, Any], moves: Sequence[Mapping[str, Any]], labels: Sequence[str],
                language: str = DEFAULT) -> list[str]:
    """A label for each entry of `choices`: its type with the message of a listed move of that
    type (e.g. "plate (e.g. Plate an Army at Breakfast: ...)"), else its type."""
    say = Texts(language)
    by_type: dict[str, str] = {}
    for move, label in zip(moves, labels):
        by_type.setdefault(str(move.get("type")), label)
    return [say("build-example", kind=entry["type"], label=by_type[entry["type"]]) if entry["type"] in by_type
            else str(entry["type"]) for entry in choices.get("moves", [])]


def _numbers(line: str, most: int) -> list[int] | None:
    words = line.replace(",", " ").split()
    if not all(w.isdigit() and 1 <= int(w) <= most for w in words):
        return None
    return [int(w) - 1 for w in words]


async def build_move(choices: Mapping[str, Any], moves: Sequence[Mapping[str, Any]], labels: Sequence[str],
                     words: Words, ask: Ask, say: Say, language: str = DEFAULT) -> dict[str, Any] | None:
    """A move built by asking for each field in turn; None when the player gives up (an empty
    answer where a pick is needed, or "q")."""
    t = Texts(language)
    entries = list(choices.get("moves", []))
    if not entries:
        return None
    if len(entries) == 1:
        entry = entries[0]
    else:
        say(t("build-kind"))
        for i, label in enumerate(kind_labels(choices, moves, labels, language), 1):
            say(f"  {i}) {label}")
        picked = await _pick_one(ask, len(entries), say, t)
        if picked is None:
            return None
        entry = entries[picked]
    move: dict[str, Any] = {"type": entry["type"]}
    for field in entry.get("fields", []):
        spec = C._resolve(field, move)
        name = field["name"]
        if "absent" in spec:
            continue
        if "const" in spec:
            move[name] = spec["const"]
            continue
        if "one_of" in spec:
            values = list(spec["one_of"])
            if not values:
                continue
            say(t("build-field-optional" if spec.get("optional") else "build-field", field=name))
            for i, value in enumerate(values, 1):
                say(f"  {i}) {words.value(name, value)}")
            picked = await _pick_one(ask, len(values), say, t, optional=bool(spec.get("optional")))
            if picked is None and not spec.get("optional"):
                return None
            if picked is not None and picked >= 0:
                move[name] = values[picked]
            continue
        pool = list(spec["subset_of"])
        low, high = spec.get("min", 0), min(spec.get("max", len(pool)), len(pool))
        if high == 0:  # nothing to pick: none (or left out)
            if low == 0:
                move[name] = []
            continue
        say(t("build-subset", field=name, low=low, high=high, ordered=bool(spec.get("ordered"))))
        for i, value in enumerate(pool, 1):
            say(f"  {i}) {words.value(name, value)}")
        for _ in range(TRIES):
            line = await ask(f"{name}> ")
            if line is None or line.strip().lower() == "q":
                return None
            picked = _numbers(line, len(pool))
            if picked is not None and len(set(picked)) == len(picked) and low <= len(picked) <= high:
                move[name] = [pool[i] for i in picked]
                break
            say(t("build-subset-again", low=low, high=high, count=len(pool)))
        else:
            return None
    return move


async def _pick_one(ask: Ask, n: int, say: Say, t: Texts, optional: bool = False) -> int | None:
    """The index picked (-1: left out, for an optional field), None: the player gave up."""
    for _ in range(TRIES):
        line = await ask(t("build-pick") + " ")
        if line is None or line.strip().lower() == "q":
            return None
        if not line.strip() and optional:
            return -1
        picked = _numbers(line, n)
        if picked is not None and len(picked) == 1:
            return picked[0]
        say(t("build-pick-again", count=n))
    return None
