"""Through real services: the matchmaker as `foodgames serve matchmaking` runs
it (bootstrap.serve), players over gRPC, the game on Foodie Forest."""
from __future__ import annotations

import asyncio
import json

import grpc
import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc
from foodgames.v1 import matchmaking_pb2 as pb
from foodgames.v1 import matchmaking_pb2_grpc as pb_grpc
from google.protobuf.struct_pb2 import Struct

from apps.sdk.queueing import live_ticket
from services.matchmaking import bootstrap
from shared import statusdetails
from shared.auth import mint_token
from shared.channels import client_channel
from tests.matchmaking.conftest import GAME, fast_config, names


def _struct(**values) -> Struct:
    out = Struct()
    out.update(values)
    return out


@pytest.fixture
async def served(mm_settings, redis_url, catalogue):
    """bootstrap.serve on a free port; the leaderboard is unreachable (unrated players)."""
    settings = mm_settings.with_(redis_url=redis_url)
    ready = asyncio.Event()
    task = asyncio.create_task(bootstrap.serve(settings, 0, config=fast_config(), catalogue=catalogue, ready=ready))
    await asyncio.wait_for(ready.wait(), 10)
    running = ready.running
    channels = []

    def channel(player, role="player"):
        ch = client_channel(f"127.0.0.1:{running.server.port}", mint_token(settings, player, role))
        channels.append(ch)
        return pb_grpc.MatchmakingServiceStub(ch)

    running.channel = channel
    yield running
    for ch in channels:
        await ch.close()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


async def test_four_players_queue_watch_and_play(served, forest, mm_settings, nc):
    events = []

    async def on_msg(msg):
        events.append((msg.subject, dict(msg.headers or {}), json.loads(msg.data)))
    sub = await nc.subscribe("matchmaking.ticket.>", cb=on_msg)
    found_sub = await nc.subscribe("match.found.>", cb=on_msg)
    players = names(4, "ff")

    async def queue_and_watch(player):
        stub = served.channel(player)
        created = await stub.CreateTicket(pb.CreateTicketRequest(game=GAME, min_players=4, max_players=4))
        assert created.ticket.state == pb.TICKET_STATE_SEARCHING and created.ticket.ticket_id
        states = []
        async for update in stub.WatchTicket(pb.WatchTicketRequest(ticket_id=created.ticket.ticket_id)):
            states.append(update.ticket.state)
        assert states[0] == pb.TICKET_STATE_SEARCHING and states[-1] == pb.TICKET_STATE_MATCHED
        return update.ticket

    tickets = await asyncio.wait_for(asyncio.gather(*[queue_and_watch(p) for p in players]), 15)
    game_ids = {t.game_id for t in tickets}
    assert len(game_ids) == 1
    game_id = game_ids.pop()
    seats = {t.seats[0].player: t.seats[0].seat for t in tickets}
    assert sorted(seats) == sorted(players) and sorted(seats.values()) == [0, 1, 2, 3]
    for player, seat in seats.items():
        async with client_channel(forest.address, mint_token(mm_settings, player)) as ch:
            view = await game_pb2_grpc.GameServiceStub(ch).GetView(game_pb2.GetViewRequest(game_id=game_id, seat=seat))
            assert view.game == GAME and view.players[seat] == player and len(view.players) == 4
            if seat != 0:
                with pytest.raises(grpc.aio.AioRpcError) as err:  # another seat is not theirs
                    await game_pb2_grpc.GameServiceStub(ch).GetView(game_pb2.GetViewRequest(game_id=game_id, seat=0))
                assert err.value.code() == grpc.StatusCode.PERMISSION_DENIED
    await asyncio.sleep(0.2)
    await sub.unsubscribe()
    await found_sub.unsubscribe()
    subjects = [e[0] for e in events]
    assert sum(s.startswith("matchmaking.ticket.searching.") for s in subjects) == 4
    assert sum(s.startswith("matchmaking.ticket.matched.") for s in subjects) == 4
    (found,) = [e for e in events if e[0] == f"match.found.{GAME}"]
    assert found[2]["game_id"] == game_id and found[2]["seats"] == seats
    assert found[2]["quality"]["rating_spread"] == 0  # everyone unrated: the leaderboard did not answer
    assert all("traceparent" in e[1] for e in events)


