"""The guests at the tables: the clouds their neighbours and waiters bring, the events that seat
them, ring their bells, try their patience and see them leave, free seating and taking orders."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from shared.rules import IllegalMove, Outcome

from .cards import catalogue, table_number
from .checks import _int, _need_action, _need_active, _str
from .events import (
    GUEST,
    BellPlaced,
    MUSHROOMS,
    STARS,
    CardPaid,
    CloudMoved,
    EventResolved,
    GuestLeft,
    GuestSeated,
    SeatingSkipped,
)
from .flow import (_after_action, _after_events, _check_win, _draw_menus, _end, _run, min_hand,
                   satisfied_values)
from .state import EVENTS, State


# "The guests have decided what to eat so they are calling a waiter to take their order. Place a
# bell token on the animal card.": the event of a table with a guest at it, not part of seating
# (seated guests, by an event or by free seating, wait for their table's next event to ring).
SEATED_WITH_BELL = False


# ---- clouds and seating ----------------------------------------------------------------------

def _cloud_on_guest(out: Outcome, table: int, reason: str, cause: str, about: str = "") -> None:
    """One cloud from the mushrooms onto the guest (a third goes to a star instead)."""
    s = out.state
    cat = catalogue()
    if s.mushrooms == 0:
        # "The restaurant descends into chaos if ... no more left on the mushrooms and even more
        # would be needed."
        _end(out, False, "chaos", table, cause, about)
    if s.tables[table].clouds >= 2:
        if s.stars >= cat.stars:
            # "The restaurant goes bankrupt if all the stars are already covered"
            _end(out, False, "bankrupt", table, cause, about)
        out.emit(CloudMoved(table, MUSHROOMS, STARS, reason + " (a third cloud goes on a star)", cause, about))
    else:
        out.emit(CloudMoved(table, MUSHROOMS, GUEST, reason, cause, about))


def _cloud_off_guest(out: Outcome, table: int, reason: str, cause: str, about: str = "") -> None:
    if out.state.tables[table].clouds > 0:
        out.emit(CloudMoved(table, GUEST, MUSHROOMS, reason, cause, about))
        _check_win(out)


def _touch(out: Outcome, table: int, net: int, reason: str, cause: str, about: str = "") -> None:
    """Apply the netted predator/prey (+1) and same-species (-1) effects on a guest."""
    if net > 0:
        if out.state.options.ignore_eating_clouds and out.state.tables[table].eating:
            return  # "Players may ignore placing a cloud token on guests who are already eating"
        for _ in range(net):
            _cloud_on_guest(out, table, reason, cause, about)
    for _ in range(-net):
        _cloud_off_guest(out, table, reason, cause, about)


def _effect(cards: Sequence[str], guest: str) -> int:
    cat = catalogue()
    g = cat.animals[guest].species
    return sum(cat.relation(cat.animals[c].species, g) for c in cards)


def _seat_guest(out: Outcome, seat: int, table: int, card: str, free: bool) -> None:
    out.emit(GuestSeated(table, seat, card, free, bell=SEATED_WITH_BELL))
    cat = catalogue()
    # "The predator-prey relationship must be checked for each neighbor of the newly seated guests"
    for nb in cat.neighbours(table):
        guest = out.state.tables[nb].guest
        if guest is not None:
            _touch(out, nb, _effect((card,), guest), f"{card} was seated next to it", "neighbour", card)


def _fits(state: State, table: int, card: str) -> bool:
    return catalogue().animals[card].value <= catalogue().chairs[table]


def _seatable(state: State, seat: int, table: int) -> list[str]:
    """Distinct cards of `seat` that fit `table`, if the seat may give a card at all."""
    if len(state.hands[seat]) <= min_hand(state):
        return []
    return sorted({c for c in state.hands[seat] if _fits(state, table, c)})


# ---- moves -----------------------------------------------------------------------------------

def _resolve_event(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_active(state, seat, EVENTS, "resolve")
    table = _int(move, "table")
    if table not in state.events_left:
        left = [table_number(t) for t in state.events_left]
        raise IllegalMove(f"table {table_number(table)} has no event left this turn (events on tables "
                          f"{', '.join(map(str, left))})", key="no-event-left", table=table_number(table),
                          tables=left)
    card = move.get("card")
    t = state.tables[table]
    status = t.status

    def step(out: Outcome) -> None:
        if status == "empty":
            fits = _seatable(state, seat, table)
            if fits:
                if card is None:
                    raise IllegalMove(f"guests sit down at empty table {table_number(table)}: seat one of "
                                      f"{', '.join(fits)}", key="must-seat", table=table_number(table), cards=fits)
                if card not in state.hands[seat]:
                    raise IllegalMove(f"you do not hold {card}", key="not-held", card=card)
                if card not in fits:
                    raise IllegalMove(f"{card} does not fit table {table_number(table)}: it has "
                                      f"{catalogue().chairs[table]} chairs", key="too-few-chairs",
                                      card=card, table=table_number(table), chairs=catalogue().chairs[table])
                _seat_guest(out, seat, table, card, free=False)
            else:
                if card is not None:
                    raise IllegalMove("no card can be seated here (no card fits, or your hand is at "
                                      "the minimal size): the seating is skipped", key="seating-skipped",
                                      table=table_number(table))
                out.emit(SeatingSkipped(table, seat))
        else:
            if card is not None:
                raise IllegalMove(f"table {table_number(table)} is not empty: its event needs no card",
                                  key="event-needs-no-card", table=table_number(table))
            if status == "seated":
                # "The guests have decided what to eat so they are calling a waiter to take their
                # order. Place a bell token on the animal card."
                out.emit(BellPlaced(table))
            elif status in ("bell", "menu"):
                why = "nobody has taken their order yet" if status != "menu" else "nobody has served their meal yet"
                _cloud_on_guest(out, table, f"guests lose patience: {why}",
                                "patience-order" if status == "bell" else "patience-meal")
            else:
                _leave(out, table)
        out.emit(EventResolved(table))
        if not out.state.events_left:
            _after_events(out)

    return _run(state, step)


def _leave(out: Outcome, table: int) -> None:
    """The eating guests leave; feedback depends on their clouds."""
    cat = catalogue()
    s = out.state
    t = s.tables[table]
    animal = cat.animals[t.guest]
    sp = cat.species.index(animal.species)
    if t.clouds >= 2:
        if s.stars >= cat.stars:
            _end(out, False, "bankrupt", table, "unsatisfied")
        out.emit(CloudMoved(table, GUEST, STARS, "unsatisfied guests leave", "unsatisfied"))
        out.emit(CloudMoved(table, GUEST, MUSHROOMS, "unsatisfied guests leave", "unsatisfied"))
        out.emit(GuestLeft(table, t.guest, "unsatisfied", t.menu))
        _check_win(out)
        return
    before = satisfied_values(s)[sp]
    steps = (before + animal.value) // cat.step - before // cat.step
    if t.clouds == 1:
        if steps:
            # "When its cloud would go on a star but the next 5-level is reached at the same time,
            # these effects eliminate each other and the cloud goes directly back on the mushrooms."
            steps -= 1
            out.emit(CloudMoved(table, GUEST, MUSHROOMS, "semi-satisfied guests meet a 5-step", "semi-step",
                                animal.species))
        else:
            if s.stars >= cat.stars:
                _end(out, False, "bankrupt", table, "semi-satisfied")
            out.emit(CloudMoved(table, GUEST, STARS, "semi-satisfied guests leave", "semi-satisfied"))
        out.emit(GuestLeft(table, t.guest, "semi-satisfied", t.menu))
    else:
        out.emit(GuestLeft(table, t.guest, "satisfied", t.menu))
    for _ in range(steps):
        # "Whenever you reach a sum of 5, 10, 15, etc. from a species, place 1 cloud from a star
        # back on the mushrooms"
        if out.state.stars > 0:
            out.emit(CloudMoved(-1, STARS, MUSHROOMS, f"{animal.species}: a new 5-step of satisfied guests",
                                "step", animal.species))
    _check_win(out)


def _free_seat(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_action(state, seat, "seat")
    table, card = _int(move, "table"), _str(move, "card")
    if state.tables[table].guest is not None:
        raise IllegalMove(f"free seating needs an empty table; table {table_number(table)} is taken",
                          key="table-taken", table=table_number(table))
    if card not in state.hands[seat]:
        raise IllegalMove(f"you do not hold {card}", key="not-held", card=card)
    if not _fits(state, table, card):
        raise IllegalMove(f"{card} does not fit table {table_number(table)}: it has {catalogue().chairs[table]} "
                          f"chairs", key="too-few-chairs", card=card, table=table_number(table),
                          chairs=catalogue().chairs[table])

    def step(out: Outcome) -> None:
        _seat_guest(out, seat, table, card, free=True)
        _after_action(out)

    return _run(state, step)


def _menu_available(state: State, species: str) -> bool:
    cat = catalogue()
    return any(cat.menus[m].species == species for m in state.menu_deck + state.menu_discard)


def _take_order(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_action(state, seat, "order")
    table, card = _int(move, "table"), _str(move, "card")
    t = state.tables[table]
    if t.status != "bell":
        raise IllegalMove(f"taking an order needs a guest with a bell; table {table_number(table)} is {t.status}",
                          key="needs-bell", table=table_number(table), status=t.status)
    if card not in state.hands[seat]:
        raise IllegalMove(f"you do not hold {card}", key="not-held", card=card)
    species = catalogue().animals[t.guest].species
    if not _menu_available(state, species):
        raise IllegalMove(f"no {species} menu is left in the menu deck or its discard pile",
                          key="no-menu-left", species=species)

    def step(out: Outcome) -> None:
        out.emit(CardPaid(seat, card, "order"))
        _touch(out, table, _effect((card,), t.guest), f"{card} took the order", "order", card)
        if _draw_menus(out, table, seat):
            _after_action(out)

    return _run(state, step)
