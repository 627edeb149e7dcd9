from foodgames.v1 import event_pb2 as _event_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ViewEncoding(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VIEW_ENCODING_UNSPECIFIED: _ClassVar[ViewEncoding]
    VIEW_ENCODING_STRUCT: _ClassVar[ViewEncoding]
    VIEW_ENCODING_JSON: _ClassVar[ViewEncoding]

class OnTimeout(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ON_TIMEOUT_UNSPECIFIED: _ClassVar[OnTimeout]
    ON_TIMEOUT_BOT: _ClassVar[OnTimeout]
    ON_TIMEOUT_FORFEIT: _ClassVar[OnTimeout]
VIEW_ENCODING_UNSPECIFIED: ViewEncoding
VIEW_ENCODING_STRUCT: ViewEncoding
VIEW_ENCODING_JSON: ViewEncoding
ON_TIMEOUT_UNSPECIFIED: OnTimeout
ON_TIMEOUT_BOT: OnTimeout
ON_TIMEOUT_FORFEIT: OnTimeout

class CreateGameRequest(_message.Message):
    __slots__ = ("game_id", "players", "options", "ranked", "clock")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    RANKED_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    players: _containers.RepeatedScalarFieldContainer[str]
    options: _struct_pb2.Struct
    ranked: bool
    clock: Clock
    def __init__(self, game_id: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., ranked: _Optional[bool] = ..., clock: _Optional[_Union[Clock, _Mapping]] = ...) -> None: ...

class Clock(_message.Message):
    __slots__ = ("initial_seconds", "increment_seconds", "on_timeout")
    INITIAL_SECONDS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    ON_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    initial_seconds: int
    increment_seconds: int
    on_timeout: OnTimeout
    def __init__(self, initial_seconds: _Optional[int] = ..., increment_seconds: _Optional[int] = ..., on_timeout: _Optional[_Union[OnTimeout, str]] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "version", "seed_commitment")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    seed_commitment: str
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., seed_commitment: _Optional[str] = ...) -> None: ...

class SubmitMoveRequest(_message.Message):
    __slots__ = ("game_id", "seat", "move_id", "expected_version", "move", "view_encoding", "language")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    VIEW_ENCODING_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    move_id: str
    expected_version: int
    move: _struct_pb2.Struct
    view_encoding: ViewEncoding
    language: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., move_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., move: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., view_encoding: _Optional[_Union[ViewEncoding, str]] = ..., language: _Optional[str] = ...) -> None: ...

class SubmitMoveResponse(_message.Message):
    __slots__ = ("version", "events", "view", "duplicate", "view_json")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    version: int
    events: _containers.RepeatedCompositeFieldContainer[_event_pb2.Event]
    view: _struct_pb2.Struct
    duplicate: bool
    view_json: str
    def __init__(self, version: _Optional[int] = ..., events: _Optional[_Iterable[_Union[_event_pb2.Event, _Mapping]]] = ..., view: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., duplicate: _Optional[bool] = ..., view_json: _Optional[str] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("game_id", "seat", "view_encoding", "language")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VIEW_ENCODING_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    view_encoding: ViewEncoding
    language: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., view_encoding: _Optional[_Union[ViewEncoding, str]] = ..., language: _Optional[str] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("version", "view", "finished", "players", "game", "view_json", "prompt")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    version: int
    view: _struct_pb2.Struct
    finished: bool
    players: _containers.RepeatedScalarFieldContainer[str]
    game: str
    view_json: str
    prompt: _event_pb2.Message
    def __init__(self, version: _Optional[int] = ..., view: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., finished: _Optional[bool] = ..., players: _Optional[_Iterable[str]] = ..., game: _Optional[str] = ..., view_json: _Optional[str] = ..., prompt: _Optional[_Union[_event_pb2.Message, _Mapping]] = ...) -> None: ...

class ListLegalMovesRequest(_message.Message):
    __slots__ = ("game_id", "seat", "language")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    language: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., language: _Optional[str] = ...) -> None: ...

class ListLegalMovesResponse(_message.Message):
    __slots__ = ("version", "moves", "labels", "choices_json", "moves_complete")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    CHOICES_JSON_FIELD_NUMBER: _ClassVar[int]
    MOVES_COMPLETE_FIELD_NUMBER: _ClassVar[int]
    version: int
    moves: _containers.RepeatedCompositeFieldContainer[_struct_pb2.Struct]
    labels: _containers.RepeatedCompositeFieldContainer[_event_pb2.Message]
    choices_json: str
    moves_complete: bool
    def __init__(self, version: _Optional[int] = ..., moves: _Optional[_Iterable[_Union[_struct_pb2.Struct, _Mapping]]] = ..., labels: _Optional[_Iterable[_Union[_event_pb2.Message, _Mapping]]] = ..., choices_json: _Optional[str] = ..., moves_complete: _Optional[bool] = ...) -> None: ...

