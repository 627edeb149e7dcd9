"""The operator's offline verifier of foodgames audit bundles.

Written from the specifications alone (docs/shuffle-spec.md, docs/audit.md,
RFC 9162, C2SP tlog-checkpoint and signed-note) and sharing no code with the
deck service, so that a bug in the service is not also a bug here. It imports
only the Python standard library and `cryptography` (for Ed25519).

It knows both shuffle algorithms: foodgames-shuffle-v1 (plain card-list hashes
in the shuffle records) and foodgames-shuffle-v2 (card-list commitments keyed
with each shuffle's seed); a bundle names its algorithm and is checked by it.

    report = verify_bundle(json.load(open("bundle.json")))
    print(format_report(report))
    report.ok   # True only when every check holds

and, to detect a forked log:

    verify_consistency(old_checkpoint, new_checkpoint, proof, public_key)
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

BUNDLE_FORMAT_V1 = "foodgames-audit-bundle-v1"  # the game's events
BUNDLE_FORMAT = "foodgames-audit-bundle-v2"  # ... and its commands (each one's move, seat and version)
BUNDLE_FORMATS = (BUNDLE_FORMAT_V1, BUNDLE_FORMAT)
V1 = "foodgames-shuffle-v1"
V2 = "foodgames-shuffle-v2"
ALGORITHMS = (V1, V2)
ALGORITHM = V2  # the default of the derivation functions: what the deck uses for new games
# what a shuffle record and a bundle's shuffle entry hold of its cards and order, and the
# name of the check that recomputes them
SHUFFLE_DIGESTS = {V1: ("input_sha256", "output_sha256"), V2: ("input_commit", "output_commit")}
DIGEST_CHECK = {V1: "hashes", V2: "commitments"}


# ====================================================================== report

@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    reason: str


@dataclass
class Report:
    title: str
    checks: list[Check] = field(default_factory=list)
    skipped: list[Check] = field(default_factory=list)  # checks this mode cannot make, and why

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(c.ok for c in self.checks)

    @property
    def failures(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]

    def failed(self, name_prefix: str) -> bool:
        """True when a check whose name starts with `name_prefix` failed."""
        return any(c.name.startswith(name_prefix) for c in self.failures)

    def add(self, name: str, ok: bool, reason: str) -> bool:
        self.checks.append(Check(name, bool(ok), reason))
        return bool(ok)

    def run(self, name: str, fn: Callable[[], str]) -> bool:
        """Runs one check: `fn` returns the reason it holds or raises Failed
        (or anything else) with the reason it does not."""
        try:
            return self.add(name, True, fn())
        except Failed as exc:
            return self.add(name, False, str(exc))
        except Exception as exc:  # malformed input must fail the check, never crash
            return self.add(name, False, f"{type(exc).__name__}: {exc}")

    def skip(self, name: str, reason: str) -> None:
        self.skipped.append(Check(name, False, reason))

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "ok": self.ok,
                "checks": [{"name": c.name, "ok": c.ok, "reason": c.reason} for c in self.checks],
                "skipped": [{"name": c.name, "reason": c.reason} for c in self.skipped]}


class Failed(Exception):
    """A check does not hold; the message says why, for a person."""


def format_report(report: Report) -> str:
    """The report as text for a person: one line per check, then the verdict."""
    lines = [report.title, ""]
    width = max((len(c.name) for c in report.checks), default=0)
    for c in report.checks:
        lines.append(f"  {'ok    ' if c.ok else 'FAILED'}  {c.name.ljust(width)}  {c.reason}")
    for c in report.skipped:
        lines.append(f"  skipped {c.name.ljust(width)}  {c.reason}")
    lines.append("")
    failures = report.failures
    skipped = f"; {len(report.skipped)} skipped" if report.skipped else ""
    if report.ok:
        lines.append(f"RESULT: every check holds ({len(report.checks)} checks{skipped}).")
    elif not report.checks:
        lines.append("RESULT: nothing was checked.")
    else:
        lines.append(f"RESULT: {len(failures)} of {len(report.checks)} checks FAILED: "
                     + ", ".join(c.name for c in failures))
    return "\n".join(lines) + "\n"


# ====================================================================== small helpers

def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise Failed(reason)


def _hex_bytes(value: Any, length: int, what: str) -> bytes:
    if not isinstance(value, str) or not re.fullmatch(r"[0-9a-f]*", value) \
            or len(value) != 2 * length:
        raise Failed(f"{what} is not {length} bytes of lowercase hex")
    return bytes.fromhex(value)


def _b64(value: str, what: str) -> bytes:
    try:
        data = base64.b64decode(value.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, AttributeError):
        raise Failed(f"{what} is not valid base64") from None
    _require(base64.b64encode(data).decode("ascii") == value,
             f"{what} is not canonical base64 (changed padding bits)")
    return data


def _short(h: str | bytes) -> str:
    text = h.hex() if isinstance(h, bytes) else str(h)
    return text[:12] + "…" if len(text) > 12 else text


def _sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ====================================================================== foodgames-shuffle-v1, -v2
# Reimplemented from docs/shuffle-spec.md.

def _u32(n: int) -> bytes:
    if not 0 <= n < 2 ** 32:
        raise Failed(f"{n} does not fit in 32 bits")
    return n.to_bytes(4, "big")


def _u64(n: int) -> bytes:
    if not 0 <= n < 2 ** 64:
        raise Failed(f"{n} does not fit in 64 bits")
    return n.to_bytes(8, "big")


def _lp(data: bytes) -> bytes:
    return _u32(len(data)) + data


def shuffle_seed(server_seed: bytes, client_seeds: Sequence[tuple[int, bytes]],
                 game_id: str, deck: str, k: int, algorithm: str = ALGORITHM) -> bytes:
    """Spec section 3: HMAC-SHA256 keyed with the server seed over the
    length-prefixed message; client seeds as (seat, seed), sorted by seat.
    The message starts with the algorithm's name (section 11 for v2)."""
    _require(algorithm in ALGORITHMS, f"unknown algorithm {algorithm!r}")
    message = _lp(algorithm.encode()) + _lp(game_id.encode("utf-8")) \
        + _lp(deck.encode("utf-8")) + _u64(k) + _u32(len(client_seeds))
    for seat, seed in sorted(client_seeds):
        message += _u32(seat) + _lp(seed)
    return hmac.new(server_seed, message, hashlib.sha256).digest()


