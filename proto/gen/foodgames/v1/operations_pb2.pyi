import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetStackFiguresRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ServiceFigures(_message.Message):
    __slots__ = ("service", "up", "error", "restarted", "tables", "moves_per_second", "refused_per_second", "p50_milliseconds", "p99_milliseconds", "queued", "wait_p50_seconds", "wait_p99_seconds", "consumer_lag", "errors_per_second", "cpu_percent", "memory_megabytes", "event_loop_lag_milliseconds")
    SERVICE_FIELD_NUMBER: _ClassVar[int]
    UP_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    RESTARTED_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    MOVES_PER_SECOND_FIELD_NUMBER: _ClassVar[int]
    REFUSED_PER_SECOND_FIELD_NUMBER: _ClassVar[int]
    P50_MILLISECONDS_FIELD_NUMBER: _ClassVar[int]
    P99_MILLISECONDS_FIELD_NUMBER: _ClassVar[int]
    QUEUED_FIELD_NUMBER: _ClassVar[int]
    WAIT_P50_SECONDS_FIELD_NUMBER: _ClassVar[int]
    WAIT_P99_SECONDS_FIELD_NUMBER: _ClassVar[int]
    CONSUMER_LAG_FIELD_NUMBER: _ClassVar[int]
    ERRORS_PER_SECOND_FIELD_NUMBER: _ClassVar[int]
    CPU_PERCENT_FIELD_NUMBER: _ClassVar[int]
    MEMORY_MEGABYTES_FIELD_NUMBER: _ClassVar[int]
    EVENT_LOOP_LAG_MILLISECONDS_FIELD_NUMBER: _ClassVar[int]
    service: str
    up: bool
    error: str
    restarted: bool
    tables: float
    moves_per_second: float
    refused_per_second: float
    p50_milliseconds: float
    p99_milliseconds: float
    queued: float
    wait_p50_seconds: float
    wait_p99_seconds: float
    consumer_lag: float
    errors_per_second: float
    cpu_percent: float
    memory_megabytes: float
    event_loop_lag_milliseconds: float
    def __init__(self, service: _Optional[str] = ..., up: _Optional[bool] = ..., error: _Optional[str] = ..., restarted: _Optional[bool] = ..., tables: _Optional[float] = ..., moves_per_second: _Optional[float] = ..., refused_per_second: _Optional[float] = ..., p50_milliseconds: _Optional[float] = ..., p99_milliseconds: _Optional[float] = ..., queued: _Optional[float] = ..., wait_p50_seconds: _Optional[float] = ..., wait_p99_seconds: _Optional[float] = ..., consumer_lag: _Optional[float] = ..., errors_per_second: _Optional[float] = ..., cpu_percent: _Optional[float] = ..., memory_megabytes: _Optional[float] = ..., event_loop_lag_milliseconds: _Optional[float] = ...) -> None: ...

class StackSample(_message.Message):
    __slots__ = ("at", "services", "stack")
    AT_FIELD_NUMBER: _ClassVar[int]
    SERVICES_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    at: _timestamp_pb2.Timestamp
    services: _containers.RepeatedCompositeFieldContainer[ServiceFigures]
    stack: ServiceFigures
    def __init__(self, at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., services: _Optional[_Iterable[_Union[ServiceFigures, _Mapping]]] = ..., stack: _Optional[_Union[ServiceFigures, _Mapping]] = ...) -> None: ...

class GetStackFiguresResponse(_message.Message):
    __slots__ = ("samples", "interval_seconds")
    SAMPLES_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_SECONDS_FIELD_NUMBER: _ClassVar[int]
    samples: _containers.RepeatedCompositeFieldContainer[StackSample]
    interval_seconds: float
    def __init__(self, samples: _Optional[_Iterable[_Union[StackSample, _Mapping]]] = ..., interval_seconds: _Optional[float] = ...) -> None: ...
