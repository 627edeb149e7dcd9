"""`foodgames moves GAME [--json]`: a game's moves as the game declares them (shared.moves):
what clients send, checked by every rules engine before the rules see a move."""
from __future__ import annotations

import json

from apps.cli.gamearg import add_game_argument
from shared import games


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "moves", help="print the moves a game accepts",
        description="Print a game's move vocabulary: each move type, what it does and its fields; "
                    "--json prints it as a JSON Schema (what a client's code can be generated from).")
    add_game_argument(parser)
    parser.add_argument("--json", action="store_true", help="print a JSON Schema (draft 2020-12)")
    parser.set_defaults(func=run)


def run(args) -> int:
    game = games.get(args.game)
    schema = game.moves.schema()
    if args.json:
        print(json.dumps(schema, indent=2))
        return 0
    print(f"{game.title}: moves are JSON objects with a \"type\" and these fields")
    for variant in schema["oneOf"]:
        fields = [f"{name}: {_kind(spec)}" + ("" if name in variant["required"] else " (optional)")
                  for name, spec in variant["properties"].items() if name != "type"]
        print(f"\n  {variant['title']}" + (f" {{{', '.join(fields)}}}" if fields else ""))
        if variant["description"]:
            print(f"    {variant['description']}")
    return 0


def _kind(spec: dict) -> str:
    if "anyOf" in spec:
        return " or ".join(_kind(s) for s in spec["anyOf"])
    if "enum" in spec:
        return "|".join(spec["enum"])
    if spec.get("type") == "array":
        return "[text, ...]"
    return {"string": "text", "integer": "whole number", "boolean": "true/false", "null": "null"}.get(
        spec.get("type"), str(spec.get("type")))
