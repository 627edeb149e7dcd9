"""The console script as a user meets it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import jwt
import pytest

from shared import games

FOODGAMES = str(Path(sys.executable).parent / "foodgames")


def test_help_lists_the_subcommands():
    out = subprocess.run([FOODGAMES, "--help"], capture_output=True, text=True, check=True).stdout
    for command in ("up", "serve", "token", "scenario", "cards", "moves", "audit", "leaderboard", "play",
                    "bots", "demo", "bench"):
        assert command in out


def test_every_command_and_every_option_says_what_it_is_for():
    import argparse

    from apps.cli.main import build_parser

    silent = []

    def walk(parser: argparse.ArgumentParser, path: str) -> None:
        if not (parser.description or "").strip():
            silent.append(path)
        for action in parser._actions:  # argparse keeps them there, and nowhere public
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, f"{path} {name}")
            elif not isinstance(action, argparse._HelpAction) and not (action.help or "").strip():
                silent.append(f"{path} {'/'.join(action.option_strings) or action.dest}")

    walk(build_parser(), "foodgames")
    assert not silent, f"no help text: {silent}"


def test_token_names_the_player_and_role_and_is_signed_with_the_configured_key(tmp_path):
    env = {"FOODGAMES_TOKEN_KEY": "k" * 40, "PATH": "/usr/bin:/bin", "FOODGAMES_DATA_DIR": str(tmp_path)}
    out = subprocess.run([FOODGAMES, "token", "ann", "--role", "operator"], capture_output=True, text=True,
                         check=True, env=env).stdout.strip()
    claims = jwt.decode(out, "k" * 40, algorithms=["HS256"], issuer="foodgames")
    assert claims["sub"] == "ann" and claims["role"] == "operator" and claims["exp"] > claims["iat"]


def test_token_refuses_an_unknown_role(tmp_path):
    result = subprocess.run([FOODGAMES, "token", "ann", "--role", "king"], capture_output=True, text=True,
                            env={"FOODGAMES_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 2 and "king" in result.stderr


def test_up_only_refuses_a_service_the_stack_has_not_and_starts_nothing(tmp_path):
    result = subprocess.run([FOODGAMES, "up", "--only", "deck,dekc"], capture_output=True, text=True,
                            env={"FOODGAMES_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 2 and "no service 'dekc'; services: " in result.stderr and "deck" in result.stderr, result.stderr
    assert not list(tmp_path.iterdir())


def test_a_dev_token_key_is_made_once_under_the_data_folder(tmp_path):
    env = {"FOODGAMES_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([FOODGAMES, "token", "ann"], capture_output=True, text=True, check=True, env=env).stdout
    key = (tmp_path / "secrets" / "token.key").read_text().strip()
    assert jwt.decode(first.strip(), key, algorithms=["HS256"], issuer="foodgames")["sub"] == "ann"
    assert (tmp_path / "secrets" / "token.key").stat().st_mode & 0o077 == 0


@pytest.mark.parametrize("game", games.names())
def test_cards_and_moves_print_every_games_catalogue_and_move_schema(game):
    cards = json.loads(subprocess.run([FOODGAMES, "cards", game, "--json"], capture_output=True, text=True,
                                      check=True).stdout)
    assert cards["decks"] and all(isinstance(ids, list) and ids for ids in cards["decks"].values())
    assert all(card in cards["cards"] for ids in cards["decks"].values() for card in ids)
    assert all(cards["cards"][c].get("text") for c in cards["cards"])
    schema = json.loads(subprocess.run([FOODGAMES, "moves", game, "--json"], capture_output=True, text=True,
                                       check=True).stdout)
    assert {v["title"] for v in schema["oneOf"]} == set(games.get(game).moves.names())


def test_a_game_this_install_does_not_serve_is_named_in_a_sentence():
    result = subprocess.run([FOODGAMES, "play", "chess", "--name", "ann"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "no game 'chess' is served by this install; games: " + ", ".join(games.names()) in result.stderr


def test_a_long_output_reaches_a_slow_reader_whole_after_an_event_loop():
    # after a uvloop loop a write to a pipe stopped at 64 KiB and Python dropped the rest with
    # status 0 (`foodgames audit export GAME | jq` got part of a bundle): the commands' stdout
    # writes everything (apps/cli/wholewrites.py)
    script = ("import sys; from shared import aio; from apps.cli.wholewrites import whole_stdout\n"
              "async def nothing(): pass\n"
              "aio.run(nothing()); sys.stdout = whole_stdout(sys.stdout); sys.stdout.write('x' * 300000)\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
    time.sleep(1.0)  # a reader that comes late: the pipe is full long before it reads
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0 and len(out) == 300000


def test_a_bench_refused_by_the_gateways_limits_says_which_limits_to_raise(capsys):
    # given a bench whose call the stack refused as over a limit
    import argparse
    import types

    import grpc

    from apps.cli.bench import _run

    def refused(args):
        raise grpc.aio.AioRpcError(grpc.StatusCode.RESOURCE_EXHAUSTED, grpc.aio.Metadata(), grpc.aio.Metadata(),
                                   details="127.0.0.1 has 32 open streams, the most one address may have")
    # when it runs
    code = _run(types.SimpleNamespace(run=refused), argparse.Namespace(bench="moves", json=True))
    # then it ends with a sentence naming the refusal and the settings, no traceback
    said = capsys.readouterr().err
    assert code == 1 and "Traceback" not in said
    assert "foodgames bench moves: the stack refused a call: RESOURCE_EXHAUSTED: 127.0.0.1 has 32 open" in said
    assert "FOODGAMES_GATEWAY_MAX_STREAMS_PER_ADDRESS" in said


# Each command that talks to the stack, run where nothing listens: it says so in one sentence
# and asks whether the stack is up, never with gRPC's many-line error or a traceback.
TO_THE_STACK = [["bots", "foodie-forest", "--count", "1"], ["leaderboard", "top", "foodie-forest"],
                ["audit", "verify", "g-1"], ["tournament", "status", "t-1"], ["replay", "g-1"],
                ["play", "foodie-forest", "--name", "ann", "--plain"]]


@pytest.mark.parametrize("command", TO_THE_STACK, ids=lambda c: " ".join(c[:2]))
def test_a_command_with_no_stack_to_talk_to_asks_whether_the_stack_is_up(tmp_path, command):
    from apps.embedded import free_port_base

    env = dict(os.environ, FOODGAMES_DATA_DIR=str(tmp_path), FOODGAMES_PORT_BASE=str(free_port_base()))
    for name in [k for k in env if k.endswith("_ADDR") and k.startswith("FOODGAMES_")]:
        del env[name]
    done = subprocess.run([FOODGAMES, *command], env=env, capture_output=True, text=True, timeout=60)
    said = " ".join((done.stdout + done.stderr).split())  # rich wraps its lines
    assert done.returncode != 0, said
    assert "is the stack up? (make run)" in said
    assert not [w for w in ("debug_error_string", "AioRpcError", "Traceback") if w in said], said
