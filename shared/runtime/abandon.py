"""Abandoned casual tables: a casual game whose players have all left ends, cancelled and not
rated, so that the bots at it go free for the next player (issue 29). The pure part: when a
table is abandoned (`abandoned_at`, `is_abandoned`) and the one event that ends it
(`abandoned_record`); shared.runtime.clocks writes that event beside the timeouts, once, by the
replica that runs the game's clock (an append with the expected version, as a timeout).

A table is abandoned when

  - it is casual: a ranked table's absent seats are played by their bots and its clocks decide
    (docs/live-tables.md), a rated result must not vanish because people left;
  - it keeps presence (it has a clock) and is neither over nor cancelled;
  - it has a player's seat: one whose player is not a bot. Names starting `bot-` are the
    stack's bots' alone (shared.names: nobody may sign in with one), so the house bots and
    `foodgames bots` are told apart from people by name; a table of bots alone plays to its end;
  - and it has a house bot's seat (`bot-<game>-...`, the house's names): freeing them is what
    ending the table is for. A table of people alone (a tournament's table, say, whose runner
    waits for its GameOver) is left to its clocks, which end it: the absent seats' bots move, or
    they forfeit;
  - and every player's seat left: it was at the table and is recorded away since
    (PlayerDisconnected: no replica holds its stream and it made no call within the grace
    period), the last of them for `abandon_after_s`.

A seat that never came is not taken for gone (a choice: the issue speaks of tables "whose humans
have left"): a player may still be on the way, and such a table's clocks already deal with it
(the seat's bot moves when its time runs out and takes over after missed turns), as tests and
tools that create tables without ever connecting rely on.

A player who comes back in time (a stream, a call: PlayerConnected) keeps the table. The event is
a GameCancelled, as a ranked table nobody came to: the deck reveals its seed, the audit checks it,
the leaderboard rates nothing, the seat streams are told, like every cancelled game. Its data says
why and names the seats that left: {"reason", "seats", "players"}. It is not an event type of its
own because everything that learns a game ended unplayed (the deck, which reveals a seed only
after GameOver or GameCancelled; the audit; the leaderboard's played games; the seat draws; the
chaos checks) already knows GameCancelled; its log line is `event-GameCancelled-abandoned`.
"""
from __future__ import annotations

from typing import Any, Sequence

from shared import gamestream as env, names
from shared.runtime import live

ABANDON = "abandon"  # the kind of its live.Due


def is_bot(player: str) -> bool:
    """Whether `player` is one of the stack's bots (a reserved `bot-` name), not a person."""
    return names.reserved(player) == names.BOT_PREFIX


def player_seats(players: Sequence[str]) -> tuple[int, ...]:
    """The seats played by people."""
    return tuple(seat for seat, player in enumerate(players) if not is_bot(player))


def abandoned_at(game: str, table: live.Table, players: Sequence[str], policy: live.LivePolicy) -> int | None:
    """When (ms) the table of `game` is abandoned unless a player comes back first; None when it
    is not heading there (ranked, no clock, cancelled, no player or no house bot seat, a player
    there or not yet come, or turned off)."""
    if (not policy.abandon_after_s or table.ranked or not table.tracked or table.cancelled
            or not table.seats or len(players) != table.seats):
        return None
    people = player_seats(players)
    if not people or not any(names.is_house_bot(p, game) for p in players):
        return None
    if any(table.presence[seat] == live.CONNECTED or not table.away_ms[seat] for seat in people):
        return None  # someone is there, or has not come yet
    return max(table.away_ms[seat] for seat in people) + int(policy.abandon_after_s * 1000)


def is_abandoned(game: str, table: live.Table, players: Sequence[str], policy: live.LivePolicy,
                 now_ms: int) -> bool:
    at = abandoned_at(game, table, players, policy)
    return at is not None and at <= now_ms


def due(game: str, table: live.Table, players: Sequence[str], policy: live.LivePolicy) -> list[live.Due]:
    """The table's abandonment as a deadline of its clock (none or one)."""
    at = abandoned_at(game, table, players, policy)
    return [] if at is None else [live.Due(ABANDON, None, at)]


def reason(policy: live.LivePolicy) -> str:
    return (f"every player left the table for {policy.abandon_after_s:g} s: a casual game left to its bots "
            f"is cancelled, not rated")


def abandoned_record(table: live.Table, players: Sequence[str], policy: live.LivePolicy) -> dict[str, Any]:
    """The GameCancelled that ends an abandoned table: why, and the seats that left."""
    seats = list(player_seats(players))
    return env.record(env.GAME_CANCELLED, {"reason": reason(policy), "seats": seats,
                                           "players": [players[s] for s in seats]})
