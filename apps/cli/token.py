"""`foodgames token NAME [--role ROLE]`: mint a dev token with this machine's key."""
from __future__ import annotations

import sys

from shared.auth import ROLES, mint_token
from shared.config import Settings


def register(subparsers) -> None:
    parser = subparsers.add_parser("token", help="mint a signed token for a player (dev)",
                                   description="Print a signed, expiring bearer token naming a player and a role.")
    parser.add_argument("name", help="the player (or operator/service) name")
    parser.add_argument("--role", default="player", choices=ROLES,
                        help="what the token may do: play its own seats, operate (audit, any table) or act as a service")
    parser.add_argument("--ttl", type=int, default=7 * 24 * 3600, help="seconds until it expires")
    parser.set_defaults(func=run)


def run(args) -> int:
    try:
        print(mint_token(Settings.from_env(), args.name, args.role, args.ttl))
    except ValueError as exc:
        print(f"foodgames token: {exc}", file=sys.stderr)
        return 2
    return 0
