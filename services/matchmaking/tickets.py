"""A matchmaking ticket as stored in Redis, shown over gRPC and sent on NATS."""
from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from typing import Any, Mapping

import orjson
from foodgames.v1 import matchmaking_pb2 as pb
from google.protobuf.timestamp_pb2 import Timestamp

from services.matchmaking import reasons
from shared.i18n import DEFAULT
from shared.protojson import to_struct

INVITING = "inviting"  # a party's invitation: waiting for every member to accept (not queued)
SEARCHING = "searching"
CLAIMED = "claimed"  # internal: a replica is creating the table; shown as SEARCHING
MATCHED = "matched"
CANCELLED = "cancelled"
EXPIRED = "expired"
FINAL_STATES = (MATCHED, CANCELLED, EXPIRED)

_PROTO_STATE = {INVITING: pb.TICKET_STATE_INVITING, SEARCHING: pb.TICKET_STATE_SEARCHING, CLAIMED: pb.TICKET_STATE_SEARCHING,
                MATCHED: pb.TICKET_STATE_MATCHED, CANCELLED: pb.TICKET_STATE_CANCELLED,
                EXPIRED: pb.TICKET_STATE_EXPIRED}

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0


def options_key(options: Mapping[str, Any]) -> str:
    """Game options as a queue name part: canonical JSON in URL-safe base64 (no ':', no '{'
    that would end up in a Redis key's hash tag)."""
    if not options:
        return ""
    raw = json.dumps(dict(options), sort_keys=True, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def queue_name(game: str, ranked: bool, options: Mapping[str, Any] | None = None) -> str:
    """Tickets of one queue may share a table: same game, same ranked flag, same options."""
    base = f"{game}:{'ranked' if ranked else 'casual'}"
    key = options_key(options or {})
    return f"{base}:{key}" if key else base


def parse_queue(queue: str) -> tuple[str, bool, dict[str, Any]]:
    """(game, ranked, options) of a queue name."""
    game, kind, *rest = queue.split(":")
    options: dict[str, Any] = {}
    if rest and rest[0]:
        options = json.loads(base64.urlsafe_b64decode(rest[0] + "=" * (-len(rest[0]) % 4)))
    return game, kind == "ranked", options


@dataclass(frozen=True)
class Ticket:
    ticket_id: str
    game: str
    players: tuple[str, ...]
    min_players: int
    max_players: int
    ranked: bool
    state: str
    created_at: float  # when queued (epoch seconds); waiting time counts from here
    updated_at: float
    version: int
    ratings: tuple[tuple[float, float], ...] = ()  # (mu, sigma) per party member
    game_id: str = ""
    seats: Mapping[str, int] = field(default_factory=dict)
    table_size: int = 0
    reason: str = ""
    match_id: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    # the members who agreed to play together (the inviter first); all of them once it queues
    accepted: tuple[str, ...] = ()

    @property
    def queue(self) -> str:
        return queue_name(self.game, self.ranked, self.options)

    @property
    def public_state(self) -> str:
        return SEARCHING if self.state == CLAIMED else self.state

    @property
    def final(self) -> bool:
        return self.state in FINAL_STATES

    @property
    def mu(self) -> float:
        """The party's rating for matching: the mean mu of its members."""
        return sum(m for m, _ in self.ratings) / len(self.ratings) if self.ratings else DEFAULT_MU

    # -- Redis hash ---------------------------------------------------------------------

    def to_hash(self) -> dict[str, str]:
        return {"ticket_id": self.ticket_id, "game": self.game, "players": json.dumps(list(self.players)),
                "min": str(self.min_players), "max": str(self.max_players), "ranked": "1" if self.ranked else "0",
                "state": self.state, "created_at": repr(self.created_at), "updated_at": repr(self.updated_at),
                "version": str(self.version), "ratings": json.dumps([list(r) for r in self.ratings]),
                "game_id": self.game_id, "seats": json.dumps(dict(self.seats)),
                "table_size": str(self.table_size), "reason": self.reason, "match_id": self.match_id,
                "options": json.dumps(dict(self.options), sort_keys=True),
                "accepted": json.dumps(list(self.accepted or self.players))}

    @classmethod
    def from_hash(cls, h: Mapping[Any, Any]) -> "Ticket":
        # orjson: a matched table's tickets are read back by the thousand per second
        d = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
             for k, v in h.items()}
        return cls(ticket_id=d["ticket_id"], game=d["game"], players=tuple(orjson.loads(d["players"])),
                   min_players=int(d["min"]), max_players=int(d["max"]), ranked=d.get("ranked") == "1",
                   state=d["state"], created_at=float(d["created_at"]), updated_at=float(d["updated_at"]),
                   version=int(d["version"]), ratings=tuple(tuple(r) for r in orjson.loads(d.get("ratings") or "[]")),
                   game_id=d.get("game_id", ""), seats=orjson.loads(d.get("seats") or "{}"),
                   table_size=int(d.get("table_size") or 0), reason=d.get("reason", ""),
                   match_id=d.get("match_id", ""), options=orjson.loads(d.get("options") or "{}"),
                   accepted=tuple(orjson.loads(d.get("accepted") or "null") or orjson.loads(d["players"])))

    def summary(self) -> str:
        """What the matcher needs, kept per queue so that a pass reads one hash."""
        return json.dumps({"n": list(self.players), "p": len(self.players), "lo": self.min_players, "hi": self.max_players,
                           "t": self.created_at, "r": [list(r) for r in self.ratings]}, separators=(",", ":"))

    # -- wire ---------------------------------------------------------------------------

    def to_proto(self, language: str = DEFAULT) -> pb.Ticket:
        """The ticket on the wire, its reason in English and (reason_message) in `language`."""
        return pb.Ticket(ticket_id=self.ticket_id, game=self.game, players=list(self.players),
                         min_players=self.min_players, max_players=self.max_players, ranked=self.ranked,
                         state=_PROTO_STATE[self.state], created_at=_ts(self.created_at),
                         updated_at=_ts(self.updated_at), version=self.version, game_id=self.game_id,
                         seats=[pb.SeatAssignment(player=p, seat=s) for p, s in self.seats.items()],
                         table_size=self.table_size, reason=reasons.text(self.reason),
                         options=to_struct(dict(self.options)) if self.options else None,
                         accepted=list(self.accepted or self.players),
                         reason_message=reasons.message(self.reason, language))

    def event(self) -> dict[str, Any]:
        """The JSON body of matchmaking.ticket.<state>.<ticket_id>."""
        return {"ticket_id": self.ticket_id, "game": self.game, "players": list(self.players),
                "options": dict(self.options),
                "min_players": self.min_players, "max_players": self.max_players, "ranked": self.ranked,
                "state": self.public_state, "version": self.version, "created_at": self.created_at,
                "updated_at": self.updated_at, "game_id": self.game_id or None,
                "seats": dict(self.seats) or None, "table_size": self.table_size or None,
                "reason": reasons.text(self.reason) or None, "accepted": list(self.accepted or self.players)}


def _ts(seconds: float) -> Timestamp:
    ts = Timestamp()
    ts.FromNanoseconds(int(seconds * 1e9))
    return ts
