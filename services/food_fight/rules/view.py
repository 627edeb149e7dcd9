"""What one seat may see of the state and of each event: its own hand, packet, picks and
face-down Army (as a sorted list: never its order), never another seat's hand, packet, picks or
unrevealed plate, and never a deck's order."""
from __future__ import annotations

from typing import Any

from shared.codec import to_jsonable

from .cards import DOG, catalogue
from .decide import legal_moves, to_act
from .draft import day_meals
from .events import ArmyPlated, CardPicked, CardsDealt, DeckShuffled, ShuffleRequested
from .state import DRAFT, FIGHT, OVER, TIEBREAK, State
from .yum import dog_value, is_native, serving_value, troop_value

GAME_NAME = "food-fight"


def _is_seat(state: State, seat: int | None) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players)


def _bf(cid: str) -> dict[str, Any]:
    c = catalogue().cards[cid]
    return {"card": cid, "meal": c.meal, "vp": c.vp}


def _meal_view(state: State, me: int | None) -> dict[str, Any] | None:
    if state.meal is None:
        return None
    names = state.players
    fighting = state.phase in (FIGHT, TIEBREAK)
    troops = {}
    for f in state.fighters:
        shown = []
        for r in state.reveals:
            if r.seat != f:
                continue
            v = troop_value(state, r)
            shown.append({"card": r.card, "serving": r.serving, "yumminess": v.value,
                          "printed": catalogue().cards[r.card].yumminess,
                          "bonuses": [{"from": b.source, "bonus": b.text, "effect": b.effect, "amount": b.amount}
                                      for b in v.bonuses]})
        troops[names[f]] = shown
    current = {names[f]: serving_value(state, f) for f in state.fighters} if state.serving else {}
    if state.dog_in and state.serving:
        current[DOG] = dog_value(state)
    actor = state.actor
    return {
        "meal": state.meal,
        "battlefields": [_bf(b) for b in state.stake],
        "fighters": [names[f] for f in state.fighters],
        "dog": state.dog_in,
        "lone": state.lone,
        "serving": state.serving,
        "troops": troops,
        "dog_cards": [{"serving": s, "card": c, "yumminess": catalogue().cards[c].yumminess}
                      for s, c in state.dog_cards],
        "current": current,
        "native": {names[f]: is_native(state, f) for f in state.fighters} if state.serving else {},
        "army_left": {names[f]: len(state.plates[f].troops) - state.army_next[f]
                      for f in state.fighters if state.plates[f] is not None},
        "chips": {names[f]: state.chips[f] for f in state.fighters} | (
            {DOG: state.dog_chips} if state.dog_in else {}),
        "instants": [{"player": names[p.seat], "card": p.card, "serving": p.serving,
                      "target": next((r.card for r in state.reveals
                                      if r.seat == p.seat and r.index == p.target), None)}
                     for p in state.instants],
        "discards": [{"player": names[d.seat], "serving": d.serving, "cards": list(d.cards),
                      "troop": next((r.card for r in state.reveals
                                     if r.seat == d.seat and r.index == d.troop), None)}
                     for d in state.discards],
        "round_open": state.round_open,
        "priority": [names[s] for s in state.priority] if state.round_open else [],
        "acting": names[actor] if actor is not None else None,
        "passed": [names[s] for s in state.passed],
        "tied": [names[s] for s in state.tied] if state.phase == TIEBREAK else [],
        "last_serving": to_jsonable(state.last_serving) if state.last_serving else None,
        "fighting": fighting,
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    names = state.players
    me = seat if _is_seat(state, seat) else None
    plates = {}
    for s in state.seats:
        p = state.plates[s] if state.plates else None
        if p is None:
            plates[names[s]] = None
        elif state.plates_revealed or s == me:
            plates[names[s]] = {"meal": p.meal, "size": len(p.troops), "mascots": list(p.mascots)}
        else:
            plates[names[s]] = {"meal": None, "size": None, "mascots": None}  # face down
    my_army = None
    if me is not None and state.plates and state.plates[me] is not None:
        p = state.plates[me]
        revealed = [r.card for r in state.reveals if r.seat == me] if state.meal == p.meal else []
        left = list(p.troops)
        for c in revealed:
            left.remove(c)
        # only what is still face down: served troops are in the Meal's view and revealed
        # Mascots in `plates`, for everyone
        my_army = {"meal": p.meal, "size": len(p.troops), "face_down": sorted(left),
                   "mascots": [] if state.plates_revealed else list(p.mascots)}
    drafting = state.phase == DRAFT
    return {
        "game": GAME_NAME,
        "players": list(names),
        "seat": me,
        "you": names[me] if me is not None else None,
        "options": state.options.as_dict(),
        "phase": state.phase,
        "day": state.day,
        "to_act": [names[s] for s in sorted(to_act(state))],
        "legal_moves": legal_moves(state, me) if me is not None else [],
        "vp": {names[s]: state.vp[s] for s in state.seats} if state.vp else {},
        "points": {names[s]: state.vp[s] for s in state.seats} if state.vp else {},
        # the Victory Points that end the game (the table's option; the rulebook: "Earn 10
        # Victory Points"), for the players' boxes to say what their points are counted against
        "vp_to_win": state.options.vp_to_win,
        # the Battlefields each holds: won in a Meal, or drawn and kept by an Instant ("If the
        # card does not say to add it to the Meal, you keep the card"), not only won
        "battlefields_won": {names[s]: list(state.won[s]) for s in state.seats} if state.won else {},
        "day_battlefields": [_bf(b) for b in state.day_bfs],
        "day_meals": day_meals(state) if state.day_bfs else [],
        "meals_done": list(state.meals_done),
        "hand": sorted(state.hands[me]) if me is not None and state.hands else None,
        "hand_sizes": {names[s]: len(state.hands[s]) for s in state.seats} if state.hands else {},
        "draft": {
            "direction": "left" if state.day % 2 == 1 else "right",
            "packet": sorted(state.packets[me]) if me is not None else None,
            "picks": list(state.picks[me]) if me is not None else None,
            "packet_sizes": {names[s]: len(state.packets[s]) for s in state.seats},
            # how many each has picked is on the table (the face-down piles), so a board need
            # not work it out from the deal's size
            "pick_sizes": {names[s]: len(state.picks[s]) for s in state.seats},
            "picked": [names[s] for s in state.seats if state.picked[s]],
        } if drafting else None,
        "plates": plates,
        "my_army": my_army,
        "meal": _meal_view(state, me),
        "day_log": [_log(e, names) for e in state.day_log],
        "decks": {"main": len(state.main), "discard": len(state.discard),
                  "battlefields": len(state.bf_deck), "dog": len(state.dog_deck) - state.dog_top},
        # who chose to be passed for automatically when they can play nothing (public: the
        # choice is an event everyone sees)
        "auto_pass": {names[s]: state.auto_pass[s] for s in state.seats} if state.auto_pass else {},
        "finished": state.phase == OVER,
        "placings": {names[s]: state.placings[s] for s in state.seats} if state.placings else {},
        "end_reason": state.end_reason,
    }


def _log(e, names) -> dict[str, Any]:
    data = {"type": type(e).__name__, **to_jsonable(e)}
    if data.get("winner") is not None:
        data["winner"] = names[data["winner"]]
    return data


def event_view(event, seat: int | None) -> dict[str, Any] | None:
    data = {"type": type(event).__name__, **to_jsonable(event)}
    if isinstance(event, DeckShuffled):
        data["cards"] = len(data.pop("order"))  # nobody sees a deck's (or an army's) order
        data.pop("positions")  # nor the shuffled positions, which give it away to the owner
    elif isinstance(event, ShuffleRequested):
        # only the count (an army's and a Main reshuffle's are positions, the others the
        # catalogue's decks: the count is all a reader needs)
        data["cards"] = len(data["cards"])
    elif isinstance(event, CardsDealt):
        hands = data.pop("hands")
        data["hand_sizes"] = [len(h) for h in hands]
        if isinstance(seat, int) and 0 <= seat < len(hands):
            data["hand"] = hands[seat]
    elif isinstance(event, CardPicked) and seat != event.seat:
        data.pop("card")
    elif isinstance(event, ArmyPlated) and seat != event.seat:
        for key in ("meal", "troops", "mascots"):
            data.pop(key)
    return data


def private_cards(state, seat: int) -> list[str]:
    """What only this seat sees: its hand, the draft packet it holds, its picks and its plate
    while face down: the Mascots until the plates are revealed, the troops until each is served
    face up (then every seat sees it)."""
    if not isinstance(seat, int) or not 0 <= seat < len(state.players):
        return []
    cards = [*_at(state.hands, seat), *_at(state.packets, seat), *_at(state.picks, seat)]
    plate = _at(state.plates, seat)
    if plate:
        face_down = list(plate.troops)
        if state.meal == plate.meal:
            for r in state.reveals:
                if r.seat == seat:
                    face_down.remove(r.card)
        cards += face_down
        if not state.plates_revealed:
            cards += plate.mascots
    return cards


def _at(values, seat):
    return values[seat] if seat < len(values) else ()
