"""The terminal client full-screen: one Textual app that redraws the table in place, for playing a
seat, watching a game as a spectator, and stepping through a finished game's replay.

Why Textual (not rich's Live): the client reads keys while the table changes under it (arrow
keys in a replay, a typed move while other seats play and the clocks tick); Textual gives key
bindings, a line editor, timers and a layout that fits 80x24, all on the asyncio loop the gRPC
client already runs on, and a headless pilot (`App.run_test`) to test it with; rich's Live only
redraws, and reading raw keys beside it would be ours to write per platform.

The screen, top to bottom: a title line (game, id, version, mode), one line of every seat with
its clock and presence when the view carries them (`clocks`: {player: {"remaining_ms",
"running"}}, `presence`: {player: "connected" | "away" | "bot"}; else who is to act), the table
as the game's renderer draws it, the last lines of the table talk, a status line, then the move
line (play) or the keys (replay, spectate). In 80x24 the table may be taller than the lines left
for it: it is kept scrolled to its bottom (the seat's hand and moves); PageUp/PageDown scroll it.

Keys: replay: Left/Right a step back/forward, Home/End the first/last step, q quits; spectate:
q quits; play: type a move and Enter (`q` + Enter leaves the table; the game goes on), Escape
leaves too. Everything shown comes from the seat's (or the spectator's) view and its events, in
the app's `language` (its own words from apps/terminal/texts/, the keys' names in the footer too).
"""
from __future__ import annotations

import asyncio
import dataclasses
import io
import time
from typing import Any, AsyncIterator, Sequence

import grpc
from rich.console import Console, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Footer, Input, Static

from apps.sdk.connection import refusal_text
from apps.sdk.watching import Frame
from apps.terminal import render
from apps.terminal.texts import Texts
from shared.i18n import DEFAULT

LOG_LINES = 2
TICK_S = 0.2  # how often running clocks are redrawn


def clock_text(ms: int) -> str:
    seconds = max(0, ms) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def seats_line(view: dict[str, Any], since_s: float, you: str | None = None, language: str = DEFAULT) -> Text:
    """One line of every seat: its clock (running ones counted down `since_s` seconds after the
    view came) and presence when the view has them, else who is to act."""
    say = Texts(language)
    players = list(view.get("players") or [])
    clocks = view.get("clocks") or {}
    presence = view.get("presence") or {}
    acting = set(view.get("to_act") or [])
    line = Text()
    for name in players:
        clock = clocks.get(name) if isinstance(clocks, dict) else None
        style = "bold" if name in acting else ""
        part = Text(("> " if name in acting else "  ") + (say("screen-you", player=name) if name == you else name),
                    style=style)
        if isinstance(clock, dict) and "remaining_ms" in clock:
            left = int(clock["remaining_ms"]) - (int(since_s * 1000) if clock.get("running") else 0)
            part.append(f" {clock_text(left)}", style="reverse" if clock.get("running") else "dim")
        where = presence.get(name) if isinstance(presence, dict) else None
        if where:
            part.append(f" [{say('tui-presence', where=where)}]", style={"connected": "green", "away": "yellow", "bot": "magenta"}.get(where, ""))
        line.append_text(part)
        line.append("  ")
    return line


