"""Random games for every player count: what must hold in every game."""
from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from services.food_fight.rules import RULES
from services.food_fight.rules.cards import catalogue
from services.food_fight.rules.state import Plate
from shared.codec import EventCodec
from shared.rules import RulesError

NAMES = ["ann", "bob", "cid", "dan", "eve", "fay"]
CODEC = EventCodec(RULES.event_types)
CAT = catalogue()


def conserved(state) -> None:
    """Every Main-deck card is in exactly one zone; Battlefields too; armies match plates."""
    zones = list(state.main) + list(state.discard)
    for s in state.seats:
        zones += list(state.hands[s]) + list(state.packets[s]) + list(state.picks[s])
        p = state.plates[s]
        if p is not None:
            zones += list(p.troops) + list(p.mascots)
    zones += [p.card for p in state.instants]
    assert Counter(zones) == Counter(CAT.main), Counter(zones) - Counter(CAT.main)
    bfs = list(state.bf_deck) + list(state.day_bfs) + list(state.stake) + [b for w in state.won for b in w]
    if state.shuffle_count("battlefields"):  # before set-up's shuffle they wait in the request
        assert Counter(bfs) == Counter(CAT.battlefields)
    assert sorted(state.dog_deck) in ([], sorted(CAT.dog))
    for f in state.fighters:
        if state.armies[f]:
            assert sorted(state.armies[f]) == sorted(state.plates[f].troops)
            shown = [r.card for r in state.reveals if r.seat == f]
            assert shown == list(state.armies[f][:len(shown)])
    assert sum(state.vp) == sum(CAT.cards[b].vp for w in state.won for b in w)


def _swap_hidden(state, seat: int, rng: random.Random):
    """The same game as `seat` sees it: other seats' hidden cards exchanged with the Main deck,
    every deck's order and every army's unrevealed order changed, unrevealed plates changed."""
    main = list(state.main)
    rng.shuffle(main)

    def swap(cards):
        cards = list(cards)
        for i in range(len(cards)):
            if main and rng.random() < 0.5:
                j = rng.randrange(len(main))
                cards[i], main[j] = main[j], cards[i]
        return tuple(cards)

    n = len(state.players)
    hands, packets, picks, plates, armies = [], [], [], list(state.plates), list(state.armies)
    for s in range(n):
        if s == seat:
            hands.append(state.hands[s]); packets.append(state.packets[s]); picks.append(state.picks[s])
            continue
        hands.append(swap(state.hands[s]))
        packets.append(swap(state.packets[s]))
        picks.append(swap(state.picks[s]))
    for s in range(n):
        p = state.plates[s]
        if p is None:
            continue
        shown = state.army_next[s] if s in state.fighters else 0
        if state.armies[s] and s in state.fighters:
            order = list(state.armies[s])
            hidden = order[shown:]
            rng.shuffle(hidden)  # nobody, the owner included, knows the unrevealed order
            armies[s] = tuple(order[:shown] + hidden)
        elif s != seat and not state.plates_revealed:
            troops = list(p.troops)
            rng.shuffle(troops)
            plates[s] = Plate(rng.choice(["breakfast", "lunch", "dinner"]), tuple(troops), p.mascots[::-1])
    bf = list(state.bf_deck)
    rng.shuffle(bf)
    dog = list(state.dog_deck)
    rest = dog[state.dog_top:]
    rng.shuffle(rest)
    return replace(state, main=tuple(main), hands=tuple(hands), packets=tuple(packets),
                   picks=tuple(picks), plates=tuple(plates), armies=tuple(armies),
                   bf_deck=tuple(bf), dog_deck=tuple(dog[:state.dog_top] + rest),
                   discard=tuple(rng.sample(state.discard, len(state.discard))))


SECRET_FIELDS = {"DeckShuffled": ("order", "positions"), "CardsDealt": ("hands",)}


