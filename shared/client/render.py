"""The terminal client's screen: a seat's view drawn with rich, and event lines for the log.

`screen(view, ...)` builds the renderable; `screen_text(view, ...)` renders it to plain text
(what the tests compare). Everything shown comes from the seat's view and the events of its
watch stream: nothing else is known to the client.
"""
from __future__ import annotations

import io
from typing import Any, Iterable, Sequence

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLOUR_STYLES = {"bug": "bold green", "vegetable": "bold yellow", "fruit": "bold red",
                 "trash": "bold bright_black", "boot": "bold bright_black"}
TITLES = {"foodie-forest": "Foodie Forest"}


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
        text.append(f"empty{f' ({leader} leads)' if leader else ''}")
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


def screen(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None,
           log: Iterable[str] = (), status: str | None = None, game_id: str | None = None) -> RenderableType:
    legal = list(view.get("legal_moves") or []) if legal_moves is None else list(legal_moves)
    title = TITLES.get(view.get("game", ""), view.get("game", "game"))
    header = Text(f"{title} - deal {view.get('deal', 0)}/{view.get('deals', 0)} - "
                  f"dealer {view.get('dealer')} - {view.get('phase')}"
                  + (f" - game {game_id}" if game_id else ""), style="bold")
    parts: list[RenderableType] = [header, players_table(view)]
    parts.append(Panel(pot_lines(view), title="Pot", expand=False))
    parts.append(Panel(hand_lines(view), title=f"Your hand ({len(view.get('hand') or [])} cards)", expand=False))
    log = list(log)
    if log:
        parts.append(Panel(Text("\n".join(log[-8:])), title="Table talk", expand=False))
    parts.append(Text(_turn_line(view), style="bold"))
    if legal:
        parts.append(Panel(moves_lines(legal), title="Your moves (type a number, or e.g. 'play bug-3')",
                           expand=False))
    if status:
        parts.append(Text(status, style="bold red"))
    return Group(*parts)


def to_text(renderable: RenderableType, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False,
                      legacy_windows=False)
    console.print(renderable)
    return console.file.getvalue()


def screen_text(view: dict[str, Any], legal_moves: Sequence[dict[str, Any]] | None = None,
                log: Iterable[str] = (), status: str | None = None, width: int = 100,
                game_id: str | None = None) -> str:
    return to_text(screen(view, legal_moves, log, status, game_id), width)


# -- events as log lines --------------------------------------------------------------------

def event_line(event: dict[str, Any], players: Sequence[str], me: str | None = None) -> str | None:
    """One line for one event as the seat saw it (None: not worth a line)."""
    kind, d = event.get("type"), event.get("data") or {}

    def who(seat) -> str:
        try:
            name = players[int(seat)]
        except (TypeError, ValueError, IndexError):
            return str(seat)
        return "you" if name == me else name

    if kind == "GameCreated":
        return f"table: {', '.join(d.get('players', []))}{' (ranked)' if d.get('ranked') else ''}"
    if kind == "SeedCommitted":
        return f"the deck committed to its seed {str(d.get('commitment', ''))[:16]}..."
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
    if kind == "SeedRevealed":
        return "the deck revealed its seed: every shuffle can now be audited"
    return None


def placings(view: dict[str, Any]) -> list[tuple[int, str, int]]:
    """(place, player, points), competition ranking (1, 1, 3), best first."""
    points = view.get("points") or {}
    order = sorted(points.items(), key=lambda kv: -kv[1])
    return [(1 + sum(1 for q in points.values() if q > p), name, p) for name, p in order]


def final_lines(view: dict[str, Any], rating_before: float | None, rating_after: float | None,
                ranked: bool = True) -> Text:
    me = view.get("you")
    text = Text("Final placings\n", style="bold")
    for place, name, pts in placings(view):
        text.append(f"{place}. {name}{' (you)' if name == me else ''}: {pts} points\n")
    if not ranked:
        text.append("A casual game: ratings do not change\n")
    elif rating_after is not None:
        before = "unrated" if rating_before is None else f"{rating_before:.2f}"
        change = rating_after - (rating_before or 0.0) if rating_before is not None else None
        text.append(f"Your rating: {before} -> {rating_after:.2f}"
                    + (f" ({change:+.2f})" if change is not None else "") + "\n")
    else:
        text.append("Your rating: not updated yet (the leaderboard has not scored this game)\n")
    return text
