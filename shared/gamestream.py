"""The contract between the game streams and everything that reads them.

The rules engines write every command of a game as one JetStream message on subject
`games.<game>.<game_id>` of stream `GAMES`; the leaderboard consumer, the deck (to learn a
game is over) and the audit tools read them. This module is the one place their names and
the stored body's shape are written down; the runtime, the event store, the leaderboard and
the deck import it.

A stored message's body is one JSON object (orjson):

    {"command_id": str, "version": int (the game's event count after these events),
     "recorded_at": str (ISO 8601, UTC), "events": [event, ...],
     "digest": str (optional: a fingerprint of the move the command carried, shared.moves.move_digest),
     "move": {"seat": int, "move": {...}} (optional: the move a player's command carried, exactly as
             the rules were asked to decide it; written by the runtime for every move since the audit
             of the whole game record, docs/audit.md section 6.1)}

Bodies written before `move` was kept lack it and stay readable (`StoredBody.move` is None), as
do bodies without `digest`; a runtime command (create, a deal, the reveal) never carries a move.
Each event is `{"type": str (past tense), "schema_version": int, "data": {...}}`. The
runtime's own events (below) sit beside the rules' events; rules never see them.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

import orjson

STREAM = "GAMES"
SUBJECT_PREFIX = "games"
SUBJECTS = [f"{SUBJECT_PREFIX}.>"]

GAME_CREATED = "GameCreated"      # {game, game_id, players, options, ranked}
SEED_COMMITTED = "SeedCommitted"  # {commitment, log_index}
SHUFFLE_APPLIED = "ShuffleApplied"  # {deck, k, order}  (secret until the game ends)
GAME_OVER = "GameOver"            # {game, game_id, players, points, placings, team_won, difficulty, ranked}
SEED_REVEALED = "SeedRevealed"    # {server_seed}

# Live tables (docs/live-tables.md): clocks, presence, bot takeover, cancellation. Written by
# the runtime beside the rules' events; every seat may see them; an audit skips them.
CLOCK_SET = "ClockSet"                      # {initial_ms, increment_ms, on_timeout: "bot" | "forfeit"}
TIME_RECORDED = "TimeRecorded"              # {at_ms, banks: {player: ms}}: every seat's bank at at_ms
TIMED_OUT = "TimedOut"                      # {player, seat}: the seat's bank ran out
BOT_MOVED = "BotMoved"                      # {player, seat, reason: "timeout" | "takeover"}: this command's
                                            # move was played by the seat's bot
FORFEITED = "Forfeited"                     # {player, seat}
PLAYER_CONNECTED = "PlayerConnected"        # {player, seat}
PLAYER_DISCONNECTED = "PlayerDisconnected"  # {player, seat}
BOT_TOOK_OVER = "BotTookOver"               # {player, seat, reason}: the `takeover` event
PLAYER_RETURNED = "PlayerReturned"          # {player, seat}: the `return` event
GAME_CANCELLED = "GameCancelled"            # {reason}: the game ends unplayed and unrated
LIVE_EVENTS = frozenset({CLOCK_SET, TIME_RECORDED, TIMED_OUT, BOT_MOVED, FORFEITED, PLAYER_CONNECTED,
                         PLAYER_DISCONNECTED, BOT_TOOK_OVER, PLAYER_RETURNED, GAME_CANCELLED})

RUNTIME_EVENTS = frozenset({GAME_CREATED, SEED_COMMITTED, SHUFFLE_APPLIED, GAME_OVER, SEED_REVEALED}) | LIVE_EVENTS
# Runtime events a seat may see as they are; ShuffleApplied would expose the deck order.
PUBLIC_RUNTIME_EVENTS = frozenset({GAME_CREATED, SEED_COMMITTED, GAME_OVER, SEED_REVEALED}) | LIVE_EVENTS

# The bytes of "GameOver" as a JSON string in a body the store wrote (orjson never escapes
# letters): a body without them holds no GameOver and needs no parsing.
GAME_OVER_TOKEN = b'"GameOver"'


class BadBody(ValueError):
    """A stored message that does not follow this contract; the message says how."""


@dataclass(frozen=True)
class StoredBody:
    command_id: str
    version: int
    recorded_at: str
    events: list[dict[str, Any]]
    digest: str = ""  # of the move the command carried; "" when none was stored
    move: dict[str, Any] | None = None  # {"seat": int, "move": {...}}; None when none was stored


def forfeit_game_over(game: str, game_id: str, players, seat: int, ranked: bool) -> dict[str, Any]:
    """The GameOver data of a competitive game ended by `seat`'s forfeit: that seat last, every
    other seat shares first place; no points (the game was not played to its end)."""
    n = len(players)
    return {"game": game, "game_id": game_id, "players": list(players), "points": [0] * n,
            "placings": [n if s == seat else 1 for s in range(n)], "team_won": None, "difficulty": None,
            "ranked": bool(ranked), "forfeited": int(seat)}


def record(event_type: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"type": event_type, "schema_version": 1, "data": data}


def subject_for(game: str, game_id: str) -> str:
    return f"{SUBJECT_PREFIX}.{game}.{game_id}"


def parse_subject(subject: str, prefix: str = SUBJECT_PREFIX) -> tuple[str, str]:
    """(game, game_id) of `<prefix>.<game>.<game_id>`; BadBody otherwise."""
    tokens = subject.split(".")
    if len(tokens) != len(prefix.split(".")) + 2 or not subject.startswith(prefix + "."):
        raise BadBody(f"subject {subject!r} is not {prefix}.<game>.<game_id>")
    return tokens[-2], tokens[-1]


def command_move(seat: int, move: Mapping[str, Any]) -> dict[str, Any]:
    """The `move` of a stored body: which seat asked for which move."""
    return {"seat": int(seat), "move": dict(move)}


def check_move(move: Any) -> dict[str, Any] | None:
    """A stored body's `move` as it must be (None for none); BadBody naming what is wrong."""
    if move is None:
        return None
    if not (isinstance(move, dict) and set(move) == {"seat", "move"} and isinstance(move["seat"], int)
            and not isinstance(move["seat"], bool) and move["seat"] >= 0 and isinstance(move["move"], dict)):
        raise BadBody("the command's move is not {\"seat\": int, \"move\": {...}}")
    return move