async def test_a_ticket_says_why_it_ended_in_the_language_of_whoever_reads_it(served):
    a, b = names(2, "why")
    stub = served.channel(a)
    created = await stub.CreateTicket(pb.CreateTicketRequest(game=GAME, players=[a], min_players=5))
    # when the player leaves the queue from a German browser
    german = (("accept-language", "de-DE,de;q=0.9"),)
    cancelled = (await stub.CancelTicket(pb.CancelTicketRequest(ticket_id=created.ticket.ticket_id),
                                         metadata=german)).ticket
    # then the reason is theirs to read, in German, and in English for logs and older clients
    assert cancelled.reason == f"cancelled by {a}"
    assert cancelled.reason_message.key == "ticket-cancelled-by"
    assert json.loads(cancelled.reason_message.args_json) == {"player": a}
    assert cancelled.reason_message.text == f"abgebrochen von {a}"
    english = await stub.GetTicket(pb.GetTicketRequest(ticket_id=created.ticket.ticket_id))
    assert english.ticket.reason_message.text == f"cancelled by {a}"
    # and words a client gave are shown as given, never read as one of the matchmaker's messages
    other = await served.channel(b).CreateTicket(pb.CreateTicketRequest(game=GAME, players=[b], min_players=5))
    words = (await served.channel(b).CancelTicket(pb.CancelTicketRequest(
        ticket_id=other.ticket.ticket_id, reason='\x1e{"key":"ticket-left","args":{}}'), metadata=german)).ticket
    assert words.reason_message.key == "" and words.reason_message.text == words.reason
    assert words.reason == '{"key":"ticket-left","args":{}}'


async def test_a_party_queues_together_and_cancel(served):
    a, b, c = names(3, "pty")
    stub = served.channel(a)
    created = await stub.CreateTicket(pb.CreateTicketRequest(game=GAME, players=[a, b], min_players=5))
    assert list(created.ticket.players) == [a, b]
    # the other member sees and may cancel it; an outsider may not
    other = served.channel(b)
    assert (await other.GetTicket(pb.GetTicketRequest(ticket_id=created.ticket.ticket_id))).ticket.players == [a, b]
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await served.channel(c).CancelTicket(pb.CancelTicketRequest(ticket_id=created.ticket.ticket_id))
    assert err.value.code() == grpc.StatusCode.PERMISSION_DENIED
    cancelled = await other.CancelTicket(pb.CancelTicketRequest(ticket_id=created.ticket.ticket_id, reason="dinner"))
    assert cancelled.ticket.state == pb.TICKET_STATE_CANCELLED and cancelled.ticket.reason == "dinner"
    updates = [u async for u in stub.WatchTicket(pb.WatchTicketRequest(ticket_id=created.ticket.ticket_id))]
    assert [u.ticket.state for u in updates] == [pb.TICKET_STATE_CANCELLED]
    # both may queue again now
    again = await stub.CreateTicket(pb.CreateTicketRequest(game=GAME, players=[a, b], min_players=5))
    assert again.ticket.ticket_id != created.ticket.ticket_id
    # a service token may queue anyone
    svc = served.channel("svc:tournament", role="service")
    assert (await svc.CreateTicket(pb.CreateTicketRequest(game=GAME, players=[c], min_players=5))).ticket.players == [c]


@pytest.mark.parametrize("request_kwargs,code,words", [
    (dict(game="chess"), grpc.StatusCode.INVALID_ARGUMENT, "unknown game 'chess'"),
    (dict(game=""), grpc.StatusCode.INVALID_ARGUMENT, "game is required"),
    (dict(game=GAME, min_players=1), grpc.StatusCode.INVALID_ARGUMENT, "2 to 5 players"),
    (dict(game=GAME, max_players=6), grpc.StatusCode.INVALID_ARGUMENT, "2 to 5 players"),
    (dict(game=GAME, min_players=4, max_players=3), grpc.StatusCode.INVALID_ARGUMENT, "more than max_players"),
    (dict(game=GAME, players=["ME", "x1", "x2"], max_players=2), grpc.StatusCode.INVALID_ARGUMENT,
     "a party of 3 does not fit a table of at most 2"),
    (dict(game=GAME, players=["ME", "ME"]), grpc.StatusCode.INVALID_ARGUMENT, "each player once"),
    (dict(game=GAME, players=["ME", "two words"]), grpc.StatusCode.INVALID_ARGUMENT, "not a player name"),
    (dict(game=GAME, players=["ME", "\x1b[2Jwiped"]), grpc.StatusCode.INVALID_ARGUMENT, "control character"),
    (dict(game=GAME, players=["ME", "svc:deck"]), grpc.StatusCode.INVALID_ARGUMENT, "not a player"),
    (dict(game=GAME, players=["ME", "operator"]), grpc.StatusCode.INVALID_ARGUMENT, "operators"),
    (dict(game=GAME, players=["someone-else"]), grpc.StatusCode.PERMISSION_DENIED, "may only queue themself"),
    (dict(game=GAME, ranked=True, options=_struct(bot_level="strong")), grpc.StatusCode.INVALID_ARGUMENT,
     "bot_level is for casual tables"),
    (dict(game=GAME, options=_struct(bot_level="hard")), grpc.StatusCode.INVALID_ARGUMENT,
     "bot_level must be one of easy, normal, strong, not 'hard'"),
])
async def test_bad_input_queues_nothing(served, request_kwargs, code, words):
    (me,) = names(1, "bad")
    if "players" in request_kwargs:
        request_kwargs = dict(request_kwargs, players=[me if p == "ME" else p for p in request_kwargs["players"]])
    stub = served.channel(me)
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await stub.CreateTicket(pb.CreateTicketRequest(**request_kwargs))
    assert err.value.code() == code
    assert words in err.value.details()
    assert await served.store.redis.keys("*") == []  # nothing queued, nothing half-written
    # and a German player reads it in German: each refusal names its text (the detail's key)
    with pytest.raises(grpc.aio.AioRpcError) as german:
        await stub.CreateTicket(pb.CreateTicketRequest(**request_kwargs), metadata=(("accept-language", "de"),))
    said = statusdetails.read(german.value.trailing_metadata())
    assert said is not None and said.key.startswith("refused-"), german.value.details()
    assert german.value.code() == code and german.value.details() != err.value.details()
    assert await served.store.redis.keys("*") == []


