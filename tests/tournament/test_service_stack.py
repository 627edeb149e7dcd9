"""The tournament service in the running stack (`foodgames up`): an operator creates a Swiss
tournament, the service pairs it, draws round 1 and every table's seats from the deck, starts
the tables as games on the rules engine and follows them; bots (in this process, over gRPC,
each seat with its player's token) play every table; the tournament finishes, its bundle is
exported and `foodgames tournament verify` checks it whole, and any tampering fails it."""
from __future__ import annotations

import copy
import itertools
import json
import uuid
from collections import Counter

import grpc
import pytest
import pytest_asyncio
from foodgames.v1 import tournament_pb2 as pb

from apps.audit.tournament import verify_tournament
from apps.cli.main import main as cli
from tests.tournament.stackplay import Api, entrants, operator, run_tournament


def meetings(t: pb.Tournament) -> Counter:
    """How often each pair of entrants sat at one table."""
    return Counter(frozenset(pair) for r in t.round_list for table in r.tables
                   for pair in itertools.combinations(table.players, 2))


def repeats_by_round(t: pb.Tournament) -> list[int]:
    seen: set = set()
    out = []
    for r in t.round_list:
        pairs = {frozenset(p) for table in r.tables for p in itertools.combinations(table.players, 2)}
        out.append(len(pairs & seen))
        seen |= pairs
    return out


async def _reveal_refused_while_playing(stack, seen: dict):
    """An on_poll that asks the deck, as an operator, to reveal the draws' seed while round 1 is
    in play, and keeps its answer."""
    from foodgames.v1 import deck_pb2, deck_pb2_grpc

    from shared.auth import mint_token
    from shared.channels import client_channel

    async def ask(api, t):
        if "reveal" in seen or t.current_round != 1 or not any(tb.game_id for r in t.round_list for tb in r.tables):
            return
        async with client_channel(stack.address("deck"), mint_token(stack, "ops", "operator")) as channel:
            deck = deck_pb2_grpc.DeckServiceStub(channel)
            try:
                await deck.Reveal(deck_pb2.RevealRequest(game_id=t.draws_game_id))
                seen["reveal"] = "revealed"
            except grpc.aio.AioRpcError as exc:
                seen["reveal"] = f"{exc.code().name}: {exc.details()}"
    return ask


async def _standings_and_bundle(stack, tid: str):
    """A finished tournament's standings and its exported bundle, read as an operator."""
    api = operator(stack)
    try:
        standings = await api.GetStandings(pb.GetStandingsRequest(tournament_id=tid))
        bundle = json.loads((await api.ExportTournamentBundle(
            pb.ExportTournamentBundleRequest(tournament_id=tid))).bundle_json)
    finally:
        await api.close()
    return standings, bundle


async def _played(stack, players: int, rounds: int, timeout_s: float | None = None):
    seen: dict = {}
    tid, t, figures = await run_tournament(stack, entrants(players), rounds, timeout_s=timeout_s or 40.0 * rounds,
                                           on_poll=await _reveal_refused_while_playing(stack, seen))
    figures.update(seen)
    standings, bundle = await _standings_and_bundle(stack, tid)
    return t, standings, bundle, figures


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def small(stack):
    """An 8-player Foodie Forest Swiss tournament of 2 rounds, played to its end by bots."""
    return await _played(stack, 8, 2)


def test_a_swiss_tournament_played_by_bots_finishes_with_standings(small):
    t, standings, bundle, figures = small
    # then both rounds were played at two tables of 4, every table as a game of its own
    assert t.phase == "finished" and t.current_round == 2
    assert [len(r.tables) for r in t.round_list] == [2, 2] and all(r.closed for r in t.round_list)
    tables = [table for r in t.round_list for table in r.tables]
    assert all(table.finished and len(table.seats) == 4 and sorted(table.seats) == sorted(table.players)
               for table in tables)
    assert len({table.game_id for table in tables}) == 4 == figures["games"] == len(bundle["games"])
    # and the final standings rank all 8, the winner first
    assert standings.final and standings.round == 2
    assert [row.rank for row in standings.rows] == sorted(row.rank for row in standings.rows)
    assert sorted(row.player for row in standings.rows) == sorted(t.entrants)
    assert list(t.winners) == [standings.rows[0].player]


def test_the_draws_seed_stays_secret_until_the_tournament_finishes(small):
    # given an operator who asked the deck to reveal the draws' seed while round 1 was in play
    t, _, bundle, figures = small
    # then the deck refused: more draws were to come
    assert figures["reveal"].startswith("FAILED_PRECONDITION"), figures["reveal"]
    assert "secret until the game ends" in figures["reveal"]
    # and once the tournament finished it was revealed (the bundle re-derives every draw from it)
    assert len(bundle["draws"]["server_seed"]) == 64 and len(bundle["draws"]["shuffles"]) == 5


