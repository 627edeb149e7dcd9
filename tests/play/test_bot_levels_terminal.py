"""`foodgames play GAME --bots strong` at the terminal (issue 29): "A player can pick `strong`
bots for a casual table of each game ... in the terminal". The player queues alone from the
command line, the house fills the table after its quiet time, and the bots it seats are strong
ones. On the stack; the browser's side is in tests/web/test_browser.py."""
from __future__ import annotations

import json
import re
import subprocess
import time
import uuid

from shared import games
from tests.play.test_bench_moves import FOODGAMES, stack_env
from tests.stacklib import stop

GAMES = sorted(games.names())


def player_env(stack, data_dir) -> dict[str, str]:
    """A player's terminal: the stack's addresses, its own folder for the remembered game."""
    return dict(stack_env(stack), FOODGAMES_DATA_DIR=str(data_dir))


def seated_bots(text: str, stack) -> set[str]:
    """The house's bots seated at the game the player's terminal says it plays (the terminal
    names a bot as the table does, "Bot"; the house's log names it by its id)."""
    found = re.search(r"(?:The table started|Matched): game (\S+),", text)
    if not found:
        return set()
    log = stack.data_dir / "logs" / "house-bots.log"
    seated = [json.loads(line) for line in log.read_text().splitlines() if '"house bot seated"' in line]
    return {s["bot"] for s in seated if s.get("game_id") == found.group(1)}


def house_levels(stack) -> dict[str, str]:
    """Each house bot the house seated, and the level it plays (its log)."""
    log = stack.data_dir / "logs" / "house-bots.log"
    told = [json.loads(line) for line in log.read_text().splitlines() if '"house bots queueing"' in line]
    return {bot: t["bot_level"] for t in told for bot in t["bots"]}


def test_a_casual_player_at_the_terminal_picks_strong_house_bots_for_every_game(play_stack, tmp_path):
    tag = uuid.uuid4().hex[:6]
    # given a player of each game, alone in a two-seat queue, who asks for strong bots
    players = {}
    for game in GAMES:
        out = tmp_path / f"{game}.out"
        players[game] = (out, subprocess.Popen(
            [FOODGAMES, "play", game, "--name", f"lvl-{game[:6]}-{tag}", "--players", "2", "--bots", "strong",
             "--plain"], env=player_env(play_stack, tmp_path / game), stdin=subprocess.PIPE,
            stdout=out.open("w"), stderr=subprocess.STDOUT))
    try:
        # when the house fills their tables (after its quiet time)
        deadline = time.monotonic() + 60
        bots: dict[str, set[str]] = {}
        while len(bots) < len(GAMES) and time.monotonic() < deadline:
            for game, (out, proc) in players.items():
                assert proc.poll() is None, out.read_text()[-2000:]
                text = out.read_text()
                # the bot seated, and the table drawn (the terminal names its bot "Bot")
                if (found := seated_bots(text, play_stack)) and "Bot" in text:
                    bots[game] = found
            time.sleep(0.3)
        assert len(bots) == len(GAMES), {g: o.read_text()[-1500:] for g, (o, _) in players.items() if g not in bots}
    finally:
        for _, proc in players.values():
            stop(proc)
    # then each table's bot is one the house seated as strong, and the table is casual
    levels = house_levels(play_stack)
    for game, found in bots.items():
        assert [levels.get(bot) for bot in found] == ["strong"], (game, found)
        text = players[game][0].read_text()
        assert "The table started" in text or "Matched: game" in text, text[-1500:]
        # and the terminal names the bot as the table does, not by its id
        assert "Bot" in text and not any(bot in text for bot in found), text[-1500:]
