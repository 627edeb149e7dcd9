"""The browser client in a real browser (headless Debian chromium, Playwright) against the real
stack: sign in, queue through the matchmaker with three bots, play a whole game of Foodie
Forest by clicking legal-move buttons (through a dropped connection and a reload), the end
with placings and rating change, the leaderboard changed, the game verified on its audit
page and a tampered bundle failing there, and two players at one table each seeing only
their own hand, one of them on a phone-sized screen, where a refused move's reason shows."""
from __future__ import annotations

import asyncio
import json
import re
import uuid
from collections import Counter

import httpx
import pytest
from playwright.async_api import expect

from shared.names import house_bot_prefix
from tests.web.conftest import check_page, new_page, screenshot
from tests.web.test_games import CUT_TEXTS
from tests.web.test_hyphens import NAMES_ON_TILES

GAME = "foodie-forest"
DESKTOP = {"width": 1100, "height": 900}
PHONE = {"width": 390, "height": 844}
# a game of Foodie Forest is 5 deals of 13 cards a hand: about 70 moves of one seat
MOST_CLICKS = 300

# What the first test leaves for the next ones of this module (one game, one browser page).
played: dict = {}


@pytest.fixture(scope="module")
async def player_page(browser, web_gateway):
    context, page, errors = await new_page(browser, DESKTOP)
    yield page, errors
    await context.close()


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:6]}"


async def sign_in(page, url: str, player: str, shot: str | None = None) -> None:
    await page.goto(url + "/")
    await page.wait_for_url("**/#/signin")
    await page.fill("#name", player)
    if shot:
        await check_page(page)
        await screenshot(page, shot)
    await page.click("#signin")
    await page.wait_for_url("**/#/play")
    await expect(page.locator("#me")).to_contain_text(player)


async def queue(page, players: int = 4, game: str = GAME, ranked: bool = True) -> None:
    await page.goto(page.url.split("#")[0] + "#/play")
    await page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    await page.select_option("#game", game)
    await page.select_option("#players", str(players))
    await page.set_checked("#ranked", ranked)
    await page.click("#queue")
    await page.wait_for_url("**/#/queue/*")


# The table once it is the seat's turn or the game is over (one round trip to the page per
# question keeps a game of ~70 clicks quick): the move buttons' labels and how many other
# buttons, links or inputs the board holds.
TURN_OR_END = """() => {
    if (!document.querySelector('#end').hidden) return {over: true};
    const moves = [...document.querySelectorAll('button.move:not(:disabled)')];
    if (!moves.length) return false;
    return {over: false, labels: moves.map(m => m.innerText),
            others: document.querySelectorAll('#board button:not(.card), #board a, #board input').length};
}"""


async def wait_for_my_turn_or_the_end(page) -> dict:
    """{"over": True} at the end, else the moves the page offers ({"labels", "others"})."""
    return await (await page.wait_for_function(TURN_OR_END, timeout=30_000)).json_value()


async def click_a_legal_move(page) -> None:
    version = await page.get_attribute("#table", "data-version")
    await page.locator("button.move:not(:disabled)").first.click()
    # the answer to the move (or a refusal) changes the page
    await page.wait_for_function(
        "v => { const t = document.querySelector('#table'); return t.dataset.version !== v"
        " || t.dataset.finished === 'true' || document.querySelector('#refusal').textContent; }",
        arg=version)


async def watch_status_for_a_drop(page) -> None:
    await page.evaluate("""() => {
        window.__dropped = false;
        window.__statuses = [];
        const status = document.querySelector('#status');
        new MutationObserver(() => {
            window.__statuses.push(status.textContent);
            if (status.dataset.state === 'lost') window.__dropped = true;
        })
            .observe(status, {attributes: true, childList: true, characterData: true, subtree: true});
    }""")


