"""A board's entries as the Store's queries answer them: a player's rating as shown now and
the value the board orders by, made from the board's scores and the stored rating hashes."""
from __future__ import annotations

from dataclasses import dataclass

from services.leaderboard.keys import BEST, RATING
from services.leaderboard.ratings import Rating, RatingConfig, at_time, is_provisional
from services.leaderboard.scores import decode_best, decode_score


def rating_from_hash(h: dict) -> Rating | None:
    if not h:
        return None
    g = {k.decode() if isinstance(k, bytes) else k: (v.decode() if isinstance(v, bytes) else v)
         for k, v in h.items()}
    last = g.get("last")
    return Rating(mu=float(g["mu"]), sigma=float(g["sigma"]), games=int(g.get("games", 0)),
                  wins=int(g.get("wins", 0)), last_played=float(last) if last else None)


@dataclass(frozen=True)
class Entry:
    rank: int  # 1 = best
    player: str
    rating: float  # shown rating now: mu - z*sigma with sigma grown by time away
    mu: float
    sigma: float  # sigma now
    games: int
    wins: int
    provisional: bool
    board_value: float  # what the board orders by: rating at the last game, or wins
    last_played: float | None

    def to_json(self) -> dict:
        return {"rank": self.rank, "player": self.player, "rating": round(self.rating, 4),
                "mu": round(self.mu, 4), "sigma": round(self.sigma, 4), "games": self.games,
                "wins": self.wins, "provisional": self.provisional,
                "board_value": round(self.board_value, 3), "last_played": self.last_played}


def board_entry(config: RatingConfig, rank: int, player: str, h: dict, score: float, kind: str,
                now: float) -> Entry:
    stored = rating_from_hash(h) or Rating(config.mu, config.sigma)
    r = at_time(stored, now, config)
    if kind == BEST:
        board_value = decode_best(score)[1]
    else:
        board_value = decode_score(score, 1000 if kind == RATING else 1)
    return Entry(rank=rank, player=player, rating=r.shown(config.z), mu=r.mu, sigma=r.sigma,
                 games=r.games, wins=r.wins, provisional=is_provisional(r, config),
                 board_value=board_value, last_played=r.last_played)


def board_entries(config: RatingConfig, game: str, kind: str, rows: list, hashes: list, start_rank: int,
                  now: float) -> list[Entry]:
    """`rows`: a flat [member, score, ...] ZREVRANGE WITHSCORES reply; `hashes`: each
    member's rating as a flat HGETALL reply (BOARD_LUA's JSON)."""
    return [board_entry(config, start_rank + i, rows[2 * i], dict(zip(h[::2], h[1::2])) if h else {},
                        float(rows[2 * i + 1]), kind, now)
            for i, h in enumerate(hashes)]
