"""Where the listed moves are only a sample (a Food Fight Army), the bots and the terminal client
build their moves from the seat's whole move space (ListLegalMoves' choices_json) and check
them with CheckMove, as any client does (issue 24): through the stack, via the matchmaker."""
from __future__ import annotations

import asyncio
import io
import random
import re
import uuid
from pathlib import Path

from rich.console import Console

from apps.bots.base import FirstBot, RandomBot
from apps.sdk.seatplayer import BotChooser, run_bot
from apps.terminal.app import TerminalClient
from apps.terminal.build import Words, build_move
from shared import choices as C
from shared import games

GAME = "food-fight"
SHORT = {"vp_to_win": 3}
RULEBOOK = Path(__file__).resolve().parents[1] / "scenarios" / "food-fight-rulebook-breakfast.json"


def test_an_old_bot_is_called_as_before_and_the_random_bot_builds_from_choices():
    # given a hand's whole move space, where the listed plates are a sample
    space = {"moves": [{"type": "plate", "fields": [
        {"name": "meal", "one_of": ["breakfast"]},
        {"name": "troops", "subset_of": ["private-pancake", "general-donut", "waffle-2"], "min": 0, "max": 3}]}]}
    listed = [{"type": "plate", "meal": "breakfast", "troops": []}]
    # then a bot of the old protocol does not take choices, and the random bot builds off the list
    assert not BotChooser(FirstBot()).wants_choices and BotChooser(RandomBot(1)).wants_choices
    built = [RandomBot(seed).choose({}, listed, choices=space) for seed in range(30)]
    assert all(C.contains(space, m) for m in built) and any(m not in listed for m in built)
    assert RandomBot(1).choose({}, listed) == listed[0]


async def test_random_bots_build_armies_from_choices_and_every_one_is_accepted(play_stack):
    # given two random bots queued for a Food Fight table (the default bots pick from the list)
    built = 0
    # (a short game's deals may never need a move off the list: a whole run once met one, so
    # up to three tables)
    for _ in range(3):
        tag = uuid.uuid4().hex[:6]
        results = await asyncio.gather(*(run_bot(play_stack, f"rb{i}-{tag}", GAME, "random", ranked=False,
                                                 min_players=2, max_players=2, options=SHORT) for i in range(2)))
        # then the game ends, and their moves include moves built from choices (each accepted by
        # CheckMove before it was sent)
        assert results[0].game_id == results[1].game_id and results[0].view["finished"]
        built = sum(r.built for r in results)
        if built:
            break
    assert built > 0


class Builder:
    """A player at the terminal who builds a move from choices whenever the client offers it
    (b, then a random value of every field, as few cards as allowed but one), up to five tries
    a turn, and otherwise picks the first listed move."""

    def __init__(self, out: io.StringIO):
        self.out = out
        self.seen = 0
        self.tries = 0
        self.rng = random.Random(24)

    async def read(self, prompt, view, legal_moves):
        new, self.seen = self.out.getvalue()[self.seen:], len(self.out.getvalue())
        if prompt.startswith("ann-"):
            if "only some of yours" in new:
                self.tries = 0
            self.tries += 1
            return "b" if self.tries <= 5 and ("only some of yours" in new or "not a legal move" in new) else "1"
        offered = len(re.findall(r"^  \d+\) ", new, re.M))
        if prompt == "pick> ":
            return str(self.rng.randint(1, max(1, offered)))
        low, high = map(int, re.findall(r": (\d+) to (\d+) of these", new)[-1])
        picked = self.rng.sample(range(1, offered + 1), max(low, min(1, high)))
        return " ".join(map(str, picked))


async def _play_at_the_terminal(settings, tag: str) -> tuple[int, str, TerminalClient]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=False)
    me = TerminalClient(settings, f"ann-{tag}", GAME, console=console, input_source=Builder(out), ranked=False,
                        min_players=2, max_players=2, rating_wait_s=0, options=SHORT)
    other = asyncio.ensure_future(run_bot(settings, f"bot-{tag}", GAME, None, ranked=False, min_players=2,
                                          max_players=2, options=SHORT))
    status = await me.run()
    await other
    return status, out.getvalue(), me


async def test_the_terminal_client_builds_a_move_field_by_field(play_stack, tmp_path):
    # given a player at the terminal and a bot at a Food Fight table of two
    settings = play_stack.with_(data_dir=tmp_path)
    # when it plays, building its moves from choices where the list is a sample
    # (a deal whose every plating the list covers whole offers no build: then another game)
    for attempt in range(3):
        status, text, me = await _play_at_the_terminal(settings, uuid.uuid4().hex[:6])
        assert status == 0, text[-3000:]
        if "only some of yours" in text:
            break
    # then it was offered the build, asked for the fields in the game's words, and its built
    # moves were accepted
    assert "only some of yours: type b to build" in text
    # (up to five troops, or as many as the hand holds)
    assert re.search(r"troops: 0 to [1-5] of these", text), text[-3000:]
    assert re.search(r"\d\) [A-Z][^()\n]* \([a-z0-9-]+\)\n", text), "cards offered by name"
    assert me.built > 0, text[-6000:]
    # (a move sent as the other seat moved is refused as stale and chosen again; nothing else)
    # (in the client's language, English here: shared/texts' refused-stale-version, -raced, -dealt)
    assert all(re.search(r"look at (the table|it) again", r) for r in me.rejections), me.rejections
    assert "Final placings" in text


async def test_building_reads_card_names_and_terms_and_is_given_up_with_q():
    # the rulebook Pancake hand's plate, as DescribeGame's words name its parts
    described = __import__("shared.describe", fromlist=["describe"]).describe(games.get(GAME), "de")
    words = Words(described)
    space = {"moves": [{"type": "plate", "fields": [
        {"name": "meal", "one_of": ["breakfast", "lunch"]},
        {"name": "troops", "subset_of": ["general-donut", "private-pancake", "private-pancake"], "min": 0, "max": 5},
        {"name": "mascots", "subset_of": [], "min": 0, "max": 0, "optional": True}]},
        {"type": "discard", "fields": [{"name": "cards", "subset_of": ["general-donut"], "min": 1, "max": 1}]}]}
    said: list[str] = []
    answers = iter(["1", "1", "3 2 1", ""])

    async def ask(prompt):
        return next(answers)

    move = await build_move(space, [{"type": "plate", "meal": "breakfast", "troops": []}], ["Armee ..."], words,
                            ask, said.append)
    assert move == {"type": "plate", "meal": "breakfast", "troops": ["private-pancake", "private-pancake",
                                                                       "general-donut"], "mascots": []}
    assert any("Frühstück" in line for line in said) and any("Gefreiter Pfannkuchen" in line for line in said)
    assert any("plate (e.g. Armee ...)" in line for line in said)
    answers = iter(["1", "q"])
    assert await build_move(space, [], [], words, ask, said.append) is None
