"""Issue 32 in the browser (two browser contexts: ann and bob), against the real stack: ann opens
a ranked Food Fight table for three on #/host and lists it; bob finds it live in the lobby and
joins in one click; ann fills the last seat with a house bot and both land on the table page;
the game is played to its end (their seats driven by SDK bots, the house bot its own); then ann's
page lists the game with her placing and rating change, draws her rating chart, and replays the
game step by step (forward, back, jump)."""
from __future__ import annotations

import asyncio
import uuid

from playwright.async_api import expect

from apps.bots.base import make_bot
from apps.sdk.remote import BotChooser, Connection, SeatPlayer
from apps.sdk.tables import get_table, seated
from shared.auth import mint_token
from tests.web.conftest import new_page
from tests.web.test_browser import DESKTOP, sign_in

GAME = "food-fight"


async def play_seat(stack, name: str, table) -> dict:
    conn = Connection(stack, mint_token(stack, name), name)
    try:
        match = seated(conn, table)
        return await SeatPlayer(conn, GAME, match.game_id, match.seat,
                                BotChooser(make_bot(GAME, None, name))).run()
    finally:
        await conn.close()


async def test_a_table_by_the_lobby_a_bot_then_the_players_page_with_chart_and_replay(browser, web_gateway, stack):
    tag = uuid.uuid4().hex[:6]
    ann, bob = f"web-ann-{tag}", f"web-bob-{tag}"
    ann_context, ann_page, ann_errors = await new_page(browser, DESKTOP)
    bob_context, bob_page, bob_errors = await new_page(browser, DESKTOP)
    try:
        await sign_in(ann_page, web_gateway.url, ann)
        await sign_in(bob_page, web_gateway.url, bob)
        await bob_page.goto(web_gateway.url + "/#/lobby")
        # ann opens a ranked, public table for three
        await ann_page.goto(web_gateway.url + "/#/host")
        await ann_page.wait_for_selector(f"#host-game option[value='{GAME}']", state="attached")
        await ann_page.select_option("#host-game", GAME)
        await ann_page.fill("#host-seats", "3")
        await ann_page.check("#host-ranked")
        await ann_page.check("#host-public")
        await ann_page.click("#host-create")
        await ann_page.wait_for_url("**/#/join/*")
        code = ann_page.url.rsplit("/", 1)[-1]
        await expect(ann_page.locator("#join-code")).to_contain_text(code)
        assert (await ann_page.input_value("#join-link")).endswith(f"/#/join/{code}")
        # bob sees it appear in the lobby (a live stream) and joins in one click
        row = bob_page.locator(f"li.lobby-table:has-text('{ann}')")
        await expect(row).to_contain_text("2 of 3 seats free")
        await row.locator("button.lobby-join").click()
        await bob_page.wait_for_url(f"**/#/join/{code}")
        await expect(ann_page.locator("#join-players")).to_contain_text(bob)
        # ann fills the last seat with a bot: the game starts and both go to its table
        await ann_page.click("#join-fill")
        await ann_page.wait_for_url(f"**/#/table/{GAME}/*")
        await bob_page.wait_for_url(f"**/#/table/{GAME}/*")
        game_id = ann_page.url.rsplit("/", 1)[-1]
        assert bob_page.url.endswith(game_id)
        conn = Connection(stack, mint_token(stack, ann), ann)
        try:
            table = await get_table(conn, game_id.removesuffix("-g"))  # a table's game is "<table id>-g"
        finally:
            await conn.close()
        views = await asyncio.wait_for(asyncio.gather(play_seat(stack, ann, table), play_seat(stack, bob, table)), 150)
        assert all(v.get("finished") for v in views)
        # afterwards ann's page: the game with her placing and rating change, the chart, the replay
        await ann_page.goto(web_gateway.url + "/#/player")
        row = ann_page.locator(f"tr.player-game[data-game-id='{game_id}']")
        for _ in range(50):  # the leaderboard rates the game a moment after it ends
            await ann_page.goto(web_gateway.url + "/#/player")
            await ann_page.reload()
            if await row.count() and "rating" in (await row.locator("td.delta").text_content() or ""):
                break
            await asyncio.sleep(0.3)
        await expect(row.locator("td.result")).to_contain_text(f"place {views[0]['placings'][ann]} of 3")
        await expect(row.locator("td.delta")).to_contain_text("rating")
        await expect(ann_page.locator(".rating-chart canvas")).to_have_count(1)
        await row.locator("button.player-replay").click()
        step = ann_page.locator("#replay-step")
        await expect(step).to_contain_text("step 0 of")
        await ann_page.click("#replay-forward")
        await expect(step).to_contain_text("step 1 of")
        await ann_page.click("#replay-forward")
        await expect(step).to_contain_text("step 2 of")
        await ann_page.click("#replay-back")
        await expect(step).to_contain_text("step 1 of")
        last = int((await step.text_content()).split("of")[-1])
        await ann_page.locator("#replay-jump").fill(str(last))
        await expect(step).to_contain_text(f"step {last} of {last}")
        assert await ann_page.locator("#replay-view").text_content()
        assert not ann_errors and not bob_errors, ann_errors + bob_errors
    finally:
        await ann_context.close()
        await bob_context.close()
