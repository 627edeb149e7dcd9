"""The whole move space as choices (shared.choices): every move the rules accept is buildable
from them, and what is built from them the rules accept or refuse with a reason in words."""
from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from ff_helpers import P2, apply, started
from services.food_fight.moves import MOVES
from services.food_fight.rules import RULES
from services.food_fight.rules.cards import MEALS
from services.food_fight.texts import TEXTS
from shared import choices as C
from shared.rules import RulesError

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "food-fight-rulebook-breakfast.json"


def _rulebook_plating():
    """The rulebook Breakfast's table, dealt and waiting for the plates, and its plate moves."""
    spec = json.loads(SCENARIO.read_text())
    state = RULES.initial_state(spec["players"], spec["options"])
    state = apply(state, RULES.start(state))
    by_deck = {k: list(v) for k, v in spec["shuffles_by_deck"].items()}
    while (node := RULES.chance(state)) is not None:
        given = by_deck.get(node.deck)
        state = apply(state, RULES.resolve_chance(state, given.pop(0) if given else list(node.cards)))
    plates = {spec["players"].index(m["player"]): m["move"] for m in spec["moves"] if m["move"]["type"] == "plate"}
    return state, plates


def test_the_rulebook_pancake_army_and_random_armies_built_from_the_choices_are_accepted():
    # "Here's a really great Army": General Donut, Private Pancake, Tech Sergeant Toast and two
    # more Private Pancakes, plated at Breakfast from cid's dealt hand of nine
    state, plates = _rulebook_plating()
    cid = 2
    army = plates[cid]
    assert sorted(army["troops"]) == sorted(["general-donut", "private-pancake", "tech-sergeant-toast",
                                             "private-pancake", "private-pancake"])
    ch = RULES.choices(state, cid)
    C.validate(ch)
    assert C.contains(ch, army)
    assert RULES.moves_complete(state, cid) is False  # the listed plates are only a sample
    assert [type(e).__name__ for e in RULES.decide(state, cid, army)] == ["ArmyPlated"]
    rng = random.Random(24)
    built = [C.sample(ch, rng, "plate") for _ in range(20)]
    assert len({(m["meal"], tuple(sorted(m["troops"]))) for m in built}) > 10
    for move in built:
        events = RULES.decide(state, cid, move)  # accepted: raises otherwise
        assert [type(e).__name__ for e in events] == ["ArmyPlated"]
        assert Counter(events[0].troops) == Counter(move["troops"])


def _sub_multisets(cards, most):
    seen = set()
    for k in range(most + 1):
        for combo in itertools.combinations(sorted(cards), k):
            if combo not in seen:
                seen.add(combo)
                yield list(combo)


def test_every_plate_the_rules_accept_is_in_the_choices_and_no_other():
    # "An Army consists of up to five food troops. Do not put any Instants into your Army."
    hand = ["general-donut", "private-pancake", "private-pancake", "tech-sergeant-toast",
            "sunny-side-egg", "first-sergeant-fish-stick", "medic-mustard", "toast-master-general",
            "baron-von-roast"]
    state = started(P2, hands={0: hand}, battlefields=["battle-of-oatmeal-ridge", "lunchbox-last-stand"])
    ch = RULES.choices(state, 0)
    accepted = set()
    for meal in MEALS:
        for troops in _sub_multisets(hand, 6):
            for mascots in (None, *_sub_multisets(["toast-master-general", "baron-von-roast", "medic-mustard"], 3)):
                move = {"type": "plate", "meal": meal, "troops": troops}
                if mascots is not None:
                    move["mascots"] = mascots
                try:
                    RULES.decide(state, 0, move)
                except RulesError as refused:
                    assert not C.contains(ch, move), (move, str(refused))
                    continue
                assert C.contains(ch, move), move
                accepted.add((meal, tuple(troops), tuple(mascots or ())))
    built = {(m["meal"], tuple(sorted(m["troops"])), tuple(sorted(m.get("mascots") or ())))
             for m in C.enumerate_moves(ch, 100_000) if m["type"] == "plate"}
    assert built == accepted


# ---- random reachable states -------------------------------------------------------------

def _candidates(state, seat, rng):
    """Moves a careless client might send, from the seat's view and the catalogue: every card
    of its packet or hand, every meal, every current troop (anyone's), subsets of its hand."""
    view = RULES.view(state, seat)
    hand = view["hand"] or []
    out = [{"type": "pass"}, {"type": "auto_pass", "on": True}, {"type": "auto_pass", "on": False}]
    for c in (view["draft"] or {}).get("packet") or []:
        out.append({"type": "pick", "card": c})
    out.append({"type": "pick", "card": "big-bad-bacon"})
    for _ in range(12):
        troops = rng.sample(hand, rng.randint(0, min(6, len(hand)))) if hand else []
        mascots = [c for c in hand if c not in troops and rng.random() < 0.3]
        out.append({"type": "plate", "meal": rng.choice(MEALS), "troops": troops, "mascots": mascots})
    meal = view["meal"] or {}
    current = sorted({t["card"] for troops in (meal.get("troops") or {}).values() for t in troops
                      if t["serving"] == meal.get("serving")})
    for c in sorted(set(hand)):
        out.append({"type": "instant", "card": c})
        out += [{"type": "instant", "card": c, "target": t} for t in current]
    for t in current:
        for _ in range(3):
            out.append({"type": "discard", "troop": t,
                        "cards": rng.sample(hand, rng.randint(0, len(hand))) if hand else []})
        out += [{"type": "discard", "troop": t, "cards": [c]} for c in sorted(set(hand))]
    return out


