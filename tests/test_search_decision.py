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


class Noisy(OneStep):
    """A move's value is its number plus its `noise` times the sample's luck (-1..1): with common
    random numbers a move without noise leads the prior's by the same amount in every sample."""

    def decide(self, state, seat, move):
        return [(move["v"], move.get("noise", 0.0))]

    def evolve(self, state, event):
        v, noise = event
        return v + noise * state


class LuckSampler(Sampler):
    def sample(self, view, rng):
        return rng.uniform(-1, 1)


def decided_noisy(moves: list[dict], samples: int = 16, **how) -> dict:
    bot = SearchBot(Noisy(), LuckSampler(), seed=1, budget_ms=None, playouts=samples * len(moves),
                    prior=Prior(), common_random=True, **how)
    return bot.choose({"seat": 0}, moves)


def test_given_a_mean_z_a_lead_every_sample_shows_is_taken_and_one_that_swings_is_not():
    prior = {"v": 0.50}
    steady = {"v": 0.55}
    swinging = {"v": 0.55, "noise": 1.0}  # the same mean lead, but its sign changes from sample to sample
    # the margin alone takes both (the swinging one's 16 samples happen to lead by more than 0.02)
    assert decided_noisy([prior, steady], mean_margin=0.02) == steady
    assert decided_noisy([prior, swinging], mean_margin=0.02) == swinging
    # two standard errors of the per-sample lead: the steady lead has none, the swinging one too many
    assert decided_noisy([prior, steady], mean_margin=0.02, mean_z=2.0) == steady
    assert decided_noisy([prior, swinging], mean_margin=0.02, mean_z=2.0) == prior
