"""Private tables (issue 32, docs/friends.md): a host opens a table, friends join with its invite
code, the host fills the rest with bots or starts with whoever came, a full table starts at
once, seats drawn at the deck; the lobby of public tables; the rematch. On real Valkey, NATS,
gRPC and the Foodie Forest rules engine (its games really created)."""
from __future__ import annotations

import asyncio
import json

import grpc
import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc
from foodgames.v1 import tables_pb2 as pb
from foodgames.v1 import tables_pb2_grpc as pb_grpc
from google.protobuf.struct_pb2 import Struct

from services.matchmaking.engine import NatsPublisher
from services.matchmaking.ratings import FixedRatings
from services.matchmaking.tables import TableStore
from services.matchmaking.tableservice import BOTS_SEATED_SUBJECT, SERVICE_NAME, TableServicer, add_to_server
from shared import statusdetails
from shared.auth import mint_token
from shared.channels import client_channel
from shared.runtime.deck import SeededDeck
from shared.service import start_server
from tests.matchmaking.conftest import GAME, fast_config, names

STRONG = "strong-player"


class Tables:
    def __init__(self, settings, server, deck, store):
        self.settings, self.server, self.deck, self.store = settings, server, deck, store
        self.channels = []

    def stub(self, player: str, role: str = "player", language: str = "") -> pb_grpc.TableServiceStub:
        ch = client_channel(f"127.0.0.1:{self.server.port}", mint_token(self.settings, player, role))
        self.channels.append(ch)
        return pb_grpc.TableServiceStub(ch)

    def game(self, forest, player: str) -> game_pb2_grpc.GameServiceStub:
        ch = client_channel(forest.address, mint_token(self.settings, player))
        self.channels.append(ch)
        return game_pb2_grpc.GameServiceStub(ch)


class RecordingDeck(SeededDeck):
    """The tests' seeded deck, remembering what was committed and shuffled (to check the draw)."""

    def __init__(self):
        super().__init__()
        self.commits, self.shuffles = [], []

    async def commit(self, game_id, game, players):
        self.commits.append((game_id, game, tuple(players)))
        return await super().commit(game_id, game, players)

    async def shuffle(self, game_id, deck, cards, k):
        order = await super().shuffle(game_id, deck, cards, k)
        self.shuffles.append((game_id, deck, tuple(cards), k, tuple(order)))
        return order


@pytest.fixture
async def tables(mm_settings, store, catalogue, creator, nc):
    deck = RecordingDeck()
    table_store = TableStore(store.redis, store.prefix)
    servicer = TableServicer(table_store, catalogue, FixedRatings({STRONG: (45.0, 2.0)}), NatsPublisher(nc),
                             creator, deck, fast_config(), watch_poll_s=0.1)
    server = await start_server("matchmaking", 0, mm_settings, [(add_to_server, servicer)], [SERVICE_NAME])
    t = Tables(mm_settings, server, deck, table_store)
    yield t
    for ch in t.channels:
        await ch.close()
    await server.stop(grace=None)


async def refused(call) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await call
    return err.value


async def test_friends_join_by_code_and_a_full_table_starts_at_once_with_drawn_seats(tables, forest):
    a, b, c = names(3, "fr")
    ann, bob, cy = tables.stub(a), tables.stub(b), tables.stub(c)
    # given ann opens a casual Foodie Forest table for three
    made = (await ann.CreateTable(pb.CreateTableRequest(game=GAME, seats=3))).table
    assert made.state == pb.TABLE_STATE_OPEN and made.free_seats == 2 and list(made.players) == [a]
    assert made.link == f"/#/join/{made.code}" and len(made.code) == 8
    # when bob opens the link (the code, or the whole link), he takes a seat
    joined = (await bob.JoinTable(pb.JoinTableRequest(code=made.link))).table
    assert list(joined.players) == [a, b] and joined.free_seats == 1 and joined.state == pb.TABLE_STATE_OPEN
    # and when cy takes the last one, the table starts at once
    full = (await cy.JoinTable(pb.JoinTableRequest(code=made.code.lower()))).table
    assert full.state == pb.TABLE_STATE_STARTED and full.game_id and full.code == ""
    # the seats are the deck's shuffle of the sorted players, committed before it was drawn
    assert full.seat_draw_id == f"{full.game_id}-seats"
    assert tables.deck.commits[0] == (full.seat_draw_id, GAME, tuple(sorted([a, b, c])))
    draw = tables.deck.shuffles[0]
    assert draw[:4] == (full.seat_draw_id, "seats", tuple(sorted([a, b, c])), 0)
    assert tuple(full.players) == draw[4]
    # and the game exists on the rules engine with the drawn seats
    seat = list(full.players).index(b)
    view = await tables.game(forest, b).GetView(game_pb2.GetViewRequest(game_id=full.game_id, seat=seat))
    assert view.version >= 1
    # the code now works no more
    late = await refused(tables.stub(names(1, "late")[0]).JoinTable(pb.JoinTableRequest(code=made.code)))
    assert late.code() == grpc.StatusCode.NOT_FOUND and "unknown or has expired" in late.details()


