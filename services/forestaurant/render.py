"""Forestaurant in the terminal: the 3x3 restaurant, the reputation, your hand and storage, the
team's satisfied rows and an open cooking proposal, all drawn from the seat's view only."""
from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

CLASS_STYLES = {"green": "bold green", "blue": "bold blue", "yellow": "bold yellow", "red": "bold red"}
SPECIES_CLASS = {"hare": "green", "squirrel": "green", "deer": "blue", "boar": "blue",
                 "fox": "yellow", "marten": "yellow", "wolf": "red", "bear": "red"}


def card_text(card: str) -> Text:
    species = card.rsplit("-", 1)[0]
    return Text(card, style=CLASS_STYLES.get(SPECIES_CLASS.get(species, ""), "bold"))


def _list(items) -> str:
    return ", ".join(str(i) for i in items) if items else "-"


def move_label(move: dict[str, Any]) -> str:
    kind = move.get("type")
    t = move.get("table")
    if kind == "resolve_event":
        return f"event at table {t}" + (f": seat {move['card']}" if move.get("card") else "")
    if kind == "seat":
        return f"seat {move.get('card')} at table {t}"
    if kind == "take_order":
        return f"take the order at table {t} paying {move.get('card')}"
    if kind == "purchase":
        return f"buy ingredients with {move.get('card')}"
    if kind == "cook":
        return f"cook at table {t} with {_list(move.get('cards'))} + {_list(move.get('ingredients'))}"
    if kind == "propose_cook":
        return f"propose a meal at table {t}: {_list(move.get('cards'))} + {_list(move.get('ingredients'))}"
    if kind == "offer_help":
        return f"offer {_list(move.get('cards'))} + {_list(move.get('ingredients'))}"
    if kind == "decline_help":
        return "do not help"
    if kind == "commit_cook":
        return "cook now" + (f" with {_list(move.get('accept'))}" if move.get("accept") else " alone")
    if kind == "withdraw_cook":
        return "withdraw the proposal"
    if kind == "discard_ingredient":
        return f"discard {move.get('token')}"
    return " ".join(f"{k}={v}" for k, v in move.items())


def _cell(t: dict[str, Any]) -> Text:
    text = Text(f"#{t['table']} ({t['chairs']} chairs)", style="bold" if t["marked"] else "dim")
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
    if t["status"] == "bell":
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
    if view.get("over"):
        return ("The restaurant earned the respect of the forest: you won!" if view.get("won")
                else f"The restaurant closed ({view.get('end_reason')}).")
    if view.get("waiting_for_shuffle") or view.get("phase") == "shuffling":
        return "Shuffling..."
    me = (view.get("players") or [None])[view["seat"]] if view.get("seat") is not None else None
    if me in (view.get("to_act") or []):
        return {"events": "Your turn: resolve the events of the marked tables.",
                "actions": f"Your turn: act until you hold {view.get('minimal_hand')} cards.",
                "cooking": "A meal is proposed: offer help, or commit/withdraw it.",
                "discard": f"Discard ingredients down to {view.get('storage_limit')}."}.get(view["phase"], "")
    return "Waiting for " + ", ".join(view.get("to_act") or []) + "."


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None) -> RenderableType:
    legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
    header = Text(f"Forestaurant - turn {view.get('turn')} - {view.get('phase')} - line "
                  f"{_list(view.get('line'))}", style="bold")
    parts: list[RenderableType] = [header, board(view), Panel(status_lines(view), expand=False),
                                   Panel(players_lines(view), title="Team", expand=False)]
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
        lines = [f"meal at table {p['table']}: {names[p['seat']]} gives {_list(p['cards'])} + "
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
    """One log line for an event as the seat saw it ({"type", "data"} or the redacted dict)."""
    kind = event.get("type")
    d = event.get("data") or event

    def who(seat) -> str:
        try:
            name = players[int(seat)]
        except (TypeError, ValueError, IndexError):
            return str(seat)
        return "you" if name == me else name

    if kind == "TurnStarted":
        return f"turn {d.get('turn')}: {who(d.get('seat'))} drew a {d.get('value')}: events at tables {_list(d.get('line'))}"
    if kind == "EarlyBirdSeated":
        return f"the early bird {d.get('card')} sits at table {d.get('table')}"
    if kind == "HandsDealt":
        return f"hands dealt: you hold {len(d.get('hand') or [])} cards" if d.get("hand") else "hands dealt"
    if kind == "CardsDrawn":
        shown = f": {_list(d.get('cards'))}" if d.get("cards") else ""
        return f"{who(d.get('seat'))} drew {d.get('count', len(d.get('cards') or []))} card(s){shown}"
    if kind == "GuestSeated":
        return f"{who(d.get('seat'))} seated {d.get('card')} at table {d.get('table')}"
    if kind == "SeatingSkipped":
        return f"nobody could sit at table {d.get('table')}"
    if kind == "CloudMoved":
        where = f" (table {d.get('table')})" if d.get("table", -1) >= 0 else ""
        return f"a cloud moved {d.get('src')} -> {d.get('dst')}{where}: {d.get('reason')}"
    if kind == "GuestLeft":
        return f"{d.get('card')} left table {d.get('table')} {d.get('outcome')}"
    if kind == "CardPaid":
        return f"{who(d.get('seat'))} paid {d.get('card')} to {'take an order' if d.get('action') == 'order' else 'buy ingredients'}"
    if kind == "OrderTaken":
        return f"table {d.get('table')} ordered {d.get('menu')}"
    if kind == "IngredientsDrawn":
        return f"{who(d.get('seat'))} bought {_list(d.get('tokens'))}"
    if kind == "CookProposed":
        return f"{who(d.get('seat'))} proposes a meal at table {d.get('table')}"
    if kind == "HelpOffered":
        return f"{who(d.get('seat'))} offers {_list(d.get('cards'))} + {_list(d.get('ingredients'))}"
    if kind == "HelpDeclined":
        return f"{who(d.get('seat'))} does not help"
    if kind == "CookWithdrawn":
        return f"{who(d.get('seat'))} withdrew the meal"
    if kind == "MealCooked":
        return f"the meal at table {d.get('table')} is served"
    if kind == "IngredientDiscarded":
        return f"{who(d.get('seat'))} discarded {d.get('token')}"
    if kind == "DeckShuffled":
        return f"the {d.get('deck')} were shuffled"
    if kind == "GameEnded":
        return f"game over: {'won' if d.get('won') else 'lost'} ({d.get('reason')}), score {d.get('score')}"
    return None
