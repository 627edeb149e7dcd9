"""The Instant round of a Serving: passing (also automatically), playing an Instant, discarding
for a troop's power, and the Instants and discards a seat may play."""
from __future__ import annotations

from collections import Counter
from typing import Any

from shared.moves import quote
from shared.rules import IllegalMove, Outcome

from .battle import end, score_serving
from .cards import Card, card, catalogue
from .events import BattlefieldDrawn, CardsDiscarded, InstantPlayed, Passed
from .state import Reveal, State
from .yum import current_troops


def _pass(out: Outcome, seat: int, auto: bool) -> None:
    out.emit(Passed(seat, auto=auto))
    if out.state.passes >= len(out.state.priority):
        # "Continue clockwise until everyone passes": everyone passed in a row
        score_serving(out)


def can_play(state: State, seat: int) -> bool:
    """Whether `seat` has anything but a pass it may play in the Instant round now."""
    return any(m["type"] in ("instant", "discard") for m in instant_options(state, seat))


def auto_passes(out: Outcome) -> bool:
    """The seat whose turn it is in the Instant round chose to pass automatically and can play
    nothing: the rules pass for it (marked `auto`, so the table sees it had nothing)."""
    s = out.state
    actor = s.actor
    if actor is None or not s.auto_pass or not s.auto_pass[actor] or can_play(s, actor):
        return False
    _pass(out, actor, auto=True)
    return True


def _target_troop(state: State, seat: int, c: Card, target: str | None) -> Reveal | None:
    if not c.targeted:
        if target is not None:
            raise IllegalMove(f"{c.name} does not target a troop: play it without a target",
                              key="untargeted", card=c.id)
        return None
    mine = current_troops(state, seat)
    if target is None:
        raise IllegalMove(f"{c.name} needs a target: one of your current troops "
                          f"({', '.join(r.card for r in mine) or 'you have none this Serving'})",
                          key="needs-target", card=c.id, troops=[r.card for r in mine],
                          count=len(mine))
    fits = [r for r in mine if r.card == target]
    if not fits:
        raise IllegalMove(f"{target} is not one of your current troops (\"You can't target other "
                          f"players' troops with your Instants\")", key="not-your-troop",
                          target=quote(target))
    want = c.power.params.get("meal", "any")
    fits = [r for r in fits if want == "any" or card(r.card).meal == want]
    if not fits:
        raise IllegalMove(f"{c.name} targets a {want.capitalize()} troop; {card(target).name} is a "
                          f"{card(target).meal.capitalize()} troop (the Meal it fights at does not "
                          f"change its kind)", key="wrong-kind-target", card=c.id, meal=want,
                          target=target, kind=card(target).meal)
    return fits[0]


def instant(out: Outcome, seat: int, cid: str, target: str | None) -> None:
    state = out.state
    if cid not in state.hands[seat]:
        raise IllegalMove(f"you do not hold {cid}", key="not-held",
                          card=cid if cid in catalogue().cards else quote(cid))
    c = card(cid)
    if not c.is_instant:
        raise IllegalMove(f"{c.name} is a troop, not an Instant", key="not-an-instant", card=cid)
    if c.timing == "plating":
        raise IllegalMove(f"{c.name} says \"Play during plating\": it is played with your plate",
                          key="plating-only", card=cid)
    if c.requires_dog and not state.dog_in:
        raise IllegalMove(f"{c.name} can be played only while The Dog is at this Meal",
                          key="needs-dog", card=cid)
    if c.power.kind == "draw_battlefield" and not state.bf_deck:
        raise IllegalMove("the Battlefield deck is empty: there is no card to draw",
                          key="battlefield-deck-empty")
    troop = _target_troop(state, seat, c, target)
    if c.power.kind == "boost_all" and not current_troops(state, seat):
        raise IllegalMove(f"{c.name} boosts your troops in this Serving, and you have none",
                          key="no-troops-to-boost", card=cid)
    out.emit(InstantPlayed(seat, cid, troop.card if troop else None, troop.index if troop else None))
    if c.power.kind == "draw_battlefield":
        drawn = state.bf_deck[0]
        to_meal = c.power.to == "meal"
        vp = list(out.state.vp)
        if not to_meal:
            vp[seat] += card(drawn).vp  # "If that card puts you to 10 or more VPs, you win!"
        out.emit(BattlefieldDrawn(seat, drawn, to_meal, tuple(vp)))
        if vp[seat] >= state.options.vp_to_win:
            end(out, f"{state.players[seat]} drew a Battlefield and has {vp[seat]} VP")


