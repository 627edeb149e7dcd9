"""How Food Fight's events, moves and turns read (shared.games.Messages): keys of texts/<lang>.ftl
and their arguments, never built text. An event comes as the seat sees it (rules/view.py
`event_view`: a hand only for its holder, a plate's troops only for its player)."""
from __future__ import annotations

from typing import Any, Sequence

from shared.i18n import Message, among

from .rules.cards import DOG, MEALS

RULES_SECTIONS = ("goal", "setup", "turn", "meals", "dog", "end", "scoring", "choices")
SHUFFLES = ("ShuffleRequested", "DeckShuffled")  # bookkeeping: a player never needs to read them
MAX_SEATS = 6  # rules/game.py max_players: a Serving reveals at most this many players' troops


def _name(players: Sequence[str], seat: Any) -> str:
    try:
        return players[int(seat)]
    except (TypeError, ValueError, IndexError):
        return str(seat)


def _who(players: Sequence[str], seat: Any, me: int | None) -> dict[str, Any]:
    """The arguments naming the player an event is about: `player` and `you`."""
    return {"player": _name(players, seat), "you": me is not None and seat == me}


def _among(players: Sequence[str], seats: Sequence[Any], me: int | None) -> dict[str, Any]:
    """shared.i18n.among of the players at `seats`, as the seat `me` reads it."""
    return among([_name(players, s) for s in seats], _name(players, me) if me is not None else None)


def _top(values: dict[str, Any]) -> int:
    return max((v for v in values.values() if isinstance(v, int)), default=0)


