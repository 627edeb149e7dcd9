"""The terminal client at a private table (issue 32): `foodgames play --host` opens one and prints
its invite code and link, `foodgames play --invite CODE` takes a seat, the host's client fills
the free seat with a house bot after a wait, both play the game to its end, ask for a rematch at
the prompt and play that too, chatting at the table (`say`, `phrases`, `phrase N`). On the stack."""
from __future__ import annotations

import asyncio
import io
import re
import uuid

from rich.console import Console

from apps.bots import make_bot
from apps.terminal.app import TerminalClient
from apps.terminal.talk import HINT

GAME = "food-fight"


class Friend:
    """A player at the terminal: the chat lines of `says` first (one a turn; those after "later"
    once the rematch is under way), then the advisor's move when it is their turn, and
    `rematches` answers at the rematch prompt."""

    def __init__(self, name: str, says: list[str], rematches: list[str]):
        self.advisor = make_bot(GAME, None, seed=name)
        self.says, self.rematches = list(says), list(rematches)

    async def read(self, prompt, view, legal_moves):
        if prompt.startswith("rematch?"):
            return self.rematches.pop(0) if self.rematches else "n"
        if self.says and (self.says[0] != "later" or not self.rematches):
            said = self.says.pop(0)
            if said != "later":
                return said
        return str(legal_moves.index(self.advisor.choose(view, legal_moves)) + 1)


async def test_friends_at_the_terminal_ask_for_a_rematch_and_chat_at_the_new_table(play_stack, tmp_path):
    # given ann hosting a short Food Fight for three at the terminal, bob invited, a house bot in the third seat
    settings = play_stack.with_(data_dir=tmp_path)
    tag = uuid.uuid4().hex[:6]
    short = {"boot_camp": True, "vp_to_win": 1}
    outs = {}
    ann_in = Friend(f"ann-{tag}", ["phrases", "later", "say good luck, bob"], ["y"])
    bob_in = Friend(f"bob-{tag}", ["later", "phrase 1", "say [bold]bob[/bold]"], ["y"])
    clients = {}
    for who, source, table in (("ann", ann_in, {"host": True, "bots_after_s": 2.0}), ("bob", bob_in, {})):
        out = io.StringIO()
        clients[who] = TerminalClient(settings, f"{who}-{tag}", GAME, input_source=source, ranked=False,
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
    # and what one said at the table the other read, the quick phrase in words
    assert f"[chat] ann-{tag}: good luck, bob" in bob and "[chat] you: good luck, bob" in ann
    assert f"[chat] bob-{tag}: Good luck, have fun!" in ann
    assert f"[chat] bob-{tag}: [bold]bob[/bold]" in ann  # shown as typed, not as the console's markup
    assert " 1) " in ann  # `phrases` listed the quick ones
