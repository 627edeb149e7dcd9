"""The state of a game of Food Fight and `evolve`, which only copies what an event says."""
from __future__ import annotations

from dataclasses import dataclass

from shared.rules import replace_state, set_at

from .events import (ArmyPlated, AutoPassChosen, BattlefieldDrawn, BattlefieldsReturned, BattlefieldsRevealed,
                     CardPicked, CardsDealt, CardsDiscarded, DayEnded, DeckShuffled, DogDrawn,
                     DraftCompleted, GameEnded, MealTied, GameStarted, InstantPlayed, MealStarted, MealWon,
                     PacketsPassed, Passed, PlatesRevealed, ServingRevealed, ServingScored,
                     ShuffleRequested)
from .options import Options

# phases
SETUP = "setup"  # before GameStarted
DAWN = "dawn"  # a Day begins: Battlefields are revealed
DEALING = "dealing"  # nine cards each (the Main deck may need a reshuffle first)
DRAFT = "draft"
PLATING = "plating"
MEALS = "meals"  # between Meals
FIGHT = "fight"  # a Meal is being fought
TIEBREAK = "tiebreak"  # tied leaders draw from The Dog deck
OVER = "over"


@dataclass(frozen=True)
class Plate:
    meal: str
    troops: tuple[str, ...]
    mascots: tuple[str, ...]


@dataclass(frozen=True)
class Reveal:
    seat: int
    index: int  # place in the army's reveal order (0 = first)
    serving: int
    card: str


@dataclass(frozen=True)
class Played:
    serving: int
    seat: int
    card: str
    target: int | None  # army index of the target troop (one of the seat's)


@dataclass(frozen=True)
class Discard:
    serving: int
    seat: int
    troop: int  # army index of the troop whose power took the cards
    cards: tuple[str, ...]


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    phase: str = SETUP
    day: int = 0
    shuffles: tuple[tuple[str, int], ...] = ()  # deck -> shuffles so far
    pending: tuple[tuple[str, tuple[str, ...]], ...] = ()  # shuffles waited for, in order
    main: tuple[str, ...] = ()  # top first
    discard: tuple[str, ...] = ()
    bf_deck: tuple[str, ...] = ()  # top first
    dog_deck: tuple[str, ...] = ()  # top first
    dog_top: int = 0  # cards drawn from the Dog deck since its last shuffle
    day_bfs: tuple[str, ...] = ()  # revealed this Day, not yet fought over
    hands: tuple[tuple[str, ...], ...] = ()
    packets: tuple[tuple[str, ...], ...] = ()  # draft: the packet each seat holds now
    picks: tuple[tuple[str, ...], ...] = ()
    picked: tuple[bool, ...] = ()  # picked from the current packet
    plates: tuple[Plate | None, ...] = ()
    plates_revealed: bool = False
    vp: tuple[int, ...] = ()
    won: tuple[tuple[str, ...], ...] = ()  # Battlefields each seat holds
    meals_done: tuple[str, ...] = ()
    # the Meal being fought
    meal: str | None = None
    stake: tuple[str, ...] = ()
    fighters: tuple[int, ...] = ()
    dog_in: bool = False
    lone: bool = False
    armies: tuple[tuple[str, ...], ...] = ()  # shuffled order per seat (secret)
    army_next: tuple[int, ...] = ()  # troops revealed so far per seat
    reveals: tuple[Reveal, ...] = ()
    dog_cards: tuple[tuple[int, str], ...] = ()  # (serving, card)
    serving: int = 0
    round_open: bool = False
    priority: tuple[int, ...] = ()
    actor_pos: int = 0
    passes: int = 0
    passed: tuple[int, ...] = ()  # seats that passed in this Serving (no more discards)
    instants: tuple[Played, ...] = ()
    discards: tuple[Discard, ...] = ()
    chips: tuple[int, ...] = ()
    dog_chips: int = 0
    dog_used: bool = False
    tied: tuple[int, ...] = ()
    last_serving: ServingScored | None = None
    day_log: tuple[MealWon | BattlefieldsReturned, ...] = ()
    placings: tuple[int, ...] = ()
    end_reason: str = ""
    # per seat: the rules pass for it in an Instant round when it can play nothing (its choice)
    auto_pass: tuple[bool, ...] = ()
    # per seat: it changed that choice since its last move (one change between moves, so that
    # switching it back and forth cannot stall the table)
    auto_pass_changed: tuple[bool, ...] = ()

    @property
    def seats(self) -> range:
        return range(len(self.players))

    def shuffle_count(self, deck: str) -> int:
        return dict(self.shuffles).get(deck, 0)

    @property
    def actor(self) -> int | None:
        if self.phase == FIGHT and self.round_open and self.priority:
            return self.priority[self.actor_pos]
        return None


