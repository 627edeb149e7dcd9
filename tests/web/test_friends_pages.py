"""Issue 32's story in the browser (three browser contexts: ann in English, bob in German, carol
watching), against the real stack: ann opens a ranked Food Fight table for three on #/host,
listed in the lobby (carol sees it there, live), and copies its link; bob opens the link, signs
in and takes a seat; ann fills the last seat with a house bot and both land on the table page;
they play it to its end by clicking, as people do (tests/web/test_games.py's moves; a short game
by its options: Boot Camp to one Victory Point); on the end screen both ask for a rematch and are
taken to the new table, where they chat (a message, a quick phrase each reads in their own
language, a mute; carol, watching, talks in the spectators' chat, which neither group sees of the
other) and play again; then each opens their page, sees both games with their placing and rating
change, and replays the first step by step (forward, back, jump)."""
from __future__ import annotations

import asyncio
import re
import random
import uuid

from playwright.async_api import TimeoutError as PlaywrightTimeout
from playwright.async_api import expect

from tests.web.conftest import axe_violations, internal_tokens, new_page, screenshot
from tests.web.test_browser import DESKTOP, sign_in
from tests.web.test_games import MOST_MOVES, STATE, make_a_move

GAME = "food-fight"
PLAYERS = 3
VP_TO_WIN = 1
# how long a click in play waits for its control
CLICK_MS = 8_000


async def open_the_table(page, url: str) -> str:
    """ann's #/host (the play page's link to it): a ranked, public table for three; its invite code."""
    await page.goto(url + "/#/play")
    await page.click("#play-host")
    await page.wait_for_url("**/#/host")
    await page.wait_for_selector(f"#host-game option[value='{GAME}']", state="attached")
    # (as on the play page, an option of some editions only is offered with them alone: Foodie
    # Forest's unlisted cards and choice of scoring go with the German description)
    await page.select_option("#host-game", "foodie-forest")
    await expect(page.locator("#option-missing_cards, #option-scoring")).to_have_count(2)
    await page.locator("#option-edition").select_option("1")
    await expect(page.locator("#option-missing_cards, #option-scoring")).to_have_count(0)
    await page.select_option("#host-game", GAME)
    await page.fill("#host-seats", str(PLAYERS))
    await page.check("#host-ranked")
    await page.check("#host-public")
    # a short game: Boot Camp (no draft) to few Victory Points (the game's own options)
    await page.select_option("#option-boot_camp", label="Boot Camp (no draft)")
    await page.fill("#option-vp_to_win", str(VP_TO_WIN))
    await page.click("#host-create")
    await page.wait_for_url("**/#/join/*")
    code = page.url.rsplit("/", 1)[-1]
    await expect(page.locator("#join-code")).to_contain_text(code)
    return code


async def play_by_turns(pages: list) -> int:
    """Both players click their moves until the game ends: one at a time (each looks whether it
    is their turn, as a person glances at the table), so that one's move being built is not
    redrawn away by the other's. A click waits a few seconds at most: a control that went away
    (the house bot's move redrew the table, or ended the game) is looked for afresh."""
    tried: dict = {id(p): {} for p in pages}
    rng = random.Random(GAME)
    over: set[int] = set()
    moves = 0
    for page in pages:
        page.set_default_timeout(CLICK_MS)
    while len(over) < len(pages):
        assert moves < MOST_MOVES * len(pages), f"{GAME} did not end after {moves} moves"
        moved = False
        for page in pages:
            if id(page) in over:
                continue
            turn = await page.evaluate(STATE)
            if turn and turn["over"]:
                over.add(id(page))
            elif turn:
                version = turn["version"]  # the version the turn was read at (STATE)
                try:
                    await make_a_move(page, turn, tried[id(page)], rng)
                except (PlaywrightTimeout, AssertionError):
                    # the move being built went away: the table moved on (or the game ended)
                    # meanwhile; the same table refusing every move built is a failure
                    if await page.get_attribute("#table", "data-version") == version:
                        raise
                    continue
                moves += 1
                moved = True
        if not moved:
            await asyncio.sleep(0.1)
    for page in pages:
        page.set_default_timeout(20_000)
    return moves


async def sees_chat(page, player: str, text: str) -> None:
    await expect(page.locator(f"#chat-messages li.chat-message[data-player='{player}'] .chat-text",
                              has_text=text)).to_have_count(1)


async def placing_of(page) -> int:
    await expect(page.locator("#placings tbody tr")).to_have_count(PLAYERS)
    return int(await page.locator("#placings tr.mine td").first.text_content())


async def replays_the_game(page, url: str, placings: dict[str, int]) -> None:
    """The player's page lists both games with the placing and rating change; the first's replay
    steps forward, back and jumps."""
    rows = {g: page.locator(f"tr.player-game[data-game-id='{g}']") for g in placings}

    async def rated(row) -> bool:
        return bool(await row.count()) and "rating" in (await row.locator("td.delta").text_content() or "")

    await page.click("#my-games")  # their name in the header leads to their page
    await page.wait_for_url("**/#/player")
    for _ in range(50):  # the leaderboard rates a game a moment after it ends
        await page.reload()
        await expect(page.locator("#player-games")).to_be_attached()
        if all([await rated(row) for row in rows.values()]):
            break
        await asyncio.sleep(0.3)
    for game_id, row in rows.items():
        # (with its score in the game's own word, Food Fight's Victory Points, not "points")
        await expect(row.locator("td.result")).to_have_text(
            re.compile(rf"^place {placings[game_id]} of {PLAYERS}, Victory Points: \d+$"))
        # the rating the game left, then its change, signed: a bare "-0.7" would read as the rating
        await expect(row.locator("td.delta")).to_have_text(re.compile(r"^rating -?\d+\.\d\d \([+-]\d+\.\d\d\)$"))
    await expect(page.locator(".rating-chart canvas")).to_have_count(1)
    await expect(page.locator(".rating-chart .u-legend")).to_have_count(0)  # no "time: --" to puzzle over
    row = rows[next(iter(placings))]
    await row.locator("button.player-replay").click()
    step = page.locator("#replay-step")
    await expect(step).to_contain_text("step 0 of")
    # its events as the table's log shows them: the internal ones (a deck "to be shuffled") hidden
    await expect(page.locator("#replay-events li").first).to_be_visible()
    await expect(page.locator("#replay-events")).not_to_contain_text("to be shuffled")
    await page.click("#replay-forward")
    await expect(step).to_contain_text("step 1 of")
    await page.click("#replay-forward")
    await expect(step).to_contain_text("step 2 of")
    await page.click("#replay-back")
    await expect(step).to_contain_text("step 1 of")
    last = int((await step.text_content()).split("of")[-1])
    await page.locator("#replay-jump").fill(str(last))
    await expect(step).to_contain_text(f"step {last} of {last}")
    # and the last step says how the game ended, in words (the server's prompt of that step)
    await expect(page.locator("#replay-prompt")).to_contain_text("over")
    # each step drawn as the game's table draws it (its board), in words: no field names, no JSON
    await expect(page.locator("#replay-view .board")).to_have_count(1)
    assert await page.locator("#replay-view").text_content()
    # named as players know them: the game by its title and time, its bot as the table named it
    await expect(page.locator("#replay > h2")).to_contain_text("Replay of Food Fight (")
    await expect(page.locator("#replay-view")).to_contain_text("Bot")
    await expect(page.locator("#replay-view")).not_to_contain_text("bot-food")
    found = await internal_tokens(page)
    assert not found, found


