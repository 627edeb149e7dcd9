import datetime

from foodgames.v1 import event_pb2 as _event_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TicketState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TICKET_STATE_UNSPECIFIED: _ClassVar[TicketState]
    TICKET_STATE_SEARCHING: _ClassVar[TicketState]
    TICKET_STATE_MATCHED: _ClassVar[TicketState]
    TICKET_STATE_CANCELLED: _ClassVar[TicketState]
    TICKET_STATE_EXPIRED: _ClassVar[TicketState]
    TICKET_STATE_INVITING: _ClassVar[TicketState]
TICKET_STATE_UNSPECIFIED: TicketState
TICKET_STATE_SEARCHING: TicketState
TICKET_STATE_MATCHED: TicketState
TICKET_STATE_CANCELLED: TicketState
TICKET_STATE_EXPIRED: TicketState
TICKET_STATE_INVITING: TicketState

class SeatAssignment(_message.Message):
    __slots__ = ("player", "seat")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    player: str
    seat: int
    def __init__(self, player: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class Ticket(_message.Message):
    __slots__ = ("ticket_id", "game", "players", "min_players", "max_players", "ranked", "state", "created_at", "updated_at", "version", "game_id", "seats", "table_size", "reason", "options", "accepted", "advice", "reason_message")
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    RANKED_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    ADVICE_FIELD_NUMBER: _ClassVar[int]
    REASON_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    game: str
    players: _containers.RepeatedScalarFieldContainer[str]
    min_players: int
    max_players: int
    ranked: bool
    state: TicketState
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    version: int
    game_id: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatAssignment]
    table_size: int
    reason: str
    options: _struct_pb2.Struct
    accepted: _containers.RepeatedScalarFieldContainer[str]
    advice: _containers.RepeatedCompositeFieldContainer[_event_pb2.Message]
    reason_message: _event_pb2.Message
    def __init__(self, ticket_id: _Optional[str] = ..., game: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., min_players: _Optional[int] = ..., max_players: _Optional[int] = ..., ranked: _Optional[bool] = ..., state: _Optional[_Union[TicketState, str]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., version: _Optional[int] = ..., game_id: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatAssignment, _Mapping]]] = ..., table_size: _Optional[int] = ..., reason: _Optional[str] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., accepted: _Optional[_Iterable[str]] = ..., advice: _Optional[_Iterable[_Union[_event_pb2.Message, _Mapping]]] = ..., reason_message: _Optional[_Union[_event_pb2.Message, _Mapping]] = ...) -> None: ...

class CreateTicketRequest(_message.Message):
    __slots__ = ("game", "players", "min_players", "max_players", "ranked", "options", "language")
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    RANKED_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    game: str
    players: _containers.RepeatedScalarFieldContainer[str]
    min_players: int
    max_players: int
    ranked: bool
    options: _struct_pb2.Struct
    language: str
    def __init__(self, game: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., min_players: _Optional[int] = ..., max_players: _Optional[int] = ..., ranked: _Optional[bool] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., language: _Optional[str] = ...) -> None: ...

class CreateTicketResponse(_message.Message):
    __slots__ = ("ticket",)
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ticket: Ticket
    def __init__(self, ticket: _Optional[_Union[Ticket, _Mapping]] = ...) -> None: ...

class AcceptTicketRequest(_message.Message):
    __slots__ = ("ticket_id",)
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    def __init__(self, ticket_id: _Optional[str] = ...) -> None: ...

class AcceptTicketResponse(_message.Message):
    __slots__ = ("ticket",)
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ticket: Ticket
    def __init__(self, ticket: _Optional[_Union[Ticket, _Mapping]] = ...) -> None: ...

class ListInvitationsRequest(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: str
    def __init__(self, game: _Optional[str] = ...) -> None: ...

class ListInvitationsResponse(_message.Message):
    __slots__ = ("tickets",)
    TICKETS_FIELD_NUMBER: _ClassVar[int]
    tickets: _containers.RepeatedCompositeFieldContainer[Ticket]
    def __init__(self, tickets: _Optional[_Iterable[_Union[Ticket, _Mapping]]] = ...) -> None: ...

class GetTicketRequest(_message.Message):
    __slots__ = ("ticket_id", "language")
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    language: str
    def __init__(self, ticket_id: _Optional[str] = ..., language: _Optional[str] = ...) -> None: ...

class GetTicketResponse(_message.Message):
    __slots__ = ("ticket",)
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ticket: Ticket
    def __init__(self, ticket: _Optional[_Union[Ticket, _Mapping]] = ...) -> None: ...

class CancelTicketRequest(_message.Message):
    __slots__ = ("ticket_id", "reason")
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    reason: str
    def __init__(self, ticket_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class CancelTicketResponse(_message.Message):
    __slots__ = ("ticket",)
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ticket: Ticket
    def __init__(self, ticket: _Optional[_Union[Ticket, _Mapping]] = ...) -> None: ...

class WatchTicketRequest(_message.Message):
    __slots__ = ("ticket_id", "language")
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    language: str
    def __init__(self, ticket_id: _Optional[str] = ..., language: _Optional[str] = ...) -> None: ...

class WatchTicketResponse(_message.Message):
    __slots__ = ("ticket",)
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ticket: Ticket
    def __init__(self, ticket: _Optional[_Union[Ticket, _Mapping]] = ...) -> None: ...
