"""Game options: names, defaults and the checks that turn a bad option into InvalidSetup."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from shared.moves import quote
from shared.rules import InvalidSetup

OPTION_NAMES = ("boot_camp", "non_native_tie", "vp_to_win")
NON_NATIVE_TIES = ("none", "all")


@dataclass(frozen=True)
class Options:
    # "for your first game, just use the cards you were dealt to build your Army instead"
    boot_camp: bool = False
    # A tie for the highest Yumminess where no tied troop is native: "none" (nobody takes a
    # chip) or "all" (each tied player takes one). See docs/food-fight.md.
    non_native_tie: str = "none"
    # "Earn 10 Victory Points."
    vp_to_win: int = 10

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in OPTION_NAMES}


def _shown(value: Any) -> str:
    """A bad option's value as a refusal quotes it (short: it came from a client)."""
    return quote(value) if isinstance(value, str) else str(value)[:24]


def parse_options(options: Mapping[str, Any] | None) -> Options:
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTION_NAMES))
    if unknown:
        raise InvalidSetup(f"unknown option(s) {', '.join(map(repr, unknown))}; "
                           f"known options: {', '.join(OPTION_NAMES)}", key="unknown-options",
                           options=[quote(u) for u in unknown], known=list(OPTION_NAMES))
    boot = options.get("boot_camp", False)
    if not isinstance(boot, bool):
        raise InvalidSetup(f"option boot_camp must be true or false, got {boot!r}",
                           key="option-boot-camp", value=_shown(boot))
    tie = options.get("non_native_tie", "none")
    if tie not in NON_NATIVE_TIES:
        raise InvalidSetup(f"option non_native_tie must be one of {', '.join(NON_NATIVE_TIES)}, "
                           f"got {tie!r}", key="option-non-native-tie", value=_shown(tie),
                           choices=list(NON_NATIVE_TIES))
    vp = options.get("vp_to_win", 10)
    if isinstance(vp, float) and vp.is_integer():
        vp = int(vp)
    if isinstance(vp, bool) or not isinstance(vp, int) or not 1 <= vp <= 54:
        raise InvalidSetup(f"option vp_to_win must be a whole number 1..54, got {vp!r}",
                           key="option-vp-to-win", value=_shown(vp))
    return Options(boot_camp=boot, non_native_tie=tie, vp_to_win=vp)
