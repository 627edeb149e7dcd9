"""The scores of the leaderboard's boards: how a rating, a win count or a co-op best result,
and when it was set, become the one number a sorted set orders by, and back.

Pure functions, no I/O: the order of every board is decided here, so it can be checked
without a Redis, and the Store (boards.py) and a bulk load use the very same encoding.

Board scores fold a tie-breaker into one double (exact up to 2^53):
  score = q * 2^35 + (2^35 - 1 - seconds since 2020-01-01 of the game that set it)
where q is the rating in thousandths of a point (or the win count), clamped
to |q| < 2^17. Equal q: whoever got there first has the larger score. A best-result
board's q is 2^16 for a won game plus the points in hundredths (0..655.35).
"""
from __future__ import annotations

TB_BITS = 35
TB_SPAN = 1 << TB_BITS
Q_LIMIT = (1 << 17) - 1
TB_EPOCH = 1577836800  # 2020-01-01T00:00:00Z
BEST_WON = 1 << 16  # added to a best result's q when the game was won
BEST_SCALE = 100  # best results are ordered by the points in hundredths


def _encode_q(q: int, at: float) -> int:
    elapsed = max(0, min(TB_SPAN - 1, int(at) - TB_EPOCH))
    return q * TB_SPAN + (TB_SPAN - 1 - elapsed)


def encode_score(value: float, at: float, scale: int = 1000) -> int:
    return _encode_q(max(-Q_LIMIT, min(Q_LIMIT, int(round(value * scale)))), at)


def decode_score(score: float, scale: int = 1000) -> float:
    return (int(score) // TB_SPAN) / scale


def best_q(won: bool, points: float) -> int:
    """How good a co-op result is, as one integer: any won game beats any lost one,
    then more points (in hundredths, clamped to 0..655.35) beat fewer."""
    return (BEST_WON if won else 0) + max(0, min(BEST_WON - 1, int(round(points * BEST_SCALE))))


def encode_best(won: bool, points: float, at: float) -> int:
    return _encode_q(best_q(won, points), at)


def decode_best(score: float) -> tuple[bool, float]:
    """(won, points) of a best-result board score."""
    q = int(score) // TB_SPAN
    return q >= BEST_WON, (q % BEST_WON) / BEST_SCALE
