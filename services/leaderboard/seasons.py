"""Season ids from game-over times (pure).

A season policy is a string:
  "weekly" (default)  ISO weeks, ids like 2026-W48 (Monday 00:00 UTC to Monday)
  "monthly"           calendar months, ids like 2026-11
  "days:N"            N-day periods counted from Monday 1970-01-05 UTC, ids are
                      the first day, like 2026-11-23
All times are UTC; a game belongs to the season of its game-over time.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

_EPOCH_MONDAY = date(1970, 1, 5)


def validate(policy: str) -> str:
    if policy in ("weekly", "monthly"):
        return policy
    if policy.startswith("days:"):
        try:
            n = int(policy[5:])
        except ValueError:
            n = 0
        if n >= 1:
            return policy
    raise ValueError(f"season length {policy!r}: use weekly, monthly or days:N")


def season_id(at: float, policy: str = "weekly") -> str:
    """The season of a game-over time given as epoch seconds."""
    day = datetime.fromtimestamp(at, tz=timezone.utc).date()
    if policy == "weekly":
        year, week, _ = day.isocalendar()
        return f"{year}-W{week:02d}"
    if policy == "monthly":
        return f"{day.year}-{day.month:02d}"
    n = int(validate(policy)[5:])
    start = _EPOCH_MONDAY + timedelta(days=((day - _EPOCH_MONDAY).days // n) * n)
    return start.isoformat()


def resolve(season: str, now: float, policy: str = "weekly") -> str:
    """'current' (or 'previous') as of `now`, or an explicit id unchanged."""
    if season == "current":
        return season_id(now, policy)
    if season == "previous":
        current = season_id(now, policy)
        t = now
        while season_id(t, policy) == current:
            t -= 86400
        return season_id(t, policy)
    return season