def discard(out: Outcome, seat: int, troop_id: str, cards: tuple[str, ...]) -> None:
    state = out.state
    if seat in state.passed:
        raise IllegalMove("once you pass, you can't discard any other cards this Serving",
                          key="discard-after-pass")
    mine = [r for r in current_troops(state, seat) if r.card == troop_id
            and card(r.card).power is not None and card(r.card).power.kind == "discard_boost"]
    if not mine:
        raise IllegalMove(f"{troop_id} is not one of your current troops with a discard power",
                          key="no-discard-power",
                          troop=troop_id if troop_id in catalogue().cards else quote(troop_id))
    used = {d.troop for d in state.discards if d.seat == seat and d.serving == state.serving}
    free = [r for r in mine if r.index not in used]
    if not free:
        raise IllegalMove("a discard power is used once per Serving: \"you must discard them "
                          "all at once\"", key="discard-used", troop=troop_id)
    troop = free[0]
    if not cards:
        raise IllegalMove("discard at least one card", key="discard-nothing")
    want = card(troop_id).power.discard
    hand = Counter(state.hands[seat])
    for cid, k in Counter(cards).items():
        if hand[cid] < k:
            raise IllegalMove(f"you hold {hand[cid]} {cid}, not {k} (discards come from your hand)",
                              key="discard-not-held", card=cid if cid in catalogue().cards else quote(cid),
                              held=hand[cid], wanted=k)
        if want != "any" and (not card(cid).is_troop or card(cid).meal != want):
            raise IllegalMove(f"{card(troop_id).name} takes {want.capitalize()} troops; "
                              f"{card(cid).name} is not one", key="discard-wrong-kind",
                              troop=troop_id, meal=want, card=cid)
    out.emit(CardsDiscarded(seat, troop_id, troop.index, cards))


def instant_options(state: State, seat: int) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = []
    mine = current_troops(state, seat)
    for cid in sorted(set(state.hands[seat])):
        c = card(cid)
        if not c.is_instant or c.timing != "meal":
            continue
        if c.requires_dog and not state.dog_in:
            continue
        if c.power.kind == "draw_battlefield":
            if state.bf_deck:
                moves.append({"type": "instant", "card": cid})
            continue
        if not c.targeted:
            if mine:
                moves.append({"type": "instant", "card": cid})
            continue
        want = c.power.params.get("meal", "any")
        for tid in dict.fromkeys(r.card for r in mine):
            if want == "any" or card(tid).meal == want:
                moves.append({"type": "instant", "card": cid, "target": tid})
    if seat not in state.passed:
        used = {d.troop for d in state.discards if d.seat == seat and d.serving == state.serving}
        for r in mine:
            p = card(r.card).power
            if p is None or p.kind != "discard_boost" or r.index in used:
                continue
            fit = sorted(c for c in state.hands[seat]
                         if p.discard == "any" or (card(c).is_troop and card(c).meal == p.discard))
            if not fit:
                continue
            option = {"type": "discard", "troop": r.card, "cards": fit}
            if option not in moves:
                moves.append(option)
            for c in dict.fromkeys(fit):
                if len(fit) > 1:
                    single = {"type": "discard", "troop": r.card, "cards": [c]}
                    if single not in moves:
                        moves.append(single)
    moves.append({"type": "pass"})
    return moves