async def test_refusals_in_words_full_twice_unknown_and_expired(tables):
    a, b, c = names(3, "rf")
    ann, bob = tables.stub(a), tables.stub(b)
    made = (await ann.CreateTable(pb.CreateTableRequest(game=GAME, seats=3))).table
    twice = await refused(ann.JoinTable(pb.JoinTableRequest(code=made.code)))
    assert twice.code() == grpc.StatusCode.ALREADY_EXISTS and twice.details() == "you sit at this table already"
    await bob.JoinTable(pb.JoinTableRequest(code=made.code))
    again = await refused(bob.JoinTable(pb.JoinTableRequest(code=made.code)))
    assert again.code() == grpc.StatusCode.ALREADY_EXISTS
    unknown = await refused(bob.JoinTable(pb.JoinTableRequest(code="NOPE2345")))
    assert unknown.code() == grpc.StatusCode.NOT_FOUND and "NOPE2345" in unknown.details()
    # in German, from the shared texts
    de = pb_grpc.TableServiceStub(tables.channels[-1])
    german = await refused(de.JoinTable(pb.JoinTableRequest(code="NOPE2345"), metadata=(("accept-language", "de"),)))
    assert "Einladungscode" in german.details()
    # a table that expires takes nobody
    short = (await tables.stub(c).CreateTable(pb.CreateTableRequest(game=GAME, seats=2, expires_in_seconds=1))).table
    await asyncio.sleep(1.2)
    expired = await refused(ann.JoinTable(pb.JoinTableRequest(code=short.code)))
    assert expired.code() in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.FAILED_PRECONDITION)
    read = (await ann.GetTable(pb.GetTableRequest(table_id=short.table_id))).table
    assert read.state == pb.TABLE_STATE_EXPIRED


async def test_a_table_with_options_the_game_refuses_is_not_opened_and_says_why_in_the_hosts_language(tables):
    # given a German host who asks for Foodie Forest's German description with unlisted cards
    # (which apply to the English edition only)
    (host,) = names(1, "optde")
    options = Struct()
    options.update({"edition": "de-description", "missing_cards": "herb"})
    ann = tables.stub(host)
    # when they open the table
    refusal = await refused(ann.CreateTable(pb.CreateTableRequest(game=GAME, seats=2, options=options),
                                            metadata=(("accept-language", "de"),)))
    # then it is refused in the game's own words, in German, with its key, and no table is open
    assert refusal.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert refusal.details().startswith("Foodie Forest lässt sich so nicht spielen: Die Option missing_cards "), \
        refusal.details()
    said = statusdetails.read(refusal.trailing_metadata())
    assert said.key == "refused-game-options" and json.loads(said.args_json)["game"] == "Foodie Forest"
    assert await tables.store.held_by(host) is None
    # and a table setting sent as a game option is refused in German too
    spectators = Struct()
    spectators.update({"spectators": True})
    refusal = await refused(ann.CreateTable(pb.CreateTableRequest(game=GAME, seats=2, options=spectators),
                                            metadata=(("accept-language", "de"),)))
    assert refusal.details() == "Zuschauer sind eine Einstellung des Tisches, keine Option des Spiels."


