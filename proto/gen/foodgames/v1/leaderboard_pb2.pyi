import datetime

from foodgames.v1 import event_pb2 as _event_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BoardKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOARD_KIND_UNSPECIFIED: _ClassVar[BoardKind]
    BOARD_KIND_RATING: _ClassVar[BoardKind]
    BOARD_KIND_WINS: _ClassVar[BoardKind]
    BOARD_KIND_BEST_RESULT: _ClassVar[BoardKind]
BOARD_KIND_UNSPECIFIED: BoardKind
BOARD_KIND_RATING: BoardKind
BOARD_KIND_WINS: BoardKind
BOARD_KIND_BEST_RESULT: BoardKind

class BoardRef(_message.Message):
    __slots__ = ("game", "kind", "season", "difficulty")
    GAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    DIFFICULTY_FIELD_NUMBER: _ClassVar[int]
    game: str
    kind: BoardKind
    season: str
    difficulty: str
    def __init__(self, game: _Optional[str] = ..., kind: _Optional[_Union[BoardKind, str]] = ..., season: _Optional[str] = ..., difficulty: _Optional[str] = ...) -> None: ...

class LeaderboardEntry(_message.Message):
    __slots__ = ("rank", "player", "rating", "mu", "sigma", "games", "wins", "provisional", "board_value", "last_played")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    PROVISIONAL_FIELD_NUMBER: _ClassVar[int]
    BOARD_VALUE_FIELD_NUMBER: _ClassVar[int]
    LAST_PLAYED_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    provisional: bool
    board_value: float
    last_played: _timestamp_pb2.Timestamp
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., rating: _Optional[float] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., games: _Optional[int] = ..., wins: _Optional[int] = ..., provisional: _Optional[bool] = ..., board_value: _Optional[float] = ..., last_played: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class GetTopRequest(_message.Message):
    __slots__ = ("board", "limit")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    board: BoardRef
    limit: int
    def __init__(self, board: _Optional[_Union[BoardRef, _Mapping]] = ..., limit: _Optional[int] = ...) -> None: ...

class GetTopResponse(_message.Message):
    __slots__ = ("entries", "total", "season")
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[LeaderboardEntry]
    total: int
    season: str
    def __init__(self, entries: _Optional[_Iterable[_Union[LeaderboardEntry, _Mapping]]] = ..., total: _Optional[int] = ..., season: _Optional[str] = ...) -> None: ...

class GetPageRequest(_message.Message):
    __slots__ = ("board", "start_rank", "limit")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    START_RANK_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    board: BoardRef
    start_rank: int
    limit: int
    def __init__(self, board: _Optional[_Union[BoardRef, _Mapping]] = ..., start_rank: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class GetPageResponse(_message.Message):
    __slots__ = ("entries", "total", "season")
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[LeaderboardEntry]
    total: int
    season: str
    def __init__(self, entries: _Optional[_Iterable[_Union[LeaderboardEntry, _Mapping]]] = ..., total: _Optional[int] = ..., season: _Optional[str] = ...) -> None: ...

class GetAroundPlayerRequest(_message.Message):
    __slots__ = ("board", "player", "radius")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    RADIUS_FIELD_NUMBER: _ClassVar[int]
    board: BoardRef
    player: str
    radius: int
    def __init__(self, board: _Optional[_Union[BoardRef, _Mapping]] = ..., player: _Optional[str] = ..., radius: _Optional[int] = ...) -> None: ...

class GetAroundPlayerResponse(_message.Message):
    __slots__ = ("entries", "total", "player_rank", "season")
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    PLAYER_RANK_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[LeaderboardEntry]
    total: int
    player_rank: int
    season: str
    def __init__(self, entries: _Optional[_Iterable[_Union[LeaderboardEntry, _Mapping]]] = ..., total: _Optional[int] = ..., player_rank: _Optional[int] = ..., season: _Optional[str] = ...) -> None: ...

class GetPlayerRequest(_message.Message):
    __slots__ = ("game", "player", "season")
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    game: str
    player: str
    season: str
    def __init__(self, game: _Optional[str] = ..., player: _Optional[str] = ..., season: _Optional[str] = ...) -> None: ...

class GetPlayerResponse(_message.Message):
    __slots__ = ("entry", "total", "wins_rank", "season", "season_rank", "coop")
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    WINS_RANK_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    SEASON_RANK_FIELD_NUMBER: _ClassVar[int]
    COOP_FIELD_NUMBER: _ClassVar[int]
    entry: LeaderboardEntry
    total: int
    wins_rank: int
    season: str
    season_rank: int
    coop: _containers.RepeatedCompositeFieldContainer[CoopRecord]
    def __init__(self, entry: _Optional[_Union[LeaderboardEntry, _Mapping]] = ..., total: _Optional[int] = ..., wins_rank: _Optional[int] = ..., season: _Optional[str] = ..., season_rank: _Optional[int] = ..., coop: _Optional[_Iterable[_Union[CoopRecord, _Mapping]]] = ...) -> None: ...

class CoopRecord(_message.Message):
    __slots__ = ("difficulty", "games", "wins", "losses", "best_result", "wins_rank", "best_rank")
    DIFFICULTY_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    LOSSES_FIELD_NUMBER: _ClassVar[int]
    BEST_RESULT_FIELD_NUMBER: _ClassVar[int]
    WINS_RANK_FIELD_NUMBER: _ClassVar[int]
    BEST_RANK_FIELD_NUMBER: _ClassVar[int]
    difficulty: str
    games: int
    wins: int
    losses: int
    best_result: float
    wins_rank: int
    best_rank: int
    def __init__(self, difficulty: _Optional[str] = ..., games: _Optional[int] = ..., wins: _Optional[int] = ..., losses: _Optional[int] = ..., best_result: _Optional[float] = ..., wins_rank: _Optional[int] = ..., best_rank: _Optional[int] = ...) -> None: ...

class GetRatingHistoryRequest(_message.Message):
    __slots__ = ("game", "player", "limit")
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    game: str
    player: str
    limit: int
    def __init__(self, game: _Optional[str] = ..., player: _Optional[str] = ..., limit: _Optional[int] = ...) -> None: ...

class RatingPoint(_message.Message):
    __slots__ = ("game_id", "at", "mu", "sigma", "rating", "delta", "placing", "won", "players")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    DELTA_FIELD_NUMBER: _ClassVar[int]
    PLACING_FIELD_NUMBER: _ClassVar[int]
    WON_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    at: _timestamp_pb2.Timestamp
    mu: float
    sigma: float
    rating: float
    delta: float
    placing: int
    won: bool
    players: int
    def __init__(self, game_id: _Optional[str] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., rating: _Optional[float] = ..., delta: _Optional[float] = ..., placing: _Optional[int] = ..., won: _Optional[bool] = ..., players: _Optional[int] = ...) -> None: ...

class GetRatingHistoryResponse(_message.Message):
    __slots__ = ("points",)
    POINTS_FIELD_NUMBER: _ClassVar[int]
    points: _containers.RepeatedCompositeFieldContainer[RatingPoint]
    def __init__(self, points: _Optional[_Iterable[_Union[RatingPoint, _Mapping]]] = ...) -> None: ...

class GetRatingsRequest(_message.Message):
    __slots__ = ("game", "players")
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    game: str
    players: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, game: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ...) -> None: ...

