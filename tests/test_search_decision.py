"""How the search bot (shared/search.py) decides among its candidates once each has been played
out: by votes (each sample's best), or by the mean value with a margin (`mean_margin`, which
Forestaurant's strong team uses: its near-equal candidates split their votes and the heuristic's
move lost on noise). A one-step game whose move's value is the number it carries shows the rule
alone."""
from __future__ import annotations

from shared.search import SearchBot


class OneStep:
    """Rules where a move is the whole game: its state is the move's value."""

    def decide(self, state, seat, move):
        return [move["v"]]

    def evolve(self, state, event):
        return event

    def is_terminal(self, state):
        return True


class Sampler:
    def sample(self, view, rng):
        return 0.0

    def horizon(self, start, state):
        return True

    def value(self, state, seat):
        return state


class Prior:
    """The heuristic: always the first legal move."""

    def choose(self, view, legal_moves):
        return legal_moves[0]


def decided(values: list[float], **how) -> float:
    bot = SearchBot(OneStep(), Sampler(), seed=1, budget_ms=None, playouts=8 * len(values), prior=Prior(), **how)
    return bot.choose({"seat": 0}, [{"v": v} for v in values])["v"]


def test_given_a_mean_margin_the_priors_move_stays_unless_another_is_better_by_more_than_it():
    # the heuristic's move is worth 0.50
    assert decided([0.50, 0.51], mean_margin=0.02) == 0.50  # better by 0.01: not enough
    assert decided([0.50, 0.53], mean_margin=0.02) == 0.53  # better by 0.03: taken
    assert decided([0.50, 0.40], mean_margin=0.02) == 0.50


def test_given_no_mean_margin_the_votes_decide_and_a_move_that_wins_every_sample_is_taken():
    # every sample's best is the second move: all the votes are its, far past the prior's margin
    assert decided([0.50, 0.51]) == 0.51
    assert decided([0.50, 0.40]) == 0.50
