"""Food Fight's moves, declared once (shared.moves): the runtime checks every move's shape
against them before the rules see it, and docs and clients read their schema."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from shared.moves import MoveSet


@dataclass(frozen=True)
class Pick:
    """Draft: keep one card of the packet you hold (a card id of the view's `draft.packet`);
    the rest is passed on."""

    card: str


@dataclass(frozen=True)
class PlateArmy:
    """Put a plate on an Army of up to five troops from your hand, for a Meal that has a
    Battlefield this Day. The order of `troops` does not matter: armies are shuffled before the
    Meal. `mascots`: Instants that say "Play during plating", played face down with the plate."""

    meal: Literal["breakfast", "lunch", "dinner"]
    troops: tuple[str, ...]
    mascots: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayInstant:
    """In the Instant round, on your turn: play an Instant from your hand. `target` is one of
    your current troops (a troop id) when the Instant boosts a troop."""

    card: str
    target: str | None = None


@dataclass(frozen=True)
class DiscardToTroop:
    """In the Instant round, on your turn: discard cards from your hand to your current
    troop's discard power (all at once, once per Serving, not after you passed)."""

    troop: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Pass:
    """In the Instant round: play nothing more for now (the round ends when everyone passes
    in a row)."""


@dataclass(frozen=True)
class AutoPass:
    """On your turn: whether the rules pass for you in an Instant round when you can play
    nothing (no Instant with a target, no discard). The table sees such a pass marked
    automatic. Once between two of your moves."""

    on: bool


MOVES = MoveSet({"pick": Pick, "plate": PlateArmy, "instant": PlayInstant,
                 "discard": DiscardToTroop, "pass": Pass, "auto_pass": AutoPass})
