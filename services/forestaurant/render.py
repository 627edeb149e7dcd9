"""Forestaurant in the terminal: the 3x3 restaurant, the reputation, your hand and storage, the
team's satisfied rows and an open cooking proposal, all drawn from the seat's view only, in the
language each function is given: card names, terms and the table's own labels (`screen-*`)
come from the game's texts (texts/<language>.ftl)."""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from shared.i18n import DEFAULT

from . import messages
from .rules.cards import table_number
from .texts import TEXTS

CLASS_STYLES = {"green": "bold green", "blue": "bold blue", "yellow": "bold yellow", "red": "bold red"}
SPECIES_CLASS = {"hare": "green", "squirrel": "green", "deer": "blue", "boar": "blue",
                 "fox": "yellow", "marten": "yellow", "wolf": "red", "bear": "red"}


def say(key: str, language: str = DEFAULT, **args: Any) -> str:
    return TEXTS.text(key, args, language)


def card_text(card: str, language: str = DEFAULT) -> Text:
    species = card.rsplit("-", 1)[0]
    return Text(TEXTS.card_name(card, language), style=CLASS_STYLES.get(SPECIES_CLASS.get(species, ""), "bold"))


def _list(items: Iterable[Any], language: str = DEFAULT) -> str:
    """Cards and ingredients by name (anything else as it is), or "-" for none."""
    shown = [TEXTS.card_name(str(i), language) for i in items]
    return ", ".join(shown) if shown else "-"


def move_label(move: dict[str, Any], language: str = DEFAULT) -> str:
    """The legal move in words: the text of the game's move message in `language`."""
    return TEXTS.render(messages.move_message(move, (), None), language)


def _cell(t: dict[str, Any], language: str) -> Text:
    text = Text(say("screen-table", language, table=table_number(t["table"]), chairs=t["chairs"]),
                style="bold" if t["marked"] else "dim")
    if t["event_left"]:
        text.append(" *", style="bold magenta")
    text.append("\n")
    g = t["guest"]
    if g is None:
        text.append(say("screen-empty", language))
        return text
    text.append_text(card_text(g["id"], language))
    text.append("  " + "☁" * t["clouds"] if t["clouds"] else "")
    text.append("\n")
    if t["status"] == "menu":
        text.append(say("screen-menu", language, ingredients=t["menu"]["ingredients"]))
    elif t["status"] in ("seated", "bell", "eating"):
        text.append(say(f"screen-{t['status']}", language))
    return text


def board(view: dict[str, Any], language: str = DEFAULT) -> Table:
    grid = Table(show_header=False, show_lines=True, expand=False)
    for _ in range(3):
        grid.add_column(min_width=22)
    tables = view.get("tables") or []
    for r in range(3):
        grid.add_row(*[_cell(tables[r * 3 + c], language) for c in range(3)] if tables else ["", "", ""])
    return grid


def status_lines(view: dict[str, Any], language: str = DEFAULT) -> Text:
    text = Text()
    text.append(say("screen-mushrooms", language, clouds=view.get("mushrooms"), covered=view.get("stars_covered"),
                    stars=view.get("stars"), draw=view.get("draw_number")) + "\n")
    top = view.get("menu_top")
    text.append(say("screen-decks", language, animals=view.get("animal_deck"), last=bool(view.get("animal_reshuffled")),
                    menus=view.get("menu_deck"), top=TEXTS.card_name(top, language) if top else "-",
                    vegetables=view["piles"]["vegetables"], meats=view["piles"]["meats"]) + "\n")
    text.append(say("screen-satisfied", language, need=view.get("satisfied_needed")) + " ")
    for i, (sp, row) in enumerate((view.get("satisfied") or {}).items()):
        if i:
            text.append("  ")
        text.append(f"{say('species-' + sp, language)} {row['value']}",
                    style=CLASS_STYLES.get(SPECIES_CLASS.get(sp, ""), ""))
    text.append("\n" + say("screen-score", language, score=view.get("score"), difficulty=view.get("difficulty")))
    return text


def players_lines(view: dict[str, Any], language: str = DEFAULT) -> Text:
    text = Text()
    me = view.get("seat")
    for s, name in enumerate(view.get("players") or []):
        if s:
            text.append("\n")
        mark = ">" if name == view.get("active") else " "
        who = say("screen-you", language, player=name) if s == me else name
        text.append(f"{mark} " + say("screen-player", language, player=who, cards=view["hand_sizes"][s],
                                     storage=_list(view["storage"][s], language)))
    return text


def _turn_line(view: dict[str, Any], language: str) -> str:
    message = messages.prompt_message(view, view.get("seat"))
    return TEXTS.render(message, language) if message is not None else ""


def _proposal(view: dict[str, Any], language: str) -> Panel | None:
    p = view.get("proposal")
    if not p:
        return None
    names = view.get("players") or []
    lines = [say("screen-proposal", language, table=table_number(p["table"]), player=names[p["seat"]],
                 cards=_list(p["cards"], language), ingredients=_list(p["ingredients"], language))]
    lines += [say("screen-offer", language, player=names[o["seat"]], cards=_list(o["cards"], language),
                  ingredients=_list(o["ingredients"], language)) for o in p["offers"]]
    lines.append(say("screen-may-offer", language, players=", ".join(p["may_still_offer"]) or "-"))
    return Panel(Text("\n".join(lines)), title=say("screen-cooking", language), expand=False)


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None,
           language: str = DEFAULT) -> RenderableType:
    legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
    line = ", ".join(str(table_number(i)) for i in view.get("line") or []) or "-"
    header = Text(f"{say('game-title', language)} - {say('screen-turn', language, turn=view.get('turn'))} - "
                  f"{say('phase-' + str(view.get('phase')), language)} - {say('screen-line', language, tables=line)}",
                  style="bold")
    parts: list[RenderableType] = [header, board(view, language), Panel(status_lines(view, language), expand=False),
                                   Panel(players_lines(view, language), title=say("screen-team", language),
                                         expand=False)]
    if view.get("seat") is not None:  # a spectator has no hand
        hand = Text()
        for i, c in enumerate(view.get("hand") or []):
            if i:
                hand.append(" ")
            hand.append_text(card_text(c, language))
        parts.append(Panel(hand if view.get("hand") else Text(say("screen-no-cards", language)),
                           title=say("screen-hand", language, minimal=view.get("minimal_hand")), expand=False))
    proposal = _proposal(view, language)
    if proposal is not None:
        parts.append(proposal)
    parts.append(Text(_turn_line(view, language), style="bold"))
    if legal:
        moves = Text("\n".join(f"{i:>2}) {move_label(m, language)}" for i, m in enumerate(legal, 1)))
        parts.append(Panel(moves, title=say("screen-moves", language), expand=False))
    return Group(*parts)


def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None,
               language: str = DEFAULT) -> str | None:
    """One log line for an event as the seat saw it ({"type", "data"} or the redacted dict): the
    text of the game's event message in `language`; None for the events nobody needs to read."""
    if "data" not in event:
        event = {"type": event.get("type"), "data": {k: v for k, v in event.items() if k != "type"}}
    seat = list(players).index(me) if me is not None and me in players else None
    message = messages.event_message(event, players, seat)
    if message is None or message.internal:
        return None
    return TEXTS.render(message, language)
