"""`foodgames audit ...`: check shuffles after the fact.

    foodgames audit verify --bundle FILE.json   offline: re-derive and check every shuffle, and
                                                replay the game's record with its rules
    foodgames audit verify GAME_ID              online: fetch the bundle from the deck service,
                                                check it, check that its checkpoint is
                                                consistent with the log's latest one, and that
                                                the leaderboard rated the game as it ended
    foodgames audit export GAME_ID              online: print a game's audit bundle (JSON)
    foodgames audit key                         online: print the log's checkpoint verifier key

Online commands reach the deck at Settings.from_env().address("deck") (or
--address) with an operator token minted from the settings' token key.

Exit status 0 only when every check holds; 1 when a check fails; 2 for usage
errors, an unreadable file, or a deck service that cannot answer (unreachable,
unknown game, game not over yet).
"""
from __future__ import annotations

import argparse
import json
import sys

from shared import aio

CALL_TIMEOUT_S = 30.0


def register(subparsers: argparse._SubParsersAction) -> None:
    audit = subparsers.add_parser(
        "audit", help="verify that no shuffle of a game was rigged",
        description="Re-derive every shuffle of a game from its revealed seeds and check the "
                    "transparency log (docs/audit.md).")
    commands = audit.add_subparsers(dest="audit_command", metavar="SUBCOMMAND")

    verify = commands.add_parser(
        "verify", help="check an audit bundle (offline with --bundle, else from the deck service)",
        description="Check an audit bundle: the seed commitment, every shuffle re-derived, the "
                    "log inclusion proofs and the signed checkpoint, and the game's whole record "
                    "replayed through its rules (every event, the final points); online, also that the "
                    "bundle's checkpoint is consistent with the log's latest one. Exit 0 only "
                    "when all hold.")
    verify.add_argument("game_id", nargs="?", help="fetch the bundle of this game from the deck "
                                                   "service instead of a file")
    verify.add_argument("--bundle", metavar="FILE", help="an audit bundle JSON file ('-' = stdin)")
    verify.add_argument("--public-key", metavar="KEY",
                        help="the operator's published verifier key; the bundle must be signed "
                             "by it (`foodgames audit key` prints the deck's)")
    verify.add_argument("--json", action="store_true", help="print the report as JSON")
    _address_argument(verify)
    verify.set_defaults(func=_verify)

    export = commands.add_parser("export", help="print the audit bundle of a finished game",
                                 description="Fetch a game's audit bundle from the deck service "
                                             "and print it (JSON), e.g. "
                                             "`foodgames audit export GAME_ID > bundle.json`.")
    export.add_argument("game_id", metavar="GAME_ID", help="the game's id")
    export.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of stdout")
    _address_argument(export)
    export.set_defaults(func=_export)

    key = commands.add_parser("key", help="print the log's checkpoint verifier key",
                              description="Print the verifier key the deck service signs its "
                                          "checkpoints with: the key to publish, and to pass to "
                                          "`audit verify --public-key`.")
    _address_argument(key)
    key.set_defaults(func=_key)

    audit.set_defaults(func=lambda args: (audit.print_help(), 2)[1])


def _address_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--address", metavar="HOST:PORT",
                        help="the deck service (default: FOODGAMES_DECK_ADDR or the stack's deck port)")


class ServiceError(Exception):
    """The deck service did not give what was asked; the message says why."""


async def _call(args: argparse.Namespace, fn):
    """Runs `fn(stub)` against the deck service with an operator token."""
    import grpc
    from foodgames.v1 import deck_pb2_grpc

    from apps.sdk.connection import failure_text
    from shared.auth import mint_token
    from shared.channels import client_channel
    from shared.config import Settings

    settings = Settings.from_env()
    address = args.address or settings.address("deck")
    channel = client_channel(address, mint_token(settings, "operator", "operator", ttl_s=600))
    try:
        return await fn(deck_pb2_grpc.DeckServiceStub(channel))
    except grpc.aio.AioRpcError as exc:
        raise ServiceError(f"the deck service at {address} said {failure_text(exc)}") from None
    finally:
        await channel.close()


async def _fetch_bundle(stub, game_id: str) -> dict:
    from foodgames.v1 import deck_pb2

    reply = await stub.ExportAuditBundle(deck_pb2.ExportAuditBundleRequest(game_id=game_id),
                                         timeout=CALL_TIMEOUT_S)
    return json.loads(reply.bundle_json)


def _run(args: argparse.Namespace, fn):
    try:
        return aio.run(_call(args, fn))
    except ServiceError as exc:
        print(f"foodgames audit: {exc}", file=sys.stderr)
        return None


def _export(args: argparse.Namespace) -> int:
    async def fetch(stub):
        from foodgames.v1 import deck_pb2

        reply = await stub.ExportAuditBundle(deck_pb2.ExportAuditBundleRequest(game_id=args.game_id),
                                             timeout=CALL_TIMEOUT_S)
        return reply.bundle_json

    text = _run(args, fetch)
    if text is None:
        return 2
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote the audit bundle of game {args.game_id} to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _key(args: argparse.Namespace) -> int:
    async def fetch(stub):
        from foodgames.v1 import deck_pb2

        return await stub.GetPublicKey(deck_pb2.GetPublicKeyRequest(), timeout=CALL_TIMEOUT_S)

    reply = _run(args, fetch)
    if reply is None:
        return 2
    print(reply.public_key)
    return 0


