"""The full-screen terminal client (apps/terminal/tui.py), headless through Textual's pilot in an
80x24 screen, on replays and spectator streams served by real rules engines over gRPC."""
from __future__ import annotations

import asyncio
import random
import re

from apps.sdk.connection import Connection
from apps.sdk.watching import fetch_replay, spectate
from apps.terminal import render
from apps.terminal.tui import TableApp, screen_text, seats_line
from shared.auth import mint_token
from tests.replay.conftest import SHORT, create, play_random


def hand_rows(view) -> list[str]:
    """The rows of the seat's hand as the game's renderer draws them ("bug       herb 3 5")."""
    text = render.to_text(render.renderer_of(view["game"]).screen(view, []), 76)
    rows, inside = [], False
    for line in text.splitlines():
        if "Your hand" in line:
            inside = True
            rows.append(re.search(r"Your hand \([^)]*\)", line).group(0))
        elif inside and line.lstrip().startswith("╰"):
            break
        elif inside:
            rows.append(line.strip().strip("│").strip())
    return [r for r in rows if r]


async def test_the_arrow_keys_step_a_replay_and_the_screen_shows_the_seats_hand_and_no_other(tables):
    """Given a finished Foodie Forest game of ann and bob, replayed as ann over GetReplay in the
    full-screen client at 80x24, when Right, Left, End and Home are pressed, then the title
    names the step shown, and the screen shows ann's hand at each step and none of bob's."""
    name = "foodie-forest"
    runtime = tables.runtime(name)
    game_id = await create(runtime, ["ann", "bob"])
    await play_random(runtime, game_id, random.Random(11))
    conn = Connection(tables.settings, mint_token(tables.settings, "ann"), "ann")
    try:
        frames = await fetch_replay(conn, name, game_id, seat_player="ann")
    finally:
        await conn.close()
    rules, live = runtime.rules, runtime.live[game_id]
    app = TableApp(title=f"replay {game_id}", frames=frames, you="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert f"step 1/{len(frames)}" in screen_text(app)
        checked = 0
        for expected in range(2, 12):
            await pilot.press("right")
            await pilot.pause()
            text = screen_text(app)
            assert f"step {expected}/{len(frames)}" in text, text
            state = live[frames[expected - 1].version]
            mine, theirs = hand_rows(rules.view(state, 0)), hand_rows(rules.view(state, 1))
            if mine:
                rows = {line.strip().strip("│").strip() for line in text.splitlines()}
                assert mine[0] in text and set(mine[1:]) <= rows, (mine, text)
                assert not (set(theirs[1:]) - set(mine)) & rows, (theirs, text)
                checked += 1
            assert len(text.splitlines()) == 24 and max(len(line) for line in text.splitlines()) <= 80
        assert checked >= 5
        await pilot.press("left")
        await pilot.pause()
        assert f"step 10/{len(frames)}" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        assert f"step {len(frames)}/{len(frames)}" in screen_text(app) and "finished" in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert f"step 1/{len(frames)}" in screen_text(app)
        await pilot.press("q")
    assert not app.is_running


async def test_the_spectator_screen_follows_the_game_and_shows_no_hand(tables):
    """Given a casual Forestaurant game watched in the full-screen client (a spectator's stream),
    when its players move, then the screen redraws to the newest version, mid-game and at the
    end, and shows no seat's hand."""
    name = "forestaurant"
    runtime = tables.runtime(name)
    game_id = await create(runtime, ["ann", "bob"])
    conn = Connection(tables.settings, mint_token(tables.settings, "watcher"), "watcher")
    app = TableApp(title=f"watching {game_id}", feed=spectate(conn, name, game_id))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            rng = random.Random(5)
            for moves in (4, None):  # mid-game, then to the end
                await play_random(runtime, game_id, rng, max_moves=moves)
                record = await runtime.load(game_id)
                for _ in range(200):
                    if app.version == record.version:
                        break
                    await asyncio.sleep(0.02)
                await pilot.pause()
                text = screen_text(app)
                assert f"v{record.version}" in text and ("finished" in text) == record.over
                public = hand_rows(runtime.rules.view(record.state, None))
                rows = {line.strip().strip("│").strip() for line in text.splitlines()}
                for seat in range(2):
                    cards = {row for row in hand_rows(runtime.rules.view(record.state, seat))[1:] if row not in public}
                    assert not cards & rows, (seat, cards, text)
                assert "(you)" not in text
    finally:
        await conn.close()


def test_every_seats_clock_counts_down_while_it_runs_and_presence_is_shown():
    """Given a view with clocks and presence (from the runtime's turn clocks), when it is drawn
    1.5 s after it came, then the running clock shows 1.5 s less, the stopped one as it was, and
    each seat's presence."""
    view = {"players": ["ann", "bob"], "to_act": ["ann"],
            "clocks": {"ann": {"remaining_ms": 61_000, "running": True},
                       "bob": {"remaining_ms": 30_000, "running": False}},
            "presence": {"ann": "connected", "bob": "bot"}}
    line = seats_line(view, 1.5, you="bob").plain
    assert "> ann 0:59 [connected]" in line and "bob (you) 0:30 [bot]" in line
    assert "0:" not in seats_line({"players": ["ann"], "to_act": []}, 0).plain


async def test_a_player_plays_a_whole_game_in_the_full_screen_client(tables, tmp_path):
    """Given ann's seat of a short Foodtown Throwdown game (the client rejoins it from its saved place) and
    bob played by a bot, when ann types a listed move's number and Enter whenever the screen
    lists her moves, then
    the game reaches its end drawn in place at 80x24, with her hand's panel and the final state."""
    from apps.terminal.remember import Remembered, save_remembered, state_path
    from apps.terminal.tui import make_full_screen_client
    from shared.auth import Identity

    name = "foodtown-throwdown"
    runtime = tables.runtime(name)
    game_id = await create(runtime, ["ann", "bob"], SHORT[name])  # 3 rounds at most
    # no deck service here: the client's seed goes nowhere (the client says so and plays on)
    settings = tables.settings.with_(data_dir=tmp_path,
                                     addresses={**tables.settings.addresses, "deck": "127.0.0.1:9"})
    save_remembered(state_path(settings, name, "ann"), Remembered(name, game_id=game_id, seat=0, ranked=False))

    async def bob() -> None:
        rng = random.Random(1)
        while not (record := await runtime.load(game_id, trust_hints=True)).over:
            if 1 in runtime.rules.to_act(record.state):
                move = rng.choice(runtime.rules.legal_moves(record.state, 1))
                await runtime.submit_move(Identity("bob", "player"), game_id, 1, f"b{record.version}", None, move)
            else:
                await asyncio.sleep(0.01)

    app = make_full_screen_client(settings, "ann", name, ranked=False)
    bot = asyncio.create_task(bob())
    try:
        picks = random.Random(2)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(3000):
                if app.ended.is_set():
                    break
                if app.legal and app.view.get("to_act") and "ann" in app.view["to_act"]:
                    await pilot.press(*str(picks.randint(1, len(app.legal))), "enter")
                await pilot.pause(0.01)
            assert app.ended.is_set(), screen_text(app)
            await pilot.pause()
            text = screen_text(app)
            assert (await runtime.load(game_id)).over and app.view.get("finished")
            assert "finished" in text
            assert len(text.splitlines()) == 24
            await pilot.press("enter")
    finally:
        bot.cancel()
        await asyncio.gather(bot, return_exceptions=True)
    assert not app.is_running