def _check_views(state, events, rng):
    n = len(state.players)
    for seat in [*range(n), None]:
        view = RULES.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        for e in events:
            shown = RULES.event_view(e, seat)
            assert json.loads(json.dumps(shown)) == shown
            name = type(e).__name__
            for key in SECRET_FIELDS.get(name, ()):
                assert key not in shown, (name, key)
            if name == "ShuffleRequested":
                assert isinstance(shown["cards"], int)
            if name == "CardsDealt" and seat is not None:
                assert shown["hand"] == list(e.hands[seat])
            if name in ("CardPicked", "ArmyPlated") and seat != e.seat:
                assert "card" not in shown and "troops" not in shown and "meal" not in shown
    # non-interference: what a seat may not know can change without changing its view
    seat = rng.randrange(n)
    other = _swap_hidden(state, seat, rng)
    assert RULES.view(other, seat) == RULES.view(state, seat)
    assert RULES.view(_swap_hidden(state, -1, rng), None) == RULES.view(state, None)


def _illegal_sample(state, rng):
    """Moves that must be refused, with a reason."""
    n = len(state.players)
    acting = RULES.to_act(state)
    idle = [s for s in range(n) if s not in acting]
    tries = []
    if idle:
        tries.append((rng.choice(idle), {"type": "pass"}))
        tries.append((rng.choice(idle), {"type": "pick", "card": "private-pancake"}))
    if acting:
        seat = rng.choice(sorted(acting))
        absent = next(c for c in CAT.main if c not in state.hands[seat] and c not in state.packets[seat])
        tries += [(seat, {"type": "pick", "card": absent}),
                  (seat, {"type": "instant", "card": absent}),
                  (seat, {"type": "plate", "meal": "breakfast", "troops": [absent]}),
                  (seat, {"type": "discard", "troop": absent, "cards": [absent]})]
    for seat, move in tries:
        with pytest.raises(RulesError) as err:
            RULES.decide(state, seat, move)
        assert str(err.value)


def play_random_game(seed: int, count: int, check_share: float = 0.05, boot_camp=None):
    rng = random.Random(seed)
    options = {"boot_camp": rng.random() < 0.3 if boot_camp is None else boot_camp}
    if rng.random() < 0.3:
        options["non_native_tie"] = "all"
    initial = RULES.initial_state(NAMES[:count], options)
    state = initial
    log = []

    def apply(events):
        nonlocal state
        for e in events:
            state = RULES.evolve(state, e)
            log.append(e)

    apply(RULES.start(state))
    steps = 0
    while not RULES.is_terminal(state):
        steps += 1
        assert steps < 20000, "the game does not end"
        node = RULES.chance(state)
        if node is not None:
            assert RULES.to_act(state) == frozenset()
            assert node.k == state.shuffle_count(node.deck)
            order = list(node.cards)
            rng.shuffle(order)
            events = RULES.resolve_chance(state, order)
        else:
            acting = sorted(RULES.to_act(state))
            assert acting, f"nobody may act and no shuffle is pending ({state.phase})"
            seat = rng.choice(acting)
            legal = RULES.legal_moves(state, seat)
            assert legal and RULES.view(state, seat)["legal_moves"] == legal
            checking = rng.random() < check_share
            if checking:
                for move in legal:  # every legal move is accepted
                    RULES.decide(state, seat, move)
                _illegal_sample(state, rng)
            move = rng.choice(legal)
            events = RULES.decide(state, seat, move)
        before = len(log)
        apply(events)
        conserved(state)
        if rng.random() < check_share:
            _check_views(state, log[before:], rng)
    # replay from the log, through the codec, gives the same state
    replayed = initial
    for e in log:
        replayed = RULES.evolve(replayed, CODEC.decode(json.loads(json.dumps(CODEC.encode(e)))))
    assert replayed == state
    result = RULES.result(state)
    assert max(result.points) >= options.get("vp_to_win", 10) or "empty" in state.end_reason
    assert result.placings[result.points.index(max(result.points))] == 1
    return state, log


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_random_games_end_conserve_cards_hide_secrets_and_replay(count):
    for seed in range(6):
        play_random_game(1000 * count + seed, count)


def test_views_hide_another_seats_hand_and_army_order():
    """The non-interference check can fail: a view that showed bob's hand would change."""
    rng = random.Random(5)
    state, _ = play_random_game(3, 3)
    from ff_helpers import started
    state = started(("ann", "bob", "cid"))
    other = _swap_hidden(state, 0, rng)
    assert other.hands[1] != state.hands[1] or other.hands[2] != state.hands[2]
    assert RULES.view(other, 0) == RULES.view(state, 0)
    assert RULES.view(other, 1) != RULES.view(state, 1)
