"""`foodgames scenario FILE.json`: play a scripted game in-process and print the outcome."""
from __future__ import annotations

import argparse
import json
import sys

from apps.scenario import ScenarioError, load_file, run_scenario


def _run(args: argparse.Namespace) -> int:
    try:
        status, output = run_scenario(load_file(args.file))
    except ScenarioError as exc:
        print(f"foodgames scenario: {args.file}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(output, indent=2 if args.pretty else None, ensure_ascii=False))
    return status


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "scenario", help="play a scripted game in-process and print it as JSON",
        description="Play a scripted game (docs/scenario.md) in-process and print one JSON "
                    "object. Exit status 0: all moves played; 1: a move was illegal; "
                    "2: the file is malformed.")
    parser.add_argument("file", metavar="FILE.json", help="the scenario file, or - for stdin")
    parser.add_argument("--pretty", action="store_true", help="indent the JSON output")
    parser.set_defaults(func=_run)