class TableApp(App):
    """The table on one screen. Give it `frames` (a replay), `feed` (frames as they come: a
    spectator's stream) or `client` (a FullScreenClient playing a seat)."""

    # Sized for 80x24: the table gets every line the rest leaves (18 in a replay, 17 in play).
    CSS = """
    Screen { layout: vertical; }
    #title { height: 1; background: $primary-background; }
    #seats { height: 1; }
    #table { height: 1fr; }
    #log { height: auto; max-height: 2; color: $text-muted; }
    #status { height: 1; }
    #command { height: 1; border: none; padding: 0 1; }
    """
    BINDINGS = [
        Binding("left", "step(-1)", "back", show=True),
        Binding("right", "step(1)", "forward", show=True),
        Binding("home", "to_end(0)", "first", show=True),
        Binding("end", "to_end(1)", "last", show=True),
        Binding("pageup", "scroll(-1)", "scroll up", show=False),
        Binding("pagedown", "scroll(1)", "scroll down", show=False),
        Binding("q", "quit", "quit", show=True),
        Binding("escape", "leave", "leave", show=False),
    ]
    # each binding's words (its description) in the app's language, by its action
    BINDING_TEXTS = {"step(-1)": "tui-key-back", "step(1)": "tui-key-forward", "to_end(0)": "tui-key-first",
                     "to_end(1)": "tui-key-last", "scroll(-1)": "tui-key-scroll-up",
                     "scroll(1)": "tui-key-scroll-down", "quit": "tui-key-quit", "leave": "tui-key-leave",
                     "command_palette": "tui-key-palette"}  # (Textual's own)

    def __init__(self, *, title: str, frames: Sequence[Frame] | None = None,
                 feed: AsyncIterator[Frame] | None = None, client=None, you: str | None = None,
                 start_at: int = 0, language: str = DEFAULT):
        super().__init__()
        self.language, self.t = language, Texts(language)
        self._say_bindings()
        self.title_text = title
        self.frames = list(frames or [])
        self.feed = feed
        self.client = client
        self.you = you
        self.index = max(0, min(start_at, len(self.frames) - 1)) if self.frames else 0
        self.view: dict[str, Any] = {}
        self.legal: list[dict[str, Any]] = []
        self.view_at = time.monotonic()
        self.log_lines: list[str] = []
        self.status = ""
        self.version = 0
        self.lines: asyncio.Queue[str | None] = asyncio.Queue()  # what the player typed (play)
        self.ended = asyncio.Event()  # the feed or the client is done
        self.outcome: Any = None

    def _say_bindings(self) -> None:
        """This app's copy of the bindings (Textual gives each node its own) described in its language."""
        for key, bound in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [
                dataclasses.replace(b, description=self.t(self.BINDING_TEXTS[b.action]))
                if b.action in self.BINDING_TEXTS else b for b in bound]

    @property
    def mode(self) -> str:
        return "play" if self.client is not None else "watch" if self.feed is not None else "replay"

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="seats")
        with VerticalScroll(id="table", can_focus=False):  # keys go to the app (or the move line)
            yield Static(id="board")
        yield Static(id="log")
        yield Static(id="status")
        if self.mode == "play":
            yield Input(placeholder=self.t("tui-move-line"), id="command")
        yield Footer()

    def on_mount(self) -> None:
        self.set_interval(TICK_S, self._tick)
        if self.mode == "replay":
            self._show_frame()
        elif self.mode == "watch":
            self.run_worker(self._follow(), exclusive=True)
        else:
            self.query_one("#command", Input).focus()
            self.run_worker(self._play(), exclusive=True)
        self._redraw()

    # -- what is shown -----------------------------------------------------------------------

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("step", "to_end"):
            return self.mode == "replay"
        if action == "quit" and self.mode == "play":
            return False  # q is typed into the move line there; `q` + Enter or Escape leaves
        return True

    def _title(self) -> str:
        if self.mode == "replay" and self.frames:
            frame = self.frames[self.index]
            what = frame.command_id or "-"
            if frame.move:
                who = frame.players[frame.move["seat"]] if frame.move["seat"] < len(frame.players) else "?"
                who = render.bots_named(frame.players, self.language).get(who, who)
                what = f"{who}: {render.move_label(frame.move['move'], frame.game, self.language)}"
            step = self.t("tui-step", step=self.index + 1, steps=len(self.frames), version=frame.version)
            return f"{self.title_text} | {step} | {what}" + (f" | {self.t('tui-finished')}" if frame.finished else "")
        return f"{self.title_text} | v{self.version}" + (
            f" | {self.t('tui-finished')}" if self.view.get("finished") else "")

    def board(self) -> RenderableType:
        if not self.view:
            return Text(self.t("tui-waiting"), style="dim")
        legal = self.legal if self.mode == "play" else []
        return render.renderer_of(self.view.get("game", "")).screen(render.shown_view(self.view, self.language), legal,
                                                                    language=self.language)

    def _redraw(self) -> None:
        try:
            self.query_one("#title", Static)
        except NoMatches:
            return  # not on screen yet, or closing
        self.query_one("#title", Static).update(Text(self._title(), style="bold"))
        self.query_one("#board", Static).update(self.board())
        # the bottom of the table in sight: the seat's hand and its moves (PageUp shows the rest)
        table = self.query_one("#table", VerticalScroll)
        self.call_after_refresh(table.scroll_end, animate=False)
        self.query_one("#log", Static).update(Text("\n".join(self.log_lines[-LOG_LINES:])))
        self.query_one("#status", Static).update(Text(self.status, style="bold red" if self.status else ""))
        self._tick()

    def _tick(self) -> None:
        try:
            seats = self.query_one("#seats", Static)
        except NoMatches:
            return  # the app is closing
        seats.update(seats_line(self.view, time.monotonic() - self.view_at, self.you, self.language))

    def set_view(self, view: dict[str, Any], legal: list[dict[str, Any]] | None = None,
                 version: int | None = None) -> None:
        self.view, self.view_at = view, time.monotonic()
        if legal is not None:
            self.legal = legal
        if version is not None:
            self.version = version
        self._redraw()

    def add_events(self, events: Sequence[dict[str, Any]], players: Sequence[str], me: str | None) -> None:
        game = self.view.get("game", "")
        for event in events:
            line = render.event_line(event, players, me, game, self.language)
            if line:
                self.log_lines.append(line)

    # -- replay ------------------------------------------------------------------------------

    def _show_frame(self) -> None:
        if not self.frames:
            self.status = self.t("tui-no-steps")
            return
        frame = self.frames[self.index]
        self.log_lines = []
        start = max(0, self.index - LOG_LINES * 2)
        for earlier in self.frames[start:self.index + 1]:
            self.view = earlier.view
            self.add_events(earlier.events, frame.players, self.you)
        self.set_view(frame.view, [], frame.version)

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.frames) - 1, self.index + delta))
        self._show_frame()

    def action_to_end(self, last: int) -> None:
        self.index = len(self.frames) - 1 if last else 0
        self._show_frame()

    def action_scroll(self, direction: int) -> None:
        table = self.query_one("#table", VerticalScroll)
        (table.scroll_page_down if direction > 0 else table.scroll_page_up)()

    def action_leave(self) -> None:
        if self.mode == "play":
            self.lines.put_nowait(None)
        self.exit()

    # -- spectate ----------------------------------------------------------------------------

    async def _follow(self) -> None:
        try:
            async for frame in self.feed:
                self.add_events(frame.events, frame.players, None)
                if frame.delay_moves:
                    self.title_text = self.title_text.split(" (")[0] + " " + self.t("tui-behind", moves=frame.delay_moves)
                self.set_view(frame.view, [], frame.version)
            self.status = self.t("tui-over-watch")
        except Exception as exc:  # noqa: BLE001 - shown, not raised: the screen stays up
            self.status = _error_text(exc)
        self.ended.set()
        self._redraw()

    # -- play --------------------------------------------------------------------------------

    async def _play(self) -> None:
        try:
            self.outcome = await self.client.run()
        except Exception as exc:  # noqa: BLE001 - shown, not raised: the screen stays up
            self.status = _error_text(exc)
        self.ended.set()
        self.query_one("#command", Input).placeholder = self.t("tui-over-play")
        self._redraw()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value
        event.input.value = ""
        if self.ended.is_set():
            self.exit()
            return
        self.lines.put_nowait(line)


