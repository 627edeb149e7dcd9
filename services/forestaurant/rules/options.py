"""Game options ("Game Variations"): names, presets and the checks that refuse bad options."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from shared.moves import quote
from shared.rules import InvalidSetup

# "Easier game: Cover only 1 star ... Choose 4 or 3 instead of 5 ... Players may ignore placing a
# cloud token on guests who are already eating their meal." / "More difficult game: ... cover 3
# stars ... collect 6 or 7 satisfied guests from each species instead of 5."
# CHOICE: the three named presets. `normal` is the rulebook's standard game.
PRESETS: dict[str, dict[str, Any]] = {
    "easy": {"stars_covered": 1, "satisfied_needed": 4, "ignore_eating_clouds": True},
    "normal": {"stars_covered": 2, "satisfied_needed": 5, "ignore_eating_clouds": False},
    "hard": {"stars_covered": 3, "satisfied_needed": 6, "ignore_eating_clouds": False},
}
OPTION_NAMES = ("difficulty", "stars_covered", "satisfied_needed", "ignore_eating_clouds")


@dataclass(frozen=True)
class Options:
    stars_covered: int = 2
    satisfied_needed: int = 5
    ignore_eating_clouds: bool = False

    @property
    def difficulty(self) -> str:
        """The preset these settings equal, or "custom"."""
        for name, preset in PRESETS.items():
            if all(getattr(self, k) == v for k, v in preset.items()):
                return name
        return "custom"

    def as_dict(self) -> dict[str, Any]:
        return {"stars_covered": self.stars_covered, "satisfied_needed": self.satisfied_needed,
                "ignore_eating_clouds": self.ignore_eating_clouds}


def _shown(value: Any) -> str:
    """A client's option value, short: numbers and true/false as they are, texts quoted."""
    if isinstance(value, (bool, int, float)):
        return str(value).lower() if isinstance(value, bool) else str(value)
    return quote(value)


def parse_options(options: Mapping[str, Any] | None) -> Options:
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTION_NAMES))
    if unknown:
        raise InvalidSetup(f"unknown option(s) {', '.join(map(repr, unknown))}; "
                           f"known options: {', '.join(OPTION_NAMES)}", key="unknown-option",
                           options=[str(u)[:24] for u in unknown], known=list(OPTION_NAMES))
    difficulty = options.pop("difficulty", "normal")
    if difficulty not in PRESETS:
        raise InvalidSetup(f"option difficulty must be one of {', '.join(PRESETS)}, got {_shown(difficulty)}",
                           key="bad-difficulty", choices=list(PRESETS), value=_shown(difficulty))
    values = dict(PRESETS[difficulty])
    stars = options.get("stars_covered", values["stars_covered"])
    if not isinstance(stars, int) or isinstance(stars, bool) or stars not in (1, 2, 3):
        raise InvalidSetup(f"option stars_covered must be 1, 2 or 3 (Game Variations), got {_shown(stars)}",
                           key="bad-stars-covered", value=_shown(stars))
    needed = options.get("satisfied_needed", values["satisfied_needed"])
    if not isinstance(needed, int) or isinstance(needed, bool) or not 3 <= needed <= 7:
        raise InvalidSetup(f"option satisfied_needed must be 3 to 7 (Game Variations), got {_shown(needed)}",
                           key="bad-satisfied-needed", value=_shown(needed))
    ignore = options.get("ignore_eating_clouds", values["ignore_eating_clouds"])
    if not isinstance(ignore, bool):
        raise InvalidSetup(f"option ignore_eating_clouds must be true or false, got {_shown(ignore)}",
                           key="bad-ignore-eating-clouds", value=_shown(ignore))
    return Options(stars_covered=stars, satisfied_needed=needed, ignore_eating_clouds=ignore)