async def test_a_duplicate_ticket_is_already_exists(served):
    me, friend = names(2, "dup")
    stub = served.channel(me)
    first = await stub.CreateTicket(pb.CreateTicketRequest(game=GAME, min_players=5))
    keys = sorted(await served.store.redis.keys("*"))
    for players in ([], [friend, me]):
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await stub.CreateTicket(pb.CreateTicketRequest(game=GAME, players=players, min_players=5))
        assert err.value.code() == grpc.StatusCode.ALREADY_EXISTS
        assert first.ticket.ticket_id in err.value.details()
        # a client follows the live ticket by the refusal's key and values, not by its words
        assert live_ticket(err.value) == first.ticket.ticket_id
    # the friend was not queued either: no key written for the refused tickets (the matcher's
    # locks and earlier tests' tickets ending come and go in the same Valkey meanwhile)
    for key in set(await served.store.redis.keys("*")) - set(keys):
        if key.startswith(b"mm:t:"):
            ticket = await served.store.get(key.decode()[len("mm:t:"):])
            assert ticket is None or (friend not in ticket.players and me not in ticket.players), ticket
        else:
            assert friend.encode() not in key and me.encode() not in key, key
    assert await served.store.queue_length(f"{GAME}:casual") == 1
    # and a German player reads the refusal in German; the ticket rides in its details
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await stub.CreateTicket(pb.CreateTicketRequest(game=GAME, min_players=5),
                                metadata=(("accept-language", "de"),))
    assert err.value.details() == (f"{me} sucht schon einen Tisch für Foodie Forest: Brich diese Suche ab oder "
                                   f"warte, bis sie endet.")
    said = statusdetails.read(err.value.trailing_metadata())
    assert said.key == "refused-live-ticket" and said.text == err.value.details()
    assert json.loads(said.args_json) == {"player": me, "ticket_id": first.ticket.ticket_id, "game": "Foodie Forest"}
    assert live_ticket(err.value) == first.ticket.ticket_id
    # an old link: the search is gone, said in the reader's language
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await stub.GetTicket(pb.GetTicketRequest(ticket_id="gone"), metadata=(("accept-language", "de"),))
    assert err.value.code() == grpc.StatusCode.NOT_FOUND
    assert err.value.details() == "Es gibt keine Suche 'gone': Es gab sie nie, oder sie endete vor mehr als einem Tag."
    assert statusdetails.read(err.value.trailing_metadata()).key == "refused-no-such-ticket"


async def test_unknown_ticket_and_cancel_after_match(served):
    stub = served.channel("nobody-1")
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await stub.GetTicket(pb.GetTicketRequest(ticket_id="nope"))
    assert err.value.code() == grpc.StatusCode.NOT_FOUND
    a, b = names(2, "late")
    ta = await served.channel(a).CreateTicket(pb.CreateTicketRequest(game=GAME, max_players=2))
    await served.channel(b).CreateTicket(pb.CreateTicketRequest(game=GAME, max_players=2))
    async for update in served.channel(a).WatchTicket(pb.WatchTicketRequest(ticket_id=ta.ticket.ticket_id)):
        pass
    assert update.ticket.state == pb.TICKET_STATE_MATCHED
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await served.channel(a).CancelTicket(pb.CancelTicketRequest(ticket_id=ta.ticket.ticket_id))
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert update.ticket.game_id in err.value.details()


