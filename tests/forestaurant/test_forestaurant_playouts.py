"""Random games for every player count and difficulty: what must hold in every state."""
from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from forestaurant_helpers import CAT, NAMES, RULES, clouds_total
from services.forestaurant.moves import MOVES
from services.forestaurant.rules.events import CardsDrawn, DeckShuffled, HandsDealt
from services.forestaurant.rules.state import SETUP, SHUFFLING
from shared.codec import EventCodec
from shared.rules import IllegalMove, NotYourTurn

CODEC = EventCodec(RULES.event_types)
ANIMALS, MENUS = Counter(CAT.animal_deck), Counter(CAT.menu_deck)
TOKENS = Counter(CAT.piles["vegetables"] + CAT.piles["meats"])


def conserved(state) -> None:
    assert clouds_total(state) == 12
    if state.phase in (SETUP, SHUFFLING):
        return
    animals = Counter(state.animal_deck + state.animal_discard + state.out_of_game)
    for h in state.hands:
        animals.update(h)
    for t in state.tables:
        if t.guest:
            animals[t.guest] += 1
    for row in state.satisfied:
        animals.update(row)
    if state.shuffles[0]:
        assert animals == ANIMALS
    if state.shuffles[1]:
        menus = Counter(state.menu_deck + state.menu_discard + state.menus_aside)
        menus.update(t.menu for t in state.tables if t.menu)
        assert menus == MENUS
    if state.shuffles[3]:
        tokens = Counter(state.piles[0] + state.piles[1] + state.pile_discards[0] + state.pile_discards[1])
        for s in state.storage:
            tokens.update(s)
        assert tokens == TOKENS
    for t in state.tables:
        assert 0 <= t.clouds <= 2
        assert (t.guest is None) == (t.status == "empty")
    assert 0 <= state.stars <= 5 and state.mushrooms >= 0


def hidden_variant(state, seat, rng):
    """The state with everything `seat` may not know changed: other hands (swapped with the
    animal deck, sizes kept) and every deck's order below what lies face up."""
    others = [s for s in state.seats if s != seat]
    pool = list(state.animal_deck)
    for s in others:
        pool += state.hands[s]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = CAT.sort_animals(pool[:len(hands[s])]), pool[len(hands[s]):]
    menus = list(state.menu_deck[1:])
    rng.shuffle(menus)
    piles = tuple(tuple(rng.sample(p, len(p))) for p in state.piles)
    return replace(state, hands=tuple(hands), animal_deck=tuple(pool),
                   menu_deck=state.menu_deck[:1] + tuple(menus), piles=piles)


def event_variant(event, seat, rng):
    if isinstance(event, DeckShuffled):
        return replace(event, order=tuple(rng.sample(event.order, len(event.order))))
    if isinstance(event, HandsDealt):
        pool = [c for s, h in enumerate(event.hands) if s != seat for c in h]
        rng.shuffle(pool)
        hands = []
        for s, h in enumerate(event.hands):
            if s == seat:
                hands.append(h)
            else:
                hands.append(tuple(pool[:len(h)]))
                pool = pool[len(h):]
        return replace(event, hands=tuple(hands))
    if isinstance(event, CardsDrawn) and event.seat != seat:
        return replace(event, cards=tuple(rng.choice(CAT.animal_deck) for _ in event.cards))
    return event


def check_views(state, events, rng) -> None:
    for seat in [*state.seats, None]:
        view = RULES.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        if seat is not None:
            assert Counter(view["hand"]) == Counter(state.hands[seat])
            assert RULES.view(hidden_variant(state, seat, rng), seat) == view
        for e in events:
            shown = RULES.event_view(e, seat)
            data = shown if isinstance(shown, dict) else CODEC.encode(shown)
            json.dumps(data)
            other = RULES.event_view(event_variant(e, seat, rng), seat)
            assert (other if isinstance(other, dict) else CODEC.encode(other)) == data, type(e).__name__


