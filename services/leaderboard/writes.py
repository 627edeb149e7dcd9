"""What one rated game writes, as the Store's write script (scripts.APPLY_LUA) runs it: the
state it wants read into the batch's snapshot, that state as the rating is computed from it,
and the `ops` (ratings, boards, co-op records, history, seasons) and ledger value of the game.

The boards list people: a house bot (shared.names.is_house_bot: a new name for each of its games)
is rated, so that its game rates the people it played, and its rating, history and co-op record
are kept, but it is on no board, so the ladders are not filled with names that played once.
"""
from __future__ import annotations

from typing import Any

import orjson

from services.leaderboard.keys import (BEST, COOP_FIELDS, RATING, WINS, board_key, coop_key, history_key, key_part,
                                       rating_key, seasons_key)
from services.leaderboard.ratings import GameOver, GameResult, Rating, RatingConfig, difficulty_of, opponent_key
from services.leaderboard.scores import TB_SPAN, best_q, decode_score, encode_best, encode_score
from services.leaderboard.snapshot import Snapshot
from shared.names import is_house_bot


def stored_json(value) -> str:
    """Stored JSON (a ledger value, a history point): orjson, a few times faster than json on
    the rating path; read back with any JSON reader."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def by_key(zadds: list[list[str]]) -> list[list[str]]:
    """[key, score, member] triples as one [key, score, member, score, member, ...] per key, in
    the order of the keys' first triples: one ZADD per board (each call from a script costs
    more than a member)."""
    grouped: dict[str, list[str]] = {}
    for key, score, member in zadds:
        grouped.setdefault(key, [key]).extend((score, member))
    return list(grouped.values())


def fmt(x: float) -> str:
    return repr(float(x))


def rating_from_text(h: dict[str, str]) -> Rating | None:
    """A rating hash as the snapshot holds it (str fields and values; the rating path)."""
    if not h:
        return None
    last = h.get("last")
    return Rating(float(h["mu"]), float(h["sigma"]), int(h.get("games", 0)), int(h.get("wins", 0)),
                  float(last) if last else None)


def on_boards(game: str, player: str) -> bool:
    """Whether `player`'s ratings and results of `game` are listed on its boards (the module's
    docstring: people are, house bots are not)."""
    return not is_house_bot(player, game)


def want_reads(snap: Snapshot, go: GameOver, season: str, coop: bool) -> None:
    for name in go.players:
        snap.want_hash(rating_key(go.game, name))
        snap.want_score(board_key(go.game, WINS, season), name)
    if coop:
        d = difficulty_of(go)
        snap.want_hash(rating_key(go.game, opponent_key(go)))
        for name in go.players:
            snap.want_hash(coop_key(go.game, name))
            snap.want_score(board_key(go.game, WINS, season, d), name)
            snap.want_score(board_key(go.game, BEST, season, d), name)
    snap.want_done(f"{go.game}/{go.game_id}")


def rated_from(snap: Snapshot, go: GameOver, season: str, coop: bool
               ) -> tuple[dict[str, Rating | None], dict[str, int], dict[str, dict]]:
    """Everything the write of `go` is computed from: the ratings, the season wins and,
    for a cooperative game, each player's co-op record at its difficulty. All of it
    changes only with a game of that player, which also changes the rating's `games`
    that the script checks, so a stale read is refused as a conflict."""
    names = list(go.players) + ([opponent_key(go)] if coop else [])
    current = {name: rating_from_text(snap.hash(rating_key(go.game, name))) for name in names}
    season_wins = {}
    for name in go.players:
        s = snap.score(board_key(go.game, WINS, season), name)
        season_wins[name] = int(decode_score(s, 1)) if s is not None else 0
    records = {}
    if coop:
        d = difficulty_of(go)
        dk = key_part(d)
        for name in go.players:
            h = snap.hash(coop_key(go.game, name))
            games, wins, losses, best = (h.get(f"{dk}:{f}") for f in COOP_FIELDS)
            s_wins = snap.score(board_key(go.game, WINS, season, d), name)
            s_best = snap.score(board_key(go.game, BEST, season, d), name)
            records[name] = {"games": int(games or 0), "wins": int(wins or 0), "losses": int(losses or 0),
                             "best": float(best) if best is not None else None,
                             "season_wins": int(decode_score(s_wins, 1)) if s_wins is not None else 0,
                             "season_best_q": int(s_best) // TB_SPAN if s_best is not None else None}
    return current, season_wins, records


def coop_ops(go: GameOver, season: str, records: dict[str, dict], ops: dict) -> dict:
    """The co-op record and difficulty boards of each player of a cooperative game:
    games, wins, losses and best result at the game's difficulty. The best result is
    the highest points of a won game; while a player has no win at that difficulty,
    the highest points of any game there (best_q: a win beats every loss)."""
    d = difficulty_of(go)
    dk = key_part(d)
    won = bool(go.team_won)
    for name, points in zip(go.players, go.points):
        rec = records[name]
        listed = on_boards(go.game, name)
        games, wins, losses = rec["games"] + 1, rec["wins"] + int(won), rec["losses"] + int(not won)
        q = best_q(won, points)
        best = rec["best"]
        if best is None or q > best_q(rec["wins"] > 0, best):
            best = float(points)
            if listed:
                ops["zadds"].append([board_key(go.game, BEST, None, d), str(encode_best(won, points, go.at)),
                                     name])
        if listed and (rec["season_best_q"] is None or q > rec["season_best_q"]):
            ops["zadds"].append([board_key(go.game, BEST, season, d), str(encode_best(won, points, go.at)),
                                 name])
        if won and listed:
            ops["zadds"].append([board_key(go.game, WINS, None, d), str(encode_score(wins, go.at, 1)), name])
            ops["zadds"].append([board_key(go.game, WINS, season, d),
                                 str(encode_score(rec["season_wins"] + 1, go.at, 1)), name])
        ops["hashes"].append([coop_key(go.game, name), f"{dk}:games", str(games), f"{dk}:wins", str(wins),
                              f"{dk}:losses", str(losses), f"{dk}:best", fmt(best)])
    return {"difficulty": d, "team_won": won, "points": list(go.points)}


def game_ops(config: RatingConfig, result: GameResult, season: str, season_wins: dict[str, int], seq: int,
             current: dict[str, Rating | None], records: dict[str, dict] | None = None) -> tuple[dict, dict]:
    go = result.game_over
    z = config.z
    ops: dict[str, Any] = {"checks": [], "hashes": [], "zadds": [], "pushes": [], "sadds": []}
    ledger_updates = []
    all_updates = list(result.updates) + ([result.opponent] if result.opponent else [])
    at_text = fmt(go.at)
    for u in all_updates:
        before = current.get(u.player)
        key = rating_key(go.game, u.player)
        ops["checks"].append([key, str(before.games if before else 0)])
        a = u.after
        ops["hashes"].append([key, "mu", fmt(a.mu), "sigma", fmt(a.sigma),
                              "games", str(a.games), "wins", str(a.wins), "last", at_text])
    board, season_board = board_key(go.game), board_key(go.game, RATING, season)
    wins_board, season_wins_board = board_key(go.game, WINS), board_key(go.game, WINS, season)
    zadds, pushes, n = ops["zadds"], ops["pushes"], len(go.players)
    for u in result.updates:
        a = u.after
        shown = a.shown(z)
        score = str(encode_score(shown, go.at))
        listed = on_boards(go.game, u.player)
        if listed:
            zadds.append([board, score, u.player])
            zadds.append([season_board, score, u.player])
        if u.won and listed:
            zadds.append([wins_board, str(encode_score(a.wins, go.at, 1)), u.player])
            zadds.append([season_wins_board, str(encode_score(season_wins.get(u.player, 0) + 1, go.at, 1)),
                          u.player])
        entry = {"game_id": go.game_id, "at": go.at, "mu": a.mu, "sigma": a.sigma,
                 "rating": shown, "delta": shown - u.before_shown(z),
                 "placing": u.placing, "won": u.won, "players": n}
        pushes.append([history_key(go.game, u.player), stored_json(entry)])
        ledger_updates.append({"player": u.player, "mu": a.mu, "sigma": a.sigma, "rating": shown,
                               "games": a.games, "wins": a.wins, "placing": u.placing, "won": u.won})
    ops["sadds"].append([seasons_key(go.game), season])
    ledger = {"seq": seq, "game": go.game, "game_id": go.game_id, "at": go.at, "season": season,
              "updates": ledger_updates}
    if go.game in config.coop_games:
        ledger["coop"] = coop_ops(go, season, records or {}, ops)
    return ops, ledger