async def test_a_player_signs_in_queues_with_three_bots_and_plays_a_whole_game_by_clicking(
        player_page, web_gateway):
    page, errors = player_page
    me = name("ann")
    # given a signed-in player who has never played
    await sign_in(page, web_gateway.url, me, shot="0-signin")
    await check_page(page)
    await screenshot(page, "1-play")
    await page.goto(f"{web_gateway.url}/#/leaderboard/{GAME}")
    await expect(page.locator("#my-standing")).to_contain_text("no rated game")

    # a player who already holds a live ticket (here an invitation they sent from elsewhere,
    # which waits for its friend, not for bots: no race with the bot fill) and queues again is
    # led to that ticket: the matchmaker's refusal names it by its key and values
    # (refused-live-ticket), not in words the page would have to read
    async with httpx.AsyncClient(base_url=web_gateway.url) as client:
        token = (await client.post("/auth/dev-sign-in", json={"name": me})).json()["token"]
        mm = "/foodgames.v1.MatchmakingService"
        invited = await client.post(f"{mm}/CreateTicket", headers={"authorization": f"Bearer {token}"},
                                    json={"game": GAME, "players": [me, name("friend")], "minPlayers": 4,
                                          "maxPlayers": 4})
        live = invited.json()["ticket"]["ticketId"]
        await queue(page, 4)
        assert page.url.endswith(f"#/queue/{live}"), page.url
        await client.post(f"{mm}/CancelTicket", headers={"authorization": f"Bearer {token}"}, json={"ticketId": live})

    # a queued ticket can be cancelled: the page says so and offers to queue again
    await queue(page, 4)
    await expect(page.locator("#ticket-state")).to_contain_text("Searching")
    await page.click("#cancel")
    await expect(page.locator("#ticket-state")).to_contain_text("Cancelled")
    await expect(page.locator("#again")).to_be_visible()

    # when they queue for a ranked table of 4, they see the wait and the ticket searching
    await queue(page, 4)
    await expect(page.locator("#ticket-state")).to_contain_text("Searching")
    await expect(page.locator("#wait")).to_contain_text("Waiting: 0:0")
    await check_page(page)
    await screenshot(page, "2-queue")
    # ... and, nobody else coming, the stack's house bots take the three other seats (bot fill)
    await expect(page.locator("#hint")).to_contain_text("house bots take the empty seats")
    await expect(page.locator("#hint code")).to_contain_text(f"foodgames bots {GAME} --count 3")
    await page.wait_for_url("**/#/table/**", timeout=30_000)
    game_id = page.url.rsplit("/", 1)[-1]
    await expect(page.locator("#status")).to_have_text("live")
    await expect(page.locator(f".player[data-player^='{house_bot_prefix(GAME)}']")).to_have_count(3)
    # the bots read as the table names them, in seat order, on the seats and in what happened
    bots = page.locator(f".seat[data-player^='{house_bot_prefix(GAME)}'] .seat-name")
    await expect(bots).to_have_text(["Bot 1", "Bot 2", "Bot 3"])
    await expect(page.locator("#log")).to_contain_text("Bot 1")
    await expect(page.locator("#log")).not_to_contain_text(house_bot_prefix(GAME))

    # then they play the game to its end by clicking legal moves only
    clicks = 0
    dropped = reloaded = False
    while not (table := await wait_for_my_turn_or_the_end(page))["over"]:
        assert clicks < MOST_CLICKS, "the game did not end"
        assert all(label.startswith(("Play", "Choose")) for label in table["labels"]), table
        assert table["others"] == 0, "only the legal moves are clickable"
        # every card on the table reads whole on its tile (a herb's whole name once spilled out)
        assert not (cut := await page.evaluate(CUT_TEXTS)), f"texts cut on the tiles: {cut}"
        await click_a_legal_move(page)
        clicks += 1
        if clicks == 8:
            await check_page(page)
            await screenshot(page, "3-table")
        if clicks == 12 and not dropped:
            # the connection drops (the gateway goes away and comes back): the page reconnects,
            # resumes after the last version it saw and keeps its seat
            await watch_status_for_a_drop(page)
            await web_gateway.restart()
            await page.wait_for_function("() => window.__dropped", timeout=15_000)
            await expect(page.locator("#status")).to_have_text("live", timeout=15_000)
            resumed = [t for t in await page.evaluate("window.__statuses") if t.startswith("reconnecting from version")]
            assert resumed and all(int(t.split()[3].rstrip("…")) > 0 for t in resumed), resumed
            dropped = True
        if clicks == 30 and not reloaded:
            # a reload keeps the seat (the tab's sessionStorage) and redraws the table
            await page.reload()
            await expect(page.locator("#status")).to_have_text("live")
            reloaded = True
    assert dropped and reloaded and clicks > 40, clicks

    # the end: placings of the four seats and the rating change
    rows = page.locator("#placings tbody tr")
    await expect(rows).to_have_count(4)
    await expect(page.locator("#placings tr.mine")).to_contain_text(me)
    await expect(page.locator("#rating-change")).to_contain_text("→", timeout=30_000)
    await check_page(page)
    await screenshot(page, "4-end")
    rating_after = (await page.locator("#rating-change b").all_inner_texts())[1]

    # and the leaderboard changed: the player is on it now, with the rating the end showed
    await page.click("#to-leaderboard")
    await expect(page.locator("#my-rating")).to_have_text(rating_after)
    await expect(page.locator("#around tr.mine")).to_contain_text(me)
    await expect(page.locator("#top")).to_contain_text(me)
    # the board's season in words (its people only: the house bots are rated but not listed)
    await expect(page.locator("#top")).to_contain_text(re.compile(r"\d+ players? · all time"))
    await expect(page.locator("#lb-bots")).to_have_text("House bots are rated but not listed.")
    # (what "?" means is said once, under both boards)
    await expect(page.locator(".lb-legend")).to_have_count(1)
    await check_page(page)
    await screenshot(page, "5-leaderboard")
    # and a name on the board leads to that player's games (the first place's: rated, so it played)
    leader = await page.locator("#top tbody tr").first.get_attribute("data-player")
    await page.locator("#top tbody tr").first.locator("a.lb-player").click()
    await page.wait_for_url(f"**/#/player/{leader}")
    await expect(page.locator("section.player-page h1")).to_contain_text(leader)
    await expect(page.locator("tr.player-game").first).to_be_visible()
    assert not errors, errors
    played.update(game_id=game_id, player=me)


