"""How Forestaurant's events, moves and turns read (shared.games.Messages): only keys and
arguments; texts/<language>.ftl holds the words. Events arrive as a seat saw them ({"type",
"data"}, redacted by rules.view.event_view); seat None is a spectator."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from shared.i18n import Message

from .rules.cards import catalogue, table_number

RULES_SECTIONS = ("goal", "setup", "turn", "events", "actions", "cooking", "end", "scoring",
                  "variations", "choices")

# "When playing with 5 players, it is recommended to use some of these modifications!" (the
# rulebook's Variations): the matchmaker says so to a ticket that may form a table of five.
FIVE_PLAYERS = 5


def table_advice(players: int, options: Mapping[str, Any]) -> list[Message]:
    """What the rulebook recommends for a table of `players` (shared.games.Messages)."""
    return [Message("advice-five-players", {})] if players == FIVE_PLAYERS else []


# events nobody needs to read: the event itself has its own line, or it is bookkeeping
INTERNAL = {"EventResolved", "PhaseChanged", "MenusDrawn"}


def _name(players: Sequence[str], seat: Any) -> str:
    try:
        return players[int(seat)]
    except (TypeError, ValueError, IndexError):
        return ""


def _who(players: Sequence[str], seat: Any, reader: int | None) -> dict[str, Any]:
    """`$player` and `$you` for an event or move about `seat`, as `reader` reads it."""
    return {"player": _name(players, seat), "you": reader is not None and seat == reader}


def _table(d: Mapping[str, Any]) -> int:
    """The table of an event or move as a player reads it (1 to 9; the data holds 0 to 8)."""
    return table_number(int(d.get("table", 0)))


def _tables(indices: Any) -> list[int]:
    return [table_number(int(i)) for i in indices or []]


def _items(d: Mapping[str, Any]) -> list[str]:
    return list(d.get("cards") or []) + list(d.get("ingredients") or [])


def event_message(event: Mapping[str, Any], players: Sequence[str], seat: int | None) -> Message | None:
    kind = event.get("type")
    d = event.get("data") or {k: v for k, v in event.items() if k != "type"}
    who = _who(players, d.get("seat"), seat)
    if kind in INTERNAL:
        # read by API clients that show every event: a table as the board numbers it
        args = {**d, "table": _table(d)} if "table" in d else dict(d)
        return Message(f"event-{kind}", args, internal=True)
    if kind == "GameStarted":
        return Message("event-GameStarted", {"players": list(d.get("players") or players),
                                             "difficulty": d.get("difficulty", ""),
                                             "stars": d.get("stars", 0), "count": len(d.get("players") or players)})
    if kind == "DeckShuffled":
        args = {"deck": d.get("deck", ""), "count": d.get("count", len(d.get("order") or [])),
                "kept": d.get("kept", 0)}
        if not d.get("k"):
            return Message("event-DeckShuffled", args, internal=True)  # the setup's shuffles
        return Message("event-DeckShuffled-reshuffle", args)
    if kind == "EarlyBirdSeated":
        return Message("event-EarlyBirdSeated", {"card": d.get("card", ""), "table": _table(d)})
    if kind == "HandsDealt":
        hand = d.get("hand")
        if hand is None and isinstance(d.get("hands"), list) and seat is not None and seat < len(d["hands"]):
            hand = d["hands"][seat]
        if hand is None:
            return Message("event-HandsDealt", {"sizes": list(d.get("hand_sizes") or [])})
        return Message("event-HandsDealt-yours", {"cards": list(hand), "count": len(hand)})
    if kind == "CardsDrawn":
        cards = d.get("cards")
        count = d.get("count", len(cards or []))
        variant = "turn" if d.get("why") == "turn" else "end"
        if cards is not None and who["you"]:
            return Message(f"event-CardsDrawn-{variant}-yours", {**who, "cards": list(cards), "count": count})
        return Message(f"event-CardsDrawn-{variant}", {**who, "count": count})
    if kind == "TurnStarted":
        # who drew the card is the line before (CardsDrawn "turn"): this one says what it marks
        return Message("event-TurnStarted", {"turn": d.get("turn", 0), "value": d.get("value", 0),
                                             "tables": _tables(d.get("line"))})
    if kind == "GuestSeated":
        key = "event-GuestSeated-free" if d.get("free") else "event-GuestSeated"
        return Message(key, {**who, "card": d.get("card", ""), "table": _table(d)})
    if kind == "BellPlaced":
        return Message("event-BellPlaced", {"table": _table(d)})
    if kind == "SeatingSkipped":
        return Message("event-SeatingSkipped", {**who, "table": _table(d)})
    if kind == "CloudMoved":
        return _cloud(d)
    if kind == "GuestLeft":
        outcome = d.get("outcome", "satisfied")
        return Message(f"event-GuestLeft-{outcome}", {"card": d.get("card", ""), "table": _table(d)})
    if kind == "CardPaid":
        variant = "order" if d.get("action") == "order" else "purchase"
        return Message(f"event-CardPaid-{variant}", {**who, "card": d.get("card", "")})
    if kind == "OrderTaken":
        return Message("event-OrderTaken", {"table": _table(d), "menu": d.get("menu", ""),
                                            "discarded": list(d.get("discarded") or []),
                                            "count": len(d.get("discarded") or [])})
    if kind == "IngredientsDrawn":
        return Message("event-IngredientsDrawn", {**who, "tokens": list(d.get("tokens") or []),
                                                  "count": len(d.get("tokens") or [])})
    if kind == "PileRanOut":
        # the reshuffle that always follows says it in one line ("The menu deck ran out: its
        # discards were shuffled into a new menu deck"): two lines said it twice
        return Message("event-PileRanOut", {"pile": d.get("pile", "")}, internal=True)
    if kind == "CookProposed":
        return Message("event-CookProposed", {**who, "table": _table(d), "items": _items(d)})
    if kind == "HelpOffered":
        return Message("event-HelpOffered", {**who, "items": _items(d)})
    if kind == "HelpDeclined":
        return Message("event-HelpDeclined", who)
    if kind == "CookWithdrawn":
        return Message("event-CookWithdrawn", who)
    if kind == "MealCooked":
        parts = d.get("contributions") or []
        # the reader among the cooks reads "you" (`you`); `players` are the other cooks
        you = seat is not None and any(p.get("seat") == seat for p in parts)
        cooks = [_name(players, p.get("seat")) for p in parts if seat is None or p.get("seat") != seat]
        items = [c for p in parts for c in _items(p)]
        return Message("event-MealCooked", {"table": _table(d), "players": cooks, "count": len(cooks),
                                            "you": you, "items": items})
    if kind == "IngredientDiscarded":
        return Message("event-IngredientDiscarded", {**who, "token": d.get("token", "")})
    if kind == "GameEnded":
        reason, score = d.get("reason", ""), d.get("score", 0)
        table = d.get("table", -1)
        if not d.get("won") and reason in ("chaos", "bankrupt") and isinstance(table, int) and table >= 0:
            # the step that closed the restaurant, which no CloudMoved line says (it never happened):
            # "no more left on the mushrooms and even more would be needed", "all the stars are
            # already covered but players would have to cover more"
            return Message(f"event-GameEnded-{reason}", {
                "table": table_number(table), "cause": d.get("cause") or "other", "about": d.get("about", ""),
                "stars": catalogue().stars, "score": score})
        variant = "won" if d.get("won") else "lost"
        return Message(f"event-GameEnded-{variant}", {"reason": reason, "score": score})
    return None


def _cloud(d: Mapping[str, Any]) -> Message:
    """A cloud's move reads by where it went: onto a guest, onto a star, back to the mushrooms."""
    src, dst = d.get("src"), d.get("dst")
    table = d.get("table", -1)  # -1: no guest is involved (a star's cloud going back)
    args = {"table": table_number(table) if isinstance(table, int) and table >= 0 else table, "cause": d.get("cause") or "other", "about": d.get("about", "")}
    if dst == "guest":
        variant = "on-guest"
    elif dst == "stars":
        variant = "on-star"
    elif src == "stars":
        variant = "star-back"
    else:
        variant = "off-guest"
    return Message(f"event-CloudMoved-{variant}", args)