def test_no_pair_meets_more_often_than_the_pairing_must(small):
    # given 8 entrants at tables of 4: round 2 cannot avoid rematches (each table takes players
    # of both round-1 tables), and 2 per table (2 + 2 from each) is the fewest possible
    t, *_ = small
    assert repeats_by_round(t) == [0, 4]
    assert max(meetings(t).values()) == 2


def test_verify_recomputes_the_standings_and_holds(small, tmp_path, capsys):
    # given the exported bundle, written to a file
    t, standings, bundle, _ = small
    path = tmp_path / "tournament.json"
    path.write_text(json.dumps(bundle))
    # when an operator verifies it offline
    code = cli(["tournament", "verify", str(path)])
    out = capsys.readouterr().out
    # then every check holds: the record, the standings, every draw and every game
    assert code == 0, out
    assert "RESULT: every check holds" in out
    report = verify_tournament(bundle)
    names = [c.name for c in report.checks]
    assert "tournament record" in names and "standings" in names
    assert sum(n.startswith("draw seats#") for n in names) == 4 and "draw entrants#0" in names
    assert sum(n.endswith(": game record") for n in names) == 4


def _event(bundle, kind, nth=0):
    return [e for e in bundle["events"] if e["type"] == kind][nth]


def _unequal_placings(bundle):
    """The placings of the first table whose players did not all tie (random bots' Foodie Forest
    may end with everyone at 0 points: a table of four firsts, which no swap changes)."""
    return next(e["data"]["placings"] for e in bundle["events"]
                if e["type"] == "TableFinished" and len(set(e["data"]["placings"])) > 1)


def _swap(items, a=0, b=None):
    """Swap items[a] with items[b], by default the last item that differs from it (placings of a
    real game may tie: swapping two equal ranks would change nothing)."""
    if b is None:
        b = max(i for i, item in enumerate(items) if item != items[a])
    items[a], items[b] = items[b], items[a]


def _game(bundle, n=0):
    return bundle["games"][sorted(bundle["games"])[n]]


def _first(game, kind):
    return next(e for e in game["events"] if e["type"] == kind)


TABLE_GAME, GAME_RECORD = ": the table's game", ": game record"

# One tampering per entry: (what, how, checks that must fail: a name or a name's ending).
TAMPERING = [
    # results
    ("a table's placings", lambda b: _swap(_unequal_placings(b)),
     ["tournament record", "standings", TABLE_GAME]),
    ("a table's points", lambda b: _event(b, "TableFinished", 3)["data"]["points"].__setitem__(0, 99.0),
     ["tournament record", "standings", TABLE_GAME]),
    ("a game's GameOver", lambda b: _swap(_first(_game(b, 1), "GameOver")["data"]["placings"]),
     [GAME_RECORD, TABLE_GAME]),
    # seatings
    ("a table's seats", lambda b: _swap(_event(b, "TableSeated", 1)["data"]["seats"]),
     ["tournament record", "draw seats#1", TABLE_GAME]),
    ("round 1's draw", lambda b: _swap(_event(b, "EntrantsShuffled")["data"]["order"]),
     ["tournament record", "draw entrants#0"]),
    ("a logged draw's order", lambda b: _swap(b["draws"]["shuffles"][2]["order"]),
     ["draws: shuffle seats#1: re-derived order", "draw seats#1"]),
    # events
    ("an entrant's name", lambda b: _event(b, "EntrantJoined", 2)["data"].__setitem__("player", "mallory"),
     ["tournament record"]),
    ("a published standing", lambda b: _event(b, "StandingsPublished", 0)["data"]["rows"][0].__setitem__("points", 9.0),
     ["tournament record", "standings"]),
    ("a dropped event", lambda b: b["events"].remove(_event(b, "RoundClosed", 0)), ["tournament record"]),
    ("two events swapped", lambda b: _swap(b["events"], 12, 13), ["tournament record", "draw seats#0"]),
    ("an added event", lambda b: b["events"].insert(17, copy.deepcopy(_event(b, "TableFinished", 0))),
     ["tournament record"]),
    ("a card dealt in a game", lambda b: _swap(_first(_game(b, 0), "CardsDealt")["data"]["hands"][0]), [GAME_RECORD]),
    ("two tables' games swapped", lambda b: b.__setitem__("games", dict(zip(sorted(b["games"]), [
        b["games"][k] for k in [sorted(b["games"])[1], sorted(b["games"])[0], *sorted(b["games"])[2:]]]))),
     [TABLE_GAME]),
]


