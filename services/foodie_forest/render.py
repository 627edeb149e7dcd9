"""Foodie Forest in the terminal: a seat's view drawn with rich, and its events as log lines
(the shared.games.Renderer of this game; apps/terminal draws the frame around it)."""
from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLOUR_STYLES = {"bug": "bold green", "vegetable": "bold yellow", "fruit": "bold red",
                 "trash": "bold bright_black", "boot": "bold bright_black"}
def colour_of(card: str) -> str:
    return card.rsplit("-", 1)[0]


def face_of(card: str) -> str:
    return card.rsplit("-", 1)[1]


def card_text(card: str) -> Text:
    return Text(card, style=COLOUR_STYLES.get(colour_of(card), "bold"))


def hand_by_colour(hand: Sequence[str]) -> list[tuple[str, list[str]]]:
    """[(colour, [faces...]), ...] keeping the view's order (sorted by colour, then value)."""
    groups: dict[str, list[str]] = {}
    for card in hand:
        groups.setdefault(colour_of(card), []).append(face_of(card))
    return list(groups.items())


def move_label(move: dict[str, Any]) -> str:
    if move.get("type") == "play":
        return f"play {move.get('card')}"
    if move.get("type") == "choose_recipe":
        return f"choose the {move.get('recipe')} recipe"
    return " ".join(f"{k}={v}" for k, v in move.items())


def _turn_line(view: dict[str, Any]) -> str:
    me = view.get("you")
    if view.get("finished"):
        return "The game is over."
    if view.get("phase") == "dealing":
        return "The cards are being dealt..."
    to_act = list(view.get("to_act") or [])
    if view.get("phase") == "choosing":
        if me in to_act:
            return "Your turn: choose a recipe (face down)."
        return "Waiting for " + ", ".join(to_act) + " to choose a recipe." if to_act else "Revealing recipes..."
    turn = view.get("turn")
    if turn == me:
        return "Your turn: play a card."
    return f"Waiting for {turn}." if turn else ""


def players_table(view: dict[str, Any]) -> Table:
    me = view.get("you")
    turn = view.get("turn")
    to_act = set(view.get("to_act") or [])
    table = Table(title="Players", expand=False, show_edge=True)
    for column, justify in (("", "left"), ("player", "left"), ("points", "right"), ("recipe", "left"),
                            ("cards", "right"), ("taken", "right"), ("recipes left", "left")):
        table.add_column(column, justify=justify)
    recipes = view.get("recipes") or {}
    chosen = view.get("chosen") or {}
    for name in view.get("players", []):
        marker = ">" if (name == turn and view.get("phase") == "playing") or (
            view.get("phase") == "choosing" and name in to_act) else ""
        recipe = recipes.get(name)
        if name == me and view.get("my_recipe"):
            recipe = view["my_recipe"]
        if recipe is None:
            recipe = "chosen" if chosen.get(name) else ("choosing" if view.get("phase") == "choosing" else "-")
        taken = (view.get("cards_taken") or {}).get(name, 0)
        tricks = (view.get("tricks_taken") or {}).get(name, 0)
        left = ", ".join((view.get("recipes_left") or {}).get(name, []))
        table.add_row(marker, f"{name} (you)" if name == me else name,
                      str((view.get("points") or {}).get(name, 0)), recipe,
                      str((view.get("hand_sizes") or {}).get(name, 0)),
                      f"{taken} in {tricks}", left)
    return table


def pot_lines(view: dict[str, Any]) -> Text:
    trick = view.get("trick") or {}
    cards = trick.get("cards") or []
    text = Text()
    if cards:
        for i, c in enumerate(cards):
            if i:
                text.append(", ")
            text.append(f"{c['player']}: ")
            text.append_text(card_text(c["card"]))
    else:
        leader = trick.get("leader")
        if not leader:
            text.append("empty")
        else:
            text.append("empty (you lead)" if leader == view.get("you") else f"empty ({leader} leads)")
    required = trick.get("required_colour")
    text.append(f"\ntotal {trick.get('total', 0)}/10, required colour: ")
    text.append(required if required else "any", style=COLOUR_STYLES.get(required or "", ""))
    return text