def illegal_samples(state, seat, legal, rng):
    hand = state.hands[seat]
    missing = sorted(set(CAT.animal_deck) - set(hand))
    out = []
    if any(m["type"] == "purchase" for m in legal) and missing:
        out.append({"type": "purchase", "card": rng.choice(missing)})
    if any(m["type"] == "resolve_event" for m in legal):
        done = [t for t in range(9) if t not in state.events_left]
        if done:
            out.append({"type": "resolve_event", "table": rng.choice(done)})
    out.append({"type": "discard_ingredient", "token": "fish"} if state.phase != "discard" else
               {"type": "seat", "table": 0, "card": "hare-1"})
    return out


def playout(n, seed, options, check_every=1, picker=None):
    rng = random.Random(seed)
    state = RULES.initial_state(list(NAMES[:n]), options)
    events = RULES.start(state)
    log = list(events)
    for e in events:
        state = RULES.evolve(state, e)
    steps = 0
    while not RULES.is_terminal(state):
        node = RULES.chance(state)
        if node is not None:
            order = list(node.cards)
            rng.shuffle(order)
            events = RULES.resolve_chance(state, order)
        else:
            acting = sorted(RULES.to_act(state))
            assert acting, state.phase
            seat = rng.choice(acting)
            legal = RULES.legal_moves(state, seat)
            assert legal
            if steps % check_every == 0:
                for m in legal:
                    assert MOVES.check(m) == m or True
                    RULES.decide(state, seat, m)
                for bad in illegal_samples(state, seat, legal, rng):
                    with pytest.raises((IllegalMove, NotYourTurn)) as err:
                        RULES.decide(state, seat, bad)
                    assert str(err.value)
                for other in set(state.seats) - set(acting):
                    assert RULES.legal_moves(state, other) == []
                    with pytest.raises((IllegalMove, NotYourTurn)):
                        RULES.decide(state, other, legal[0])
            move = picker(state, seat, legal, rng) if picker else rng.choice(legal)
            MOVES.check(json.loads(json.dumps(move)))
            events = RULES.decide(state, seat, json.loads(json.dumps(move)))
        for e in events:
            assert CODEC.decode(json.loads(json.dumps(CODEC.encode(e)))) == e
            state = RULES.evolve(state, e)
            conserved(state)
        if steps % check_every == 0:
            check_views(state, events, rng)
        log += events
        steps += 1
        assert steps < 5000
    # replay equals live
    replayed = RULES.initial_state(list(NAMES[:n]), options)
    for e in log:
        replayed = RULES.evolve(replayed, CODEC.decode(CODEC.encode(e)))
    assert replayed == state
    res = RULES.result(state)
    assert res.team_won is state.won and set(res.placings) == {1}
    return state, log


def _prefer_progress(state, seat, legal, rng):
    """A random player that prefers cooking, orders and help: it reaches reshuffles and wins."""
    rank = {"cook": 0, "commit_cook": 0, "offer_help": 1, "take_order": 2, "propose_cook": 3}
    best = min(rank.get(m["type"], 5) for m in legal)
    pool = [m for m in legal if rank.get(m["type"], 5) == best] if rng.random() < 0.8 else legal
    return rng.choice(pool)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_random_games_end_conserve_and_hide(n):
    ends = Counter()
    for seed in range(6):
        options = [{}, {"difficulty": "easy"}, {"difficulty": "hard"}][seed % 3]
        state, _ = playout(n, seed * 10 + n, options, check_every=1 if seed < 3 else 3,
                           picker=_prefer_progress if seed % 2 else None)
        ends[state.end_reason] += 1
    assert sum(ends.values()) == 6


def _team_bot_picker():
    from services.forestaurant.bots import HeuristicBot
    bots = {}

    def pick(state, seat, legal, rng):
        bot = bots.setdefault(seat, HeuristicBot(seed=seat))
        return bot.choose(RULES.view(state, seat), legal)
    return pick


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_team_bot_games_reach_reshuffles_and_still_conserve_and_hide(n):
    ends = Counter()
    for seed in range(2):
        state, log = playout(n, 100 + seed * 7 + n, {}, check_every=4, picker=_team_bot_picker())
        ends[state.end_reason] += 1
    assert sum(ends.values()) == 2
