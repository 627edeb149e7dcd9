"""The seating draws come from the deck service, like a game's shuffles.

Each tournament is one deck "game": name `tournament`, id `tournament-<id>-draws`, committed
(its server seed's SHA-256 in the transparency log) before anything is drawn, with the
entrants as its players (each may mix in a client seed, as players do for a game's shuffles).
Every chance node of the tournament (decide.chance: round 1's entrants, each table's seats) is
one Shuffle of that game: deck `entrants` or `seats`, k as the node says, the cards being the
node's players sorted. The deck reveals the seed only once the tournament's own stream holds
TournamentFinished (services/deck/reveals.py), so no draw can be predicted before it is made; the
draws' audit bundle then re-derives every order, as for a game."""
from __future__ import annotations

DRAWS_GAME = "tournament"  # the deck's name of the draws "game" of every tournament
PREFIX, SUFFIX = "tournament-", "-draws"


def draws_game_id(tournament_id: str) -> str:
    return f"{PREFIX}{tournament_id}{SUFFIX}"


def tournament_of(draws_id: str) -> str | None:
    """The tournament id of a draws game id (None if it is not one)."""
    if draws_id.startswith(PREFIX) and draws_id.endswith(SUFFIX) and len(draws_id) > len(PREFIX + SUFFIX):
        return draws_id[len(PREFIX):-len(SUFFIX)]
    return None


def table_game_id(tournament_id: str, round_number: int, table: int) -> str:
    """The id of a table's game: the same on every retry, so a re-created table is the same game."""
    return f"{tournament_id}-r{round_number}-t{table}"
