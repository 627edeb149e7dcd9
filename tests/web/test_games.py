"""Every game at its own table in a real browser, against the real stack: a casual table for two
with a house bot, played by tapping as a person would (a move built from the API's choices in
the builder: the kind of move, then each field, checked with CheckMove, then sent), in English
and in German, until the game ends; the table and its end read in words (no internal token on
the page) and pass axe-core; and every game the gateway serves has a folder of its own in
web/src/games/."""
from __future__ import annotations

import asyncio
import json
import os
import random
import time
import uuid
from pathlib import Path

import httpx
import pytest
from playwright.async_api import TimeoutError as PlaywrightTimeout, expect

from services.gateway.static import games_catalogue
from shared.games import get as get_game
from tests.web.conftest import SHOTS_ENV, axe_violations, check_page, internal_tokens, new_page, screenshot

GAMES = Path(__file__).resolve().parents[2] / "web" / "src" / "games"
DESKTOP = {"width": 1100, "height": 900}
PHONE = {"width": 390, "height": 844}
# the most moves one seat makes in a whole game of any of them, with room to spare
MOST_MOVES = 400
# how many tables a test sits down at when a deal ends before what it checks could happen
TABLES = 3


def test_every_served_game_has_a_folder_of_its_own():
    # given the games the gateway serves (its /api/games, from the registry)
    served = {g["name"] for g in games_catalogue()}
    # then each has web/src/games/<game>/ with its board and its texts in both languages
    missing = [g for g in sorted(served) if not all((GAMES / g / f).is_file() for f in ("index.tsx", "en.ftl", "de.ftl"))]
    assert served and not missing, f"games without their own folder: {missing}"


# One round trip per question: is the game over, and else what can this seat do now (the
# listed moves' buttons, or the builder's kinds of move), at which version of the table: what
# the seat could do and the version it is waited past are read together, or a table that moved
# on between the two reads (Forestaurant's helping offers, then the player's own "Resolve the
# event") has the kinds of the old version tried and the new one waited past, for ever.
STATE = """() => {
    if (document.querySelector('#end:not([hidden])')) return {over: true};
    const version = document.querySelector('#table')?.dataset.version;
    const b = document.querySelector('#builder');
    if (b && b.classList.contains('building')) return {over: false, building: true, version};
    const kinds = [...document.querySelectorAll('#builder button.kind:not(:disabled)')].map(k => k.dataset.kind);
    const switches = [...document.querySelectorAll('#builder button.kind.switch')].map(k => k.dataset.kind);
    const moves = document.querySelectorAll('#moves button.move:not(:disabled)').length;
    // a setting offered among whole moves (Food Fight's automatic passing) is a switch there too
    const plainSettings = [...document.querySelectorAll('#moves button.move:not([role=switch])')]
        .filter(m => JSON.parse(m.dataset.move || '{}').type === 'auto_pass').length;
    if (!kinds.length && !moves) return false;
    return {over: false, kinds, switches, moves, version, plainSettings};
}"""


