"""Food Fight in the terminal client: the table as one seat sees it, and event lines."""
from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import messages
from .rules.cards import catalogue
from .texts import TEXTS

MEAL_STYLES = {"breakfast": "bold yellow", "lunch": "bold green", "dinner": "bold magenta"}


def _name(cid: str) -> str:
    c = catalogue().cards.get(cid)
    return c.name if c else cid


def card_text(cid: str) -> Text:
    c = catalogue().cards.get(cid)
    if c is None:
        return Text(cid)
    if c.is_troop:
        return Text(f"{c.name} ({c.meal[0].upper()}{c.yumminess})", style=MEAL_STYLES[c.meal])
    if c.is_instant:
        return Text(f"{c.name} [{'mascot' if c.kind == 'mascot' else 'instant'}]", style="bold cyan")
    return Text(c.name)


def move_label(move: dict[str, Any]) -> str:
    """A legal move in words: the English text of its message (messages.py)."""
    return TEXTS.render(messages.move_message(move, (), None))


def _players(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, header_style="bold")
    for col in ("player", "VP", "hand", "plate", "Battlefields won"):
        table.add_column(col)
    plates = view.get("plates") or {}
    for name in view.get("players") or []:
        plate = plates.get(name)
        if plate is None:
            shown = "-"
        elif plate.get("meal") is None:
            shown = "face down"
        else:
            shown = f"{plate['meal']} ({plate['size']})"
        won = ", ".join(_name(b) for b in (view.get("battlefields_won") or {}).get(name, []))
        me = " (you)" if name == view.get("you") else ""
        table.add_row(name + me, str((view.get("vp") or {}).get(name, 0)),
                      str((view.get("hand_sizes") or {}).get(name, 0)), shown, won)
    return table


def _meal(view: dict[str, Any]) -> RenderableType | None:
    meal = view.get("meal")
    if not meal:
        return None
    text = Text()
    bfs = ", ".join(f"{_name(b['card'])} {b['vp']}VP" for b in meal.get("battlefields") or [])
    text.append(f"{meal['meal'].capitalize()} - Serving {meal.get('serving')}/5 - {bfs}\n",
                style=MEAL_STYLES.get(meal["meal"], "bold"))
    if meal.get("dog"):
        text.append("The Dog is at this Meal" + (" (a lone Army: win 3 of 5)" if meal.get("lone") else "") + "\n")
    for name, troops in (meal.get("troops") or {}).items():
        text.append(f"{name}: chips {meal['chips'].get(name, 0)}; ")
        for t in troops:
            bonus = " ".join(f"{b['bonus']} {_name(b['from'])}" for b in t["bonuses"])
            text.append_text(card_text(t["card"]))
            text.append(f"={t['yumminess']}" + (f" [{bonus}]" if bonus else "") + "; ")
        text.append("\n")
    if meal.get("dog"):
        cards = ", ".join(f"{d['yumminess']}" for d in meal.get("dog_cards") or [])
        text.append(f"The Dog: chips {meal['chips'].get('the-dog', 0)}; cards {cards}\n")
    if meal.get("current"):
        text.append("This Serving: " + ", ".join(f"{k} {v if v is not None else '-'}"
                                                  for k, v in meal["current"].items()) + "\n")
    if meal.get("priority"):
        text.append("Instant round: " + " > ".join(meal["priority"]) + f"; {meal.get('acting')} acts\n")
    return Panel(text, title="Battle", expand=False)


def _turn_line(view: dict[str, Any]) -> str:
    message = messages.prompt_message(view, view.get("seat"))
    return TEXTS.render(message) if message is not None else ""


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None) -> RenderableType:
    legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
    parts: list[RenderableType] = [
        Text(f"Food Fight - Day {view.get('day')} - {view.get('phase')}", style="bold"),
        _players(view)]
    bfs = view.get("day_battlefields") or []
    if bfs:
        parts.append(Text("Battlefields today: " + ", ".join(
            f"{_name(b['card'])} ({b['meal']}, {b['vp']} VP)" for b in bfs)))
    meal = _meal(view)
    if meal is not None:
        parts.append(meal)
    draft = view.get("draft")
    if draft and draft.get("packet") is not None:
        text = Text()
        for i, c in enumerate(draft["packet"]):
            text.append_text(card_text(c))
            text.append("\n" if i + 1 < len(draft["packet"]) else "")
        parts.append(Panel(text, title=f"Packet (passing {draft['direction']})", expand=False))
        if draft.get("picks"):
            parts.append(Text("Picked: " + ", ".join(_name(c) for c in draft["picks"])))
    hand = view.get("hand")
    if hand:
        text = Text()
        for i, c in enumerate(hand):
            text.append_text(card_text(c))
            text.append("\n" if i + 1 < len(hand) else "")
        parts.append(Panel(text, title=f"Your hand ({len(hand)})", expand=False))
    army = view.get("my_army")
    if army:
        parts.append(Text(f"Your Army at {army['meal']}: face down "
                          + ", ".join(_name(c) for c in army["face_down"])))
    parts.append(Text(_turn_line(view), style="bold"))
    if legal:
        lines = Text("\n".join(f"{i:>2}) {move_label(m)}" for i, m in enumerate(legal, 1)))
        parts.append(Panel(lines, title="Your moves", expand=False))
    return Group(*parts)


def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None) -> str | None:
    """One log line: the English text of the event's message (None when it is internal)."""
    if "data" not in event:  # an event view as the rules give it: its fields beside its type
        event = {"type": event.get("type"), "data": event}
    seat = list(players).index(me) if me in players else None
    message = messages.event_message(event, players, seat)
    if message is None or message.internal:
        return None
    return TEXTS.render(message)
