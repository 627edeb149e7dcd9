"""Forestaurant in the terminal: the 3x3 restaurant, the reputation, your hand and storage, the
team's satisfied rows and an open cooking proposal, all drawn from the seat's view only."""
from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import messages
from .rules.cards import table_number
from .texts import TEXTS

CLASS_STYLES = {"green": "bold green", "blue": "bold blue", "yellow": "bold yellow", "red": "bold red"}
SPECIES_CLASS = {"hare": "green", "squirrel": "green", "deer": "blue", "boar": "blue",
                 "fox": "yellow", "marten": "yellow", "wolf": "red", "bear": "red"}


def card_text(card: str) -> Text:
    species = card.rsplit("-", 1)[0]
    return Text(card, style=CLASS_STYLES.get(SPECIES_CLASS.get(species, ""), "bold"))


def _list(items) -> str:
    return ", ".join(str(i) for i in items) if items else "-"


def move_label(move: dict[str, Any]) -> str:
    """The legal move in words: the English text of the game's move message."""
    return TEXTS.render(messages.move_message(move, (), None))


def _cell(t: dict[str, Any]) -> Text:
    text = Text(f"#{table_number(t['table'])} ({t['chairs']} chairs)", style="bold" if t["marked"] else "dim")
    if t["event_left"]:
        text.append(" *", style="bold magenta")
    text.append("\n")
    g = t["guest"]
    if g is None:
        text.append("empty")
        return text
    text.append_text(card_text(g["id"]))
    text.append("  " + "☁" * t["clouds"] if t["clouds"] else "")
    text.append("\n")
    if t["status"] == "seated":
        text.append("deciding what to eat")
    elif t["status"] == "bell":
        text.append("bell: waiting to order")
    elif t["status"] == "menu":
        text.append(f"menu: {' + '.join(t['menu']['ingredients'])}")
    elif t["status"] == "eating":
        text.append("eating")
    return text


def board(view: dict[str, Any]) -> Table:
    grid = Table(show_header=False, show_lines=True, expand=False)
    for _ in range(3):
        grid.add_column(min_width=22)
    tables = view.get("tables") or []
    for r in range(3):
        grid.add_row(*[_cell(tables[r * 3 + c]) for c in range(3)] if tables else ["", "", ""])
    return grid


def status_lines(view: dict[str, Any]) -> Text:
    text = Text()
    text.append(f"clouds on the mushrooms {view.get('mushrooms')}, stars covered "
                f"{view.get('stars_covered')}/{view.get('stars')}, end draw {view.get('draw_number')}\n")
    text.append(f"animal deck {view.get('animal_deck')}{' (last deck)' if view.get('animal_reshuffled') else ''}, "
                f"menu deck {view.get('menu_deck')} (top: {view.get('menu_top') or '-'}), "
                f"vegetables {view['piles']['vegetables']}, meats {view['piles']['meats']}\n")
    need = view.get("satisfied_needed")
    rows = view.get("satisfied") or {}
    text.append(f"satisfied (need {need} each): ")
    for i, (sp, row) in enumerate(rows.items()):
        if i:
            text.append("  ")
        text.append(f"{sp} {row['value']}", style=CLASS_STYLES.get(SPECIES_CLASS.get(sp, ""), ""))
    text.append(f"\nscore {view.get('score')} - difficulty {view.get('difficulty')}")
    return text


def players_lines(view: dict[str, Any]) -> Text:
    text = Text()
    me = view.get("seat")
    for s, name in enumerate(view.get("players") or []):
        if s:
            text.append("\n")
        mark = ">" if name == view.get("active") else " "
        you = " (you)" if s == me else ""
        text.append(f"{mark} {name}{you}: {view['hand_sizes'][s]} cards, storage "
                    f"{_list(view['storage'][s])}")
    return text


def _turn_line(view: dict[str, Any]) -> str:
    message = messages.prompt_message(view, view.get("seat"))
    return TEXTS.render(message) if message is not None else ""


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None) -> RenderableType:
    legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
    header = Text(f"Forestaurant - turn {view.get('turn')} - {view.get('phase')} - line "
                  f"{_list(table_number(i) for i in view.get('line') or [])}", style="bold")
    parts: list[RenderableType] = [header, board(view), Panel(status_lines(view), expand=False),
                                   Panel(players_lines(view), title="Team", expand=False)]
    if view.get("seat") is not None:  # a spectator has no hand
        hand = Text()
        for i, c in enumerate(view.get("hand") or []):
            if i:
                hand.append(" ")
            hand.append_text(card_text(c))
        parts.append(Panel(hand if view.get("hand") else Text("(no cards)"),
                           title=f"Your hand (minimal {view.get('minimal_hand')})", expand=False))
    p = view.get("proposal")
    if p:
        names = view.get("players") or []
        lines = [f"meal at table {table_number(p['table'])}: {names[p['seat']]} gives {_list(p['cards'])} + "
                 f"{_list(p['ingredients'])}"]
        lines += [f"{names[o['seat']]} offers {_list(o['cards'])} + {_list(o['ingredients'])}" for o in p["offers"]]
        lines.append(f"may still offer: {_list(p['may_still_offer'])}")
        parts.append(Panel(Text("\n".join(lines)), title="Cooking together", expand=False))
    parts.append(Text(_turn_line(view), style="bold"))
    if legal:
        moves = Text("\n".join(f"{i:>2}) {move_label(m)}" for i, m in enumerate(legal, 1)))
        parts.append(Panel(moves, title="Your moves", expand=False))
    return Group(*parts)


def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None) -> str | None:
    """One log line for an event as the seat saw it ({"type", "data"} or the redacted dict): the
    English text of the game's event message; None for the events nobody needs to read."""
    if "data" not in event:
        event = {"type": event.get("type"), "data": {k: v for k, v in event.items() if k != "type"}}
    seat = list(players).index(me) if me is not None and me in players else None
    message = messages.event_message(event, players, seat)
    if message is None or message.internal:
        return None
    return TEXTS.render(message)