def event_message(event: dict[str, Any], players: Sequence[str], seat: int | None) -> Message | None:
    kind = event.get("type")
    d = event.get("data") or {}
    key = f"event-{kind}"
    if kind in SHUFFLES:
        # a deck by its name in the rulebook (texts: `$deck`), an Army ("army-<player>") by its player's
        deck = str(d.get("deck", ""))
        army = deck.startswith("army-")
        return Message(key, {"deck": "army" if army else deck, "player": deck[len("army-"):] if army else ""},
                       internal=True)
    if kind == "GameStarted":
        options = d.get("options") or {}
        return Message(key, {"count": len(d.get("players") or players), "vp": options.get("vp_to_win", 10),
                             "boot_camp": bool(options.get("boot_camp"))})
    if kind == "BattlefieldsRevealed":
        return Message(key, {"day": d.get("day"), "cards": list(d.get("cards") or [])})
    if kind == "CardsDealt":
        if d.get("hand"):
            return Message(f"{key}-hand", {"cards": list(d["hand"])})
        return Message(key, {})
    if kind == "CardPicked":
        if d.get("card") is not None:
            return Message(f"{key}-own", {"card": d["card"], "auto": bool(d.get("auto"))})
        # the last card of a packet is taken with no choice: nothing to say about the others
        return Message(key, _who(players, d.get("seat"), seat), internal=bool(d.get("auto")))
    if kind == "PacketsPassed":
        return Message(key, {"direction": "left" if d.get("direction") == 1 else "right"})
    if kind == "DraftCompleted":
        return Message(key, {})
    if kind == "ArmyPlated":
        if "troops" in d:
            mascots = list(d.get("mascots") or [])
            return Message(f"{key}-own", {"meal": d.get("meal"), "troops": list(d["troops"]),
                                          "count": len(d["troops"]), "mascots": mascots,
                                          "mascots_count": len(mascots)})
        return Message(key, _who(players, d.get("seat"), seat))
    if kind == "PlatesRevealed":
        meals = list(d.get("meals") or [])
        args: dict[str, Any] = {}
        for meal in MEALS:
            # per Meal: its players' names, and `<meal>_you` where the reader plated
            at = _among(players, [s for s, m in enumerate(meals) if m == meal], seat)
            args[meal], args[f"{meal}_count"] = at["players"], len(at["players"])
            args[f"{meal}_you"], args[f"{meal}_others"] = at["you"], at["others"]
            args[f"{meal}_others_count"] = at["others_count"]
        return Message(key, args)
    if kind == "BattlefieldsReturned":
        cards = list(d.get("cards") or [])
        return Message(key, {"meal": d.get("meal"), "cards": cards, "count": len(cards)})
    if kind == "MealStarted":
        fighters = list(d.get("fighters") or [])
        if d.get("lone") and fighters:
            return Message(f"{key}-lone", {"meal": d.get("meal"), "battlefields": list(d.get("battlefields") or []),
                                           **_who(players, fighters[0], seat)})
        return Message(key, {"meal": d.get("meal"), "battlefields": list(d.get("battlefields") or []),
                             **_among(players, fighters, seat), "dog": bool(d.get("dog"))})
    if kind == "ServingRevealed":
        per_seat = [list(troops or []) for troops in d.get("troops") or []]
        cards = [c for troops in per_seat for c in troops]
        priority = list(d.get("priority") or [])
        # whose troops: the reader's as `mine`, every other owner numbered in seat order
        # (`player1`, `cards1` ... up to the 6 seats of a table; "" and [] for seats not there)
        mine = per_seat[seat] if isinstance(seat, int) and 0 <= seat < len(per_seat) else []
        owners = [(s, troops) for s, troops in enumerate(per_seat) if troops and s != seat]
        args: dict[str, Any] = {"serving": d.get("serving"), "cards": cards, "count": len(cards),
                                "mine": mine, "mine_count": len(mine), "others_count": len(owners)}
        for i in range(MAX_SEATS):
            args[f"player{i + 1}"] = _name(players, owners[i][0]) if i < len(owners) else ""
            args[f"cards{i + 1}"] = owners[i][1] if i < len(owners) else []
        # `you`: the reading seat acts first (its name is not "first" to itself)
        return Message(key, {**args, "dog": d.get("dog_card") is not None, "dog_card": d.get("dog_card") or "",
                             "first": _name(players, priority[0]) if priority else "",
                             "you": bool(priority) and seat is not None and priority[0] == seat})
    if kind == "InstantPlayed":
        args = {**_who(players, d.get("seat"), seat), "card": d.get("card")}
        if d.get("target"):
            return Message(f"{key}-target", {**args, "target": d["target"]})
        return Message(key, args)
    if kind == "CardsDiscarded":
        return Message(key, {**_who(players, d.get("seat"), seat), "troop": d.get("troop"),
                             "cards": list(d.get("cards") or [])})
    if kind == "Passed":
        return Message(f"{key}-auto" if d.get("auto") else key, _who(players, d.get("seat"), seat))
    if kind == "AutoPassChosen":
        return Message(key, {**_who(players, d.get("seat"), seat), "on": bool(d.get("on"))})
    if kind == "BattlefieldDrawn":
        args = {**_who(players, d.get("seat"), seat), "card": d.get("card")}
        if d.get("to_meal"):
            return Message(f"{key}-meal", args)
        vp = list(d.get("vp") or [])
        mine = d.get("seat")
        return Message(key, {**args, "points": vp[mine] if isinstance(mine, int) and mine < len(vp) else 0})
    if kind == "ServingScored":
        yumminess = dict(d.get("yumminess") or {})
        chips = list(d.get("chips") or [])
        best = _top(yumminess)
        if chips == [DOG]:
            return Message(f"{key}-dog", {"serving": d.get("serving"), "best": best})
        if not chips:
            tied = sum(1 for v in yumminess.values() if v == best) > 1
            return Message(f"{key}-none", {"serving": d.get("serving"), "best": best, "tied": tied})
        # `you`: the reading seat takes a chip; `others`: who else takes one (chips are names)
        return Message(key, {"serving": d.get("serving"), "count": len(chips), "best": best,
                             **among(chips, _name(players, seat) if seat is not None else None)})
    if kind == "MealTied":
        return Message(key, {"meal": d.get("meal"), **_among(players, list(d.get("seats") or []), seat)})
    if kind == "DogDrawn":
        seats, cards = list(d.get("seats") or []), list(d.get("cards") or [])
        winner = d.get("winner")
        card = cards[seats.index(winner)] if winner in seats and len(cards) == len(seats) else ""
        return Message(key, {"winner": _name(players, winner), "card": card,
                             "you": seat is not None and winner == seat})
    if kind == "MealWon":
        winner = d.get("winner")
        battlefields = list(d.get("battlefields") or [])
        if winner is None:
            chips = dict(d.get("chips") or {})
            return Message(f"{key}-dog", {"meal": d.get("meal"), "battlefields": battlefields,
                                          "count": len(battlefields),
                                          "dog": DOG in chips and chips[DOG] >= _top(chips)})
        vp = list(d.get("vp") or [])
        return Message(key, {**_who(players, winner, seat), "meal": d.get("meal"), "battlefields": battlefields,
                             "points": vp[winner] if winner < len(vp) else 0})
    if kind == "DayEnded":
        return Message(key, {"day": d.get("day")})
    if kind == "GameEnded":
        args = _winners(players, list(d.get("placings") or []), list(d.get("vp") or []), seat)
        # the table's target beside the winner's points (a table may play to 3, the rulebook to
        # 10): `reached`, or `short` when the game ended before anyone reached it (the Battlefield
        # deck ran out); `none` for an event that does not say it
        target = d.get("vp_to_win") or 0
        goal = "none" if not target else "reached" if args["points"] >= target else "short"
        return Message(key, {**args, "target": target, "goal": goal})
    return None