@pytest.mark.parametrize("what,tamper,caught_by", TAMPERING, ids=[t[0] for t in TAMPERING])
def test_tampering_with_the_bundle_fails_verify(small, what, tamper, caught_by):
    # given the bundle of a real tournament, with one thing changed
    bundle = copy.deepcopy(small[2])
    tamper(bundle)
    assert bundle != small[2], f"the tampering of {what} changed nothing"
    # when it is verified
    report = verify_tournament(bundle)
    # then it fails, and each check that must see this tampering names it
    assert not report.ok, what
    failed = [c.name for c in report.failures]
    for check in caught_by:
        assert any(name == check or name.endswith(check) for name in failed), (what, check, failed)
    assert all(c.reason for c in report.failures)


def test_verify_names_the_first_failing_check_and_exits_1(small, tmp_path, capsys):
    bundle = copy.deepcopy(small[2])
    _swap(_unequal_placings(bundle))
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(bundle))
    code = cli(["tournament", "verify", str(path)])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAILED; the first: tournament record: tournament event" in out


async def test_players_find_the_running_tournaments_first_then_the_finished(stack):
    # given a tournament an operator started (its players yet to come), then one played to its
    # end after it: the finished one has the newer events
    ops, fan = operator(stack), Api(stack, "fan", "player")
    running = "t" + uuid.uuid4().hex[:10]
    try:
        await ops.CreateTournament(pb.CreateTournamentRequest(
            tournament_id=running, game="foodie-forest", entrants=entrants(4), rounds=1))
        finished, _, _ = await run_tournament(stack, entrants(4), 1, timeout_s=60.0)
        # when a player asks for the tournaments
        listed = (await fan.ListTournaments(pb.ListTournamentsRequest())).tournaments
        ids = [t.tournament_id for t in listed]
        # then the running one comes before the finished one, each as GetTournament says it
        assert running in ids and finished in ids and ids.index(running) < ids.index(finished)
        assert listed[ids.index(running)].phase != "finished" and listed[ids.index(finished)].phase == "finished"
        assert all(t.phase != "finished" for t in listed[:ids.index(running)])
        # and a page of one is the newest running one; another game's list holds neither
        [first] = (await fan.ListTournaments(pb.ListTournamentsRequest(page_size=1))).tournaments
        assert first.phase != "finished"
        other = (await fan.ListTournaments(pb.ListTournamentsRequest(game="food-fight"))).tournaments
        assert not {running, finished} & {t.tournament_id for t in other}
        for bad in (pb.ListTournamentsRequest(game="chess"), pb.ListTournamentsRequest(page_size=51)):
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await fan.ListTournaments(bad)
            assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    finally:
        await ops.close()
        await fan.close()


async def test_a_player_token_cannot_create_a_tournament(stack):
    async def go():
        api = Api(stack, "eve", "player")
        try:
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await api.CreateTournament(pb.CreateTournamentRequest(
                    tournament_id="by-a-player", game="foodie-forest", entrants=entrants(4), rounds=1))
            assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
            assert "operator" in refused.value.details()
            # and nothing was stored
            with pytest.raises(grpc.aio.AioRpcError) as missing:
                await api.GetTournament(pb.GetTournamentRequest(tournament_id="by-a-player"))
            assert missing.value.code() == grpc.StatusCode.NOT_FOUND
        finally:
            await api.close()
    await go()


@pytest.mark.slow
async def test_a_16_player_swiss_tournament_of_4_rounds_played_by_bots_verifies(stack):
    t, standings, bundle, figures = await _played(stack, 16, 4)
    assert t.phase == "finished" and figures["games"] == 16 == len(bundle["games"])
    # nobody meets anyone twice in rounds 1-3 (a 4x4 grid and a Latin square complete it); round 4
    # has at most one rematch per table, and no pair meets three times (docs/tournaments.md)
    repeats = repeats_by_round(t)
    assert repeats[:3] == [0, 0, 0] and repeats[3] <= 4
    assert max(meetings(t).values()) <= 2
    assert standings.final and len(standings.rows) == 16
    report = verify_tournament(bundle)
    assert report.ok, [(c.name, c.reason) for c in report.failures]
    print(f"16 players, 4 rounds: {figures['games']} games in {figures['seconds']:.1f}s")


