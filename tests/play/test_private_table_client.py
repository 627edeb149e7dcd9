"""The terminal client at a private table (issue 32): `foodgames play --host` opens one and prints
its invite code and link, `foodgames play --invite CODE` takes a seat, the host's client fills
the free seat with a house bot after a wait, both play the game to its end, ask for a rematch at
the prompt and play that too, chatting at the table (`say`, `phrases`, `phrase N`). On the stack."""
from __future__ import annotations

import asyncio
import io
import re
import subprocess
import uuid

from rich.console import Console

from apps.bots import make_bot
from apps.terminal.app import TerminalClient
from apps.terminal.talk import HINT
from tests.stacklib import FOODGAMES, cli_env

GAME = "food-fight"


class Friend:
    """A player at the terminal: the chat lines of `first` at their first turns of the first
    game and those of `rematch` at their first turns of the rematch (one a turn), else the
    advisor's move; `rematches`: the answers at the rematch prompt."""

    def __init__(self, name: str, first: list[str], rematch: list[str], rematches: list[str]):
        self.advisor = make_bot(GAME, None, seed=name)
        self.first, self.rematch, self.rematches = list(first), list(rematch), list(rematches)
        self.asked = 0

    async def read(self, prompt, view, legal_moves):
        if prompt.startswith("rematch?"):
            self.asked += 1
            return self.rematches.pop(0) if self.rematches else "n"
        says = self.first if self.asked == 0 else self.rematch
        if says:
            return says.pop(0)
        return str(legal_moves.index(self.advisor.choose(view, legal_moves)) + 1)


async def test_friends_at_the_terminal_ask_for_a_rematch_and_chat_at_the_new_table(play_stack, tmp_path):
    # given ann hosting a short Food Fight for three at the terminal, bob invited, a house bot in the third seat
    settings = play_stack.with_(data_dir=tmp_path)
    tag = uuid.uuid4().hex[:6]
    short = {"boot_camp": True, "vp_to_win": 1}
    outs = {}
    ann_in = Friend(f"ann-{tag}", ["phrases"], ["say good luck, [bold]bob[/bold]"], ["y"])
    bob_in = Friend(f"bob-{tag}", [], ["phrase 1"], ["y"])
    clients = {}
    for who, source, table in (("ann", ann_in, {"host": True, "bots_after_s": 2.0}), ("bob", bob_in, {})):
        out = io.StringIO()
        clients[who] = TerminalClient(settings, f"{who}-{tag}", GAME, input_source=source, ranked=True,
                                      rating_wait_s=0, min_players=3, max_players=3, options=short,
                                      console=Console(file=out, width=160, color_system=None,
                                                      force_terminal=False), **table)
        outs[who] = out
    hosting = asyncio.ensure_future(clients["ann"].run())
    for _ in range(200):
        found = re.search(r"Invite code: (\w+)", outs["ann"].getvalue())
        if found or hosting.done():
            break
        await asyncio.sleep(0.05)
    assert found, outs["ann"].getvalue()
    code = found.group(1)
    assert f"Link: /#/join/{code}" in outs["ann"].getvalue()
    assert f"foodgames play {GAME} --invite {code}" in outs["ann"].getvalue()
    clients["bob"].invite = code
    # when they play it, both answer the rematch prompt with y and play the rematch, chatting
    statuses = await asyncio.wait_for(asyncio.gather(hosting, clients["bob"].run()), 240)
    ann, bob = outs["ann"].getvalue(), outs["bob"].getvalue()
    assert statuses == [0, 0], ann[-3000:] + bob[-3000:]
    assert f"You sit at ann-{tag}'s table (2 of 3)" in bob
    assert f"bot-{GAME}-" in ann  # the house bot took the third seat and played it
    # then the rematch started for both, at a new game, and each played it to its end
    for text in (ann, bob):
        assert text.count("Final placings") == 2, text[-3000:]
        first = re.search(r"The table started: game (\S+),", text).group(1)
        second = re.search(r"The rematch started: game (\S+),", text).group(1)
        assert first != second
        assert HINT in text
    # and what one said at the table the other read (a quick phrase in words), shown as typed
    # (not as the console's markup), and the quick phrases listed on asking
    said = "good luck, [bold]bob[/bold]"
    assert f"[chat] ann-{tag}: {said}" in bob and f"[chat] you: {said}" in ann, ann[-2000:] + bob[-2000:]
    assert f"[chat] bob-{tag}: Good luck, have fun!" in ann
    assert " 1) Good luck, have fun!" in ann

    # and afterwards each lists their games at the terminal: both, newest first, each with its
    # rating change and the command that replays it move by move
    for who in ("ann", "bob"):
        for _ in range(60):  # (the leaderboard rates the games as their ends reach it)
            listed = subprocess.run([FOODGAMES, "leaderboard", "games", f"{who}-{tag}"], env=cli_env(settings),
                                    capture_output=True, text=True, timeout=60)
            assert listed.returncode == 0, listed.stderr
            if listed.stdout.count("rating ") == 2:
                break
            await asyncio.sleep(0.5)
        assert listed.stdout.count("rating ") == 2, listed.stdout
        assert listed.stdout.index(second) < listed.stdout.index(first), listed.stdout  # newest first
        assert f"foodgames replay {first} --game {GAME} --as {who}-{tag}" in listed.stdout


async def test_a_host_who_stops_the_client_while_friends_are_awaited_closes_the_table(play_stack, tmp_path):
    from apps.sdk import tables
    from apps.sdk.connection import Connection
    from foodgames.v1 import tables_pb2 as pb
    from shared.auth import mint_token

    # given ann hosting a table at the terminal, waiting for her friends
    settings = play_stack.with_(data_dir=tmp_path)
    ann = f"ann-{uuid.uuid4().hex[:6]}"
    out = io.StringIO()
    client = TerminalClient(settings, ann, GAME, input_source=Friend(ann, [], [], []), ranked=False,
                            min_players=3, max_players=3, host=True,
                            console=Console(file=out, width=160, color_system=None, force_terminal=False))
    hosting = asyncio.ensure_future(client.run())
    for _ in range(200):
        if "Invite code:" in out.getvalue() or hosting.done():
            break
        await asyncio.sleep(0.05)
    assert "Invite code:" in out.getvalue(), out.getvalue()
    # when she stops the client (Ctrl-C cancels its task)
    hosting.cancel()
    await asyncio.gather(hosting, return_exceptions=True)
    # then her table is closed, not left open for half an hour with her seated at it
    assert "You closed your table." in out.getvalue(), out.getvalue()
    conn = Connection(settings, mint_token(settings, ann), ann)
    try:
        assert (await tables.get_table(conn, client.table_id)).state == pb.TABLE_STATE_CLOSED
        again = await tables.create_table(conn, GAME, 3)
        assert again.state == pb.TABLE_STATE_OPEN
    finally:
        await conn.close()
