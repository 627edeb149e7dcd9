"""What happened in a game of Forestaurant. Seats index the players tuple; tables are 0..8 row
by row from the top-left. Events carry the outcome decide worked out, so evolve only copies it.
Cloud tokens move only through CloudMoved, so their count of 12 is kept by construction."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# where a cloud can be
MUSHROOMS, STARS, GUEST = "mushrooms", "stars", "guest"


@dataclass(frozen=True)
class Pending:
    """A draw that stopped because its pile ran out; it goes on after the pile's reshuffle.
    kind: "turn_draw" (the card that starts a turn), "end_draw" (the cards at the end of a turn),
    "order" (menus for the guest at `table`), "purchase" (`remaining` ingredients of `pile`)."""

    kind: str
    seat: int
    table: int = -1
    pile: str = ""
    remaining: int = 0


@dataclass(frozen=True)
class Contribution:
    seat: int
    cards: tuple[str, ...]
    ingredients: tuple[str, ...]


@dataclass(frozen=True)
class GameStarted:
    players: tuple[str, ...]
    options: dict[str, Any]  # every option, defaults filled in
    difficulty: str
    first: int  # the first active player
    mushrooms: int  # clouds on the mushrooms
    stars: int  # clouds on the stars


@dataclass(frozen=True)
class DeckShuffled:
    """A deck (animals, menus, vegetables, meats) was shuffled: `order` top first. A reshuffle
    makes the discards the new deck; the animals' reshuffle keeps only `kept` cards, the rest
    leave the game. Secret: event_view shows only the deck, k and the count."""

    deck: str
    k: int
    order: tuple[str, ...]
    kept: int


@dataclass(frozen=True)
class EarlyBirdSeated:
    table: int
    card: str  # from the top of the animal deck
    bell: bool


@dataclass(frozen=True)
class HandsDealt:
    hands: tuple[tuple[str, ...], ...]  # per seat, from the top of the animal deck; secret


@dataclass(frozen=True)
class CardsDrawn:
    seat: int
    cards: tuple[str, ...]  # from the top of the animal deck; secret but for the seat
    why: str  # "turn" (the card that marks the line) or "end" (end of turn)


@dataclass(frozen=True)
class TurnStarted:
    seat: int
    turn: int
    value: int  # the drawn card's value: public, it marks the line
    line: tuple[int, ...]


@dataclass(frozen=True)
class GuestSeated:
    table: int
    seat: int
    card: str  # from the seat's hand
    free: bool  # a free-seating action (True) or the event of an empty table
    # Records written before issue 31 seated guests with their bell at once; new records say
    # False (a guest at the table rings at its table's next event, BellPlaced). The default keeps
    # the old records replaying as they were played.
    bell: bool = True


@dataclass(frozen=True)
class BellPlaced:
    """"The guests have decided what to eat so they are calling a waiter to take their order.
    Place a bell token on the animal card." (the event of a table with a guest at it)"""

    table: int


@dataclass(frozen=True)
class SeatingSkipped:
    table: int
    seat: int


@dataclass(frozen=True)
class EventResolved:
    table: int


@dataclass(frozen=True)
class PhaseChanged:
    phase: str


@dataclass(frozen=True)
class CloudMoved:
    table: int  # the guest's table, -1 when no guest is involved
    src: str  # mushrooms, stars or guest
    dst: str
    reason: str  # in English, for logs
    # why, for the texts: patience-order, patience-meal (a table's event), neighbour, order, cooking
    # (predator/prey or same species), unsatisfied, semi-satisfied, semi-step (a leaving guest),
    # step (a new 5-step of satisfied guests); "" in records older than the texts
    cause: str = ""
    about: str = ""  # the card seated next to the guest or paying its order; the species of a step


@dataclass(frozen=True)
class GuestLeft:
    table: int
    card: str
    outcome: str  # "satisfied", "semi-satisfied" (both go to the satisfied row) or "unsatisfied"
    menu: str  # to the menu discard pile


@dataclass(frozen=True)
class CardPaid:
    seat: int
    card: str  # from the hand to the animal discard pile (face up)
    action: str  # "order" or "purchase"


@dataclass(frozen=True)
class MenusDrawn:
    table: int
    cards: tuple[str, ...]  # from the top of the face-up menu deck, set aside


@dataclass(frozen=True)
class OrderTaken:
    table: int
    menu: str  # the first menu of the guest's species, placed face up
    discarded: tuple[str, ...]  # the others drawn, to the menu discard pile


@dataclass(frozen=True)
class IngredientsDrawn:
    seat: int
    pile: str
    tokens: tuple[str, ...]


@dataclass(frozen=True)
class PileRanOut:
    pile: str  # animals, menus, vegetables or meats: waits for its reshuffle
    pending: Pending


@dataclass(frozen=True)
class CookProposed:
    seat: int
    table: int
    cards: tuple[str, ...]  # shown on the table while the proposal is open
    ingredients: tuple[str, ...]


@dataclass(frozen=True)
class HelpOffered:
    seat: int
    cards: tuple[str, ...]
    ingredients: tuple[str, ...]


@dataclass(frozen=True)
class HelpDeclined:
    seat: int


@dataclass(frozen=True)
class CookWithdrawn:
    seat: int  # the proposal's table may not be proposed again this turn (State.withdrawn)


@dataclass(frozen=True)
class MealCooked:
    table: int
    contributions: tuple[Contribution, ...]  # the active player's first


@dataclass(frozen=True)
class IngredientDiscarded:
    seat: int
    token: str


@dataclass(frozen=True)
class GameEnded:
    won: bool
    reason: str  # "satisfied" / "mushrooms" (wins), "chaos" / "bankrupt" / "time" (losses)
    score: int
    # what closed the restaurant ("no more left on the mushrooms and even more would be needed",
    # "all the stars are already covered but players would have to cover more"): the table whose
    # guests needed that cloud or star, why (CloudMoved's causes: patience-order, patience-meal,
    # neighbour, order, cooking, or unsatisfied / semi-satisfied for leaving guests) and the card
    # that touched them. -1 and "" for the other ends, and in records written before they were kept.
    table: int = -1
    cause: str = ""
    about: str = ""


EVENT_TYPES = (GameStarted, DeckShuffled, EarlyBirdSeated, HandsDealt, CardsDrawn, TurnStarted,
               GuestSeated, BellPlaced, SeatingSkipped, EventResolved, PhaseChanged, CloudMoved, GuestLeft,
               CardPaid, MenusDrawn, OrderTaken, IngredientsDrawn, PileRanOut, CookProposed,
               HelpOffered, HelpDeclined, CookWithdrawn, MealCooked, IngredientDiscarded, GameEnded)
