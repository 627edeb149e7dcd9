"""The events of a tournament's own stream (`tournaments.<tournament_id>`).

Everything a tournament does is one of these frozen dataclasses; its state is their fold
(`state.evolve`), exactly like a game's. They round-trip through `shared.codec.EventCodec`
(`CODEC` below). Only facts are recorded: the operator's decisions (created, joined, dropped,
results), the draws fed to chance nodes (entrants shuffled, table seated) and what follows
deterministically from them (round paired, standings) so that a reader needs no code to see
what happened, and a verifier can recompute the derived ones (`verify.py`).
"""
from __future__ import annotations

from dataclasses import dataclass

from shared.codec import EventCodec

SWISS = "swiss"  # competitive games: Swiss rounds at tables of the game's size
SERIES = "series"  # co-op games: fixed tables playing a series of games

SMALLER_TABLES = "smaller-tables"  # entrants not divisible by the table size: smaller tables
BYES = "byes"  # ... or full tables and byes


@dataclass(frozen=True)
class TimeControl:
    """Per-move and per-game time in seconds (None: no limit): every table's turn clock
    (tables.table_clock)."""

    per_move_s: int | None = None
    per_game_s: int | None = None


@dataclass(frozen=True)
class TournamentCreated:
    tournament_id: str
    game: str
    options: dict  # the game's options, passed to every table's game
    format: str  # SWISS or SERIES
    rounds: int
    table_size: int  # the largest table
    min_table: int  # the smallest table the game allows (its min_players)
    odd_entrants: str  # SMALLER_TABLES or BYES
    bye_points: float  # tournament points of a bye
    time_control: TimeControl
    ranked: bool  # the tables' games count on the public ladder
    cooperative: bool


@dataclass(frozen=True)
class EntrantJoined:
    player: str


@dataclass(frozen=True)
class EntrantDropped:
    player: str
    after_round: int  # the last round the player was paired in (0: dropped during registration)


@dataclass(frozen=True)
class RoundOpened:
    round: int
    players: tuple[str, ...]  # the active entrants this round pairs, in join order


@dataclass(frozen=True)
class EntrantsShuffled:
    """The draw of round 1 (a chance node): the random order of the entrants. It makes the
    round-1 tables and is every entrant's seed number, the last tie-break."""

    round: int
    order: tuple[str, ...]


@dataclass(frozen=True)
class RoundPaired:
    round: int
    tables: tuple[tuple[str, ...], ...]  # players of each table, in pairing order (not seats)
    byes: tuple[str, ...]


@dataclass(frozen=True)
class TableSeated:
    """The seat order of one table (a chance node): seat 0 first."""

    round: int
    table: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class TableStarted:
    round: int
    table: int
    game_id: str


@dataclass(frozen=True)
class TableFinished:
    """The result of a table's game, as its GameOver: per seat, placing (1 = best, equal for
    ties) and game points; team_won for co-op games."""

    round: int
    table: int
    game_id: str
    players: tuple[str, ...]
    placings: tuple[int, ...]
    points: tuple[float, ...]
    team_won: bool | None = None


@dataclass(frozen=True)
class RoundClosed:
    round: int


@dataclass(frozen=True)
class StandingRow:
    """One entrant's line (Swiss). Numbers are floats rounded to 6 places for readers; the
    ordering is computed on exact fractions (standings.py)."""

    rank: int
    player: str
    points: float  # tournament points
    game_points: float  # sum of game points
    opponents_average: float  # average tournament points of the opponents met (Buchholz-like)
    head_to_head: int  # net wins against the entrants tied with this one on everything above
    seed: int  # position in the round-1 draw (1-based)
    byes: int
    dropped: bool


@dataclass(frozen=True)
class TeamRow:
    """One fixed table's line (co-op series)."""

    rank: int
    table: int
    players: tuple[str, ...]
    wins: int
    best_points: float
    total_points: float
    games: int
    withdrawn: bool


@dataclass(frozen=True)
class StandingsPublished:
    round: int
    rows: tuple[StandingRow, ...] = ()
    teams: tuple[TeamRow, ...] = ()


@dataclass(frozen=True)
class TournamentFinished:
    round: int  # the last round played
    winners: tuple[str, ...]  # rank 1 (a whole table in a co-op series)


EVENT_TYPES = (TournamentCreated, EntrantJoined, EntrantDropped, RoundOpened, EntrantsShuffled,
               RoundPaired, TableSeated, TableStarted, TableFinished, RoundClosed,
               StandingsPublished, TournamentFinished)

CODEC = EventCodec(EVENT_TYPES)

ENTRANTS_DECK = "entrants"  # chance node of round 1's draw
SEATS_DECK = "seats"  # chance node of each table's seat order (k counts the seat draws before)
