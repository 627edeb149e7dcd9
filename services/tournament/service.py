"""TournamentService over gRPC: proto in, TournamentApp, proto out. Errors are shared.errors
(and the core's rules errors), mapped to status codes by shared.service's interceptor."""
from __future__ import annotations

from foodgames.v1 import tournament_pb2 as pb
from foodgames.v1 import tournament_pb2_grpc as pb_grpc

from shared import games
from shared.auth import current_identity
from shared.errors import InvalidArgument
from shared.protojson import to_dict, to_struct

from . import events as ev
from .app import CreateRequest, TournamentApp
from .draws import draws_game_id
from .stream import Loaded

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["TournamentService"].full_name

FORMATS = {pb.TOURNAMENT_FORMAT_SWISS: ev.SWISS, pb.TOURNAMENT_FORMAT_SERIES: ev.SERIES}
FORMAT_PB = {v: k for k, v in FORMATS.items()}
ODD = {pb.ODD_ENTRANTS_BYES: ev.BYES}
MAX_LIST = 50  # ListTournaments' largest page


def add_to_server(servicer, server) -> None:
    pb_grpc.add_TournamentServiceServicer_to_server(servicer, server)


# Tables are counted from 1 to people, as rounds, places and seats' turns are: a table's index in
# its round (events, game ids "...-r1-t0") plus one.
def tournament_pb(loaded: Loaded, stalled: str = "") -> pb.Tournament:
    s = loaded.state
    c = s.created
    msg = pb.Tournament(
        tournament_id=c.tournament_id, game=c.game, format=FORMAT_PB[c.format], rounds=c.rounds,
        table_size=c.table_size, ranked=c.ranked, cooperative=c.cooperative, phase=s.phase,
        current_round=s.current.number if s.current else 0, entrants=list(s.entrants),
        dropped=sorted(s.dropped), winners=list(s.finished.winners) if s.finished else [],
        version=loaded.version, draws_game_id=draws_game_id(c.tournament_id), stalled=stalled)
    if c.options:
        msg.options.CopyFrom(to_struct(c.options))
    tc = c.time_control
    if tc.per_move_s is not None:
        msg.time_control.per_move_seconds = tc.per_move_s
    if tc.per_game_s is not None:
        msg.time_control.per_game_seconds = tc.per_game_s
    for r in s.rounds:
        rm = msg.round_list.add(number=r.number, byes=list(r.byes), closed=r.closed)
        for t, table in enumerate(r.tables):
            tm = rm.tables.add(number=t + 1, players=list(table.players), seats=list(table.seats or ()),
                               game_id=table.game_id or "", finished=table.result is not None)
            if table.result is not None:
                tm.placings.extend(table.result.placings)
                tm.points.extend(table.result.points)
                if table.result.team_won is not None:
                    tm.team_won = table.result.team_won
    return msg


def standings_pb(s) -> pb.GetStandingsResponse:
    reply = pb.GetStandingsResponse(final=s.finished is not None)
    if s.standings is None:
        return reply
    reply.round = s.standings.round
    for row in s.standings.rows:
        reply.rows.add(rank=row.rank, player=row.player, points=row.points, game_points=row.game_points,
                       opponents_average=row.opponents_average, head_to_head=row.head_to_head,
                       seed=row.seed, byes=row.byes, dropped=row.dropped)
    for team in s.standings.teams:
        reply.teams.add(rank=team.rank, table=team.table + 1, players=list(team.players), wins=team.wins,
                        best_points=team.best_points, total_points=team.total_points, games=team.games,
                        withdrawn=team.withdrawn)
    return reply


class TournamentServicer(pb_grpc.TournamentServiceServicer):
    def __init__(self, app: TournamentApp):
        self.app = app

    def _pb(self, loaded: Loaded) -> pb.Tournament:
        return tournament_pb(loaded, self.app.stalled.get(loaded.state.created.tournament_id, ""))

    async def CreateTournament(self, request, context):
        tc = request.time_control
        create = CreateRequest(
            tournament_id=request.tournament_id, game=request.game, entrants=tuple(request.entrants),
            rounds=request.rounds, options=to_dict(request.options) if request.HasField("options") else {},
            format=FORMATS.get(request.format), table_size=request.table_size or None,
            odd_entrants=ODD.get(request.odd_entrants, ev.SMALLER_TABLES),
            bye_points=request.bye_points if request.HasField("bye_points") else None,
            time_control=ev.TimeControl(
                tc.per_move_seconds if tc.HasField("per_move_seconds") else None,
                tc.per_game_seconds if tc.HasField("per_game_seconds") else None),
            ranked=request.ranked)
        loaded = await self.app.create(current_identity(), create)
        return pb.CreateTournamentResponse(tournament=self._pb(loaded))

    async def GetTournament(self, request, context):
        current_identity()
        return pb.GetTournamentResponse(tournament=self._pb(await self.app.get(request.tournament_id)))

    async def GetStandings(self, request, context):
        current_identity()
        s = (await self.app.get(request.tournament_id)).state
        return standings_pb(s)

    async def ListTournaments(self, request, context):
        current_identity()
        if request.game and request.game not in games.names():
            raise InvalidArgument(f"there is no game {request.game[:40]!r} (games: {', '.join(games.names())})")
        size = request.page_size or 20
        if size > MAX_LIST:
            raise InvalidArgument(f"page_size is at most {MAX_LIST}")
        found = await self.app.recent(request.game, size)
        return pb.ListTournamentsResponse(tournaments=[self._pb(t) for t in found])

    async def DropEntrant(self, request, context):
        loaded = await self.app.drop(current_identity(), request.tournament_id, request.player)
        return pb.DropEntrantResponse(tournament=self._pb(loaded))

    async def ExportTournamentBundle(self, request, context):
        text = await self.app.export(current_identity(), request.tournament_id)
        return pb.ExportTournamentBundleResponse(bundle_json=text)
