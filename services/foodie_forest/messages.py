"""How Foodie Forest's events, moves and turns read (shared.games.Messages): keys of
texts/<language>.ftl and their arguments, never text.

Lines that name every player (the reveal of the recipes, a deal's scores) carry them as
numbered arguments (`player1`, `recipe1`, ... up to the 5 seats of a table), so that each
language orders the pairs in its own sentence; seats a table does not have are "". `you1`..
are "true" at the reader's own seat, so that the line says "you" there, not the reader's name.
"""
from __future__ import annotations

from typing import Any, Sequence

from shared.i18n import Message, among

from .rules.cards import catalogue

RULES_SECTIONS = ("goal", "setup", "turn", "end", "scoring", "choices")
MAX_SEATS = 5
DEALS = catalogue().deals


def _name(players: Sequence[str], seat: Any) -> str:
    try:
        return players[int(seat)]
    except (TypeError, ValueError, IndexError):
        return str(seat)


def _you(seat: Any, reader: int | None) -> str:
    return "true" if reader is not None and seat == reader else "false"


def _about(players: Sequence[str], seat: Any, reader: int | None) -> dict[str, Any]:
    return {"player": _name(players, seat), "you": _you(seat, reader)}




def _numbered(players: Sequence[str], reader: int | None, **columns: Sequence[Any]) -> dict[str, Any]:
    """`player1`.. and each column's `<column>1`..; `you1`.. "true" where that seat reads."""
    args: dict[str, Any] = {"count": len(players)}
    for i in range(MAX_SEATS):
        args[f"player{i + 1}"] = players[i] if i < len(players) else ""
        args[f"you{i + 1}"] = _you(i, reader) if i < len(players) else "false"
        for column, values in columns.items():
            args[f"{column}{i + 1}"] = values[i] if i < len(values) else ""
    return args


def event_message(event: dict[str, Any], players: Sequence[str], seat: int | None) -> Message | None:
    kind, d = event.get("type"), event.get("data") or {}
    if kind == "GameStarted":
        points = d.get("points") or [0]
        return Message("event-GameStarted", {"count": len(d.get("players") or players),
                                             "points": points[0],
                                             "dealer": _name(players, d.get("dealer")),
                                             "you": _you(d.get("dealer"), seat)})
    if kind == "CardsDealt":
        sizes = d.get("hand_sizes") or [len(d.get("hand") or [])]
        return Message("event-CardsDealt", {"deal": d.get("deal"), "deals": DEALS,
                                            "dealer": _name(players, d.get("dealer")),
                                            "you": _you(d.get("dealer"), seat), "cards": sizes[0],
                                            "aside": d.get("set_aside_count", 0)})
    if kind == "RecipeChosen":
        # the 5th deal's recipes are nobody's choice: the reveal that follows says them
        internal = d.get("deal") == DEALS
        who = _about(players, d.get("seat"), seat)
        if "recipe" not in d:
            return Message("event-RecipeChosen-hidden", who, internal)
        key = "event-RecipeChosen-secret" if d.get("face_down") else "event-RecipeChosen"
        return Message(key, {**who, "recipe": d["recipe"]}, internal)
    if kind == "RecipesRevealed":
        return Message("event-RecipesRevealed",
                       {**_numbered(players, seat, recipe=list(d.get("recipes") or [])),
                        "leader": _name(players, d.get("leader")), "you": _you(d.get("leader"), seat)})
    if kind == "CardPlayed":
        args = {**_about(players, d.get("seat"), seat), "card": d.get("card"), "total": d.get("total")}
        if (d.get("total") or 0) >= 10:
            return Message("event-CardPlayed-full", args)
        if d.get("required_colour") is None:
            return Message("event-CardPlayed-free", args)
        return Message("event-CardPlayed", {**args, "colour": d["required_colour"]})
    if kind == "LastCardAnnounced":
        return Message("event-LastCardAnnounced", _about(players, d.get("seat"), seat))
    if kind == "TrickTaken":
        return Message("event-TrickTaken", {**_about(players, d.get("seat"), seat),
                                            "count": len(d.get("cards") or []), "total": d.get("total")})
    if kind == "TrickPutAside":
        return Message("event-TrickPutAside", {**_about(players, d.get("seat"), seat),
                                               "count": len(d.get("cards") or [])})
    if kind == "DealScored":
        return Message("event-DealScored",
                       {**_numbered(players, seat, gain=list(d.get("gains") or []),
                                    points=list(d.get("points") or [])), "deal": d.get("deal")})
    if kind == "GameEnded":
        winners = list(d.get("winners") or [])
        points = d.get("points") or [0]
        named = among([_name(players, s) for s in winners], _name(players, seat) if seat is not None else None)
        return Message("event-GameEnded", {"count": len(winners), "winners": named["players"], "you": named["you"],
                                           "others": named["others"], "others_count": named["others_count"],
                                           "points": max(points) if points else 0})
    return None


def move_message(move: dict[str, Any], players: Sequence[str], seat: int | None) -> Message:
    kind = move.get("type")
    if kind == "play":
        return Message("move-play", {"card": move.get("card")})
    if kind == "choose_recipe":
        return Message("move-choose_recipe", {"recipe": move.get("recipe")})
    return Message(f"move-{kind}", {k: v for k, v in move.items() if k != "type"})


def prompt_message(view: dict[str, Any], seat: int | None) -> Message | None:
    me = view.get("you")
    to_act = list(view.get("to_act") or [])
    if view.get("finished"):
        return Message("prompt-over", {})
    phase = view.get("phase")
    if phase == "dealing":
        return Message("prompt-dealing", {})
    if phase == "choosing":
        if me is not None and me in to_act:
            face_up = (view.get("options") or {}).get("recipe_choice") == "sequential"
            return Message("prompt-choose-face-up" if face_up else "prompt-choose", {})
        if to_act:
            return Message("prompt-waiting-choose", {"players": to_act, "count": len(to_act)})
        return Message("prompt-revealing", {})
    if phase != "playing":
        return None
    turn = view.get("turn")
    if turn is None:
        return None
    if turn != me:
        return Message("prompt-waiting", {"player": turn})
    trick = view.get("trick") or {}
    if not trick.get("cards"):
        return Message("prompt-lead", {})
    if trick.get("required_colour"):
        return Message("prompt-follow", {"total": trick.get("total", 0), "colour": trick["required_colour"]})
    return Message("prompt-play-free", {"total": trick.get("total", 0)})