async def test_a_guest_who_leaves_frees_the_seat_and_a_host_who_leaves_closes_the_table(tables):
    a, b, c = names(3, "lv")
    ann, bob, cy = tables.stub(a), tables.stub(b), tables.stub(c)
    # given ann's table for three, bob seated at it
    made = (await ann.CreateTable(pb.CreateTableRequest(game=GAME, seats=3))).table
    await bob.JoinTable(pb.JoinTableRequest(code=made.code))
    watch = cy.WatchTable(pb.WatchTableRequest(table_id=made.table_id))
    assert list((await watch.read()).table.players) == [a, b]
    other = (await cy.CreateTable(pb.CreateTableRequest(game=GAME, seats=3))).table
    # (while seated at ann's, bob is told which table holds him: its game, host and code)
    held = await refused(bob.JoinTable(pb.JoinTableRequest(code=other.code)))
    assert held.code() == grpc.StatusCode.ALREADY_EXISTS
    assert f"(Foodie Forest, hosted by {a}, code {made.code})" in held.details()
    # when bob leaves, his seat is free again, the watchers see it, and he may sit elsewhere at once
    left = (await bob.LeaveTable(pb.LeaveTableRequest(table_id=made.table_id))).table
    assert list(left.players) == [a] and left.free_seats == 2 and left.state == pb.TABLE_STATE_OPEN
    assert list((await watch.read()).table.players) == [a]
    assert list((await bob.JoinTable(pb.JoinTableRequest(code=other.code))).table.players) == [c, b]
    # and each reads the open table they sit at by naming none (bob: the other one; ann: hers)
    assert (await bob.GetTable(pb.GetTableRequest())).table.table_id == other.table_id
    assert (await ann.GetTable(pb.GetTableRequest())).table.table_id == made.table_id
    # and a player not at the table cannot leave it (nothing changes)
    stranger = await refused(cy.LeaveTable(pb.LeaveTableRequest(table_id=made.table_id),
                                           metadata=(("accept-language", "de"),)))
    assert stranger.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert stranger.details() == "Du sitzt nicht an diesem Tisch."
    # when the host leaves, the table closes for everyone at it: its code works no more, the
    # watchers' streams end with it, and the host may open another
    await tables.stub(b).LeaveTable(pb.LeaveTableRequest(table_id=other.table_id))  # (bob back at none)
    await bob.JoinTable(pb.JoinTableRequest(code=made.code))
    closed = (await ann.LeaveTable(pb.LeaveTableRequest(table_id=made.table_id))).table
    assert closed.state == pb.TABLE_STATE_CLOSED and closed.code == "" and closed.free_seats == 0
    updates = [u.table async for u in watch]
    assert updates[-1].state == pb.TABLE_STATE_CLOSED
    late = await refused(cy.JoinTable(pb.JoinTableRequest(code=made.code)))
    assert late.code() == grpc.StatusCode.NOT_FOUND
    none = await refused(ann.GetTable(pb.GetTableRequest()))  # (her table closed: she sits at none)
    assert none.code() == grpc.StatusCode.NOT_FOUND and none.details() == f"{a} sits at no open table"
    assert (await ann.CreateTable(pb.CreateTableRequest(game=GAME, seats=2))).table.state == pb.TABLE_STATE_OPEN
    assert (await bob.CreateTable(pb.CreateTableRequest(game=GAME, seats=2))).table.state == pb.TABLE_STATE_OPEN
    # and a closed table cannot be left again
    again = await refused(ann.LeaveTable(pb.LeaveTableRequest(table_id=made.table_id)))
    assert again.code() == grpc.StatusCode.FAILED_PRECONDITION


async def test_a_full_table_takes_nobody_when_two_race_for_the_last_seat(tables):
    a, b, c = names(3, "race")
    made = (await tables.stub(a).CreateTable(pb.CreateTableRequest(game=GAME, seats=2, fixed_seats=True))).table
    results = await asyncio.gather(tables.stub(b).JoinTable(pb.JoinTableRequest(code=made.code)),
                                   tables.stub(c).JoinTable(pb.JoinTableRequest(code=made.code)),
                                   return_exceptions=True)
    won = [r for r in results if not isinstance(r, Exception)]
    lost = [r for r in results if isinstance(r, grpc.aio.AioRpcError)]
    assert len(won) == 1 and len(lost) == 1
    assert lost[0].code() in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.NOT_FOUND)
    # fixed seats (a casual table): joining order, no draw
    assert list(won[0].table.players)[0] == a and won[0].table.seat_draw_id == ""


async def test_the_host_fills_the_rest_with_bots_or_starts_with_whoever_came(tables, nc):
    a, b = names(2, "host")
    ann, bob = tables.stub(a), tables.stub(b)
    seated = []

    async def heard(msg):
        seated.append(msg.data)

    sub = await nc.subscribe(BOTS_SEATED_SUBJECT, cb=heard)
    made = (await ann.CreateTable(pb.CreateTableRequest(game=GAME, seats=4))).table
    await bob.JoinTable(pb.JoinTableRequest(code=made.code))
    # only the host may
    not_host = await refused(bob.FillWithBots(pb.FillWithBotsRequest(table_id=made.table_id)))
    assert not_host.code() == grpc.StatusCode.PERMISSION_DENIED and a in not_host.details()
    filled = (await ann.FillWithBots(pb.FillWithBotsRequest(table_id=made.table_id, level="hard"))).table
    assert filled.state == pb.TABLE_STATE_STARTED and len(filled.players) == 4 and filled.bot_level == "hard"
    bots = [p for p in filled.players if p.startswith(f"bot-{GAME}-")]
    assert len(bots) == 2
    await nc.flush()
    for _ in range(50):
        if seated:
            break
        await asyncio.sleep(0.05)
    assert seated and b'"level":"hard"' in seated[0] and filled.game_id.encode() in seated[0]
    await sub.unsubscribe()
    # a table started with whoever came: at least the game's minimum
    c, d = names(2, "few")
    cy = tables.stub(c)
    alone = (await cy.CreateTable(pb.CreateTableRequest(game=GAME, seats=3))).table
    few = await refused(cy.StartTable(pb.StartTableRequest(table_id=alone.table_id)))
    assert few.code() == grpc.StatusCode.FAILED_PRECONDITION and "at least 2" in few.details()
    await tables.stub(d).JoinTable(pb.JoinTableRequest(code=alone.code))
    started = (await cy.StartTable(pb.StartTableRequest(table_id=alone.table_id))).table
    assert started.state == pb.TABLE_STATE_STARTED and sorted(started.players) == sorted([c, d])
    assert started.seats == 2


