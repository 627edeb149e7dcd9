"""Bots: the heuristic bot plays from its view only and clearly beats random bots."""
from __future__ import annotations


from ftt_helpers import RULES, draw, ready
from services.foodtown_throwdown import GAME
from services.foodtown_throwdown.balance import play_game, versus_random
from services.foodtown_throwdown.bots import HeuristicBot


def test_the_game_declares_its_heuristic_bot_and_renderer():
    assert GAME.name == "foodtown-throwdown" and GAME.port == 20057 and not GAME.cooperative
    assert GAME.default_bot == "heuristic" and GAME.bots["heuristic"] is HeuristicBot
    assert GAME.rules.min_players == 2 and GAME.rules.max_players == 5


def test_the_heuristic_bot_completes_the_best_recipe_it_can():
    state = ready(recipes=["grilled-cheese", "cheeseburger", "nachos"],
                  hands={0: ["sourdough-loaf", "cheddar", "pulled-pork", "lettuce"]})
    state, _ = draw(state)
    view = RULES.view(state, 0)
    move = HeuristicBot(1).choose(view, view["legal_moves"])
    assert move["type"] == "complete" and move["recipe"] == "cheeseburger"


def test_the_heuristic_bot_always_returns_a_legal_move():
    for seed in range(3):
        state, _ = play_game([HeuristicBot(seed), HeuristicBot(seed + 1), HeuristicBot(seed + 2)], seed)
        assert RULES.is_terminal(state)


def test_the_heuristic_bot_clearly_beats_random_bots():
    # one heuristic bot (rotating seat) against random bots; fair shares 50% and 25%
    assert versus_random(2, 20, seed=5) >= 0.85
    assert versus_random(4, 20, seed=6) >= 0.6