class WatchGameRequest(_message.Message):
    __slots__ = ("game_id", "seat", "after_version", "view_encoding", "language")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    VIEW_ENCODING_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    after_version: int
    view_encoding: ViewEncoding
    language: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., after_version: _Optional[int] = ..., view_encoding: _Optional[_Union[ViewEncoding, str]] = ..., language: _Optional[str] = ...) -> None: ...

class WatchGameResponse(_message.Message):
    __slots__ = ("version", "events", "view", "finished", "view_json", "from_version", "prompt", "moves")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    version: int
    events: _containers.RepeatedCompositeFieldContainer[_event_pb2.Event]
    view: _struct_pb2.Struct
    finished: bool
    view_json: str
    from_version: int
    prompt: _event_pb2.Message
    moves: ListLegalMovesResponse
    def __init__(self, version: _Optional[int] = ..., events: _Optional[_Iterable[_Union[_event_pb2.Event, _Mapping]]] = ..., view: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., finished: _Optional[bool] = ..., view_json: _Optional[str] = ..., from_version: _Optional[int] = ..., prompt: _Optional[_Union[_event_pb2.Message, _Mapping]] = ..., moves: _Optional[_Union[ListLegalMovesResponse, _Mapping]] = ...) -> None: ...

class PlayGameRequest(_message.Message):
    __slots__ = ("join", "move")
    JOIN_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    join: PlayGameJoin
    move: PlayGameMove
    def __init__(self, join: _Optional[_Union[PlayGameJoin, _Mapping]] = ..., move: _Optional[_Union[PlayGameMove, _Mapping]] = ...) -> None: ...

class PlayGameJoin(_message.Message):
    __slots__ = ("game_id", "seat", "view_encoding", "turns_only", "language", "with_moves")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VIEW_ENCODING_FIELD_NUMBER: _ClassVar[int]
    TURNS_ONLY_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    WITH_MOVES_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    view_encoding: ViewEncoding
    turns_only: bool
    language: str
    with_moves: bool
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., view_encoding: _Optional[_Union[ViewEncoding, str]] = ..., turns_only: _Optional[bool] = ..., language: _Optional[str] = ..., with_moves: _Optional[bool] = ...) -> None: ...

class PlayGameMove(_message.Message):
    __slots__ = ("move_id", "expected_version", "move", "move_json")
    MOVE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    MOVE_JSON_FIELD_NUMBER: _ClassVar[int]
    move_id: str
    expected_version: int
    move: _struct_pb2.Struct
    move_json: str
    def __init__(self, move_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., move: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., move_json: _Optional[str] = ...) -> None: ...

class PlayGameResponse(_message.Message):
    __slots__ = ("update", "move_result")
    UPDATE_FIELD_NUMBER: _ClassVar[int]
    MOVE_RESULT_FIELD_NUMBER: _ClassVar[int]
    update: PlayGameUpdate
    move_result: PlayGameMoveResult
    def __init__(self, update: _Optional[_Union[PlayGameUpdate, _Mapping]] = ..., move_result: _Optional[_Union[PlayGameMoveResult, _Mapping]] = ...) -> None: ...

class PlayGameUpdate(_message.Message):
    __slots__ = ("version", "view", "finished", "view_json", "prompt", "moves")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    version: int
    view: _struct_pb2.Struct
    finished: bool
    view_json: str
    prompt: _event_pb2.Message
    moves: ListLegalMovesResponse
    def __init__(self, version: _Optional[int] = ..., view: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., finished: _Optional[bool] = ..., view_json: _Optional[str] = ..., prompt: _Optional[_Union[_event_pb2.Message, _Mapping]] = ..., moves: _Optional[_Union[ListLegalMovesResponse, _Mapping]] = ...) -> None: ...

class PlayGameMoveResult(_message.Message):
    __slots__ = ("move_id", "accepted", "version", "duplicate", "code", "reason", "message")
    MOVE_ID_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    move_id: str
    accepted: bool
    version: int
    duplicate: bool
    code: int
    reason: str
    message: _event_pb2.Message
    def __init__(self, move_id: _Optional[str] = ..., accepted: _Optional[bool] = ..., version: _Optional[int] = ..., duplicate: _Optional[bool] = ..., code: _Optional[int] = ..., reason: _Optional[str] = ..., message: _Optional[_Union[_event_pb2.Message, _Mapping]] = ...) -> None: ...