# Buttons, links and form controls on the table smaller than a finger (44 px) either way.
SMALL_TARGETS = """() => [...document.querySelectorAll('#table button, #table a, #table select, #table summary')]
    .filter(e => e.offsetParent).map(e => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width < 44 || r.height < 44)
    .map(([e, r]) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


async def wait_for_turn(page) -> dict:
    turn = await (await page.wait_for_function(STATE, timeout=60_000)).json_value()
    assert not turn.get("plainSettings"), "automatic passing drawn as a plain button, not a switch"
    return turn


async def press(locator, keyboard: bool) -> None:
    """Activate a control as a mouse or touch does (a click), or by keyboard (focus, Enter)."""
    if keyboard:
        await locator.focus()
        await locator.press("Enter")
    else:
        await locator.click()


# What to tap next in the builder, as a person who has not learnt the game yet: the first field
# not yet chosen (a choice: its `attempt`-th value, so that a refused move is built otherwise; a
# set: its least count of cards, at least one, one tap at a time), then the check's answer. The
# button to tap is marked `data-tap`; false while the check is still out (the wait goes on).
NEXT_TAP = """attempt => {
    document.querySelectorAll('[data-tap]').forEach(e => e.removeAttribute('data-tap'));
    const mark = (els, i) => { els[i % els.length].setAttribute('data-tap', '1'); return 'tap'; };
    const builder = document.querySelector('#builder.building');
    if (!builder) return 'gone';
    for (const f of builder.querySelectorAll('fieldset.field')) {
        const enabled = [...f.querySelectorAll('button:not(:disabled)')];
        const open = enabled.filter(e => e.getAttribute('aria-pressed') !== 'true');
        if (!enabled.length) continue;
        if (f.dataset.kind === 'one') {
            if (open.length < enabled.length) continue;
            return mark(enabled, attempt);
        }
        const want = Math.min(+f.dataset.max, Math.max(+f.dataset.min, 1), enabled.length);
        if (enabled.length - open.length >= want || !open.length) continue;
        return mark(open, attempt + enabled.length - open.length);
    }
    const state = document.querySelector('#check')?.dataset.state;
    return state === 'checking' ? false : state;
}"""


async def tap(locator, keyboard: bool = False) -> bool:
    """Press a control of the builder; False when it went away meanwhile (the table moved on,
    which sets the builder back to its kinds of move)."""
    try:
        if keyboard:
            await locator.focus(timeout=5_000)
            await locator.press("Enter", timeout=5_000)
        else:
            await locator.click(timeout=5_000)
    except PlaywrightTimeout:
        return False
    return True


async def fill_fields(page, attempt: int, keyboard: bool = False) -> str:
    """Tap each field of the move in the builder (NEXT_TAP); the check's answer ("ok",
    "refused", "incomplete") or "gone" when the table moved on meanwhile."""
    for _ in range(40):
        step = await (await page.wait_for_function(NEXT_TAP, arg=attempt)).json_value()
        if step != "tap":
            return step
        if not await tap(page.locator("[data-tap='1']"), keyboard):
            return "gone"
    raise AssertionError(f"the move was not complete after 40 taps: {await page.inner_text('#builder')}")


def value_key(value) -> str:
    """A value as the builder's buttons carry it (data-card, data-value)."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


async def build(page, move: dict, keyboard: bool = False) -> str:
    """Build `move` in the builder as a person who knows what they want: its kind, then each
    field's value tapped (a set's cards one by one, in the move's order), checked, sent; or
    tap it in the list of moves when the table lists them instead."""
    kind = page.locator(f"#builder button.kind[data-kind='{move['type']}']")
    if not await kind.count():
        await choose_listed(page, move, keyboard)
        return "sent"
    await press(kind, keyboard)
    if not await page.locator("#builder.building").count():
        return "sent"  # a move without fields is sent at once
    done: set[str] = set()
    for _ in range(12):  # fields appear as earlier ones are chosen (the ingredients once the table is)
        names = await page.locator("#builder fieldset.field").evaluate_all("fs => fs.map(f => f.dataset.field)")
        todo = [n for n in names if n not in done and n in move]
        if not todo:
            break
        name = todo[0]
        done.add(name)
        field = f"#builder fieldset.field[data-field='{name}']"
        for value in move[name] if isinstance(move[name], list) else [move[name]]:
            key = value_key(value)
            await press(page.locator(f"{field} :is([data-card='{key}'], [data-value='{key}'])"
                                     ":not([aria-pressed='true']):not(:disabled)").first, keyboard)
    state = await (await page.wait_for_function(
        "() => { const s = document.querySelector('#check')?.dataset.state; return s !== 'checking' && s; }")).json_value()
    if state != "ok":
        return f"{state}: {await page.inner_text('#check')}"
    await press(page.locator("#send-move"), keyboard)
    return "sent"


# The index of the listed move's button that is `want` (keys in any order, empty lists as none).
LISTED = """want => {
    const canon = m => JSON.stringify(Object.keys(m).sort().filter(k => m[k] !== null && !(Array.isArray(m[k]) && !m[k].length)).map(k => [k, m[k]]));
    return [...document.querySelectorAll('#moves button.move:not(.group)')].findIndex(b => canon(JSON.parse(b.dataset.move)) === canon(want));
}"""


async def choose_listed(page, move: dict, keyboard: bool = False) -> None:
    group = page.locator(f"#moves button.group[data-kind='{move['type']}']")
    if await group.count():
        await press(group, keyboard)
    at = await page.evaluate(LISTED, move)
    assert at >= 0, f"{move} is not offered: {await page.inner_text('#moves')}"
    await press(page.locator("#moves button.move:not(.group)").nth(at), keyboard)


