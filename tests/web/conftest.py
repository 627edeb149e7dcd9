"""The browser tests' fixtures: the session's stack (`foodgames up`, tests/stacklib.py), the
gateway in front of it serving web/dist (in-process, as tests/gateway does, on a port of its
own so that a test can stop and start it again: a real dropped connection), headless Debian
chromium driven by Playwright, and bots that queue through the matchmaker.

`make test` builds web/dist (`make web`) and installs chromium (`make browser`) first; run
alone, these tests fail with that advice when either is missing."""
from __future__ import annotations

import asyncio
import os
import socket
import uuid
from pathlib import Path

import pytest

import tests.gateway.conftest  # noqa: F401 - puts this tree's generated *_connect.py first
from apps.bots.base import DEFAULT_LEVEL, level_kind
from apps.sdk.seatplayer import run_bot
from services.gateway.bootstrap import serve
from services.gateway.config import GatewayConfig
from services.gateway.static import DIST

CHROMIUM = "/usr/bin/chromium"
# The machine's network is closed: nothing of chromium's own may try to reach out.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "web"
AXE = Path(__file__).resolve().parents[2] / "web" / "node_modules" / "axe-core" / "axe.min.js"
# `python -m tests.web.screenshots` sets it: the tests then save each page to docs/web/
SHOTS_ENV = "FOODGAMES_WEB_SCREENSHOTS"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveGateway:
    """The gateway on a fixed port, which `restart()` stops (every open stream drops, as when
    a replica goes away) and starts again on the same address."""

    def __init__(self, settings, port: int, config: GatewayConfig):
        self.settings, self.port, self.config = settings, port, config
        self.url = f"http://127.0.0.1:{port}"
        self.task: asyncio.Task | None = None

    async def start(self) -> None:
        ready = asyncio.Event()
        self.task = asyncio.create_task(serve(self.settings, self.port, config=self.config, ready=ready))
        waiter = asyncio.create_task(ready.wait())
        await asyncio.wait([self.task, waiter], timeout=30, return_when=asyncio.FIRST_COMPLETED)
        if self.task.done():
            self.task.result()  # raises why it stopped
        assert ready.is_set(), "the gateway did not start"

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            self.task = None

    async def restart(self) -> None:
        await self.stop()
        await self.start()


@pytest.fixture(scope="module")
async def web_gateway(stack):
    if not (DIST / "index.html").is_file():
        pytest.fail(f"{DIST}/index.html is missing: run `make web` (make test does) before the browser tests")
    config = GatewayConfig(dev_signin=True, per_address_per_minute=100_000, per_player_per_minute=100_000)
    gateway = LiveGateway(stack, _free_port(), config)
    await gateway.start()
    yield gateway
    await gateway.stop()


# One Chromium for a worker's whole session (each test opens its own context: its own cookies,
# storage and pages), not one a module: a launch costs a second or two of both cores.
@pytest.fixture(scope="session")
async def browser():
    from playwright.async_api import async_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run `make browser` (make test does; it installs Debian's chromium)")
    async with async_playwright() as playwright:
        chromium = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        await chromium.close()


class Bots:
    """Bots that queue for a table (CreateTicket + WatchTicket) and play their seats to the end
    over gRPC, as `foodgames bots` does (apps/sdk), at the house bots' level (the game's own
    bot: a random one makes a game last about twice as long); cancelled when the test ends."""

    def __init__(self, settings):
        self.settings = settings
        self.tasks: list[asyncio.Task] = []

    def queue(self, count: int, game: str = "foodie-forest", players: int = 4, ranked: bool = True,
              options: dict | None = None) -> list[str]:
        names = [f"bot-{uuid.uuid4().hex[:6]}" for _ in range(count)]
        for name in names:
            self.tasks.append(asyncio.create_task(run_bot(
                self.settings, name, game, level_kind(game, DEFAULT_LEVEL), ranked=ranked, min_players=players, max_players=players,
                options=options)))
        return names

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


@pytest.fixture
async def bots(stack):
    crowd = Bots(stack)
    yield crowd
    await crowd.close()


async def screenshot(page, name: str) -> None:
    """docs/web/<name>.png when the screenshots are asked for (SHOTS_ENV)."""
    if os.environ.get(SHOTS_ENV):
        SHOTS.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


# What a player must never read on a page (issue 30): event type names (CamelCase words), a time
# in milliseconds, JSON braces, snake_case field names. Code samples (`code`: a terminal command
# to start bots, a public key) and the audit's checks (named by what they check: a shuffle event,
# a proof) are not the table's words.
INTERNAL_TOKENS = {
    "an event type name": r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b",
    "milliseconds": r"\b\d+\s?ms\b|\bms\b",
    "JSON": r"[{}]",
    "a field name": r"\b[a-z]+_[a-z_]+\b",
}
VISIBLE_TEXT = """() => {
    const skip = new Set([...document.querySelectorAll('code, li.check b, li.check .detail, script, style, [hidden]')]);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const out = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let el = node.parentElement, hidden = false;
        for (let e = el; e; e = e.parentElement) if (skip.has(e)) { hidden = true; break; }
        if (hidden || !el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
        out.push(node.textContent);
    }
    return out.join(' ');
}"""


async def internal_tokens(page) -> list[str]:
    """Every internal token in the page's visible text, as "what: the text found"."""
    import re

    text = await page.evaluate(VISIBLE_TEXT)
    return [f"{what}: {m.group(0)!r} in ...{text[max(0, m.start() - 40):m.end() + 40]!r}..."
            for what, pattern in INTERNAL_TOKENS.items() for m in re.finditer(pattern, text)]


async def axe_violations(page) -> list[str]:
    """The serious and critical axe-core violations of the page (web/node_modules/axe-core)."""
    await page.add_script_tag(path=str(AXE))
    found = await page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join('; ')})`);
    }""")
    return list(found)


async def check_page(page) -> None:
    """The page a player sees reads in words (no internal token), passes axe-core (no serious
    or critical violation) and, on a phone, keeps its bar to two lines."""
    found = await internal_tokens(page)
    assert not found, "\n".join(found)
    violations = await axe_violations(page)
    assert not violations, "\n".join(violations)
    # on a phone the bar keeps to two lines (the brand and who; the places and the language)
    if (page.viewport_size or {}).get("width", 1000) <= 640:
        height = await page.evaluate("() => document.querySelector('header#bar')?.getBoundingClientRect().height ?? 0")
        assert height <= 110, f"the bar takes {height:.0f} px on a phone: more than two lines"


async def new_page(browser, viewport: dict, locale: str | None = None) -> tuple:
    """A page in a context of its own (its own session storage: another person; `locale`: its
    browser's language), and the list the page's uncaught script errors go to: (context, page, errors)."""
    context = await browser.new_context(viewport=viewport, locale=locale)
    page = await context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors

