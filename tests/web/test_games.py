"""Every game at its own table in a real browser, against the real stack: a casual table for two
with a house bot, played by tapping as a person would (a move built from the API's choices in
the builder: the kind of move, then each field, checked with CheckMove, then sent), in English
and in German, until the game ends; the table and its end read in words (no internal token on
the page) and pass axe-core; and every game the gateway serves has a folder of its own in
web/src/games/."""
from __future__ import annotations

import json
import os
import random
import uuid
from pathlib import Path

import httpx
import pytest
from playwright.async_api import expect

from services.gateway.static import games_catalogue
from tests.web.conftest import SHOTS_ENV, axe_violations, internal_tokens, screenshot

GAMES = Path(__file__).resolve().parents[2] / "web" / "src" / "games"
DESKTOP = {"width": 1100, "height": 900}
PHONE = {"width": 390, "height": 844}
# the most moves one seat makes in a whole game of any of them, with room to spare
MOST_MOVES = 400


def test_every_served_game_has_a_folder_of_its_own():
    # given the games the gateway serves (its /api/games, from the registry)
    served = {g["name"] for g in games_catalogue()}
    # then each has web/src/games/<game>/ with its board and its texts in both languages
    missing = [g for g in sorted(served) if not all((GAMES / g / f).is_file() for f in ("index.tsx", "en.ftl", "de.ftl"))]
    assert served and not missing, f"games without their own folder: {missing}"


# One round trip per question: is the game over, and else what can this seat do now (the
# listed moves' buttons, or the builder's kinds of move).
STATE = """() => {
    if (document.querySelector('#end:not([hidden])')) return {over: true};
    const b = document.querySelector('#builder');
    if (b && b.classList.contains('building')) return {over: false, building: true};
    const kinds = [...document.querySelectorAll('#builder button.kind:not(:disabled)')].map(k => k.dataset.kind);
    const moves = document.querySelectorAll('#moves button.move:not(:disabled)').length;
    if (!kinds.length && !moves) return false;
    return {over: false, kinds, moves};
}"""


# Buttons, links and form controls on the table smaller than a finger (44 px) either way.
SMALL_TARGETS = """() => [...document.querySelectorAll('#table button, #table a, #table select, #table summary')]
    .filter(e => e.offsetParent).map(e => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width < 44 || r.height < 44)
    .map(([e, r]) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


async def wait_for_turn(page) -> dict:
    return await (await page.wait_for_function(STATE, timeout=60_000)).json_value()


async def press(locator, keyboard: bool) -> None:
    """Activate a control as a mouse or touch does (a click), or by keyboard (focus, Enter)."""
    if keyboard:
        await locator.focus()
        await locator.press("Enter")
    else:
        await locator.click()


async def fill_fields(page, attempt: int, keyboard: bool = False) -> None:
    """Tap each field of the move in the builder: the `attempt`-th value of a choice (so that a
    refused move is built again otherwise), a set's least count of cards (at least one)."""
    done: set[str] = set()
    for _ in range(12):  # fields appear as earlier ones are chosen (a target once the card is)
        fields = page.locator("#builder fieldset.field")
        names = await fields.evaluate_all("fs => fs.map(f => f.dataset.field)")
        todo = [n for n in names if n not in done]
        if not todo:
            return
        name = todo[0]
        done.add(name)
        field = page.locator(f"#builder fieldset.field[data-field='{name}']")
        options = field.locator("button:not(:disabled)")
        count = await options.count()
        if not count:
            continue
        if await field.get_attribute("data-kind") == "one":
            await press(options.nth(attempt % count), keyboard)
        else:
            low, high = int(await field.get_attribute("data-min")), int(await field.get_attribute("data-max"))
            want = min(high, max(low, 1), count)
            for i in range(want):
                # the enabled ones change as cards are picked: the first not yet picked
                await press(field.locator("button:not(:disabled):not([aria-pressed=true])").nth((attempt + i) % max(1, count - i)), keyboard)