def move_message(move: Mapping[str, Any], players: Sequence[str], seat: int | None) -> Message:
    kind = move.get("type")
    if kind == "resolve_event":
        if move.get("card"):
            return Message("move-resolve_event-seat", {"table": _table(move), "card": move["card"]})
        return Message("move-resolve_event", {"table": _table(move)})
    if kind in ("seat", "take_order"):
        return Message(f"move-{kind}", {"table": _table(move), "card": move.get("card", "")})
    if kind == "purchase":
        return Message("move-purchase", {"card": move.get("card", "")})
    if kind in ("cook", "propose_cook"):
        return Message(f"move-{kind}", {"table": _table(move), "cards": list(move.get("cards") or []),
                                        "ingredients": list(move.get("ingredients") or []),
                                        "items": _items(move)})
    if kind == "offer_help":
        return Message("move-offer_help", {"cards": list(move.get("cards") or []),
                                           "ingredients": list(move.get("ingredients") or []),
                                           "items": _items(move)})
    if kind == "commit_cook":
        accept = list(move.get("accept") or [])
        if not accept:
            return Message("move-commit_cook-alone", {})
        return Message("move-commit_cook", {"players": accept, "count": len(accept)})
    if kind == "discard_ingredient":
        return Message("move-discard_ingredient", {"token": move.get("token", "")})
    return Message(f"move-{kind}", {})


def prompt_message(view: Mapping[str, Any], seat: int | None) -> Message | None:
    if view.get("over") or view.get("finished"):
        key = "prompt-won" if view.get("won") else "prompt-lost"
        return Message(key, {"reason": view.get("end_reason") or "", "score": view.get("score", 0)})
    if view.get("waiting_for_shuffle") or view.get("phase") in ("setup", "shuffling"):
        return Message("prompt-shuffling", {})
    to_act = list(view.get("to_act") or [])
    me = view.get("you")
    phase = view.get("phase")
    if me is not None and me in to_act:
        if phase == "events":
            left = _tables(view.get("events_left"))
            return Message("prompt-events", {"tables": left, "count": len(left)})
        if phase == "actions":
            return Message("prompt-actions", {"size": view.get("minimal_hand", 0),
                                              "count": len(view.get("hand") or [])})
        if phase == "discard":
            return Message("prompt-discard", {"limit": view.get("storage_limit", 0)})
        if phase == "cooking":
            p = view.get("proposal") or {}
            if me == view.get("active"):
                return Message("prompt-cooking-proposer", {"table": _table(p)})
            return Message("prompt-cooking-helper", {"player": view.get("active") or "",
                                                     "table": _table(p)})
    return Message("prompt-waiting", {"players": to_act, "count": len(to_act)})
