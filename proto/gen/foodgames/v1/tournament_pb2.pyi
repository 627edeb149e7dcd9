from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TournamentFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOURNAMENT_FORMAT_UNSPECIFIED: _ClassVar[TournamentFormat]
    TOURNAMENT_FORMAT_SWISS: _ClassVar[TournamentFormat]
    TOURNAMENT_FORMAT_SERIES: _ClassVar[TournamentFormat]

class OddEntrants(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ODD_ENTRANTS_UNSPECIFIED: _ClassVar[OddEntrants]
    ODD_ENTRANTS_SMALLER_TABLES: _ClassVar[OddEntrants]
    ODD_ENTRANTS_BYES: _ClassVar[OddEntrants]
TOURNAMENT_FORMAT_UNSPECIFIED: TournamentFormat
TOURNAMENT_FORMAT_SWISS: TournamentFormat
TOURNAMENT_FORMAT_SERIES: TournamentFormat
ODD_ENTRANTS_UNSPECIFIED: OddEntrants
ODD_ENTRANTS_SMALLER_TABLES: OddEntrants
ODD_ENTRANTS_BYES: OddEntrants

class TimeControl(_message.Message):
    __slots__ = ("per_move_seconds", "per_game_seconds")
    PER_MOVE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    PER_GAME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    per_move_seconds: int
    per_game_seconds: int
    def __init__(self, per_move_seconds: _Optional[int] = ..., per_game_seconds: _Optional[int] = ...) -> None: ...

class CreateTournamentRequest(_message.Message):
    __slots__ = ("tournament_id", "game", "options", "entrants", "format", "rounds", "table_size", "odd_entrants", "bye_points", "time_control", "ranked")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    ENTRANTS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    ODD_ENTRANTS_FIELD_NUMBER: _ClassVar[int]
    BYE_POINTS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    RANKED_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    game: str
    options: _struct_pb2.Struct
    entrants: _containers.RepeatedScalarFieldContainer[str]
    format: TournamentFormat
    rounds: int
    table_size: int
    odd_entrants: OddEntrants
    bye_points: float
    time_control: TimeControl
    ranked: bool
    def __init__(self, tournament_id: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., entrants: _Optional[_Iterable[str]] = ..., format: _Optional[_Union[TournamentFormat, str]] = ..., rounds: _Optional[int] = ..., table_size: _Optional[int] = ..., odd_entrants: _Optional[_Union[OddEntrants, str]] = ..., bye_points: _Optional[float] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ..., ranked: _Optional[bool] = ...) -> None: ...

class CreateTournamentResponse(_message.Message):
    __slots__ = ("tournament",)
    TOURNAMENT_FIELD_NUMBER: _ClassVar[int]
    tournament: Tournament
    def __init__(self, tournament: _Optional[_Union[Tournament, _Mapping]] = ...) -> None: ...

class GetTournamentRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ...) -> None: ...

class GetTournamentResponse(_message.Message):
    __slots__ = ("tournament",)
    TOURNAMENT_FIELD_NUMBER: _ClassVar[int]
    tournament: Tournament
    def __init__(self, tournament: _Optional[_Union[Tournament, _Mapping]] = ...) -> None: ...

class ListTournamentsRequest(_message.Message):
    __slots__ = ("game", "page_size")
    GAME_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    game: str
    page_size: int
    def __init__(self, game: _Optional[str] = ..., page_size: _Optional[int] = ...) -> None: ...

class ListTournamentsResponse(_message.Message):
    __slots__ = ("tournaments",)
    TOURNAMENTS_FIELD_NUMBER: _ClassVar[int]
    tournaments: _containers.RepeatedCompositeFieldContainer[Tournament]
    def __init__(self, tournaments: _Optional[_Iterable[_Union[Tournament, _Mapping]]] = ...) -> None: ...

class GetStandingsRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ...) -> None: ...

class GetStandingsResponse(_message.Message):
    __slots__ = ("round", "rows", "teams", "final")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    TEAMS_FIELD_NUMBER: _ClassVar[int]
    FINAL_FIELD_NUMBER: _ClassVar[int]
    round: int
    rows: _containers.RepeatedCompositeFieldContainer[StandingRow]
    teams: _containers.RepeatedCompositeFieldContainer[TeamRow]
    final: bool
    def __init__(self, round: _Optional[int] = ..., rows: _Optional[_Iterable[_Union[StandingRow, _Mapping]]] = ..., teams: _Optional[_Iterable[_Union[TeamRow, _Mapping]]] = ..., final: _Optional[bool] = ...) -> None: ...

class DropEntrantRequest(_message.Message):
    __slots__ = ("tournament_id", "player")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    player: str
    def __init__(self, tournament_id: _Optional[str] = ..., player: _Optional[str] = ...) -> None: ...

class DropEntrantResponse(_message.Message):
    __slots__ = ("tournament",)
    TOURNAMENT_FIELD_NUMBER: _ClassVar[int]
    tournament: Tournament
    def __init__(self, tournament: _Optional[_Union[Tournament, _Mapping]] = ...) -> None: ...

class ExportTournamentBundleRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ...) -> None: ...

