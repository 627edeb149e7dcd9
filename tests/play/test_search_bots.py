"""The search bot of every game (shared/search.py with the game's search.py): it plays legal
moves, it builds its samples from the seat's view alone (a sample shows that seat exactly the
view it was built from), and it never peeks: the same view over two different hidden deals
gives the same move for the same seed. Its levels (easy, normal, strong) and budget."""
from __future__ import annotations

import importlib
import random

import pytest

from apps.bots.base import LEVELS, level_kind, make_bot
from shared import games
from shared.search import HeuristicPolicy, SearchBot

SEARCHING = ["food-fight", "foodie-forest", "foodtown-throwdown", "forestaurant"]
SEARCHING = [g for g in SEARCHING if "strong" in games.get(g).bots]
COUNTS = {"food-fight": (2, 4), "foodie-forest": (2, 4), "foodtown-throwdown": (2, 4), "forestaurant": (2, 4)}
CHEAP = {"budget_ms": None, "playouts": 1}  # the tests' budget: one sample, deterministic


def sampler(game: str):
    package = type(games.get(game).rules).__module__.rsplit(".rules", 1)[0]
    return importlib.import_module(f"{package}.search").SAMPLER


def decisions(game: str, players: int, seed: int, limit: int):
    """(state, seat) at the first `limit` decisions of a game the normal bots play."""
    rules = games.get(game).rules
    names = [f"p{i}" for i in range(players)]
    state = rules.initial_state(names, {})
    for e in rules.start(state):
        state = rules.evolve(state, e)
    rng = random.Random(seed)
    bots = [make_bot(game, "normal", seed=s) for s in range(players)]
    found = 0
    while not rules.is_terminal(state) and found < limit:
        node = rules.chance(state)
        if node is not None:
            order = list(node.cards)
            rng.shuffle(order)
            events = rules.resolve_chance(state, order)
        else:
            seat = names.index(rules.view(state, None)["to_act"][0])
            legal = rules.legal_moves(state, seat)
            yield state, seat
            found += 1
            events = rules.decide(state, seat, bots[seat].choose(rules.view(state, seat), legal))
        for e in events:
            state = rules.evolve(state, e)


def searched(game: str, players: int, seed: int, limit: int):
    """The decisions the game's search bot searches (Food Fight: its Instant rounds), among the
    first `limit` with a choice."""
    rules = games.get(game).rules
    searches = getattr(sampler(game), "searches", lambda view: True)
    for state, seat in decisions(game, players, seed, 400):
        view = rules.view(state, seat)
        if len(view["legal_moves"]) > 1 and searches(view):
            yield state, seat
            limit -= 1
            if limit == 0:
                return


def searcher(game: str, seed: int) -> SearchBot:
    """The game's strong bot, on the tests' budget."""
    return make_bot(game, "strong", seed=seed, **CHEAP)


def hidden_of(state, seat: int):
    """What the seat does not see: every other hand (enough to tell two deals apart)."""
    return tuple(h for s, h in enumerate(state.hands) if s != seat)


@pytest.mark.parametrize("game", SEARCHING)
def test_every_game_with_a_search_bot_offers_it_as_strong(game):
    assert level_kind(game, "strong") == "strong"
    assert isinstance(make_bot(game, "strong", seed=1), SearchBot)


@pytest.mark.parametrize("game", SEARCHING)
@pytest.mark.parametrize("players", [2, 4])
def test_a_sample_shows_the_seat_exactly_the_view_it_was_built_from(game, players):
    rules = games.get(game).rules
    for i, (state, seat) in enumerate(decisions(game, players, seed=players, limit=40)):
        view = rules.view(state, seat)
        sample = sampler(game).sample(view, random.Random(i))
        assert rules.view(sample, seat) == view
        assert rules.legal_moves(sample, seat) == rules.legal_moves(state, seat)


@pytest.mark.parametrize("game", SEARCHING)
def test_the_same_view_over_two_hidden_deals_gives_the_same_move_for_the_same_seed(game):
    rules = games.get(game).rules
    compared = 0
    for state, seat in searched(game, 3 if game != "food-fight" else 4, seed=5, limit=30):
        view = rules.view(state, seat)
        # given another deal of the cards the seat cannot see, with the same view for it
        other = sampler(game).sample(view, random.Random(99))
        if hidden_of(other, seat) == hidden_of(state, seat):
            continue
        assert rules.view(other, seat) == view
        # when the same bot (same seed) chooses at each table
        first = searcher(game, seed=7).choose(rules.view(state, seat), rules.legal_moves(state, seat))
        second = searcher(game, seed=7).choose(rules.view(other, seat), rules.legal_moves(other, seat))
        # then it plays the same, legal, move
        assert first == second
        assert first in rules.legal_moves(state, seat)
        compared += 1
        if compared == 2:
            break
    assert compared == 2


