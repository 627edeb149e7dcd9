"""`foodgames replay GAME_ID --transcript FILE` (the command's main) against real rules engines: the
JSON lines parse and match the game's record and the live views."""
from __future__ import annotations

import asyncio
import json
import os
import random

from apps.cli.main import main
from shared.codec import to_jsonable
from shared.gamestream import PUBLIC_RUNTIME_EVENTS, RUNTIME_EVENTS
from tests.replay.conftest import create, play_random


async def foodgames(tables, monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    """The `foodgames` command (apps.cli.main, its own event loop in a thread of its own, while
    this loop serves the rules engines) against the test's rules engines."""
    for name in [k for k in os.environ if k.startswith("FOODGAMES_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("FOODGAMES_TOKEN_KEY", tables.settings.token_key)
    monkeypatch.setenv("FOODGAMES_DATA_DIR", str(tables.settings.data_dir))
    for game, address in tables.settings.addresses.items():
        monkeypatch.setenv("FOODGAMES_" + game.upper().replace("-", "_") + "_ADDR", address)
    capsys.readouterr()
    code = await asyncio.to_thread(main, list(args))
    out, err = capsys.readouterr()
    return code, out, err


async def test_a_transcript_is_one_json_line_per_step_matching_the_record_and_the_live_views(
        tables, tmp_path, monkeypatch, capsys):
    """Given a finished Food Fight game of ann and bob, when `foodgames replay GAME_ID --seat bob
    --transcript FILE` runs (as an operator, found without --game), then FILE holds one JSON line
    per stored command, each with its version, the move as stored, the command's events as bob
    saw them (never the deck's order) and bob's live view at that version."""
    name = "food-fight"
    runtime = tables.runtime(name)
    game_id = await create(runtime, ["ann", "bob"], {"vp_to_win": 3})
    await play_random(runtime, game_id, random.Random(4))
    out = tmp_path / "t.jsonl"
    code, _, err = await foodgames(tables, monkeypatch, capsys, "replay", game_id, "--seat", "bob",
                                   "--transcript", str(out))
    assert code == 0, err
    commands = await runtime.store.read_commands(runtime.subject(game_id))
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert f"wrote {len(lines)} steps of {name} game {game_id}" in err
    assert [line["version"] for line in lines] == [c.version for c in commands]
    for line, command in zip(lines, commands):
        assert set(line) == {"version", "step", "command_id", "recorded_at", "move", "events", "view"}
        assert line["command_id"] == command.command_id and line["move"] == command.move
        assert line["view"] == json.loads(json.dumps(runtime.rules.view(runtime.live[game_id][line["version"]], 1)))
        assert "ShuffleApplied" not in {e["type"] for e in line["events"]}
        seen = []  # the command's events as bob may see them
        for stored in command.events:
            if stored.type in RUNTIME_EVENTS:
                if stored.type in PUBLIC_RUNTIME_EVENTS:
                    seen.append({"type": stored.type, "data": dict(stored.data)})
                continue
            shown = runtime.rules.event_view(runtime.codec.decode(stored.record()), 1)
            if shown is not None:
                seen.append({"type": stored.type, "data": to_jsonable(shown)})
        assert line["events"] == json.loads(json.dumps(seen))
    assert any(line["move"] and line["move"]["seat"] == 1 for line in lines)


async def test_a_player_gets_no_transcript_of_another_seat_and_is_told_why(tables, tmp_path, monkeypatch, capsys):
    """Given a finished game of ann and bob, when ann asks for bob's transcript, then the command
    exits 1 naming the refusal and writes no file."""
    name = "forestaurant"
    runtime = tables.runtime(name)
    game_id = await create(runtime, ["ann", "bob"])
    await play_random(runtime, game_id, random.Random(8))
    out = tmp_path / "t.jsonl"
    code, _, err = await foodgames(tables, monkeypatch, capsys, "replay", game_id, "--as", "ann", "--seat", "bob",
                                   "--game", name, "--transcript", str(out))
    assert code == 1 and "PERMISSION_DENIED" in err and "only an operator" in err, err
    assert not out.exists()
