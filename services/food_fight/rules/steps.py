"""The steps nobody chooses.

After every move and every shuffle, `advance` plays every step nobody chooses (revealing
Battlefields, dealing, passing packets, revealing plates and troops, scoring Servings and
Meals) until a player must act or a shuffle is needed.
"""
from __future__ import annotations

from shared.rules import Outcome

from .battle import SERVINGS, award, end, finish_meal, next_meal, reveal_serving
from .cards import card
from .events import (
    BattlefieldsRevealed,
    CardPicked,
    CardsDealt,
    DogDrawn,
    DraftCompleted,
    PacketsPassed,
    PlatesRevealed,
    ShuffleRequested,
)
from .instants import auto_passes
from .shuffles import discard_slots
from .state import DAWN, DEALING, DRAFT, FIGHT, OVER, PLATING, SETUP, TIEBREAK
from .state import MEALS as BETWEEN_MEALS

HAND_SIZE = 9  # "Deal nine cards to each player"


def battlefields_per_day(n: int) -> int:
    # "draw the top three VP cards ... In two- or three-player games, draw only two"
    return 2 if n <= 3 else 3


def advance(out: Outcome) -> None:
    n = len(out.state.players)
    while True:
        s = out.state
        if s.phase in (SETUP, OVER) or s.pending:
            return
        if s.phase == DAWN:
            if not s.bf_deck:
                end(out, "the Battlefield deck is empty: no Battlefield can be revealed")
                return
            out.emit(BattlefieldsRevealed(s.day + 1, s.bf_deck[:battlefields_per_day(n)]))
        elif s.phase == DEALING:
            if len(s.main) < HAND_SIZE * n:
                # "Don't reshuffle the Main deck until it runs out of cards": the cards left are
                # dealt first (they stay on top), the discards are shuffled beneath them, as
                # positions (see `discard_slots`).
                out.emit(ShuffleRequested("main", discard_slots(len(s.discard))))
                return
            hands = tuple(s.main[HAND_SIZE * i:HAND_SIZE * (i + 1)] for i in range(n))
            out.emit(CardsDealt(s.day, hands, draft=not s.options.boot_camp))
        elif s.phase == DRAFT:
            if not all(s.picked):
                return
            if not any(s.packets):
                out.emit(DraftCompleted(s.day))
                continue
            # "Alternate passing cards left and right each Day": left (clockwise) on odd Days
            out.emit(PacketsPassed(1 if s.day % 2 == 1 else -1))
            if all(len(p) == 1 for p in out.state.packets):
                for seat in s.seats:  # the last card of a packet leaves no choice
                    out.emit(CardPicked(seat, out.state.packets[seat][0], auto=True))
        elif s.phase == PLATING:
            if any(p is None for p in s.plates):
                return
            out.emit(PlatesRevealed(tuple(p.meal for p in s.plates),
                                    tuple(len(p.troops) for p in s.plates),
                                    tuple(p.mascots for p in s.plates)))
        elif s.phase == BETWEEN_MEALS:
            next_meal(out)
        elif s.phase == FIGHT:
            if s.round_open:
                if auto_passes(out):
                    continue
                return
            if s.serving < SERVINGS:
                reveal_serving(out)
            else:
                finish_meal(out)
                if out.state.phase == OVER:
                    return
        elif s.phase == TIEBREAK:
            drawn = s.dog_deck[s.dog_top:s.dog_top + len(s.tied)]
            best = max(range(len(drawn)), key=lambda i: card(drawn[i]).yumminess)
            winner = s.tied[best]
            out.emit(DogDrawn(s.tied, drawn, winner))
            award(out, winner, f"{s.players[winner]} drew the high card from The Dog deck")
            if out.state.phase == OVER:
                return
        else:  # pragma: no cover
            raise AssertionError(s.phase)
