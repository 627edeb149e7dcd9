"""The GAME argument of every command: a registered game (shared.games), or a sentence saying
which games this install serves."""
from __future__ import annotations

import argparse

from shared import games


def game_name(value: str) -> str:
    if value in games.names():
        return value
    raise argparse.ArgumentTypeError(
        f"no game {value!r} is served by this install; games: {', '.join(games.names()) or 'none'}")


def add_game_argument(parser: argparse.ArgumentParser, name: str = "game", **kwargs) -> None:
    kwargs.setdefault("help", "the game: " + ", ".join(games.names()))
    parser.add_argument(name, type=game_name, metavar="GAME", **kwargs)


def plural(n: int, word: str, words: str | None = None) -> str:
    """'1 game', '3 games'."""
    return f"{n} {word if n == 1 else (words or word + 's')}"