async def test_friends_at_a_private_table_play_by_clicks_rematch_chat_and_replay(browser, web_gateway, stack):
    tag = uuid.uuid4().hex[:6]
    ann, bob, carol = f"web-ann-{tag}", f"web-bob-{tag}", f"web-carol-{tag}"
    url = web_gateway.url
    ann_context, ann_page, ann_errors = await new_page(browser, DESKTOP)
    await ann_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    bob_context = await browser.new_context(viewport=DESKTOP, locale="de")
    bob_page = await bob_context.new_page()
    bob_page.set_default_timeout(20_000)
    bob_errors: list[str] = []
    bob_page.on("pageerror", lambda exc: bob_errors.append(str(exc)))
    carol_context, carol_page, carol_errors = await new_page(browser, DESKTOP)
    try:
        # given ann's private table for three, listed in the lobby (carol sees it come, live),
        # and its link copied
        await sign_in(ann_page, url, ann)
        await sign_in(carol_page, url, carol)
        await carol_page.click("#play-lobby")  # the play page's link to the lobby
        await carol_page.wait_for_url("**/#/lobby")
        code = await open_the_table(ann_page, url)
        listed = carol_page.locator(f"li.lobby-table:has-text('{ann}')")
        await expect(listed).to_contain_text("2 of 3 seats free")
        await ann_page.click("#join-copy")
        await expect(ann_page.locator("#join-copy")).to_have_text("Copied")
        link = await ann_page.evaluate("() => navigator.clipboard.readText()")
        assert link == f"{url}/#/join/{code}"
        # when bob opens the link: he signs in and lands at the table, seated
        await bob_page.goto(link)
        await bob_page.wait_for_url("**/#/signin")
        await bob_page.fill("#name", bob)
        await bob_page.click("#signin")
        await bob_page.wait_for_url(f"**/#/join/{code}")
        await expect(ann_page.locator("#join-players")).to_contain_text(bob)
        await expect(listed).to_contain_text("1 of 3 seats free")
        # (and bob, seated, is told who starts the game)
        await expect(bob_page.locator("#join-waiting")).to_contain_text(f"Warte, bis {ann} das Spiel startet")
        # (its options in the game's words, as the table's rules panel says them)
        await expect(listed).to_contain_text("Boot Camp (no draft), Victory Points to win: 1")
        assert not (found := await internal_tokens(carol_page)), found
        await screenshot(ann_page, "friends-1-host")
        await screenshot(bob_page, "friends-2-join-de")
        await screenshot(carol_page, "friends-3-lobby")
        # and ann fills the last seat with a bot: the game starts and both go to its table
        await ann_page.click("#join-fill")
        await ann_page.wait_for_url(f"**/#/table/{GAME}/*")
        await bob_page.wait_for_url(f"**/#/table/{GAME}/*")
        first = ann_page.url.rsplit("/", 1)[-1]
        assert bob_page.url.endswith(first)
        # then they play it to its end, each by clicking in their browser
        assert await play_by_turns([ann_page, bob_page]) > 0
        placings = {ann: {first: await placing_of(ann_page)}, bob: {first: await placing_of(bob_page)}}
        await screenshot(bob_page, "friends-4-end-de")
        # when both ask for a rematch on the end screen, the new table starts and both follow it
        await ann_page.click("#rematch-ask")
        await expect(ann_page.locator("#rematch-asked")).to_contain_text(ann)
        await expect(bob_page.locator("#rematch-asked")).to_contain_text(ann)
        await bob_page.click("#rematch-ask")
        await ann_page.wait_for_url(lambda u: f"/#/table/{GAME}/" in u and not u.endswith(first))
        await bob_page.wait_for_url(lambda u: f"/#/table/{GAME}/" in u and not u.endswith(first))
        second = ann_page.url.rsplit("/", 1)[-1]
        assert bob_page.url.endswith(second)
        # then they chat at the new table: each reads the other, a quick phrase in their own language
        await expect(ann_page.locator("#chat")).to_have_attribute("data-group", "players")
        await ann_page.fill("#chat-text", "  another one,   bob?  ")
        await ann_page.click("#chat-send")
        await sees_chat(bob_page, ann, "another one, bob?")
        await expect(bob_page.locator("#chat-phrases button[data-phrase='chat-phrase-your-turn']")).to_have_count(1)
        await bob_page.click("#chat-phrases button[data-phrase='chat-phrase-good-luck']")
        await sees_chat(ann_page, bob, "Good luck, have fun!")
        await sees_chat(bob_page, bob, "Viel Glück")
        await sees_chat(ann_page, ann, "another one, bob?")
        # and carol, watching, talks in the spectators' chat: apart from the players' both ways
        await carol_page.goto(f"{url}/#/table/{GAME}/{second}")
        await expect(carol_page.locator("#chat")).to_have_attribute("data-group", "spectators")
        await expect(carol_page.locator("#chat summary")).to_contain_text("Spectators' chat")
        # (her quick phrases are a spectator's: no "Your turn!" or "Rematch?" to anyone)
        await expect(carol_page.locator("#chat-phrases button[data-phrase='chat-phrase-hello']")).to_have_count(1)
        for players_only in ("your-turn", "rematch", "one-moment"):
            await expect(carol_page.locator(f"#chat-phrases button[data-phrase='chat-phrase-{players_only}']")) \
                .to_have_count(0)
        await carol_page.fill("#chat-text", "hello from the stands")
        await carol_page.click("#chat-send")
        mine = carol_page.locator(f"#chat-messages li.chat-message[data-player='{carol}']")
        await expect(mine).to_have_attribute("data-index", "1")  # the first of the spectators' own chat
        await expect(carol_page.locator("#chat-messages li.chat-message")).to_have_count(1)
        await screenshot(carol_page, "friends-5-spectator")
        # when ann mutes bob, his messages are gone from her chat, and stay gone after a reload
        await ann_page.click(f"#chat-mutes button[data-player='{bob}']")
        await expect(ann_page.locator(f"#chat-messages li[data-player='{bob}']")).to_have_count(0)
        await bob_page.fill("#chat-text", "still there?")
        await bob_page.click("#chat-send")
        await sees_chat(bob_page, bob, "still there?")
        await ann_page.fill("#chat-text", "last word")
        await ann_page.click("#chat-send")
        # sent (her own line is back from the server) before she reloads: a reload cancels a send
        # still under way, as closing a tab would
        await sees_chat(ann_page, ann, "last word")
        await ann_page.reload()
        await sees_chat(ann_page, ann, "last word")  # the chat up to it has been read again
        await expect(ann_page.locator(f"#chat-messages li[data-player='{bob}']")).to_have_count(0)
        await expect(ann_page.locator(f"#chat-messages li[data-player='{carol}']")).to_have_count(0)
        await sees_chat(bob_page, ann, "last word")
        # and the chat reads in words and passes axe-core as the rest of the table does
        found = await internal_tokens(ann_page)
        assert not found, found
        violations = await axe_violations(ann_page)
        assert not violations, "\n".join(violations)
        # when they play the rematch to its end too
        assert await play_by_turns([ann_page, bob_page]) > 0
        placings[ann][second], placings[bob][second] = await placing_of(ann_page), await placing_of(bob_page)
        # then each opens their page, sees both games rated and replays the first step by step
        await replays_the_game(ann_page, url, placings[ann])
        await screenshot(ann_page, "friends-6-player")
        await bob_page.evaluate("() => localStorage.setItem('foodgames.language', 'en')")
        await replays_the_game(bob_page, url, placings[bob])
        assert not ann_errors and not bob_errors and not carol_errors, ann_errors + bob_errors + carol_errors
    finally:
        await ann_context.close()
        await bob_context.close()
        await carol_context.close()