def _error_text(exc: BaseException) -> str:
    # a server's refusal as its reason alone (in the player's language); anything else by its type
    if isinstance(exc, grpc.aio.AioRpcError):
        return refusal_text(exc)
    return f"{type(exc).__name__}: {exc}"


def screen_text(app: App) -> str:
    """The characters on the app's screen now, line by line (for headless tests)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class AppInput:
    """The terminal client's InputSource read from the app's move line."""

    def __init__(self, app: TableApp):
        self.app = app

    async def read(self, prompt, view, legal_moves):
        return await self.app.lines.get()


class FullScreenMixin:
    """Turns apps.terminal.app.TerminalClient's prints into redraws of a TableApp."""

    app: TableApp

    def say(self, text: str, style: str | None = None) -> None:
        self.app.status = text.strip()
        if self.app.is_running:
            self.app._redraw()

    def draw(self, view, legal_moves) -> None:
        self.app.log_lines = list(self.log)
        self.app.set_view(view, list(legal_moves), getattr(self.player, "version", None))

    def shown_moves(self, legal_moves):
        # the move list is redrawn with every update: the numbers are the newest list's
        return list(self.app.legal or legal_moves)

    def show(self, renderable) -> None:
        text = renderable.plain if isinstance(renderable, Text) else str(renderable)
        self.app.log_lines.extend(line for line in text.splitlines() if line)
        self.app._redraw()

    async def _on_update(self, update) -> None:
        await super()._on_update(update)  # type: ignore[misc]
        self.app.log_lines = list(self.log)
        legal = list(update.view.get("legal_moves") or [])
        self.app.set_view(update.view, legal, update.version)


def make_full_screen_client(settings, name: str, game: str, language: str = DEFAULT, **kwargs) -> TableApp:
    """The terminal client (matchmaking, a seat, rejoining) drawing on a full-screen TableApp."""
    from apps.terminal.app import TerminalClient

    class FullScreenClient(FullScreenMixin, TerminalClient):
        pass

    say = Texts(language)
    app = TableApp(title=say("tui-title-play", title=say.title(game), player=name), you=name, language=language)
    # its console is never drawn on: everything goes to the app (see FullScreenMixin)
    client = FullScreenClient(settings, name, game, input_source=AppInput(app),
                              console=Console(file=io.StringIO()), language=language, **kwargs)
    client.app = app
    app.client = client
    return app