async def plate_an_army(page, keyboard: bool = False, shot: str | None = None) -> int | None:
    """Food Fight's plating by tapping: a Meal, then troops one by one (up to five: "An Army
    consists of up to five food troops") and every plating Mascot, checked, sent; the number of
    troops tapped, or None when the table moved on meanwhile (the other plate came: the builder
    starts again). ("when plating, you don't put them in any order, because they get shuffled
    up later": the troops are a set, tapped in turn.)"""
    builder = "#builder fieldset.field"
    if not await tap(page.locator("#builder button.kind[data-kind='plate']"), keyboard):
        return None
    if not await tap(page.locator(f"{builder}[data-field='meal'] button:not(:disabled)").first, keyboard):
        return None
    troops = 0
    for field, most in (("troops", 5), ("mascots", 9)):
        for _ in range(most):
            open_ = page.locator(f"{builder}[data-field='{field}'] button:not(:disabled):not([aria-pressed='true'])")
            if not await open_.count():
                break
            if not await tap(open_.first, keyboard):
                return None
            troops += field == "troops"
    if await page.locator(f"{builder}[data-field='troops'] button[aria-pressed='true']").count() != troops:
        return None
    if shot:
        await screenshot(page, f"{shot}-plating")
    state = await (await page.wait_for_function(
        "() => { const s = document.querySelector('#check')?.dataset.state; return s !== 'checking' && (s || 'gone'); }")).json_value()
    if state == "gone":
        return None
    assert state == "ok", f"the plate was refused: {await page.inner_text('#check')}"
    return troops if await tap(page.locator("#send-move"), keyboard) else None


