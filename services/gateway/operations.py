"""OperationsService, served by the gateway itself (not forwarded): the stack's figures for an
operator's page, the same as `foodgames top`'s (shared/stackfigures.py), from every service's
metrics endpoint. One Sampler per gateway process: however many operators look, each service
is scraped at most once an interval, and the recent samples are the page's charts from its
first look. Only an operator's token may call it; a player's is PERMISSION_DENIED, none
UNAUTHENTICATED."""
from __future__ import annotations

from connectrpc.errors import ConnectError
from foodgames.v1 import operations_connect, operations_pb2 as pb
from google.protobuf.timestamp_pb2 import Timestamp

from services.gateway.forward import Backends, connect_error
from shared import stackfigures
from shared.errors import PermissionDenied

SERVICE = "foodgames.v1.OperationsService"
PATH = f"/{SERVICE}/GetStackFigures"  # its one method
# Seconds between two samples (the page asks as often), and how many are kept: three minutes.
INTERVAL_S = 2.0
KEEP = 90

_OPTIONAL = {  # the message's field -> the row's
    "tables": "tables", "moves_per_second": "moves_per_s", "refused_per_second": "refused_per_s",
    "p50_milliseconds": "p50_ms", "p99_milliseconds": "p99_ms", "queued": "queued",
    "wait_p50_seconds": "wait_p50_s", "wait_p99_seconds": "wait_p99_s", "consumer_lag": "lag",
    "cpu_percent": "cpu_percent", "memory_megabytes": "memory_mb", "event_loop_lag_milliseconds": "loop_lag_ms",
}


def figures_of(row: stackfigures.Row) -> pb.ServiceFigures:
    out = pb.ServiceFigures(service=row.service, up=row.up, error=row.error[:200], restarted=row.restarted,
                            errors_per_second=row.errors_per_s)
    for field, attribute in _OPTIONAL.items():
        value = getattr(row, attribute)
        if value is not None:
            setattr(out, field, value)
    return out


def sample_of(sample: stackfigures.Sample) -> pb.StackSample:
    at = Timestamp()
    at.FromNanoseconds(int(sample.at * 1e9))
    return pb.StackSample(at=at, services=[figures_of(r) for r in sample.rows], stack=figures_of(sample.stack))


class Operations(operations_connect.OperationsService):
    def __init__(self, backends: Backends, sampler: stackfigures.Sampler):
        self.backends = backends
        self.sampler = sampler

    async def get_stack_figures(self, request, ctx) -> pb.GetStackFiguresResponse:
        try:
            identity, _ = await self.backends.caller(ctx)
            if identity.role != "operator":
                raise PermissionDenied(f"only the stack's operators may read its figures; you are signed in as a "
                                       f"{identity.role}", key="operators-only", role=identity.role)
            samples = await self.sampler.sample()
        except ConnectError:
            raise
        except Exception as exc:  # noqa: BLE001 - every error becomes a Connect code
            raise connect_error(exc, ctx.request_headers.get("accept-language")) from None
        return pb.GetStackFiguresResponse(samples=[sample_of(s) for s in samples],
                                          interval_seconds=self.sampler.interval_s)


def application(backends: Backends, read_max_bytes: int, codecs,
                compressions) -> operations_connect.OperationsServiceASGIApplication:
    sampler = stackfigures.Sampler(stackfigures.addresses(backends.settings), INTERVAL_S, KEEP)
    return operations_connect.OperationsServiceASGIApplication(Operations(backends, sampler),
                                                               read_max_bytes=read_max_bytes, codecs=codecs,
                                                               compressions=compressions)