class SpectateGameRequest(_message.Message):
    __slots__ = ("game_id", "view_encoding", "language")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VIEW_ENCODING_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    view_encoding: ViewEncoding
    language: str
    def __init__(self, game_id: _Optional[str] = ..., view_encoding: _Optional[_Union[ViewEncoding, str]] = ..., language: _Optional[str] = ...) -> None: ...

class SpectateGameResponse(_message.Message):
    __slots__ = ("version", "events", "view", "view_json", "finished", "delay_moves", "players", "game", "prompt")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    DELAY_MOVES_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    version: int
    events: _containers.RepeatedCompositeFieldContainer[_event_pb2.Event]
    view: _struct_pb2.Struct
    view_json: str
    finished: bool
    delay_moves: int
    players: _containers.RepeatedScalarFieldContainer[str]
    game: str
    prompt: _event_pb2.Message
    def __init__(self, version: _Optional[int] = ..., events: _Optional[_Iterable[_Union[_event_pb2.Event, _Mapping]]] = ..., view: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., view_json: _Optional[str] = ..., finished: _Optional[bool] = ..., delay_moves: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., game: _Optional[str] = ..., prompt: _Optional[_Union[_event_pb2.Message, _Mapping]] = ...) -> None: ...

class GetReplayRequest(_message.Message):
    __slots__ = ("game_id", "seat", "version", "view_encoding", "seat_player", "language")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    VIEW_ENCODING_FIELD_NUMBER: _ClassVar[int]
    SEAT_PLAYER_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    version: int
    view_encoding: ViewEncoding
    seat_player: str
    language: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., version: _Optional[int] = ..., view_encoding: _Optional[_Union[ViewEncoding, str]] = ..., seat_player: _Optional[str] = ..., language: _Optional[str] = ...) -> None: ...

class GetReplayResponse(_message.Message):
    __slots__ = ("version", "step", "command_id", "move_json", "events", "view", "view_json", "finished", "players", "game", "last_version", "recorded_at", "prompt")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    MOVE_JSON_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    LAST_VERSION_FIELD_NUMBER: _ClassVar[int]
    RECORDED_AT_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    version: int
    step: int
    command_id: str
    move_json: str
    events: _containers.RepeatedCompositeFieldContainer[_event_pb2.Event]
    view: _struct_pb2.Struct
    view_json: str
    finished: bool
    players: _containers.RepeatedScalarFieldContainer[str]
    game: str
    last_version: int
    recorded_at: str
    prompt: _event_pb2.Message
    def __init__(self, version: _Optional[int] = ..., step: _Optional[int] = ..., command_id: _Optional[str] = ..., move_json: _Optional[str] = ..., events: _Optional[_Iterable[_Union[_event_pb2.Event, _Mapping]]] = ..., view: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., view_json: _Optional[str] = ..., finished: _Optional[bool] = ..., players: _Optional[_Iterable[str]] = ..., game: _Optional[str] = ..., last_version: _Optional[int] = ..., recorded_at: _Optional[str] = ..., prompt: _Optional[_Union[_event_pb2.Message, _Mapping]] = ...) -> None: ...

class DescribeGameRequest(_message.Message):
    __slots__ = ("language",)
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    language: str
    def __init__(self, language: _Optional[str] = ...) -> None: ...

class DescribeGameResponse(_message.Message):
    __slots__ = ("description_json", "language")
    DESCRIPTION_JSON_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    description_json: str
    language: str
    def __init__(self, description_json: _Optional[str] = ..., language: _Optional[str] = ...) -> None: ...

class CheckMoveRequest(_message.Message):
    __slots__ = ("game_id", "seat", "move", "move_json", "expected_version", "language")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    MOVE_JSON_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    move: _struct_pb2.Struct
    move_json: str
    expected_version: int
    language: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., move: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., move_json: _Optional[str] = ..., expected_version: _Optional[int] = ..., language: _Optional[str] = ...) -> None: ...

class CheckMoveResponse(_message.Message):
    __slots__ = ("accepted", "code", "reason", "message", "version")
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    accepted: bool
    code: int
    reason: str
    message: _event_pb2.Message
    version: int
    def __init__(self, accepted: _Optional[bool] = ..., code: _Optional[int] = ..., reason: _Optional[str] = ..., message: _Optional[_Union[_event_pb2.Message, _Mapping]] = ..., version: _Optional[int] = ...) -> None: ...
