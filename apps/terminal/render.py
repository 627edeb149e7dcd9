"""The terminal client's screen: the frame around a game's own drawing (its registered
shared.games.Renderer), the event lines every game shares, and the final placings.

`screen(view, ...)` builds the renderable; `screen_text(view, ...)` renders it to plain text
(what the tests compare). Everything shown comes from the seat's view and the events of its
watch stream: nothing else is known to the client. Every function takes the `language` to draw in:
the frame's words are the terminal's own (apps/terminal/texts/), the table's its game's renderer's.
"""
from __future__ import annotations

import io
import json
from typing import Any, Iterable, Sequence

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from apps.terminal.texts import Texts
from shared import games
from shared.i18n import DEFAULT
from shared.names import bots_at_table


class PlainRenderer:
    """For a game that brings no renderer of its own: its JSON view and moves as they are."""

    @staticmethod
    def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None,
               language: str = DEFAULT) -> RenderableType:
        legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
        shown = {k: v for k, v in view.items() if k != "legal_moves"}
        parts: list[RenderableType] = [Text(json.dumps(shown, indent=1, sort_keys=True))]
        if legal:
            parts.append(Panel(Text("\n".join(f"{i:>2}) {PlainRenderer.move_label(m)}"
                                              for i, m in enumerate(legal, 1))),
                               title=Texts(language)("screen-moves"), expand=False))
        return Group(*parts)

    @staticmethod
    def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None,
                   language: str = DEFAULT) -> str | None:
        return None

    @staticmethod
    def move_label(move: dict[str, Any], language: str = DEFAULT) -> str:
        return " ".join([str(move.get("type"))] + [f"{k}={v}" for k, v in move.items() if k != "type"])


def bots_named(players: Sequence[str], language: str = DEFAULT) -> dict[str, str]:
    """The table's bots as the table names them ("Bot 1", "Bot 2"; "Bot" alone), in the words of
    the server's texts (shared.names.bots_at_table, the texts' player-bot): a bot's name is an id."""
    say = Texts(language)
    return {bot: say("player-bot", number=n) for bot, n in bots_at_table(players).items()}


def with_bots_named(value: Any, names: dict[str, str]) -> Any:
    """`value` (a view or an event, as JSON) with each bot's name, wherever it stands, as the
    table names it: for the screen only (cards and the rest are never a bot's name)."""
    if not names:
        return value
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, dict):
        return {with_bots_named(k, names): with_bots_named(v, names) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [with_bots_named(v, names) for v in value]
    return value


def shown_view(view: dict[str, Any], language: str = DEFAULT) -> dict[str, Any]:
    return with_bots_named(view, bots_named(view.get("players") or [], language))


def renderer_of(game: str) -> games.Renderer:
    try:
        return games.get(game).renderer or PlainRenderer
    except games.UnknownGame:
        return PlainRenderer


def move_label(move: dict[str, Any], game: str = "", language: str = DEFAULT) -> str:
    return renderer_of(game).move_label(move, language=language)


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None,
           log: Iterable[str] = (), status: str | None = None, game_id: str | None = None,
           language: str = DEFAULT) -> RenderableType:
    say = Texts(language)
    parts: list[RenderableType] = [renderer_of(view.get("game", "")).screen(shown_view(view, language), legal_moves,
                                                                            language=language)]
    if game_id:
        parts.insert(0, Text(say("screen-game", game_id=game_id), style="dim"))
    log = list(log)
    if log:
        parts.append(Panel(Text("\n".join(log[-8:])), title=say("screen-log"), expand=False))
    if status:
        parts.append(Text(status, style="bold red"))
    return Group(*parts)


def to_text(renderable: RenderableType, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False,
                      legacy_windows=False)
    console.print(renderable)
    return console.file.getvalue()


def screen_text(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None,
                log: Iterable[str] = (), status: str | None = None, width: int = 100,
                game_id: str | None = None, language: str = DEFAULT) -> str:
    return to_text(screen(view, legal_moves, log, status, game_id, language), width)


# -- events as log lines --------------------------------------------------------------------

def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None,
               game: str = "", language: str = DEFAULT) -> str | None:
    """One line for one event as the seat saw it (None: not worth a line): the runtime's and the
    deck's events here, the game's own from its renderer."""
    say = Texts(language)
    names = bots_named(players, language)
    event, players = with_bots_named(event, names), with_bots_named(list(players), names)
    kind, d = event.get("type"), event.get("data") or {}
    if kind == "GameCreated":
        return say("log-table", players=list(d.get("players", [])), ranked=bool(d.get("ranked")))
    if kind == "SeedCommitted":
        return say("log-seed-committed", commitment=str(d.get("commitment", ""))[:16])
    if kind == "SeedRevealed":
        return say("log-seed-revealed")
    return renderer_of(game).event_line(event, players, me, language=language)


def placings(view: dict[str, Any]) -> list[tuple[int, str, int]]:
    """(place, player, points), competition ranking (1, 1, 3), best first."""
    points = view.get("points") or {}
    order = sorted(points.items(), key=lambda kv: -kv[1])
    return [(1 + sum(1 for q in points.values() if q > p), name, p) for name, p in order]


def final_lines(view: dict[str, Any], rating_before: float | None, rating_after: float | None,
                ranked: bool = True, language: str = DEFAULT) -> Text:
    say = Texts(language)
    view = shown_view(view, language)
    me = view.get("you")
    text = Text(say("final-title") + "\n", style="bold")
    for place, name, pts in placings(view):
        text.append(say("final-place", place=place, player=say("screen-you", player=name) if name == me else name,
                        points=pts) + "\n")
    if not ranked:
        text.append(say("final-casual") + "\n")
    elif rating_after is not None:
        before = say("final-unrated") if rating_before is None else say.decimal(rating_before)
        if rating_before is None:
            text.append(say("final-rating", before=before, after=say.decimal(rating_after)) + "\n")
        else:
            text.append(say("final-rating-change", before=before, after=say.decimal(rating_after),
                            change=say.decimal(rating_after - rating_before, signed=True)) + "\n")
    else:
        text.append(say("final-pending") + "\n")
    return text