async def make_a_move(page, turn: dict, tried: dict, rng: random.Random, keyboard: bool = False) -> None:
    """One move by tapping, as a person who has not learnt the game yet: a move at random (a
    kind of move first when there are many), or a move built in the builder."""
    version = await page.get_attribute("#table", "data-version")
    if turn.get("moves"):
        groups = page.locator("#moves button.group:not(:disabled)")
        offered = page.locator("#moves button.move:not(.group):not(:disabled)")
        for _ in range(20):
            # the list is redrawn when the table moves on meanwhile: ask again what it offers
            if count := await groups.count():
                await press(groups.nth(rng.randrange(count)), keyboard)
            if count := await offered.count():
                await press(offered.nth(rng.randrange(count)), keyboard)
                break
            await page.wait_for_timeout(100)
        else:
            raise AssertionError(f"no move could be chosen at version {version}")
    else:
        if turn.get("building") and await page.locator("#cancel-move").count():
            # (a table that moved on meanwhile has already set the builder back to its kinds)
            await press(page.locator("#cancel-move"), keyboard)
        kinds = turn.get("kinds") or await page.locator("#builder button.kind").evaluate_all("ks => ks.map(k => k.dataset.kind)")
        rng.shuffle(kinds)
        for attempt in range(12):
            # each kind of move in turn, each a few ways, until the rules accept one
            kind = kinds[attempt % len(kinds)]
            await press(page.locator(f"#builder button.kind[data-kind='{kind}']"), keyboard)
            if not await page.locator("#builder.building").count():
                break  # a move without fields is sent at once
            await fill_fields(page, attempt // len(kinds) + tried.get(version, 0), keyboard)
            check = page.locator("#check")
            await expect(check).not_to_have_attribute("data-state", "checking")
            if await check.get_attribute("data-state") == "ok":
                await press(page.locator("#send-move"), keyboard)
                break
            await press(page.locator("#cancel-move"), keyboard)
        else:
            raise AssertionError(f"no move could be built at version {version}: {await page.inner_text('#builder')}")
    tried[version] = tried.get(version, 0) + 1
    await page.wait_for_function(
        "v => document.querySelector('#table').dataset.version !== v || document.querySelector('#refusal').textContent",
        arg=version, timeout=30_000)


async def play_to_the_end(page, game: str, shot: str, keyboard: bool = False) -> int:
    moves = 0
    tried: dict = {}
    rng = random.Random(game)
    while not (turn := await wait_for_turn(page))["over"]:
        assert moves < MOST_MOVES, f"{game} did not end after {moves} moves"
        if moves == 6:
            # mid-game: the table reads in words, passes axe, and fits a phone in two screens
            found = await internal_tokens(page)
            assert not found, found
            violations = await axe_violations(page)
            assert not violations, "\n".join(violations)
            if page.viewport_size["width"] <= PHONE["width"]:
                height = await page.evaluate("() => document.documentElement.scrollHeight")
                assert height <= 2 * PHONE["height"], f"the table is {height}px tall on a phone"
                targets = await page.evaluate(SMALL_TARGETS)
                assert not targets, f"touch targets under 44 px: {targets}"
            await screenshot(page, f"{shot}-mid")
        await make_a_move(page, turn, tried, rng, keyboard)
        moves += 1
    return moves


async def sign_in_and_queue(page, url: str, game: str, players: int = 2) -> None:
    await page.goto(url + "/")
    await page.fill("#name", f"eve-{uuid.uuid4().hex[:6]}")
    await page.click("#signin")
    await page.wait_for_url("**/#/play")
    await page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    await page.select_option("#game", game)
    await page.select_option("#players", str(players))
    await page.set_checked("#ranked", False)
    await page.click("#queue")
    await page.wait_for_url(f"**/#/table/{game}/**", timeout=30_000)


# Each game once in `make test` (one on a phone in German, one by keyboard); the screenshots
# (python -m tests.web.screenshots) take every game in both languages on both screens.
RUNS = [("food-fight", "en", DESKTOP, False), ("forestaurant", "de", PHONE, False),
        ("foodtown-throwdown", "en", PHONE, True)]
if os.environ.get(SHOTS_ENV):
    RUNS += [("food-fight", "de", PHONE, False), ("forestaurant", "en", DESKTOP, False),
             ("foodtown-throwdown", "de", DESKTOP, False)]


@pytest.mark.parametrize("game,language,viewport,keyboard", RUNS)
async def test_a_whole_game_is_played_by_tapping_and_its_end_says_who_won_and_why(browser, web_gateway, game, language, viewport, keyboard):
    context = await browser.new_context(viewport=viewport, locale=language)
    page = await context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    logs: list[str] = []
    page.on("console", lambda m: logs.append(m.text))
    device = "phone" if viewport is PHONE else "desktop"
    try:
        # given a player at a casual table for two with a house bot
        await sign_in_and_queue(page, web_gateway.url, game)
        # then the table is the game's own board, with the rules in short when the game has them
        await expect(page.locator(f"#board .board.{ {'food-fight': 'food-fight', 'forestaurant': 'forestaurant', 'foodtown-throwdown': 'foodtown'}[game]}")).to_be_visible()
        async with httpx.AsyncClient(base_url=web_gateway.url) as client:
            described = (await client.post(f"/games/{game}/foodgames.v1.GameService/DescribeGame", json={"language": language})).json()
        if json.loads(described["descriptionJson"])["rules"]:
            await expect(page.locator("#rules summary")).to_be_visible()
        # when they play it to its end by tapping
        moves = await play_to_the_end(page, game, f"{game}-{device}-{language}", keyboard)
        assert moves > 0
        # then the end says who won (or whether the table won) and why, in words
        await expect(page.locator("#end-headline")).not_to_be_empty()
        await expect(page.locator("#placings tbody tr")).to_have_count(2)
        found = await internal_tokens(page)
        assert not found, found
        violations = await axe_violations(page)
        assert not violations, "\n".join(violations)
        if viewport is PHONE:
            assert await page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        await screenshot(page, f"{game}-{device}-{language}-end")
        assert not errors, errors
    except Exception:
        await page.screenshot(path=f"/tmp/fail-{game}.png", full_page=True)
        print("\n".join(logs[-30:]), errors)
        print("table at failure:", await page.evaluate("() => Object.assign({}, document.querySelector('#table')?.dataset)"))
        raise
    finally:
        await context.close()
