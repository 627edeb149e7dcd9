"""The search bot of every game: perfect-information Monte Carlo over the seat's information set.

For each sample the game's `Sampler` builds one full state consistent with the seat's view (the
hidden cards dealt at random among the places the view says are hidden, in the counts it shows);
every candidate move is tried in that state and played out to the end (or to the game's
horizon) with the game's own pure rules, a fast default policy for every seat and seeded
shuffles at the chance nodes. Each sample votes for its best move; the most votes win, the summed
values break ties. The bot sees only what the Bot protocol gives it (the seat's view and legal
moves): it never reads the real state, another seat's view or a deck's order, so the same view
with the same seed gives the same move whatever the hidden cards really are.

The budget: at most `playouts` playouts a move (deterministic: replicas that race on one
takeover decide the same move) and, when `budget_ms` is set, no more than that wall time (a
house bot: bounded, whatever the machine's load).

Lives in shared/ because the runtime's takeover bot plays it (the runtime may not import apps).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol, Sequence

from shared.rules import Rules, shuffled_at_random

DEFAULT_BUDGET_MS = 100  # per move, a house bot's default (docs/bots.md: the cost it gives)
DEFAULT_PLAYOUTS = 32  # per move: the deterministic cap
PRIOR_MARGIN = 0.1  # of the samples: how many more votes a move needs to overrule the prior
TAKEOVER_PLAYOUTS = 32  # a taken-over seat's budget (shared/runtime/bootstrap.py): deterministic
MAX_CANDIDATES = 12  # moves weighed per decision; more are sampled (the default policy's first)
MAX_PLAYOUT_MOVES = 5_000


class Sampler(Protocol):
    """A game's part of the search (its folder's search.py)."""

    def sample(self, view: Mapping[str, Any], rng: random.Random) -> Any:
        """A full state consistent with the seat's view: what the view shows as it shows it, the
        hidden cards drawn at random from those the seat cannot have seen."""

    def value(self, state: Any, seat: int) -> float:
        """How good `state` (terminal, or at the horizon) is for `seat`, about 0..1."""

    def horizon(self, start: Any, state: Any) -> bool:
        """Whether a playout that began in `start` may stop at `state` (its value is known enough)."""

    # optional: searches(view) -> bool, whether to search this decision at all (False: the prior
    # bot's move, for decisions whose playouts cost too much for the budget); first_to_act(state)
    # -> int, the seat a driver asks first when several may act (default: the lowest)


def placing_value(result, seat: int) -> float:
    """A competitive game's value of an ended game: 1 for first place (shared by ties), less per
    place, plus a little for the margin of points."""
    n = len(result.placings)
    first = [s for s, p in enumerate(result.placings) if p == 1]
    place = (1.0 / len(first)) if seat in first else 0.0
    rank = (n - result.placings[seat]) / max(1, n - 1)
    spread = (max(result.points) - min(result.points)) or 1
    margin = (result.points[seat] - max(result.points)) / spread
    return 0.7 * place + 0.2 * rank + 0.1 * (1 + margin)


def to_act_first(rules: Rules, state: Any) -> int:
    """The seat a driver asks first (the arena's order: the view's `to_act` list)."""
    seats = rules.to_act(state)
    return min(seats)


class SearchBot:
    """A determinized-search player for one game (shared.games.Bot)."""

    name = "strong"

    def __init__(self, rules: Rules, sampler: Sampler, seed: int | str | None = None, *,
                 budget_ms: float | None = DEFAULT_BUDGET_MS, playouts: int = DEFAULT_PLAYOUTS,
                 prior: Any = None,
                 policy: Callable[[Any, int, list[dict], random.Random], dict] | None = None,
                 candidates: Callable[[Mapping[str, Any], list[dict], random.Random], list[dict]] | None = None,
                 common_random: bool = False, mean_margin: float | None = None,
                 mean_z: float | None = None,
                 clock: Callable[[], float] = time.perf_counter):
        self.rules, self.sampler = rules, sampler
        self.seed = seed
        self.budget_ms, self.playouts = budget_ms, max(1, playouts)
        self.prior = prior  # a Bot (the game's heuristic) whose move the search must beat clearly
        self.policy = policy or _random_policy  # may have reset(rng): called before each playout
        self.candidates = candidates
        self.common_random = common_random  # each sample's playouts share their random numbers
        # None: each sample votes for its best move. A number: the best mean value wins, and the
        # prior's move stays unless another's mean beats it by this much (votes split among many
        # near-equal candidates, so the prior lost on noise: Forestaurant's)
        self.mean_margin = mean_margin
        # with mean_margin: also the sureness another move's lead over the prior's must have, in
        # standard errors of their per-sample differences (common random numbers pair them); None:
        # the margin alone
        self.mean_z = mean_z
        self.clock = clock
        self.calls = 0
        self.last: SearchStats | None = None

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]],
               choices: Any = None) -> dict[str, Any]:
        """`choices` (the seat's move space, shared.choices) is accepted and not needed."""
        if not legal_moves:
            raise ValueError("choose() needs at least one legal move")
        self.calls += 1
        if len(legal_moves) == 1:
            return dict(legal_moves[0])
        if self.prior is not None and not getattr(self.sampler, "searches", lambda v: True)(view):
            return dict(self.prior.choose(view, legal_moves))  # a decision the game leaves to its heuristic
        # the seed and the view only: the same view with the same seed gives the same move
        rng = random.Random(f"{self.seed}/{self.calls}/{len(legal_moves)}")
        moves = self._candidates(view, legal_moves, rng)
        preferred = None
        if self.prior is not None:
            hint = dict(self.prior.choose(view, legal_moves))
            if hint not in moves:
                moves = [hint, *moves[:-1]]
            preferred = moves.index(hint)
        seat = view["seat"]
        started = self.clock()
        deadline = None if self.budget_ms is None else started + self.budget_ms / 1000
        votes = [0.0] * len(moves)
        totals = [0.0] * len(moves)
        squares = [0.0] * len(moves)  # of each move's per-sample lead over the prior's
        done = samples = 0
        while done < self.playouts:
            state = self.sampler.sample(view, rng)
            values = []
            # common random numbers: every candidate's playout of a sample meets the same
            # shuffles and the same random moves, so what differs between them is the move
            luck = rng.random() if self.common_random else None
            for move in moves:
                values.append(self._playout(state, seat, move, rng if luck is None else random.Random(luck)))
                done += 1
            samples += 1
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                votes[i] += 1 / len(winners)
            for i, v in enumerate(values):
                totals[i] += v
                if preferred is not None:
                    squares[i] += (v - values[preferred]) ** 2
            if deadline is not None and self.clock() >= deadline:
                break
        if self.mean_margin is None:
            pick = max(range(len(moves)), key=lambda i: (votes[i], totals[i], -i))
            if preferred is not None and votes[pick] - votes[preferred] <= PRIOR_MARGIN * samples:
                pick = preferred  # the search did not find anything clearly better
        else:
            pick = max(range(len(moves)), key=lambda i: (totals[i], -i))
            if preferred is not None and totals[pick] - totals[preferred] <= self.mean_margin * samples:
                pick = preferred
            elif preferred is not None and self.mean_z is not None:
                lead = (totals[pick] - totals[preferred]) / samples
                spread = max(0.0, squares[pick] / samples - lead * lead) * samples / max(1, samples - 1)
                if lead <= self.mean_z * (spread / samples) ** 0.5:
                    pick = preferred  # a lead no surer than mean_z standard errors
        self.last = SearchStats(samples, done, self.clock() - started,
                                tuple(t / max(1, samples) for t in totals))
        return dict(moves[pick])

    def _candidates(self, view, legal_moves, rng) -> list[dict]:
        if self.candidates is not None:
            return self.candidates(view, legal_moves, rng)
        if len(legal_moves) <= MAX_CANDIDATES:
            return list(legal_moves)
        return rng.sample(list(legal_moves), MAX_CANDIDATES)

    def _playout(self, state: Any, seat: int, move: dict, rng: random.Random) -> float:
        rules = self.rules
        start = state
        first = getattr(self.sampler, "first_to_act", None)
        reset = getattr(self.policy, "reset", None)
        if reset is not None:
            reset(rng)
        for e in rules.decide(state, seat, move):
            state = rules.evolve(state, e)
        for _ in range(MAX_PLAYOUT_MOVES):
            if rules.is_terminal(state) or self.sampler.horizon(start, state):
                break
            events = shuffled_at_random(rules, state, rng)
            if events is None:
                actor = first(state) if first is not None else to_act_first(rules, state)
                legal = rules.legal_moves(state, actor)
                events = rules.decide(state, actor, self.policy(state, actor, legal, rng))
            for e in events:
                state = rules.evolve(state, e)
        return self.sampler.value(state, seat)


@dataclass(frozen=True)
class SearchStats:
    samples: int
    playouts: int
    seconds: float
    means: tuple[float, ...] = ()  # each candidate's mean value, in the order weighed


def _random_policy(state: Any, seat: int, legal: list[dict], rng: random.Random) -> dict:
    return rng.choice(legal)


class HeuristicPolicy:
    """Playouts where every seat plays the game's heuristic (random playouts misjudge a game
    whose random play is hopeless: Forestaurant's table loses, Foodtown's random hands never
    complete a recipe), with a share `epsilon` of uniformly random moves so that the playouts
    of one sample still differ. Each heuristic sees the view of the SAMPLED state for its seat:
    the search bot itself still knows only its own view. A fresh heuristic per seat and playout
    (some keep memory within a game), seeded from the search's random numbers."""

    def __init__(self, rules: Rules, make: Callable[[Any], Any], epsilon: float = 0.1):
        self.rules, self.make, self.epsilon = rules, make, epsilon
        self.bots: dict[int, Any] = {}
        self.seed = 0.0

    def reset(self, rng: random.Random) -> None:
        self.bots = {}
        self.seed = rng.random()

    def __call__(self, state: Any, seat: int, legal: list[dict], rng: random.Random) -> dict:
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.epsilon:
            return rng.choice(legal)
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self.make(f"{self.seed}/{seat}")
        return bot.choose(self.rules.view(state, seat), legal)


def deal(rng: random.Random, pool: Sequence[str], sizes: Sequence[int]) -> list[tuple[str, ...]]:
    """`pool` shuffled and cut into parts of `sizes` (what is left over goes unused)."""
    cards = list(pool)
    rng.shuffle(cards)
    if sum(sizes) > len(cards):
        raise ValueError(f"the view hides {sum(sizes)} cards but only {len(cards)} are unseen")
    out, at = [], 0
    for n in sizes:
        out.append(tuple(cards[at:at + n]))
        at += n
    return out


def unseen(deck: Sequence[str], *seen: Sequence[str]) -> list[str]:
    """The cards of `deck` (duplicates kept) less every card the seat has seen."""
    left = list(deck)
    for group in seen:
        for card in group:
            left.remove(card)
    return left
