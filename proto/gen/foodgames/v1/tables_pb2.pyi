import datetime

from foodgames.v1 import game_pb2 as _game_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TableState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TABLE_STATE_UNSPECIFIED: _ClassVar[TableState]
    TABLE_STATE_OPEN: _ClassVar[TableState]
    TABLE_STATE_STARTED: _ClassVar[TableState]
    TABLE_STATE_EXPIRED: _ClassVar[TableState]
    TABLE_STATE_CLOSED: _ClassVar[TableState]
TABLE_STATE_UNSPECIFIED: TableState
TABLE_STATE_OPEN: TableState
TABLE_STATE_STARTED: TableState
TABLE_STATE_EXPIRED: TableState
TABLE_STATE_CLOSED: TableState

class PrivateTable(_message.Message):
    __slots__ = ("table_id", "code", "link", "game", "host", "seats", "players", "ranked", "options", "clock", "spectators", "public", "fixed_seats", "state", "created_at", "expires_at", "game_id", "seat_draw_id", "free_seats", "rematch", "rematch_table_id", "rematch_of", "version", "bot_level")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    LINK_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    HOST_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    RANKED_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    SPECTATORS_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_FIELD_NUMBER: _ClassVar[int]
    FIXED_SEATS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_DRAW_ID_FIELD_NUMBER: _ClassVar[int]
    FREE_SEATS_FIELD_NUMBER: _ClassVar[int]
    REMATCH_FIELD_NUMBER: _ClassVar[int]
    REMATCH_TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    REMATCH_OF_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    BOT_LEVEL_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    code: str
    link: str
    game: str
    host: str
    seats: int
    players: _containers.RepeatedScalarFieldContainer[str]
    ranked: bool
    options: _struct_pb2.Struct
    clock: _game_pb2.Clock
    spectators: bool
    public: bool
    fixed_seats: bool
    state: TableState
    created_at: _timestamp_pb2.Timestamp
    expires_at: _timestamp_pb2.Timestamp
    game_id: str
    seat_draw_id: str
    free_seats: int
    rematch: _containers.RepeatedScalarFieldContainer[str]
    rematch_table_id: str
    rematch_of: str
    version: int
    bot_level: str
    def __init__(self, table_id: _Optional[str] = ..., code: _Optional[str] = ..., link: _Optional[str] = ..., game: _Optional[str] = ..., host: _Optional[str] = ..., seats: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., ranked: _Optional[bool] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., clock: _Optional[_Union[_game_pb2.Clock, _Mapping]] = ..., spectators: _Optional[bool] = ..., public: _Optional[bool] = ..., fixed_seats: _Optional[bool] = ..., state: _Optional[_Union[TableState, str]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., game_id: _Optional[str] = ..., seat_draw_id: _Optional[str] = ..., free_seats: _Optional[int] = ..., rematch: _Optional[_Iterable[str]] = ..., rematch_table_id: _Optional[str] = ..., rematch_of: _Optional[str] = ..., version: _Optional[int] = ..., bot_level: _Optional[str] = ...) -> None: ...

class CreateTableRequest(_message.Message):
    __slots__ = ("game", "seats", "ranked", "options", "clock", "spectators", "public", "fixed_seats", "expires_in_seconds")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    RANKED_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    SPECTATORS_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_FIELD_NUMBER: _ClassVar[int]
    FIXED_SEATS_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_IN_SECONDS_FIELD_NUMBER: _ClassVar[int]
    game: str
    seats: int
    ranked: bool
    options: _struct_pb2.Struct
    clock: _game_pb2.Clock
    spectators: bool
    public: bool
    fixed_seats: bool
    expires_in_seconds: int
    def __init__(self, game: _Optional[str] = ..., seats: _Optional[int] = ..., ranked: _Optional[bool] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., clock: _Optional[_Union[_game_pb2.Clock, _Mapping]] = ..., spectators: _Optional[bool] = ..., public: _Optional[bool] = ..., fixed_seats: _Optional[bool] = ..., expires_in_seconds: _Optional[int] = ...) -> None: ...

class CreateTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: PrivateTable
    def __init__(self, table: _Optional[_Union[PrivateTable, _Mapping]] = ...) -> None: ...

class JoinTableRequest(_message.Message):
    __slots__ = ("code",)
    CODE_FIELD_NUMBER: _ClassVar[int]
    code: str
    def __init__(self, code: _Optional[str] = ...) -> None: ...

class JoinTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: PrivateTable
    def __init__(self, table: _Optional[_Union[PrivateTable, _Mapping]] = ...) -> None: ...

class FillWithBotsRequest(_message.Message):
    __slots__ = ("table_id", "level")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    level: str
    def __init__(self, table_id: _Optional[str] = ..., level: _Optional[str] = ...) -> None: ...

class FillWithBotsResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: PrivateTable
    def __init__(self, table: _Optional[_Union[PrivateTable, _Mapping]] = ...) -> None: ...

class StartTableRequest(_message.Message):
    __slots__ = ("table_id",)
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    def __init__(self, table_id: _Optional[str] = ...) -> None: ...

class StartTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: PrivateTable
    def __init__(self, table: _Optional[_Union[PrivateTable, _Mapping]] = ...) -> None: ...

class LeaveTableRequest(_message.Message):
    __slots__ = ("table_id",)
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    def __init__(self, table_id: _Optional[str] = ...) -> None: ...

class LeaveTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: PrivateTable
    def __init__(self, table: _Optional[_Union[PrivateTable, _Mapping]] = ...) -> None: ...

class GetTableRequest(_message.Message):
    __slots__ = ("table_id", "code")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    code: str
    def __init__(self, table_id: _Optional[str] = ..., code: _Optional[str] = ...) -> None: ...

class GetTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: PrivateTable
    def __init__(self, table: _Optional[_Union[PrivateTable, _Mapping]] = ...) -> None: ...

class WatchTableRequest(_message.Message):
    __slots__ = ("table_id",)
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    def __init__(self, table_id: _Optional[str] = ...) -> None: ...

class WatchTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: PrivateTable
    def __init__(self, table: _Optional[_Union[PrivateTable, _Mapping]] = ...) -> None: ...

class WatchOpenTablesRequest(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: str
    def __init__(self, game: _Optional[str] = ...) -> None: ...

class WatchOpenTablesResponse(_message.Message):
    __slots__ = ("tables",)
    TABLES_FIELD_NUMBER: _ClassVar[int]
    tables: _containers.RepeatedCompositeFieldContainer[PrivateTable]
    def __init__(self, tables: _Optional[_Iterable[_Union[PrivateTable, _Mapping]]] = ...) -> None: ...

class RequestRematchRequest(_message.Message):
    __slots__ = ("table_id",)
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    def __init__(self, table_id: _Optional[str] = ...) -> None: ...

class RequestRematchResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: PrivateTable
    def __init__(self, table: _Optional[_Union[PrivateTable, _Mapping]] = ...) -> None: ...
