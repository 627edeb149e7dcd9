"""Player names: one rule wherever a name enters (a sign-in, a token minted, a ticket, a table).

A name is shown to other people: on a terminal, in a browser, in a log line, on a board. So it is
1 to MAX_NAME characters of letters, digits and combining marks (any script), and the few
punctuation marks in PUNCTUATION, nothing else: no control characters (NUL, BEL, ESC and so no
ANSI sequences, DEL), no blanks, no zero-width or bidi override characters (Unicode's format
characters), no `<`, `>`, `&` or quotes (so `<script>` is refused, not escaped), no symbols.

Some names belong to the stack itself and are reserved (`reserved`): services are `svc:<name>`
(a service token only), `operator...` is an operator's, and `bot-...` are bots' (the house bots
are `bot-<game>-...`, services/matchmaking/botfill.py; `foodgames bots` names `bot-<tag>-N`).
A person signing in (the gateway's dev sign-in, an identity provider's token) may take none of
them, so nobody can sign in as a live house bot and see its hand. Whoever holds the stack's token
key (the house, `foodgames bots`, the operator's `foodgames token`) may mint a bot's name.
"""
from __future__ import annotations

import unicodedata
from typing import Sequence

from shared.moves import quote

MAX_NAME = 64
PUNCTUATION = frozenset("-_.@+|")  # emails and identity providers' subjects (auth0|123) need these
SERVICE_PREFIX = "svc:"
BOT_PREFIX = "bot-"
OPERATOR_PREFIX = "operator"
RESERVED = (SERVICE_PREFIX, OPERATOR_PREFIX, BOT_PREFIX)


def house_bot_prefix(game: str) -> str:
    """The names of the house's bots of `game` (apps/bots/house.py names them so; the
    matchmaker's bot fill and the runtime's abandoned tables tell them by it)."""
    return f"{BOT_PREFIX}{game}-"


def is_house_bot(player: str, game: str) -> bool:
    """Whether `player` is one of the house's bots of `game` (by its name: house_bot_prefix)."""
    return player.startswith(house_bot_prefix(game))


def bots_at_table(players: Sequence[str]) -> dict[str, int]:
    """How a table's bots read at it, by number: a bot's name ("bot-foodie-forest-d0ba-12") is an
    id a player has no use for, so at the table each is "Bot 1", "Bot 2" ... in seat order, or
    "Bot" where it is the only one (0 here; the texts' `player-bot`)."""
    bots = [p for p in players if reserved(p) == BOT_PREFIX]
    return {bots[0]: 0} if len(bots) == 1 else {bot: number for number, bot in enumerate(bots, 1)}


class InvalidName(ValueError):
    """A name the rule refuses; the message says why, in words."""


def problem(name: object) -> str | None:
    """What is wrong with `name` as a name (None: nothing)."""
    if not isinstance(name, str) or not name:
        return f"a player name is 1 to {MAX_NAME} characters"
    if len(name) > MAX_NAME:
        return f"a player name is at most {MAX_NAME} characters, not {len(name)}"
    if unicodedata.category(name[0]).startswith("M"):
        return f"a player name starts with a letter, digit or {_marks()}, not a combining mark"
    for ch in name:
        kind = unicodedata.category(ch)
        if kind[0] in "LN" or kind[0] == "M" or ch in PUNCTUATION:
            continue
        return (f"a player name holds letters, digits and {_marks()} only; "
                f"{quote(name)} holds {_describe(ch)}")
    return None


def check(name: object) -> str:
    """`name` if it is a well-formed name (InvalidName saying why not)."""
    wrong = problem(name)
    if wrong is not None:
        raise InvalidName(wrong)
    return name  # type: ignore[return-value]


def reserved(name: str) -> str | None:
    """The reserved prefix `name` starts with (case and width folded), or None."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return next((prefix for prefix in RESERVED if folded.startswith(prefix)), None)


def check_chosen(name: object) -> str:
    """A name a person chose for themself at sign-in: well-formed and not reserved."""
    check(name)
    prefix = reserved(name)  # type: ignore[arg-type]
    if prefix is not None:
        raise InvalidName(f"names starting with {prefix!r} belong to the stack's {_owner(prefix)}; "
                          f"choose another name")
    return name  # type: ignore[return-value]


def check_seated(name: object) -> str:
    """A name at a table or in a queue: well-formed, and a player's (a bot's too), never a
    service's or an operator's."""
    check(name)
    prefix = reserved(name)  # type: ignore[arg-type]
    if prefix in (SERVICE_PREFIX, OPERATOR_PREFIX):
        raise InvalidName(f"{quote(name)} is not a player: names starting with {prefix!r} belong to the "
                          f"stack's {_owner(prefix)}")
    return name  # type: ignore[return-value]


def check_identity(name: object, role: str) -> str:
    """The name of a token of `role`: a service's is `svc:<name>`, a player's is a seated name
    (a bot's too: its minter holds the key), an operator's any well-formed name."""
    if role == "service":
        if not isinstance(name, str) or not name.startswith(SERVICE_PREFIX):
            raise InvalidName(f"a service's name is {SERVICE_PREFIX}<name>, not {quote(name)}")
        check(name[len(SERVICE_PREFIX):])
        return name
    if role == "operator":
        return check(name)
    return check_seated(name)


def _marks() -> str:
    return " ".join(sorted(PUNCTUATION))


def _owner(prefix: str) -> str:
    return {SERVICE_PREFIX: "services", OPERATOR_PREFIX: "operators", BOT_PREFIX: "bots"}[prefix]


def _describe(ch: str) -> str:
    kind = unicodedata.category(ch)
    if ch.isspace():
        return "a blank"
    if kind == "Cc":
        return f"a control character (U+{ord(ch):04X})"
    if kind == "Cf":
        return f"an invisible formatting character (U+{ord(ch):04X}, e.g. zero-width or right-to-left)"
    return f"the character {ch!r}" if ch.isprintable() else f"the character U+{ord(ch):04X}"
