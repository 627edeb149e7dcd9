"""`foodgames tournament ...` against the stack, and a tournament service that stops mid-way and
is started again: the tournament goes on from its stream."""
from __future__ import annotations

import asyncio
import json
import uuid

import pytest
from foodgames.v1 import tournament_pb2 as pb

from apps.cli.main import main as cli
from shared.config import FIRST_PORT, service_ports
from services.tournament.bootstrap import serve
from tests.tournament.stackplay import GAME, Api, entrants, play
from tests.tasks import ends_within


@pytest.fixture
def operator_env(stack, monkeypatch):
    """The environment of an operator's `foodgames` on this machine: the stack's token key."""
    monkeypatch.setenv("FOODGAMES_TOKEN_KEY", stack.token_key)
    monkeypatch.setenv("FOODGAMES_DATA_DIR", str(stack.data_dir))
    # the stack's ports: every service's is its default moved by the same amount
    monkeypatch.setenv("FOODGAMES_PORT_BASE", str(stack.ports["deck"] - service_ports()["deck"] + FIRST_PORT))
    return stack


def test_the_cli_creates_follows_exports_and_verifies_a_tournament(operator_env, tmp_path, capsys):
    names = tmp_path / "entrants.txt"
    names.write_text("\n".join(entrants(4)) + "\n")
    tid = "cli-" + uuid.uuid4().hex[:8]
    # when an operator creates a one-round tournament from a file of names
    assert cli(["tournament", "create", "--game", GAME, "--entrants", str(names), "--rounds", "1",
                "--id", tid, "--options", '{"recipe_choice": "sequential"}']) == 0
    created = capsys.readouterr()
    assert created.out.strip() == tid
    assert ", 4 entrants, 1 round, " in created.err  # one round, not "1 rounds"
    # and its table is played by bots
    assert cli(["tournament", "bots", tid]) == 0
    assert "finished after" in capsys.readouterr().out
    # then status shows it finished, standings rank all four, export writes a bundle that verifies
    assert cli(["tournament", "status", tid]) == 0
    out = capsys.readouterr().out
    assert "phase finished: round 1 of 1; tables finished 1/1" in out and "winners:" in out
    assert ", 4 entrants (0 dropped), " in out
    assert cli(["tournament", "standings", tid]) == 0
    assert "standings after round 1 (final)" in capsys.readouterr().out
    # and the list names it among the game's tournaments, finished
    assert cli(["tournament", "list", "--game", GAME, "--limit", "50"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith(tid))
    assert "finished" in line and "round 1 of 1, 4 entrants, won by" in line
    bundle = tmp_path / "t.json"
    assert cli(["tournament", "export", tid, "-o", str(bundle)]) == 0
    exported = json.loads(bundle.read_text())
    assert exported["tournament_id"] == tid
    # (the table's game got the tournament's options)
    created = next(e for e in next(iter(exported["games"].values()))["events"] if e["type"] == "GameCreated")
    assert created["data"]["options"] == {"recipe_choice": "sequential"}
    assert cli(["tournament", "verify", str(bundle)]) == 0
    assert "RESULT: every check holds" in capsys.readouterr().out


def test_the_cli_says_why_the_service_refused(operator_env, capsys):
    code = cli(["tournament", "create", "--game", "no-such-game", "--entrants", "a,b,c,d", "--rounds", "1"])
    err = capsys.readouterr().err
    assert code == 2
    assert "INVALID_ARGUMENT" in err and "no-such-game" in err
    # an option the game does not know is refused before anything is stored
    code = cli(["tournament", "create", "--game", GAME, "--entrants", "a,b,c,d", "--rounds", "1",
                "--options", '{"colour": "blue"}'])
    err = capsys.readouterr().err
    assert code == 2
    assert "INVALID_ARGUMENT" in err and "the options do not suit foodie-forest" in err and "colour" in err


def test_every_tournament_command_has_help(capsys):
    for command in ("create", "status", "list", "standings", "bots", "export", "verify"):
        with pytest.raises(SystemExit):
            cli(["tournament", command, "--help"])
        text = capsys.readouterr().out
        assert text.startswith("usage: foodgames tournament " + command)
    # every option of every subcommand says what it does
    from apps.cli.main import build_parser

    top = build_parser()._subparsers._group_actions[0].choices["tournament"]
    for name, sub in top._subparsers._group_actions[0].choices.items():
        for action in sub._actions:
            assert action.help, f"tournament {name}: {action.option_strings or action.dest} has no help"


async def _serve(stack):
    ready = asyncio.Event()
    task = asyncio.create_task(serve(stack, 0, ready=ready))
    waiter = asyncio.create_task(ready.wait())
    await asyncio.wait([task, waiter], timeout=30, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        task.result()
    return task, ready


async def test_a_tournament_goes_on_after_its_service_restarts(stack):
    async def go():
        # given a tournament service (in this process) that created a tournament and started round 1
        first, ready = await _serve(stack)
        tid = "resume-" + uuid.uuid4().hex[:8]
        api = Api(stack, address=f"127.0.0.1:{ready.server.port}")
        try:
            await api.CreateTournament(pb.CreateTournamentRequest(tournament_id=tid, game=GAME,
                                                                  entrants=entrants(4), rounds=1))
            for _ in range(200):
                state = (await ready.app.get(tid)).state
                if state.current and state.current.tables and state.current.tables[0].game_id:
                    break
                await asyncio.sleep(0.05)
            assert state.current.tables[0].game_id, "round 1 never started"
        finally:
            await api.close()
        # when it stops before the tournament ends
        first.cancel()
        await asyncio.gather(first, return_exceptions=True)
        # and a new one starts on the same streams
        second, ready = await _serve(stack)
        api = Api(stack, address=f"127.0.0.1:{ready.server.port}")
        try:
            # then it resumed the tournament from its stream, and the tournament finishes
            assert tid in ready.app.runners
            t, figures = await play(stack, api, tid)
            assert t.phase == "finished" and [len(r.tables) for r in t.round_list] == [1]
            assert figures["games"] == 1 and t.winners
        finally:
            await api.close()
            second.cancel()
            await asyncio.gather(second, return_exceptions=True)
    await ends_within(go(), 120)
