"""Game options: names, defaults and the checks that turn a bad option into InvalidSetup.

Every option fills in a place where the rulebook is silent or that a table may want to change;
docs/foodtown-throwdown.md explains each."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Mapping

from shared.moves import quote
from shared.rules import InvalidSetup


@dataclass(frozen=True)
class Options:
    # "The first player to have ten stars at the end of their turn ... is the winner!"
    target_stars: int = 10
    # "The maximum hand size is eight cards."
    hand_limit: int = 8
    # CHOICE (the rulebook has no end but ten stars): after this many rounds (every seat's turn,
    # skipped turns included) the game ends and the players are placed by their stars.
    max_rounds: int = 30

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


LIMITS = {"target_stars": (1, 50), "hand_limit": (4, 20), "max_rounds": (1, 200)}


def parse_options(options: Mapping[str, Any] | None) -> Options:
    options = dict(options or {})
    unknown = sorted(set(options) - set(LIMITS))
    if unknown:
        raise InvalidSetup(f"unknown option(s) {', '.join(quote(u) for u in unknown)}; "
                           f"known options: {', '.join(LIMITS)}", key="unknown-option",
                           options=[quote(u) for u in unknown], known=list(LIMITS))
    for name, value in options.items():
        low, high = LIMITS[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            shown = f"{value!r:.24}" if isinstance(value, (int, float)) else quote(value)
            raise InvalidSetup(f"option {name} must be a whole number from {low} to {high}, got {shown}",
                               key="bad-option", option=name, low=low, high=high, value=shown)
    return Options(**options)