class PlayerSkill(_message.Message):
    __slots__ = ("player", "mu", "sigma", "known", "provisional", "games")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    KNOWN_FIELD_NUMBER: _ClassVar[int]
    PROVISIONAL_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    player: str
    mu: float
    sigma: float
    known: bool
    provisional: bool
    games: int
    def __init__(self, player: _Optional[str] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., known: _Optional[bool] = ..., provisional: _Optional[bool] = ..., games: _Optional[int] = ...) -> None: ...

class GetRatingsResponse(_message.Message):
    __slots__ = ("ratings",)
    RATINGS_FIELD_NUMBER: _ClassVar[int]
    ratings: _containers.RepeatedCompositeFieldContainer[PlayerSkill]
    def __init__(self, ratings: _Optional[_Iterable[_Union[PlayerSkill, _Mapping]]] = ...) -> None: ...

class ListPlayerGamesRequest(_message.Message):
    __slots__ = ("player", "game", "page_size", "page_token")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    player: str
    game: str
    page_size: int
    page_token: str
    def __init__(self, player: _Optional[str] = ..., game: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class PlayerGame(_message.Message):
    __slots__ = ("game", "game_id", "ended_at", "cancelled", "reason", "ranked", "players", "placings", "points", "placing", "score", "rated", "rating_delta", "rating", "reason_message")
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ENDED_AT_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RANKED_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PLACINGS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    PLACING_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    RATING_DELTA_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    REASON_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    game: str
    game_id: str
    ended_at: _timestamp_pb2.Timestamp
    cancelled: bool
    reason: str
    ranked: bool
    players: _containers.RepeatedScalarFieldContainer[str]
    placings: _containers.RepeatedScalarFieldContainer[int]
    points: _containers.RepeatedScalarFieldContainer[float]
    placing: int
    score: float
    rated: bool
    rating_delta: float
    rating: float
    reason_message: _event_pb2.Message
    def __init__(self, game: _Optional[str] = ..., game_id: _Optional[str] = ..., ended_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., cancelled: _Optional[bool] = ..., reason: _Optional[str] = ..., ranked: _Optional[bool] = ..., players: _Optional[_Iterable[str]] = ..., placings: _Optional[_Iterable[int]] = ..., points: _Optional[_Iterable[float]] = ..., placing: _Optional[int] = ..., score: _Optional[float] = ..., rated: _Optional[bool] = ..., rating_delta: _Optional[float] = ..., rating: _Optional[float] = ..., reason_message: _Optional[_Union[_event_pb2.Message, _Mapping]] = ...) -> None: ...

class ListPlayerGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[PlayerGame]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[PlayerGame, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...
