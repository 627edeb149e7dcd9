"""The state of a game and `evolve`, which only copies what an event says happened."""
from __future__ import annotations

from dataclasses import dataclass

from shared.rules import replace_state, set_at

from .events import (CardPlayed, CardsDealt, DealScored, GameEnded, GameStarted,
                     LastCardAnnounced, RecipeChosen, RecipesRevealed, TrickPutAside, TrickTaken)
from .options import Options

# phases
SETUP = "setup"  # before GameStarted
DEALING = "dealing"  # waiting for a shuffle
CHOOSING = "choosing"  # recipes are being chosen
PLAYING = "playing"  # tricks
OVER = "over"


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    phase: str = SETUP
    deal: int = 0  # the deal under way (1..5), or the last one played while dealing/over
    dealer: int = 0
    points: tuple[int, ...] = ()
    recipes_left: tuple[tuple[str, ...], ...] = ()  # spent recipes go at the reveal
    chosen: tuple[str | None, ...] = ()  # this deal's recipes, secret until `revealed`
    revealed: bool = False
    hands: tuple[tuple[str, ...], ...] = ()
    set_aside: tuple[str, ...] = ()
    trick: tuple[tuple[int, str], ...] = ()  # (seat, card) in play order
    total: int = 0
    required_colour: str | None = None
    turn: int | None = None  # whose card it is
    taken: tuple[tuple[str, ...], ...] = ()  # cards of the tricks each seat took this deal
    tricks_taken: tuple[int, ...] = ()
    announced: tuple[int, ...] = ()  # seats that announced their last card this deal
    put_aside: tuple[str, ...] = ()  # the unfinished trick that ended the deal
    history: tuple[DealScored, ...] = ()
    winners: tuple[int, ...] = ()

    @property
    def seats(self) -> range:
        return range(len(self.players))


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def evolve(state: State, event) -> State:
    match event:
        case GameStarted():
            n = len(event.players)
            return State(players=tuple(event.players), options=Options(**event.options),
                         phase=DEALING, dealer=event.dealer, points=tuple(event.points),
                         recipes_left=(tuple(event.recipes),) * n, chosen=(None,) * n,
                         hands=((),) * n, taken=((),) * n, tricks_taken=(0,) * n)
        case CardsDealt():
            n = len(state.players)
            return replace_state(state, phase=CHOOSING, deal=event.deal, dealer=event.dealer,
                           hands=tuple(tuple(h) for h in event.hands),
                           set_aside=tuple(event.set_aside), chosen=(None,) * n, revealed=False,
                           trick=(), total=0, required_colour=None, turn=None,
                           taken=((),) * n, tricks_taken=(0,) * n, announced=(), put_aside=())
        case RecipeChosen():
            return replace_state(state, chosen=set_at(state.chosen, event.seat, event.recipe))
        case RecipesRevealed():
            left = tuple(_without(r, c) for r, c in zip(state.recipes_left, event.recipes))
            return replace_state(state, phase=PLAYING, chosen=tuple(event.recipes), revealed=True,
                           recipes_left=left, turn=event.leader)
        case CardPlayed():
            return replace_state(state, hands=set_at(state.hands, event.seat,
                                             _without(state.hands[event.seat], event.card)),
                           trick=state.trick + ((event.seat, event.card),), total=event.total,
                           required_colour=event.required_colour, turn=event.next_seat)
        case LastCardAnnounced():
            return replace_state(state, announced=state.announced + (event.seat,))
        case TrickTaken():
            return replace_state(state, taken=set_at(state.taken, event.seat,
                                             state.taken[event.seat] + tuple(event.cards)),
                           tricks_taken=set_at(state.tricks_taken, event.seat,
                                             state.tricks_taken[event.seat] + 1),
                           trick=(), total=0, required_colour=None, turn=event.seat)
        case TrickPutAside():
            return replace_state(state, put_aside=tuple(event.cards), trick=(), total=0,
                           required_colour=None, turn=None)
        case DealScored():
            return replace_state(state, phase=DEALING, points=tuple(event.points),
                           dealer=event.next_dealer, history=state.history + (event,))
        case GameEnded():
            return replace_state(state, phase=OVER, points=tuple(event.points),
                           winners=tuple(event.winners))
    raise TypeError(f"not a Foodie Forest event: {event!r}")
