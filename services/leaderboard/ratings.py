"""Pure rating logic: game-over events in, new ratings out. No I/O, no clock.

Ratings are openskill (Weng-Lin) ratings per game. Time enters only as
arguments (`at`, `now`, seconds since the Unix epoch), so replaying the same
events always gives the same numbers. See docs/ratings.md.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Mapping, Sequence

from openskill.models import (BradleyTerryFull, BradleyTerryPart, PlackettLuce,
                              ThurstoneMostellerFull, ThurstoneMostellerPart)

from services.leaderboard import wenglin
from shared import games

MODELS = {
    "PlackettLuce": PlackettLuce,
    "BradleyTerryFull": BradleyTerryFull,
    "BradleyTerryPart": BradleyTerryPart,
    "ThurstoneMostellerFull": ThurstoneMostellerFull,
    "ThurstoneMostellerPart": ThurstoneMostellerPart,
}



def registered_games() -> tuple[str, ...]:
    """Every registered game (shared.games): the games whose results are kept."""
    return tuple(games.names())


def cooperative_games() -> tuple[str, ...]:
    """The registered games the table plays together: rated as one team against the game
    itself (docs/leaderboard.md)."""
    return tuple(g.name for g in games.all_games().values() if g.cooperative)

SUPPORTED_SCHEMA_VERSIONS = (1,)
DAY_S = 86400.0


class BadEvent(ValueError):
    """A game-over event that cannot be rated; the message is the dead-letter reason."""


@dataclass(frozen=True)
class RatingConfig:
    model: str = "ThurstoneMostellerPart"  # chosen by apps/bench/ratings.py, see docs/ratings.md
    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    tau: float = 25.0 / 300.0  # openskill's own per-game sigma floor term
    # shown rating = mu - z * sigma
    z: float = 3.0
    # provisional while the (time-adjusted) sigma is at or above this
    provisional_sigma: float = 6.0
    # inactivity: sigma^2 grows by this much per day away, capped at `sigma`
    # (0.2222 = a settled sigma of 4 is provisional again after 90 days and
    # fully reset after 240 days)
    decay_sigma2_per_day: float = (6.0 ** 2 - 4.0 ** 2) / 90.0
    games: tuple[str, ...] = field(default_factory=registered_games)
    coop_games: tuple[str, ...] = field(default_factory=cooperative_games)

    def make_model(self):
        try:
            cls = MODELS[self.model]
        except KeyError:
            raise ValueError(f"unknown openskill model {self.model!r}; models: {', '.join(MODELS)}") from None
        return cls(mu=self.mu, sigma=self.sigma, beta=self.beta, tau=self.tau)

    def make_rater(self, fast: bool = True):
        """rate(teams, ranks) -> new (mu, sigma) per player, for rate_game: the model's update
        as a plain function where wenglin.py has one (the same numbers as openskill's `rate`,
        without its copies), else openskill's `rate`."""
        return wenglin.make_rater(self.model, self.make_model(), fast)


@dataclass(frozen=True)
class Rating:
    """One player's standing in one game."""
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    last_played: float | None = None  # epoch seconds of the last rated game

    def shown(self, z: float = 3.0) -> float:
        return self.mu - z * self.sigma


def new_rating(config: RatingConfig) -> Rating:
    return Rating(mu=config.mu, sigma=config.sigma)


def decayed_sigma(sigma: float, last_played: float | None, now: float, config: RatingConfig,
                  cap: float | None = None) -> float:
    """sigma after time away: sqrt(sigma^2 + c * days), never above `cap`
    (the starting sigma) and never below the stored sigma."""
    cap = config.sigma if cap is None else cap
    if last_played is None or now <= last_played or sigma >= cap:
        return sigma
    days = (now - last_played) / DAY_S
    return min(cap, math.sqrt(sigma * sigma + config.decay_sigma2_per_day * days))


def at_time(rating: Rating, now: float, config: RatingConfig, cap: float | None = None) -> Rating:
    """The rating as it stands at `now` (sigma grown with time away)."""
    sigma = decayed_sigma(rating.sigma, rating.last_played, now, config, cap)
    return rating if sigma == rating.sigma else replace(rating, sigma=sigma)


def is_provisional(rating: Rating, config: RatingConfig) -> bool:
    return rating.sigma >= config.provisional_sigma


@dataclass(frozen=True)
class GameOver:
    game: str
    game_id: str
    players: tuple[str, ...]
    points: tuple[float, ...]
    placings: tuple[int, ...]
    team_won: bool | None
    difficulty: str | None
    at: float  # epoch seconds: the message's recorded_at


def parse_time(value: Any) -> float:
    if not isinstance(value, str):
        raise BadEvent("recorded_at is missing or not a string")
    try:
        dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise BadEvent(f"recorded_at {value!r} is not an ISO-8601 time") from None
    if dt.tzinfo is None:
        raise BadEvent(f"recorded_at {value!r} has no time zone")
    return dt.timestamp()


