"""Why a ticket ended, or what it waits on (Ticket.reason), as a message every client can show in
its player's language: a key of shared/texts/*.ftl and its arguments, rendered per call
(Ticket.reason_message) and in English for `reason`, the NATS events and the logs.

The matchmaker stores a reason it wrote as `MARK` + JSON (key, args) in the ticket's hash, one
string as before, so the store's scripts compare and copy it unchanged; a reason a client gave
when it cancelled is stored as its words, shown as they are."""
from __future__ import annotations

from typing import Any

import orjson
from foodgames.v1 import event_pb2

from shared import games
from shared.i18n import DEFAULT, SHARED_TEXTS, Catalogue, Rendered
from shared.apimessage import message_of

MARK = "\x1e"  # ASCII record separator: no client's words start with it (client_words strips it)
TEXTS = Catalogue([SHARED_TEXTS])


def reason(key: str, **args: Any) -> str:
    """A reason of the matchmaker's, as stored: `key` of shared/texts and its arguments."""
    return MARK + orjson.dumps({"key": key, "args": args}).decode()


def client_words(text: str) -> str:
    """A client's own reason as stored: its words, never taken for one of ours."""
    return text.lstrip(MARK)


NO_HOUSE_BOTS = reason("ticket-no-house-bots")


def cancelled_by(player: str) -> str:
    return reason("ticket-cancelled-by", player=player)


def declined_by(player: str) -> str:
    return reason("ticket-declined-by", player=player)


def invitation_lapsed(seconds: float, waiting: list[str]) -> str:
    return reason("ticket-invitation-lapsed", seconds=seconds, waiting=", ".join(waiting))


def no_table(seconds: float, game: str, lo: int, hi: int) -> str:
    return reason("ticket-no-table", seconds=seconds, game=game, size=f"{lo}" if lo == hi else f"{lo}-{hi}")


def left(seconds: float) -> str:
    return reason("ticket-left", seconds=seconds)


def not_created(why: str) -> str:
    return reason("ticket-not-created", why=why[:300])


def _parse(stored: str) -> tuple[str, dict[str, Any]] | None:
    if not stored.startswith(MARK):
        return None
    try:
        body = orjson.loads(stored[len(MARK):])
        return str(body["key"]), dict(body.get("args") or {})
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
        return None


def _shown_args(args: dict[str, Any], language: str) -> dict[str, Any]:
    """The arguments as a player reads them: a game by its title in their language."""
    shown = dict(args)
    name = shown.get("game")
    if isinstance(name, str) and name in games.names():
        shown["game"] = games.title_of(name, language)
    return shown


def text(stored: str, language: str = DEFAULT) -> str:
    """The reason in `language` ("" for none; a client's words as they are)."""
    parsed = _parse(stored)
    if parsed is None:
        return stored
    key, args = parsed
    return TEXTS.text(key, _shown_args(args, language), language)


def message(stored: str, language: str = DEFAULT) -> event_pb2.Message | None:
    """Ticket.reason_message: key and args for a client's own wording, and the text to show; the
    key empty for a client's own words. None for no reason."""
    if not stored:
        return None
    parsed = _parse(stored)
    if parsed is None:
        return message_of(Rendered("", {}, stored))
    key, args = parsed
    return message_of(Rendered(key, args, TEXTS.text(key, _shown_args(args, language), language)))
