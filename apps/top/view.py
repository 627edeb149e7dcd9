"""`foodgames top` full-screen: a Textual app with one table, a line per service and one for
the whole stack, redrawn every second from fresh scrapes of every service's metrics endpoint
(shared/stackfigures.py). Why Textual: the terminal client's (apps/terminal/tui.py), with a
headless pilot to test it with. Keys: q quits, p pauses the refresh."""
from __future__ import annotations

import time
from typing import Mapping

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Static

from shared import stackfigures as figures


class TopApp(App):
    CSS = "DataTable { height: 1fr; } #status { height: 1; }"
    BINDINGS = [Binding("q", "quit", "quit"), Binding("p", "pause", "pause")]

    def __init__(self, addresses: Mapping[str, str], interval_s: float = 1.0, title: str = "foodgames top"):
        super().__init__()
        self.addresses = dict(addresses)
        self.interval_s = interval_s
        self.title = title
        self.sampler = figures.Sampler(self.addresses, interval_s=0, keep=1, timeout_s=min(2.0, interval_s))
        self.paused = False
        self.refreshes = 0  # how many times the table was redrawn (the tests wait on it)
        self.last_rows: list[figures.Row] = []

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield DataTable(zebra_stripes=True, cursor_type="row")
        yield Footer()

    async def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*figures.COLUMNS)
        await self.refresh_figures()
        self.set_interval(self.interval_s, self.refresh_figures)

    def action_pause(self) -> None:
        self.paused = not self.paused
        self._status()

    def _status(self) -> None:
        down = [r.service for r in self.last_rows if not r.up]
        text = f"{self.title}  {time.strftime('%H:%M:%S')}  every {self.interval_s:g} s"
        text += "  PAUSED" if self.paused else ""
        text += f"  down: {', '.join(down)}" if down else ""
        self.query_one("#status", Static).update(text)

    async def refresh_figures(self) -> None:
        if self.paused:
            return
        rows = list((await self.sampler.sample())[-1].rows)
        self.last_rows = rows
        table = self.query_one(DataTable)
        table.clear()
        for r in rows:
            table.add_row(*figures.cells(r), key=r.service)
        table.add_row(*figures.totals(rows), key="stack")
        self.refreshes += 1
        self._status()