@pytest.mark.parametrize("game", SEARCHING)
def test_the_search_bot_plays_only_legal_moves(game):
    rules = games.get(game).rules
    bot = searcher(game, seed=3)
    for state, seat in searched(game, 2, seed=11, limit=8):
        legal = rules.legal_moves(state, seat)
        move = bot.choose(rules.view(state, seat), legal)
        assert move in legal
        rules.decide(state, seat, move)  # the rules accept it


def test_levels_are_random_the_games_heuristic_and_its_search_bot():
    game = "foodie-forest"
    assert LEVELS == ("easy", "normal", "strong")
    assert level_kind(game, "easy") == "random"
    assert level_kind(game, "normal") == games.get(game).default_bot == "heuristic"
    assert type(make_bot(game, "strong", seed=1)).__name__ == "SearchBot"
    with pytest.raises(ValueError, match="no bot level 'hard'"):
        level_kind(game, "hard")


def test_a_search_bot_stops_at_its_playout_budget_and_takes_choices_as_an_optional_argument():
    game = "foodie-forest"
    rules = games.get(game).rules
    state, seat = next(s for s in decisions(game, 4, seed=2, limit=40) if len(s[0].hands[s[1]]) > 3
                       and len(rules.legal_moves(*s)) > 1)
    bot = make_bot(game, "strong", seed=1, budget_ms=None, playouts=10)
    legal = rules.legal_moves(state, seat)
    move = bot.choose(rules.view(state, seat), legal, choices=None)
    assert move in legal
    # whole samples: every candidate once per sample, until the budget is reached
    assert bot.last.playouts >= 10 and bot.last.playouts < 10 + len(legal) + 1


@pytest.mark.parametrize("game", SEARCHING)
def test_a_taken_over_seat_plays_the_search_bot_on_a_budget_every_replica_shares(game):
    from shared.runtime.bootstrap import _takeover_bot
    from shared.search import TAKEOVER_PLAYOUTS

    bot = _takeover_bot(games.get(game))(seed=12345)
    assert isinstance(bot, SearchBot)
    # no wall-time cap: replicas racing on one timeout decide the same move whatever their load
    assert bot.budget_ms is None and bot.playouts == TAKEOVER_PLAYOUTS


@pytest.mark.parametrize("game", [g for g in SEARCHING if hasattr(sampler(g), "first_to_act")])
def test_a_playout_asks_first_the_seat_the_table_asks_first(game):
    """Forestaurant: "every other seat ... may answer once" before the cook commits; a playout
    that asked the cook first would see every proposal withdrawn before any offer."""
    rules = games.get(game).rules
    several = 0
    for state, seat in decisions(game, 3, seed=1, limit=300):
        # given a table where the view's `to_act` puts `seat` first, the playout asks it first
        assert sampler(game).first_to_act(state) == seat
        several += len(rules.to_act(state)) > 1
    assert several  # some of them with several seats to act


@pytest.mark.parametrize("game", ["foodtown-throwdown", "forestaurant"])
def test_heuristic_playouts_play_each_seats_heuristic_on_the_sampled_states_view(game):
    rules = games.get(game).rules
    heuristic = games.get(game).bots["heuristic"]
    shown = []

    class Watched:
        def __init__(self, seed):
            self.bot = heuristic(seed)

        def choose(self, view, legal):
            shown.append(view)
            return self.bot.choose(view, legal)

    for state, seat in decisions(game, 3, seed=2, limit=20):
        legal = rules.legal_moves(state, seat)
        # given the policy without random moves, then the seat's heuristic on that state's view
        policy = HeuristicPolicy(rules, Watched, epsilon=0.0)
        policy.reset(random.Random(1))
        shown.clear()
        expected = heuristic(f"{policy.seed}/{seat}").choose(rules.view(state, seat), legal)
        assert policy(state, seat, legal, random.Random(2)) == expected
        assert shown == ([rules.view(state, seat)] if len(legal) > 1 else [])
        # given only random moves, then a uniformly random legal move of the search's numbers
        policy = HeuristicPolicy(rules, heuristic, epsilon=1.0)
        policy.reset(random.Random(1))
        if len(legal) > 1:
            numbers = random.Random(2)
            numbers.random()  # the draw that decides on a random move
            assert policy(state, seat, legal, random.Random(2)) == numbers.choice(legal)


@pytest.mark.parametrize("common", [True, False])
def test_with_common_random_numbers_the_same_move_twice_is_valued_the_same(common):
    game = "foodtown-throwdown"
    rules = games.get(game).rules
    bot = make_bot(game, "strong", seed=3, budget_ms=None, playouts=8)
    bot.common_random = common
    differed = 0
    for state, seat in searched(game, 2, seed=6, limit=6):
        view, legal = rules.view(state, seat), rules.legal_moves(state, seat)
        # given a candidate list that holds one move twice
        bot.candidates = lambda view, legal, rng: [legal[0], legal[0]]
        bot.prior = None
        bot.choose(view, legal)
        # then with common random numbers both playouts of every sample meet the same luck
        first, second = bot.last.means
        if common:
            assert first == second
        differed += first != second
    assert common or differed  # without them, the noise the common numbers take away