def parse_game_over(event: Mapping[str, Any], at: float, config: RatingConfig,
                    subject_game: str | None = None, subject_game_id: str | None = None) -> GameOver:
    """Validate one GameOver event; raise BadEvent with a reason a person understands."""
    version = event.get("schema_version")
    if version not in SUPPORTED_SCHEMA_VERSIONS:
        raise BadEvent(f"GameOver schema_version {version!r} is not supported "
                       f"(supported: {list(SUPPORTED_SCHEMA_VERSIONS)})")
    data = event.get("data")
    if not isinstance(data, Mapping):
        raise BadEvent("GameOver has no data object")
    game, game_id = data.get("game"), data.get("game_id")
    if not isinstance(game, str) or not isinstance(game_id, str) or not game_id:
        raise BadEvent("GameOver needs string fields game and game_id")
    if game not in config.games:
        raise BadEvent(f"unknown game {game!r}; rated games: {', '.join(config.games)}")
    if subject_game is not None and (game, game_id) != (subject_game, subject_game_id):
        raise BadEvent(f"GameOver for {game}/{game_id} arrived on the subject of {subject_game}/{subject_game_id}")
    players, points, placings = data.get("players"), data.get("points"), data.get("placings")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p for p in players):
        raise BadEvent("players must be a non-empty list of names")
    if len(set(players)) != len(players):
        raise BadEvent("a player appears twice in players")
    if any(c in p for p in players for c in "\x00\n\r"):
        raise BadEvent("a player name contains a control character")
    n = len(players)
    if not isinstance(points, list) or len(points) != n or not all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in points):
        raise BadEvent("points must be one number per player")
    if not isinstance(placings, list) or len(placings) != n or not all(
            isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= n for x in placings):
        raise BadEvent("placings must be one integer 1..number of players per player")
    if 1 not in placings:
        raise BadEvent("nobody is placed first")
    team_won, difficulty = data.get("team_won"), data.get("difficulty")
    if game in config.coop_games:
        if not isinstance(team_won, bool):
            raise BadEvent(f"{game} is cooperative: team_won must be true or false")
        if difficulty is not None and not isinstance(difficulty, str):
            raise BadEvent("difficulty must be a string")
    else:
        if n < 2:
            raise BadEvent(f"{game} needs at least 2 players")
        if team_won is not None:
            raise BadEvent(f"{game} is not cooperative but team_won is set")
    return GameOver(game=game, game_id=game_id, players=tuple(players), points=tuple(points),
                    placings=tuple(placings), team_won=team_won,
                    difficulty=difficulty if isinstance(difficulty, str) else None, at=at)


STANDARD_DIFFICULTY = "standard"  # a cooperative GameOver without a difficulty


def difficulty_of(game_over: GameOver) -> str:
    """The difficulty a cooperative game counts under: the event's, or `standard`."""
    return game_over.difficulty or STANDARD_DIFFICULTY


def opponent_key(game_over: GameOver) -> str:
    """The pseudo-player that stands for the cooperative game itself at one
    difficulty and table size. It contains a blank, which no player name may
    (shared.auth), so it never collides with a player."""
    return f"game {difficulty_of(game_over)}/{len(game_over.players)}"


def opponent_start(config: RatingConfig, table: int) -> Rating:
    # openskill's team strength is the sum of its members' mu, so the game
    # starts level with a table of `table` new players.
    return Rating(mu=config.mu * table, sigma=config.sigma * math.sqrt(table))


@dataclass(frozen=True)
class Update:
    player: str
    before: Rating
    after: Rating
    placing: int
    won: bool
    # before.sigma grown by the time away (at_time): what the game was rated from, and what
    # the history's rating change is measured from
    grown_sigma: float

    def before_shown(self, z: float) -> float:
        """The rating the game started from: mu - z * the grown sigma."""
        return self.before.mu - z * self.grown_sigma


@dataclass(frozen=True)
class GameResult:
    game_over: GameOver
    updates: tuple[Update, ...]  # one per real player, in seat order
    opponent: Update | None = None  # cooperative games: the game itself
    extra: dict = field(default_factory=dict)


def rate_game(rate, config: RatingConfig, game_over: GameOver,
              current: Mapping[str, Rating | None]) -> GameResult:
    """New ratings after `game_over`. `rate` is config.make_rater(); `current` maps every
    player (and, for a cooperative game, `opponent_key`) to the stored rating or None when
    new. Each rating's sigma first grows with the time since its last game."""
    at = game_over.at
    players = game_over.players
    before = []  # (stored rating, its sigma grown to `at`) per player
    for p in players:
        stored = current.get(p) or new_rating(config)
        before.append((stored, decayed_sigma(stored.sigma, stored.last_played, at, config)))
    if game_over.game in config.coop_games:
        key = opponent_key(game_over)
        start = opponent_start(config, len(players))
        stored_opp = current.get(key) or start
        opp_sigma = decayed_sigma(stored_opp.sigma, stored_opp.last_played, at, config, cap=start.sigma)
        won = bool(game_over.team_won)
        new_team, new_opp = rate([[(b.mu, sigma) for b, sigma in before], [(stored_opp.mu, opp_sigma)]],
                                 [1, 2] if won else [2, 1])
        updates = tuple(
            Update(p, b, Rating(mu, sigma, b.games + 1, b.wins + int(won), at),
                   placing=1 if won else 2, won=won, grown_sigma=grown)
            for p, (b, grown), (mu, sigma) in zip(players, before, new_team))
        mu, sigma = new_opp[0]
        opp_update = Update(key, stored_opp, Rating(mu, sigma, stored_opp.games + 1,
                                                    stored_opp.wins + int(not won), at),
                            placing=2 if won else 1, won=not won, grown_sigma=opp_sigma)
        return GameResult(game_over, updates, opp_update)
    rated = rate([[(b.mu, sigma)] for b, sigma in before], game_over.placings)
    updates = []
    for p, placing, (old, grown), team in zip(players, game_over.placings, before, rated):
        won = placing == 1
        mu, sigma = team[0]
        updates.append(Update(p, old, Rating(mu, sigma, old.games + 1, old.wins + int(won), at), placing, won,
                              grown))
    return GameResult(game_over, tuple(updates))


def predict_order(model, ratings: Sequence[Rating]) -> list[float]:
    """Win probability of each player (used by the accuracy bench)."""
    return model.predict_win([[model.create_rating([r.mu, r.sigma])] for r in ratings])