def _refusal_has_text(error: RulesError) -> None:
    assert error.key, f"refused without a key: {error}"
    for language in ("en", "de"):
        assert TEXTS.has(f"refused-{error.key}", language), (language, error.key)


def _check_state(state, rng):
    for seat in range(len(state.players)):
        ch = RULES.choices(state, seat)
        C.validate(ch)
        legal = RULES.legal_moves(state, seat)
        for move in legal:
            assert C.contains(ch, move), move
        if seat not in RULES.to_act(state):
            assert ch == {"moves": []}
        if RULES.moves_complete(state, seat) and C.count(ch, 2000) < 2000:
            assert {json.dumps(C.canonical(m, ch), sort_keys=True) for m in C.enumerate_moves(ch)} \
                == {json.dumps(C.canonical(m, ch), sort_keys=True) for m in legal}
        for _ in range(6):
            move = C.sample(ch, rng)
            if move is None:
                continue
            try:
                RULES.decide(state, seat, move)
            except RulesError as refused:
                _refusal_has_text(refused)
        for move in _candidates(state, seat, rng):
            try:
                RULES.decide(state, seat, MOVES.check(move))
            except RulesError as refused:
                _refusal_has_text(refused)
                continue
            assert C.contains(ch, move), f"accepted but not offered: {move}"


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (2, 4), (6, 3)])
def test_in_random_reachable_states_the_choices_offer_exactly_what_the_rules_accept(players, seed):
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    state = RULES.initial_state(names, {"boot_camp": seed % 2 == 0})
    state = apply(state, RULES.start(state))
    for step in range(300):
        while (node := RULES.chance(state)) is not None:
            order = list(node.cards)
            rng.shuffle(order)
            state = apply(state, RULES.resolve_chance(state, order))
        if RULES.is_terminal(state):
            break
        if step % (6 if state.phase == "draft" else 2) == 0:  # the Meals hold the large spaces
            _check_state(state, rng)
        seat = rng.choice(sorted(RULES.to_act(state)))
        ch = RULES.choices(state, seat)
        move = C.sample(ch, rng) if rng.random() < 0.5 else None
        move = move or rng.choice(RULES.legal_moves(state, seat))
        try:
            state = apply(state, RULES.decide(state, seat, move))
        except RulesError as refused:
            _refusal_has_text(refused)


def test_an_instant_offers_each_of_its_targets_and_a_discard_any_set_of_fitting_cards():
    # "You can target the newly joined troop with Instants, too—just treat it like you flipped
    # two troops that Serving." / discards: "you must decide how many you want to discard and
    # discard them all at once"
    from ff_helpers import plate_all
    army = ["locked-and-loaded-spud", "corporal-taco"]
    hand = army + ["sugar-rush", "medic-mustard", "phd-pepper", "sunny-side-egg"]
    state = started(P2, hands={0: hand, 1: ["club-sandwich-colonel"]},
                    battlefields=["lunchbox-last-stand", "sandwich-standoff"])
    state = plate_all(state, {0: ("lunch", army), 1: ("lunch", ["club-sandwich-colonel"])},
                      armies={0: army})
    assert state.actor == 0  # Spud 2 + Taco 3 = 5 < 7
    ch = RULES.choices(state, 0)
    instant = next(e for e in ch["moves"] if e["type"] == "instant")
    cases = instant["fields"][1]["cases"]
    assert sorted(cases["sugar-rush"]["one_of"]) == ["corporal-taco", "locked-and-loaded-spud"]
    assert cases["medic-mustard"]["one_of"] == ["corporal-taco"]  # a Lunch troop only
    assert cases["phd-pepper"]["one_of"] == ["locked-and-loaded-spud"]
    discard = next(e for e in ch["moves"] if e["type"] == "discard")
    assert discard["fields"][0]["one_of"] == ["corporal-taco"]
    rest = sorted(state.hands[0])
    assert discard["fields"][1]["cases"]["corporal-taco"] == {"subset_of": rest, "min": 1, "max": len(rest),
                                                              "ordered": False}
    two = {"type": "discard", "troop": "corporal-taco", "cards": ["sunny-side-egg", "medic-mustard"]}
    assert C.contains(ch, two) and two not in RULES.legal_moves(state, 0)
    assert RULES.moves_complete(state, 0) is False
    assert [type(e).__name__ for e in RULES.decide(state, 0, two)] == ["CardsDiscarded"]
