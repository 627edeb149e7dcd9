"""The bots in-process with the pure rules: the interface, legality, what a bot is shown, and
the heuristic bot beating the random one."""
from __future__ import annotations

import pytest

from apps.bots import Bot, RandomBot, bot_kinds, make_bot
from apps.bots.arena import play_game, win_rate


class Recording:
    """Wraps a bot; checks every call gets the seat's own view and its legal moves."""

    def __init__(self, bot, seat: int):
        self.bot, self.seat, self.calls = bot, seat, 0

    def choose(self, view, legal_moves):
        self.calls += 1
        assert view["seat"] == self.seat and view["you"] == view["players"][self.seat]
        assert legal_moves == view["legal_moves"] and legal_moves
        assert "hands" not in view and isinstance(view["hand"], list)
        move = self.bot.choose(view, legal_moves)
        assert move in legal_moves
        return move


def test_the_bot_interface_is_one_method_for_every_game(monkeypatch):
    monkeypatch.setenv("FOODGAMES_EXTRA_GAMES", "tests.games.counter:GAME")
    for kind in bot_kinds("foodie-forest"):
        assert isinstance(make_bot("foodie-forest", kind, seed=1), Bot)
    assert set(bot_kinds("foodie-forest")) >= {"random", "heuristic"}
    # a game that brings no bot of its own is played by the game-free bots
    assert bot_kinds("counter") == ["first", "random"]
    with pytest.raises(ValueError, match="no 'clever' bot"):
        make_bot("foodie-forest", "clever")
    with pytest.raises(ValueError):
        RandomBot(1).choose({}, [])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bots_finish_games_seeing_only_their_own_view(players, kind):
    bots = [Recording(make_bot("foodie-forest", kind, seed=f"{players}/{s}"), s) for s in range(players)]
    played = play_game("foodie-forest", bots, seed=f"t{players}{kind}")
    assert played.result is not None and len(played.result.points) == players
    assert all(b.calls > 10 for b in bots)


@pytest.mark.parametrize("options", [{"edition": "de-description"}, {"recipe_choice": "sequential"},
                                     {"trash_keeps_colour": True, "missing_cards": "zero"}])
def test_the_heuristic_bot_plays_every_option_set(options):
    bots = [make_bot("foodie-forest", "heuristic", seed=s) for s in range(4)]
    assert play_game("foodie-forest", bots, seed="opts", options=options).result is not None


def test_the_heuristic_bot_beats_random_bots_clearly():
    # docs/bots.md states the 1,000-game figure; this is a quick check of the same thing
    figures = win_rate("foodie-forest", "heuristic", "random", players=4, games=80, seed=11)
    assert figures["win_rate"] >= 0.5, figures  # fair share is 0.25
    assert figures["mean_points"] > 1.5 * figures["opponents_mean_points"], figures


def test_the_heuristic_bot_takes_a_pot_that_scores_for_it():
    view = {"game": "foodie-forest", "options": {}, "players": ["ann", "bob"], "you": "ann", "seat": 0,
            "phase": "playing", "hand": ["bug-1", "bug-5"], "my_recipe": "bug",
            "recipes": {"ann": "bug", "bob": "fruit"}, "hand_sizes": {"ann": 2, "bob": 3},
            "trick": {"cards": [{"player": "bob", "card": "bug-4"}, {"player": "bob", "card": "bug-2"}],
                      "total": 6, "required_colour": "bug", "leader": "bob"}}
    legal = [{"type": "play", "card": "bug-1"}, {"type": "play", "card": "bug-5"}]
    assert make_bot("foodie-forest", "heuristic", seed=1).choose(view, legal) == {"type": "play", "card": "bug-5"}
    # with the empty pot recipe it keeps out of the pot instead
    view = dict(view, my_recipe="empty-pot", recipes={"ann": "empty-pot", "bob": "fruit"})
    assert make_bot("foodie-forest", "heuristic", seed=1).choose(view, legal) == {"type": "play", "card": "bug-1"}
