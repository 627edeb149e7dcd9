"""The entry points of play: `decide` hands a move to its handler (guests, kitchen), who acts,
which moves are legal.

Legal moves (`legal_moves`) are a finite canonical list; where a move pays with a set of cards
the list shows a bounded representative family and `decide` accepts every legal set:
- cook (alone): every single card that reaches the guest's value, and every pair of cards that
  reaches it where neither card does alone; if no single card or pair reaches it, the set of the
  highest cards that does; and each of these sets once more with every card of the guest's own
  species the player can spare (they calm the guest). Any other set that reaches the value is
  accepted too.
- propose_cook: one card with every required ingredient the active player holds.
- offer_help: one card with no or one ingredient, two cards with both ingredients.
- commit_cook: every subset of the offers that completes the meal.
Card ids repeat (copies of one card share an id), so the list holds each distinct choice once.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any, Mapping, Sequence

from shared.moves import quote
from shared.rules import GameResult, IllegalMove, NotYourTurn

from .cards import catalogue
from .events import Contribution
from .flow import min_hand
from .guests import _free_seat, _menu_available, _resolve_event, _seatable, _take_order
from .kitchen import (_check_meal, _commit, _cook, _decline, _discard, _offer, _propose, _purchase, _withdraw,
                      helpers)
from .state import ACTIONS, COOKING, DISCARD, EVENTS, OVER, SETUP, SHUFFLING, State


# ---- moves -----------------------------------------------------------------------------------

MOVES = {"resolve_event": _resolve_event, "seat": _free_seat, "take_order": _take_order,
         "purchase": _purchase, "cook": _cook, "propose_cook": _propose, "offer_help": _offer,
         "decline_help": _decline, "commit_cook": _commit, "withdraw_cook": _withdraw,
         "discard_ingredient": _discard}


def decide(state: State, seat: int, move: Mapping[str, Any]) -> list[Any]:
    if state.phase == OVER:
        raise IllegalMove("the game is over", key="game-over")
    if state.phase in (SETUP, SHUFFLING) or state.pending is not None:
        raise NotYourTurn("the game waits for a shuffle", key="waits-for-shuffle")
    if not isinstance(seat, int) or seat not in state.seats:
        raise NotYourTurn("you are not seated at this game", key="not-seated")
    kind = move.get("type")
    if kind not in MOVES:
        raise IllegalMove(f"unknown move {quote(kind)}", key="unknown-move", move=quote(kind))
    for name in ("card", "token"):
        if move.get(name) is not None and not isinstance(move[name], str):
            raise IllegalMove(f"'{name}' must be an id", key="needs-id", field=name)
    return MOVES[kind](state, seat, move)


# ---- who acts, what they may do --------------------------------------------------------------

def is_terminal(state: State) -> bool:
    return state.phase == OVER


def to_act(state: State) -> frozenset[int]:
    if state.phase in (EVENTS, ACTIONS, DISCARD) and state.pending is None:
        return frozenset({state.active})
    if state.phase == COOKING:
        return frozenset({state.active, *helpers(state)})
    return frozenset()


def _distinct(cards) -> list[str]:
    return sorted(set(cards))


def cook_sets(hand: Sequence[str], value: int, spare: int, species: str | None = None) -> list[tuple[str, ...]]:
    """The canonical card sets reaching `value` from `hand`, at most `spare` cards each; with
    `species`, each set also once more with every spare card of the guest's species added."""
    cat = catalogue()
    val = {c: cat.animals[c].value for c in hand}
    out: list[tuple[str, ...]] = []
    if spare < 1:
        return out
    singles = [c for c in _distinct(hand) if val[c] >= value]
    out += [(c,) for c in singles]
    if spare >= 2:
        small = sorted(c for c in hand if val[c] < value)
        pairs = {tuple(sorted(p)) for p in combinations(small, 2) if val[p[0]] + val[p[1]] >= value}
        out += sorted(pairs)
    if not out:
        chosen, total = [], 0
        for c in sorted(hand, key=lambda c: -val[c]):
            if total >= value or len(chosen) >= spare:
                break
            chosen.append(c)
            total += val[c]
        if total >= value:
            out.append(tuple(sorted(chosen)))
    if species is not None:
        for base in list(out):
            rest = Counter(hand) - Counter(base)
            same = [c for c in sorted(rest.elements()) if cat.animals[c].species == species]
            extra = tuple(sorted(base + tuple(same[:spare - len(base)])))
            if len(extra) > len(base) and extra not in out:
                out.append(extra)
    return out


