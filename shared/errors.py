"""Errors a handler raises; one interceptor (shared.service) maps them to gRPC
status codes, so servicers never touch status codes themselves."""
from __future__ import annotations

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


def reason(exc: BaseException) -> str:
    """`exc`'s message, cut to MAX_REASON characters."""
    return shorten(str(exc))


def shorten(text: str, limit: int = MAX_REASON) -> str:
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text) - limit} more characters cut)"


# Rules errors reach players unchanged, with the code that says what kind of "no" it is.
RULES_CODES: dict[type, grpc.StatusCode] = {
    rules.MalformedMove: grpc.StatusCode.INVALID_ARGUMENT,
    rules.InvalidSetup: grpc.StatusCode.INVALID_ARGUMENT,
    rules.NotYourTurn: grpc.StatusCode.FAILED_PRECONDITION,
    rules.IllegalMove: grpc.StatusCode.FAILED_PRECONDITION,
}


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


DEPENDENCY_ERRORS = _dependency_errors()


def is_dependency_error(exc: BaseException) -> bool:
    return isinstance(exc, DEPENDENCY_ERRORS)


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
