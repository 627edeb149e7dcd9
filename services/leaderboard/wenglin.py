"""The rating update of two openskill models, as plain functions on (mu, sigma) pairs.

openskill's `rate` copies every rating object it is given (copy.deepcopy, and each copy
draws a uuid4), validates its arguments and builds team objects: about a quarter of the
consumer's CPU per rating went there (docs/benchmarks.md, "bench leaderboard", 2026-12-04). The
leaderboard uses the models with one fixed set of options - ranks, no scores, no weights, no
margin, no balance, no sigma limit, openskill's default kappa, epsilon and window - so the
update itself is a few lines of arithmetic per player. These functions compute exactly what
openskill 6's ThurstoneMostellerPart and PlackettLuce `rate` compute with those options, in
the same order of operations (tests/leaderboard/test_wenglin.py checks them against
openskill's own `rate` on thousands of random games). Any other model goes through openskill
(`OpenskillRater`).

A team is a sequence of (mu, sigma) pairs; ranks are one number per team, lower is better,
equal numbers tie. The result has the teams' shape and order.
"""
from __future__ import annotations

import math
import sys
from typing import Callable, Sequence

Team = Sequence[tuple[float, float]]
Rated = list[list[tuple[float, float]]]

# openskill's defaults for the options the leaderboard never sets
KAPPA = 0.0001
EPSILON = 0.1  # Thurstone-Mosteller's draw margin
WINDOW = 4  # Thurstone-Mosteller partial pairing: neighbours compared on each side
_FLOAT_EPS = sys.float_info.epsilon
_SQRT2 = math.sqrt(2.0)
_SQRT_TAU = math.sqrt(math.tau)
_erf, _exp, _sqrt = math.erf, math.exp, math.sqrt


# The standard normal as statistics.NormalDist() evaluates it (openskill uses that), written
# out so that each call is one function call, not a method lookup and two attribute reads.
def _cdf(x: float) -> float:
    return 0.5 * (1.0 + _erf(x / _SQRT2))


def _pdf(x: float) -> float:
    return _exp(x * x / -2.0) / _SQRT_TAU


# The V and W functions of Weng and Lin (2011) for a win or loss, and V~ and W~ for a draw,
# each pair from one evaluation of the normal functions, with openskill's guards for a
# vanishing denominator (the same thresholds, so extreme games give the same numbers).
def _vw(x: float, t: float) -> tuple[float, float]:
    xt = x - t
    denominator = _cdf(xt)
    if denominator < _FLOAT_EPS:
        return -xt, (1.0 if x < 0 else 0.0)
    v = _pdf(xt) / denominator
    return v, v * (v + xt)


def _vwt(x: float, t: float) -> tuple[float, float]:
    xx = abs(x)
    b = _cdf(t - xx) - _cdf(-t - xx)
    if b < 1e-5:
        vt = -x - t if x < 0 else -x + t
        if b < _FLOAT_EPS:
            return vt, 1.0
    else:
        a = _pdf(-t - xx) - _pdf(t - xx)
        vt = (-a if x < 0 else a) / b
    return vt, ((t - xx) * _pdf(t - xx) + (t + xx) * _pdf(-t - xx)) / b + vt * vt


def _prepare(teams: Sequence[Team], ranks: Sequence[float], tau: float):
    """The teams in rank order (a stable sort: tied teams keep their order, which decides
    Thurstone-Mosteller's windows) with tau added to every sigma, each team's summed mu and
    variance (summed best ordinal first, as openskill does), and where each one came from."""
    tau2 = tau * tau
    order = sorted(range(len(teams)), key=ranks.__getitem__)
    players, mus, variances = [], [], []
    for k in order:
        if len(teams[k]) == 1:  # the usual team: no sums, no sort
            (mu, sigma), = teams[k]
            sigma = _sqrt(sigma * sigma + tau2)
            players.append(((mu, sigma),))
            mus.append(mu)
            variances.append(sigma ** 2)
            continue
        team = [(mu, _sqrt(sigma * sigma + tau2)) for mu, sigma in teams[k]]
        players.append(team)
        mu_sum = variance = 0.0
        for mu, sigma in sorted(team, key=_ordinal, reverse=True):
            mu_sum += mu
            variance += sigma ** 2
        mus.append(mu_sum)
        variances.append(variance)
    return order, players, mus, variances


def _ordinal(rating: tuple[float, float]) -> float:
    return rating[0] - 3.0 * rating[1]


def _update(team: Team, variance: float, omega: float, delta: float) -> list[tuple[float, float]]:
    """Each player's share of the team's update, by their part of its variance."""
    out = []
    for mu, sigma in team:
        share = sigma ** 2 / variance
        out.append((mu + share * omega, sigma * _sqrt(max(1 - share * delta, KAPPA))))
    return out


