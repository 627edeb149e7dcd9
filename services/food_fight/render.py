"""Food Fight in the terminal client: the table as one seat sees it, and event lines, in the
language each function is given: card names, terms and the table's own headers (`screen-*`,
`phase-*`) come from the game's texts (texts/<language>.ftl)."""
from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from shared.i18n import DEFAULT

from . import messages
from .rules.cards import DOG, catalogue
from .texts import TEXTS

MEAL_STYLES = {"breakfast": "bold yellow", "lunch": "bold green", "dinner": "bold magenta"}


def say(key: str, language: str = DEFAULT, **args: Any) -> str:
    return TEXTS.text(key, args, language)


def _name(cid: str, language: str = DEFAULT) -> str:
    """A card's name, or The Dog's where a player's name could stand."""
    return say("table-the-dog", language) if cid == DOG else TEXTS.card_name(cid, language)


def _meal_name(meal: str, language: str) -> str:
    return say(f"meal-{meal}", language)


def card_text(cid: str, language: str = DEFAULT) -> Text:
    c = catalogue().cards.get(cid)
    if c is None:
        return Text(cid)
    name = _name(cid, language)
    if c.is_troop:
        return Text(say("screen-troop", language, card=name, meal=c.meal, yumminess=c.yumminess),
                    style=MEAL_STYLES[c.meal])
    if c.is_instant:
        return Text(say("screen-instant", language, card=name, kind="mascot" if c.kind == "mascot" else "instant"),
                    style="bold cyan")
    return Text(name)


def move_label(move: dict[str, Any], language: str = DEFAULT) -> str:
    """A legal move in words: the text of its message (messages.py) in `language`."""
    return TEXTS.render(messages.move_message(move, (), None), language)


def _players(view: dict[str, Any], language: str) -> Table:
    table = Table(show_header=True, header_style="bold")
    for key in ("screen-player", "screen-vp", "screen-hand-size", "screen-plate", "table-battlefields-won"):
        table.add_column(say(key, language))
    plates = view.get("plates") or {}
    for name in view.get("players") or []:
        plate = plates.get(name)
        if plate is None:
            shown = "-"
        elif plate.get("meal") is None:
            shown = say("screen-face-down", language)
        else:
            shown = say("screen-plated", language, meal=_meal_name(plate["meal"], language), size=plate["size"])
        won = ", ".join(_name(b, language) for b in (view.get("battlefields_won") or {}).get(name, []))
        table.add_row(say("screen-you", language, player=name) if name == view.get("you") else name,
                      str((view.get("vp") or {}).get(name, 0)),
                      str((view.get("hand_sizes") or {}).get(name, 0)), shown, won)
    return table


def _meal(view: dict[str, Any], language: str) -> RenderableType | None:
    meal = view.get("meal")
    if not meal:
        return None
    text = Text()
    bfs = ", ".join(say("screen-battlefield-vp", language, card=_name(b["card"], language), vp=b["vp"])
                    for b in meal.get("battlefields") or [])
    text.append(say("screen-meal", language, meal=_meal_name(meal["meal"], language), serving=meal.get("serving"),
                    battlefields=bfs) + "\n", style=MEAL_STYLES.get(meal["meal"], "bold"))
    if meal.get("dog"):
        text.append(say("screen-dog-here", language, lone=bool(meal.get("lone"))) + "\n")
    for name, troops in (meal.get("troops") or {}).items():
        text.append(say("screen-chips", language, player=name, chips=meal["chips"].get(name, 0)) + " ")
        for t in troops:
            bonus = " ".join(say("screen-bonus", language, effect=b["effect"], amount=b["amount"],
                                 card=_name(b["from"], language)) for b in t["bonuses"])
            text.append_text(card_text(t["card"], language))
            text.append(f"={t['yumminess']}" + (f" [{bonus}]" if bonus else "") + "; ")
        text.append("\n")
    if meal.get("dog"):
        cards = ", ".join(f"{d['yumminess']}" for d in meal.get("dog_cards") or [])
        text.append(say("screen-dog-chips", language, chips=meal["chips"].get(DOG, 0), cards=cards) + "\n")
    if meal.get("current"):
        values = ", ".join(f"{_name(k, language) if k == DOG else k} {v if v is not None else '-'}"
                           for k, v in meal["current"].items())
        text.append(say("screen-this-serving", language, values=values) + "\n")
    if meal.get("priority"):
        text.append(say("screen-instant-round", language, order=" > ".join(meal["priority"]),
                        player=meal.get("acting")) + "\n")
    return Panel(text, title=say("screen-battle", language), expand=False)


def _turn_line(view: dict[str, Any], language: str) -> str:
    message = messages.prompt_message(view, view.get("seat"))
    return TEXTS.render(message, language) if message is not None else ""


def _cards_panel(cards: Sequence[str], title: str, language: str) -> Panel:
    text = Text()
    for i, c in enumerate(cards):
        text.append_text(card_text(c, language))
        text.append("\n" if i + 1 < len(cards) else "")
    return Panel(text, title=title, expand=False)


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None,
           language: str = DEFAULT) -> RenderableType:
    legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
    header = (f"{say('game-title', language)} - {say('table-day', language, day=view.get('day'))}"
              f" - {say('phase-' + str(view.get('phase')), language)}")
    parts: list[RenderableType] = [Text(header, style="bold"), _players(view, language)]
    bfs = view.get("day_battlefields") or []
    if bfs:
        parts.append(Text(say("table-battlefields-today", language) + ": " + ", ".join(
            say("screen-battlefield", language, card=_name(b["card"], language),
                meal=_meal_name(b["meal"], language), vp=b["vp"]) for b in bfs)))
    meal = _meal(view, language)
    if meal is not None:
        parts.append(meal)
    draft = view.get("draft")
    if draft and draft.get("packet") is not None:
        parts.append(_cards_panel(draft["packet"], say("screen-packet", language, direction=draft["direction"]),
                                  language))
        if draft.get("picks"):
            parts.append(Text(say("screen-picked", language,
                                  cards=", ".join(_name(c, language) for c in draft["picks"]))))
    hand = view.get("hand")
    if hand:
        parts.append(_cards_panel(hand, say("screen-hand", language, count=len(hand)), language))
    army = view.get("my_army")
    if army:
        parts.append(Text(say("screen-army", language, meal=_meal_name(army["meal"], language),
                              cards=", ".join(_name(c, language) for c in army["face_down"]))))
    parts.append(Text(_turn_line(view, language), style="bold"))
    if legal:
        lines = Text("\n".join(f"{i:>2}) {move_label(m, language)}" for i, m in enumerate(legal, 1)))
        parts.append(Panel(lines, title=say("screen-moves", language), expand=False))
    return Group(*parts)


def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None,
               language: str = DEFAULT) -> str | None:
    """One log line: the text of the event's message in `language` (None when it is internal)."""
    if "data" not in event:  # an event view as the rules give it: its fields beside its type
        event = {"type": event.get("type"), "data": event}
    seat = list(players).index(me) if me in players else None
    message = messages.event_message(event, players, seat)
    if message is None or message.internal:
        return None
    return TEXTS.render(message, language)
