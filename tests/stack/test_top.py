"""`foodgames top` reads the running stack from every service's metrics endpoint: the
full-screen table (Textual's headless pilot) has a line per service, each up, with the figures
of its kind, redrawn every interval; `--once` prints the same figures and exits 0 while every
service answers, 1 naming the one that does not."""
from __future__ import annotations

import subprocess

from apps.cli.top import addresses
from apps.cli.up import services
from apps.top.view import TopApp
from tests.stack.test_bots_report import bots_env
from tests.stacklib import FOODGAMES


async def test_the_full_screen_table_shows_every_service_live(stack):
    app = TopApp(addresses(stack), interval_s=0.3)
    async with app.run_test(size=(200, 30)) as pilot:
        table = app.query_one("DataTable")

        def rows():
            return {str(table.get_row(key)[0]): table.get_row(key) for key in [*services(), "stack"]}

        # a fresh stack's leaderboard reads its consumer's lag once the consumer is made and its
        # first probe has asked (LAG_POLL_S): redrawn until then, within a bound
        for _ in range(300):
            if app.refreshes >= 3 and rows()["leaderboard"][10] != "-":
                break
            await pilot.pause(0.1)
        assert app.refreshes >= 3, "the table was not redrawn on its interval"
        shown = rows()
        for name in services():
            assert shown[name][1] == "up", (name, shown[name])
        game = services()[0]
        assert shown[game][3] != "-", "a rules engine shows its moves per second"  # 0.0 when idle
        assert shown["leaderboard"][10] != "-", "the leaderboard shows its consumer's lag"
        assert shown["matchmaking"][7] != "-", "the matchmaker shows its queues"
        assert shown["stack"][1] == f"{len(services())}/{len(services())} up"


def test_once_prints_the_figures_and_names_a_service_that_does_not_answer(stack):
    env = bots_env(stack)
    done = subprocess.run([FOODGAMES, "top", "--once", "--interval", "0.3"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    for name in services():
        assert name in done.stdout
    # a service nobody serves: a metrics address where nothing listens
    env["FOODGAMES_DECK_ADDR"] = "127.0.0.1:1"
    done = subprocess.run([FOODGAMES, "top", "--once", "--interval", "0.1", "--service", "deck"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "deck does not answer at 127.0.0.1:101: " in done.stdout and "Connection refused" in done.stdout
    assert "urlopen" not in done.stdout, "the reason alone, not urllib's wrapping of it"
    assert "No service answers: is the stack up? (make run)" in done.stdout  # the only one asked