def hand_lines(view: dict[str, Any]) -> Text:
    hand = view.get("hand") or []
    text = Text()
    if not hand:
        text.append("(no cards)")
    for i, (colour, faces) in enumerate(hand_by_colour(hand)):
        if i:
            text.append("\n")
        text.append(f"{colour:<10}", style=COLOUR_STYLES.get(colour, ""))
        text.append(" ".join(faces))
    return text


def moves_lines(legal_moves: Sequence[dict[str, Any]]) -> Text:
    text = Text()
    for i, move in enumerate(legal_moves, 1):
        if i > 1:
            text.append("\n")
        text.append(f"{i:>2}) ")
        if move.get("type") == "play":
            text.append("play ")
            text.append_text(card_text(str(move.get("card"))))
        else:
            text.append(move_label(move))
    return text


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None) -> RenderableType:
    legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
    header = Text(f"Foodie Forest - deal {view.get('deal', 0)}/{view.get('deals', 0)} - "
                  f"dealer {view.get('dealer')} - {view.get('phase')}", style="bold")
    parts: list[RenderableType] = [header, players_table(view)]
    parts.append(Panel(pot_lines(view), title="Pot", expand=False))
    parts.append(Panel(hand_lines(view), title=f"Your hand ({len(view.get('hand') or [])} cards)", expand=False))
    parts.append(Text(_turn_line(view), style="bold"))
    if legal:
        parts.append(Panel(moves_lines(legal), title="Your moves (type a number, or e.g. 'play bug-3')",
                           expand=False))
    return Group(*parts)


def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None) -> str | None:
    """One line for one of this game's events as the seat saw it (None: not worth a line)."""
    kind, d = event.get("type"), event.get("data") or {}

    def who(seat) -> str:
        try:
            name = players[int(seat)]
        except (TypeError, ValueError, IndexError):
            return str(seat)
        return "you" if name == me else name

    if kind == "CardsDealt":
        return f"deal {d.get('deal')}: {who(d.get('dealer'))} dealt; you hold {len(d.get('hand') or [])} cards"
    if kind == "RecipeChosen":
        if d.get("recipe") and not d.get("face_down"):
            return f"{who(d.get('seat'))} chose the {d['recipe']} recipe"
        if d.get("recipe"):
            return f"{who(d.get('seat'))} chose the {d['recipe']} recipe (face down)"
        return f"{who(d.get('seat'))} chose a recipe"
    if kind == "RecipesRevealed":
        shown = ", ".join(f"{who(s)} {r}" for s, r in enumerate(d.get("recipes") or []))
        return f"recipes revealed: {shown}; {who(d.get('leader'))} leads"
    if kind == "CardPlayed":
        req = d.get("required_colour")
        return (f"{who(d.get('seat'))} played {d.get('card')}: total {d.get('total')}"
                f"{f', follow {req}' if req else ', any colour'}")
    if kind == "LastCardAnnounced":
        name = who(d.get("seat"))
        return f"{name} played {'your' if name == 'you' else 'their'} last card"
    if kind == "TrickTaken":
        return f"{who(d.get('seat'))} took the pot ({len(d.get('cards') or [])} cards, total {d.get('total')})"
    if kind == "TrickPutAside":
        name = who(d.get("seat"))
        return f"{name} {'have' if name == 'you' else 'has'} no card left: the pot is put aside"
    if kind == "DealScored":
        gains = d.get("gains") or []
        points = d.get("points") or []
        shown = ", ".join(f"{who(s)} {g:+d} ({p})" for s, (g, p) in enumerate(zip(gains, points)))
        return f"deal {d.get('deal')} scored: {shown}"
    if kind == "GameEnded":
        return "game over: " + ", ".join(who(s) for s in d.get("winners") or []) + " won"
    return None
