"""What each seat may see. A seat sees its own hand; of the others only the hand sizes. No deck
order is shown: of the animal deck and the ingredient piles only their sizes; of the face-up
menu deck its top card (it lies face up). Discards, tables, storage, clouds and satisfied rows
are public."""
from __future__ import annotations

from typing import Any

from .cards import catalogue
from .decide import legal_moves, to_act
from .events import CardsDrawn, DeckShuffled, HandsDealt
from .flow import satisfied_values
from .kitchen import helpers
from .state import OVER, State

GAME_NAME = "forestaurant"


def _card(card: str | None) -> dict[str, Any] | None:
    if card is None:
        return None
    a = catalogue().animals[card]
    return {"id": a.id, "species": a.species, "class": a.cls, "value": a.value}


def _contribution(c) -> dict[str, Any]:
    return {"seat": c.seat, "cards": list(c.cards), "ingredients": list(c.ingredients)}


def view(state: State, seat: int | None) -> dict[str, Any]:
    cat = catalogue()
    n = len(state.players)
    if seat is not None and seat not in state.seats:
        seat = None
    tables = []
    for i, t in enumerate(state.tables):
        menu = cat.menus[t.menu] if t.menu else None
        tables.append({
            "table": i, "row": i // 3, "col": i % 3, "chairs": cat.chairs[i], "status": t.status,
            "guest": _card(t.guest), "bell": t.bell, "clouds": t.clouds,
            "menu": None if menu is None else {"id": menu.id, "species": menu.species,
                                                "ingredients": list(menu.ingredients),
                                                "face_up": not t.eating},
            "marked": i in state.line, "event_left": i in state.events_left,
        })
    values = satisfied_values(state) if state.hands else [0] * 8
    p = state.proposal
    started = bool(state.hands)
    return {
        "game": GAME_NAME,
        "players": list(state.players),
        "seat": seat,
        "phase": state.phase,
        "active": state.players[state.active] if started else None,
        "active_seat": state.active,
        "turn": state.turn,
        # while a meal is proposed the helpers come first: a driver that asks the listed seats in
        # order gives them their chance before the proposer commits
        "to_act": [state.players[s] for s in sorted(to_act(state), key=lambda s: (s == state.active, s))],
        "you": state.players[seat] if seat is not None else None,
        "finished": state.phase == OVER,
        "legal_moves": legal_moves(state, seat) if seat is not None else [],
        "options": state.options.as_dict(),
        "difficulty": state.options.difficulty,
        "points": {p: state.score for p in state.players},
        "score": state.score,
        "hand": list(state.hands[seat]) if seat is not None and started else [],
        "hand_sizes": [len(h) for h in state.hands] if started else [0] * n,
        "storage": [list(s) for s in state.storage] if started else [[] for _ in range(n)],
        "minimal_hand": cat.minimal_hand[n],
        "storage_limit": cat.storage_limit[n],
        "line": list(state.line),
        "events_left": list(state.events_left),
        "tables": tables,
        "mushrooms": state.mushrooms,
        "clouds": cat.clouds,  # all of them on the mushrooms wins the game
        "stars_covered": state.stars,
        "stars": cat.stars,
        "draw_number": cat.draw_number(state.mushrooms),
        "satisfied": {sp: {"cards": list(state.satisfied[i]), "value": values[i]}
                      for i, sp in enumerate(cat.species)},
        "satisfied_needed": state.options.satisfied_needed,
        "animal_deck": len(state.animal_deck),
        "animal_discard": list(state.animal_discard),
        "animal_reshuffled": state.shuffles[0] >= 2,
        "out_of_game": len(state.out_of_game),
        "menu_deck": len(state.menu_deck),
        "menu_top": state.menu_deck[0] if state.menu_deck else None,
        "menu_discard": len(state.menu_discard),
        "menus_aside": list(state.menus_aside),
        "piles": {"vegetables": len(state.piles[0]), "meats": len(state.piles[1])},
        "pile_discards": {"vegetables": list(state.pile_discards[0]), "meats": list(state.pile_discards[1])},
        # tables whose cooking-together proposal was withdrawn this turn (not proposed again)
        "withdrawn_tables": list(state.withdrawn),
        "waiting_for_shuffle": state.pending is not None and state.phase != OVER,
        "proposal": None if p is None else {
            "table": p.table, "seat": p.seat, "cards": list(p.cards), "ingredients": list(p.ingredients),
            "offers": [_contribution(o) for o in p.offers],
            "answered": [state.players[s] for s in p.answered],
            "may_still_offer": [state.players[s] for s in helpers(state)]},
        "over": state.phase == OVER,
        "won": state.won,
        "end_reason": state.end_reason or None,
        # what closed the restaurant, so that its reason names it ("all 5 stars were covered and the
        # guests leaving table 5 needed another"): the table (0 to 8) whose guests needed one more
        # cloud (chaos) or star (bankrupt), the cause as CloudMoved says it (patience-order,
        # patience-meal, neighbour, order, cooking; unsatisfied or semi-satisfied guests leaving)
        # and the card that touched them; None for the other ends and for games recorded before
        "end_trigger": None if state.end_table < 0 else {
            "table": state.end_table, "cause": state.end_cause, "about": state.end_about or None},
    }


def event_view(event: Any, seat: int | None) -> dict[str, Any] | Any | None:
    """Shuffles show no order; dealt and drawn animal cards only to their owner."""
    match event:
        case DeckShuffled():
            return {"type": "DeckShuffled", "deck": event.deck, "k": event.k,
                    "count": len(event.order), "kept": event.kept}
        case HandsDealt():
            return {"type": "HandsDealt", "hand_sizes": [len(h) for h in event.hands],
                    "hand": list(event.hands[seat]) if seat is not None and seat < len(event.hands) else None}
        case CardsDrawn():
            shown = {"type": "CardsDrawn", "seat": event.seat, "count": len(event.cards), "why": event.why}
            if seat == event.seat:
                shown["cards"] = list(event.cards)
            return shown
    return event


def private_cards(state, seat: int) -> list[str]:
    """The seat's hand: the only cards it sees that others do not."""
    if not isinstance(seat, int) or not 0 <= seat < len(state.hands):
        return []
    return list(state.hands[seat])
