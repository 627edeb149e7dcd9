"""The terminal client's screen: the frame around a game's own drawing (its registered
shared.games.Renderer), the event lines every game shares, and the final placings.

`screen(view, ...)` builds the renderable; `screen_text(view, ...)` renders it to plain text
(what the tests compare). Everything shown comes from the seat's view and the events of its
watch stream: nothing else is known to the client.
"""
from __future__ import annotations

import io
import json
from typing import Any, Iterable, Sequence

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from shared import games
from shared.i18n import SHARED_TEXTS, Catalogue
from shared.names import bots_at_table

_TEXTS = Catalogue([SHARED_TEXTS])  # the terminal reads English


class PlainRenderer:
    """For a game that brings no renderer of its own: its JSON view and moves as they are."""

    @staticmethod
    def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None) -> RenderableType:
        legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
        shown = {k: v for k, v in view.items() if k != "legal_moves"}
        parts: list[RenderableType] = [Text(json.dumps(shown, indent=1, sort_keys=True))]
        if legal:
            parts.append(Panel(Text("\n".join(f"{i:>2}) {PlainRenderer.move_label(m)}"
                                              for i, m in enumerate(legal, 1))), title="Your moves", expand=False))
        return Group(*parts)

    @staticmethod
    def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None) -> str | None:
        return None

    @staticmethod
    def move_label(move: dict[str, Any]) -> str:
        return " ".join([str(move.get("type"))] + [f"{k}={v}" for k, v in move.items() if k != "type"])


def bots_named(players: Sequence[str]) -> dict[str, str]:
    """The table's bots as the table names them ("Bot 1", "Bot 2"; "Bot" alone), in the words of
    the server's texts (shared.names.bots_at_table, the texts' player-bot): a bot's name is an id."""
    return {bot: _TEXTS.text("player-bot", {"number": n}) for bot, n in bots_at_table(players).items()}


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


def shown_view(view: dict[str, Any]) -> dict[str, Any]:
    return with_bots_named(view, bots_named(view.get("players") or []))


def renderer_of(game: str) -> games.Renderer:
    try:
        return games.get(game).renderer or PlainRenderer
    except games.UnknownGame:
        return PlainRenderer


def move_label(move: dict[str, Any], game: str = "") -> str:
    return renderer_of(game).move_label(move)


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None,
           log: Iterable[str] = (), status: str | None = None, game_id: str | None = None) -> RenderableType:
    parts: list[RenderableType] = [renderer_of(view.get("game", "")).screen(shown_view(view), legal_moves)]
    if game_id:
        parts.insert(0, Text(f"game {game_id}", style="dim"))
    log = list(log)
    if log:
        parts.append(Panel(Text("\n".join(log[-8:])), title="Table talk", expand=False))
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
                game_id: str | None = None) -> str:
    return to_text(screen(view, legal_moves, log, status, game_id), width)


# -- events as log lines --------------------------------------------------------------------

def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None,
               game: str = "") -> str | None:
    """One line for one event as the seat saw it (None: not worth a line): the runtime's and the
    deck's events here, the game's own from its renderer."""
    names = bots_named(players)
    event, players = with_bots_named(event, names), with_bots_named(list(players), names)
    kind, d = event.get("type"), event.get("data") or {}
    if kind == "GameCreated":
        return f"table: {', '.join(d.get('players', []))}{' (ranked)' if d.get('ranked') else ''}"
    if kind == "SeedCommitted":
        return f"the deck committed to its seed {str(d.get('commitment', ''))[:16]}..."
    if kind == "SeedRevealed":
        return "the deck revealed its seed: every shuffle can now be audited"
    return renderer_of(game).event_line(event, players, me)


def placings(view: dict[str, Any]) -> list[tuple[int, str, int]]:
    """(place, player, points), competition ranking (1, 1, 3), best first."""
    points = view.get("points") or {}
    order = sorted(points.items(), key=lambda kv: -kv[1])
    return [(1 + sum(1 for q in points.values() if q > p), name, p) for name, p in order]


def final_lines(view: dict[str, Any], rating_before: float | None, rating_after: float | None,
                ranked: bool = True) -> Text:
    view = shown_view(view)
    me = view.get("you")
    text = Text("Final placings\n", style="bold")
    for place, name, pts in placings(view):
        text.append(f"{place}. {name}{' (you)' if name == me else ''}: {pts} points\n")
    if not ranked:
        text.append("A casual game: ratings do not change\n")
    elif rating_after is not None:
        before = "unrated" if rating_before is None else f"{rating_before:.2f}"
        change = rating_after - (rating_before or 0.0) if rating_before is not None else None
        text.append(f"Your rating: {before} -> {rating_after:.2f}"
                    + (f" ({change:+.2f})" if change is not None else "") + "\n")
    else:
        text.append("Your rating: not updated yet (the leaderboard has not scored this game)\n")
    return text
