"""A tournament's page in a real browser (headless chromium) against the real stack, on a
phone-sized screen: opened while its table is in play, it follows the tournament to its end
without a reload and then shows the tournament service's final standings, every table's
seats and placings, and each table's game linked to its audit page."""
from __future__ import annotations

import asyncio

import httpx
import pytest
from foodgames.v1 import tournament_pb2 as pb
from playwright.async_api import expect

from shared.auth import mint_token
from tests.gateway.tournaments import create
from tests.tournament.stackplay import Api, entrants, play
from tests.web.conftest import check_page, new_page, screenshot
from tests.web.test_browser import PHONE, name, sign_in


def score(x: float) -> str:
    """As the page writes a score (web/src/pages/tournament.tsx, score)."""
    return str(int(x)) if x == int(x) else f"{x:.2f}"


@pytest.fixture
async def phone_page(browser):
    context, page, errors = await new_page(browser, PHONE)
    yield page, errors
    await context.close()


async def test_a_tournament_page_follows_its_tournament_to_the_final_standings(stack, web_gateway, phone_page):
    page, errors = phone_page
    # given a 4-player, 1-round tournament an operator just created through the gateway
    async with httpx.AsyncClient(base_url=web_gateway.url, timeout=30) as client:
        reply = await create(client, mint_token(stack, "ops", "operator"), entrants(4), 1)
        assert reply.status_code == 200, reply.text
        tid = reply.json()["tournament"]["tournamentId"]
    # when a signed-in player opens its page on a phone while round 1 is in play
    await sign_in(page, web_gateway.url, name("fan"))
    # (found in the header's list of tournaments, the running ones first)
    await page.click("nav a[href='#/tournament']")
    listed = page.locator(f"#t-list li.t-item[data-tournament='{tid}']")
    await expect(listed).to_contain_text("Foodie Forest")
    await expect(listed).to_contain_text("4 entrants")
    await expect(page.locator("#t-list li.t-item").first).not_to_have_attribute("data-phase", "finished")
    await screenshot(page, "8-tournaments")
    await listed.locator("a").click()
    await page.wait_for_url(f"**/#/tournament/{tid}")
    await expect(page.locator("#t-phase")).to_have_attribute("data-phase", "playing")
    await expect(page.locator("dd[data-game]")).to_contain_text("Foodie Forest")  # its title, not its name
    await expect(page.locator(".t-table a.game-link")).to_be_visible()
    # and bots play the table to its end
    api = Api(stack)
    try:
        played = asyncio.create_task(play(stack, api, tid, timeout_s=60.0))
        # then the page, never reloaded, comes to the finished tournament
        await expect(page.locator("#t-phase")).to_have_attribute("data-phase", "finished", timeout=60_000)
        tournament, _ = await played
        standings = await api.GetStandings(pb.GetStandingsRequest(tournament_id=tid))
    finally:
        await api.close()
    assert standings.final and len(standings.rows) == 4

    # and its standings are the service's, tie-breaks and all, row for row
    shown = await page.locator("#t-standings tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")
    assert shown == [[str(r.rank), r.player, score(r.points), score(r.game_points), score(r.opponents_average),
                      str(r.head_to_head), str(r.seed), str(r.byes)] for r in standings.rows]
    await expect(page.locator("#t-winners")).to_have_text(", ".join(tournament.winners))

    # and the table shows its seats in the drawn order with their placings, its game linked to its audit
    table = tournament.round_list[0].tables[0]
    card = page.locator(f".t-table[data-table='{table.number}']")
    await expect(card).to_have_attribute("data-status", "finished")
    seats = await card.locator(".t-seats li").evaluate_all("lis => lis.map(li => li.dataset.player)")
    assert seats == list(table.seats)
    places = await card.locator(".t-place").all_inner_texts()
    assert [p.split("·")[0].strip() for p in places] == [f"#{p}" for p in table.placings]
    link = card.locator("a.game-link")
    assert await link.get_attribute("href") == f"#/audit/{table.game_id}"

    # and nothing on the phone-sized page is wider than the screen
    wide = await page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert wide <= 0, f"the page is {wide}px wider than a phone's screen"
    await check_page(page)
    await screenshot(page, "9-tournament")
    await link.click()
    await page.wait_for_url(f"**/#/audit/{table.game_id}")

    # and a tournament that does not exist is said so, in the service's words
    await page.goto(f"{web_gateway.url}/#/tournament/no-such-{tid}")
    # (in words: the code, a field name to a player, is left to the console)
    await expect(page.locator("#t-error")).to_have_text(f"there is no tournament no-such-{tid}")
    assert errors == []
