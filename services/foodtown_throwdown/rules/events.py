"""What happened in a game of Foodtown Throwdown. Seats are indices into the players tuple.
Events carry the outcome decide worked out, so evolve only copies it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameStarted:
    players: tuple[str, ...]
    options: dict[str, Any]  # every option, defaults filled in
    first: int  # the first player


@dataclass(frozen=True)
class DeckShuffled:
    """A deck's new order, top card first. Secret: views show only its size."""

    deck: str  # "recipes" or "play" (the play deck is the shuffled discard pile after k=0)
    k: int
    order: tuple[str, ...]


@dataclass(frozen=True)
class CardsDealt:
    hands: tuple[tuple[str, ...], ...]  # every seat's hand (from the top of the play deck)


@dataclass(frozen=True)
class RecipesFlipped:
    recipes: tuple[str, ...]  # from the top of the recipe deck to the display (public)


@dataclass(frozen=True)
class TurnStarted:
    seat: int
    turn: int  # 1, 2, ... counting every seat's turn (skipped turns too)


@dataclass(frozen=True)
class TurnSkipped:
    seat: int
    turn: int


@dataclass(frozen=True)
class CardDrawn:
    seat: int
    card: str  # seen only by the drawer
    reason: str  # "turn" (start of turn), "trade" (after discarding two) or "mix-up" (Menu Mix-Up)


@dataclass(frozen=True)
class DeckRanOut:
    """The play deck is empty while `seat` must draw: the discard pile is to be shuffled."""

    seat: int
    reason: str
    count: int = 1  # cards still to draw once it is shuffled (a Menu Mix-Up draws several)


@dataclass(frozen=True)
class NothingDrawn:
    """Play deck and discard pile are both empty (every card is in hands or in front of players)."""

    seat: int
    reason: str


@dataclass(frozen=True)
class RecipeCompleted:
    seat: int
    recipe: str
    cards: tuple[str, ...]  # the ingredients used, now in front of the player
    stars: int  # the recipe's stars


@dataclass(frozen=True)
class CardPlayed:
    """A territory or publicity card put in front of its player."""

    seat: int
    card: str
    kind: str  # "territory" or "publicity"
    at_once: bool  # played right after being drawn (the rulebook's "as soon as they are drawn")


@dataclass(frozen=True)
class ActionPlayed:
    seat: int
    card: str
    effect: str
    target: int
    pick: str | None  # the card (remove) or recipe (review) picked


@dataclass(frozen=True)
class DiscardDemanded:
    """A Health Inspection: `seat` must now choose two ingredient cards to discard."""

    seat: int
    count: int


@dataclass(frozen=True)
class CardsDiscarded:
    seat: int
    cards: tuple[str, ...]  # face up on the discard pile: public
    reason: str  # "trade", "inspection", "hand-limit" or "mix-up"


@dataclass(frozen=True)
class TableCardDiscarded:
    """A Hostile Takeover: a territory or publicity card in front of `seat` goes to the discard
    pile (its stars are lost; the player of the action gains none)."""

    seat: int  # whose table loses it
    card: str


@dataclass(frozen=True)
class RecipeClosed:
    seat: int  # whose menu loses it
    recipe: str  # leaves the game
    cards: tuple[str, ...]  # its ingredients, to the discard pile


@dataclass(frozen=True)
class HandLimitReached:
    seat: int
    excess: int  # how many cards to discard


@dataclass(frozen=True)
class TurnEnded:
    seat: int
    stars: tuple[int, ...]  # every seat's stars at the end of the turn


@dataclass(frozen=True)
class GameEnded:
    reason: str  # "stars", "recipes-out" or "turn-limit"
    stars: tuple[int, ...]
    placings: tuple[int, ...]  # 1 = best, equal places for ties


# Events of the rules before issue 31 ("Action cards ... do not award any stars"): no longer
# decided, kept so that games stored before the change replay and verify as they were played.
@dataclass(frozen=True)
class TableCardTaken:
    """Legacy: a Hostile Takeover moved a card from `owner`'s table to `seat`'s."""

    seat: int  # the new owner
    owner: int  # the former owner
    card: str


@dataclass(frozen=True)
class HandsSwapped:
    """Legacy: a Menu Mix-Up swapped two hands; each sees its own."""

    seat: int
    target: int
    hands: tuple[tuple[str, ...], ...]  # (seat's new hand, target's new hand)


LEGACY_EVENT_TYPES = (TableCardTaken, HandsSwapped)

EVENT_TYPES = (GameStarted, DeckShuffled, CardsDealt, RecipesFlipped, TurnStarted, TurnSkipped,
               CardDrawn, DeckRanOut, NothingDrawn, RecipeCompleted, CardPlayed, ActionPlayed,
               DiscardDemanded, CardsDiscarded, TableCardDiscarded, RecipeClosed,
               HandLimitReached, TurnEnded, GameEnded, *LEGACY_EVENT_TYPES)
