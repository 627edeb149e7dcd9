"""Foodtown Throwdown in the terminal client: a seat's view drawn with rich, event lines for the
log, moves in words. Everything shown comes from the seat's view and its events."""
from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import messages
from .rules.cards import catalogue
from .texts import TEXTS

KIND_STYLES = {"ingredient": "bold green", "territory": "bold yellow", "publicity": "bold magenta",
               "action": "bold red", "recipe": "bold cyan"}


def _name(card_id: str) -> str:
    cat = catalogue()
    if card_id in cat.cards:
        return cat.cards[card_id].name
    if card_id in cat.recipes:
        return cat.recipes[card_id].name
    return str(card_id)


def card_text(card_id: str) -> Text:
    cat = catalogue()
    if card_id in cat.recipes:
        r = cat.recipes[card_id]
        return Text(f"{r.name} [{'+'.join(r.ingredients)}] {r.stars}*", style=KIND_STYLES["recipe"])
    card = cat.cards.get(card_id)
    if card is None:
        return Text(str(card_id))
    extra = f" ({card.type})" if card.kind == "ingredient" else f" ({card.kind})"
    return Text(card.name + extra, style=KIND_STYLES[card.kind])


def move_label(move: dict[str, Any], players: Sequence[str] = (), seat: int | None = None) -> str:
    """The move's label in English: the text of messages.move_message (one source with clients)."""
    return TEXTS.render(messages.move_message(move, players, seat), "en")


def _turn_line(view: dict[str, Any]) -> str:
    message = messages.prompt_message(view, view.get("seat"))
    return TEXTS.render(message, "en") if message is not None else ""


def players_table(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, header_style="bold")
    for col in ("player", "stars", "hand", "menu", "in front"):
        table.add_column(col)
    for p in view.get("players") or []:
        menu = ", ".join(_name(m["recipe"]) for m in (view.get("menus") or {}).get(p, []))
        front = ", ".join(_name(c) for c in (view.get("tables") or {}).get(p, []))
        marks = (" *" if p == view.get("current") else "") + (" (blocked)" if p in (view.get("blocked") or []) else "")
        table.add_row(p + marks, str((view.get("stars") or {}).get(p, 0)),
                      str((view.get("hand_sizes") or {}).get(p, 0)), menu or "-", front or "-")
    return table


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None) -> RenderableType:
    legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
    header = Text(f"Foodtown Throwdown - round {view.get('round', 0)} - recipes left "
                  f"{view.get('recipe_deck_size', 0)} - play deck {view.get('play_deck_size', 0)} - "
                  f"discards {len(view.get('discard') or [])}", style="bold")
    display = Text()
    for i, r in enumerate(view.get("display") or []):
        if i:
            display.append("\n")
        display.append_text(card_text(r))
    hand = Text()
    for i, c in enumerate(view.get("hand") or []):
        if i:
            hand.append("\n")
        hand.append_text(card_text(c))
        if c == view.get("just_drawn"):
            hand.append("  <- just drawn")
    parts: list[RenderableType] = [header, players_table(view),
                                   Panel(display or Text("(empty)"), title="Recipes on display", expand=False)]
    if view.get("hand") is not None:
        parts.append(Panel(hand or Text("(empty)"), title=f"Your hand ({len(view.get('hand') or [])})", expand=False))
    parts.append(Text(_turn_line(view), style="bold"))
    if legal:
        lines = Text("\n".join(f"{i:>2}) {move_label(m)}" for i, m in enumerate(legal, 1)))
        parts.append(Panel(lines, title="Your moves", expand=False))
    return Group(*parts)


def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None) -> str | None:
    """The log line in English: the text of messages.event_message (None when internal)."""
    seat = list(players).index(me) if me in players else None
    message = messages.event_message(event, players, seat)
    if message is None or message.internal:
        return None
    return TEXTS.render(message, "en")
