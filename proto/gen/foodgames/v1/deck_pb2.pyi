from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class CommitGameRequest(_message.Message):
    __slots__ = ("game_id", "game", "players")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game: str
    players: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, game_id: _Optional[str] = ..., game: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ...) -> None: ...

class CommitGameResponse(_message.Message):
    __slots__ = ("commitment", "log_index", "algorithm")
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    LOG_INDEX_FIELD_NUMBER: _ClassVar[int]
    ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    commitment: str
    log_index: int
    algorithm: str
    def __init__(self, commitment: _Optional[str] = ..., log_index: _Optional[int] = ..., algorithm: _Optional[str] = ...) -> None: ...

class AddClientSeedRequest(_message.Message):
    __slots__ = ("game_id", "seat", "seed")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    seed: bytes
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., seed: _Optional[bytes] = ...) -> None: ...

class AddClientSeedResponse(_message.Message):
    __slots__ = ("commitment",)
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    commitment: str
    def __init__(self, commitment: _Optional[str] = ...) -> None: ...

class ShuffleRequest(_message.Message):
    __slots__ = ("game_id", "deck", "cards", "k")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    K_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    deck: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    k: int
    def __init__(self, game_id: _Optional[str] = ..., deck: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ..., k: _Optional[int] = ...) -> None: ...

class ShuffleResponse(_message.Message):
    __slots__ = ("order", "log_index")
    ORDER_FIELD_NUMBER: _ClassVar[int]
    LOG_INDEX_FIELD_NUMBER: _ClassVar[int]
    order: _containers.RepeatedScalarFieldContainer[str]
    log_index: int
    def __init__(self, order: _Optional[_Iterable[str]] = ..., log_index: _Optional[int] = ...) -> None: ...

class RevealRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class RevealResponse(_message.Message):
    __slots__ = ("server_seed", "log_index")
    SERVER_SEED_FIELD_NUMBER: _ClassVar[int]
    LOG_INDEX_FIELD_NUMBER: _ClassVar[int]
    server_seed: bytes
    log_index: int
    def __init__(self, server_seed: _Optional[bytes] = ..., log_index: _Optional[int] = ...) -> None: ...

class GetCheckpointRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetCheckpointResponse(_message.Message):
    __slots__ = ("checkpoint", "tree_size", "root_hash", "public_key")
    CHECKPOINT_FIELD_NUMBER: _ClassVar[int]
    TREE_SIZE_FIELD_NUMBER: _ClassVar[int]
    ROOT_HASH_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    checkpoint: str
    tree_size: int
    root_hash: bytes
    public_key: str
    def __init__(self, checkpoint: _Optional[str] = ..., tree_size: _Optional[int] = ..., root_hash: _Optional[bytes] = ..., public_key: _Optional[str] = ...) -> None: ...

class GetInclusionProofRequest(_message.Message):
    __slots__ = ("leaf_index", "tree_size")
    LEAF_INDEX_FIELD_NUMBER: _ClassVar[int]
    TREE_SIZE_FIELD_NUMBER: _ClassVar[int]
    leaf_index: int
    tree_size: int
    def __init__(self, leaf_index: _Optional[int] = ..., tree_size: _Optional[int] = ...) -> None: ...

class GetInclusionProofResponse(_message.Message):
    __slots__ = ("leaf", "hashes", "tree_size")
    LEAF_FIELD_NUMBER: _ClassVar[int]
    HASHES_FIELD_NUMBER: _ClassVar[int]
    TREE_SIZE_FIELD_NUMBER: _ClassVar[int]
    leaf: bytes
    hashes: _containers.RepeatedScalarFieldContainer[bytes]
    tree_size: int
    def __init__(self, leaf: _Optional[bytes] = ..., hashes: _Optional[_Iterable[bytes]] = ..., tree_size: _Optional[int] = ...) -> None: ...

class GetConsistencyProofRequest(_message.Message):
    __slots__ = ("old_size", "new_size")
    OLD_SIZE_FIELD_NUMBER: _ClassVar[int]
    NEW_SIZE_FIELD_NUMBER: _ClassVar[int]
    old_size: int
    new_size: int
    def __init__(self, old_size: _Optional[int] = ..., new_size: _Optional[int] = ...) -> None: ...

class GetConsistencyProofResponse(_message.Message):
    __slots__ = ("hashes", "old_size", "new_size")
    HASHES_FIELD_NUMBER: _ClassVar[int]
    OLD_SIZE_FIELD_NUMBER: _ClassVar[int]
    NEW_SIZE_FIELD_NUMBER: _ClassVar[int]
    hashes: _containers.RepeatedScalarFieldContainer[bytes]
    old_size: int
    new_size: int
    def __init__(self, hashes: _Optional[_Iterable[bytes]] = ..., old_size: _Optional[int] = ..., new_size: _Optional[int] = ...) -> None: ...

class ExportAuditBundleRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ExportAuditBundleResponse(_message.Message):
    __slots__ = ("bundle_json",)
    BUNDLE_JSON_FIELD_NUMBER: _ClassVar[int]
    bundle_json: str
    def __init__(self, bundle_json: _Optional[str] = ...) -> None: ...

class GetPublicKeyRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetPublicKeyResponse(_message.Message):
    __slots__ = ("public_key", "origin")
    PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    ORIGIN_FIELD_NUMBER: _ClassVar[int]
    public_key: str
    origin: str
    def __init__(self, public_key: _Optional[str] = ..., origin: _Optional[str] = ...) -> None: ...
