"""Forestaurant's rulebook, Variations: "When playing with 5 players, it is recommended to use
some of these modifications!" The matchmaker says so to a ticket that may form a table of five
(Ticket.advice, in the caller's language), and DescribeGame's rules say it."""
from __future__ import annotations

import asyncio

import pytest
from foodgames.v1 import matchmaking_pb2 as pb
from foodgames.v1 import matchmaking_pb2_grpc as pb_grpc

from services.matchmaking import bootstrap
from services.matchmaking.catalogue import Catalogue
from shared import games
from shared.auth import mint_token
from shared.channels import client_channel
from shared.describe import describe
from tests.matchmaking.conftest import GAME, fast_config, names

ADVICE = {"en": "When playing with 5 players, it is recommended to use some of these modifications!",
          "de": "Wenn ihr zu fünft spielt, wird empfohlen, einige dieser Änderungen zu nutzen!"}


@pytest.fixture
async def matchmaker(mm_settings, redis_url, forest):
    """The matchmaker serving Forestaurant (whose engine is never reached: no table forms) and
    Foodie Forest."""
    settings = mm_settings.with_(redis_url=redis_url)
    catalogue = Catalogue.from_settings(settings, ["forestaurant", GAME],
                                        addresses={"forestaurant": "127.0.0.1:1", GAME: forest.address})
    ready = asyncio.Event()
    task = asyncio.create_task(bootstrap.serve(settings, 0, config=fast_config(), catalogue=catalogue, ready=ready))
    await asyncio.wait_for(ready.wait(), 10)
    channels = []

    def stub(player):
        channel = client_channel(f"127.0.0.1:{ready.running.server.port}", mint_token(settings, player))
        channels.append(channel)
        return pb_grpc.MatchmakingServiceStub(channel)

    yield stub
    for channel in channels:
        await channel.close()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


async def test_a_ticket_for_a_forestaurant_table_of_five_carries_the_rulebooks_advice(matchmaker):
    ann, bob, cid = names(3, "adv")
    # given a ticket that accepts a Forestaurant table of five, asked in German
    five = await matchmaker(ann).CreateTicket(pb.CreateTicketRequest(game="forestaurant", min_players=4,
                                                                     max_players=5, language="de"))
    # then its answer says what the rulebook recommends, in German
    assert [a.key for a in five.ticket.advice] == ["advice-five-players"]
    assert five.ticket.advice[0].text.startswith(ADVICE["de"])
    # and read again by a browser whose language is English, in English
    again = await matchmaker(ann).GetTicket(pb.GetTicketRequest(ticket_id=five.ticket.ticket_id),
                                            metadata=(("accept-language", "en-GB,en;q=0.9"),))
    assert again.ticket.advice[0].text.startswith(ADVICE["en"])
    # and a watcher of the ticket reads it too
    watch = matchmaker(ann).WatchTicket(pb.WatchTicketRequest(ticket_id=five.ticket.ticket_id, language="en"))
    first = await anext(aiter(watch))
    watch.cancel()
    assert first.ticket.advice[0].text.startswith(ADVICE["en"])
    # but a table of at most four, or another game of five, is given no advice
    four = await matchmaker(bob).CreateTicket(pb.CreateTicketRequest(game="forestaurant", min_players=2,
                                                                     max_players=4))
    assert not four.ticket.advice
    forest = await matchmaker(cid).CreateTicket(pb.CreateTicketRequest(game=GAME, min_players=5, max_players=5))
    assert not forest.ticket.advice


@pytest.mark.parametrize("language", ["en", "de"])
def test_describe_games_rules_of_forestaurant_recommend_the_modifications_for_five(language):
    rules = describe(games.get("forestaurant"), language)["rules"]
    variations = next(r for r in rules if r["section"] == "variations")
    assert ADVICE[language] in variations["text"]
