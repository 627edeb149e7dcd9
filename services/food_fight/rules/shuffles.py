"""Which cards a shuffle puts in order, when a deck's own cards are secret and it is shuffled as
positions instead."""
from __future__ import annotations

from .cards import catalogue
from .state import State

# The deck service logs SHA-256 of every card list it shuffles in a transparency log anyone may
# read during the game (docs/shuffle-spec.md section 7). A list that holds secret cards would
# give them away: an Army is at most five troops of a few dozen kinds, so its hash is found by
# trying them all. Such decks are shuffled as positions ("army-slot-2" is the plate's second
# troop) that say nothing about the cards, and `resolve_chance` puts the cards in the shuffled
# order of their positions, from what the state keeps privately.
ARMY_SLOT = "army-slot-"
DISCARD_SLOT = "discard-slot-"


def army_slots(size: int) -> tuple[str, ...]:
    """The positions an Army of `size` troops is shuffled as. The size is no secret: the Army
    is shuffled when its Meal starts, after PlatesRevealed has shown every plate's size."""
    return tuple(f"{ARMY_SLOT}{i}" for i in range(1, size + 1))


def discard_slots(count: int) -> tuple[str, ...]:
    """The positions a reshuffle of the Main deck's `count` discards is shuffled as. The discard
    pile is not public: at the end of a Day the cards left in every hand go there unseen, so its
    card list would tell which cards those hands held and, with the catalogue, which cards are
    still in the Main deck (the next deal). Its size is public (every view's `decks`). The
    numbers have leading zeros so that the positions' canonical (sorted) order is 1, 2, 3 ..."""
    width = len(str(len(catalogue().main)))
    return tuple(f"{DISCARD_SLOT}{i:0{width}d}" for i in range(1, count + 1))


def hidden_cards(state: State, deck: str) -> tuple[str, ...] | None:
    """The cards a shuffle of positions of `deck` orders (position i is the i-th of them), or
    None when the deck's own cards are shuffled. Deterministic from the state, so a replay
    puts the cards in the same order as the live game did."""
    if deck.startswith("army-"):
        # the plate's troops in the order the plate stored them (the order of the move)
        return state.plates[state.players.index(deck[len("army-"):])].troops
    if deck == "main" and state.shuffle_count("main") > 0:  # a reshuffle of the discards
        return tuple(sorted(state.discard))
    return None


def position(token: str) -> int:
    return int(token.rsplit("-", 1)[1]) - 1
