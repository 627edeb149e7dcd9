"""The state of a game and `evolve`, which only copies what an event says happened."""
from __future__ import annotations

from dataclasses import dataclass

from shared.rules import replace_state, set_at

from .cards import catalogue
from .events import (GUEST, MUSHROOMS, STARS, BellPlaced, CardPaid, CardsDrawn, CloudMoved, Contribution,
                     CookProposed, CookWithdrawn, DeckShuffled, EarlyBirdSeated, EventResolved,
                     GameEnded, GameStarted, GuestLeft, GuestSeated, HandsDealt, HelpDeclined,
                     HelpOffered, IngredientDiscarded, IngredientsDrawn, MealCooked, MenusDrawn,
                     OrderTaken, Pending, PhaseChanged, PileRanOut, SeatingSkipped, TurnStarted)
from .options import Options

# phases
SETUP = "setup"  # before GameStarted
SHUFFLING = "shuffling"  # the four setup shuffles
EVENTS = "events"  # the active player resolves the marked tables' events
ACTIONS = "actions"  # the active player acts down to the minimal hand
COOKING = "cooking"  # a cook-together proposal is open
DISCARD = "discard"  # the active player discards ingredients above the storage limit
OVER = "over"

DECKS = ("animals", "menus", "vegetables", "meats")


@dataclass(frozen=True)
class Table:
    guest: str | None = None  # animal card id
    bell: bool = False
    menu: str | None = None
    eating: bool = False  # the menu lies face down
    clouds: int = 0

    @property
    def status(self) -> str:
        if self.guest is None:
            return "empty"
        if self.eating:
            return "eating"
        if self.menu is not None:
            return "menu"
        return "bell" if self.bell else "seated"


