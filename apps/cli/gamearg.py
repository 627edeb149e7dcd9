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


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    """--language: the language of every word a terminal screen shows and of the server's
    messages and refusals (the calls ask for it); by default the locale's (LC_ALL, LC_MESSAGES,
    LANG: German where it starts with "de"), else English."""
    from shared.i18n import LANGUAGES, language_from_environment

    default = language_from_environment()
    parser.add_argument("--language", choices=LANGUAGES, default=default,
                        help=f"the language of the screen and of the server's messages and refusals: "
                             f"{' or '.join(LANGUAGES)} (default: the locale's, from LC_ALL/LANG, else en; "
                             f"here {default})")
