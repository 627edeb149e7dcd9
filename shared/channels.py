"""Client channels that send the caller's token and trace context on every call."""
from __future__ import annotations

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


def client_channel(address: str, token: str) -> grpc.aio.Channel:
    """An insecure (loopback/cluster-internal) channel carrying `token`."""
    return grpc.aio.insecure_channel(address, interceptors=[_UnaryToken(token), _StreamToken(token), _BidiToken(token)],
                                     options=[("grpc.max_receive_message_length", 32 * 1024 * 1024)])
