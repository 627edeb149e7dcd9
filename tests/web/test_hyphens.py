"""Long card names on a phone's narrow tiles break at hyphenation points with a hyphen, in German
too: the client puts soft hyphens (U+00AD) into them as it draws them (web/src/hyphenate.ts,
TeX patterns of npm `hyphen`), since Chromium on Linux has no dictionaries for CSS `hyphens:
auto` and broke "Ofenkartoffel" as "Ofenkart|offel". The names the API serves stay without
them, and so do a tile's title and accessible name."""
from __future__ import annotations

import json
import re

import httpx
import pytest
from playwright.async_api import expect

from tests.web.test_games import BOARDS, CUT_TEXTS, PHONE, queue, sign_in

SOFT_HYPHEN = "\u00ad"

# Every card name shown on a tile: its card's id, its text as drawn (the part hidden from screen
# readers when it has soft hyphens), the text read for it (the sr-only part), its tile's title, and
# where a line of it ends between two letters that no soft hyphen separates (each character's box
# read with a Range: the next letter starting on a lower line than the one before it).
NAMES_ON_TILES = """() => [...document.querySelectorAll('#board .card .ff-name, #board .card b.word')]
    .filter(e => e.offsetParent).map(e => {
        const drawn = e.querySelector('[aria-hidden=true]') || e;
        const read = e.querySelector('.sr-only');
        const chars = [];
        const walker = document.createTreeWalker(drawn, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < node.data.length; i++) {
                range.setStart(node, i);
                range.setEnd(node, i + 1);
                // (the letter after a soft hyphen that broke the line has a first box at the end
                // of the line above, where the hyphen is drawn: its last box is the letter)
                const boxes = range.getClientRects();
                const box = boxes[boxes.length - 1];
                chars.push({c: node.data[i], top: box ? box.top : null, bottom: box ? box.bottom : null});
            }
        }
        const broken = [];
        for (let i = 1; i < chars.length; i++) {
            const [a, b] = [chars[i - 1], chars[i]];
            if (/\\p{L}/u.test(a.c) && /\\p{L}/u.test(b.c) && a.top !== null && b.top !== null
                && b.top >= a.bottom - 1) {
                broken.push(chars.slice(0, i).map(x => x.c).join('') + '|' + chars.slice(i).map(x => x.c).join(''));
            }
        }
        const card = e.closest('[data-card]');
        return {id: card ? card.dataset.card : null, text: drawn.textContent, read: read ? read.textContent : drawn.textContent,
                title: card ? card.title : '', broken};
    })"""

# Whether a tile shows a name with a word long enough to hyphenate (web/src/hyphenate.ts
# MIN_LETTERS, 7), its soft hyphens, if any, taken out.
LONG_NAME_SHOWN = """() => [...document.querySelectorAll('#board .card .ff-name, #board .card b.word')]
    .filter(e => e.offsetParent).some(e => /\\p{L}{7}/u.test(e.textContent.replaceAll('\\u00ad', '')))"""

# (the games' German phone tables of test_games.py: each deals its hand at the start)
TABLES = [("food-fight", 3, {"boot_camp": True, "vp_to_win": 3}),
          ("foodtown-throwdown", 2, {"target_stars": 5}),
          ("forestaurant", 3, {})]


@pytest.mark.parametrize("game,players,options", TABLES)
async def test_long_card_names_on_a_german_phone_table_break_with_a_hyphen(browser, web_gateway, bots, game, players, options):
    # given a German player on a phone at a table of the game
    context = await browser.new_context(viewport=PHONE, locale="de")
    page = await context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        await sign_in(page, web_gateway.url)
        await queue(page, game, players, options,
                    others=lambda: bots.queue(players - 1, game, players, ranked=False, options=options))
        await expect(page.locator(f"#board .board.{BOARDS[game]}")).to_be_visible()
        async with httpx.AsyncClient(base_url=web_gateway.url) as client:
            described = (await client.post(f"/games/{game}/foodgames.v1.GameService/DescribeGame",
                                            json={"language": "de"})).json()
        cards = json.loads(described["descriptionJson"])["cards"]
        # the API's names have no soft hyphen: only the client adds them
        assert not [c["name"] for c in cards.values() if SOFT_HYPHEN in c.get("name", "")]
        # when its tiles are drawn (the German patterns load in a chunk of their own): a deal
        # may show no long name at all (Forestaurant's animals but Eichhörnchen and Wildschwein
        # are short), and then there is nothing to hyphenate
        await expect(page.locator("#board .card").first).to_be_visible()
        long_shown = await page.evaluate(LONG_NAME_SHOWN)
        assert long_shown or game == "forestaurant", "a hand of Food Fight or Foodtown Throwdown always has one"
        if long_shown:
            await page.wait_for_function(
                "() => [...document.querySelectorAll('#board .card .ff-name [aria-hidden], #board .card b.word [aria-hidden]')]"
                ".some(e => e.textContent.includes('\\u00ad'))", timeout=15_000)
        names = await page.evaluate(NAMES_ON_TILES)
        named = [n for n in names if n["id"] in cards]
        assert named, names
        # then a long name carries soft hyphens, and without them each is the card's name
        assert not long_shown or any(SOFT_HYPHEN in n["text"] for n in named), named
        for n in named:
            # (Forestaurant's guest tiles show the species, their value beside it: "Hirsch" of "Hirsch 1")
            name = cards[n["id"]]["name"]
            assert n["text"].replace(SOFT_HYPHEN, "") in (name, re.sub(r" \d+$", "", name)), n
            # what a screen reader reads and its title (shown on hover) are the name as served
            assert n["read"] == n["text"].replace(SOFT_HYPHEN, ""), n
            assert SOFT_HYPHEN not in n["title"] and n["title"].startswith(name), n
        # and no name is broken between two letters without a hyphen
        broken = [b for n in names for b in n["broken"]]
        assert not broken, f"names broken inside a word without a hyphen: {broken}"
        # and no tile's name, Meal, kind or type is cut ("Gefreiter Pfannkuchen Frühst…" once)
        cut = await page.evaluate(CUT_TEXTS)
        assert not cut, f"texts cut on the tiles: {cut}"
        # and the tiles' accessible names (Chromium's, which would keep a soft hyphen) have none
        cdp = await context.new_cdp_session(page)
        nodes = (await cdp.send("Accessibility.getFullAXTree"))["nodes"]
        spoken = [n["name"]["value"] for n in nodes if n.get("role", {}).get("value") == "button" and n.get("name")]
        assert spoken and not [s for s in spoken if SOFT_HYPHEN in s], spoken
        if long_shown:  # (and what is read for a hyphenated name is the name)
            some = next(n for n in named if SOFT_HYPHEN in n["text"])
            assert any(some["read"] in s for s in spoken), (some, spoken)
        assert not errors, errors
    finally:
        await context.close()