@pytest.mark.slow
@pytest.mark.timeout(1800)  # 128 games of four bots on two cores (the suite's default is 240 s)
async def test_a_256_entrant_swiss_of_foodie_forest_seats_every_entrant_and_verifies(stack):
    # given 256 entrants, four times the 64 a deck game seated before (every entrant is a player of
    # the draws' deck game), when 2 Swiss rounds are played by bots
    t, standings, bundle, figures = await _played(stack, 256, 2, timeout_s=900)
    # then every round seated all 256 at 64 tables of 4, and the whole record verifies offline
    assert t.phase == "finished" and [len(r.tables) for r in t.round_list] == [64, 64]
    assert all(sorted(p for tb in r.tables for p in tb.players) == sorted(t.entrants) for r in t.round_list)
    assert figures["games"] == 128 == len(bundle["games"])
    assert standings.final and len(standings.rows) == 256
    report = verify_tournament(bundle)
    assert report.ok, [(c.name, c.reason) for c in report.failures]
    print(f"256 players, 2 rounds: {figures['games']} games in {figures['seconds']:.1f}s")


async def test_an_entrant_who_drops_is_not_paired_again(stack):
    # given 4 entrants: round 1 at one table of 4
    players = entrants(4)
    dropper, other = players[0], players[1]

    async def drop_during_round_1(api, t):
        started = [tb.game_id for r in t.round_list for tb in r.tables]
        if t.current_round != 1 or dropper in t.dropped or not started or not started[0]:
            return
        someone = Api(stack, other, "player")
        me = Api(stack, dropper, "player")
        try:
            # another player may not drop them
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await someone.DropEntrant(pb.DropEntrantRequest(tournament_id=t.tournament_id, player=dropper))
            assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
            # when they drop themself while round 1 is in play
            reply = await me.DropEntrant(pb.DropEntrantRequest(tournament_id=t.tournament_id, player=dropper))
            assert dropper in reply.tournament.dropped
        finally:
            await someone.close()
            await me.close()

    tid, t, figures = await run_tournament(stack, players, 2, on_poll=drop_during_round_1)
    # then round 1 keeps their result, and round 2 seats the 3 others at one table
    assert t.phase == "finished" and list(t.dropped) == [dropper]
    assert dropper in t.round_list[0].tables[0].players and t.round_list[0].tables[0].finished
    assert [sorted(tb.players) for tb in t.round_list[1].tables] == [sorted(players[1:])]


async def test_a_coop_series_keeps_its_tables_and_verifies(stack):
    # given 6 entrants of Forestaurant (co-op): the format is a series of fixed tables
    async def go():
        tid, t, _ = await run_tournament(stack, entrants(6), 2, game="forestaurant")
        return (t, *await _standings_and_bundle(stack, tid))
    t, standings, bundle = await go()
    # then round 1's draw made two tables of 3 that play together again in round 2
    assert t.format == pb.TOURNAMENT_FORMAT_SERIES and t.cooperative
    assert [sorted(tb.players) for tb in t.round_list[0].tables] == [sorted(tb.players) for tb in t.round_list[1].tables]
    assert [len(tb.players) for tb in t.round_list[0].tables] == [3, 3]
    # the tables are ranked, each with its two games, the winners a whole table
    assert [team.games for team in standings.teams] == [2, 2] and not standings.rows
    assert list(t.winners) == list(standings.teams[0].players)
    # and the whole series verifies
    report = verify_tournament(bundle)
    assert report.ok, [(c.name, c.reason) for c in report.failures]


async def test_a_tournaments_time_control_is_its_tables_turn_clock(stack):
    """Per game 90 s and per move 7 s: each table's game keeps a turn clock (a 90 s bank plus
    7 s a move, tests/tournament/test_time_control.py; docs/tournaments.md)."""
    from foodgames.v1 import game_pb2, game_pb2_grpc

    from shared.auth import mint_token
    from shared.channels import client_channel

    async def go():
        # given a tournament created with a time control, played to its end
        players = entrants(4)
        tid, t, _ = await run_tournament(stack, players, 1,
                                         time_control=pb.TimeControl(per_game_seconds=90, per_move_seconds=7))
        game_id = t.round_list[0].tables[0].game_id
        seat_player = t.round_list[0].tables[0].seats[0]
        # when a seat of its table looks at the game
        async with client_channel(stack.address("foodie-forest"), mint_token(stack, seat_player, "player")) as ch:
            view = await game_pb2_grpc.GameServiceStub(ch).GetView(game_pb2.GetViewRequest(
                game_id=game_id, seat=0, view_encoding=game_pb2.VIEW_ENCODING_JSON))
        clocks = json.loads(view.view_json)["clocks"]
        # then every seat had a clock, and none ran out
        assert sorted(clocks) == sorted(t.round_list[0].tables[0].seats)
        assert all(clock["remaining_ms"] > 0 for clock in clocks.values()), clocks
    await go()
