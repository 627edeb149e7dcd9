"""What happened in a game of Food Fight. Seats are indices into the players tuple. Events carry
the outcome decide worked out (who took a chip, the new VP), so evolve only copies it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameStarted:
    players: tuple[str, ...]
    options: dict[str, Any]  # every option, defaults filled in


@dataclass(frozen=True)
class ShuffleRequested:
    """The game waits for the deck service to shuffle `deck` (dog, battlefields, main,
    army-<player name>)."""
    deck: str
    # the cards to shuffle, canonical (sorted) order; for an Army and a reshuffle of the Main
    # deck's discards, positions ("army-slot-1", "discard-slot-001" ...) that hide the cards
    cards: tuple[str, ...]


@dataclass(frozen=True)
class DeckShuffled:
    deck: str
    k: int  # how many shuffles of this deck came before
    order: tuple[str, ...]  # top card first: secret, redacted in every view
    # a shuffle of positions: the positions' order as shuffled (`order` is their cards in that
    # order); empty when the cards themselves were shuffled. Secret, redacted in every view.
    positions: tuple[str, ...] = ()


@dataclass(frozen=True)
class BattlefieldsRevealed:
    day: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class CardsDealt:
    day: int
    hands: tuple[tuple[str, ...], ...]  # per seat, in deal order: each seat sees only its own
    draft: bool  # false: Boot Camp, the dealt cards are the hand


@dataclass(frozen=True)
class CardPicked:
    seat: int
    card: str  # seen only by the picker
    auto: bool  # the last card of a packet is taken without a move


@dataclass(frozen=True)
class PacketsPassed:
    direction: int  # +1: to the left (next seat clockwise), -1: to the right


@dataclass(frozen=True)
class DraftCompleted:
    day: int


@dataclass(frozen=True)
class ArmyPlated:
    seat: int
    meal: str  # secret until PlatesRevealed
    troops: tuple[str, ...]  # secret
    mascots: tuple[str, ...]  # plating instants played face down with the plate: secret


@dataclass(frozen=True)
class PlatesRevealed:
    meals: tuple[str, ...]  # per seat
    army_sizes: tuple[int, ...]
    mascots: tuple[tuple[str, ...], ...]  # per seat, now public


@dataclass(frozen=True)
class BattlefieldsReturned:
    """Nobody fought for these Battlefields: they go to the bottom of the Battlefield deck."""
    meal: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class MealStarted:
    meal: str
    battlefields: tuple[str, ...]
    fighters: tuple[int, ...]  # seats, clockwise
    dog: bool  # The Dog takes part (a lone Army, or summoned)
    lone: bool  # one Army fights The Dog: it needs 3 Servings of 5


@dataclass(frozen=True)
class ServingRevealed:
    serving: int  # 1..5
    troops: tuple[tuple[str, ...], ...]  # per seat: the troops revealed (joined ones after)
    dog_card: str | None
    priority: tuple[int, ...]  # the Instant round's order: lowest Yumminess first, then clockwise


@dataclass(frozen=True)
class InstantPlayed:
    seat: int
    card: str
    target: str | None  # troop id
    target_index: int | None  # the troop's place in its army's reveal order


@dataclass(frozen=True)
class CardsDiscarded:
    seat: int
    troop: str
    troop_index: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Passed:
    seat: int
    # passed by the rules for a seat that chose to pass automatically and could play nothing
    # (no Instant with a target, no discard): the table sees that it had nothing
    auto: bool = False


@dataclass(frozen=True)
class AutoPassChosen:
    """A seat chose whether the rules pass for it in an Instant round when it can play nothing."""
    seat: int
    on: bool


@dataclass(frozen=True)
class BattlefieldDrawn:
    seat: int
    card: str
    to_meal: bool  # true: joins the Meal's Battlefields; false: the player keeps it
    vp: tuple[int, ...]  # every seat's VP afterwards


@dataclass(frozen=True)
class ServingScored:
    serving: int
    yumminess: dict[str, int]  # player name (or "the-dog") -> final Yumminess this Serving
    chips: tuple[str, ...]  # who took a scoring chip (names, "the-dog")
    reason: str


@dataclass(frozen=True)
class MealTied:
    """Several players share the most chips: The Dog deck is shuffled for them to draw."""
    meal: str
    seats: tuple[int, ...]
    chips: dict[str, int]


@dataclass(frozen=True)
class DogDrawn:
    """Tied leaders each draw from a freshly shuffled Dog deck; the high card wins."""
    seats: tuple[int, ...]
    cards: tuple[str, ...]
    winner: int


@dataclass(frozen=True)
class MealWon:
    meal: str
    winner: int | None  # None: the Battlefields go to the bottom of the deck
    battlefields: tuple[str, ...]
    chips: dict[str, int]
    vp: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class DayEnded:
    day: int


@dataclass(frozen=True)
class GameEnded:
    vp: tuple[int, ...]
    placings: tuple[int, ...]
    reason: str
    # the Victory Points that end the game (the table's vp_to_win, "Earn 10 Victory Points"),
    # so that the end's line names the target a table played to; 0: an event from before it
    vp_to_win: int = 0


EVENT_TYPES = (GameStarted, ShuffleRequested, DeckShuffled, BattlefieldsRevealed, CardsDealt,
               CardPicked, PacketsPassed, DraftCompleted, ArmyPlated, PlatesRevealed,
               BattlefieldsReturned, MealStarted, ServingRevealed, InstantPlayed, CardsDiscarded,
               Passed, AutoPassChosen, BattlefieldDrawn, ServingScored, MealTied, DogDrawn, MealWon, DayEnded, GameEnded)
