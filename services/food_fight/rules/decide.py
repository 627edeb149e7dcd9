"""The rules' entry points: setting up and starting a game, the shuffles, checking a move and
working out its events, who acts, the legal moves and the result."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from shared.rules import (
    ChanceNode,
    GameResult,
    IllegalMove,
    InvalidSetup,
    NotYourTurn,
    Outcome,
    seat_players,
)

from .cards import DOG, catalogue
from .draft import pick, plate, plate_options
from .events import AutoPassChosen, DeckShuffled, GameStarted, ShuffleRequested
from .instants import _pass, discard, instant, instant_options
from .options import parse_options
from .shuffles import hidden_cards, position
from .state import DRAFT, FIGHT, OVER, PLATING, SETUP, State, evolve
from .steps import advance


# ---- setup -----------------------------------------------------------------------------------

def initial_state(players: Sequence[str], options: Mapping[str, Any] | None) -> State:
    players = seat_players(players, "Food Fight", 2, 6)
    if DOG in players:
        raise InvalidSetup(f"{DOG!r} is The Dog's name; choose another", key="dog-name", name=DOG)
    return State(players=players, options=parse_options(options))


def start(state: State) -> list[Any]:
    if state.phase != SETUP:
        raise IllegalMove("the game has already started", key="already-started")
    out = Outcome(state, evolve)
    out.emit(GameStarted(players=state.players, options=state.options.as_dict()))
    cat = catalogue()
    # "Shuffle The Dog deck and set it aside. Shuffle the Battlefield deck ... Shuffle all other
    # cards into one Main deck." These three card lists are the catalogue's, known to everyone,
    # so they are shuffled as they are (the deck service logs a hash of every card list it
    # shuffles; see `army_slots` for the decks whose cards are secret).
    out.emit(ShuffleRequested("dog", cat.dog))
    out.emit(ShuffleRequested("battlefields", cat.battlefields))
    out.emit(ShuffleRequested("main", cat.main))
    return out.events


# ---- chance ----------------------------------------------------------------------------------

def chance(state: State) -> ChanceNode | None:
    if not state.pending or state.phase == OVER:
        return None
    deck, cards = state.pending[0]
    return ChanceNode(deck=deck, k=state.shuffle_count(deck), cards=tuple(cards))


def resolve_chance(state: State, order: Sequence[str]) -> list[Any]:
    node = chance(state)
    if node is None:
        raise IllegalMove("no shuffle is pending", key="no-shuffle")
    order = node.order_of(order)
    hidden = hidden_cards(state, node.deck)
    out = Outcome(state, evolve)
    if hidden is None:
        out.emit(DeckShuffled(node.deck, node.k, order))
    else:
        out.emit(DeckShuffled(node.deck, node.k, tuple(hidden[position(t)] for t in order),
                              positions=order))
    advance(out)
    return out.events


# ---- moves -----------------------------------------------------------------------------------

def _parse(move: Mapping[str, Any]) -> dict[str, Any]:
    from ..moves import MOVES
    return MOVES.check(move)


def decide(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    m = _parse(move)
    kind = m["type"]
    if state.phase == OVER:
        raise IllegalMove("the game is over", key="game-over")
    if not isinstance(seat, int) or seat not in state.seats:
        raise NotYourTurn(f"seat {seat!r} is not at this table", key="not-at-table", seat=str(seat)[:20])
    if state.phase == SETUP or state.pending:
        raise NotYourTurn("wait: cards are being shuffled", key="shuffling")
    if kind == "auto_pass":
        return _auto_pass(state, seat, bool(m["on"]))
    if kind == "pick":
        return pick(state, seat, m["card"])
    if kind == "plate":
        return plate(state, seat, m["meal"], tuple(m["troops"]), tuple(m.get("mascots") or ()))
    if state.phase != FIGHT or not state.round_open:
        raise NotYourTurn(f"a {kind} move belongs to the Instant round of a Meal, and no Instant "
                          f"round is under way", key="no-instant-round", move=kind)
    actor = state.actor
    if seat not in state.fighters:
        raise NotYourTurn(f"only the players fighting at {state.meal} take part in its Instant "
                          f"round", key="not-fighting", meal=state.meal)
    if seat != actor:
        raise NotYourTurn(f"it is {state.players[actor]}'s turn in the Instant round (lowest "
                          f"Yumminess first, then clockwise)", key="instant-round-turn",
                          player=state.players[actor])
    out = Outcome(state, evolve)
    if kind == "pass":
        _pass(out, seat, auto=False)
    elif kind == "instant":
        instant(out, seat, m["card"], m.get("target"))
    else:
        discard(out, seat, m["troop"], tuple(m["cards"]))
    advance(out)
    return out.events


def _auto_pass(state: State, seat: int, on: bool) -> list[Any]:
    if seat not in to_act(state):
        raise NotYourTurn("choose automatic passing when it is your turn", key="auto-pass-not-your-turn")
    if state.auto_pass[seat] == on:
        raise IllegalMove(f"automatic passing is already {'on' if on else 'off'}",
                          key="auto-pass-unchanged", on=on)
    if state.auto_pass_changed[seat]:
        raise IllegalMove("you changed automatic passing already: make a move before you change it again",
                          key="auto-pass-changed")
    out = Outcome(state, evolve)
    out.emit(AutoPassChosen(seat, on))
    advance(out)
    return out.events


# ---- who acts, what is legal -----------------------------------------------------------------

def to_act(state: State) -> frozenset[int]:
    if state.pending or state.phase == OVER:
        return frozenset()
    if state.phase == DRAFT:
        return frozenset(s for s in state.seats if not state.picked[s])
    if state.phase == PLATING:
        return frozenset(s for s in state.seats if state.plates[s] is None)
    actor = state.actor
    return frozenset() if actor is None else frozenset((actor,))


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """Every legal move of `seat`, except that plates and discards are a canonical subset:
    plates as in `plate_options`; discards: all fitting cards at once, or any one of them
    (decide accepts every non-empty set of fitting cards)."""
    if seat not in to_act(state):
        return []
    if state.phase == DRAFT:
        moves = [{"type": "pick", "card": c} for c in sorted(set(state.packets[seat]))]
    elif state.phase == PLATING:
        moves = plate_options(state, seat)
    else:
        moves = instant_options(state, seat)
    return moves + auto_pass_options(state, seat)


def auto_pass_options(state: State, seat: int) -> list[dict[str, Any]]:
    """Switching automatic passing (listed last: a bot that takes the first move plays on): on
    the seat's turn, once between two of its moves."""
    if seat not in to_act(state) or not state.auto_pass or state.auto_pass_changed[seat]:
        return []
    return [{"type": "auto_pass", "on": not state.auto_pass[seat]}]


def is_terminal(state: State) -> bool:
    return state.phase == OVER


def result(state: State) -> GameResult | None:
    if state.phase != OVER:
        return None
    return GameResult(players=state.players, points=state.vp, placings=state.placings)
