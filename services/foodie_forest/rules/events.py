"""What happened in a game of Foodie Forest. Seats are indices into the players tuple; a deal
is numbered 1..5. Events carry the outcome decide worked out, so evolve only copies it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameStarted:
    players: tuple[str, ...]
    options: dict[str, Any]  # every option, defaults filled in
    points: tuple[int, ...]  # starting victory points per seat
    recipes: tuple[str, ...]  # the recipes every player holds
    dealer: int  # the first Dealer


@dataclass(frozen=True)
class CardsDealt:
    deal: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]  # every seat's hand, sorted: views show each seat its own
    set_aside: tuple[str, ...]  # unseen by everyone


@dataclass(frozen=True)
class RecipeChosen:
    deal: int
    seat: int
    recipe: str
    face_down: bool  # true while the others may not see it yet


@dataclass(frozen=True)
class RecipesRevealed:
    deal: int
    recipes: tuple[str, ...]  # per seat
    leader: int  # leads the first trick


@dataclass(frozen=True)
class CardPlayed:
    seat: int
    card: str
    total: int  # the pot's total after this card
    required_colour: str | None  # None: any colour may be played
    next_seat: int  # who plays next (the taker leads again when this card fills the pot)


@dataclass(frozen=True)
class LastCardAnnounced:
    seat: int


@dataclass(frozen=True)
class TrickTaken:
    seat: int
    cards: tuple[str, ...]
    total: int


@dataclass(frozen=True)
class TrickPutAside:
    """No one wins it: the player to act had no card left."""

    seat: int  # the player who could not play
    cards: tuple[str, ...]


@dataclass(frozen=True)
class DealScored:
    deal: int
    recipes: tuple[str, ...]  # per seat; spent for the rest of the game
    gains: tuple[int, ...]  # per seat, may be negative
    points: tuple[int, ...]  # per seat after the deal, never below 0
    next_dealer: int


@dataclass(frozen=True)
class GameEnded:
    points: tuple[int, ...]
    winners: tuple[int, ...]  # seats sharing the most points


EVENT_TYPES = (GameStarted, CardsDealt, RecipeChosen, RecipesRevealed, CardPlayed,
               LastCardAnnounced, TrickTaken, TrickPutAside, DealScored, GameEnded)
