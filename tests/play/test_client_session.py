"""The terminal client against the stack: a scripted player plays a full game against three
bots through the matchmaker, and a player who leaves mid-game rejoins it after a restart."""
from __future__ import annotations

import asyncio
import io
import uuid

import pytest
from rich.console import Console

from apps.bots import make_bot
from apps.sdk.seatplayer import run_bot
from apps.terminal.app import ScriptedInput, TerminalClient
from apps.terminal.remember import load_remembered
from shared import games


def client(settings, name: str, script: ScriptedInput) -> tuple[TerminalClient, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=False)
    return TerminalClient(settings, name, console=console, input_source=script, min_players=4,
                          max_players=4, rating_wait_s=20), out


def bots(settings, tag: str, ranked: bool = True):
    return [asyncio.ensure_future(run_bot(settings, f"b{i}-{tag}", "foodie-forest", "heuristic", ranked=ranked,
                                          min_players=4, max_players=4)) for i in range(3)]


async def test_a_scripted_player_plays_a_full_game_against_three_bots(play_stack, tmp_path):
    settings = play_stack.with_(data_dir=tmp_path)
    tag = uuid.uuid4().hex[:6]
    script = ScriptedInput(["0", "what now?", "play bug-99", "play vegetable-1"])  # then always "1"
    me, out = client(settings, f"ann-{tag}", script)
    others = bots(settings, tag)
    status = await me.run()
    results = await asyncio.gather(*others)
    text = out.getvalue()
    assert status == 0, text
    game_id = results[0].game_id
    assert all(r.game_id == game_id for r in results)
    # searching, then the table
    assert f"Searching for a Foodie Forest table as ann-{tag}" in text  # the game as players name it
    # (the watch may first see the ticket already matched: the bots queued before it)
    assert "ticket matched" in text
    assert "ticket searching" not in text or text.index("ticket searching") < text.index("ticket matched")
    assert f"Matched: game {game_id}" in text
    # the seed goes as soon as the commitment shows; a loaded machine may miss the deck's window
    assert "client seed sent to the deck" in text or "did not take our client seed: too late" in text
    assert "Foodie Forest - Deal 1 of 5 - Dealer" in text and "Your turn: choose a recipe for this deal, face down." in text
    # a message for every refused line, local or from the server (its reason, not its gRPC status)
    assert "0 is not on the list: pick 1 to 5" in text
    assert "'what now?' is not a move" in text
    # (the client asks for its language, English here: the refusals are the game's texts for players)
    assert "the server refused Play bug-99: There is no card 'bug-99'" in text
    assert ("the server refused Play Vegetable 1: Choose a recipe first" in text
            or "You do not hold" in text)
    assert len(me.rejections) == 2
    # opponents' moves as they happened, from the watch stream
    assert any(f"b{i}-{tag} played " in text for i in range(3))
    assert "the trick:" in text and "Deal 5 is scored" in text
    # the end: placings and the rating change
    assert "Final placings" in text
    assert "Your rating: unrated -> " in text, text[-2000:]
    assert not me.path.exists()  # nothing to rejoin any more
    prompts = [p for p, _ in script.transcript]
    assert len(prompts) > 40 and all(p == f"ann-{tag}> " for p in prompts)


async def test_a_player_who_leaves_rejoins_the_game_in_progress(play_stack, tmp_path):
    settings = play_stack.with_(data_dir=tmp_path)
    tag = uuid.uuid4().hex[:6]
    answers = iter(["1"] * 6 + ["q"])
    first, out1 = client(settings, f"cat-{tag}", ScriptedInput(then=lambda view, legal: next(answers)))
    others = bots(settings, tag, ranked=False)
    first.ranked = False
    assert await first.run() == 0
    remembered = load_remembered(first.path, "foodie-forest")
    assert remembered is not None and remembered.game_id and remembered.seat >= 0
    assert "You left the table" in out1.getvalue()

    again, out2 = client(settings, f"cat-{tag}", ScriptedInput())
    again.ranked = False
    assert await again.run() == 0
    results = await asyncio.gather(*others)
    text = out2.getvalue()
    assert f"Rejoining game {remembered.game_id} as cat-{tag} (seat {remembered.seat})" in text
    assert "Searching" not in text
    assert "Final placings" in text
    assert all(r.game_id == remembered.game_id and r.view["finished"] for r in results)


TABLES = [(g, games.get(g).min_players) for g in games.names() if g != "foodie-forest"]
if "forestaurant" in games.names():
    TABLES.append(("forestaurant", 3))  # the co-op game alone (above) and at a table of three


@pytest.mark.parametrize("game,n", TABLES, ids=[f"{g}-{n}p" for g, n in TABLES])
async def test_the_terminal_client_plays_every_other_game_to_its_end(play_stack, tmp_path, game, n):
    # given a table of n, a scripted player who types the number of the move the game's own bot
    # would make, and bots in the other seats
    settings = play_stack.with_(data_dir=tmp_path)
    tag = uuid.uuid4().hex[:6]
    advisor = make_bot(game, None, seed=tag)

    def sensible(view, legal):
        return str(legal.index(advisor.choose(view, legal)) + 1)

    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=False)
    me = TerminalClient(settings, f"ann-{tag}", game, console=console, input_source=ScriptedInput(then=sensible),
                        ranked=False, min_players=n, max_players=n, rating_wait_s=0)
    others = [asyncio.ensure_future(run_bot(settings, f"b{i}-{tag}", game, None, ranked=False,
                                            min_players=n, max_players=n)) for i in range(n - 1)]
    # when it plays, then the game ends with its placings drawn by the game's own renderer
    status = await me.run()
    await asyncio.gather(*others)
    text = out.getvalue()
    assert status == 0, text[-3000:]
    assert f"Searching for a {games.get(game).title} table as ann-{tag}" in text
    assert games.get(game).title in text, text[:2000]
    assert "Final placings" in text and "A casual game: ratings do not change" in text