async def test_the_finished_game_verifies_on_its_audit_page_and_a_tampered_bundle_fails(player_page, web_gateway):
    page, errors = player_page
    assert played, "the game of the previous test did not finish"
    # given the finished game's audit page, reached from its end screen
    await page.goto(f"{web_gateway.url}/#/table/{GAME}/{played['game_id']}")
    await page.click("#to-audit")
    await page.wait_for_url(f"**/#/audit/{played['game_id']}")
    # then the bundle fetched through the gateway passes every check of the browser's verifier
    verdict = page.locator("#online .verdict")
    await expect(verdict).to_be_visible()
    await check_page(page)
    await screenshot(page, "6-audit")
    checks = page.locator("#online li.check")
    failed = await page.locator("#online li.check[data-ok=false]").all_inner_texts()
    assert failed == [], failed
    assert await checks.count() >= 5
    assert await verdict.get_attribute("data-ok") == "true"

    # when one hex digit of the revealed seed is changed and the bundle chosen as a file
    # (the page's own download of the bundle: no typing of a 170 KB text into a box)
    href = await page.get_attribute("#download a", "href")
    bundle = json.loads(await page.evaluate("href => fetch(href).then(r => r.text())", href))
    seed = bundle["server_seed"]
    bundle["server_seed"] = ("1" if seed[0] != "1" else "2") + seed[1:]
    await page.set_input_files("#bundle-file", files=[{
        "name": "tampered.json", "mimeType": "application/json", "buffer": json.dumps(bundle).encode()}])
    # then it is shown failing, naming the checks that failed
    offline = page.locator("#offline-result .verdict")
    await expect(offline).to_have_attribute("data-ok", "false")
    assert await page.locator("#offline-result li.check[data-ok=false]").count() >= 1
    assert not errors, errors


