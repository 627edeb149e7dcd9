"""Foodie Forest in the terminal: a seat's view drawn with rich, and its events as log lines
(the shared.games.Renderer of this game; apps/terminal draws the frame around it). Its log
lines, prompts and moves are the messages of messages.py, the names of cards, colours and
recipes and the table's own headers (`screen-*`) those of the game's texts (texts/<language>.ftl),
in the language each function is given, as the API's clients read them."""
from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from shared.i18n import DEFAULT

from .messages import event_message, move_message, prompt_message
from .texts import TEXTS

COLOUR_STYLES = {"bug": "bold green", "vegetable": "bold yellow", "fruit": "bold red",
                 "trash": "bold bright_black", "boot": "bold bright_black"}


def say(key: str, language: str = DEFAULT, **args: Any) -> str:
    return TEXTS.text(key, args, language)


def colour_of(card: str) -> str:
    return card.rsplit("-", 1)[0]


def face_of(card: str) -> str:
    return card.rsplit("-", 1)[1]


def card_name(card: str, language: str = DEFAULT) -> str:
    return TEXTS.card_name(card, language)


def recipe_name(recipe: str, language: str = DEFAULT) -> str:
    """The recipe's short name, for a table's narrow columns."""
    return say(f"recipe-{recipe}", language)


def colour_name(colour: str, language: str = DEFAULT) -> str:
    return say(f"colour-{colour}", language)


def card_text(card: str, language: str = DEFAULT) -> Text:
    return Text(card_name(card, language), style=COLOUR_STYLES.get(colour_of(card), "bold"))


def hand_by_colour(hand: Sequence[str]) -> list[tuple[str, list[str]]]:
    """[(colour, [faces...]), ...] keeping the view's order (sorted by colour, then value)."""
    groups: dict[str, list[str]] = {}
    for card in hand:
        groups.setdefault(colour_of(card), []).append(face_of(card))
    return list(groups.items())


def move_label(move: dict[str, Any], language: str = DEFAULT) -> str:
    return TEXTS.render(move_message(move, (), None), language)


def _turn_line(view: dict[str, Any], language: str) -> str:
    message = prompt_message(view, view.get("seat"))
    return TEXTS.render(message, language) if message else ""


def players_table(view: dict[str, Any], language: str = DEFAULT) -> Table:
    me = view.get("you")
    turn = view.get("turn")
    to_act = set(view.get("to_act") or [])
    table = Table(title=say("screen-players", language), expand=False, show_edge=True)
    table.add_column("", justify="left")
    for key, justify in (("screen-player", "left"), ("screen-points", "right"), ("screen-recipe", "left"),
                         ("screen-cards", "right"), ("screen-taken", "right"), ("screen-recipes-left", "left")):
        table.add_column(say(key, language), justify=justify)
    recipes = view.get("recipes") or {}
    chosen = view.get("chosen") or {}
    for name in view.get("players", []):
        marker = ">" if (name == turn and view.get("phase") == "playing") or (
            view.get("phase") == "choosing" and name in to_act) else ""
        recipe = recipes.get(name)
        if name == me and view.get("my_recipe"):
            recipe = view["my_recipe"]
        if recipe is not None:
            shown = recipe_name(recipe, language)
        elif chosen.get(name):
            shown = say("table-chosen", language)
        else:
            shown = say("table-choosing", language) if view.get("phase") == "choosing" else "-"
        taken = (view.get("cards_taken") or {}).get(name, 0)
        tricks = (view.get("tricks_taken") or {}).get(name, 0)
        left = ", ".join(recipe_name(r, language) for r in (view.get("recipes_left") or {}).get(name, []))
        last = f" {say('table-last-card', language)}" if name in (view.get("last_card_announced") or []) else ""
        table.add_row(marker, (say("screen-you", language, player=name) if name == me else name) + last,
                      str((view.get("points") or {}).get(name, 0)), shown,
                      str((view.get("hand_sizes") or {}).get(name, 0)),
                      say("screen-taken-in", language, cards=taken, tricks=tricks), left)
    return table


def pot_lines(view: dict[str, Any], language: str = DEFAULT) -> Text:
    trick = view.get("trick") or {}
    cards = trick.get("cards") or []
    text = Text()
    if cards:
        for i, c in enumerate(cards):
            if i:
                text.append(", ")
            text.append(f"{c['player']}: ")
            text.append_text(card_text(c["card"], language))
    else:
        text.append(say("table-empty-pot", language))
        leader = trick.get("leader")
        if leader:
            text.append(" " + say("table-leads", language, player=leader,
                                  you="true" if leader == view.get("you") else "false") + ".")
    required = trick.get("required_colour")
    text.append(f"\n{say('table-pot-total', language, total=trick.get('total', 0))}, "
                f"{say('screen-required', language)}: ")
    text.append(colour_name(required, language) if required else say("table-any-colour", language),
                style=COLOUR_STYLES.get(required or "", ""))
    return text


def hand_lines(view: dict[str, Any], language: str = DEFAULT) -> Text:
    hand = view.get("hand") or []
    text = Text()
    if not hand:
        text.append(say("screen-no-cards", language))
    groups = hand_by_colour(hand)
    width = max((len(colour_name(colour, language)) for colour, _ in groups), default=0) + 1
    for i, (colour, faces) in enumerate(groups):
        if i:
            text.append("\n")
        text.append(f"{colour_name(colour, language):<{max(width, 10)}}", style=COLOUR_STYLES.get(colour, ""))
        text.append(" ".join(say("screen-herb", language) if face == "herb" else face for face in faces))
    return text


def moves_lines(legal_moves: Sequence[dict[str, Any]], language: str = DEFAULT) -> Text:
    text = Text()
    for i, move in enumerate(legal_moves, 1):
        if i > 1:
            text.append("\n")
        text.append(f"{i:>2}) ")
        card = move.get("card")
        style = COLOUR_STYLES.get(colour_of(str(card)), "") if move.get("type") == "play" else ""
        text.append(move_label(move, language), style=style)
    return text


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None,
           language: str = DEFAULT) -> RenderableType:
    legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
    deal = say("table-deal", language, deal=view.get("deal", 0), deals=view.get("deals", 0))
    title = f"{say('game-title', language)} - {deal}"
    # no Dealer once the game is over (the view names none)
    dealer = f" - {say('table-dealer', language)}: {view['dealer']}" if view.get("dealer") else ""
    header = Text(title + dealer, style="bold")
    parts: list[RenderableType] = [header, players_table(view, language)]
    parts.append(Panel(pot_lines(view, language), title=say("table-pot", language), expand=False))
    parts.append(Panel(hand_lines(view, language), title=say("screen-hand", language, count=len(view.get("hand") or [])),
                       expand=False))
    parts.append(Text(_turn_line(view, language), style="bold"))
    if legal:
        parts.append(Panel(moves_lines(legal, language), title=say("screen-moves", language), expand=False))
    return Group(*parts)


def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None,
               language: str = DEFAULT) -> str | None:
    """The text of the event's message as the seat saw it, in `language` (None: nothing to read)."""
    seat = list(players).index(me) if me in players else None
    message = event_message(event, players, seat)
    if message is None or message.internal:
        return None
    return TEXTS.render(message, language)
