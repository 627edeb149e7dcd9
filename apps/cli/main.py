"""The `foodgames` console script. Each subcommand lives in its own module of
apps.cli with a `register(subparsers)` that adds its parser and sets `func`."""
from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys

from apps.cli.wholewrites import whole_stdout

# Module of apps.cli per subcommand group, in the order --help lists them.
SUBCOMMAND_MODULES = [
    "up",           # foodgames up / serve
    "token",        # foodgames token NAME
    "scenario",     # foodgames scenario FILE.json
    "cards",        # foodgames cards GAME
    "moves",        # foodgames moves GAME
    "audit",        # foodgames audit export|verify
    "leaderboard",  # foodgames leaderboard top|player|rebuild
    "play",         # foodgames play / bots / demo
    "replay",       # foodgames replay GAME_ID / watch GAME_ID
    "bench",        # foodgames bench moves|replay|ratings|leaderboard|matchmaking
    "chaos",        # foodgames chaos
    "tournament",   # foodgames tournament create|status|standings|export|verify
    "top",          # foodgames top: the running stack's figures, live
]


# A service's process (`foodgames serve NAME`, some hundreds of them in the test suite, one per
# container in production) needs only its own subcommand: the others' imports would double
# its start-up.
ALONE = {"serve": "up", "house-bots": "play"}


def build_parser(only: list[str] | None = None) -> argparse.ArgumentParser:
    """The whole parser, or one with only the subcommand modules `only`."""
    parser = argparse.ArgumentParser(
        prog="foodgames",
        description="The food-games backend: run the stack, play, audit shuffles, read leaderboards.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in only or SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(f"apps.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"apps.cli.{name}":
                continue  # that subcommand has not landed yet
            raise
        module.register(subparsers)
    return parser


def console() -> int:
    """The `foodgames` console script: `main` as a process of its own.

    SIGPIPE stays ignored, as Python sets it: every service, `up` and the container's
    `foodgames serve ...` is this process, and with the default disposition a peer that closes
    its socket before the answer is written would kill it (asyncio writes sockets without
    MSG_NOSIGNAL). `foodgames ... | head` still ends quietly: a closed stdout is a
    BrokenPipeError, answered here."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    sys.stdout = whole_stdout(sys.stdout)
    try:
        status = main()
        sys.stdout.flush()  # a pipe closed early shows here, inside the try
    except BrokenPipeError:
        # the reader went away: nothing more can be said on stdout, and its flush at exit
        # would raise again (Python's documented way: point stdout at /dev/null)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser([ALONE[argv[0]]] if argv and argv[0] in ALONE else None)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    result = args.func(args)
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(console())
