"""How play flows between the moves: setup, the shuffles and the deal, each turn's draws and
phases, and the end checks (the game won or lost)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from shared.rules import ChanceNode, IllegalMove, Outcome, seat_players

from .cards import catalogue
from .events import (
    CardsDrawn,
    DeckShuffled,
    EarlyBirdSeated,
    GameEnded,
    GameStarted,
    HandsDealt,
    IngredientsDrawn,
    MenusDrawn,
    OrderTaken,
    Pending,
    PhaseChanged,
    PileRanOut,
    TurnStarted,
)
from .options import parse_options
from .state import ACTIONS, DECKS, DISCARD, OVER, SETUP, SHUFFLING, State, evolve, pile_index


MIDDLE_TABLE = 4
# "Draw an early bird guest card from the animal deck and place it on the middle table." The early
# bird is a guest at the table like every newly seated guest (the Rules Overview's second state:
# "a guest at the table"); its table's next event places its bell (issue 31).
EARLY_BIRD_BELL = False
# CHOICE: "The player who has most recently fed an animal will play first": the first seat.
FIRST_PLAYER = 0
# CHOICE: "If the animal deck runs out, shuffle the discard pile and create a new deck from 20
# cards (discard the remaining for the rest of the game)."
SECOND_DECK = 20


class _Over(Exception):
    """The game ended inside a decision (GameEnded is already emitted)."""


def _run(state: State, step) -> list[Any]:
    out = Outcome(state, evolve)
    try:
        step(out)
    except _Over:
        pass
    return out.events


# ---- helpers ---------------------------------------------------------------------------------

def min_hand(state: State) -> int:
    return catalogue().minimal_hand[len(state.players)]


def storage_limit(state: State) -> int:
    return catalogue().storage_limit[len(state.players)]


def satisfied_values(state: State) -> list[int]:
    cat = catalogue()
    return [sum(cat.animals[c].value for c in row) for row in state.satisfied]


def _end(out: Outcome, won: bool, reason: str, table: int = -1, cause: str = "", about: str = "") -> None:
    """The game ends; a loss by chaos or bankruptcy names the table and cause that needed the
    cloud or star (GameEnded)."""
    out.emit(GameEnded(won, reason, out.state.score, table, cause, about))
    raise _Over


def _check_win(out: Outcome) -> None:
    s = out.state
    cat = catalogue()
    # "At any time during the game, all the 12 clouds are on the mushrooms."
    if s.mushrooms == cat.clouds:
        _end(out, True, "mushrooms")
    # "5 satisfied guests are collected from each of the 8 species."
    if all(v >= s.options.satisfied_needed for v in satisfied_values(s)):
        _end(out, True, "satisfied")


# ---- setup -----------------------------------------------------------------------------------

def initial_state(players: Sequence[str], options: Mapping[str, Any] | None) -> State:
    opts = parse_options(options)
    players = seat_players(players, "Forestaurant", 1, 5)
    return State(players=players, options=opts)


def start(state: State) -> list[Any]:
    if state.phase != SETUP:
        raise IllegalMove("the game has already started", key="already-started")
    cat = catalogue()
    stars = state.options.stars_covered
    return [GameStarted(players=state.players, options=state.options.as_dict(),
                        difficulty=state.options.difficulty, first=FIRST_PLAYER,
                        mushrooms=cat.clouds - stars, stars=stars)]


# ---- chance ----------------------------------------------------------------------------------

def _pile_cards(state: State, deck: str) -> tuple[str, ...]:
    if deck == "animals":
        return state.animal_discard
    if deck == "menus":
        return state.menu_discard
    return state.pile_discards[pile_index(deck)]


def chance(state: State) -> ChanceNode | None:
    cat = catalogue()
    if state.phase == SHUFFLING:
        for i, deck in enumerate(DECKS):
            if state.shuffles[i] == 0:
                cards = {"animals": cat.animal_deck, "menus": cat.menu_deck}.get(deck) or cat.piles[deck]
                return ChanceNode(deck=deck, k=0, cards=tuple(cards))
        return None
    if state.pending is not None and state.phase != OVER:
        deck = {"turn_draw": "animals", "end_draw": "animals", "order": "menus"}.get(
            state.pending.kind) or state.pending.pile
        i = DECKS.index(deck)
        return ChanceNode(deck=deck, k=state.shuffles[i], cards=tuple(sorted(_pile_cards(state, deck))))
    return None


def resolve_chance(state: State, order: Sequence[str]) -> list[Any]:
    node = chance(state)
    if node is None:
        raise IllegalMove("no shuffle is pending", key="no-shuffle")
    order = node.order_of(order)

    def step(out: Outcome) -> None:
        pending = state.pending if state.phase != SHUFFLING else None
        kept = min(SECOND_DECK, len(order)) if (node.deck == "animals" and node.k > 0) else len(order)
        out.emit(DeckShuffled(node.deck, node.k, order, kept))
        if state.phase == SHUFFLING:
            if chance(out.state) is None:
                _deal(out)
            return
        _continue(out, pending)

    return _run(state, step)


def _deal(out: Outcome) -> None:
    cat = catalogue()
    s = out.state
    out.emit(EarlyBirdSeated(MIDDLE_TABLE, s.animal_deck[0], EARLY_BIRD_BELL))
    n = len(s.players)
    size = cat.starting_hand[n]
    deck = out.state.animal_deck
    hands = [[] for _ in range(n)]
    for i, card in enumerate(deck[:size * n]):
        hands[i % n].append(card)  # one card at a time, round the table
    out.emit(HandsDealt(tuple(cat.sort_animals(h) for h in hands)))
    _start_turn(out, s.active)


def _continue(out: Outcome, pending: Pending) -> None:
    if pending.kind == "turn_draw":
        _start_turn(out, pending.seat)
    elif pending.kind == "end_draw":
        _draw_end(out, pending.seat, pending.remaining)
    elif pending.kind == "order":
        if _draw_menus(out, pending.table, pending.seat):
            _after_action(out)
    elif pending.kind == "purchase":
        if _draw_ingredients(out, pending.seat, pending.pile, pending.remaining):
            _after_action(out)


# ---- the turn --------------------------------------------------------------------------------

def _animals_ran_out(out: Outcome, pending: Pending) -> None:
    """The animal deck is empty and a card must be drawn."""
    if out.state.shuffles[0] >= 2 or not out.state.animal_discard:
        # "If the new deck runs out too and you should draw more cards, you lose the game."
        _end(out, False, "time")
    out.emit(PileRanOut("animals", pending))


def _start_turn(out: Outcome, seat: int) -> None:
    """"The active player first draws a card from the animal deck. The value of the card marks
    the three tables where events take place.\""""
    s = out.state
    if not s.animal_deck:
        _animals_ran_out(out, Pending("turn_draw", seat))
        return
    card = s.animal_deck[0]
    out.emit(CardsDrawn(seat, (card,), "turn"))
    value = catalogue().animals[card].value
    out.emit(TurnStarted(seat, s.turn + 1, value, catalogue().lines[value]))


def _after_events(out: Outcome) -> None:
    s = out.state
    if len(s.hands[s.active]) > min_hand(s):
        out.emit(PhaseChanged(ACTIONS))
    else:
        _end_actions(out)


def _after_action(out: Outcome) -> None:
    s = out.state
    if len(s.hands[s.active]) <= min_hand(s):
        _end_actions(out)


def _end_actions(out: Outcome) -> None:
    s = out.state
    if len(s.storage[s.active]) > storage_limit(s):
        out.emit(PhaseChanged(DISCARD))
    else:
        _end_turn(out)


def _end_turn(out: Outcome) -> None:
    s = out.state
    # "the player draws as many animal cards as the highest number visible on the mushrooms"
    _draw_end(out, s.active, catalogue().draw_number(s.mushrooms))


def _draw_end(out: Outcome, seat: int, n: int) -> None:
    s = out.state
    take = s.animal_deck[:n]
    if take:
        out.emit(CardsDrawn(seat, take, "end"))
    if len(take) < n:
        _animals_ran_out(out, Pending("end_draw", seat, remaining=n - len(take)))
        return
    _start_turn(out, (seat + 1) % len(s.players))


def _draw_menus(out: Outcome, table: int, seat: int) -> bool:
    """Draw face-up menus until the first of the guest's species; False if the deck ran out."""
    cat = catalogue()
    s = out.state
    species = cat.animals[s.tables[table].guest].species
    drawn = []
    for m in s.menu_deck:
        drawn.append(m)
        if cat.menus[m].species == species:
            break
    if drawn:
        out.emit(MenusDrawn(table, tuple(drawn)))
    if drawn and cat.menus[drawn[-1]].species == species:
        aside = out.state.menus_aside
        out.emit(OrderTaken(table, drawn[-1], tuple(m for m in aside[:-1])))
        return True
    # "If the menu deck runs out during the action, shuffle the discard pile to form a new deck
    # and continue drawing."
    out.emit(PileRanOut("menus", Pending("order", seat, table=table)))
    return False


def _draw_ingredients(out: Outcome, seat: int, pile: str, n: int) -> bool:
    s = out.state
    i = pile_index(pile)
    take = s.piles[i][:n]
    if take:
        out.emit(IngredientsDrawn(seat, pile, take))
    if len(take) < n and s.pile_discards[i]:
        # "If a pile runs out before you can draw enough ingredients, shuffle the discarded
        # ingredients of that type to create a new pile and continue drawing."
        out.emit(PileRanOut(pile, Pending("purchase", seat, pile=pile, remaining=n - len(take))))
        return False
    # CHOICE (rulebook silent): with the pile and its discards both empty the purchase stops
    # short: the tokens are all in players' storage.
    return True
