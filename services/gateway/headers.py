"""The request headers the gateway, or the Connect runtime behind it, reads or passes on,
checked before any call: a malformed one is refused in words that quote at most a short prefix
of it (shared.moves.quote), with a code clients do not retry (invalid_argument), instead of the
runtime's own message, which quotes it whole, or a backend's RESOURCE_EXHAUSTED for metadata
too large for gRPC, which clients would retry though it can never pass."""
from __future__ import annotations

import re

from shared.moves import quote

# W3C Trace Context: a traceparent is 55 characters today; a tracestate carries at most 32
# entries, and a vendor need not pass on more than 512 characters of it
MAX_TRACE_HEADER = 512
TRACEPARENT = re.compile(r"[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}(-[0-9a-f\-]*)?")
MAX_ENCODING = 32  # a request body's compression: gzip, identity, br, zstd

_CHECKS = (
    ("connect-timeout-ms", re.compile(r"\d{1,10}"),
     "the header Connect-Timeout-Ms is a whole number of milliseconds of at most 10 digits, not {value}"),
    ("grpc-timeout", re.compile(r"\d{1,8}[HMSmun]"),
     "the header grpc-timeout is at most 8 digits and a unit (H, M, S, m, u or n), not {value}"),
    ("connect-protocol-version", re.compile(r"1"), "the header Connect-Protocol-Version is 1, not {value}"),
)


def refusal(headers: dict[str, str]) -> str | None:
    """Why the request's headers cannot be served (an invalid_argument), or None."""
    for name, pattern, words in _CHECKS:
        value = headers.get(name)
        if value is not None and not pattern.fullmatch(value):
            return words.format(value=quote(value))
    for name in ("content-encoding", "connect-content-encoding", "grpc-encoding"):  # the runtime quotes these
        value = headers.get(name)
        if value is not None and len(value) > MAX_ENCODING:
            return (f"the header {name} names no compression the gateway knows ({quote(value)}); "
                    f"it knows gzip and identity")
    for name in ("traceparent", "tracestate"):
        value = headers.get(name)
        if value is not None and len(value) > MAX_TRACE_HEADER:
            return (f"the header {name} has {len(value)} characters; the gateway passes on at most "
                    f"{MAX_TRACE_HEADER} (W3C Trace Context)")
    return None


def trace_context(headers) -> list[tuple[str, str]]:
    """The client's trace context to pass on to a backend: a well-formed traceparent (and its
    tracestate); a malformed one is dropped, as W3C Trace Context says, and the trace starts anew."""
    parent = headers.get("traceparent")
    if not parent or not TRACEPARENT.fullmatch(parent):
        return []
    state = headers.get("tracestate")
    return [("traceparent", parent), *([("tracestate", state)] if state else [])]
