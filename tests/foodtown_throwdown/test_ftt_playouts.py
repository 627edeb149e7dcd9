"""Random games for every player count: what must hold in every game."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from ftt_helpers import CAT, RULES
from services.foodtown_throwdown.bots import HeuristicBot
from services.foodtown_throwdown.moves import MOVES
from shared.codec import EventCodec
from shared.rules import IllegalMove, NotYourTurn

NAMES = ["p0", "p1", "p2", "p3", "p4"]
CODEC = EventCodec(RULES.event_types)
ALL_IDS = set(CAT.cards) | set(CAT.recipes)
PLAY = Counter(CAT.play_deck)
RECIPES = Counter(CAT.recipe_deck)


def _ids_in(value) -> set[str]:
    found: set[str] = set()

    def walk(v):
        if isinstance(v, str):
            if v in ALL_IDS:
                found.add(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                walk(k)
                walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
    walk(value)
    return found


def _public(state) -> set[str]:
    ids = set(state.discard) | set(state.display) | set(state.closed)
    for s in state.seats:
        ids |= set(state.tables[s])
        for r, cards in state.menus[s]:
            ids.add(r)
            ids |= set(cards)
    return ids


def _conserved(state) -> None:
    if not state.hands:
        return
    play = Counter(state.play_deck) + Counter(state.discard)
    recipes = Counter(state.recipe_deck) + Counter(state.display) + Counter(state.closed)
    for s in state.seats:
        play += Counter(state.hands[s]) + Counter(state.tables[s])
        for r, cards in state.menus[s]:
            recipes[r] += 1
            play += Counter(cards)
    if state.recipe_deck or state.display or any(state.menus):
        assert recipes == RECIPES
    if state.play_deck or any(state.hands):
        assert play == PLAY, (play - PLAY, PLAY - play)


def _check_events(state, events, known):
    for seat in [*state.seats, None]:
        mine = known.get(seat, set()) | known["public"]
        for e in events:
            shown = RULES.event_view(e, seat)
            assert json.loads(json.dumps(shown)) == shown
            leaked = _ids_in(shown) - mine
            assert not leaked, (seat, type(e).__name__, leaked)


def _check_views(state, events, known):
    n = len(state.players)
    public = known["public"]
    for seat in [*range(n), None]:
        mine = known.get(seat, set()) | public
        view = RULES.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        leaked = _ids_in(view) - mine
        assert not leaked, (seat, leaked)
        text = json.dumps(view)
        if len(state.play_deck) >= 3:
            assert json.dumps(list(state.play_deck[:3]))[1:-1] not in text
        if seat is not None and state.hands:
            assert Counter(view["hand"]) == Counter(state.hands[seat])


def _illegal_samples(state, rng):
    """(seat, move) pairs the rules must refuse."""
    actors = RULES.to_act(state)
    others = [s for s in state.seats if s not in actors]
    out = []
    if others:
        out.append((rng.choice(others), {"type": "pass"}))
    seat = next(iter(actors))
    missing = [c for c in CAT.cards if c not in state.hands[seat]]
    out.append((seat, {"type": "play", "card": rng.choice(missing)}))
    gone = [r for r in CAT.recipes if r not in state.display]
    out.append((seat, {"type": "complete", "recipe": rng.choice(gone)}))
    if state.phase == "main":
        out.append((seat, {"type": "draw"}))
    return out


def _play(n: int, seed: int, heuristic: bool = False):
    rng = random.Random(seed)
    bot = HeuristicBot(seed)
    state = RULES.initial_state(NAMES[:n], {"max_rounds": 25})
    log = list(RULES.start(state))
    for e in log:
        state = RULES.evolve(state, e)
    known = {"public": set()}
    steps = 0
    while not RULES.is_terminal(state):
        steps += 1
        assert steps < 5000
        node = RULES.chance(state)
        if node is not None:
            order = list(node.cards)
            rng.shuffle(order)
            events = RULES.resolve_chance(state, order)
        else:
            actors = RULES.to_act(state)
            assert len(actors) == 1
            seat = next(iter(actors))
            legal = RULES.legal_moves(state, seat)
            assert legal
            for m in legal:
                assert MOVES.check(m) == m
            for m in rng.sample(legal, min(3, len(legal))):
                RULES.decide(state, seat, m)  # every listed move is accepted
            if rng.random() < 0.2:
                for s, bad in _illegal_samples(state, rng):
                    with pytest.raises((IllegalMove, NotYourTurn)) as err:
                        RULES.decide(state, s, bad)
                    assert str(err.value)
            if heuristic:
                move = bot.choose(RULES.view(state, seat), legal)
            else:
                kinds = sorted({m["type"] for m in legal})
                kind = rng.choice(kinds)
                move = rng.choice([m for m in legal if m["type"] == kind])
            events = RULES.decide(state, seat, move)
        for e in events:
            assert CODEC.decode(json.loads(json.dumps(CODEC.encode(e)))) == e
            state = RULES.evolve(state, e)
        log += events
        _conserved(state)
        known["public"] |= _public(state)
        for s in state.seats:
            known.setdefault(s, set()).update(state.hands[s] if state.hands else ())
        _check_events(state, events, known)
        if steps % 7 == 0 or RULES.is_terminal(state):
            _check_views(state, events, known)
    # replaying the events gives the same state
    replay = RULES.initial_state(NAMES[:n], {"max_rounds": 25})
    for e in log:
        replay = RULES.evolve(replay, e)
    assert replay == state
    res = RULES.result(state)
    assert res is not None and len(res.placings) == n and min(res.placings) == 1
    return state


# make test plays 4 random games a count; make test-slow 36 more (the same checks)
FAST_SEEDS = 4


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_end_conserve_cards_accept_legal_moves_and_leak_nothing(n):
    reasons = Counter()
    for seed in range(FAST_SEEDS):
        state = _play(n, 1000 * n + seed)
        reasons[state.end_reason] += 1
    assert sum(reasons.values()) == FAST_SEEDS


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_many_random_games_keep_every_invariant(n):
    for seed in range(FAST_SEEDS, 40):
        _play(n, 1000 * n + seed)


@pytest.mark.parametrize("n", [2, 4, 5])
def test_heuristic_games_end_by_stars_and_keep_every_invariant(n):
    reasons = Counter(_play(n, 77 * n + seed, heuristic=True).end_reason for seed in range(4))
    assert reasons["stars"] >= 3, reasons


def test_the_leak_check_can_fail():
    """The view check notices another seat's hand (a self-test of the test)."""
    state = RULES.initial_state(NAMES[:3], {})
    for e in RULES.start(state):
        state = RULES.evolve(state, e)
    rng = random.Random(1)
    while RULES.chance(state) is not None:
        order = list(RULES.chance(state).cards)
        rng.shuffle(order)
        for e in RULES.resolve_chance(state, order):
            state = RULES.evolve(state, e)
    known = {"public": _public(state), 0: set(state.hands[0])}
    import services.foodtown_throwdown.rules.view as v
    original = v.view
    try:
        v.view = lambda st, seat: {**original(st, seat), "all": [list(h) for h in st.hands]}
        type(RULES).view = staticmethod(v.view)
        with pytest.raises(AssertionError):
            _check_views(state, [], known)
    finally:
        type(RULES).view = staticmethod(original)