def without(cards: tuple[str, ...], remove) -> tuple[str, ...]:
    out = list(cards)
    for c in remove:
        out.remove(c)
    return tuple(out)


def _moved(state: State, seat: int) -> tuple[bool, ...]:
    if not state.auto_pass_changed or not state.auto_pass_changed[seat]:
        return state.auto_pass_changed
    return set_at(state.auto_pass_changed, seat, False)


def _meal_cleanup(state: State) -> dict:
    """Every card of the Meal goes to the discard pile; the Meal's fields reset."""
    gone: list[str] = []
    plates = list(state.plates)
    for s in state.fighters:
        if plates[s] is not None:
            gone += plates[s].troops + plates[s].mascots
            plates[s] = None
    gone += [p.card for p in state.instants]
    n = len(state.players)
    return dict(discard=state.discard + tuple(gone), plates=tuple(plates), meal=None, stake=(),
                fighters=(), dog_in=False, lone=False, armies=((),) * n, army_next=(0,) * n,
                reveals=(), dog_cards=(), serving=0, round_open=False, priority=(), actor_pos=0,
                passes=0, passed=(), instants=(), discards=(), chips=(0,) * n, dog_chips=0,
                dog_used=False, tied=(), last_serving=None, phase=MEALS)


def evolve(state: State, event) -> State:
    n = len(state.players)
    match event:
        case GameStarted():
            from .cards import catalogue
            n = len(event.players)
            return State(players=tuple(event.players), options=Options(**event.options),
                         phase=DAWN, discard=catalogue().main, hands=((),) * n,
                         packets=((),) * n, picks=((),) * n, picked=(False,) * n,
                         plates=(None,) * n, vp=(0,) * n, won=((),) * n, armies=((),) * n,
                         army_next=(0,) * n, chips=(0,) * n, auto_pass=(False,) * n,
                         auto_pass_changed=(False,) * n)
        case ShuffleRequested():
            return replace_state(state, pending=state.pending + ((event.deck, tuple(event.cards)),))
        case DeckShuffled():
            counts = dict(state.shuffles)
            counts[event.deck] = counts.get(event.deck, 0) + 1
            changes = dict(shuffles=tuple(sorted(counts.items())), pending=state.pending[1:])
            order = tuple(event.order)
            if event.deck == "dog":
                changes.update(dog_deck=order, dog_top=0)
            elif event.deck == "battlefields":
                changes.update(bf_deck=order)
            elif event.deck == "main":
                changes.update(main=state.main + order, discard=())
            else:
                seat = state.players.index(event.deck[len("army-"):])
                changes.update(armies=set_at(state.armies, seat, order))
            return replace_state(state, **changes)
        case BattlefieldsRevealed():
            return replace_state(state, phase=DEALING, day=event.day,
                           bf_deck=state.bf_deck[len(event.cards):], day_bfs=tuple(event.cards))
        case CardsDealt():
            hands = tuple(tuple(h) for h in event.hands)
            dealt = sum(len(h) for h in hands)
            if event.draft:
                return replace_state(state, phase=DRAFT, main=state.main[dealt:], packets=hands,
                               picks=((),) * n, picked=(False,) * n)
            return replace_state(state, phase=PLATING, main=state.main[dealt:], hands=hands)
        case CardPicked():
            return replace_state(state, auto_pass_changed=_moved(state, event.seat), packets=set_at(state.packets, event.seat,
                                               without(state.packets[event.seat], [event.card])),
                           picks=set_at(state.picks, event.seat, state.picks[event.seat] + (event.card,)),
                           picked=set_at(state.picked, event.seat, True))
        case PacketsPassed():
            packets = [()] * n
            for s in range(n):
                packets[(s + event.direction) % n] = state.packets[s]
            return replace_state(state, packets=tuple(packets), picked=(False,) * n)
        case DraftCompleted():
            return replace_state(state, phase=PLATING, hands=state.picks, picks=((),) * n,
                           packets=((),) * n, picked=(False,) * n)
        case ArmyPlated():
            hand = without(state.hands[event.seat], tuple(event.troops) + tuple(event.mascots))
            return replace_state(state, hands=set_at(state.hands, event.seat, hand),
                           auto_pass_changed=_moved(state, event.seat),
                           plates=set_at(state.plates, event.seat,
                                       Plate(event.meal, tuple(event.troops), tuple(event.mascots))))
        case PlatesRevealed():
            return replace_state(state, plates_revealed=True, phase=MEALS)
        case BattlefieldsReturned():
            return replace_state(state, bf_deck=state.bf_deck + tuple(event.cards),
                           day_bfs=without(state.day_bfs, event.cards),
                           meals_done=state.meals_done + (event.meal,),
                           day_log=state.day_log + (event,))
        case MealStarted():
            return replace_state(state, phase=FIGHT, meal=event.meal, stake=tuple(event.battlefields),
                           day_bfs=without(state.day_bfs, event.battlefields),
                           fighters=tuple(event.fighters), dog_in=event.dog, lone=event.lone,
                           dog_used=event.dog, armies=((),) * n, army_next=(0,) * n,
                           reveals=(), dog_cards=(), serving=0, chips=(0,) * n, dog_chips=0)
        case ServingRevealed():
            reveals = list(state.reveals)
            nxt = list(state.army_next)
            for s, cards in enumerate(event.troops):
                for c in cards:
                    reveals.append(Reveal(s, nxt[s], event.serving, c))
                    nxt[s] += 1
            changes = dict(reveals=tuple(reveals), army_next=tuple(nxt), serving=event.serving,
                           round_open=True, priority=tuple(event.priority), actor_pos=0,
                           passes=0, passed=())
            if event.dog_card is not None:
                changes.update(dog_cards=state.dog_cards + ((event.serving, event.dog_card),),
                               dog_top=state.dog_top + 1)
            return replace_state(state, **changes)
        case InstantPlayed():
            return replace_state(state, auto_pass_changed=_moved(state, event.seat), hands=set_at(state.hands, event.seat,
                                             without(state.hands[event.seat], [event.card])),
                           instants=state.instants + (Played(state.serving, event.seat, event.card,
                                                             event.target_index),),
                           passes=0)
        case CardsDiscarded():
            return replace_state(state, auto_pass_changed=_moved(state, event.seat), hands=set_at(state.hands, event.seat,
                                             without(state.hands[event.seat], event.cards)),
                           discards=state.discards + (Discard(state.serving, event.seat,
                                                              event.troop_index, tuple(event.cards)),),
                           discard=state.discard + tuple(event.cards), passes=0)
        case Passed():
            return replace_state(state, auto_pass_changed=_moved(state, event.seat), passes=state.passes + 1,
                           actor_pos=(state.actor_pos + 1) % len(state.priority),
                           passed=state.passed + ((event.seat,) if event.seat not in state.passed else ()))
        case AutoPassChosen():
            return replace_state(state, auto_pass=set_at(state.auto_pass, event.seat, event.on),
                                 auto_pass_changed=set_at(state.auto_pass_changed, event.seat, True))
        case BattlefieldDrawn():
            changes = dict(bf_deck=state.bf_deck[1:], vp=tuple(event.vp))
            if event.to_meal:
                changes.update(stake=state.stake + (event.card,))
            else:
                changes.update(won=set_at(state.won, event.seat, state.won[event.seat] + (event.card,)))
            return replace_state(state, **changes)
        case ServingScored():
            chips = list(state.chips)
            dog = state.dog_chips
            for who in event.chips:
                if who == "the-dog":
                    dog += 1
                else:
                    chips[state.players.index(who)] += 1
            return replace_state(state, chips=tuple(chips), dog_chips=dog, round_open=False,
                           last_serving=event)
        case MealTied():
            return replace_state(state, phase=TIEBREAK, tied=tuple(event.seats), dog_used=True)
        case DogDrawn():
            return replace_state(state, dog_top=state.dog_top + len(event.cards))
        case MealWon():
            changes = _meal_cleanup(state)
            if event.winner is None:
                changes["bf_deck"] = state.bf_deck + tuple(event.battlefields)
            else:
                changes["won"] = set_at(state.won, event.winner,
                                      state.won[event.winner] + tuple(event.battlefields))
            return replace_state(state, **changes, vp=tuple(event.vp),
                           meals_done=state.meals_done + (event.meal,),
                           day_log=state.day_log + (event,))
        case DayEnded():
            gone = sum(state.hands, ()) + tuple(c for p in state.plates if p for c in p.troops + p.mascots)
            return replace_state(state, phase=DAWN, discard=state.discard + gone, hands=((),) * n,
                           plates=(None,) * n, plates_revealed=False, day_bfs=(), meals_done=(),
                           day_log=())
        case GameEnded():
            return replace_state(state, phase=OVER, vp=tuple(event.vp), placings=tuple(event.placings),
                           end_reason=event.reason, round_open=False)
    raise TypeError(f"not a Food Fight event: {event!r}")
