"""The kitchen's moves: purchasing ingredients, cooking alone, proposing a meal and the others'
help with it, and discarding stored ingredients."""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from shared.rules import IllegalMove, Outcome

from .cards import catalogue, table_number
from .checks import _cards, _holds, _int, _need_action, _need_active, _need_company, _str
from .events import (
    CardPaid,
    Contribution,
    CookProposed,
    CookWithdrawn,
    HelpDeclined,
    HelpOffered,
    IngredientDiscarded,
    MealCooked,
)
from .flow import _after_action, _draw_ingredients, _end_turn, _run, min_hand, storage_limit
from .guests import _effect, _touch
from .state import COOKING, DISCARD, State


def _purchase(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_action(state, seat, "purchase")
    card = _str(move, "card")
    if card not in state.hands[seat]:
        raise IllegalMove(f"you do not hold {card}", key="not-held", card=card)
    cat = catalogue()
    animal = cat.animals[card]
    pile = cat.pile_of_class[animal.cls]

    def step(out: Outcome) -> None:
        out.emit(CardPaid(seat, card, "purchase"))
        if _draw_ingredients(out, seat, pile, animal.value):
            _after_action(out)

    return _run(state, step)


def _check_part(state: State, seat: int, table: int, cards: tuple[str, ...],
                ingredients: tuple[str, ...], helper: bool) -> None:
    cat = catalogue()
    if not _holds(state.hands[seat], cards):
        raise IllegalMove(f"you do not hold all of {', '.join(cards)}", key="not-all-held", cards=list(cards))
    if not _holds(state.storage[seat], ingredients):
        raise IllegalMove(f"you do not store all of {', '.join(ingredients)}", key="not-all-stored",
                          tokens=list(ingredients))
    if len(state.hands[seat]) - len(cards) < min_hand(state):
        raise IllegalMove(f"nobody may discard below the minimal hand size ({min_hand(state)})",
                          key="below-minimal-hand", size=min_hand(state))
    required = cat.menus[state.tables[table].menu].ingredients
    for tok in ingredients:
        if tok not in required:
            raise IllegalMove(f"the menu asks for {required[0]} and {required[1]}, not {tok}",
                              key="not-on-menu", first=required[0], second=required[1], token=tok)
    if len(set(ingredients)) != len(ingredients):
        raise IllegalMove("the meal takes one of each required ingredient", key="one-of-each")
    if helper and len(cards) < len(ingredients):
        raise IllegalMove("a helper who gives ingredients gives at least as many animal cards",
                          key="helper-cards")


def _check_meal(state: State, table: int, parts: Sequence[Contribution]) -> None:
    cat = catalogue()
    t = state.tables[table]
    required = cat.menus[t.menu].ingredients
    given = Counter(tok for p in parts for tok in p.ingredients)
    if given != Counter(required):
        raise IllegalMove(f"cooking takes exactly one {required[0]} and one {required[1]} "
                          f"(given: {', '.join(sorted(given.elements())) or 'none'})", key="meal-ingredients",
                          first=required[0], second=required[1], tokens=sorted(given.elements()),
                          count=sum(given.values()))
    total = sum(cat.animals[c].value for p in parts for c in p.cards)
    value = cat.animals[t.guest].value
    if total < value:
        raise IllegalMove(f"the discarded cards add up to {total}, less than the guest's value {value}",
                          key="meal-value", total=total, value=value)
    if not parts[0].cards:
        raise IllegalMove("the active player must discard at least one card during cooking",
                          key="active-gives-card")


def _cook_table(state: State, table: int) -> None:
    t = state.tables[table]
    if t.status != "menu":
        raise IllegalMove(f"cooking needs a guest with a face-up menu; table {table_number(table)} is "
                          f"{t.status}", key="needs-menu", table=table_number(table), status=t.status)


def _cook_effects(out: Outcome, table: int, parts: Sequence[Contribution]) -> None:
    guest = out.state.tables[table].guest
    cards = [c for p in parts for c in p.cards]
    out.emit(MealCooked(table, tuple(parts)))
    # "Their effects can add up or eliminate each other. Only add or remove the final result"
    _touch(out, table, _effect(cards, guest), "the cooks' cards", "cooking")
    _after_action(out)


def _cook(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_action(state, seat, "cook")
    table = _int(move, "table")
    _cook_table(state, table)
    cards, ingredients = _cards(move, "cards"), _cards(move, "ingredients")
    _check_part(state, seat, table, cards, ingredients, helper=False)
    parts = (Contribution(seat, cards, ingredients),)
    _check_meal(state, table, parts)
    return _run(state, lambda out: _cook_effects(out, table, parts))


def _propose(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_company(state, "propose")
    _need_action(state, seat, "propose")
    table = _int(move, "table")
    _cook_table(state, table)
    if table in state.withdrawn:
        # issue 31: otherwise propose, decline, withdraw could repeat without end in one turn
        raise IllegalMove(f"you withdrew the meal at table {table_number(table)} this turn: it cannot be "
                          f"proposed again before your next turn (you may still cook it alone)",
                          key="withdrawn-this-turn", table=table_number(table))
    cards, ingredients = _cards(move, "cards"), _cards(move, "ingredients")
    if not cards:
        raise IllegalMove("the active player must discard at least one card during cooking",
                          key="active-gives-card")
    _check_part(state, seat, table, cards, ingredients, helper=False)
    return [CookProposed(seat, table, cards, ingredients)]


def helpers(state: State) -> list[int]:
    """Seats that may still answer the open proposal (they hold a card above the minimal hand)."""
    p = state.proposal
    if state.phase != COOKING or p is None:
        return []
    return [s for s in state.seats if s != state.active and s not in p.answered
            and len(state.hands[s]) > min_hand(state)]


def _need_helper(state: State, seat: int) -> None:
    """`seat` may still answer the open proposal."""
    if state.phase != COOKING:
        raise IllegalMove("no meal is proposed: help is offered while a proposal is open", key="no-proposal")
    if seat == state.active:
        raise IllegalMove("you proposed the meal: commit it or withdraw it", key="own-proposal")
    if seat in state.proposal.answered:
        raise IllegalMove("you already answered this proposal", key="already-answered")
    if seat not in helpers(state):
        raise IllegalMove(f"your hand is at the minimal hand size ({min_hand(state)}): you cannot help",
                          key="cannot-help", size=min_hand(state))


def _offer(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_helper(state, seat)
    cards, ingredients = _cards(move, "cards"), _cards(move, "ingredients")
    if not cards:
        raise IllegalMove("an offer gives at least one animal card (to give nothing, decline)",
                          key="offer-needs-card")
    _check_part(state, seat, state.proposal.table, cards, ingredients, helper=True)
    return [HelpOffered(seat, cards, ingredients)]


def _decline(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_helper(state, seat)
    return [HelpDeclined(seat)]


def _commit(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_active(state, seat, COOKING, "commit")
    p = state.proposal
    accept = _cards(move, "accept")
    offers = {state.players[o.seat]: o for o in p.offers}
    for name in accept:
        if name not in offers:
            raise IllegalMove(f"{name} has made no offer to accept", key="no-such-offer", player=name)
    if len(set(accept)) != len(accept):
        raise IllegalMove("each offer is accepted once", key="accepted-twice")
    parts = [Contribution(seat, p.cards, p.ingredients)] + [offers[n] for n in accept]
    parts = [parts[0]] + sorted(parts[1:], key=lambda c: c.seat)
    _check_meal(state, p.table, parts)
    return _run(state, lambda out: _cook_effects(out, p.table, parts))


def _withdraw(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_company(state, "withdraw")
    _need_active(state, seat, COOKING, "withdraw")
    return [CookWithdrawn(seat)]


def _discard(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    _need_active(state, seat, DISCARD, "discard")
    token = _str(move, "token")
    if token not in state.storage[seat]:
        raise IllegalMove(f"you do not store {token}", key="not-stored", token=token)

    def step(out: Outcome) -> None:
        out.emit(IngredientDiscarded(seat, token))
        if len(out.state.storage[seat]) <= storage_limit(state):
            _end_turn(out)

    return _run(state, step)
