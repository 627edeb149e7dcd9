from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Event(_message.Message):
    __slots__ = ("type", "schema_version", "data", "message", "internal")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_VERSION_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    INTERNAL_FIELD_NUMBER: _ClassVar[int]
    type: str
    schema_version: int
    data: _struct_pb2.Struct
    message: Message
    internal: bool
    def __init__(self, type: _Optional[str] = ..., schema_version: _Optional[int] = ..., data: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., message: _Optional[_Union[Message, _Mapping]] = ..., internal: _Optional[bool] = ...) -> None: ...

class Message(_message.Message):
    __slots__ = ("key", "args_json", "text")
    KEY_FIELD_NUMBER: _ClassVar[int]
    ARGS_JSON_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    key: str
    args_json: str
    text: str
    def __init__(self, key: _Optional[str] = ..., args_json: _Optional[str] = ..., text: _Optional[str] = ...) -> None: ...