async def test_a_ranked_private_table_refuses_a_player_the_rating_rule_forbids(tables):
    a = names(1, "rk")[0]
    ann = tables.stub(a)
    fixed = await refused(ann.CreateTable(pb.CreateTableRequest(game=GAME, seats=2, ranked=True, fixed_seats=True)))
    assert fixed.code() == grpc.StatusCode.INVALID_ARGUMENT
    made = (await ann.CreateTable(pb.CreateTableRequest(game=GAME, seats=2, ranked=True))).table
    far = await refused(tables.stub(STRONG).JoinTable(pb.JoinTableRequest(code=made.code)))
    assert far.code() == grpc.StatusCode.FAILED_PRECONDITION and "may not join this ranked table" in far.details()
    assert (await ann.GetTable(pb.GetTableRequest(table_id=made.table_id))).table.free_seats == 1


async def test_the_lobby_lists_public_tables_live_and_a_join_is_one_call(tables):
    a, b = names(2, "lob")
    ann, bob = tables.stub(a), tables.stub(b)
    stream = bob.WatchOpenTables(pb.WatchOpenTablesRequest(game=GAME))
    first = await stream.read()
    made = (await ann.CreateTable(pb.CreateTableRequest(game=GAME, seats=2, public=True, spectators=True))).table
    private = (await bob.CreateTable(pb.CreateTableRequest(game=GAME, seats=2))).table  # not public: not listed
    listed = None
    while True:
        update = await stream.read()
        listed = [t for t in update.tables if t.table_id == made.table_id]
        if listed:
            break
    assert made.table_id not in [t.table_id for t in first.tables]
    assert private.table_id not in [t.table_id for t in update.tables]
    [entry] = listed
    assert entry.free_seats == 1 and entry.spectators and entry.clock.initial_seconds > 0
    await tables.stub(names(1, "lobj")[0]).JoinTable(pb.JoinTableRequest(code=entry.code))
    while True:
        update = await stream.read()
        if made.table_id not in [t.table_id for t in update.tables]:
            break  # a started table leaves the lobby
    stream.cancel()


async def test_a_rematch_starts_once_every_human_asked_with_the_same_players(tables):
    a, b = names(2, "re")
    ann, bob = tables.stub(a), tables.stub(b)
    made = (await ann.CreateTable(pb.CreateTableRequest(game=GAME, seats=3))).table
    await bob.JoinTable(pb.JoinTableRequest(code=made.code))
    first = (await ann.FillWithBots(pb.FillWithBotsRequest(table_id=made.table_id))).table
    outsider = await refused(tables.stub(names(1, "out")[0]).RequestRematch(
        pb.RequestRematchRequest(table_id=made.table_id)))
    assert outsider.code() == grpc.StatusCode.PERMISSION_DENIED
    asked = (await ann.RequestRematch(pb.RequestRematchRequest(table_id=made.table_id))).table
    assert list(asked.rematch) == [a] and asked.rematch_table_id == ""
    both = (await bob.RequestRematch(pb.RequestRematchRequest(table_id=made.table_id))).table
    assert both.rematch_table_id
    again = (await tables.stub(a).GetTable(pb.GetTableRequest(table_id=both.rematch_table_id))).table
    assert again.state == pb.TABLE_STATE_STARTED and again.rematch_of == made.table_id
    assert sorted(p for p in again.players if not p.startswith("bot-")) == sorted([a, b])
    assert len(again.players) == len(first.players) == 3
    assert again.game_id != first.game_id and again.seat_draw_id


def test_a_full_table_of_one_reads_in_the_singular():
    from shared.i18n import SHARED_TEXTS, Catalogue
    texts = Catalogue([SHARED_TEXTS])
    assert texts.text("refused-table-full", {"seats": 1}) == "The table is full (1 player)."
    assert texts.text("refused-table-full", {"seats": 3}) == "The table is full (3 players)."