def _winners(players: Sequence[str], placings: list[int], vp: list[int], me: int | None) -> dict[str, Any]:
    seats = [s for s, place in enumerate(placings) if place == 1]
    winners = _among(players, seats, me)
    return {"winners": winners["players"], "count": len(seats), "points": max(vp, default=0),
            "you": winners["you"], "others": winners["others"], "others_count": winners["others_count"]}


def move_message(move: dict[str, Any], players: Sequence[str], seat: int | None) -> Message:
    kind = move.get("type")
    if kind == "pick":
        return Message("move-pick", {"card": move.get("card")})
    if kind == "plate":
        troops, mascots = list(move.get("troops") or []), list(move.get("mascots") or [])
        args = {"meal": move.get("meal"), "troops": troops, "mascots": mascots, "mascots_count": len(mascots)}
        if not troops:
            return Message("move-plate-empty", args)
        return Message("move-plate-mascots" if mascots else "move-plate", args)
    if kind == "instant":
        if move.get("target"):
            return Message("move-instant-target", {"card": move.get("card"), "target": move["target"]})
        return Message("move-instant", {"card": move.get("card")})
    if kind == "discard":
        return Message("move-discard", {"troop": move.get("troop"), "cards": list(move.get("cards") or [])})
    if kind == "auto_pass":
        return Message("move-auto_pass-on" if move.get("on") else "move-auto_pass-off", {})
    return Message("move-pass", {})


def prompt_message(view: dict[str, Any], seat: int | None) -> Message | None:
    players = list(view.get("players") or [])
    if view.get("finished"):
        placings = view.get("placings") or {}
        me = view.get("you")
        return Message("prompt-game-over", _winners(players, [placings.get(p, 0) for p in players],
                                                   [(view.get("vp") or {}).get(p, 0) for p in players],
                                                   players.index(me) if me in players else None))
    to_act = list(view.get("to_act") or [])
    me = view.get("you")
    if not to_act:
        return Message("prompt-shuffling", {})
    if me is None or me not in to_act:
        return Message("prompt-waiting-for", {"players": to_act})
    phase = view.get("phase")
    if phase == "draft":
        return Message("prompt-pick", {"direction": (view.get("draft") or {}).get("direction", "left")})
    if phase == "plating":
        # the Meals of the Day as one selector value ("breakfast-dinner"): its words are the texts'
        return Message("prompt-plate", {"meals": "-".join(m for m in MEALS if m in (view.get("day_meals") or []))})
    # only what the seat can do now (its legal moves): an Instant, a discard; Pass always
    kinds = {m.get("type") for m in view.get("legal_moves") or [] if isinstance(m, dict)}
    return Message("prompt-instant", {"serving": (view.get("meal") or {}).get("serving", 0),
                                      "instant": "instant" in kinds, "discard": "discard" in kinds})
