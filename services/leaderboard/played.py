"""Who played which game: every finished or cancelled game, casual and ranked, indexed by player
for ListPlayerGames (a player's page, issue 32).

A durable pull consumer of its own (`player-games`) on the GAMES stream, beside the rating
consumer and independent of it: it writes only its own keys, and every write is idempotent
(the same game gives the same keys and values), so redeliveries and any order are harmless and
it needs none of the rating consumer's in-order machinery (consumer.py).

  lb:pg:<player>     zset    "<game>/<game_id>" scored by the end time (newest first on reading)
  lb:pgd:<game_id>   string  the game's JSON: game, game_id, at, cancelled, reason, ranked,
                             players, placings, points

A cancelled game's event names no players: they come from the game's GameCreated.
"""
from __future__ import annotations

import asyncio
import json
from typing import Any

from nats.js import api

from services.leaderboard.ratings import parse_time
from shared import gamestream, telemetry

log = telemetry.get_logger("leaderboard.played")

DURABLE = "player-games"
KEEP_S = 400 * 24 * 3600  # a game stays on its players' pages this long
_TOKENS = (gamestream.GAME_OVER_TOKEN, b'"GameCancelled"')


def player_key(player: str) -> str:
    return f"lb:pg:{player}"


def game_key(game_id: str) -> str:
    return f"lb:pgd:{game_id}"


class PlayedIndex:
    def __init__(self, redis):
        self.r = redis

    async def record(self, entry: dict[str, Any]) -> None:
        member = f"{entry['game']}/{entry['game_id']}"
        async with self.r.pipeline(transaction=True) as pipe:
            pipe.set(game_key(entry["game_id"]), json.dumps(entry, separators=(",", ":")), ex=KEEP_S)
            for player in entry["players"]:
                pipe.zadd(player_key(player), {member: entry["at"]})
                pipe.expire(player_key(player), KEEP_S)
            await pipe.execute()

    async def page(self, player: str, game: str, size: int, before: float | None) -> tuple[list[dict], float | None]:
        """Up to `size` games of the player ended before `before` (None: the newest), newest first;
        and the cursor of the next page (None: no more)."""
        high = f"({before!r}" if before is not None else "+inf"
        found: list[dict] = []
        cursor = high
        while len(found) < size:
            rows = await self.r.zrevrangebyscore(player_key(player), cursor, "-inf", start=0, num=size * 2,
                                                 withscores=True)
            if not rows:
                return found, None
            for member, score in rows:
                g = member.decode().split("/", 1)[0]
                cursor = f"({score!r}"
                if game and g != game:
                    continue
                raw = await self.r.get(game_key(member.decode().split("/", 1)[1]))
                if raw:
                    found.append(json.loads(raw))
                if len(found) == size:
                    return found, score
        return found, None


def entries_of(subject: str, data: bytes, prefix: str = gamestream.SUBJECT_PREFIX) -> list[dict[str, Any]]:
    """The finished or cancelled games in one stream message (usually none). A cancelled entry's
    players are filled in by the consumer (from the game's GameCreated)."""
    if not any(t in data for t in _TOKENS):
        return []
    try:
        body = gamestream.decode_body(data)
        game, game_id = gamestream.parse_subject(subject, prefix)
    except gamestream.BadBody:
        return []
    at = parse_time(body.recorded_at)
    out = []
    for e in body.events:
        d = e.get("data") if isinstance(e.get("data"), dict) else {}
        if e.get("type") == gamestream.GAME_OVER:
            out.append({"game": game, "game_id": game_id, "at": at, "cancelled": False, "reason": "",
                        "ranked": d.get("ranked") is not False, "players": list(d.get("players") or []),
                        "placings": list(d.get("placings") or []), "points": list(d.get("points") or [])})
        elif e.get("type") == gamestream.GAME_CANCELLED:
            # `left`: who left an abandoned table (None: nobody came), for the cancel's message
            left = [str(p) for p in d.get("players") or []] if d.get("seats") is not None else None
            out.append({"game": game, "game_id": game_id, "at": at, "cancelled": True,
                        "reason": str(d.get("reason") or ""), "ranked": False, "players": [],
                        "placings": [], "points": [], "left": left})
    return out


class PlayedConsumer:
    def __init__(self, nc, index: PlayedIndex, events, stream: str = gamestream.STREAM,
                 durable: str = DURABLE, prefix: str = gamestream.SUBJECT_PREFIX):
        self.nc, self.index, self.events = nc, index, events
        self.stream, self.durable, self.prefix = stream, durable, prefix

    async def _players(self, subject: str) -> tuple[list[str], bool]:
        for e in await self.events.read(subject):
            if e.type == gamestream.GAME_CREATED:
                return list(e.data.get("players") or []), bool(e.data.get("ranked"))
        return [], False

    async def run(self) -> None:
        js = self.nc.jetstream()
        sub = await js.pull_subscribe(f"{self.prefix}.>", durable=self.durable, stream=self.stream,
                                      config=api.ConsumerConfig(ack_policy=api.AckPolicy.EXPLICIT, ack_wait=30,
                                                                max_deliver=-1))
        try:
            while True:
                try:
                    messages = await sub.fetch(256, timeout=2.0)
                except asyncio.TimeoutError:
                    continue
                except Exception as exc:  # noqa: BLE001 - nats.errors.TimeoutError and friends
                    if "timeout" in type(exc).__name__.lower():
                        continue
                    raise
                for msg in messages:
                    for entry in entries_of(msg.subject, msg.data, self.prefix):
                        if entry["cancelled"]:
                            entry["players"], entry["ranked"] = await self._players(msg.subject)
                        if entry["players"]:
                            await self.index.record(entry)
                    await msg.ack()
        finally:
            # a fetch cancelled mid-way leaves its inbox's queue unjoined: left subscribed,
            # the connection's drain would wait on it until the process is killed
            try:
                await sub.unsubscribe()
            except Exception:  # noqa: BLE001 - the connection may already be gone
                pass


async def supervise(consumer: PlayedConsumer) -> None:
    """Run the consumer; start it again after an error (NATS or Valkey away)."""
    while True:
        try:
            await consumer.run()
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("the player-games consumer stopped; again in 1 s")
            await asyncio.sleep(1.0)