def encode_body(command_id: str, version: int, recorded_at: str, events, digest: str = "",
                move: Mapping[str, Any] | None = None) -> bytes:
    body = {"command_id": command_id, "version": version, "recorded_at": recorded_at,
            "events": [dict(e) for e in events]}
    if digest:
        body["digest"] = digest
    if move is not None:
        body["move"] = check_move(dict(move))
    return orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS)


def decode_body(data: bytes) -> StoredBody:
    """The stored body; BadBody naming what is wrong."""
    try:
        body = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise BadBody(f"the message is not JSON: {exc}") from None
    if not isinstance(body, dict) or not isinstance(body.get("events"), list):
        raise BadBody("the message has no events list")
    if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in body["events"]):
        raise BadBody("an event has no type")
    try:
        stored = StoredBody(str(body["command_id"]), int(body["version"]), str(body["recorded_at"]), body["events"],
                            str(body.get("digest") or ""))
    except (KeyError, TypeError, ValueError):
        raise BadBody("the message lacks command_id, version or recorded_at") from None
    move = check_move(body.get("move"))
    return stored if move is None else replace(stored, move=move)


def may_hold_game_over(data: bytes) -> bool:
    """False for a body that needs no reading: a whole JSON object (starts with {, ends with })
    in which no string can be "GameOver". A JSON string equal to GameOver is either these ten
    bytes or uses a \\u escape (no other escape yields a letter). Anything else - broken,
    truncated, other encodings - is read, and refused if it cannot be understood."""
    return (GAME_OVER_TOKEN in data or b"\\u" in data
            or not (data.startswith(b"{") and data.endswith(b"}")))
