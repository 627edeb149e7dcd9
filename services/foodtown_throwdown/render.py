"""Foodtown Throwdown in the terminal client: a seat's view drawn with rich, event lines for the
log, moves in words, in the language each function is given (card names, terms and the table's
own labels, `screen-*`, from the game's texts/<language>.ftl). Everything shown comes from the
seat's view and its events."""
from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from shared.i18n import DEFAULT

from . import messages
from .rules.cards import catalogue
from .texts import TEXTS

KIND_STYLES = {"ingredient": "bold green", "territory": "bold yellow", "publicity": "bold magenta",
               "action": "bold red", "recipe": "bold cyan"}


def say(key: str, language: str = DEFAULT, **args: Any) -> str:
    return TEXTS.text(key, args, language)


def _name(card_id: str, language: str = DEFAULT) -> str:
    return TEXTS.card_name(str(card_id), language)


def card_text(card_id: str, language: str = DEFAULT) -> Text:
    cat = catalogue()
    if card_id in cat.recipes:
        r = cat.recipes[card_id]
        ingredients = "+".join(say(f"type-{i}", language) for i in r.ingredients)
        return Text(say("screen-recipe", language, recipe=_name(card_id, language), ingredients=ingredients,
                        stars=r.stars), style=KIND_STYLES["recipe"])
    card = cat.cards.get(card_id)
    if card is None:
        return Text(str(card_id))
    extra = say(f"type-{card.type}" if card.kind == "ingredient" else f"kind-{card.kind}", language)
    return Text(f"{_name(card_id, language)} ({extra})", style=KIND_STYLES[card.kind])


def move_label(move: dict[str, Any], language: str = DEFAULT, players: Sequence[str] = (),
               seat: int | None = None) -> str:
    """The move's label in `language`: the text of messages.move_message (one source with clients)."""
    return TEXTS.render(messages.move_message(move, players, seat), language)


def _turn_line(view: dict[str, Any], language: str) -> str:
    message = messages.prompt_message(view, view.get("seat"))
    return TEXTS.render(message, language) if message is not None else ""


def players_table(view: dict[str, Any], language: str = DEFAULT) -> Table:
    table = Table(show_header=True, header_style="bold")
    for key in ("screen-player", "screen-stars", "screen-hand-size", "screen-menu", "screen-in-front"):
        table.add_column(say(key, language))
    for p in view.get("players") or []:
        menu = ", ".join(_name(m["recipe"], language) for m in (view.get("menus") or {}).get(p, []))
        front = ", ".join(_name(c, language) for c in (view.get("tables") or {}).get(p, []))
        marks = (" *" if p == view.get("current") else "") + (
            " " + say("screen-blocked", language) if p in (view.get("blocked") or []) else "")
        table.add_row(p + marks, str((view.get("stars") or {}).get(p, 0)),
                      str((view.get("hand_sizes") or {}).get(p, 0)), menu or "-", front or "-")
    return table


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None,
           language: str = DEFAULT) -> RenderableType:
    legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
    header = Text(f"{say('game-title', language)} - " + say(
        "screen-header", language, round=view.get("round", 0), recipes=view.get("recipe_deck_size", 0),
        deck=view.get("play_deck_size", 0), discards=len(view.get("discard") or [])), style="bold")
    display = Text()
    for i, r in enumerate(view.get("display") or []):
        if i:
            display.append("\n")
        display.append_text(card_text(r, language))
    hand = Text()
    for i, c in enumerate(view.get("hand") or []):
        if i:
            hand.append("\n")
        hand.append_text(card_text(c, language))
        if c == view.get("just_drawn"):
            hand.append("  " + say("screen-just-drawn", language))
    empty = Text(say("screen-empty", language))
    parts: list[RenderableType] = [header, players_table(view, language),
                                   Panel(display or empty, title=say("table-display", language), expand=False)]
    if view.get("hand") is not None:
        parts.append(Panel(hand or empty, title=say("screen-hand", language, count=len(view.get("hand") or [])),
                           expand=False))
    parts.append(Text(_turn_line(view, language), style="bold"))
    if legal:
        lines = Text("\n".join(f"{i:>2}) {move_label(m, language)}" for i, m in enumerate(legal, 1)))
        parts.append(Panel(lines, title=say("screen-moves", language), expand=False))
    return Group(*parts)


def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None,
               language: str = DEFAULT) -> str | None:
    """The log line in `language`: the text of messages.event_message (None when internal)."""
    seat = list(players).index(me) if me in players else None
    message = messages.event_message(event, players, seat)
    if message is None or message.internal:
        return None
    return TEXTS.render(message, language)
