"""The state of a game and `evolve`, which only copies what an event says happened."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.rules import replace_state, set_at

from .events import (ActionPlayed, CardDrawn, CardPlayed, CardsDealt, CardsDiscarded, DeckRanOut,
                     DeckShuffled, DiscardDemanded, GameEnded, GameStarted, HandLimitReached,
                     NothingDrawn, RecipeClosed, RecipeCompleted, RecipesFlipped,
                     TableCardDiscarded, TurnEnded, TurnSkipped, TurnStarted)
from .events import HandsSwapped, TableCardTaken  # legacy: games stored before issue 31
from .options import Options

# phases
SETUP = "setup"  # before GameStarted
DEALING = "dealing"  # waiting for the two opening shuffles
DRAW = "draw"  # the player to act begins their turn by drawing
MAIN = "main"  # the player to act makes any number of moves, then passes
SHUFFLING = "shuffling"  # the play deck ran out: the discard pile is being shuffled
INSPECTION = "inspection"  # a Health Inspection's target chooses two ingredients to discard
HAND_LIMIT = "hand-limit"  # the player ending their turn discards down to the hand limit
OVER = "over"

Menu = tuple[tuple[str, tuple[str, ...]], ...]  # (recipe, ingredient cards) in completion order


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    phase: str = SETUP
    first: int = 0
    recipe_deck: tuple[str, ...] = ()  # top first
    display: tuple[str, ...] = ()
    closed: tuple[str, ...] = ()  # recipes out of the game (Bad Review)
    play_deck: tuple[str, ...] = ()  # top first
    discard: tuple[str, ...] = ()  # oldest first, face up
    shuffles: tuple[tuple[str, int], ...] = ()  # (deck, shuffles so far)
    hands: tuple[tuple[str, ...], ...] = ()
    menus: tuple[Menu, ...] = ()
    tables: tuple[tuple[str, ...], ...] = ()  # territories and publicity in front of each seat
    current: int = 0
    turn: int = 0
    action_used: bool = False
    just_drawn: str | None = None  # the card the current player drew last, until their next move
    blocked: tuple[bool, ...] = ()  # may not complete recipes in their next turn
    skips: tuple[int, ...] = ()  # turns still to skip
    pending: int | None = None  # seat waiting for a draw (SHUFFLING) or to discard (INSPECTION)
    pending_reason: str = ""
    pending_count: int = 0  # cards the pending seat draws once the discard pile is shuffled
    excess: int = 0
    end_reason: str | None = None
    final_stars: tuple[int, ...] = ()
    placings: tuple[int, ...] = ()

    @property
    def seats(self) -> range:
        return range(len(self.players))

    def shuffled(self, deck: str) -> int:
        return dict(self.shuffles).get(deck, 0)


def remove(hand: tuple[str, ...], cards) -> tuple[str, ...]:
    out = list(hand)
    for c in cards:
        out.remove(c)
    return tuple(out)


def evolve(state: State, event: Any) -> State:
    s = state
    match event:
        case GameStarted():
            n = len(event.players)
            return State(players=tuple(event.players), options=Options(**event.options),
                         phase=DEALING, first=event.first, hands=((),) * n, menus=((),) * n,
                         tables=((),) * n, blocked=(False,) * n, skips=(0,) * n)
        case DeckShuffled():
            counts = dict(s.shuffles)
            counts[event.deck] = counts.get(event.deck, 0) + 1
            shuffles = tuple(sorted(counts.items()))
            if event.deck == "recipes":
                return replace_state(s, recipe_deck=tuple(event.order), shuffles=shuffles)
            return replace_state(s, play_deck=tuple(event.order), discard=() if s.phase == SHUFFLING else s.discard,
                           shuffles=shuffles)
        case CardsDealt():
            dealt = sum(len(h) for h in event.hands)
            return replace_state(s, hands=tuple(tuple(h) for h in event.hands), play_deck=s.play_deck[dealt:])
        case RecipesFlipped():
            k = len(event.recipes)
            return replace_state(s, display=s.display + tuple(event.recipes), recipe_deck=s.recipe_deck[k:])
        case TurnStarted():
            return replace_state(s, phase=DRAW, current=event.seat, turn=event.turn, action_used=False,
                           just_drawn=None)
        case TurnSkipped():
            return replace_state(s, current=event.seat, turn=event.turn,
                           skips=set_at(s.skips, event.seat, s.skips[event.seat] - 1))
        case CardDrawn():
            # a Menu Mix-Up's target draws in another player's turn: the player's own draw stays theirs
            drawn = event.card if event.seat == s.current else s.just_drawn
            return replace_state(s, phase=MAIN, hands=set_at(s.hands, event.seat, s.hands[event.seat] + (event.card,)),
                           play_deck=s.play_deck[1:], just_drawn=drawn, pending=None, pending_count=0)
        case DeckRanOut():
            return replace_state(s, phase=SHUFFLING, pending=event.seat, pending_reason=event.reason,
                                 pending_count=event.count)
        case NothingDrawn():
            return replace_state(s, phase=MAIN, just_drawn=None)
        case RecipeCompleted():
            i = s.display.index(event.recipe)
            return replace_state(s, display=s.display[:i] + s.display[i + 1:],
                           hands=set_at(s.hands, event.seat, remove(s.hands[event.seat], event.cards)),
                           menus=set_at(s.menus, event.seat, s.menus[event.seat] + ((event.recipe, tuple(event.cards)),)),
                           just_drawn=None)
        case CardPlayed():
            return replace_state(s, hands=set_at(s.hands, event.seat, remove(s.hands[event.seat], (event.card,))),
                           tables=set_at(s.tables, event.seat, s.tables[event.seat] + (event.card,)),
                           just_drawn=None)
        case ActionPlayed():
            changes: dict[str, Any] = {}
            if event.effect == "block":
                changes["blocked"] = set_at(s.blocked, event.target, True)
            elif event.effect == "skip":
                changes["skips"] = set_at(s.skips, event.target, s.skips[event.target] + 1)
            return replace_state(s, hands=set_at(s.hands, event.seat, remove(s.hands[event.seat], (event.card,))),
                           discard=s.discard + (event.card,), action_used=True, just_drawn=None, **changes)
        case DiscardDemanded():
            return replace_state(s, phase=INSPECTION, pending=event.seat, pending_reason="inspection")
        case CardsDiscarded():
            changes = {}
            if event.reason == "inspection":
                changes = {"phase": MAIN, "pending": None}
            return replace_state(s, hands=set_at(s.hands, event.seat, remove(s.hands[event.seat], event.cards)),
                           discard=s.discard + tuple(event.cards),
                           just_drawn=None if event.seat == s.current else s.just_drawn, **changes)
        case TableCardDiscarded():
            return replace_state(s, tables=set_at(s.tables, event.seat, remove(s.tables[event.seat], (event.card,))),
                                 discard=s.discard + (event.card,))
        case TableCardTaken():  # legacy
            tables = set_at(s.tables, event.owner, remove(s.tables[event.owner], (event.card,)))
            return replace_state(s, tables=set_at(tables, event.seat, tables[event.seat] + (event.card,)))
        case HandsSwapped():  # legacy
            hands = set_at(s.hands, event.seat, tuple(event.hands[0]))
            return replace_state(s, hands=set_at(hands, event.target, tuple(event.hands[1])), just_drawn=None)
        case RecipeClosed():
            menu = s.menus[event.seat]
            i = next(j for j, (r, _) in enumerate(menu) if r == event.recipe)
            return replace_state(s, menus=set_at(s.menus, event.seat, menu[:i] + menu[i + 1:]),
                           closed=s.closed + (event.recipe,), discard=s.discard + tuple(event.cards))
        case HandLimitReached():
            return replace_state(s, phase=HAND_LIMIT, excess=event.excess)
        case TurnEnded():
            return replace_state(s, blocked=set_at(s.blocked, event.seat, False), excess=0, just_drawn=None)
        case GameEnded():
            return replace_state(s, phase=OVER, end_reason=event.reason, final_stars=tuple(event.stars),
                           placings=tuple(event.placings))
    raise TypeError(f"not a Foodtown Throwdown event: {event!r}")
