"""`foodgames cards GAME [--json]`: a game's card catalogue, from the game's own data file."""
from __future__ import annotations

import json
from collections import Counter

from apps.cli.gamearg import add_game_argument
from shared import games


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "cards", help="print a game's card catalogue",
        description="Print a game's decks (one card id per copy) and every card's data, as the game's "
                    "data file defines them: {\"decks\": {name: [id, ...]}, \"cards\": {id: {...}}}.")
    add_game_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON document (default: a table)")
    parser.set_defaults(func=run)


def run(args) -> int:
    game = games.get(args.game)
    if game.catalogue is None:
        print(f"foodgames cards: {game.title} declares no card catalogue")
        return 1
    catalogue = game.catalogue()
    if args.json:
        print(json.dumps(catalogue, indent=2, ensure_ascii=False))
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console()
    for deck, ids in catalogue["decks"].items():
        table = Table(title=f"{game.title}: deck {deck} ({len(ids)} cards)")
        for column in ("copies", "card", "text"):
            table.add_column(column)
        for cid, copies in Counter(ids).items():
            table.add_row(str(copies), cid, str(catalogue["cards"].get(cid, {}).get("text", "")))
        console.print(table)
    return 0