@dataclass(frozen=True)
class Proposal:
    table: int
    seat: int
    cards: tuple[str, ...]
    ingredients: tuple[str, ...]
    offers: tuple[Contribution, ...] = ()
    answered: tuple[int, ...] = ()  # seats that offered or declined


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    phase: str = SETUP
    active: int = 0
    turn: int = 0
    line: tuple[int, ...] = ()
    events_left: tuple[int, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()
    storage: tuple[tuple[str, ...], ...] = ()
    tables: tuple[Table, ...] = (Table(),) * 9
    animal_deck: tuple[str, ...] = ()
    animal_discard: tuple[str, ...] = ()
    out_of_game: tuple[str, ...] = ()
    menu_deck: tuple[str, ...] = ()
    menu_discard: tuple[str, ...] = ()
    menus_aside: tuple[str, ...] = ()
    piles: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # vegetables, meats (top first)
    pile_discards: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    mushrooms: int = 0
    stars: int = 0
    satisfied: tuple[tuple[str, ...], ...] = ((),) * 8  # per species, catalogue order
    shuffles: tuple[int, int, int, int] = (0, 0, 0, 0)  # per deck in DECKS order
    pending: Pending | None = None
    proposal: Proposal | None = None
    # tables whose cooking-together proposal was withdrawn this turn: not proposed again until the
    # next turn, so that propose/decline/withdraw cannot loop (issue 31)
    withdrawn: tuple[int, ...] = ()
    won: bool | None = None
    end_reason: str = ""
    # a loss by chaos or bankruptcy: the table whose guests needed one more cloud or star, why,
    # and the card that touched them (GameEnded's table, cause, about)
    end_table: int = -1
    end_cause: str = ""
    end_about: str = ""
    score: int = 0

    @property
    def seats(self) -> range:
        return range(len(self.players))


def remove(items: tuple[str, ...], gone) -> tuple[str, ...]:
    """`items` without one copy of each of `gone`."""
    out = list(items)
    for g in gone:
        out.remove(g)
    return tuple(out)


def _table(state: State, i: int, **changes) -> tuple[Table, ...]:
    t = state.tables[i]
    d = dict(t.__dict__)
    d.update(changes)
    return set_at(state.tables, i, Table(**d))


def pile_index(pile: str) -> int:
    return 0 if pile == "vegetables" else 1


def evolve(state: State, event) -> State:
    cat = catalogue()
    match event:
        case GameStarted():
            n = len(event.players)
            return State(players=tuple(event.players), options=Options(**event.options),
                         phase=SHUFFLING, active=event.first, hands=((),) * n, storage=((),) * n,
                         mushrooms=event.mushrooms, stars=event.stars)
        case DeckShuffled():
            shuffles = set_at(state.shuffles, DECKS.index(event.deck), event.k + 1)
            order = tuple(event.order)
            s = replace_state(state, shuffles=shuffles, pending=None)
            if event.deck == "animals":
                return replace_state(s, animal_deck=order[:event.kept], animal_discard=(),
                               out_of_game=state.out_of_game + order[event.kept:]) if event.k else \
                    replace_state(s, animal_deck=order)
            if event.deck == "menus":
                return replace_state(s, menu_deck=order, menu_discard=())
            i = pile_index(event.deck)
            return replace_state(s, piles=set_at(state.piles, i, order),
                           pile_discards=set_at(state.pile_discards, i, ()))
        case EarlyBirdSeated():
            return replace_state(state, animal_deck=state.animal_deck[1:],
                           tables=_table(state, event.table, guest=event.card, bell=event.bell))
        case HandsDealt():
            dealt = sum(len(h) for h in event.hands)
            return replace_state(state, hands=tuple(tuple(h) for h in event.hands),
                           animal_deck=state.animal_deck[dealt:])
        case CardsDrawn():
            k = len(event.cards)
            hand = cat.sort_animals(state.hands[event.seat] + tuple(event.cards))
            return replace_state(state, hands=set_at(state.hands, event.seat, hand),
                           animal_deck=state.animal_deck[k:])
        case TurnStarted():
            return replace_state(state, phase=EVENTS, active=event.seat, turn=event.turn,
                           line=tuple(event.line), events_left=tuple(event.line), withdrawn=())
        case GuestSeated():
            return replace_state(state, hands=set_at(state.hands, event.seat,
                                             remove(state.hands[event.seat], (event.card,))),
                           tables=_table(state, event.table, guest=event.card, bell=event.bell,
                                         menu=None, eating=False, clouds=0))
        case BellPlaced():
            return replace_state(state, tables=_table(state, event.table, bell=True))
        case SeatingSkipped():
            return state
        case EventResolved():
            return replace_state(state, events_left=tuple(t for t in state.events_left if t != event.table))
        case PhaseChanged():
            return replace_state(state, phase=event.phase)
        case CloudMoved():
            s = state
            for where, sign in ((event.src, -1), (event.dst, 1)):
                if where == MUSHROOMS:
                    s = replace_state(s, mushrooms=s.mushrooms + sign)
                elif where == STARS:
                    s = replace_state(s, stars=s.stars + sign)
                elif where == GUEST:
                    s = replace_state(s, tables=_table(s, event.table, clouds=s.tables[event.table].clouds + sign))
            return s
        case GuestLeft():
            s = replace_state(state, tables=set_at(state.tables, event.table, Table()),
                        menu_discard=state.menu_discard + (event.menu,))
            if event.outcome == "unsatisfied":
                return replace_state(s, animal_discard=s.animal_discard + (event.card,))
            i = cat.species.index(cat.animals[event.card].species)
            return replace_state(s, satisfied=set_at(s.satisfied, i, s.satisfied[i] + (event.card,)),
                           score=s.score + cat.animals[event.card].value)
        case CardPaid():
            return replace_state(state, hands=set_at(state.hands, event.seat,
                                             remove(state.hands[event.seat], (event.card,))),
                           animal_discard=state.animal_discard + (event.card,))
        case MenusDrawn():
            k = len(event.cards)
            return replace_state(state, menu_deck=state.menu_deck[k:],
                           menus_aside=state.menus_aside + tuple(event.cards))
        case OrderTaken():
            return replace_state(state, menus_aside=(), menu_discard=state.menu_discard + tuple(event.discarded),
                           tables=_table(state, event.table, menu=event.menu))
        case IngredientsDrawn():
            i = pile_index(event.pile)
            k = len(event.tokens)
            return replace_state(state, piles=set_at(state.piles, i, state.piles[i][k:]),
                           storage=set_at(state.storage, event.seat,
                                        cat.sort_tokens(state.storage[event.seat] + tuple(event.tokens))))
        case PileRanOut():
            return replace_state(state, pending=event.pending)
        case CookProposed():
            return replace_state(state, phase=COOKING, proposal=Proposal(
                event.table, event.seat, tuple(event.cards), tuple(event.ingredients)))
        case HelpOffered():
            p = state.proposal
            return replace_state(state, proposal=Proposal(
                p.table, p.seat, p.cards, p.ingredients,
                p.offers + (Contribution(event.seat, tuple(event.cards), tuple(event.ingredients)),),
                p.answered + (event.seat,)))
        case HelpDeclined():
            p = state.proposal
            return replace_state(state, proposal=Proposal(p.table, p.seat, p.cards, p.ingredients, p.offers,
                                                    p.answered + (event.seat,)))
        case CookWithdrawn():
            return replace_state(state, phase=ACTIONS, proposal=None,
                                 withdrawn=state.withdrawn + (state.proposal.table,))
        case MealCooked():
            hands, storage = list(state.hands), list(state.storage)
            discard = state.animal_discard
            pdisc = list(state.pile_discards)
            for c in event.contributions:
                hands[c.seat] = remove(hands[c.seat], c.cards)
                storage[c.seat] = remove(storage[c.seat], c.ingredients)
                discard = discard + tuple(c.cards)
                for tok in c.ingredients:
                    i = pile_index(cat.pile_of_kind[tok])
                    pdisc[i] = pdisc[i] + (tok,)
            phase = ACTIONS if state.phase == COOKING else state.phase
            return replace_state(state, hands=tuple(hands), storage=tuple(storage), animal_discard=discard,
                           pile_discards=tuple(pdisc), proposal=None, phase=phase,
                           tables=_table(state, event.table, bell=False, eating=True))
        case IngredientDiscarded():
            i = pile_index(cat.pile_of_kind[event.token])
            return replace_state(state, storage=set_at(state.storage, event.seat,
                                               remove(state.storage[event.seat], (event.token,))),
                           pile_discards=set_at(state.pile_discards, i, state.pile_discards[i] + (event.token,)))
        case GameEnded():
            return replace_state(state, phase=OVER, won=event.won, end_reason=event.reason, score=event.score,
                                 end_table=event.table, end_cause=event.cause, end_about=event.about)
    raise TypeError(f"not a Forestaurant event: {event!r}")
