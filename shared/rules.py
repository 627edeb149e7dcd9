"""The shape every game's rules module has: a pure decider with chance nodes.

A rules module does no I/O, reads no clock and draws no randomness. The runtime
(`shared.runtime`) hosts it: it folds stored events with `evolve`, asks `decide`
for the events of a move, and, when `chance` names a pending shuffle, gets the
order from the deck service and feeds it back through `resolve_chance`.

Events and commands are frozen dataclasses; `shared.codec` turns events into
JSON-able dicts for the event store and back.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, Protocol, Sequence


class RulesError(Exception):
    """Base of the errors a rules module raises; the message is shown to players.

    `key` names the rule's text in the game's catalogue (shared.i18n: `refused-<key>` in
    `texts/<language>.ftl`) and the keyword arguments are its named arguments, so that the
    refusal reads in the player's language; the message is the English text, for logs and for
    callers that ask for no language:

        raise IllegalMove(f"you must follow {colour}: you hold {held}", key="must-follow",
                          colour=colour, held=held)
    """

    def __init__(self, message: str = "", *, key: str | None = None, **values: Any):
        super().__init__(message)
        self.key = key
        self.values = values


class IllegalMove(RulesError):
    """A well-formed move the rules forbid now (which rule, which card)."""


class NotYourTurn(RulesError):
    """The seat may not act now."""


class MalformedMove(RulesError):
    """The move payload cannot be understood (unknown type, missing field)."""


class InvalidSetup(RulesError):
    """Bad players or options when creating a game."""


@dataclass(frozen=True)
class ChanceNode:
    """The game waits for a shuffle: `deck` is its name, `k` how many shuffles of
    that deck came before in this game, `cards` the card list to shuffle (in a
    canonical order, so the deck service can hash and log it)."""

    deck: str
    k: int
    cards: tuple[str, ...]

    def order_of(self, order: Sequence[str]) -> tuple[str, ...]:
        """`order` as a tuple when it holds exactly this node's cards; NotAnOrder otherwise."""
        order = tuple(order)
        if Counter(order) != Counter(self.cards):
            raise NotAnOrder(self, sorted((Counter(self.cards) - Counter(order)).elements()),
                             sorted((Counter(order) - Counter(self.cards)).elements()))
        return order


class NotAnOrder(ValueError):
    """A shuffle's result that is not an order of the chance node's cards: `missing` are the
    node's cards it lacks, `extra` the cards it holds that are unknown or too many."""

    def __init__(self, node: ChanceNode, missing: list[str], extra: list[str]):
        self.node, self.missing, self.extra = node, missing, extra
        super().__init__(f"the shuffle must be an order of the {len(node.cards)} {node.deck} cards; "
                         f"missing: {missing or 'none'}, not in the deck or too many: {extra or 'none'}")


@dataclass(frozen=True)
class GameResult:
    """What the leaderboard needs at game end. `placings[i]` is the place of
    `players[i]` (1 = best; equal places for ties). For cooperative games
    `team_won` says whether the table beat the game."""

    players: tuple[str, ...]
    points: tuple[int, ...]
    placings: tuple[int, ...]
    team_won: bool | None = None
    difficulty: str | None = None


def replace_state(state: Any, **changes) -> Any:
    """dataclasses.replace of a frozen state without re-running __init__: evolve runs for every
    event of every replay, and the generic replace costs more than the rest of evolve together."""
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def set_at(items: tuple, index: int, value: Any) -> tuple:
    """`items` with `items[index]` replaced by `value`."""
    return items[:index] + (value,) + items[index + 1:]


class Outcome:
    """The events of one decision, folded with `evolve` as they are emitted, so that the rules
    deciding the next event see the effect of the ones before."""

    def __init__(self, state: Any, evolve):
        self.state = state
        self.evolve = evolve
        self.events: list[Any] = []

    def emit(self, event: Any) -> None:
        self.events.append(event)
        self.state = self.evolve(self.state, event)


def seat_players(players: Any, title: str, low: int, high: int) -> tuple[str, ...]:
    """`players` as the game's seats in order, or InvalidSetup saying what is wrong with them."""
    if isinstance(players, str) or not all(isinstance(p, str) and p for p in players):
        raise InvalidSetup("players must be a list of non-empty names")
    players = tuple(players)
    if not low <= len(players) <= high:
        raise InvalidSetup(f"{title} is for {low} to {high} players, not {len(players)}")
    if len(set(players)) != len(players):
        raise InvalidSetup("every player needs a different name")
    return players


class Rules(Protocol):
    """One game's rules. Seats are indices into the players tuple."""

    name: str  # the game's id on the wire, e.g. "foodie-forest"
    min_players: int
    max_players: int
    event_types: Sequence[type]  # every event dataclass, for the codec

    def initial_state(self, players: Sequence[str], options: Mapping[str, Any]) -> Any:
        """The state before the first event; raises InvalidSetup."""

    def start(self, state: Any) -> list[Any]:
        """The events that open a game (e.g. GameStarted with players and options)."""

    def decide(self, state: Any, seat: int, move: Mapping[str, Any]) -> list[Any]:
        """Events for `seat` making `move` (a JSON-like dict such as
        {"type": "play", "card": "bug-3"}); raises MalformedMove, NotYourTurn or
        IllegalMove with a reason a player understands."""

    def evolve(self, state: Any, event: Any) -> Any:
        """Apply one event. Trivial: no validation, no decisions."""

    def chance(self, state: Any) -> ChanceNode | None:
        """The pending shuffle, if the game waits for one."""

    def resolve_chance(self, state: Any, order: Sequence[str]) -> list[Any]:
        """Events for the shuffled `order` (top card first) of the pending node."""

    def is_terminal(self, state: Any) -> bool: ...

    def to_act(self, state: Any) -> frozenset[int]:
        """Seats that may move now (several for simultaneous choices)."""

    def legal_moves(self, state: Any, seat: int) -> list[dict[str, Any]]: ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator). Never another seat's hand,
        an unrevealed choice, or a deck's order. JSON-able. Its `legal_moves`, where it has
        them, are exactly legal_moves(state, seat) (a watch stream sends the seat those)."""

    def private_cards(self, state: Any, seat: int) -> list[str]:
        """The cards only `seat` may see now (its hand, its face-down choices): the one thing
        its view may show beyond the spectator's (checked by tests/rules/test_contract.py)."""

    def event_view(self, event: Any, seat: int | None) -> dict[str, Any] | None:
        """The event as `seat` may see it (redacted), or None to hide it."""

    def result(self, state: Any) -> GameResult | None:
        """Final points and placings once terminal."""

    # Optional (shared.choices): a game whose move space is too large to list describes it.
    #
    # def choices(self, state, seat) -> dict:
    #     """The seat's whole move space now as choices (shared.choices): every move the rules
    #     accept is buildable from them."""
    #
    # def moves_complete(self, state, seat) -> bool:
    #     """Whether legal_moves(state, seat) lists every legal move (False: only a sample)."""


def shuffled_at_random(rules: "Rules", state: Any, rng: random.Random) -> list[Any] | None:
    """The events of the pending chance node's shuffle drawn from `rng` (the deck service's part
    when a game is played out offline: playouts, arenas, self-play), or None when none is
    pending. Draws exactly one rng.shuffle of the node's cards."""
    node = rules.chance(state)
    if node is None:
        return None
    order = list(node.cards)
    rng.shuffle(order)
    return rules.resolve_chance(state, order)
