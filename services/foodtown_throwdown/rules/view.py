"""What one seat may see of the state and of each event: its own hand, every public pile (the
display, the discard pile, what lies in front of each player), sizes of hands and decks; never
another hand or a deck's order."""
from __future__ import annotations

from typing import Any

from shared.codec import to_jsonable

from .cards import catalogue
from .decide import legal_moves, to_act
from .events import CardDrawn, CardsDealt, DeckShuffled, HandsSwapped
from .scoring import bonus_territories, breakdown
from .state import INSPECTION, OVER, State

GAME_NAME = "foodtown-throwdown"


def _is_seat(state: State, seat: int | None) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players)


def view(state: State, seat: int | None) -> dict[str, Any]:
    names = state.players
    me = seat if _is_seat(state, seat) else None
    cat = catalogue()
    started = bool(state.hands)
    stars = {names[s]: breakdown(state, s) for s in state.seats} if started else {}
    return {
        "game": GAME_NAME,
        "players": list(names),
        "seat": me,
        "you": names[me] if me is not None else None,
        "options": state.options.as_dict(),
        "phase": state.phase,
        "turn": state.turn,
        "round": (state.turn - 1) // len(names) + 1 if state.turn else 0,
        "current": names[state.current] if started else None,
        "to_act": [names[s] for s in sorted(to_act(state))],
        "hand": sorted(state.hands[me]) if me is not None and started else ([] if me is not None else None),
        "just_drawn": state.just_drawn if me is not None and me == state.current else None,
        "hand_sizes": {names[s]: len(state.hands[s]) if started else 0 for s in state.seats},
        "display": list(state.display),
        "recipe_deck_size": len(state.recipe_deck),
        "closed_recipes": list(state.closed),
        "play_deck_size": len(state.play_deck),
        "discard": list(state.discard),
        "menus": {names[s]: [{"recipe": r, "cards": list(c)} for r, c in state.menus[s]] if started else []
                  for s in state.seats},
        "tables": {names[s]: list(state.tables[s]) if started else [] for s in state.seats},
        "stars": {n: b["total"] for n, b in stars.items()},
        "points": {n: b["total"] for n, b in stars.items()},
        "star_breakdown": stars,
        # which territories earn their bonus star, so a client draws the stars where they are
        "bonus_territories": {names[s]: bonus_territories(state, s) if started else [] for s in state.seats},
        "action_used": state.action_used,
        "blocked": [names[s] for s in state.seats if started and state.blocked[s]],
        "skips": {names[s]: state.skips[s] for s in state.seats if started and state.skips[s]},
        "inspection": names[state.pending] if state.phase == INSPECTION else None,
        "excess": state.excess,
        "legal_moves": legal_moves(state, me) if me is not None else [],
        "finished": state.phase == OVER,
        "end_reason": state.end_reason,
        "winners": [names[s] for s in state.seats if state.phase == OVER and state.placings[s] == 1],
        "placings": {names[s]: state.placings[s] for s in state.seats} if state.phase == OVER else {},
        "target_stars": state.options.target_stars,
        "hand_limit": state.options.hand_limit,
        "recipe_info": {r: {"name": cat.recipes[r].name, "ingredients": list(cat.recipes[r].ingredients),
                            "stars": cat.recipes[r].stars} for r in state.display},
    }


def event_view(event, seat: int | None) -> dict[str, Any] | None:
    data = {"type": type(event).__name__, **to_jsonable(event)}
    if isinstance(event, DeckShuffled):
        data.pop("order")
        data["size"] = len(event.order)
    elif isinstance(event, CardsDealt):
        data.pop("hands")
        data["hand_sizes"] = [len(h) for h in event.hands]
        if isinstance(seat, int) and 0 <= seat < len(event.hands):
            data["hand"] = list(event.hands[seat])
    elif isinstance(event, CardDrawn) and seat != event.seat:
        data.pop("card")
    elif isinstance(event, HandsSwapped):  # legacy: each seat sees its own new hand only
        data.pop("hands")
        data["hand_sizes"] = [len(h) for h in event.hands]
        if seat == event.seat:
            data["hand"] = list(event.hands[0])
        elif seat == event.target:
            data["hand"] = list(event.hands[1])
    return data


def private_cards(state: State, seat: int) -> list[str]:
    """The seat's hand: the only cards it sees that others do not."""
    return list(state.hands[seat]) if _is_seat(state, seat) and state.hands else []
