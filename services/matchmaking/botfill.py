"""Bot fill: when a human waits in a quiet queue, ask the house bots for the missing seats.

Pure (no I/O, no clock: the caller passes `now`). The engine calls `bots_wanted` on every
pass of a queue with the tickets that found no table in that pass. Bots are asked for when

  - some ticket holds a player who is not a house bot (house bots never ask for more bots),
  - and the queue has been quiet for `after_s`: its NEWEST unmatched ticket waited that long.
    While people keep arriving the matchmaker lets them fill the table themselves; bots come
    only once nobody new has come for a while (for a lone player that is simply `after_s`
    after queueing).

The table is sized for the longest waiting human ticket (the anchor): the smallest size it
accepts (fewest bots, quickest game). The bots asked for are the seats that the waiting
tickets accepting that size do not already fill. When those tickets fill it and still formed
no table (their ratings are too far apart for the window yet), no bots are asked for: the
window widens with waiting instead.

The engine sends the answer on BOTS_WANTED_SUBJECT at most once per `after_s` per queue
(a Redis key with that lifetime, so several replicas ask once between them too), as a NATS
request (services/matchmaking/housebots.py): the house that takes it answers how many bots it
started. When the house cannot seat them all (it is at its budget, or none is listening: a house
at its budget leaves the queue group until a seat frees), the waiting ticket says so in its
`reason` (NO_HOUSE_BOTS, `ticket_note`) instead of leaving the player to wait in silence; the
bots are asked for again one period later, and the note goes once a house seats them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from services.matchmaking import reasons
from shared.errors import InvalidArgument
from shared.names import is_house_bot

BOTS_WANTED_SUBJECT = "matchmaking.bots.wanted"

# The queue option a player sets to choose the house bots' level at a casual table (easy:
# random, normal: the game's heuristic, strong: its search bot; apps/bots/base.py). It is part
# of the queue (players asking for strong bots wait together) and never reaches the game's own
# options. Ranked queues take none: their house bots play the operator's level
# (FOODGAMES_HOUSE_BOTS_RANKED_LEVEL, apps/bots/house.py).
BOT_LEVEL = "bot_level"
BOT_LEVELS = ("easy", "normal", "strong")
# What a casual ticket without a level gets (apps/bots/base.py DEFAULT_LEVEL is this one): a
# ticket naming it is in the same queue as one naming none (normal_options), so a web player
# (whose play page always names a level) meets the terminal's and the SDK's players.
DEFAULT_BOT_LEVEL = "normal"


class BadBotLevel(InvalidArgument):
    """A ticket's bot_level the queue does not take (a refusal as it stands: key and values)."""


def split_bot_level(options: Mapping[str, Any], ranked: bool) -> tuple[dict[str, Any], str | None]:
    """(the game's options, the bots' level or None) of a ticket's options; BadBotLevel says
    what is wrong with the level."""
    game_options = {k: v for k, v in options.items() if k != BOT_LEVEL}
    if BOT_LEVEL not in options:
        return game_options, None
    level = options[BOT_LEVEL]
    if ranked:
        raise BadBotLevel("bot_level is for casual tables: ranked tables' house bots play at the operator's level",
                          key="bot-level-ranked")
    if level not in BOT_LEVELS:
        shown = str(level)[:20]
        raise BadBotLevel(f"bot_level must be one of {', '.join(BOT_LEVELS)}, not {shown!r}", key="bot-level-unknown",
                          level=shown, levels=", ".join(BOT_LEVELS))
    return game_options, level


def normal_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A ticket's options as its queue knows them: the default level said or not is one queue."""
    return {k: v for k, v in options.items() if not (k == BOT_LEVEL and v == DEFAULT_BOT_LEVEL)}


# What a waiting ticket says (its `reason`, state still searching) while the house cannot seat
# the bots it needs: one fixed message (reasons.py), shown in the player's language.
NO_HOUSE_BOTS = reasons.NO_HOUSE_BOTS


@dataclass(frozen=True)
class HouseAnswer:
    """What the house said to a request: how many of the bots asked for it started, and why not
    all ("" when all did)."""
    asked: int
    started: int
    why: str = ""

    @property
    def short(self) -> bool:
        return self.started < self.asked


def ticket_note(answer: HouseAnswer) -> str:
    """The reason a waiting ticket shows after this answer ("" : none, the bots are coming)."""
    return NO_HOUSE_BOTS if answer.short else ""


@dataclass(frozen=True)
class Waiting:
    """One unmatched searching ticket as bot fill sees it."""
    ticket_id: str
    players: tuple[str, ...]
    lo: int  # smallest acceptable table
    hi: int  # largest acceptable table
    enqueued_at: float

    @classmethod
    def from_summary(cls, ticket_id: str, s: Mapping[str, Any]) -> "Waiting":
        return cls(ticket_id, tuple(s.get("n") or ()), int(s["lo"]), int(s["hi"]), float(s["t"]))


@dataclass(frozen=True)
class BotRequest:
    ticket_id: str  # the human ticket the bots are for
    table_size: int
    count: int


def bots_wanted(game: str, waiting: Iterable[Waiting], now: float, after_s: float,
                min_players: int, max_players: int) -> BotRequest | None:
    """The bots the house should send to this queue now, or None."""
    tickets: Sequence[Waiting] = sorted(waiting, key=lambda w: w.enqueued_at)
    if not tickets or now - tickets[-1].enqueued_at < after_s:
        return None  # nobody waits, or someone arrived lately: let people fill the table
    humans = [t for t in tickets if any(not is_house_bot(p, game) for p in t.players)]
    if not humans:
        return None
    anchor = humans[0]
    size = min(max(anchor.lo, min_players), max_players)
    seated = sum(len(t.players) for t in tickets if t.lo <= size <= t.hi)
    if seated >= size:
        return None
    return BotRequest(anchor.ticket_id, size, size - seated)
