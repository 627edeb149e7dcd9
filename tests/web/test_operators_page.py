"""The operators' page (web/src/pages/operators.tsx) in a real browser against the real stack:
a player's token is refused in words and the token asked again; with an operator's token the
page shows one line per service and the stack's, and while bots play it refreshes on its own,
the rules engine's moves per second rise and the charts fill; it reads in words and passes
axe-core."""
from __future__ import annotations

import pytest
from playwright.async_api import expect

from shared.auth import mint_token
from shared.config import service_ports
from tests.web.conftest import check_page, new_page, screenshot
from tests.web.test_browser import DESKTOP

GAME = "foodie-forest"


@pytest.fixture
async def desk_page(browser):
    context, page, errors = await new_page(browser, DESKTOP)
    yield page, errors
    await context.close()


async def open_with(page, token: str) -> None:
    await page.fill("#op-token", token)
    await page.click("#op-open")


async def test_an_operator_watches_the_stack_move_while_bots_play(stack, web_gateway, desk_page, bots):
    page, errors = desk_page
    # given the operators' page, opened with a player's token
    await page.goto(f"{web_gateway.url}/#/operators")
    await open_with(page, mint_token(stack, "ops-curious"))
    # then the page says why not, in words, and asks for another token
    await expect(page.locator("#op-error")).to_contain_text("Only the stack's operators may read its figures")
    await expect(page.locator("#op-token")).to_be_visible()

    # when an operator's token is given
    await open_with(page, mint_token(stack, "ops", "operator"))
    # then every service of the stack has its line, and the stack its own
    rows = page.locator("#op-figures tbody tr")
    await expect(rows).to_have_count(len(service_ports()) + 1)
    shown = await rows.evaluate_all("rows => rows.map(r => r.dataset.service)")
    assert shown == [*service_ports(), "stack"]
    await expect(page.locator("#op-figures tr[data-service='stack']")).to_have_attribute("data-up", "true")
    first = int(await page.locator("#op-updated").get_attribute("data-at"))

    # when bots play a table
    bots.queue(2, game=GAME, players=2)
    # then the page, never reloaded, shows the rules engine's moves per second rising
    await page.wait_for_function(
        """game => {
            const cell = document.querySelector(`#op-figures tr[data-service='${game}'] td[data-figure='movesPerSecond']`);
            return cell && Number(cell.dataset.value) > 0;
        }""", arg=GAME, timeout=60_000)
    assert int(await page.locator("#op-updated").get_attribute("data-at")) > first, "the figures were not refreshed"
    latency = page.locator(f"#op-figures tr[data-service='{GAME}'] td[data-figure='p99Milliseconds']")
    assert float(await latency.get_attribute("data-value")) > 0, "a move's latency is shown"
    # and the charts hold the samples taken so far
    points = int(await page.locator("#op-chart-moves").get_attribute("data-points"))
    assert points >= 2 and await page.locator("#op-chart-moves canvas").count() == 1
    # whose legend names the series without a "--" for a value no pointer asked for
    legend = page.locator("#op-chart-moves .u-legend")
    await expect(legend).to_contain_text("accepted")
    assert "--" not in (await legend.inner_text()), await legend.inner_text()

    # and on a desktop the whole table shows, no column behind a scroll
    wide = await page.evaluate("() => { const s = document.querySelector('.op-scroll'); return s.scrollWidth - s.clientWidth; }")
    assert wide <= 1, f"the figures' table is {wide} px wider than its box"
    await check_page(page)
    await screenshot(page, "10-operators")
    assert errors == [], errors
