import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ChatGroup(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CHAT_GROUP_UNSPECIFIED: _ClassVar[ChatGroup]
    CHAT_GROUP_PLAYERS: _ClassVar[ChatGroup]
    CHAT_GROUP_SPECTATORS: _ClassVar[ChatGroup]
CHAT_GROUP_UNSPECIFIED: ChatGroup
CHAT_GROUP_PLAYERS: ChatGroup
CHAT_GROUP_SPECTATORS: ChatGroup

class ChatMessage(_message.Message):
    __slots__ = ("index", "game_id", "group", "player", "text", "phrase", "sent_at")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GROUP_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    PHRASE_FIELD_NUMBER: _ClassVar[int]
    SENT_AT_FIELD_NUMBER: _ClassVar[int]
    index: int
    game_id: str
    group: ChatGroup
    player: str
    text: str
    phrase: str
    sent_at: _timestamp_pb2.Timestamp
    def __init__(self, index: _Optional[int] = ..., game_id: _Optional[str] = ..., group: _Optional[_Union[ChatGroup, str]] = ..., player: _Optional[str] = ..., text: _Optional[str] = ..., phrase: _Optional[str] = ..., sent_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class SendChatRequest(_message.Message):
    __slots__ = ("game", "game_id", "text", "phrase")
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    PHRASE_FIELD_NUMBER: _ClassVar[int]
    game: str
    game_id: str
    text: str
    phrase: str
    def __init__(self, game: _Optional[str] = ..., game_id: _Optional[str] = ..., text: _Optional[str] = ..., phrase: _Optional[str] = ...) -> None: ...

class SendChatResponse(_message.Message):
    __slots__ = ("message",)
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    message: ChatMessage
    def __init__(self, message: _Optional[_Union[ChatMessage, _Mapping]] = ...) -> None: ...

class WatchChatRequest(_message.Message):
    __slots__ = ("game", "game_id", "group", "language")
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GROUP_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    game: str
    game_id: str
    group: ChatGroup
    language: str
    def __init__(self, game: _Optional[str] = ..., game_id: _Optional[str] = ..., group: _Optional[_Union[ChatGroup, str]] = ..., language: _Optional[str] = ...) -> None: ...

class WatchChatResponse(_message.Message):
    __slots__ = ("message",)
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    message: ChatMessage
    def __init__(self, message: _Optional[_Union[ChatMessage, _Mapping]] = ...) -> None: ...

class MuteChatRequest(_message.Message):
    __slots__ = ("game", "game_id", "player", "muted")
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    MUTED_FIELD_NUMBER: _ClassVar[int]
    game: str
    game_id: str
    player: str
    muted: bool
    def __init__(self, game: _Optional[str] = ..., game_id: _Optional[str] = ..., player: _Optional[str] = ..., muted: _Optional[bool] = ...) -> None: ...

class MuteChatResponse(_message.Message):
    __slots__ = ("muted",)
    MUTED_FIELD_NUMBER: _ClassVar[int]
    muted: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, muted: _Optional[_Iterable[str]] = ...) -> None: ...

class ListChatPhrasesRequest(_message.Message):
    __slots__ = ("language",)
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    language: str
    def __init__(self, language: _Optional[str] = ...) -> None: ...

class ChatPhrase(_message.Message):
    __slots__ = ("key", "text")
    KEY_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    key: str
    text: str
    def __init__(self, key: _Optional[str] = ..., text: _Optional[str] = ...) -> None: ...

class ListChatPhrasesResponse(_message.Message):
    __slots__ = ("phrases", "language")
    PHRASES_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    phrases: _containers.RepeatedCompositeFieldContainer[ChatPhrase]
    language: str
    def __init__(self, phrases: _Optional[_Iterable[_Union[ChatPhrase, _Mapping]]] = ..., language: _Optional[str] = ...) -> None: ...
