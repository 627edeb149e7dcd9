"""Client channels that send the caller's token and trace context on every call, retry
the calls that may be retried (RETRY_SERVICE_CONFIG), and spread their calls over every
replica an address names (`channel_target`: round_robin, as over a Kubernetes Service's pods)."""
from __future__ import annotations

import ipaddress
import json

import grpc

from shared import telemetry


def _metadata(token: str, existing) -> list[tuple[str, str]]:
    metadata = list(existing or ())
    metadata.append(("authorization", f"Bearer {token}"))
    carrier: dict[str, str] = {}
    telemetry.inject(carrier)
    metadata.extend(carrier.items())
    return metadata


class _WithToken:
    def __init__(self, token: str):
        self.token = token

    def _details(self, details):
        return grpc.aio.ClientCallDetails(details.method, details.timeout,
                                          _metadata(self.token, details.metadata),
                                          details.credentials, details.wait_for_ready)


# grpc.aio files an interceptor under its first matching kind only: one class per kind.
class _UnaryToken(_WithToken, grpc.aio.UnaryUnaryClientInterceptor):
    async def intercept_unary_unary(self, continuation, client_call_details, request):
        return await continuation(self._details(client_call_details), request)


class _StreamToken(_WithToken, grpc.aio.UnaryStreamClientInterceptor):
    async def intercept_unary_stream(self, continuation, client_call_details, request):
        return await continuation(self._details(client_call_details), request)


class _BidiToken(_WithToken, grpc.aio.StreamStreamClientInterceptor):
    async def intercept_stream_stream(self, continuation, client_call_details, request_iterator):
        return await continuation(self._details(client_call_details), request_iterator)


# Calls gRPC itself tries again (with jittered exponential backoff, at most 5 attempts in all)
# when they fail with a code that says "not now": they read, or (SubmitMove) are idempotent by
# their move id. Streams (WatchGame, PlayGame, WatchTicket) are re-opened by the SDK
# (apps.sdk.seatplayer, apps.sdk.queueing), which also keeps trying past these attempts until
# its own deadline.
RETRYABLE_CODES = ["UNAVAILABLE", "DEADLINE_EXCEEDED", "RESOURCE_EXHAUSTED"]
RETRIED_METHODS = {
    "foodgames.v1.GameService": ["GetView", "ListLegalMoves", "SubmitMove"],
    "foodgames.v1.LeaderboardService": ["GetTop", "GetPage", "GetAroundPlayer", "GetPlayer",
                                        "GetRatingHistory", "GetRatings"],
    "foodgames.v1.MatchmakingService": ["GetTicket"],
    "foodgames.v1.DeckService": ["AddClientSeed", "GetCheckpoint", "GetInclusionProof", "GetConsistencyProof",
                                 "ExportAuditBundle", "GetPublicKey"],
}
RETRY_SERVICE_CONFIG = {
    "methodConfig": [{
        "name": [{"service": service, "method": method}
                 for service, methods in RETRIED_METHODS.items() for method in methods],
        "retryPolicy": {"maxAttempts": 5, "initialBackoff": "0.1s", "maxBackoff": "2s",
                        "backoffMultiplier": 2, "retryableStatusCodes": RETRYABLE_CODES},
    }],
    # every call picks the next ready replica; a replica that stops answering leaves the rotation
    "loadBalancingConfig": [{"round_robin": {}}],
}
_CONNECTIONS: list[tuple[str, object]] = [
    ("grpc.max_receive_message_length", 32 * 1024 * 1024),
    # Each channel its own connections: from gRPC's process-wide pool a new channel to an
    # address would take over another open channel's connection to it, and when that one is
    # waiting out its reconnect backoff (the server there was gone), fail at once with the old
    # "Connection refused" though a server listens there now (a test once met a deck started
    # on a port an earlier test's server had used).
    ("grpc.use_local_subchannel_pool", 1),
]
CHANNEL_OPTIONS: list[tuple[str, object]] = _CONNECTIONS + [
    ("grpc.enable_retries", 1),
    ("grpc.service_config", json.dumps(RETRY_SERVICE_CONFIG)),
]
# The gateway's channels to the services: spread over the replicas like every other, but
# without gRPC's retries (the gateway forwards a call once; its own caller decides whether to
# try again).
BALANCED_OPTIONS: list[tuple[str, object]] = _CONNECTIONS + [
    ("grpc.service_config", json.dumps({"loadBalancingConfig": RETRY_SERVICE_CONFIG["loadBalancingConfig"]})),
]


def channel_target(address: str) -> str:
    """The gRPC target of a service address: one `host:port` (or any gRPC target, such as
    `dns:///svc-headless:20051`) as it is, or several replicas' `ip:port`s separated by commas
    (FOODGAMES_<SERVICE>_ADDR of `foodgames up --replicas N`) as one `ipv4:`/`ipv6:` target whose
    calls round_robin spreads over them."""
    parts = [p.strip() for p in address.split(",") if p.strip()]
    if len(parts) <= 1:
        return parts[0] if parts else address
    hosts = [p.rsplit(":", 1)[0].strip("[]") for p in parts]
    try:
        versions = {ipaddress.ip_address(h).version for h in hosts}
    except ValueError:
        raise ValueError(f"a list of replicas names each by its IP address and port, not {address[:80]!r}") from None
    if len(versions) != 1:
        raise ValueError(f"a list of replicas is all IPv4 or all IPv6, not {address[:80]!r}")
    return f"ipv{versions.pop()}:{','.join(parts)}"


def insecure_channel(address: str, options=CHANNEL_OPTIONS, **kwargs) -> grpc.aio.Channel:
    """A channel to every replica `address` names (channel_target)."""
    return grpc.aio.insecure_channel(channel_target(address), options=options, **kwargs)


def client_channel(address: str, token: str) -> grpc.aio.Channel:
    """An insecure (loopback/cluster-internal) channel carrying `token`, to every replica
    `address` names."""
    return grpc.aio.insecure_channel(channel_target(address), interceptors=[_UnaryToken(token), _StreamToken(token), _BidiToken(token)],
                                     options=CHANNEL_OPTIONS)
