"""What one seat may see of the state and of each event: its own hand and its own pending
recipe, never another hand, an unrevealed recipe or the cards set aside."""
from __future__ import annotations

from typing import Any

from shared.codec import to_jsonable

from .decide import legal_moves, to_act
from .events import CardsDealt, RecipeChosen
from .state import CHOOSING, OVER, PLAYING, State

GAME_NAME = "foodie-forest"


def _is_seat(state: State, seat: int | None) -> bool:
    return isinstance(seat, int) and 0 <= seat < len(state.players)


def view(state: State, seat: int | None) -> dict[str, Any]:
    names = state.players
    me = seat if _is_seat(state, seat) else None
    in_deal = state.phase in (CHOOSING, PLAYING)
    table = state.options.table()
    face_up = state.revealed or state.options.recipe_choice == "sequential"
    trick_leader = state.trick[0][0] if state.trick else (state.turn if state.phase == PLAYING else None)
    return {
        "game": GAME_NAME,
        "players": list(names),
        "seat": me,
        "you": names[me] if me is not None else None,
        "options": state.options.as_dict(),
        "phase": state.phase,
        "deal": state.deal,
        "deals": table.deals,
        # no Dealer once the game is over: the rules pass the deal on when a deal is scored, the
        # last one too, so the state's dealer would be the one of a sixth deal never dealt
        "dealer": names[state.dealer] if names and state.phase != OVER else None,
        "turn": names[state.turn] if state.turn is not None and state.phase == PLAYING else None,
        "to_act": [names[s] for s in sorted(to_act(state))],
        "hand": (list(state.hands[me]) if in_deal else []) if me is not None else None,
        "hand_sizes": {names[s]: len(state.hands[s]) if in_deal else 0 for s in state.seats},
        "recipes_left": {names[s]: list(state.recipes_left[s]) for s in state.seats},
        "chosen": {names[s]: in_deal and state.chosen[s] is not None for s in state.seats},
        "recipes": {names[s]: state.chosen[s] if in_deal and face_up else None
                    for s in state.seats},
        "my_recipe": state.chosen[me] if me is not None and in_deal else None,
        "points": {names[s]: state.points[s] for s in state.seats},
        "trick": {
            "cards": [{"player": names[s], "card": c} for s, c in state.trick],
            "total": state.total,
            "required_colour": state.required_colour if state.trick else None,
            "leader": names[trick_leader] if trick_leader is not None else None,
        },
        "tricks_taken": {names[s]: state.tricks_taken[s] if in_deal else 0 for s in state.seats},
        "cards_taken": {names[s]: len(state.taken[s]) if in_deal else 0 for s in state.seats},
        "last_card_announced": [names[s] for s in state.announced] if in_deal else [],
        "legal_moves": legal_moves(state, me) if me is not None else [],
        "history": [{"deal": d.deal,
                     "recipes": dict(zip(names, d.recipes)),
                     "gains": dict(zip(names, d.gains)),
                     "points": dict(zip(names, d.points))} for d in state.history],
        "finished": state.phase == OVER,
        "winners": [names[s] for s in state.winners],
    }


def event_view(event, seat: int | None) -> dict[str, Any] | None:
    data = {"type": type(event).__name__, **to_jsonable(event)}
    if isinstance(event, CardsDealt):
        data.pop("hands")
        data.pop("set_aside")
        data["hand_sizes"] = [len(h) for h in event.hands]
        data["set_aside_count"] = len(event.set_aside)
        if isinstance(seat, int) and 0 <= seat < len(event.hands):
            data["hand"] = list(event.hands[seat])
    elif isinstance(event, RecipeChosen) and event.face_down and seat != event.seat:
        data.pop("recipe")
    return data


def private_cards(state: State, seat: int) -> list[str]:
    """The seat's hand: the only cards it sees that others do not."""
    return list(state.hands[seat]) if _is_seat(state, seat) and state.hands else []
