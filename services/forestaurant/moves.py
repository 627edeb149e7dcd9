"""Forestaurant's moves, declared once (shared.moves). Tables are numbered 0..8 row by row from
the top-left; cards are animal card ids such as "bear-3", ingredients token kinds such as "fish"."""
from __future__ import annotations

from dataclasses import dataclass

from shared.moves import MoveSet


@dataclass(frozen=True)
class ResolveEvent:
    """Resolve the event of one marked table (in the order you like). At an empty table guests
    sit down from your hand: give the card, unless none fits or your hand is at the minimal size."""

    table: int
    card: str | None = None


@dataclass(frozen=True)
class Seat:
    """Action, free seating: seat this card (it pays for the action) at an empty table with
    enough chairs; its four neighbours react (predator/prey +1 cloud, same species -1)."""

    table: int
    card: str


@dataclass(frozen=True)
class TakeOrder:
    """Action, taking an order: discard this card and draw face-up menus until the first of the
    guest's species; it goes face up on the guest."""

    table: int
    card: str


@dataclass(frozen=True)
class Purchase:
    """Action, purchasing ingredients: discard this card, draw as many ingredients as its value
    (green/blue: vegetables, red/yellow: meats)."""

    card: str


@dataclass(frozen=True)
class Cook:
    """Action, cooking alone: discard the menu's two ingredients and cards whose values reach the
    guest's value."""

    table: int
    cards: tuple[str, ...]
    ingredients: tuple[str, ...]


@dataclass(frozen=True)
class ProposeCook:
    """Cooking together: put your part on the table (at least one card); the others may offer
    help until you commit or withdraw."""

    table: int
    cards: tuple[str, ...]
    ingredients: tuple[str, ...] = ()


@dataclass(frozen=True)
class OfferHelp:
    """Offer cards (and required ingredients, no more than your cards) for the proposed meal."""

    cards: tuple[str, ...]
    ingredients: tuple[str, ...] = ()


@dataclass(frozen=True)
class DeclineHelp:
    """Do not help with the proposed meal."""


@dataclass(frozen=True)
class CommitCook:
    """Cook the proposed meal with your part and the offers of the players named in `accept`."""

    accept: tuple[str, ...] = ()


@dataclass(frozen=True)
class WithdrawCook:
    """Take back the proposal; nobody discards anything."""


@dataclass(frozen=True)
class DiscardIngredient:
    """End of turn: discard one ingredient token above the storage limit."""

    token: str


MOVES = MoveSet({"resolve_event": ResolveEvent, "seat": Seat, "take_order": TakeOrder,
                 "purchase": Purchase, "cook": Cook, "propose_cook": ProposeCook,
                 "offer_help": OfferHelp, "decline_help": DeclineHelp, "commit_cook": CommitCook,
                 "withdraw_cook": WithdrawCook, "discard_ingredient": DiscardIngredient})
