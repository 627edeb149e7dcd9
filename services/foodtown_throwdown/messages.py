"""How Foodtown Throwdown's events, moves and turns read (shared.games.Messages): keys of
texts/<language>.ftl and their arguments, never built text.

Arguments: `player` (a name) and `you` ("is it the reading seat", for the selectors), card and
recipe ids as `card`/`cards`/`recipe`/`pick` (the templates name them with CARD/CARDS), numbers.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from shared.i18n import Message

from .rules.cards import catalogue

RULES_SECTIONS = ("goal", "turn", "actions", "end", "scoring", "choices")

# the events nobody needs to read: a deck's new order is secret and says nothing at the table
INTERNAL = frozenset({"DeckShuffled"})


def _name(players: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat]
    return str(seat)


def _who(players: Sequence[str], seat: Any, reader: int | None, prefix: str = "") -> dict[str, Any]:
    key = f"{prefix}_" if prefix else ""
    return {f"{prefix or 'player'}": _name(players, seat), f"{key}you": reader is not None and seat == reader}


def event_message(event: Mapping[str, Any], players: Sequence[str], seat: int | None) -> Message | None:
    kind = event.get("type")
    d = dict(event.get("data") or {})
    who = _who(players, d.get("seat"), seat)
    if kind in INTERNAL:
        return Message(f"event-{kind}", {"deck": d.get("deck", ""), "size": d.get("size", 0)}, internal=True)
    if kind == "GameStarted":
        return Message("event-GameStarted", _who(players, d.get("first", 0), seat))
    if kind == "CardsDealt":
        sizes = d.get("hand_sizes") or [0]
        if d.get("hand") is not None:
            return Message("event-CardsDealt", {"cards": list(d["hand"]), "count": len(d["hand"])})
        return Message("event-CardsDealt-hidden", {"count": sizes[0]})
    if kind == "RecipesFlipped":
        return Message("event-RecipesFlipped", {"cards": list(d.get("recipes") or []),
                                                "count": len(d.get("recipes") or [])})
    if kind in ("TurnStarted", "TurnSkipped"):
        return Message(f"event-{kind}", {**who, "turn": d.get("turn", 0)})
    if kind == "CardDrawn":
        if d.get("card"):
            return Message("event-CardDrawn", {**who, "card": d["card"], "reason": d.get("reason", "turn")})
        return Message("event-CardDrawn-hidden", {**who, "reason": d.get("reason", "turn")})
    if kind == "DeckRanOut":
        return Message("event-DeckRanOut", {**who, "count": d.get("count", 1)})
    if kind == "NothingDrawn":
        return Message("event-NothingDrawn", who)
    if kind == "RecipeCompleted":
        return Message("event-RecipeCompleted", {**who, "recipe": d.get("recipe", ""),
                                                 "cards": list(d.get("cards") or []), "stars": d.get("stars", 0)})
    if kind == "CardPlayed":
        return Message("event-CardPlayed", {**who, "card": d.get("card", ""), "at_once": bool(d.get("at_once"))})
    if kind == "ActionPlayed":
        args = {**who, **_who(players, d.get("target"), seat, "target"), "card": d.get("card", ""),
                "effect": d.get("effect", "")}
        if d.get("pick"):
            return Message("event-ActionPlayed-pick", {**args, "pick": d["pick"]})
        return Message("event-ActionPlayed", args)
    if kind == "DiscardDemanded":
        return Message("event-DiscardDemanded", {**who, "count": d.get("count", 2)})
    if kind == "CardsDiscarded":
        cards = list(d.get("cards") or [])
        return Message("event-CardsDiscarded" if cards else "event-CardsDiscarded-none",
                       {**who, "cards": cards, "count": len(cards), "reason": d.get("reason", "")})
    if kind == "TableCardDiscarded":
        return Message("event-TableCardDiscarded", {**who, "card": d.get("card", "")})
    if kind == "TableCardTaken":  # legacy (before issue 31)
        return Message("event-TableCardTaken", {**who, **_who(players, d.get("owner"), seat, "owner"),
                                                "card": d.get("card", "")})
    if kind == "HandsSwapped":  # legacy (before issue 31)
        return Message("event-HandsSwapped", {**who, **_who(players, d.get("target"), seat, "target")})
    if kind == "RecipeClosed":
        return Message("event-RecipeClosed", {**who, "recipe": d.get("recipe", ""),
                                              "cards": list(d.get("cards") or [])})
    if kind == "HandLimitReached":
        return Message("event-HandLimitReached", {**who, "count": d.get("excess", 0)})
    if kind == "TurnEnded":
        stars = d.get("stars") or []
        mine = d.get("seat")
        count = stars[mine] if isinstance(mine, int) and 0 <= mine < len(stars) else 0
        return Message("event-TurnEnded", {**who, "stars": count})
    if kind == "GameEnded":
        placings = list(d.get("placings") or [])
        stars = list(d.get("stars") or [])
        firsts = [s for s, p in enumerate(placings) if p == 1]
        return Message("event-GameEnded", {
            "reason": d.get("reason", ""), "winners": [_name(players, s) for s in firsts],
            "count": len(firsts), "stars": max((stars[s] for s in firsts), default=0),
            "you": seat is not None and seat in firsts})
    return None


def move_message(move: Mapping[str, Any], players: Sequence[str], seat: int | None) -> Message:
    kind = move.get("type")
    if kind == "complete":
        if move.get("cards"):
            return Message("move-complete", {"recipe": move.get("recipe", ""), "cards": list(move["cards"])})
        return Message("move-complete-auto", {"recipe": move.get("recipe", "")})
    if kind == "play":
        card = move.get("card", "")
        if move.get("pick"):
            return Message("move-play-pick", {"card": card, "target": move.get("target", ""), "pick": move["pick"]})
        if move.get("target"):
            return Message("move-play-action", {"card": card, "target": move["target"]})
        return Message("move-play", {"card": card})
    if kind in ("discard_two", "discard"):
        cards = list(move.get("cards") or [])
        return Message(f"move-{kind}", {"cards": cards, "count": len(cards)})
    return Message(f"move-{kind}", {})


def prompt_message(view: Mapping[str, Any], seat: int | None) -> Message | None:
    if view.get("finished"):
        winners = list(view.get("winners") or [])
        return Message("prompt-over", {"winners": winners, "count": len(winners),
                                       "you": view.get("you") in winners})
    to_act = list(view.get("to_act") or [])
    if not to_act:
        return Message("prompt-shuffling", {})
    phase = view.get("phase")
    player = to_act[0]
    if view.get("you") not in to_act:
        if phase == "inspection":
            return Message("prompt-waiting-inspection", {"player": player})
        return Message("prompt-waiting", {"player": player})
    if phase == "inspection":
        return Message("prompt-inspection", {"count": 2})
    if phase == "hand-limit":
        return Message("prompt-hand-limit", {"count": view.get("excess", 0), "limit": view.get("hand_limit", 8)})
    if phase == "draw":
        return Message("prompt-draw", {})
    return Message("prompt-main", _main_moves(view.get("legal_moves") or []))


def _main_moves(legal: Sequence[Any]) -> dict[str, Any]:
    """What the main phase's prompt offers: only what the seat can do now (its legal moves), so it
    never names a recipe it cannot complete, a card it does not hold or a second action card.
    `table`: which cards it can play in front of itself ("both", "territory", "publicity", "none");
    passing is always legal."""
    moves = [m for m in legal if isinstance(m, Mapping)]
    kinds = {m.get("type") for m in moves}
    cards = catalogue().cards  # a card's kind, as the card data has it
    in_front = {cards[m["card"]].kind for m in moves
                if m.get("type") == "play" and not m.get("target") and m.get("card") in cards}
    table = "both" if len(in_front) == 2 else (in_front.pop() if in_front else "none")
    action = any(m.get("type") == "play" and m.get("target") for m in moves)
    args = {"complete": "complete" in kinds, "table": table, "action": action, "discard": "discard_two" in kinds}
    offered = [name for name, v in args.items() if v not in (False, "none")]
    # the list's punctuation: a comma before every part but the first, and before "or pass" in an
    # English list of three or more ("discard two cards to draw one or pass"; "a, b, or pass")
    return {**args, "first": offered[0] if offered else "", "count": len(offered)}
