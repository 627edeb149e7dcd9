"""Random games for every player count and option set: what must hold in every game."""
from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import replace

import pytest

from services.foodie_forest.rules import RULES
from services.foodie_forest.rules.state import CHOOSING, PLAYING
from shared.codec import EventCodec

NAMES = ["ann", "bob", "cid", "dan", "eve"]
CODEC = EventCodec(RULES.event_types)


def _random_options(rng: random.Random) -> dict:
    options = {"recipe_choice": rng.choice(["simultaneous", "sequential"]),
               "trash_keeps_colour": rng.random() < 0.25}
    if rng.random() < 0.3:
        options["edition"] = "de-description"
    else:
        options["missing_cards"] = rng.choice(["herb", "herb", "zero"])
        options["scoring"] = rng.choice(["de-description", "de-description", "rulebook-text"])
    return options


CARD_TOKEN = re.compile(r'"([a-z]+-(?:\d+|herb))"')


def _cards_in(shown: dict, deck: set[str]) -> set[str]:
    """Card ids anywhere in a JSON-able value (keys included)."""
    return set(CARD_TOKEN.findall(json.dumps(shown))) & deck


def _check_views(state, events, known, deck_ids, rng):
    """Each seat sees only what it may know; views are JSON; hidden facts do not leak."""
    n = len(state.players)
    for seat in [*range(n), None]:
        mine = known[seat] if seat is not None else known["public"]
        view = RULES.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        leaked = _cards_in(view, deck_ids) - mine - known["public"]
        assert not leaked, (seat, leaked)
        if seat is not None:
            in_deal = state.phase in (CHOOSING, PLAYING)
            assert Counter(view["hand"]) == (Counter(state.hands[seat]) if in_deal else Counter())
        if not state.revealed and state.options.recipe_choice == "simultaneous":
            assert set(view["recipes"].values()) == {None}
            assert view["my_recipe"] == (state.chosen[seat] if seat is not None else None)
        for e in events:
            shown = RULES.event_view(e, seat)
            leaked = _cards_in(shown, deck_ids) - mine - known["public"]
            assert not leaked, (seat, type(e).__name__, leaked)
            if type(e).__name__ == "RecipeChosen" and e.face_down and e.seat != seat:
                assert "recipe" not in shown
            if type(e).__name__ == "CardsDealt":
                assert "set_aside" not in shown and "hands" not in shown
    # non-interference: change what one seat may not know; its view must not change
    if state.phase in (CHOOSING, PLAYING):
        seat = rng.randrange(n)
        zones = [list(state.hands[t]) for t in range(n)] + [list(state.set_aside)]
        others = [z for z in range(n + 1) if z != seat and zones[z]]
        if len(others) >= 2:
            a, b = rng.sample(others, 2)
            i, j = rng.randrange(len(zones[a])), rng.randrange(len(zones[b]))
            zones[a][i], zones[b][j] = zones[b][j], zones[a][i]
        chosen = list(state.chosen)
        if not state.revealed and state.options.recipe_choice == "simultaneous":
            for t in range(n):
                if t != seat and chosen[t] is not None:
                    chosen[t] = rng.choice(state.recipes_left[t])
        other = replace(state, hands=tuple(tuple(z) for z in zones[:n]),
                        set_aside=tuple(zones[n]), chosen=tuple(chosen))
        assert RULES.view(other, seat) == RULES.view(state, seat)


def play_random_game(seed: int, count: int, check_views: float, check_codec: bool):
    """One game of random legal moves; `check_views` is the share of steps whose views and
    event views are checked for leaks."""
    rng = random.Random(seed)
    players = NAMES[:count]
    options = _random_options(rng)
    initial = RULES.initial_state(players, options)
    state = initial
    log = []
    deck = state.options.table().deck
    deck_ids = set(deck)
    known = {s: set() for s in range(count)} | {None: set(), "public": set()}

    def apply(events):
        nonlocal state
        for e in events:
            state = RULES.evolve(state, e)
            log.append(e)
            name = type(e).__name__
            if name == "CardsDealt":
                for s in range(count):
                    known[s] |= set(e.hands[s])
            elif name == "CardPlayed":
                known["public"].add(e.card)

    apply(RULES.start(state))
    steps = 0
    while not RULES.is_terminal(state):
        steps += 1
        assert steps < 2000, "the game does not end"
        node = RULES.chance(state)
        if node is not None:
            assert RULES.to_act(state) == frozenset()
            order = list(node.cards)
            rng.shuffle(order)
            events = RULES.resolve_chance(state, order)
        else:
            acting = sorted(RULES.to_act(state))
            assert acting, "nobody may act and no shuffle is pending"
            seat = rng.choice(acting)
            moves = RULES.legal_moves(state, seat)
            assert moves
            for idle in set(range(count)) - set(acting):
                assert RULES.legal_moves(state, idle) == []
            events = RULES.decide(state, seat, rng.choice(moves))
        apply(events)
        # the 52 cards are all somewhere during a deal: counted at every step, compared card
        # by card when the deal is scored
        if state.phase in (CHOOSING, PLAYING):
            assert len(state.set_aside) + len(state.trick) + sum(map(len, state.hands)) + sum(
                map(len, state.taken)) == len(deck)
        if any(type(e).__name__ == "DealScored" for e in events):
            where = list(state.set_aside) + list(state.put_aside)
            for s in range(count):
                where += list(state.hands[s]) + list(state.taken[s])
            assert sorted(where) == list(deck)
        assert all(p >= 0 for p in state.points)
        if check_views and rng.random() < check_views:
            _check_views(state, events, known, deck_ids, rng)

    names = [type(e).__name__ for e in log]
    assert names.count("CardsDealt") == 5 and names.count("DealScored") == 5
    assert names[-1] == "GameEnded" and names.count("GameEnded") == 1
    points = (5,) * count
    for scored in (e for e in log if type(e).__name__ == "DealScored"):
        points = tuple(max(0, p + g) for p, g in zip(points, scored.gains))
        assert scored.points == points
    result = RULES.result(state)
    assert result.points == points
    best = max(points)
    assert [p for p, place in zip(result.players, result.placings) if place == 1] == [
        players[s] for s in range(count) if points[s] == best]
    # replaying the events rebuilds the live state, also through the codec and JSON
    replayed = initial
    for e in log:
        replayed = RULES.evolve(replayed, e)
    assert replayed == state
    if check_codec:
        wire = json.loads(json.dumps([CODEC.encode(e) for e in log]))
        decoded = [CODEC.decode(r) for r in wire]
        assert decoded == log
        replayed = RULES.initial_state(players, options)
        for e in decoded:
            replayed = RULES.evolve(replayed, e)
        assert replayed == state
    return state


# make test plays the first 60 seeds of each count (views and the codec checked on the first
# ones); make test-slow goes on from there (the same checks over 2,940 more games a count).
FAST_SEEDS = 60


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_random_games_end_after_five_deals_conserving_cards_and_hiding_hands(count):
    for seed in range(FAST_SEEDS):
        views = 1.0 if seed < 4 else 0.1 if seed < 24 else 0.0
        play_random_game(seed * 10 + count, count, check_views=views, check_codec=seed < 25)


@pytest.mark.slow
@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_many_random_games_keep_every_invariant(count):
    for seed in range(FAST_SEEDS, 3000):
        play_random_game(seed * 10 + count, count, check_views=0.2 if seed % 5 == 0 else 0.0,
                         check_codec=seed % 2 == 0)
