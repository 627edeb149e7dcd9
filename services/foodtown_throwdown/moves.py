"""Foodtown Throwdown's moves, declared once (shared.moves): the runtime checks every move's shape
against them before the rules see it, and docs and clients read their schema."""
from __future__ import annotations

from dataclasses import dataclass

from shared.moves import MoveSet


@dataclass(frozen=True)
class Draw:
    """Begin your turn by drawing the top card of the play deck."""


@dataclass(frozen=True)
class Complete:
    """Complete a displayed recipe with ingredient cards from your hand whose types match it
    (`cards` may be left out: the game then picks matching cards)."""

    recipe: str
    cards: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Play:
    """Play a territory or publicity card in front of you, or an action card (one a turn) at an
    opponent (`target`, a player's name); Hostile Takeover picks a card in front of them and Bad
    Review a recipe on their menu (`pick`)."""

    card: str
    target: str | None = None
    pick: str | None = None


@dataclass(frozen=True)
class DiscardTwo:
    """Discard any two cards from your hand to draw one new card."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class Discard:
    """Discard the cards asked for: down to the hand limit at the end of your turn, or two
    ingredient cards when a Health Inspection targets you."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class Pass:
    """End your turn (discarding down to the hand limit first if you hold too many cards)."""


MOVES = MoveSet({"draw": Draw, "complete": Complete, "play": Play, "discard_two": DiscardTwo,
                 "discard": Discard, "pass": Pass})
