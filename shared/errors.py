"""Errors a handler raises; one interceptor (shared.service) maps them to gRPC
status codes, so servicers never touch status codes themselves."""
from __future__ import annotations

import functools
import re
from typing import Any

import grpc

from shared import rules
from shared.i18n import DEFAULT, Catalogue, Rendered


class AppError(Exception):
    """A refusal. As shared.rules.RulesError, `key` names its text `refused-<key>` (shared/texts/
    or the game's catalogue) and the keyword arguments are the text's named arguments; the
    message is the English text."""

    code = grpc.StatusCode.INTERNAL

    def __init__(self, message: str = "", *, key: str | None = None, **values: Any):
        super().__init__(message)
        self.key = key
        self.values = values


class InvalidArgument(AppError):
    code = grpc.StatusCode.INVALID_ARGUMENT


class NotFound(AppError):
    code = grpc.StatusCode.NOT_FOUND


class AlreadyExists(AppError):
    code = grpc.StatusCode.ALREADY_EXISTS


class FailedPrecondition(AppError):
    code = grpc.StatusCode.FAILED_PRECONDITION


class PermissionDenied(AppError):
    code = grpc.StatusCode.PERMISSION_DENIED


class Unauthenticated(AppError):
    code = grpc.StatusCode.UNAUTHENTICATED


class Aborted(AppError):
    code = grpc.StatusCode.ABORTED


class Unavailable(AppError):
    code = grpc.StatusCode.UNAVAILABLE


class ResourceExhausted(AppError):
    code = grpc.StatusCode.RESOURCE_EXHAUSTED


# Longest reason an error carries to a client or into a log line: a reason that quotes what a
# client sent must quote a short prefix (shared.moves.quote); this bounds any that does not.
MAX_REASON = 400


# A handler that quotes a client's value whole (an f-string's !r) is cut here, before the
# reason reaches the client or a log line: a quoted text (a repr, '...' or "...") longer than
# LONG_QUOTE characters, or an unbroken run longer than LONG_RUN, is a client's value, not an id
# the server made (those are at most 40 characters), and keeps only shared.moves.quote's prefix
# of QUOTE characters.
QUOTE = 24
LONG_QUOTE = 64
LONG_RUN = 80
_QUOTED = re.compile(r"""(?<!\w)(?:'((?:[^'\\\n]|\\.){%d,})'|"((?:[^"\\\n]|\\.){%d,})")(?!\w)"""
                     % (LONG_QUOTE + 1, LONG_QUOTE + 1))
_RUN = re.compile(r"\S{%d,}" % (LONG_RUN + 1))


def reason(exc: BaseException) -> str:
    """`exc`'s message with every quoted text cut to a short prefix (`cut_quotes`), at most
    MAX_REASON characters in all."""
    return shorten(cut_quotes(str(exc)))


def cut_quotes(text: str) -> str:
    """`text` with each quoted text longer than LONG_QUOTE characters and each unbroken run
    longer than LONG_RUN cut to its first QUOTE characters and '...' (as shared.moves.quote cuts)."""
    def quoted(match: re.Match) -> str:
        mark = "'" if match.group(1) is not None else '"'
        return f"{mark}{(match.group(1) or match.group(2))[:QUOTE]}{mark}..."
    text = _QUOTED.sub(quoted, text)
    return _RUN.sub(lambda match: f"{match.group(0)[:QUOTE]}...", text)


def shorten(text: str, limit: int = MAX_REASON) -> str:
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text) - limit} more characters cut)"


# Rules errors reach players unchanged, with the code that says what kind of "no" it is.
RULES_CODES: dict[type, grpc.StatusCode] = {
    rules.MalformedMove: grpc.StatusCode.INVALID_ARGUMENT,
    rules.InvalidSetup: grpc.StatusCode.INVALID_ARGUMENT,
    rules.NotYourTurn: grpc.StatusCode.FAILED_PRECONDITION,
    rules.IllegalMove: grpc.StatusCode.FAILED_PRECONDITION,
}


@functools.cache  # at the first error, not at import: a command that never meets one loads neither client
def _dependency_errors() -> tuple[type, ...]:
    """Errors that mean a dependency (NATS, Redis, another service) could not be reached or did
    not answer in time: the call may succeed when tried again, so they are UNAVAILABLE, never
    INTERNAL (which clients treat as final)."""
    found: list[type] = [ConnectionError, TimeoutError]  # builtin: asyncio's timeouts, refused sockets
    try:
        import nats.errors as ne
        import nats.js.errors as je

        found += [ne.TimeoutError, ne.NoServersError, ne.ConnectionClosedError, ne.StaleConnectionError,
                  ne.OutboundBufferLimitError, ne.ConnectionReconnectingError, ne.ConnectionDrainingError,
                  ne.FlushTimeoutError, ne.NoRespondersError, je.ServiceUnavailableError, je.NoStreamResponseError]
    except ImportError:  # pragma: no cover - nats is a dependency of every service
        pass
    try:
        import redis.exceptions as re_

        found += [re_.ConnectionError, re_.TimeoutError]
    except ImportError:  # pragma: no cover
        pass
    return tuple(found)


def is_dependency_error(exc: BaseException) -> bool:
    return isinstance(exc, _dependency_errors())


def status_for(exc: BaseException) -> grpc.StatusCode | None:
    if isinstance(exc, AppError):
        return exc.code
    for cls, code in RULES_CODES.items():
        if isinstance(exc, cls):
            return code
    if is_dependency_error(exc):
        return grpc.StatusCode.UNAVAILABLE
    return None


def reason_for(exc: BaseException) -> str:
    """The reason a refused call carries: the error's message, or for an unreachable dependency
    which one and that trying again later is the remedy."""
    if isinstance(exc, (AppError, *RULES_CODES)) or not is_dependency_error(exc):
        return reason(exc)
    module = type(exc).__module__.split(".")[0]
    what = {"nats": "the event store (NATS)", "redis": "Redis"}.get(module, "a service it depends on")
    return shorten(f"{what} cannot be reached or did not answer in time "
                   f"({type(exc).__name__}: {exc}); try again")


def refusal_message(exc: BaseException, texts: Catalogue | None, language: str | None = DEFAULT) -> Rendered:
    """A refusal as the player reads it, in `language`: the text `refused-<key>` of the error's
    key with its values (the game's catalogue, then the shared one), else the English reason.
    `language` None (the caller asked for none): the error's own English reason, with the key
    and values beside it. The one place a refusal becomes words: the interceptor
    (shared.service), a PlayGame move's result and CheckMove all call it."""
    key = getattr(exc, "key", None)
    values = dict(getattr(exc, "values", None) or {})
    if key and texts is not None and language is not None:
        full = f"refused-{key}"
        if texts.has(full, language) or texts.has(full):
            return Rendered(full, values, shorten(texts.text(full, values, language)))
    return Rendered(f"refused-{key}" if key else "", values, reason_for(exc))
