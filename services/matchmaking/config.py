"""The matchmaker's timings and limits. Every value is a constructor argument
(tests use short ones) and can be set from the environment:

  FOODGAMES_MM_PASS_INTERVAL_S   seconds between matching passes (default 1.0; at most 1.0 is advised)
  FOODGAMES_MM_EXPANSIONS        rating window steps "WAIT:DISTANCE,...", e.g. "0:2,15:5,30:10,60:inf":
                                 after WAIT seconds of waiting a table may span DISTANCE in mu
  FOODGAMES_MM_MAX_WAIT_S        a ticket still searching after this long expires (default 300)
  FOODGAMES_MM_PRESENCE_S        a searching ticket nobody watched or asked about for this long is
                                 expired, not matched: its players left (default 8; 0 turns it off)
  FOODGAMES_MM_CLAIM_LEASE_S     how long a replica may take to create a claimed table before
                                 another replica takes the table over (default 15)
  FOODGAMES_MM_CREATE_TIMEOUT_S  deadline of one CreateGame call (default 5)
  FOODGAMES_MM_BATCH             oldest tickets per queue looked at in one pass (default 5000)
  FOODGAMES_MM_PREFIX            Redis key prefix (default "mm")
  FOODGAMES_MM_BOT_FILL_AFTER_S  ask the house bots (matchmaking.bots.wanted) for the missing seats
                                 once a human's queue was quiet this long (default: unset, off;
                                 `foodgames up` sets 3; services/matchmaking/botfill.py)
  FOODGAMES_MM_RANKED_CLOCK      the turn clock of ranked tables, "INITIAL+INCREMENT:ON_TIMEOUT" in seconds,
                                 e.g. "120+5:forfeit" (the default: strict); "off" for none
  FOODGAMES_MM_CASUAL_CLOCK      the same for casual tables (default "600+30:bot", CASUAL_CLOCK:
                                 generous) (docs/live-tables.md)
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass, replace

@dataclass(frozen=True)
class QueueClock:
    """The turn clock a queue gives its tables (CreateGameRequest.clock; docs/live-tables.md)."""

    initial_s: int
    increment_s: int = 0
    on_timeout: str = "bot"  # "bot" | "forfeit"

    def __post_init__(self):
        if self.initial_s <= 0 or self.increment_s < 0 or self.on_timeout not in ("bot", "forfeit"):
            raise ValueError("a queue clock is INITIAL+INCREMENT:bot|forfeit with INITIAL > 0, e.g. 120+5:forfeit")

    def __str__(self) -> str:
        return f"{self.initial_s}+{self.increment_s}:{self.on_timeout}"


def parse_clock(text: str) -> QueueClock | None:
    """"120+5:forfeit" -> QueueClock(120, 5, "forfeit"); "off" -> None."""
    text = text.strip()
    if text.lower() in ("off", "none", ""):
        return None
    times, _, on_timeout = text.partition(":")
    initial, _, increment = times.partition("+")
    try:
        seconds = int(initial), int(increment or 0)
    except ValueError:
        raise ValueError(f"clock {text[:40]!r} is not INITIAL+INCREMENT:bot|forfeit in seconds, e.g. 120+5:forfeit, "
                         f"or off") from None
    return QueueClock(*seconds, on_timeout or "bot")


RANKED_CLOCK = QueueClock(120, 5, "forfeit")  # strict: Fischer 2 min + 5 s, out of time forfeits
CASUAL_CLOCK = QueueClock(600, 30, "bot")  # generous: 10 min + 30 s, out of time the bot moves

DEFAULT_EXPANSIONS: tuple[tuple[float, float], ...] = ((0.0, 2.0), (15.0, 5.0), (30.0, 10.0), (60.0, math.inf))


def parse_expansions(text: str) -> tuple[tuple[float, float], ...]:
    """"0:2,15:5,60:inf" -> ((0, 2), (15, 5), (60, inf)), checked and sorted."""
    steps = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            wait, distance = part.split(":")
            steps.append((float(wait), float(distance)))
        except ValueError:
            raise ValueError(f"expansion step {part!r} is not WAIT:DISTANCE (e.g. 15:5)") from None
    return check_expansions(steps)


def check_expansions(steps) -> tuple[tuple[float, float], ...]:
    steps = tuple(sorted((float(w), float(d)) for w, d in steps))
    if not steps or steps[0][0] != 0:
        raise ValueError("the rating window steps must start at 0 seconds of waiting")
    for (_, d1), (_, d2) in zip(steps, steps[1:]):
        if d2 < d1:
            raise ValueError("the rating window may only widen with waiting time")
    if any(d < 0 for _, d in steps):
        raise ValueError("a rating distance cannot be negative")
    return steps


@dataclass(frozen=True)
class MatchmakingConfig:
    pass_interval_s: float = 1.0
    expansions: tuple[tuple[float, float], ...] = DEFAULT_EXPANSIONS
    max_wait_s: float = 300.0
    claim_lease_s: float = 15.0
    create_timeout_s: float = 5.0
    create_attempts: int = 2  # a CreateGame that timed out or found no server is retried (same game id)
    batch: int = 5000
    prefix: str = "mm"
    finished_ttl_s: int = 24 * 3600  # how long a final ticket stays readable
    ratings_timeout_s: float = 1.0
    use_queue_lock: bool = True  # replicas take turns per queue (an optimisation; claims stay atomic)
    max_concurrent_creates: int = 64
    # A ticket's players are there while one of them watches it (WatchTicket refreshes this
    # every watch poll) or asked about it lately; a ticket unseen this long is expired instead
    # of seating players who left (a client gone during a Valkey outage, say). None: off.
    presence_timeout_s: float | None = 8.0
    # A party's invitation (a player's ticket naming others) waits this long for every member
    # to accept it, then expires.
    invitation_ttl_s: float = 300.0
    # A private table's invite code works this long unless the table starts first (docs/friends.md).
    private_table_ttl_s: float = 1800.0
    # A ranked private table seats only players whose mu lies this close to the host's (docs/friends.md).
    private_ranked_gap: float = 10.0
    # Bot fill (botfill.py): seconds a queue with a human in it stays quiet before the house
    # bots are asked for the missing seats. None: off (production).
    bot_fill_after_s: float | None = None
    # the turn clocks of the tables each kind of queue makes (None: no clock)
    ranked_clock: QueueClock | None = RANKED_CLOCK
    casual_clock: QueueClock | None = CASUAL_CLOCK

    def __post_init__(self):
        object.__setattr__(self, "expansions", check_expansions(self.expansions))
        if self.pass_interval_s <= 0 or self.max_wait_s <= 0 or self.claim_lease_s <= 0:
            raise ValueError("matchmaking timings must be positive")
        if self.claim_lease_s <= self.create_timeout_s * self.create_attempts:
            raise ValueError(f"claim_lease_s ({self.claim_lease_s:g}) must exceed create_timeout_s x create_attempts "
                             f"({self.create_timeout_s:g} x {self.create_attempts}): otherwise another replica takes "
                             "over tables that are still being created")

    def window(self, waited_s: float) -> float:
        """The rating distance a table may span once its oldest ticket waited `waited_s`."""
        distance = self.expansions[0][1]
        for wait, d in self.expansions:
            if waited_s >= wait:
                distance = d
        return distance

    @classmethod
    def from_env(cls, env: dict | None = None, **overrides) -> "MatchmakingConfig":
        env = dict(os.environ if env is None else env)
        kwargs: dict = {}
        floats = {"FOODGAMES_MM_PASS_INTERVAL_S": "pass_interval_s", "FOODGAMES_MM_MAX_WAIT_S": "max_wait_s",
                  "FOODGAMES_MM_CLAIM_LEASE_S": "claim_lease_s",
                  "FOODGAMES_MM_CREATE_TIMEOUT_S": "create_timeout_s",
                  "FOODGAMES_MM_PRESENCE_S": "presence_timeout_s"}
        for var, name in floats.items():
            if env.get(var):
                try:
                    kwargs[name] = float(env[var])
                except ValueError:
                    raise ValueError(f"{var}={env[var]!r} is not a number") from None
        if env.get("FOODGAMES_MM_BATCH"):
            kwargs["batch"] = int(env["FOODGAMES_MM_BATCH"])
        if env.get("FOODGAMES_MM_EXPANSIONS"):
            kwargs["expansions"] = parse_expansions(env["FOODGAMES_MM_EXPANSIONS"])
        for var, name in (("FOODGAMES_MM_RANKED_CLOCK", "ranked_clock"), ("FOODGAMES_MM_CASUAL_CLOCK", "casual_clock")):
            if env.get(var):
                kwargs[name] = parse_clock(env[var])
        if env.get("FOODGAMES_MM_PREFIX"):
            kwargs["prefix"] = env["FOODGAMES_MM_PREFIX"]
        if kwargs.get("presence_timeout_s") == 0:
            kwargs["presence_timeout_s"] = None
        kwargs.update(bot_fill_from_env(env))
        kwargs.update(overrides)
        return cls(**kwargs)

    @property
    def bot_fill(self) -> bool:
        return self.bot_fill_after_s is not None

    def clock_for(self, ranked: bool) -> QueueClock | None:
        return self.ranked_clock if ranked else self.casual_clock

    def with_(self, **changes) -> "MatchmakingConfig":
        return replace(self, **changes)


def bot_fill_from_env(env) -> dict:
    """{"bot_fill_after_s": seconds} from FOODGAMES_MM_BOT_FILL_AFTER_S; {} when unset, 0 or off."""
    text = (env.get("FOODGAMES_MM_BOT_FILL_AFTER_S") or "").strip().lower()
    if text in ("", "0", "off"):
        return {}
    try:
        seconds = float(text)
    except ValueError:
        raise ValueError(f"FOODGAMES_MM_BOT_FILL_AFTER_S={text[:20]!r} is not a number of seconds") from None
    if seconds < 0:
        raise ValueError("FOODGAMES_MM_BOT_FILL_AFTER_S cannot be negative")
    return {"bot_fill_after_s": seconds}
