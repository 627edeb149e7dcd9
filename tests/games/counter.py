"""A tiny test-only game that proves the runtime: players take turns adding 1
to 3 to a shared total; whoever reaches the target wins. At the start each
player is dealt one secret card from a shuffled deck (a chance node), so that
hidden information and chance go through the same paths as in real games."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from shared.games import Game, OptionSpec
from shared.i18n import Catalogue, Message
from shared.moves import MoveSet
from shared.rules import (
    ChanceNode,
    GameResult,
    IllegalMove,
    InvalidSetup,
    MalformedMove,
    NotYourTurn,
    seat_players,
)


@dataclass(frozen=True)
class Started:
    players: tuple[str, ...]
    target: int
    per_turn: int = 1  # adds a seat makes in one turn (option per_turn: a turn of several moves)


@dataclass(frozen=True)
class CardsDealt:
    hands: tuple[str, ...]  # one card per seat


@dataclass(frozen=True)
class Added:
    seat: int
    amount: int
    total: int


@dataclass(frozen=True)
class State:
    players: tuple[str, ...] = ()
    target: int = 21
    hands: tuple[str, ...] = ()
    total: int = 0
    turn: int = 0
    winner: int | None = None
    per_turn: int = 1
    moved: int = 0  # adds made in the current turn


class CounterRules:
    name = "counter"
    min_players = 2
    max_players = 4
    event_types = (Started, CardsDealt, Added)

    def initial_state(self, players: Sequence[str], options: Mapping[str, Any]) -> State:
        players = seat_players(players, "Counter", self.min_players, self.max_players)
        unknown = set(options) - {"target", "per_turn"}
        if unknown:
            raise InvalidSetup(f"unknown option(s): {', '.join(sorted(unknown))}")
        target = options.get("target", 21)
        if not isinstance(target, int) or target < 1:
            raise InvalidSetup("target must be a positive whole number")
        per_turn = options.get("per_turn", 1)
        if not isinstance(per_turn, int) or not 1 <= per_turn <= 5:
            raise InvalidSetup("per_turn must be a whole number from 1 to 5")
        return State(players=tuple(players), target=target, per_turn=per_turn)

    def start(self, state: State) -> list:
        return [Started(state.players, state.target, state.per_turn)]

    def deck(self, state: State) -> tuple[str, ...]:
        return tuple(f"card-{i}" for i in range(2 * len(state.players)))

    def chance(self, state: State) -> ChanceNode | None:
        return ChanceNode("cards", 0, self.deck(state)) if not state.hands else None

    def resolve_chance(self, state: State, order: Sequence[str]) -> list:
        return [CardsDealt(tuple(order[: len(state.players)]))]

    def decide(self, state: State, seat: int, move: Mapping[str, Any]) -> list:
        if move.get("type") != "add":
            raise MalformedMove(f"unknown move type {move.get('type')!r}; this game knows 'add'",
                                key="counter-unknown-move")
        amount = move.get("amount")
        if not isinstance(amount, int):
            raise MalformedMove("an add move needs a whole-number amount", key="add-amount")
        if not state.hands:
            raise NotYourTurn("the cards are being dealt", key="dealing")
        if self.is_terminal(state):
            raise IllegalMove("the game is over", key="game-over")
        if seat != state.turn:
            raise NotYourTurn(f"it is {state.players[state.turn]}'s turn", key="not-your-turn",
                              player=state.players[state.turn])
        if not 1 <= amount <= 3:
            raise IllegalMove(f"you may add 1, 2 or 3, not {amount}", key="add-range", amount=amount)
        return [Added(seat, amount, state.total + amount)]

    def evolve(self, state: State, event) -> State:
        if isinstance(event, Started):
            return replace(state, players=event.players, target=event.target, per_turn=event.per_turn)
        if isinstance(event, CardsDealt):
            return replace(state, hands=event.hands)
        if isinstance(event, Added):
            won = event.total >= state.target
            moved = state.moved + 1
            if moved < state.per_turn:  # the turn goes on
                return replace(state, total=event.total, moved=moved, winner=event.seat if won else None)
            return replace(state, total=event.total, turn=(event.seat + 1) % len(state.players), moved=0,
                           winner=event.seat if won else None)
        return state

    def is_terminal(self, state: State) -> bool:
        return state.winner is not None

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if self.is_terminal(state) or not state.hands else frozenset({state.turn})

    def legal_moves(self, state: State, seat: int) -> list[dict]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "add", "amount": n} for n in (1, 2, 3)]

    def view(self, state: State, seat: int | None) -> dict:
        return {"players": list(state.players), "total": state.total, "target": state.target, "turn": state.turn,
                "to_act": [state.players[s] for s in sorted(self.to_act(state))],
                "my_card": state.hands[seat] if state.hands and seat is not None else None,
                "winner": state.winner}

    def private_cards(self, state: State, seat: int) -> list[str]:
        return [state.hands[seat]] if state.hands else []

    def event_view(self, event, seat: int | None):
        if isinstance(event, CardsDealt):
            return {"my_card": event.hands[seat] if seat is not None else None}
        return event

    def result(self, state: State) -> GameResult | None:
        if not self.is_terminal(state):
            return None
        placings = tuple(1 if s == state.winner else 2 for s in range(len(state.players)))
        points = tuple(1 if s == state.winner else 0 for s in range(len(state.players)))
        return GameResult(state.players, points, placings)


RULES = CounterRules()


@dataclass(frozen=True)
class Add:
    """Add 1, 2 or 3 to the shared total."""

    amount: int


MOVES = MoveSet({"add": Add})


class CounterMessages:
    """How the counter's events, moves and turns read (tests/games/counter_texts/)."""

    RULES_SECTIONS = ("goal", "turn", "end", "scoring", "choices")

    @staticmethod
    def event_message(event: dict[str, Any], players: Sequence[str], seat: int | None) -> Message | None:
        kind, data = event["type"], event.get("data") or {}
        if kind == "Started":
            return Message("event-Started", {"players": list(data["players"]), "target": data["target"]})
        if kind == "CardsDealt":
            if data.get("my_card"):
                return Message("event-CardsDealt-own", {"card": data["my_card"]})
            return Message("event-CardsDealt", {})
        if kind == "Added":
            return Message("event-Added", {"player": players[data["seat"]], "you": data["seat"] == seat,
                                           "amount": data["amount"], "total": data["total"]})
        return None

    @staticmethod
    def move_message(move: dict[str, Any], players: Sequence[str], seat: int | None) -> Message:
        return Message("move-add", {"amount": move["amount"]})

    @staticmethod
    def prompt_message(view: dict[str, Any], seat: int | None) -> Message | None:
        players = view["players"]
        if view["winner"] is not None:
            return Message("prompt-won", {"player": players[view["winner"]], "you": view["winner"] == seat})
        if not view["to_act"]:
            return None
        if seat is not None and players[seat] in view["to_act"]:
            return Message("prompt-add", {"total": view["total"]})
        return Message("prompt-wait", {"player": view["to_act"][0]})


def catalogue() -> dict[str, Any]:
    cards = [f"card-{i}" for i in range(2 * RULES.max_players)]
    return {"decks": {"cards": cards},
            "cards": {c: {"name": c, "kind": "secret", "text": "a secret card"} for c in cards}}


# Registered like any game, but only where a test asks for it:
# FOODGAMES_EXTRA_GAMES=tests.games.counter:GAME (shared.games).
GAME = Game(name="counter", title="Counter", rules=RULES, moves=MOVES, port=20070, catalogue=catalogue,
            texts=Catalogue.of_game(Path(__file__).parent / "counter_texts", card_key=lambda card: "secret"),
            messages=CounterMessages(), options=(OptionSpec("target", 21, minimum=1, maximum=1000),))