def _unsort(order: list[int], rated: list) -> Rated:
    out: list = [None] * len(order)
    for k, i in enumerate(order):
        out[i] = rated[k]
    return out


def thurstone_mosteller_part(teams: Sequence[Team], ranks: Sequence[float], beta: float, tau: float) -> Rated:
    """openskill's ThurstoneMostellerPart(beta=beta, tau=tau).rate(teams, ranks=ranks)."""
    order, players, mus, variances = _prepare(teams, ranks, tau)
    n = len(order)
    sorted_ranks = sorted(ranks)
    # a team's rank is where its rank value first appears in rank order (ties share it)
    first: dict[float, int] = {}
    for k, r in enumerate(sorted_ranks):
        first.setdefault(r, k)
    place = [first[r] for r in sorted_ranks]
    two_beta2 = 2 * beta ** 2
    rated = []
    for i in range(n):
        mu_i, var_i, place_i = mus[i], variances[i], place[i]
        sd_i = _sqrt(var_i)
        omega = delta = 0.0
        compared = 0
        for q in range(max(0, i - WINDOW), min(n, i + WINDOW + 1)):
            if q == i:
                continue
            c = 2 * _sqrt(var_i + variances[q] + two_beta2)
            delta_mu = (mu_i - mus[q]) / c
            var_c = var_i / c
            gamma = sd_i / c
            t = EPSILON / c
            if place[q] > place_i:
                v, w = _vw(delta_mu, t)
                omega += var_c * v
            elif place[q] < place_i:
                v, w = _vw(-delta_mu, t)
                omega += -var_c * v
            else:
                v, w = _vwt(delta_mu, t)
                omega += var_c * v
            delta += (gamma * var_c / c) * w
            compared += 1
        if compared:
            omega /= compared
            delta /= compared
        rated.append(_update(players[i], var_i, omega, delta))
    return _unsort(order, rated)


def plackett_luce(teams: Sequence[Team], ranks: Sequence[float], beta: float, tau: float) -> Rated:
    """openskill's PlackettLuce(beta=beta, tau=tau).rate(teams, ranks=ranks)."""
    order, players, mus, variances = _prepare(teams, ranks, tau)
    n = len(order)
    place = [int(r) for r in sorted(ranks)]  # openskill's team ranks here are int(rank)
    beta2 = beta ** 2
    total = 0.0
    for var in variances:
        total += var + beta2
    c = _sqrt(total)
    strength = [_exp(mu / c) for mu in mus]
    # per team q: the summed strength of the teams placed at or below it, and its ties
    below, ties = [], []
    for q in range(n):
        s = 0.0
        for i in range(n):
            if place[i] >= place[q]:
                s += strength[i]
        below.append(s)
        ties.append(sum(1 for r in place if r == place[q]))
    rated = []
    for i in range(n):
        omega = delta = 0.0
        e_i, place_i = strength[i], place[i]
        for q in range(n):
            if place[q] <= place_i:
                p = e_i / below[q]
                delta += p * (1 - p) / ties[q]
                if q == i:
                    omega += (1 - p) / ties[q]
                else:
                    omega -= p / ties[q]
        var_i = variances[i]
        omega *= var_i / c
        delta *= var_i / c ** 2
        delta *= _sqrt(var_i) / c
        rated.append(_update(players[i], var_i, omega, delta))
    return _unsort(order, rated)


class OpenskillRater:
    """Any openskill model through its own `rate` (the slow path, for the other models)."""

    def __init__(self, model) -> None:
        self.model = model

    def __call__(self, teams: Sequence[Team], ranks: Sequence[float]) -> Rated:
        m = self.model
        rated = m.rate([[m.create_rating([mu, sigma]) for mu, sigma in team] for team in teams], ranks=list(ranks))
        return [[(r.mu, r.sigma) for r in team] for team in rated]


class FastRater:
    """One of the functions above with the model's beta and tau."""

    def __init__(self, update: Callable[..., Rated], beta: float, tau: float) -> None:
        self.update, self.beta, self.tau = update, beta, tau

    def __call__(self, teams: Sequence[Team], ranks: Sequence[float]) -> Rated:
        return self.update(teams, ranks, self.beta, self.tau)


FAST = {"ThurstoneMostellerPart": thurstone_mosteller_part, "PlackettLuce": plackett_luce}


def make_rater(model_name: str, model, fast: bool = True) -> Callable[[Sequence[Team], Sequence[float]], Rated]:
    """rate(teams, ranks) for `model` (an openskill model of class `model_name`, made with
    mu, sigma, beta and tau only): the plain function when there is one and `fast`."""
    update = FAST.get(model_name) if fast else None
    if update is None:
        return OpenskillRater(model)
    return FastRater(update, model.beta, model.tau)
