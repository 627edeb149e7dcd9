"""Game options: names, defaults and the checks that turn a bad option into InvalidSetup."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from shared.rules import InvalidSetup

from .cards import Table, catalogue, table_for
from .shown import shown

RECIPE_CHOICES = ("simultaneous", "sequential")
OPTION_NAMES = ("edition", "recipe_choice", "trash_keeps_colour", "missing_cards", "scoring")


def _offered() -> tuple[tuple[str, Any, tuple[Any, ...]], ...]:
    """(name, default, every value of any edition) of each option, as tables are offered them:
    `missing_cards` applies to the English edition only, `scoring` values per edition."""
    editions = catalogue().editions
    en = editions["en"]
    scorings = tuple(dict.fromkeys(s for e in editions.values() for s in e.scorings))
    return (("edition", "en", tuple(editions)),
            ("recipe_choice", "simultaneous", RECIPE_CHOICES),
            ("trash_keeps_colour", False, (False, True)),
            ("missing_cards", en.unlisted_cards[0], en.unlisted_cards),
            ("scoring", en.default_scoring, scorings))


OPTIONS = _offered()
# "missing_cards applies to the English edition only, scoring values per edition": each is
# offered while the edition is one that has a choice of it (DescribeGame's `only_with`): cards its
# listing leaves out, more than one scoring; with any other edition the option can only be its
# edition's own (`parse_options` refuses any other value).
ONLY_WITH = {
    "missing_cards": (("edition", tuple(name for name, spec in catalogue().editions.items()
                                        if spec.unlisted_cards)),),
    "scoring": (("edition", tuple(name for name, spec in catalogue().editions.items()
                                  if len(spec.scorings) > 1)),),
}


@dataclass(frozen=True)
class Options:
    edition: str = "en"
    recipe_choice: str = "simultaneous"  # "sequential" is the rulebook's Variant
    trash_keeps_colour: bool = False
    missing_cards: str | None = None  # None for an edition whose listing is complete
    scoring: str = "de-description"

    def table(self) -> Table:
        return table_for(self.edition, self.missing_cards, self.scoring, self.trash_keeps_colour)

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in OPTION_NAMES if getattr(self, k) is not None}


def _choice(options: Mapping[str, Any], name: str, allowed, default):
    value = options.get(name, default)
    if value not in allowed or isinstance(value, bool) != isinstance(default, bool):
        values = [repr(a) for a in allowed]
        raise InvalidSetup(f"option {name} must be one of {', '.join(values)}, got {shown(value)}",
                           key="bad-option", option=name, allowed=values, value=shown(value))
    return value


def parse_options(options: Mapping[str, Any] | None) -> Options:
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTION_NAMES))
    if unknown:
        names = [shown(u) for u in unknown]
        raise InvalidSetup(f"unknown option(s) {', '.join(names)}; "
                           f"known options: {', '.join(OPTION_NAMES)}",
                           key="unknown-options", options=names, known=list(OPTION_NAMES))
    editions = catalogue().editions
    edition = _choice(options, "edition", tuple(editions), "en")
    spec = editions[edition]
    if spec.unlisted_cards:
        missing = _choice(options, "missing_cards", spec.unlisted_cards, spec.unlisted_cards[0])
    elif "missing_cards" in options:
        raise InvalidSetup(f"option missing_cards does not apply to edition {edition!r}: "
                           "its deck lists every card", key="option-not-for-edition",
                           option="missing_cards", edition=edition)
    else:
        missing = None
    return Options(
        edition=edition,
        recipe_choice=_choice(options, "recipe_choice", RECIPE_CHOICES, "simultaneous"),
        trash_keeps_colour=_choice(options, "trash_keeps_colour", (False, True), False),
        missing_cards=missing,
        scoring=_choice(options, "scoring", tuple(spec.scorings), spec.default_scoring),
    )