def _verify(args: argparse.Namespace) -> int:
    from apps.audit.record import LEADERBOARD_CHECK, LEADERBOARD_OFFLINE_REASON, audit_bundle
    from apps.audit.verifier import OFFLINE_SKIP_REASON, ONLINE_ONLY, format_report

    if args.bundle and args.game_id:
        print("give either a GAME_ID or --bundle FILE, not both", file=sys.stderr)
        return 2
    if not args.bundle and not args.game_id:
        print("give a GAME_ID (fetched from the deck service) or --bundle FILE.json", file=sys.stderr)
        return 2
    if args.bundle:
        try:
            if args.bundle == "-":
                bundle = json.load(sys.stdin)
            else:
                with open(args.bundle, encoding="utf-8") as f:
                    bundle = json.load(f)
        except (OSError, ValueError) as exc:
            print(f"cannot read the bundle {args.bundle}: {exc}", file=sys.stderr)
            return 2
        report = audit_bundle(bundle, expected_public_key=args.public_key)
        for name in ONLINE_ONLY:
            report.skip(name, OFFLINE_SKIP_REASON)
        report.skip(LEADERBOARD_CHECK, LEADERBOARD_OFFLINE_REASON)
    else:
        report = _run(args, lambda stub: _verify_online(stub, args.game_id, args.public_key))
        if report is None:
            return 2
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(format_report(report), end="")
        if not args.public_key:
            print("note: the bundle's own key was used; pin the operator's published key with "
                  "--public-key (`foodgames audit key`)", file=sys.stderr)
    return 0 if report.ok else 1


async def _verify_online(stub, game_id: str, public_key: str | None):
    """The bundle's report, plus: the bundle's checkpoint is a state of the log the
    deck shows now (a consistency proof between the two signed checkpoints)."""
    from foodgames.v1 import deck_pb2

    from apps.audit.record import audit_bundle
    from apps.audit.verifier import Failed, open_signed_checkpoint, verify_consistency

    bundle = await _fetch_bundle(stub, game_id)
    report = audit_bundle(bundle, expected_public_key=public_key)
    key = public_key or (bundle.get("log") or {}).get("public_key", "")
    old_note = (bundle.get("log") or {}).get("checkpoint", "")
    try:
        old = open_signed_checkpoint(old_note, key)
    except (Failed, Exception) as exc:  # noqa: BLE001 - the bundle's own checks say why
        report.add("log consistency", False, f"the bundle's checkpoint does not open: {exc}")
        return report
    latest = await stub.GetCheckpoint(deck_pb2.GetCheckpointRequest(), timeout=CALL_TIMEOUT_S)
    proof = await stub.GetConsistencyProof(deck_pb2.GetConsistencyProofRequest(
        old_size=old.size, new_size=latest.tree_size), timeout=CALL_TIMEOUT_S)
    consistency = verify_consistency(old_note, latest.checkpoint, list(proof.hashes), key)
    for check in consistency.checks:
        report.add(f"log consistency: {check.name}", check.ok, check.reason)
    await _check_rated(report, bundle)
    return report


async def _check_rated(report, bundle: dict) -> None:
    """The `leaderboard rating` check: the leaderboard rated the game as its GameOver says
    (apps.audit.record.rating_check); skipped when the leaderboard cannot be asked."""
    import grpc
    from foodgames.v1 import leaderboard_pb2, leaderboard_pb2_grpc

    from apps.audit.record import LEADERBOARD_CHECK, rating_check
    from shared.auth import mint_token
    from shared.channels import client_channel
    from shared.config import Settings

    over = next((e.get("data") for e in bundle.get("events") or []
                 if isinstance(e, dict) and e.get("type") == "GameOver" and isinstance(e.get("data"), dict)), {})
    settings = Settings.from_env()
    address = settings.address("leaderboard")
    channel = client_channel(address, mint_token(settings, "operator", "operator", ttl_s=600))
    rated: dict[str, list[tuple[str, int]]] = {}
    try:
        stub = leaderboard_pb2_grpc.LeaderboardServiceStub(channel)
        for player in over.get("players") or []:
            reply = await stub.GetRatingHistory(leaderboard_pb2.GetRatingHistoryRequest(
                game=bundle.get("game", ""), player=player, limit=1000), timeout=CALL_TIMEOUT_S)
            rated[player] = [(p.game_id, p.placing) for p in reply.points]
    except grpc.aio.AioRpcError as exc:
        report.skip(LEADERBOARD_CHECK, f"the leaderboard at {address} could not be asked: "
                                       f"{exc.code().name}: {exc.details()}")
        return
    finally:
        await channel.close()
    outcome, reason = rating_check(bundle, rated)
    if outcome == "skipped":
        report.skip(LEADERBOARD_CHECK, reason)
    else:
        report.add(LEADERBOARD_CHECK, outcome == "ok", reason)