async def test_tables_form_only_of_tickets_asking_for_the_same_options_and_the_game_has_them(served, forest,
                                                                                           mm_settings):
    # given two players asking for sequential recipes and two asking for the defaults
    seq_players, plain_players = names(2, "opt"), names(2, "plain")
    sequential = Struct()
    sequential.update({"recipe_choice": "sequential"})

    async def queue_and_watch(player, options):
        stub = served.channel(player)
        created = await stub.CreateTicket(pb.CreateTicketRequest(game=GAME, min_players=2, max_players=2,
                                                                 ranked=False, options=options))
        assert dict(created.ticket.options) == (dict(options) if options else {})
        async for update in stub.WatchTicket(pb.WatchTicketRequest(ticket_id=created.ticket.ticket_id)):
            pass
        return update.ticket

    # when they queue at the same time
    tickets = await asyncio.wait_for(asyncio.gather(
        *[queue_and_watch(p, sequential) for p in seq_players],
        *[queue_and_watch(p, None) for p in plain_players]), 15)
    # then each pair shares a table, and the table asking for options plays with them
    assert tickets[0].game_id == tickets[1].game_id != tickets[2].game_id == tickets[3].game_id
    for ticket, recipe_choice in ((tickets[0], "sequential"), (tickets[2], "simultaneous")):
        player = ticket.seats[0].player
        async with client_channel(forest.address, mint_token(mm_settings, player)) as ch:
            view = await game_pb2_grpc.GameServiceStub(ch).GetView(game_pb2.GetViewRequest(
                game_id=ticket.game_id, seat=ticket.seats[0].seat, view_encoding=game_pb2.VIEW_ENCODING_JSON))
        assert json.loads(view.view_json)["options"]["recipe_choice"] == recipe_choice


async def test_options_the_game_would_refuse_are_refused_when_queueing(served):
    (player,) = names(1, "badopt")
    bad = Struct()
    bad.update({"recipe_choice": "whenever"})
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await served.channel(player).CreateTicket(pb.CreateTicketRequest(game=GAME, options=bad))
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "foodie-forest does not take these options" in err.value.details()
    assert "recipe_choice" in err.value.details()
    # and a German player, whose play page offers every option apart, reads why in German: in
    # the game's own words (its texts), which the matchmaker's shared texts do not hold
    edition = Struct()
    edition.update({"edition": "de-description", "missing_cards": "herb"})
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await served.channel(player).CreateTicket(pb.CreateTicketRequest(game=GAME, options=edition),
                                                  metadata=(("accept-language", "de"),))
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert err.value.details().startswith("Foodie Forest lässt sich so nicht spielen: Die Option missing_cards "), \
        err.value.details()
    said = statusdetails.read(err.value.trailing_metadata())
    assert said.key == "refused-game-options" and json.loads(said.args_json)["game"] == "Foodie Forest"


async def test_the_bots_level_is_a_casual_queue_option_the_game_never_sees(served, forest, mm_settings):
    # given two players asking for strong bots at a casual table of two
    players = names(2, "lvl")

    async def queue_and_watch(player):
        stub = served.channel(player)
        created = await stub.CreateTicket(pb.CreateTicketRequest(game=GAME, min_players=2, max_players=2,
                                                                 options=_struct(bot_level="strong")))
        assert dict(created.ticket.options) == {"bot_level": "strong"}
        async for update in stub.WatchTicket(pb.WatchTicketRequest(ticket_id=created.ticket.ticket_id)):
            pass
        return update.ticket

    # when they queue
    tickets = await asyncio.wait_for(asyncio.gather(*[queue_and_watch(p) for p in players]), 15)
    # then they share a table, and the game was created with its own options only
    assert tickets[0].game_id == tickets[1].game_id != ""
    player = tickets[0].seats[0].player
    async with client_channel(forest.address, mint_token(mm_settings, player)) as ch:
        view = await game_pb2_grpc.GameServiceStub(ch).GetView(game_pb2.GetViewRequest(
            game_id=tickets[0].game_id, seat=tickets[0].seats[0].seat, view_encoding=game_pb2.VIEW_ENCODING_JSON))
    assert "bot_level" not in json.loads(view.view_json)["options"]


async def test_the_default_bots_level_said_or_not_is_one_queue(served):
    # given a web player (whose play page names the level, normal by default) and a terminal
    # player (who names none) queueing for a casual table of two
    web, terminal = names(2, "dflt")

    async def queue_and_watch(player, options):
        stub = served.channel(player)
        created = await stub.CreateTicket(pb.CreateTicketRequest(game=GAME, min_players=2, max_players=2,
                                                                 options=options))
        async for update in stub.WatchTicket(pb.WatchTicketRequest(ticket_id=created.ticket.ticket_id)):
            pass
        return update.ticket

    # when they queue
    tickets = await asyncio.wait_for(asyncio.gather(
        queue_and_watch(web, _struct(bot_level="normal")), queue_and_watch(terminal, None)), 15)
    # then they share a table (one queue: neither waits for the house bots)
    assert tickets[0].game_id == tickets[1].game_id != ""
    assert {s.player for t in tickets for s in t.seats} == {web, terminal}
