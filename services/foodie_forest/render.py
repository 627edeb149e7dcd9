"""Foodie Forest in the terminal: a seat's view drawn with rich, and its events as log lines
(the shared.games.Renderer of this game; apps/terminal draws the frame around it). Its log
lines, prompts and moves are the messages of messages.py and the names of cards, colours and
recipes those of the game's texts (texts/en.ftl), as the API's clients read them."""
from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .messages import event_message, move_message, prompt_message
from .texts import TEXTS

LANGUAGE = "en"
COLOUR_STYLES = {"bug": "bold green", "vegetable": "bold yellow", "fruit": "bold red",
                 "trash": "bold bright_black", "boot": "bold bright_black"}


def say(key: str, **args: Any) -> str:
    return TEXTS.text(key, args, LANGUAGE)


def colour_of(card: str) -> str:
    return card.rsplit("-", 1)[0]


def face_of(card: str) -> str:
    return card.rsplit("-", 1)[1]


def card_name(card: str) -> str:
    return TEXTS.card_name(card, LANGUAGE)


def recipe_name(recipe: str) -> str:
    """The recipe's short name, for a table's narrow columns."""
    return say(f"recipe-{recipe}")


def colour_name(colour: str) -> str:
    return say(f"colour-{colour}")


def card_text(card: str) -> Text:
    return Text(card_name(card), style=COLOUR_STYLES.get(colour_of(card), "bold"))


def hand_by_colour(hand: Sequence[str]) -> list[tuple[str, list[str]]]:
    """[(colour, [faces...]), ...] keeping the view's order (sorted by colour, then value)."""
    groups: dict[str, list[str]] = {}
    for card in hand:
        groups.setdefault(colour_of(card), []).append(face_of(card))
    return list(groups.items())


def move_label(move: dict[str, Any]) -> str:
    return TEXTS.render(move_message(move, (), None), LANGUAGE)


def _turn_line(view: dict[str, Any]) -> str:
    message = prompt_message(view, view.get("seat"))
    return TEXTS.render(message, LANGUAGE) if message else ""


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
        if recipe is not None:
            shown = recipe_name(recipe)
        elif chosen.get(name):
            shown = say("table-chosen")
        else:
            shown = say("table-choosing") if view.get("phase") == "choosing" else "-"
        taken = (view.get("cards_taken") or {}).get(name, 0)
        tricks = (view.get("tricks_taken") or {}).get(name, 0)
        left = ", ".join(recipe_name(r) for r in (view.get("recipes_left") or {}).get(name, []))
        last = f" {say('table-last-card')}" if name in (view.get("last_card_announced") or []) else ""
        table.add_row(marker, (f"{name} (you)" if name == me else name) + last,
                      str((view.get("points") or {}).get(name, 0)), shown,
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
        text.append(say("table-empty-pot"))
        leader = trick.get("leader")
        if leader:
            text.append(" " + say("table-leads", player=leader, you="true" if leader == view.get("you") else "false") + ".")
    required = trick.get("required_colour")
    text.append(f"\n{say('table-pot-total', total=trick.get('total', 0))}, {say('table-required-colour').lower()}: ")
    text.append(colour_name(required) if required else say("table-any-colour"),
                style=COLOUR_STYLES.get(required or "", ""))
    return text


def hand_lines(view: dict[str, Any]) -> Text:
    hand = view.get("hand") or []
    text = Text()
    if not hand:
        text.append("(no cards)")
    for i, (colour, faces) in enumerate(hand_by_colour(hand)):
        if i:
            text.append("\n")
        text.append(f"{colour_name(colour):<10}", style=COLOUR_STYLES.get(colour, ""))
        text.append(" ".join(faces))
    return text


def moves_lines(legal_moves: Sequence[dict[str, Any]]) -> Text:
    text = Text()
    for i, move in enumerate(legal_moves, 1):
        if i > 1:
            text.append("\n")
        text.append(f"{i:>2}) ")
        card = move.get("card")
        style = COLOUR_STYLES.get(colour_of(str(card)), "") if move.get("type") == "play" else ""
        text.append(move_label(move), style=style)
    return text


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None) -> RenderableType:
    legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
    header = Text(f"{say('game-title')} - {say('table-deal', deal=view.get('deal', 0), deals=view.get('deals', 0))}"
                  f" - {say('table-dealer')}: {view.get('dealer')}", style="bold")
    parts: list[RenderableType] = [header, players_table(view)]
    parts.append(Panel(pot_lines(view), title=say("table-pot"), expand=False))
    parts.append(Panel(hand_lines(view), title=f"{say('table-hand')} ({len(view.get('hand') or [])} cards)",
                       expand=False))
    parts.append(Text(_turn_line(view), style="bold"))
    if legal:
        parts.append(Panel(moves_lines(legal), title="Your moves (type a number, or e.g. 'play bug-3')",
                           expand=False))
    return Group(*parts)


def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None) -> str | None:
    """The English text of the event's message as the seat saw it (None: nothing to read)."""
    seat = list(players).index(me) if me in players else None
    message = event_message(event, players, seat)
    if message is None or message.internal:
        return None
    return TEXTS.render(message, LANGUAGE)