async def test_two_players_at_one_table_each_see_only_their_own_hand_and_a_refusal_is_explained(browser, web_gateway):
    people = {}  # bea on a phone in German, cid at a desk in English
    for player, viewport, locale in ((name("bea"), PHONE, "de-DE"), (name("cid"), DESKTOP, "en-US")):
        _, people[player], _ = await new_page(browser, viewport, locale)
    try:
        # given two people queued for one ranked table of 4, and two house bots who come after
        # the quiet wait (bot fill; queueing together, the two people are at one table)
        await asyncio.gather(*(sign_in(page, web_gateway.url, player) for player, page in people.items()))
        await asyncio.gather(*(queue(page, 4) for page in people.values()))
        await asyncio.gather(*(page.wait_for_url("**/#/table/**", timeout=30_000) for page in people.values()))
        (bea, bea_page), (cid, cid_page) = people.items()
        assert bea_page.url.rsplit("/", 1)[-1] == cid_page.url.rsplit("/", 1)[-1], "not at the same table"

        # when the cards are dealt
        hands = {}
        async with httpx.AsyncClient(base_url=web_gateway.url) as client:
            for player, page in people.items():
                await page.wait_for_function("() => document.querySelectorAll('#hand .card').length > 0")
                shown = await page.locator("#hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
                seat = await page.evaluate("gameId => JSON.parse(sessionStorage.getItem('foodgames.seats'))[gameId].seat",
                                           page.url.rsplit("/", 1)[-1])
                token = (await client.post("/auth/dev-sign-in", json={"name": player})).json()["token"]
                view = await client.post(f"/games/{GAME}/foodgames.v1.GameService/GetView",
                                         json={"gameId": page.url.rsplit("/", 1)[-1], "seat": seat,
                                               "viewEncoding": "VIEW_ENCODING_JSON"},
                                         headers={"authorization": f"Bearer {token}"})
                hands[player] = (Counter(shown), Counter(json.loads(view.json()["viewJson"])["hand"]))
        # then each page shows exactly its own seat's hand, which is not the other's
        for player, (shown, own) in hands.items():
            assert shown == own, player
        assert hands[bea][0] != hands[cid][0]
        # and of the other player only the number of cards (in each one's language)
        await expect(bea_page.locator(f".player[data-player='{cid}']")).to_contain_text("13 auf der Hand")
        await expect(cid_page.locator(f".player[data-player='{bea}']")).to_contain_text("13 in hand")
        assert await bea_page.locator("#hand").count() == 1

        # when a move the server refuses is sent (the request changed on its way, as a stale or
        # broken client would send it), the page shows the server's reason and the seat plays on
        async def broken(route):
            body = json.loads(route.request.post_data)
            body["move"] = {"type": "choose_recipe", "recipe": "nonsense"}
            await route.continue_(post_data=json.dumps(body))
        await bea_page.route("**/SubmitMove", broken)
        await bea_page.locator("button.move").first.click()
        await expect(bea_page.locator("#refusal")).to_contain_text("Zug abgelehnt: Es gibt kein Rezept")
        await expect(bea_page.locator("#refusal")).to_contain_text("nonsense")
        await bea_page.unroute("**/SubmitMove", broken)
        await click_a_legal_move(bea_page)
        await expect(bea_page.locator("#refusal")).to_have_text("")

        # and the table fits a phone's width (390 px): nothing scrolls sideways; no tile's word is
        # broken without a hyphen ("Krau|t" once) or cut
        assert await bea_page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        assert not [b for n in await bea_page.evaluate(NAMES_ON_TILES) for b in n["broken"]]
        assert not await bea_page.evaluate(CUT_TEXTS)
        await check_page(bea_page)
        await screenshot(bea_page, "7-table-phone")
    finally:
        for page in people.values():
            await page.context.close()


async def test_the_client_speaks_the_browsers_language_and_remembers_a_switch(browser, web_gateway):
    # given a browser that asks for German
    context = await browser.new_context(viewport=PHONE, locale="de-DE")
    page = await context.new_page()
    page.set_default_timeout(20_000)
    try:
        # then the sign-in page is in German
        await page.goto(web_gateway.url + "/")
        await expect(page.locator("#signin")).to_have_text("Anmelden")
        await expect(page.locator("html")).to_have_attribute("lang", "de")
        # when the player switches to English in the header
        await page.select_option("#lang", "en")
        # then the page is in English, and stays so after a reload (remembered)
        await expect(page.locator("#signin")).to_have_text("Sign in")
        await page.reload()
        await expect(page.locator("#signin")).to_have_text("Sign in")
        await expect(page.locator("#lang")).to_have_value("en")
    finally:
        await context.close()


async def test_a_casual_player_picks_strong_house_bots_and_the_house_seats_strong_bots(browser, web_gateway, stack):
    # "A player can pick `strong` bots for a casual table of each game in the browser" (issue 29)
    context, page, errors = await new_page(browser, PHONE)
    try:
        player = name("lvl")
        await sign_in(page, web_gateway.url, player)
        await page.select_option("#game", GAME)
        await page.select_option("#players", "2")
        # given a casual table: the bots' level is offered (not for ranked tables)
        await page.set_checked("#ranked", True)
        await expect(page.locator("#bot-level")).to_have_count(0)
        await page.set_checked("#ranked", False)
        await expect(page.locator("#bot-level option")).to_have_count(3)
        # (an option of some editions only is offered with them alone: Foodie Forest's unlisted
        # cards and choice of scoring go with the German description, which lists every card and
        # scores one way)
        await expect(page.locator("#option-missing_cards, #option-scoring")).to_have_count(2)
        await page.locator("#option-edition").select_option("1")
        await expect(page.locator("#option-missing_cards, #option-scoring")).to_have_count(0)
        await page.locator("#option-edition").select_option("0")
        await expect(page.locator("#option-missing_cards, #option-scoring")).to_have_count(2)
        # when the player picks strong bots and queues alone
        await page.select_option("#bot-level", "strong")
        await check_page(page)
        await page.click("#queue")
        # then the house fills the table after its quiet time, with strong bots
        await page.wait_for_url("**/#/table/**", timeout=30_000)
        await expect(page.locator("#seats li")).to_have_count(2)
        bots = [p for p in await page.locator("#seats li").evaluate_all("li => li.map(l => l.dataset.player)")
                if p.startswith(house_bot_prefix(GAME))]
        assert len(bots) == 1, bots
        told = [json.loads(line) for line in (stack.data_dir / "logs" / "house-bots.log").read_text().splitlines()
                if '"house bots queueing"' in line]
        seated = [t for t in told if bots[0] in t.get("bots", [])]
        assert seated and seated[0]["bot_level"] == "strong", told[-3:]
        assert not errors, errors
    finally:
        await context.close()