async def make_a_move(page, turn: dict, tried: dict, rng: random.Random, keyboard: bool = False,
                      shot: str | None = None) -> str:
    """One move by tapping, as a person who has not learnt the game yet: a move at random (a
    kind of move first when there are many), or a move built in the builder; the kind of move."""
    version = turn.get("version")  # the table's, read with what the seat can do (STATE)
    kind, sent = "listed", None
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
    elif "plate" in (turn.get("kinds") or []):
        kind = "plate" if await plate_an_army(page, keyboard, shot) is not None else "plate-again"
        if kind == "plate" and await page.evaluate("() => document.documentElement.lang") == "en":
            # the log says so at once (at the end it may have scrolled out of the last 40 lines)
            await page.wait_for_function(
                "() => document.querySelector('#log')?.textContent.includes('You plated')", timeout=15_000)
    else:
        if turn.get("building") and await page.locator("#cancel-move").count():
            # (a table that moved on meanwhile has already set the builder back to its kinds)
            await tap(page.locator("#cancel-move"), keyboard)
        kinds = turn.get("kinds") or await page.locator("#builder button.kind").evaluate_all("ks => ks.map(k => k.dataset.kind)")
        rng.shuffle(kinds)
        # a setting's switch (Food Fight's automatic passing) is not a move to try at random
        kinds = [k for k in kinds if k not in (turn.get("switches") or ())] or kinds
        if not kinds:
            return "none"  # the table moved on meanwhile: the next turn asks again
        for attempt in range(12):
            # each kind of move in turn, each a few ways, until the rules accept one
            kind = kinds[attempt % len(kinds)]
            if not await tap(page.locator(f"#builder button.kind[data-kind='{kind}']"), keyboard):
                break  # the table moved on: the next turn asks again
            if not await page.locator("#builder.building").count():
                break  # a move without fields is sent at once
            state = await fill_fields(page, attempt // len(kinds) + tried.get(version, 0), keyboard)
            if state == "ok":
                sent = await tap(page.locator("#send-move"), keyboard)
                break
            if state == "gone" or not await tap(page.locator("#cancel-move"), keyboard):
                break  # the table moved on: the next turn asks again
        else:
            raise AssertionError(f"no move could be built at version {version}: {await page.inner_text('#builder')}")
    tried[version] = tried.get(version, 0) + 1
    # the table moves on, or says why not, or the game ended meanwhile (the move then goes nowhere)
    try:
        await page.wait_for_function(
            "v => { const t = document.querySelector('#table'); return t.dataset.version !== v"
            " || t.dataset.finished === 'true' || document.querySelector('#refusal').textContent; }",
            arg=version, timeout=30_000)
    except PlaywrightTimeout:
        # (seen once in a whole run, at Forestaurant's "Resolve the event": what the page showed)
        seen = await page.evaluate(TABLE_NOW)
        raise AssertionError(f"the table did not move on after a {kind} move at version {version} "
                             f"(send tapped: {sent}): {seen}") from None
    return kind


# Every text on a card's tile or under a troop that its box cuts (an ellipsis, a line hidden): the
# tile's name and its Meal, kind or type, and a boost, read whole or not at all ("Frühst…", "+3
# San…" once did not). A clipping box (overflow not visible) narrower or lower than what it holds.
CUT_TEXTS = """() => {
    const drawn = e => [...e.childNodes].map(n => n.nodeType === 3 ? n.data
        : n.classList?.contains('sr-only') ? '' : drawn(n)).join('').replace(/\u00ad/g, '');
    return [...document.querySelectorAll('#table .card, #table .card *, #table .boost')]
        .filter(e => e.offsetParent && !e.closest('.sr-only')).filter(e => {
            const s = getComputedStyle(e);
            return (s.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1)
                || (s.overflowY !== 'visible' && e.scrollHeight > e.clientHeight + 1); })
        .map(e => `${e.closest('[data-card]')?.dataset.card ?? ''} ${e.tagName.toLowerCase()}.${[...e.classList].join('.')}: ${drawn(e)}`);
}"""


# The page's tallest parts, for a failure's message: what made a phone's table too tall.
TALLEST = """() => [...document.querySelectorAll('#table *')]
    .filter(e => e.offsetParent && !e.closest('details:not([open]) > :not(summary)'))
    .map(e => [e, e.getBoundingClientRect().height]).filter(([e, h]) => h > 150)
    .filter(([e]) => ![...e.children].some(c => c.getBoundingClientRect().height > 0.8 * e.getBoundingClientRect().height))
    .sort((a, b) => b[1] - a[1]).slice(0, 8)
    .map(([e, h]) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')} ${Math.round(h)}px`)"""


# What a table shows, for a failure's message.
TABLE_NOW = """() => ({version: document.querySelector('#table')?.dataset.version,
    refusal: document.querySelector('#refusal')?.textContent, check: document.querySelector('#check')?.dataset.state,
    sendDisabled: document.querySelector('#send-move')?.disabled,
    builder: document.querySelector('#builder')?.innerText.slice(0, 400),
    moves: document.querySelector('#moves')?.innerText.slice(0, 200)})"""


async def play_to_the_end(page, game: str, shot: str, keyboard: bool = False, axe: bool = True) -> dict[str, int]:
    """The moves made, by kind ("plate": an Army built in the builder; "listed": a listed move).
    Mid-game the table reads in words and (`axe`) passes axe-core with touch targets of 44 px;
    on a phone it fits in two screens at every turn."""
    made: dict[str, int] = {}
    tried: dict = {}
    rng = random.Random(game)
    spent = {"waiting": 0.0, "moving": 0.0}
    mids = [2, 6]  # the moves made after which the table is checked mid-game
    clock = time.perf_counter()
    while not (turn := await wait_for_turn(page))["over"]:
        spent["waiting"] += time.perf_counter() - clock
        clock = time.perf_counter()
        moves = sum(v for k, v in made.items() if not k.endswith(" s"))
        assert moves < MOST_MOVES, f"{game} did not end after {moves} moves"
        if mids and moves >= mids[0]:
            while mids and moves >= mids[0]:  # a turn of several moves may step over a mark
                mids.pop(0)
            # mid-game: the table reads in words, passes axe, and fits a phone in two screens (after
            # the player's second move and, where the game lasts, its sixth: the screenshot is the
            # later one; Food Fight's boot camp at three has ended after the player's third move)
            found = await internal_tokens(page)
            assert not found, found
            violations = await axe_violations(page) if axe else []
            assert not violations, "\n".join(violations)
            if axe and page.viewport_size["width"] <= PHONE["width"]:
                targets = await page.evaluate(SMALL_TARGETS)
                assert not targets, f"touch targets under 44 px: {targets}"
            await screenshot(page, f"{shot}-mid")
        if page.viewport_size["width"] <= PHONE["width"]:
            # at every turn of the game, not only mid-game: a Meal's fifth Serving, a full restaurant
            # (not once the game has ended since the turn was read: its end screen is no turn; a CI
            # run measured the end of a Forestaurant game, its end screen above the table)
            height, ended = await page.evaluate(
                "() => [document.documentElement.scrollHeight, !!document.querySelector('#end:not([hidden])')]")
            assert ended or height <= 2 * PHONE["height"], \
                f"the table is {height}px tall on a phone at move {moves}: {await page.evaluate(TALLEST)}"
        # at every turn, on either screen: every tile's words and every boost under a troop read whole
        cut = await page.evaluate(CUT_TEXTS)
        assert not cut, f"texts cut at move {moves}: {cut}"
        kind = await make_a_move(page, turn, tried, rng, keyboard, None if made.get("plate") else shot)
        made[kind] = made.get(kind, 0) + 1
        spent["moving"] += time.perf_counter() - clock
        clock = time.perf_counter()
    # (printed with the moves: where a browser game's time goes, the others' turns or our taps)
    made.update({f"{k} s": round(v, 1) for k, v in spent.items()})
    return made


async def sign_in(page, url: str, name: str | None = None) -> str:
    name = name or f"eve-{uuid.uuid4().hex[:6]}"
    await page.goto(url + "/")
    await page.fill("#name", name)
    await page.click("#signin")
    await page.wait_for_url("**/#/play")
    return name


async def queue(page, game: str, players: int = 2, options: dict | None = None, others=None) -> None:
    """A casual table of `players` with the game's `options` set on the play page; `others()`
    queues the other seats' players just before the click (so that the queue is never quiet
    long enough for the house bots)."""
    await page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    await page.select_option("#game", game)
    await page.select_option("#players", str(players))
    specs = {o.name: o for o in get_game(game).options}
    for name, value in (options or {}).items():
        field = page.locator(f"#option-{name}")
        if specs[name].choices:  # a list of the option's choices, by their place in it
            await field.select_option(str(list(specs[name].choices).index(value)))
        else:
            await field.fill(str(value))
    await page.set_checked("#ranked", False)
    if others is not None:
        others()
    await page.click("#queue")
    await page.wait_for_url(f"**/#/table/{game}/**", timeout=30_000)


# Each game at two table sizes in `make test`, bots in the other seats: Food Fight and Foodtown
# at a table of two (one by keyboard) and of three, Forestaurant (whose table of two cooks
# together in the test below) of three and four; one of each game on a phone in German. A
# browser game's time is its player's moves (each a tap or a few, CheckMove, SubmitMove, the
# table's next version and its moves: about half a second), so the runs are made short by the
# options a player picks for a short game (Food Fight to 3 VP, at three its boot camp without
# the draft; Foodtown to 3 stars, at three to 4: the first seat once reached 3 in its first turn, two
# territories and a publicity, before the player's first move; Forestaurant hard at four) and by the bots, who play more of
# the turns at a bigger table. The bots queue with the player (the matchmaker seats them at
# once; its house bots come only after 3 s of quiet). The screenshots (python -m
# tests.web.screenshots) take every game in both languages on both screens.
RUNS = [("food-fight", "en", DESKTOP, False, 2, {"vp_to_win": 3}),
        ("food-fight", "de", PHONE, False, 3, {"boot_camp": True, "vp_to_win": 3}),
        ("forestaurant", "de", PHONE, False, 3, {}),
        ("forestaurant", "en", DESKTOP, False, 4, {"difficulty": "hard"}),
        # five stars: with fewer the first seat may win in its first turn, before the player's
        # first move (the heuristic bot's first turn, over 400 deals played by the pure rules:
        # 3 stars won it in 53 of them at two seats and 38 at three, 4 stars in 10 and 6, 5 stars
        # in 0 and 1; the browser's bots, with other deals, once did it at two: such a table is
        # played again, below)
        ("foodtown-throwdown", "en", PHONE, True, 2, {"target_stars": 5}),
        ("foodtown-throwdown", "de", DESKTOP, False, 3, {"target_stars": 5})]
if os.environ.get(SHOTS_ENV):
    RUNS += [("food-fight", "de", PHONE, False, 2, {"vp_to_win": 3}), ("forestaurant", "en", DESKTOP, False, 3, {}),
             ("foodtown-throwdown", "de", DESKTOP, False, 2, {"target_stars": 5}),
             ("foodtown-throwdown", "de", PHONE, False, 2, {"target_stars": 5})]
BOARDS = {"food-fight": "food-fight", "forestaurant": "forestaurant", "foodtown-throwdown": "foodtown"}


# the games whose view says why the game ended (end_reason), in DescribeGame's `reason-<reason>`
ENDS_WITH_A_REASON = ("forestaurant", "foodtown-throwdown")


@pytest.mark.parametrize("game,language,viewport,keyboard,players,options", RUNS)
async def test_a_whole_game_is_played_by_tapping_and_its_end_says_who_won_and_why(
        browser, web_gateway, bots, game, language, viewport, keyboard, players, options):
    context = await browser.new_context(viewport=viewport, locale=language)
    page = await context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    logs: list[str] = []
    page.on("console", lambda m: logs.append(m.text))
    listings: list[str] = []  # the page's ListLegalMoves calls
    page.on("request", lambda r: listings.append(r.url) if r.url.endswith("/ListLegalMoves") else None)
    device = "phone" if viewport is PHONE else "desktop"
    try:
        # given a player at a casual table with bots in the other seats
        await sign_in(page, web_gateway.url)
        # (a deal that a bot wins before the player's first move, rare with these options, is
        # no game to play by tapping: then the player sits down at another table, at most TABLES)
        for table in range(TABLES):
            if table:
                await page.goto(page.url.split("#")[0] + "#/play")
            await queue(page, game, players, options,
                        others=lambda: bots.queue(players - 1, game, players, ranked=False, options=options or None))
            # then the table is the game's own board, with the rules in short when the game has them
            await expect(page.locator(f"#board .board.{BOARDS[game]}")).to_be_visible()
            async with httpx.AsyncClient(base_url=web_gateway.url) as client:
                described = (await client.post(f"/games/{game}/foodgames.v1.GameService/DescribeGame", json={"language": language})).json()
            if json.loads(described["descriptionJson"])["rules"]:
                await expect(page.locator("#rules summary")).to_be_visible()
                # and the options that change the rulebook's game are said first there: a Food
                # Fight to 3 VP under a summary of the rulebook's "the first to 10 VP wins"
                defaults = {o.name: o.default for o in get_game(game).options}
                changed = [value for name, value in (options or {}).items() if value != defaults[name]]
                await expect(page.locator("#table-options li")).to_have_count(len(changed))
                for n, value in enumerate(changed):
                    if isinstance(value, int) and not isinstance(value, bool):
                        await expect(page.locator("#table-options li").nth(n)).to_contain_text(str(value))
            # when they play it to its end by tapping
            # (the bigger table is the same board with more seats: axe-core and the phone's sizes
            # are checked at the smaller one, and at both when the screenshots are taken)
            full = players == min(n for g, *_, n, _ in RUNS if g == game) or bool(os.environ.get(SHOTS_ENV))
            listings.clear()
            made = await play_to_the_end(page, game, f"{game}-{device}-{language}-{players}", keyboard, full)
            print(f"{game} at {players}: moves made {made}, ListLegalMoves calls {len(listings)}")
            if sum(v for k, v in made.items() if not k.endswith(" s")) > 0:
                break
        else:
            raise AssertionError(f"each of {TABLES} games ended before the player's first move")
        # and the seat's moves came with its views on the watch stream, not by a call a turn
        # (a call each turn before: one for every move made, and more)
        moves_made = sum(v for k, v in made.items() if not k.endswith(" s"))
        assert len(listings) <= max(2, moves_made // 4), (len(listings), made)
        if game == "food-fight":
            # every Army was built in the builder, troop by troop, and the log says so
            assert made.get("plate"), made
        # then the end says who won (or whether the table won) and why, in words, and the log
        # says the game is over once (the frame's line beside the game's own once said it twice)
        if language == "en":
            log = await page.locator("#log li").all_inner_texts()
            assert sum(line.startswith(("The game is over", "Game over")) for line in log) <= 1, log[:4]
        await expect(page.locator("#end-headline")).not_to_be_empty()
        await expect(page.locator("#placings tbody tr")).to_have_count(players)
        # and nobody's turn is shown any more (a seat's "▶" and a marked line stayed once)
        await expect(page.locator("#board .player.acting")).to_have_count(0)
        await expect(page.locator("#board .rtable.marked")).to_have_count(0)
        # a table that plays together has no places, only its players and points
        await expect(page.locator("#placings thead th")).to_have_count(2 if get_game(game).cooperative else 3)
        if game in ENDS_WITH_A_REASON:  # their views name why the game ended, and the page says it
            await expect(page.locator("#end-why")).to_have_count(1)
        # once: beside the game's own reason the frame's "the game is over: X won" is not repeated
        if await page.locator("#end-why").count():
            await expect(page.locator("#end-message")).to_have_count(0)
            # the reason in a sentence of the game's words, never its id ("rest-end-time" once)
            why = await page.locator("#end-why").inner_text()
            assert why[:1].isupper() and why.endswith(".") and " " in why, why
        found = await internal_tokens(page)
        assert not found, found
        violations = await axe_violations(page) if full else []
        assert not violations, "\n".join(violations)
        if viewport is PHONE:
            assert await page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        await screenshot(page, f"{game}-{device}-{language}-{players}" + "-end")
        assert not errors, errors
    except Exception:
        await page.screenshot(path=f"/tmp/fail-{game}-{players}.png", full_page=True)
        print("\n".join(logs[-30:]), errors)
        print("table at failure:", await page.evaluate("() => Object.assign({}, document.querySelector('#table')?.dataset)"))
        # who moved and how the game ended, as the page's log says (a table once ended before
        # its player's first move: seen twice under load, not yet explained)
        print("url:", page.url, "seats:", await page.evaluate("() => document.querySelector('#seats')?.innerText"))
        print("log:", await page.evaluate("() => document.querySelector('#log')?.innerText"))
        try:
            async with httpx.AsyncClient(base_url=web_gateway.url) as client:
                version, view = await seat_view(client, page, game)
            print("the seat's view at failure:", version, json.dumps(view)[:1500])
        except Exception as exc:  # noqa: BLE001 - only what the failure shows
            print("no seat's view:", exc)
        raise
    finally:
        await context.close()


async def seat_view(client: httpx.AsyncClient, page, game: str) -> tuple[int, dict]:
    """The seat's view as the page's player asks the gateway for it (GetView with the tab's
    token): (its version, the view)."""
    session, seats = await page.evaluate(
        "() => [sessionStorage.getItem('foodgames.session'), sessionStorage.getItem('foodgames.seats')]")
    game_id = page.url.rsplit("/", 1)[-1]
    seat = json.loads(seats)[game_id]["seat"]
    reply = (await client.post(f"/games/{game}/foodgames.v1.GameService/GetView",
                               json={"gameId": game_id, "seat": seat, "viewEncoding": "VIEW_ENCODING_JSON"},
                               headers={"Authorization": f"Bearer {json.loads(session)['token']}"})).json()
    return int(reply.get("version", 0)), json.loads(reply["viewJson"])


# each reads the meal as cooked by "you and" the other
MEAL_COOKED_TOGETHER = """other => [...document.querySelectorAll('#log li')].map(li => li.textContent)
    .find(line => line.includes('is cooked by you and') && line.includes(other)) || null"""


async def cook_together(players: dict, game: str, url: str, consoles: dict) -> tuple[bool, dict | None]:
    """Two people queue for one casual table for two and play it as Forestaurant's heuristic
    player would, every move tapped in the builder, until the first meal cooked by both:
    (whether a proposal was seen on both tables, that meal's commit), or (..., None) when the
    game ended first."""
    from services.forestaurant.bots import HeuristicBot

    names, pages = list(players), list(players.values())
    await asyncio.gather(*(queue(page, game, 2) for page in pages))
    assert pages[0].url.rsplit("/", 1)[-1] == pages[1].url.rsplit("/", 1)[-1], "not at one table"
    minds = {name: HeuristicBot(seed=i) for i, name in enumerate(names)}
    proposal_seen = False
    refused: set = set()
    async with httpx.AsyncClient(base_url=url, timeout=20) as client:
        for _ in range(MOST_MOVES):
            # when whoever is asked plays the move they chose, tapped in the builder
            acted = False
            for name, page in players.items():
                version, view = await seat_view(client, page, game)
                if view.get("finished"):
                    return proposal_seen, None
                if name not in (view.get("to_act") or []) or not view.get("legal_moves"):
                    continue
                # the page shows that version with its moves listed (or is past it: ask again)
                shown = await (await page.wait_for_function(
                    """v => { const d = document.querySelector('#table').dataset;
                              return (+d.version > v || +d.listed >= v) && +d.version; }""", arg=version)).json_value()
                if shown != version:
                    continue
                # (a move the check refused, when the table moved on meanwhile, is not chosen again there)
                legal = [m for m in view["legal_moves"] if (version, json.dumps(m, sort_keys=True)) not in refused]
                move = minds[name].choose(view, legal or view["legal_moves"])
                answer = await build(page, move)
                if answer != "sent":
                    refused.add((version, json.dumps(move, sort_keys=True)))
                    print(f"at version {version} the check said {answer} to {move}; console: {consoles[name][-5:]}")
                    await tap(page.locator("#cancel-move"))
                    continue
                await page.wait_for_function(
                    "v => { const t = document.querySelector('#table'); return t.dataset.version !== v"
                    " || t.dataset.finished === 'true' || document.querySelector('#refusal').textContent; }",
                    arg=str(version))
                assert not await page.text_content("#refusal"), await page.text_content("#refusal")
                acted = True
                if move["type"] == "propose_cook":
                    # then the proposal is on both tables as it happens: who proposed what, who may offer
                    for other in pages:
                        await expect(other.locator("#proposal")).to_be_visible()
                    proposal_seen = True
                if move["type"] == "commit_cook" and move.get("accept"):  # offers of the other seat taken
                    return proposal_seen, move
            if not acted:
                await asyncio.sleep(0.05)
    raise AssertionError(f"no meal was cooked together in {MOST_MOVES} rounds")


async def test_a_meal_is_cooked_together_at_a_table_of_two_browsers(browser, web_gateway):
    """Forestaurant's cooking together (rulebook: "the active player proposes a meal ... every
    other player ... may offer cards and ingredients"), by two people in two browsers at one
    casual table for two, no bot: each plays as Forestaurant's heuristic player would (the
    game's own bot, services/forestaurant/bots.py, chooses from the seat's view), every move
    built by tapping in the builder. The test stops once the first meal is cooked by both (a
    whole game of two takes a few hundred moves: the tables above play Forestaurant to its end)."""
    game = "forestaurant"
    people = [await new_page(browser, DESKTOP) for _ in range(2)]
    pages = [page for _, page, _ in people]
    try:
        # given two players signed in, queueing for one casual table for two at the same time
        names = [await sign_in(page, web_gateway.url) for page in pages]
        players = dict(zip(names, pages))
        consoles = {name: [] for name in names}
        for name, page in players.items():
            page.on("console", lambda m, name=name: consoles[name].append(m.text))
        # (one deal in some hundreds ends before the heuristic players cook together, e.g. by
        # bankruptcy: then the two sit down at another table, at most TABLES of them)
        for table in range(TABLES):
            if table:
                for page in pages:
                    await page.goto(page.url.split("#")[0] + "#/play")
            proposal_seen, cooked = await cook_together(players, game, web_gateway.url, consoles)
            if cooked:
                break
        else:
            raise AssertionError(f"each of {TABLES} games ended before a meal was cooked together")
        # then the meal cooked by both shows in both logs, in words
        assert proposal_seen
        for me, page in players.items():
            other = next(n for n in names if n != me)
            line = await (await page.wait_for_function(MEAL_COOKED_TOGETHER, arg=other)).json_value()
            assert line, "the shared meal is not in the log"
            found = await internal_tokens(page)
            assert not found, found
        await check_page(pages[1])
        await screenshot(pages[0], "forestaurant-desktop-en-cooked-together")
        for _, _, errors in people:
            assert not errors, errors
    except Exception:
        for i, page in enumerate(pages):
            await page.screenshot(path=f"/tmp/fail-cooking-{i}.png", full_page=True)
        raise
    finally:
        for context, _, _ in people:
            await context.close()
