"""What a game declares about itself, and the registry that finds every game.

A game is one folder under services/ whose `__init__.py` holds one `Game`; it registers itself
with one line in pyproject.toml:

    [project.entry-points."foodgames.games"]
    food-fight = "services.food_fight:GAME"

Everything that lists games (`foodgames up`, `serve`, `play`, `cards`, the bots, the
matchmaker's catalogue, the leaderboard's rated/co-op split, the deploy check) reads this
registry, so adding a game touches only its folder and that line.

`FOODGAMES_EXTRA_GAMES` (comma-separated `module:attribute`) adds games that are not installed
as entry points, the way the tests register their own tiny game.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

from shared.i18n import DEFAULT, Catalogue, Message
from shared.moves import MoveSet
from shared.rules import Rules

GROUP = "foodgames.games"
EXTRA_ENV = "FOODGAMES_EXTRA_GAMES"


@runtime_checkable
class Bot(Protocol):
    """A player. `view` is exactly the seat's view (a JSON-like dict), `legal_moves` the moves
    the seat may make now (never empty when called); returns one of them. A bot never gets the
    state, another seat's view or a deck's order.

    Where `legal_moves` is only a sample of the seat's moves (ListLegalMoves' `moves_complete`
    false), a bot that says `builds_from_choices = True` is also given the seat's whole move
    space, `choices` (shared.choices), and may return a move built from it; the caller checks a
    move off the list with CheckMove before sending it and asks again if it is refused. A bot
    without the attribute is called with the two arguments only, as before."""

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]],
               choices: dict[str, Any] | None = None) -> dict[str, Any]: ...


def builds_from_choices(bot: Any) -> bool:
    """Whether `bot` takes the seat's choices (Bot's docstring)."""
    return bool(getattr(bot, "builds_from_choices", False))


class Renderer(Protocol):
    """How the terminal client draws one game, from a seat's view and its events only, in
    `language` (one of shared.i18n.LANGUAGES): every word it shows comes from the game's texts."""

    def screen(self, view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None,
               language: str = DEFAULT) -> Any:
        """A rich renderable of the table as the seat sees it."""

    def event_line(self, event: dict[str, Any], players: Sequence[str], me: str | None = None,
                   language: str = DEFAULT) -> str | None:
        """One line for the log about an event as the seat saw it (None: not worth a line)."""

    def move_label(self, move: dict[str, Any], language: str = DEFAULT) -> str:
        """A legal move in words, as the player types or picks it."""


BotFactory = Callable[..., Bot]  # called with seed=...


class Messages(Protocol):
    """How a game's events, moves and turns read (shared.i18n): the module `messages.py` of the
    game's folder. Texts are never built here, only keys and arguments; the catalogue renders
    them in the reader's language."""

    RULES_SECTIONS: Sequence[str]  # e.g. ("goal", "turn", "end", "scoring", "choices"): rules-<name>

    def event_message(self, event: dict[str, Any], players: Sequence[str], seat: int | None) -> Message | None:
        """The message of one of the game's own events ({"type", "data"}, as `seat` sees it;
        None: a spectator), or None when the event has nothing to say to anyone."""

    def move_message(self, move: dict[str, Any], players: Sequence[str], seat: int | None) -> Message:
        """A legal move in words (its label), for the seat that may make it."""

    def prompt_message(self, view: dict[str, Any], seat: int | None) -> Message | None:
        """Whose turn it is and what to do now, from the seat's view."""

    # Optional: `table_advice(players, options) -> Sequence[Message]`, what the game recommends
    # for a table of `players` with `options` (the matchmaker's Ticket.advice), e.g.
    # Forestaurant's five-player advice. A game without it advises nothing.


@dataclass(frozen=True)
class OptionSpec:
    """One game option as DescribeGame offers it: its value's kind, its choices (or range) and
    default. Its name and sentence are the catalogue's `option-<name>` (attribute `.sentence`),
    each choice's label `option-<name>-<choice>`."""

    name: str
    default: Any
    choices: tuple[Any, ...] = ()  # the values it takes, when they are few
    minimum: int | None = None  # or a range of whole numbers
    maximum: int | None = None
    # offered only while each named option has one of its values ((option, values), ...): a
    # client shows and sends it only then (the rules refuse it otherwise)
    only_with: tuple[tuple[str, tuple[Any, ...]], ...] = ()


@dataclass(frozen=True)
class Game:
    """One game, declared once in its own folder."""

    name: str  # wire name, e.g. "food-fight"
    title: str  # "Food Fight"
    rules: Rules
    moves: MoveSet
    port: int  # default gRPC port of its rules engine
    cooperative: bool = False  # the table plays together against the game (rated as a team vs the game)
    bots: Mapping[str, BotFactory] = field(default_factory=dict)  # kind -> factory(seed=...)
    renderer: Renderer | None = None
    catalogue: Callable[[], dict[str, Any]] | None = None  # {"decks": {...}, "cards": {...}}
    default_bot: str = "random"
    # what a client builds a table from (DescribeGame, messages): the game's texts in every
    # language (texts/<language>.ftl), how its events and moves read, and its options
    texts: Catalogue | None = None
    messages: Messages | None = None
    options: tuple[OptionSpec, ...] = ()

    @property
    def min_players(self) -> int:
        return self.rules.min_players

    @property
    def max_players(self) -> int:
        return self.rules.max_players

    @property
    def rated(self) -> bool:
        return not self.cooperative


class UnknownGame(LookupError):
    pass


def _declared() -> list[EntryPoint]:
    points = list(entry_points(group=GROUP))
    for i, target in enumerate(t.strip() for t in os.environ.get(EXTRA_ENV, "").split(",")):
        if target:
            points.append(EntryPoint(f"extra-{i}", target, GROUP))
    return points


@cache
def _load_all(extra: str) -> dict[str, Game]:
    found: dict[str, Game] = {}
    for point in _declared():
        game = point.load()
        if not isinstance(game, Game):
            raise TypeError(f"entry point {point.value} is not a shared.games.Game")
        if found.get(game.name) is game:
            continue  # declared twice (an entry point and FOODGAMES_EXTRA_GAMES)
        if game.name in found:
            raise ValueError(f"two games are named {game.name!r}")
        if game.name != game.rules.name:
            raise ValueError(f"game {game.name!r} declares rules named {game.rules.name!r}")
        found[game.name] = game
    return dict(sorted(found.items()))


def all_games() -> dict[str, Game]:
    """Every registered game by wire name, sorted."""
    return _load_all(os.environ.get(EXTRA_ENV, ""))


def names() -> list[str]:
    return list(all_games())


def get(name: str) -> Game:
    games = all_games()
    try:
        return games[name]
    except KeyError:
        known = ", ".join(games) or "none"
        raise UnknownGame(f"unknown game {name!r}; known games: {known}") from None


def title_of(name: str, language: str = DEFAULT) -> str:
    """The game's title as players know it ("Food Fight"), in `language` where its texts have
    one (`game-title`), or its name for a game not declared here."""
    game = all_games().get(name)
    if game is None:
        return name
    if game.texts is not None and game.texts.has("game-title", language):
        return game.texts.text("game-title", language=language)
    return game.title


def load_rules(name: str) -> Rules:
    return get(name).rules