class Stream:
    """Spec section 4: block i = HMAC-SHA256(shuffle seed, u64be(i))."""

    def __init__(self, seed: bytes):
        self.seed = seed
        self.counter = 0
        self.pending = bytearray()

    def take(self, n: int) -> bytes:
        while len(self.pending) < n:
            self.pending += hmac.new(self.seed, _u64(self.counter), hashlib.sha256).digest()
            self.counter += 1
        out = bytes(self.pending[:n])
        del self.pending[:n]
        return out


def below(stream: Stream, n: int) -> int:
    """Spec section 5: uniform integer in [0, n) by bit-mask rejection."""
    if n == 1:
        return 0
    bits = (n - 1).bit_length()
    while True:
        value = int.from_bytes(stream.take((bits + 7) // 8), "big") % (1 << bits)
        if value < n:
            return value


def derive_order(server_seed: bytes, client_seeds: Sequence[tuple[int, bytes]],
                 game_id: str, deck: str, k: int, cards: Sequence[str],
                 algorithm: str = ALGORITHM) -> list[str]:
    """Spec section 6: Fisher-Yates from the last position down."""
    stream = Stream(shuffle_seed(server_seed, client_seeds, game_id, deck, k, algorithm))
    order = list(cards)
    i = len(order) - 1
    while i >= 1:
        j = below(stream, i + 1)
        order[i], order[j] = order[j], order[i]
        i -= 1
    return order


def _card_list(cards: Sequence[str]) -> bytes:
    """Spec section 7: u32be(count) || lp(utf8(card)) for each card."""
    data = _u32(len(cards))
    for card in cards:
        data += _lp(card.encode("utf-8"))
    return data


def cards_sha256(cards: Sequence[str]) -> str:
    """Spec section 7 (v1): SHA-256 of u32be(count) || lp(utf8(card))..."""
    return _sha256_hex(_card_list(cards))


def cards_commit(seed: bytes, label: str, cards: Sequence[str]) -> str:
    """Spec section 11 (v2): HMAC-SHA256 keyed with the shuffle seed over
    lp(label) || the card list of section 7; label "input" or "output"."""
    _require(label in ("input", "output"), f"no commitment labelled {label!r}")
    _require(len(seed) == 32, "a commitment is keyed with a 32-byte shuffle seed")
    return hmac.new(seed, _lp(label.encode("ascii")) + _card_list(cards), hashlib.sha256).hexdigest()


# ====================================================================== RFC 9162 Merkle proofs

def _leaf_hash(leaf: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + leaf).digest()


def _node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def inclusion_holds(leaf: bytes, index: int, tree_size: int, path: Sequence[bytes],
                    root: bytes) -> bool:
    """RFC 9162 section 2.1.3.2, step by step."""
    if index >= tree_size or index < 0 or any(len(p) != 32 for p in path):
        return False
    fn, sn = index, tree_size - 1
    r = _leaf_hash(leaf)
    for p in path:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = _node_hash(p, r)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            r = _node_hash(r, p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def consistency_holds(first: int, second: int, first_hash: bytes, second_hash: bytes,
                      path: Sequence[bytes]) -> bool:
    """RFC 9162 section 2.1.4.2, step by step; a tree of size 0 (root
    SHA-256("")) is consistent with every tree through an empty proof, and so is
    a tree with itself."""
    if first < 0 or first > second or any(len(p) != 32 for p in path):
        return False
    if first == 0:
        return not path and first_hash == hashlib.sha256(b"").digest()
    if first == second:
        return not path and first_hash == second_hash
    if not path:
        return False
    path = list(path)
    if first & (first - 1) == 0:  # first is an exact power of 2
        path.insert(0, first_hash)
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr = _node_hash(c, fr)
            sr = _node_hash(c, sr)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            sr = _node_hash(sr, c)
        fn >>= 1
        sn >>= 1
    return fr == first_hash and sr == second_hash and sn == 0


# ====================================================================== checkpoints (C2SP)

@dataclass(frozen=True)
class CheckpointInfo:
    origin: str
    size: int
    root: bytes


def _parse_vkey(vkey: str) -> tuple[str, bytes, Ed25519PublicKey]:
    """<name>+<8 hex key id>+<base64(0x01 || 32-byte key)>; the key id must match."""
    if not isinstance(vkey, str) or vkey.count("+") < 2:
        raise Failed("the public key is not of the form <name>+<key id>+<base64 key>")
    name, key_hex, b64 = vkey.split("+", 2)  # base64 may contain '+' itself
    _require(bool(name) and not any(ch.isspace() for ch in name), "the key name is empty or has spaces")
    key_id = _hex_bytes(key_hex, 4, "the key id")
    blob = _b64(b64, "the public key")
    _require(len(blob) == 33 and blob[0] == 1, "the public key is not an Ed25519 key")
    expected_id = hashlib.sha256(name.encode() + b"\n" + blob).digest()[:4]
    _require(expected_id == key_id, "the key id does not match the key name and key")
    return name, key_id, Ed25519PublicKey.from_public_bytes(blob[1:])


def open_signed_note(note: str, vkey: str) -> str:
    """The body of a C2SP signed note once the signature by `vkey` verifies
    (signatures by other keys are ignored); raises Failed with the reason."""
    name, key_id, public_key = _parse_vkey(vkey)
    _require(isinstance(note, str) and "\n\n" in note, "the checkpoint is not a signed note")
    cut = note.rindex("\n\n")
    body, signature_lines = note[:cut + 1], note[cut + 2:]
    _require(signature_lines.endswith("\n"), "the signed note does not end with a newline")
    verified = False
    for line in signature_lines[:-1].split("\n"):
        _require(line.startswith("\u2014 "), f"not a signature line: {line!r}")
        parts = line[2:].split(" ")
        _require(len(parts) == 2, f"malformed signature line: {line!r}")
        blob = _b64(parts[1], "a signature")
        if parts[0] != name or blob[:4] != key_id:
            continue  # a signature by some other key
        try:
            public_key.verify(blob[4:], body.encode("utf-8"))
            verified = True
        except InvalidSignature:
            raise Failed(f"the signature by {name} does not verify: the checkpoint or the "
                         "signature was changed, or another key signed it") from None
    _require(verified, f"the checkpoint carries no signature by {name}+{key_id.hex()}")
    return body


def open_signed_checkpoint(note: str, vkey: str) -> CheckpointInfo:
    """Verifies the Ed25519 signature of a signed-note checkpoint and returns
    its origin, size and root; raises Failed with the reason otherwise."""
    body = open_signed_note(note, vkey)
    lines = body[:-1].split("\n")
    _require(len(lines) >= 3, "the checkpoint body lacks an origin, size or root hash line")
    _require(re.fullmatch(r"0|[1-9][0-9]*", lines[1]) is not None, "the tree size is not a number")
    root = _b64(lines[2], "the root hash")
    _require(len(root) == 32, "the root hash is not 32 bytes")
    return CheckpointInfo(lines[0], int(lines[1]), root)


# ====================================================================== leaves

def _record(leaf: bytes, kind: str, fields: set[str], algorithm: str) -> dict[str, Any]:
    try:
        record = json.loads(leaf.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        raise Failed("the leaf is not ASCII JSON") from None
    _require(isinstance(record, dict), "the leaf is not a JSON object")
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    _require(canonical.encode("ascii") == leaf, "the leaf is not canonical JSON")
    _require(record.get("type") == kind, f"the leaf is a {record.get('type')!r} record, "
                                         f"not a {kind} record")
    _require(set(record) == fields, f"the {kind} record does not have exactly the fields "
                                    f"{sorted(fields)}")
    _require(record["algorithm"] == algorithm,
             f"the record names algorithm {record['algorithm']!r}, the bundle {algorithm}")
    return record


# ====================================================================== the bundle

@dataclass
class _Parsed:
    game_id: str = ""
    server_seed: bytes = b""
    client_seeds: list[tuple[int, bytes]] = field(default_factory=list)
    leaves: dict[int, bytes] = field(default_factory=dict)
    checkpoint: CheckpointInfo | None = None
    players: list[str] | None = None  # from the commitment record, in seat order


def verify_bundle(bundle: dict, expected_public_key: str | None = None) -> Report:
    """Checks everything an audit bundle claims; see docs/audit.md for the list.
    With `expected_public_key` (the key the operator publishes), also checks
    that the bundle's checkpoint is signed by that key and not by another one."""
    title = "Audit bundle"
    if isinstance(bundle, dict):
        title = f"Audit of game {bundle.get('game_id')!r} ({bundle.get('game')!r})"
    report = Report(title)
    p = _Parsed()
    if not report.run("bundle format", lambda: _check_format(bundle)):
        return report

    p.game_id = bundle["game_id"]
    algorithm = bundle["algorithm"]
    input_field, output_field = SHUFFLE_DIGESTS[algorithm]
    log = bundle["log"]
    shuffles = bundle["shuffles"]

    # ---- the log: signature, then each entry's inclusion under the signed root
    if expected_public_key is not None:
        def operator_key() -> str:
            _require(log["public_key"].strip() == expected_public_key.strip(),
                     f"the bundle is signed by {log['public_key']!r}, not by the operator's key "
                     f"{expected_public_key!r}")
            return "the bundle's key is the operator's published key"
        report.run("operator key", operator_key)

    def checkpoint_signature() -> str:
        p.checkpoint = open_signed_checkpoint(log["checkpoint"], log["public_key"])
        return (f"signed by {log['public_key'].split('+')[0]} (Ed25519): tree size "
                f"{p.checkpoint.size}, root {_short(p.checkpoint.root)}")
    report.run("checkpoint signature", checkpoint_signature)

    for entry in log["entries"]:
        index = entry.get("index") if isinstance(entry, dict) else None

        def inclusion(entry=entry, index=index) -> str:
            _require(isinstance(index, int) and not isinstance(index, bool) and index >= 0,
                     "the entry has no log index")
            leaf = _b64(entry.get("leaf"), "the leaf")
            proof = entry.get("inclusion_proof")
            _require(isinstance(proof, list), "the inclusion proof is not a list")
            path = [_hex_bytes(h, 32, f"inclusion proof hash {n}") for n, h in enumerate(proof)]
            _require(index not in p.leaves, f"log index {index} appears twice")
            p.leaves[index] = leaf
            _require(p.checkpoint is not None,
                     "no trusted root: the checkpoint signature does not verify")
            _require(index < p.checkpoint.size,
                     f"index {index} is beyond the checkpoint's tree size {p.checkpoint.size}")
            _require(inclusion_holds(leaf, index, p.checkpoint.size, path, p.checkpoint.root),
                     f"the leaf and its {len(path)}-hash proof do not lead to the signed root "
                     f"{_short(p.checkpoint.root)}: the leaf, its index or a proof hash was changed")
            return f"leaf hash {_short(_leaf_hash(leaf))} is in the signed tree"
        report.run(f"inclusion of log entry {index}", inclusion)

    def leaf_at(index: Any, what: str) -> bytes:
        _require(isinstance(index, int) and not isinstance(index, bool),
                 f"the {what} log index is not an integer")
        _require(index in p.leaves, f"the bundle has no log entry at index {index} ({what})")
        return p.leaves[index]

    # ---- the commitment and the revealed seed
    def commitment() -> str:
        p.server_seed = _hex_bytes(bundle["server_seed"], 32, "the revealed server seed")
        committed = bundle["commitment"]["sha256"]
        actual = _sha256_hex(p.server_seed)
        _require(actual == committed, f"SHA-256 of the revealed server seed is {_short(actual)}, "
                                      f"but the commitment is {_short(committed)}")
        return f"SHA-256(revealed server seed) = {_short(actual)} as committed"
    report.run("commitment", commitment)

    def commitment_leaf() -> str:
        index = bundle["commitment"]["log_index"]
        record = _record(leaf_at(index, "commitment"), "commitment",
                         {"type", "algorithm", "game_id", "game", "players", "commitment"}, algorithm)
        _require(record["game_id"] == p.game_id and record["game"] == bundle["game"],
                 f"log entry {index} commits to game {record['game_id']!r} ({record['game']!r})")
        _require(record["commitment"] == bundle["commitment"]["sha256"],
                 f"log entry {index} holds commitment {_short(record['commitment'])}, the bundle "
                 f"says {_short(bundle['commitment']['sha256'])}")
        _require(isinstance(record["players"], list), "the players of the commitment are not a list")
        p.players = record["players"]
        return f"log entry {index} commits to {_short(record['commitment'])}"
    report.run("commitment log entry", commitment_leaf)

    def ordering() -> str:
        c = bundle["commitment"]["log_index"]
        indices = [s["log_index"] for s in shuffles]
        r = bundle["reveal"]["log_index"]
        _require(all(isinstance(i, int) for i in [c, r, *indices]), "a log index is not an integer")
        if indices:
            _require(c < min(indices), f"the commitment (log index {c}) does not precede the first "
                                       f"shuffle (log index {min(indices)})")
        _require(r > max([c, *indices]), f"the reveal (log index {r}) does not follow the "
                                         "commitment and every shuffle")
        return f"commitment {c} < shuffles {indices} < reveal {r}"
    report.run("log order", ordering)

    # ---- client seeds
    def client_seeds() -> str:
        seen = set()
        for n, c in enumerate(bundle["client_seeds"]):
            _require(isinstance(c, dict) and isinstance(c.get("seat"), int)
                     and not isinstance(c.get("seat"), bool) and 0 <= c["seat"] < 2 ** 32,
                     f"client seed {n} has no valid seat")
            _require(c["seat"] not in seen, f"seat {c['seat']} has two client seeds")
            seed = c.get("seed")
            _require(isinstance(seed, str) and re.fullmatch(r"([0-9a-f]{2})+", seed) is not None
                     and len(seed) <= 2048,
                     f"the client seed of seat {c['seat']} is not 1..1024 bytes of lowercase hex")
            if p.players is not None:
                _require(c["seat"] < len(p.players) and c.get("player") == p.players[c["seat"]],
                         f"seat {c['seat']} is {c.get('player')!r} in the bundle, but the "
                         f"committed players are {p.players}")
            seen.add(c["seat"])
            p.client_seeds.append((c["seat"], bytes.fromhex(seed)))
        if p.players is None:
            return f"{len(p.client_seeds)} client seeds, of seats {', '.join(str(x) for x in sorted(seen)) or 'none'}"
        # seat by seat: whose own seed is in every deal (a seat without one was dealt by the others' and the server's)
        return "; ".join(f"seat {seat} {player}: {'seed in' if seat in seen else 'no seed'}"
                         for seat, player in enumerate(p.players))
    report.run("client seeds", client_seeds)

    # ---- every shuffle
    seen_shuffles: dict[tuple[str, int], list[str]] = {}
    for s in shuffles:
        label = f"shuffle {s.get('deck')}#{s.get('k')}" if isinstance(s, dict) else "shuffle ?"

        def digests(s=s) -> str:
            _require(isinstance(s["deck"], str) and isinstance(s["k"], int) and s["k"] >= 0,
                     "deck or k is malformed")
            cards, order = s["cards"], s["order"]
            _require(all(isinstance(c, str) for c in [*cards, *order]), "a card is not a string")
            if algorithm == V1:  # plain hashes (section 7)
                _require(cards_sha256(cards) == s["input_sha256"],
                         "input_sha256 is not the hash of the input cards")
                _require(cards_sha256(order) == s["output_sha256"],
                         "output_sha256 is not the hash of the order")
            else:  # commitments keyed with the shuffle seed (section 11)
                _require(len(p.server_seed) == 32, "no valid revealed server seed to key the "
                                                   "commitments with")
                _require(len(p.client_seeds) == len(bundle["client_seeds"]),
                         "the client seeds are malformed")
                seed = shuffle_seed(p.server_seed, p.client_seeds, p.game_id, s["deck"], s["k"],
                                    algorithm)
                _require(cards_commit(seed, "input", cards) == s["input_commit"],
                         "input_commit is not the commitment to the input cards under this "
                         "shuffle's seed")
                _require(cards_commit(seed, "output", order) == s["output_commit"],
                         "output_commit is not the commitment to the order under this "
                         "shuffle's seed")
            _require(sorted(cards) == sorted(order), "the order is not a permutation of the cards")
            key = (s["deck"], s["k"])
            _require(key not in seen_shuffles, f"deck {s['deck']} shuffle {s['k']} appears twice")
            seen_shuffles[key] = order
            return f"{len(cards)} cards; input {_short(s[input_field])}, " \
                   f"output {_short(s[output_field])}"
        report.run(f"{label}: {DIGEST_CHECK[algorithm]}", digests)

        def log_record(s=s) -> str:
            record = _record(leaf_at(s["log_index"], label), "shuffle",
                             {"type", "algorithm", "game_id", "deck", "k", input_field,
                              output_field}, algorithm)
            for key, expected in (("game_id", p.game_id), ("deck", s["deck"]), ("k", s["k"]),
                                  (input_field, s[input_field]),
                                  (output_field, s[output_field])):
                _require(record[key] == expected,
                         f"log entry {s['log_index']} has {key} {record[key]!r}, the bundle says "
                         f"{expected!r}")
            return f"log entry {s['log_index']} records this shuffle"
        report.run(f"{label}: log record", log_record)

        def rederive(s=s) -> str:
            _require(len(p.server_seed) == 32, "no valid revealed server seed to derive from")
            _require(len(p.client_seeds) == len(bundle["client_seeds"]),
                     "the client seeds are malformed")
            order = derive_order(p.server_seed, p.client_seeds, p.game_id, s["deck"], s["k"],
                                 s["cards"], algorithm)
            if order != s["order"]:
                first = next(i for i, (a, b) in enumerate(zip(order, s["order"])) if a != b)
                raise Failed(f"re-deriving from the seeds gives a different order (first "
                             f"difference at position {first}: {order[first]!r} vs "
                             f"{s['order'][first]!r})")
            return "re-derived from the revealed and client seeds: identical"
        report.run(f"{label}: re-derived order", rederive)

    # ---- the game's events: every deal it made is a logged, re-derivable shuffle
    applied = 0
    for n, event in enumerate(bundle["events"]):
        if not (isinstance(event, dict) and event.get("type") == "ShuffleApplied"):
            continue
        applied += 1
        data = event.get("data") if isinstance(event.get("data"), dict) else {}

        def dealt(data=data, n=n) -> str:
            key = (data.get("deck"), data.get("k"))
            _require(key in seen_shuffles, f"the game dealt deck {key[0]!r} shuffle {key[1]!r} but "
                                           "the bundle has no (valid) shuffle record for it")
            _require(data.get("order") == seen_shuffles[key],
                     f"the order the game dealt differs from the logged order of deck {key[0]} "
                     f"shuffle {key[1]}")
            return f"dealt deck {key[0]}, shuffle {key[1]}, exactly as logged"
        report.run(f"game event {n} (ShuffleApplied {data.get('deck')}#{data.get('k')})", dealt)
    report.add("game events", True, f"{len(bundle['events'])} events, {applied} ShuffleApplied")

    # ---- the reveal
    def reveal() -> str:
        index = bundle["reveal"]["log_index"]
        record = _record(leaf_at(index, "reveal"), "reveal",
                         {"type", "algorithm", "game_id", "commitment", "server_seed"}, algorithm)
        _require(record["game_id"] == p.game_id, f"log entry {index} reveals game "
                                                 f"{record['game_id']!r}")
        _require(record["server_seed"] == bundle["server_seed"],
                 f"log entry {index} reveals seed {_short(record['server_seed'])}, the bundle says "
                 f"{_short(bundle['server_seed'])}")
        _require(record["commitment"] == bundle["commitment"]["sha256"],
                 f"log entry {index} names commitment {_short(record['commitment'])}")
        return f"log entry {index} reveals the server seed"
    report.run("reveal log entry", reveal)

    # ---- nothing of the game is left out of the log
    def coverage() -> str:
        wanted = {bundle["commitment"]["log_index"], bundle["reveal"]["log_index"],
                  *(s["log_index"] for s in shuffles)}
        missing = sorted(i for i in wanted if i not in p.leaves)
        _require(not missing, f"no log entry for indices {missing}")
        return f"{len(wanted)} log entries of the game, all in the bundle"
    report.run("log entries present", coverage)
    return report


def _check_format(bundle: Any) -> str:
    _require(isinstance(bundle, dict), "the bundle is not a JSON object")
    _require(bundle.get("format") in BUNDLE_FORMATS,
             f"format is {bundle.get('format')!r}, expected one of {', '.join(BUNDLE_FORMATS)}")
    algorithm = bundle.get("algorithm")
    _require(isinstance(algorithm, str) and algorithm in ALGORITHMS,
             f"algorithm {algorithm!r} is not one this verifier knows ({', '.join(ALGORITHMS)})")
    digests = set(SHUFFLE_DIGESTS[algorithm])
    shapes = {"game_id": str, "game": str, "server_seed": str, "commitment": dict,
              "client_seeds": list, "shuffles": list, "events": list, "reveal": dict, "log": dict}
    for key, kind in shapes.items():
        _require(isinstance(bundle.get(key), kind), f"{key} is missing or not a {kind.__name__}")
    _require(isinstance(bundle["commitment"].get("sha256"), str)
             and "log_index" in bundle["commitment"], "commitment needs sha256 and log_index")
    _require("log_index" in bundle["reveal"], "reveal needs log_index")
    if bundle["format"] == BUNDLE_FORMAT:
        _require(isinstance(bundle.get("commands"), list), "commands is missing or not a list")
        for n, c in enumerate(bundle["commands"]):
            _require(isinstance(c, dict) and isinstance(c.get("command_id"), str)
                     and isinstance(c.get("version"), int) and not isinstance(c.get("version"), bool)
                     and set(c) <= {"command_id", "version", "move"},
                     f"command {n} is not {{command_id, version[, move]}}")
            move = c.get("move")
            _require(move is None or (isinstance(move, dict) and set(move) == {"seat", "move"}
                                      and isinstance(move["seat"], int) and isinstance(move["move"], dict)),
                     f"command {n}: move is not {{seat, move}}")
    for key in ("checkpoint", "public_key"):
        _require(isinstance(bundle["log"].get(key), str), f"log.{key} is missing")
    _require(isinstance(bundle["log"].get("entries"), list), "log.entries is missing")
    for n, s in enumerate(bundle["shuffles"]):
        _require(isinstance(s, dict) and {"deck", "k", "cards", "order", "log_index"} | digests
                 <= set(s), f"shuffle {n} lacks a field ({algorithm} shuffles carry "
                            f"{' and '.join(sorted(digests))})")
        _require(isinstance(s["cards"], list) and isinstance(s["order"], list),
                 f"shuffle {n}: cards and order are lists")
    return f"{bundle['format']}, {algorithm}"


# ====================================================================== forks

# The checks only an online verify makes (named as `foodgames audit verify GAME_ID` reports them).
CONSISTENCY_CHECKS = ("old checkpoint signature", "new checkpoint signature", "same log, not shrinking",
                      "consistency proof")
ONLINE_ONLY = tuple(f"log consistency: {name}" for name in CONSISTENCY_CHECKS)
OFFLINE_SKIP_REASON = ("online only: needs the log as the deck shows it now, to prove the bundle's "
                       "checkpoint is a state of it (`foodgames audit verify GAME_ID`)")


def verify_consistency(old_checkpoint: str, new_checkpoint: str,
                       proof: Sequence[str | bytes], public_key: str) -> Report:
    """Checks that the log of `new_checkpoint` extends the log of
    `old_checkpoint` (both signed by `public_key`) by the consistency proof
    (hashes as hex or bytes). Two signed checkpoints with no valid proof between
    them mean the log forked: it showed different histories to different people."""
    report = Report("Consistency of two checkpoints")
    old: list[CheckpointInfo] = []
    new: list[CheckpointInfo] = []
    report.run(CONSISTENCY_CHECKS[0], lambda: _opened(old, old_checkpoint, public_key))
    report.run(CONSISTENCY_CHECKS[1], lambda: _opened(new, new_checkpoint, public_key))

    def same_log_growing() -> str:
        _require(bool(old and new), "a checkpoint signature does not verify")
        _require(old[0].origin == new[0].origin,
                 f"the checkpoints name different logs: {old[0].origin!r}, {new[0].origin!r}")
        _require(old[0].size <= new[0].size,
                 f"the new checkpoint (size {new[0].size}) is smaller than the old one "
                 f"(size {old[0].size})")
        return f"{old[0].origin}: size {old[0].size} -> {new[0].size}"
    report.run(CONSISTENCY_CHECKS[2], same_log_growing)

    def consistent() -> str:
        _require(bool(old and new), "a checkpoint signature does not verify")
        path = [h if isinstance(h, bytes) else _hex_bytes(h, 32, f"proof hash {n}")
                for n, h in enumerate(proof)]
        _require(consistency_holds(old[0].size, new[0].size, old[0].root, new[0].root, path),
                 f"no consistency: the tree of size {new[0].size} does not extend the tree of "
                 f"size {old[0].size} by this proof -- the log forked or the proof is wrong")
        return f"the tree of size {new[0].size} extends the tree of size {old[0].size}"
    report.run(CONSISTENCY_CHECKS[3], consistent)
    return report


def _opened(out: list, note: str, public_key: str) -> str:
    info = open_signed_checkpoint(note, public_key)
    out.append(info)
    return f"size {info.size}, root {_short(info.root)}"