async def test_a_guest_leaves_a_table_for_friends_and_its_host_closes_it(browser, web_gateway):
    tag = uuid.uuid4().hex[:6]
    ann, bob, carol = f"web-ann-{tag}", f"web-bob-{tag}", f"web-carol-{tag}"
    url = web_gateway.url
    contexts = [await new_page(browser, DESKTOP), await new_page(browser, DESKTOP, locale="de"),
                await new_page(browser, DESKTOP)]
    (_, ann_page, _), (_, bob_page, _), (_, carol_page, _) = contexts
    try:
        # given ann's table, which says what it is: the game, its seats and terms
        await sign_in(ann_page, url, ann)
        code = await open_the_table(ann_page, url)
        about = ann_page.locator("#join-about")
        for words in ("Food Fight", f"{PLAYERS} seats", "ranked", "Boot Camp (no draft)"):
            await expect(about).to_contain_text(words)
        # when bob takes a seat and leaves again, his seat is free at ann's table at once
        await sign_in(bob_page, url, bob)
        await bob_page.goto(f"{url}/#/join/{code}")
        await expect(ann_page.locator("#join-players")).to_contain_text(bob)
        await expect(bob_page.locator("#join-leave")).to_have_text("Tisch verlassen")
        await bob_page.click("#join-leave")
        await bob_page.wait_for_url("**/#/play")
        await expect(ann_page.locator("#join-players")).not_to_contain_text(bob)
        await expect(ann_page.locator("#join-players")).to_contain_text("(2 free)")
        # and bob, who opened a table of his own meanwhile, is not seated at ann's by her link:
        # he is told why, and led back to his table
        await bob_page.goto(f"{url}/#/host")
        await bob_page.click("#host-create")
        await bob_page.wait_for_url("**/#/join/*")
        bobs = bob_page.url.rsplit("/", 1)[-1]
        await bob_page.goto(f"{url}/#/join/{code}")
        await expect(bob_page.locator("#join-error")).to_contain_text("Du sitzt schon an einem anderen offenen Tisch")
        await expect(bob_page.locator("#join-leave")).to_have_count(0)
        await expect(ann_page.locator("#join-players")).not_to_contain_text(bob)
        await bob_page.click("#join-elsewhere")
        await bob_page.wait_for_url(f"**/#/join/{bobs}")
        await expect(bob_page.locator("#join-leave")).to_have_text("Tisch schließen")
        await expect(bob_page.locator("#join-error")).to_be_empty()
        # and when carol sits down and ann, the host, closes the table, carol is told so
        await sign_in(carol_page, url, carol)
        await carol_page.goto(f"{url}/#/join/{code}")
        await expect(ann_page.locator("#join-players")).to_contain_text(carol)
        await expect(ann_page.locator("#join-leave")).to_have_text("Close the table")
        await ann_page.click("#join-leave")
        await ann_page.wait_for_url("**/#/play")
        await expect(carol_page.locator("#join-ended")).to_have_text(f"{ann} closed the table before it started.")
        await expect(carol_page.locator("#join-leave")).to_have_count(0)
        await screenshot(carol_page, "friends-7-closed")
        # then carol is free to open a table of her own
        await open_the_table(carol_page, url)
    finally:
        for context, _, _ in contexts:
            await context.close()
