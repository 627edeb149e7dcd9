"""Foodtown Throwdown in the terminal client: a seat's view drawn with rich, event lines for the
log, moves in words. Everything shown comes from the seat's view and its events."""
from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .rules.cards import catalogue

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


def move_label(move: dict[str, Any]) -> str:
    kind = move.get("type")
    if kind == "draw":
        return "draw a card"
    if kind == "pass":
        return "pass (end your turn)"
    if kind == "complete":
        cards = ", ".join(_name(c) for c in move.get("cards") or [])
        return f"complete {_name(move.get('recipe', ''))}" + (f" with {cards}" if cards else "")
    if kind == "play":
        text = f"play {_name(move.get('card', ''))}"
        if move.get("target"):
            text += f" on {move['target']}"
        if move.get("pick"):
            text += f" ({_name(move['pick'])})"
        return text
    if kind == "discard_two":
        return "trade " + " + ".join(_name(c) for c in move.get("cards") or []) + " for a card"
    if kind == "discard":
        return "discard " + ", ".join(_name(c) for c in move.get("cards") or [])
    return " ".join(f"{k}={v}" for k, v in move.items())


def _turn_line(view: dict[str, Any]) -> str:
    if view.get("finished"):
        won = ", ".join(view.get("winners") or [])
        return f"The game is over ({view.get('end_reason')}): {won} placed first."
    to_act = list(view.get("to_act") or [])
    if not to_act:
        return "Shuffling..."
    who = "Your" if view.get("you") in to_act else f"{to_act[0]}'s"
    phase = view.get("phase")
    if phase == "inspection":
        return f"Health Inspection: {who.lower()} choice of two ingredients to discard."
    if phase == "hand-limit":
        return f"{who} turn: discard {view.get('excess')} card(s) down to the hand limit."
    return f"{who} turn ({phase})."


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
    kind, d = event.get("type"), event.get("data") or {}

    def who(seat) -> str:
        try:
            name = players[int(seat)]
        except (TypeError, ValueError, IndexError):
            return str(seat)
        return "you" if name == me else name

    if kind == "CardsDealt":
        return f"cards dealt; you hold {len(d.get('hand') or [])}" if d.get("hand") is not None else "cards dealt"
    if kind == "RecipesFlipped":
        return "on display: " + ", ".join(_name(r) for r in d.get("recipes") or [])
    if kind == "TurnSkipped":
        return f"{who(d.get('seat'))} skip a turn (Flat Tire)"
    if kind == "CardDrawn":
        return f"{who(d.get('seat'))} drew " + (_name(d["card"]) if d.get("card") else "a card")
    if kind == "DeckRanOut":
        return "the play deck ran out: the discard pile is shuffled into a new deck"
    if kind == "RecipeCompleted":
        cards = ", ".join(_name(c) for c in d.get("cards") or [])
        return f"{who(d.get('seat'))} completed {_name(d.get('recipe', ''))} with {cards} (+{d.get('stars')} stars)"
    if kind == "CardPlayed":
        return f"{who(d.get('seat'))} played {_name(d.get('card', ''))}" + (" at once" if d.get("at_once") else "")
    if kind == "ActionPlayed":
        pick = f" ({_name(d['pick'])})" if d.get("pick") else ""
        return f"{who(d.get('seat'))} played {_name(d.get('card', ''))} on {who(d.get('target'))}{pick}"
    if kind == "DiscardDemanded":
        return f"{who(d.get('seat'))} must discard two ingredients"
    if kind == "CardsDiscarded":
        cards = ", ".join(_name(c) for c in d.get("cards") or []) or "nothing"
        return f"{who(d.get('seat'))} discarded {cards} ({d.get('reason')})"
    if kind == "TableCardTaken":
        return f"{who(d.get('seat'))} took {_name(d.get('card', ''))} from {who(d.get('owner'))}"
    if kind == "HandsSwapped":
        return f"{who(d.get('seat'))} swapped hands with {who(d.get('target'))}"
    if kind == "RecipeClosed":
        return f"{who(d.get('seat'))} lost {_name(d.get('recipe', ''))} to a bad review"
    if kind == "GameEnded":
        stars = d.get("stars") or []
        return "game over: " + ", ".join(f"{who(s)} {v}" for s, v in enumerate(stars))
    return None