def _ingredient_subsets(storage: Sequence[str], required: Sequence[str]) -> list[tuple[str, ...]]:
    held = [k for k in required if k in storage]
    subsets = [()]
    for r in (1, 2):
        subsets += [tuple(c) for c in combinations(held, r)]
    return subsets


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    cat = catalogue()
    hand = state.hands[seat]
    moves: list[dict[str, Any]] = []
    if state.phase == EVENTS:
        for t in state.events_left:
            fits = _seatable(state, seat, t) if state.tables[t].status == "empty" else []
            if fits:
                moves += [{"type": "resolve_event", "table": t, "card": c} for c in fits]
            else:
                moves.append({"type": "resolve_event", "table": t})
        return moves
    if state.phase == DISCARD:
        return [{"type": "discard_ingredient", "token": k} for k in _distinct(state.storage[seat])]
    spare = len(hand) - min_hand(state)
    if state.phase == ACTIONS:
        for t, tab in enumerate(state.tables):
            if tab.status == "empty":
                moves += [{"type": "seat", "table": t, "card": c} for c in _seatable(state, seat, t)]
            elif tab.status == "bell" and _menu_available(state, cat.animals[tab.guest].species):
                moves += [{"type": "take_order", "table": t, "card": c} for c in _distinct(hand)]
            elif tab.status == "menu":
                required = cat.menus[tab.menu].ingredients
                if all(k in state.storage[seat] for k in required):
                    guest = cat.animals[tab.guest]
                    for cs in cook_sets(hand, guest.value, spare, guest.species):
                        moves.append({"type": "cook", "table": t, "cards": list(cs),
                                      "ingredients": list(required)})
                if len(state.players) > 1 and t not in state.withdrawn:
                    ing = [k for k in required if k in state.storage[seat]]
                    for c in _distinct(hand):
                        moves.append({"type": "propose_cook", "table": t, "cards": [c],
                                      "ingredients": ing})
        moves += [{"type": "purchase", "card": c} for c in _distinct(hand)]
        return moves
    if state.phase == COOKING:
        p = state.proposal
        if seat == state.active:
            names = [state.players[o.seat] for o in p.offers]
            for r in range(len(names) + 1):
                for acc in combinations(names, r):
                    try:
                        parts = [Contribution(seat, p.cards, p.ingredients)] + [
                            o for o in p.offers if state.players[o.seat] in acc]
                        _check_meal(state, p.table, parts)
                    except IllegalMove:
                        continue
                    moves.append({"type": "commit_cook", "accept": list(acc)})
            moves.append({"type": "withdraw_cook"})
            return moves
        required = cat.menus[state.tables[p.table].menu].ingredients
        for ing in _ingredient_subsets(state.storage[seat], required):
            if len(ing) < 2:
                moves += [{"type": "offer_help", "cards": [c], "ingredients": list(ing)} for c in _distinct(hand)]
            elif spare >= 2:
                pairs = sorted({tuple(sorted(pc)) for pc in combinations(hand, 2)})
                moves += [{"type": "offer_help", "cards": list(pc), "ingredients": list(ing)} for pc in pairs]
        moves.append({"type": "decline_help"})
        return moves
    return moves


def result(state: State) -> GameResult | None:
    if state.phase != OVER:
        return None
    n = len(state.players)
    return GameResult(players=state.players, points=(state.score,) * n, placings=(1,) * n,
                      team_won=bool(state.won), difficulty=state.options.difficulty)