class ExportTournamentBundleResponse(_message.Message):
    __slots__ = ("bundle_json",)
    BUNDLE_JSON_FIELD_NUMBER: _ClassVar[int]
    bundle_json: str
    def __init__(self, bundle_json: _Optional[str] = ...) -> None: ...

class Tournament(_message.Message):
    __slots__ = ("tournament_id", "game", "format", "rounds", "table_size", "ranked", "cooperative", "phase", "current_round", "entrants", "dropped", "round_list", "winners", "version", "options", "time_control", "draws_game_id", "stalled")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    RANKED_FIELD_NUMBER: _ClassVar[int]
    COOPERATIVE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    CURRENT_ROUND_FIELD_NUMBER: _ClassVar[int]
    ENTRANTS_FIELD_NUMBER: _ClassVar[int]
    DROPPED_FIELD_NUMBER: _ClassVar[int]
    ROUND_LIST_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    DRAWS_GAME_ID_FIELD_NUMBER: _ClassVar[int]
    STALLED_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    game: str
    format: TournamentFormat
    rounds: int
    table_size: int
    ranked: bool
    cooperative: bool
    phase: str
    current_round: int
    entrants: _containers.RepeatedScalarFieldContainer[str]
    dropped: _containers.RepeatedScalarFieldContainer[str]
    round_list: _containers.RepeatedCompositeFieldContainer[Round]
    winners: _containers.RepeatedScalarFieldContainer[str]
    version: int
    options: _struct_pb2.Struct
    time_control: TimeControl
    draws_game_id: str
    stalled: str
    def __init__(self, tournament_id: _Optional[str] = ..., game: _Optional[str] = ..., format: _Optional[_Union[TournamentFormat, str]] = ..., rounds: _Optional[int] = ..., table_size: _Optional[int] = ..., ranked: _Optional[bool] = ..., cooperative: _Optional[bool] = ..., phase: _Optional[str] = ..., current_round: _Optional[int] = ..., entrants: _Optional[_Iterable[str]] = ..., dropped: _Optional[_Iterable[str]] = ..., round_list: _Optional[_Iterable[_Union[Round, _Mapping]]] = ..., winners: _Optional[_Iterable[str]] = ..., version: _Optional[int] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ..., draws_game_id: _Optional[str] = ..., stalled: _Optional[str] = ...) -> None: ...

class Round(_message.Message):
    __slots__ = ("number", "tables", "byes", "closed")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    BYES_FIELD_NUMBER: _ClassVar[int]
    CLOSED_FIELD_NUMBER: _ClassVar[int]
    number: int
    tables: _containers.RepeatedCompositeFieldContainer[Table]
    byes: _containers.RepeatedScalarFieldContainer[str]
    closed: bool
    def __init__(self, number: _Optional[int] = ..., tables: _Optional[_Iterable[_Union[Table, _Mapping]]] = ..., byes: _Optional[_Iterable[str]] = ..., closed: _Optional[bool] = ...) -> None: ...

class Table(_message.Message):
    __slots__ = ("number", "players", "seats", "game_id", "finished", "placings", "points", "team_won")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    PLACINGS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    TEAM_WON_FIELD_NUMBER: _ClassVar[int]
    number: int
    players: _containers.RepeatedScalarFieldContainer[str]
    seats: _containers.RepeatedScalarFieldContainer[str]
    game_id: str
    finished: bool
    placings: _containers.RepeatedScalarFieldContainer[int]
    points: _containers.RepeatedScalarFieldContainer[float]
    team_won: bool
    def __init__(self, number: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., seats: _Optional[_Iterable[str]] = ..., game_id: _Optional[str] = ..., finished: _Optional[bool] = ..., placings: _Optional[_Iterable[int]] = ..., points: _Optional[_Iterable[float]] = ..., team_won: _Optional[bool] = ...) -> None: ...

class StandingRow(_message.Message):
    __slots__ = ("rank", "player", "points", "game_points", "opponents_average", "head_to_head", "seed", "byes", "dropped")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    GAME_POINTS_FIELD_NUMBER: _ClassVar[int]
    OPPONENTS_AVERAGE_FIELD_NUMBER: _ClassVar[int]
    HEAD_TO_HEAD_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    BYES_FIELD_NUMBER: _ClassVar[int]
    DROPPED_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    points: float
    game_points: float
    opponents_average: float
    head_to_head: int
    seed: int
    byes: int
    dropped: bool
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., points: _Optional[float] = ..., game_points: _Optional[float] = ..., opponents_average: _Optional[float] = ..., head_to_head: _Optional[int] = ..., seed: _Optional[int] = ..., byes: _Optional[int] = ..., dropped: _Optional[bool] = ...) -> None: ...

class TeamRow(_message.Message):
    __slots__ = ("rank", "table", "players", "wins", "best_points", "total_points", "games", "withdrawn")
    RANK_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    BEST_POINTS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_POINTS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    rank: int
    table: int
    players: _containers.RepeatedScalarFieldContainer[str]
    wins: int
    best_points: float
    total_points: float
    games: int
    withdrawn: bool
    def __init__(self, rank: _Optional[int] = ..., table: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., wins: _Optional[int] = ..., best_points: _Optional[float] = ..., total_points: _Optional[float] = ..., games: _Optional[int] = ..., withdrawn: _Optional[bool] = ...) -> None: ...
