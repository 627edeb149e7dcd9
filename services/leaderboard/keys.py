"""The leaderboard's key layout in Redis (Valkey): the name of every key and hash field the
ratings, boards, co-op records and history live under, and the kinds of board.

Only names, no I/O: the Store (boards.py), a rebuild and the benchmarks build their keys here,
so a key is spelt the same by every writer and reader. The Lua scripts (scripts.py) spell
`lb:<gen>:` themselves, so ROOT and prefix change together with them.

Key layout (one generation of everything lives under `lb:<gen>:`; `lb:gen`
names the live generation, so a rebuild fills a new generation and swaps the
pointer in one SET):

  lb:gen                              live generation number (absent = 1)
  lb:<g>:r:<game>:<player>            hash mu, sigma, games, wins, last (epoch s)
  lb:<g>:b:<game>                     zset all-time rating board
  lb:<g>:b:<game>:<season>            zset rating board of one season
  lb:<g>:w:<game>                     zset all-time wins board
  lb:<g>:w:<game>:<season>            zset wins board of one season
  lb:<g>:h:<game>:<player>            list rating history, newest first (capped)
  lb:<g>:c:<game>:<player>            hash co-op record: <d>:games, <d>:wins, <d>:losses, <d>:best
  lb:<g>:dw:<game>:<d>                zset wins at difficulty <d> (cooperative games)
  lb:<g>:dw:<game>:<d>:<season>       zset wins at <d> in one season
  lb:<g>:db:<game>:<d>                zset best result at <d> (won results above lost ones)
  lb:<g>:db:<game>:<d>:<season>       zset best result at <d> in one season
  lb:<g>:seasons:<game>               set of season ids that have boards
  lb:<g>:done                         hash "<game>/<game_id>" -> result JSON (the ledger)
  lb:<g>:seq                          highest applied stream sequence
  lb:rebuild                          lock held while a rebuild runs
  lb:gencounter                       the last generation number a rebuild took

A difficulty <d> in a key or field is escaped (`%`, `:`, blanks and control
characters as %XX), so it never splits a key.
"""
from __future__ import annotations

ROOT = "lb"
RATING, WINS, BEST = "rating", "wins", "best"
GEN = f"{ROOT}:gen"
GEN_COUNTER = f"{ROOT}:gencounter"
REBUILD_LOCK = f"{ROOT}:rebuild"
# under a generation's prefix (the Lua scripts spell these two as well)
LEDGER = "done"
SEQ = "seq"


def prefix(gen: int | str) -> str:
    return f"{ROOT}:{gen}:"


def rating_key(game: str, player: str) -> str:
    return f"r:{game}:{player}"


def key_part(text: str) -> str:
    """`text` as one piece of a key or hash field: '%', ':', blanks and control
    characters escaped as %XX (UTF-8), so it cannot split a key."""
    return "".join("".join(f"%{b:02X}" for b in ch.encode()) if ch in "%:" or ch.isspace() or ord(ch) < 32
                   else ch for ch in text)


def board_key(game: str, kind: str = RATING, season: str | None = None,
              difficulty: str | None = None) -> str:
    """The key of one board. Without a difficulty: the game-wide rating or wins board;
    with one (cooperative games): the wins or best-result board of that difficulty."""
    if difficulty is None:
        if kind == BEST:
            raise ValueError("the best-result boards are kept per difficulty")
        base = f"{'b' if kind == RATING else 'w'}:{game}"
    else:
        if kind == RATING:
            raise ValueError("ratings are kept per game, not per difficulty")
        base = f"{'dw' if kind == WINS else 'db'}:{game}:{key_part(difficulty)}"
    return base if not season else f"{base}:{season}"


def coop_key(game: str, player: str) -> str:
    return f"c:{game}:{player}"


COOP_FIELDS = ("games", "wins", "losses", "best")


def history_key(game: str, player: str) -> str:
    return f"h:{game}:{player}"


def seasons_key(game: str) -> str:
    return f"seasons:{game}"
