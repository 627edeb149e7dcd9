"""The terminal client at a private table (issue 32): `foodgames play --host` opens one and prints
its invite code and link, `foodgames play --invite CODE` takes a seat, the host's client fills
the free seat with a house bot after a wait, and both play the game to its end. On the stack."""
from __future__ import annotations

import asyncio
import io
import re
import uuid

from rich.console import Console

from apps.bots import make_bot
from apps.terminal.app import ScriptedInput, TerminalClient

GAME = "food-fight"


def terminal(settings, name: str, **table) -> tuple[TerminalClient, io.StringIO]:
    advisor = make_bot(GAME, None, seed=name)

    def sensible(view, legal):
        return str(legal.index(advisor.choose(view, legal)) + 1)

    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=False)
    return TerminalClient(settings, name, GAME, console=console, input_source=ScriptedInput(then=sensible),
                          ranked=False, rating_wait_s=0, **table), out


async def test_a_host_prints_the_code_a_friend_joins_with_it_and_a_house_bot_fills_the_last_seat(play_stack,
                                                                                                  tmp_path):
    settings = play_stack.with_(data_dir=tmp_path)
    tag = uuid.uuid4().hex[:6]
    host, host_out = terminal(settings, f"ann-{tag}", min_players=3, max_players=3, host=True, bots_after_s=3.0)
    hosting = asyncio.ensure_future(host.run())
    for _ in range(200):
        found = re.search(r"Invite code: (\w+)", host_out.getvalue())
        if found or hosting.done():
            break
        await asyncio.sleep(0.05)
    assert found, host_out.getvalue()
    code = found.group(1)
    assert f"Link: /#/join/{code}" in host_out.getvalue()
    assert f"foodgames play {GAME} --invite {code}" in host_out.getvalue()
    guest, guest_out = terminal(settings, f"bob-{tag}", invite=code)
    statuses = await asyncio.wait_for(asyncio.gather(hosting, guest.run()), 180)
    assert statuses == [0, 0], host_out.getvalue()[-3000:] + guest_out.getvalue()[-3000:]
    assert f"You sit at ann-{tag}'s table (2 of 3)" in guest_out.getvalue()
    for text in (host_out.getvalue(), guest_out.getvalue()):
        assert "The table started: game pt-" in text and "Final placings" in text
        assert f"bot-{GAME}-" in text  # the house bot took the third seat and played it
