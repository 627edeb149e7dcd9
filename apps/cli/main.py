"""The `foodgames` console script. Each subcommand lives in its own module of
apps.cli with a `register(subparsers)` that adds its parser and sets `func`."""
from __future__ import annotations

import argparse
import importlib
import signal
import sys

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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="foodgames",
        description="The food-games backend: run the stack, play, audit shuffles, read leaderboards.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(f"apps.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"apps.cli.{name}":
                continue  # that subcommand has not landed yet
            raise
        module.register(subparsers)
    return parser


def console() -> int:
    """The `foodgames` console script: `main` as a process of its own."""
    if hasattr(signal, "SIGPIPE"):
        # `foodgames ... | head` ends quietly; set here, not in main(), which tests call in-process
        # (a default SIGPIPE there would kill the test run at the next closed pipe)
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    return main()


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    result = args.func(args)
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(console())
