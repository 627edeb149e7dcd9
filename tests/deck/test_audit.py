"""An operator re-checks a finished game offline from its audit bundle
(docs/audit.md): an honest bundle passes every check, and any change to it —
a seed, a card, a dealt order, a proof, the signature, the root, the key, a
log index — fails, naming what failed. Each test runs on a game of each shuffle
algorithm (v1: plain hashes in the log; v2: salted commitments), and a v1
bundle made by the deck code of before v2 still verifies."""
from __future__ import annotations

import base64
import hashlib
import itertools
import json

import pytest

from services.deck.bundle import BundleError, ShuffleEntry, build_bundle, bundle_json
from services.deck.checkpoint import Checkpoint, CheckpointSigner
from services.deck.merkle import TransparencyLog
from services.deck import shuffle as sh
from services.deck.records import (CommitmentRecord, RecordError, RevealRecord, SaltedShuffleRecord,
                                   ShuffleRecord, canonical_json, decode_record)
from apps.audit import verifier as v
from apps.cli.main import main as cli
from tests.deck.game_log import DOG_DECK, V1_BUNDLE, play_game


@pytest.fixture(scope="module", params=[sh.V1, sh.V2], ids=["v1", "v2"])
def game(request):
    return play_game(algorithm=request.param)


def algorithm_of(game) -> str:
    return game.bundle["algorithm"]


def digests_check(game) -> str:
    """The name of the check that recomputes a shuffle's logged hashes (v1) or commitments (v2)."""
    return {sh.V1: "hashes", sh.V2: "commitments"}[algorithm_of(game)]


def failed_names(report: v.Report) -> list[str]:
    return [c.name for c in report.failures]


# ---------------------------------------------------------------- the honest game

def test_an_honest_bundle_passes_every_check(game):
    report = v.verify_bundle(game.fresh_bundle())
    assert report.ok, v.format_report(report)
    names = [c.name for c in report.checks]
    for expected in ("bundle format", "checkpoint signature", "commitment", "commitment log entry",
                     "log order", "client seeds", "shuffle main#0: re-derived order",
                     "shuffle dog#0: re-derived order", "shuffle main#1: re-derived order",
                     "game event 1 (ShuffleApplied main#0)", "reveal log entry",
                     "log entries present"):
        assert expected in names
    assert sum(n.startswith("inclusion of log entry") for n in names) == 5


def test_the_bundle_survives_its_json_text(game):
    text = bundle_json(game.bundle)
    assert v.verify_bundle(json.loads(text)).ok


def test_the_human_report_names_every_check_and_the_verdict(game):
    text = v.format_report(v.verify_bundle(game.fresh_bundle()))
    assert "game-42" in text and "RESULT: every check holds" in text
    assert "ok      shuffle dog#0: re-derived order" in text
    bundle = game.fresh_bundle()
    bundle["server_seed"] = "00" + bundle["server_seed"][2:]
    text = v.format_report(v.verify_bundle(bundle))
    assert "FAILED  commitment " in text and "checks FAILED: commitment" in text


def test_the_bundle_holds_only_with_the_operators_published_key(game):
    assert v.verify_bundle(game.fresh_bundle(), expected_public_key=game.signer.verifier_key).ok
    other = CheckpointSigner.from_private_bytes(b"\x55" * 32, "foodgames/test-log").verifier_key
    report = v.verify_bundle(game.fresh_bundle(), expected_public_key=other)
    assert failed_names(report) == ["operator key"]


def test_a_bundle_rebuilt_entirely_by_someone_else_is_caught_by_the_operator_key(game):
    # given an impostor who re-derives a whole consistent history under their own key
    impostor = play_game(signer=CheckpointSigner.from_private_bytes(b"\x66" * 32, "foodgames/test-log"),
                         server_seed=bytes(32), algorithm=algorithm_of(game))
    # then it is self-consistent, but not signed by the operator's key
    assert v.verify_bundle(impostor.fresh_bundle()).ok
    report = v.verify_bundle(impostor.fresh_bundle(), expected_public_key=game.signer.verifier_key)
    assert failed_names(report) == ["operator key"]


# ---------------------------------------------------------------- tampering

def flip_hex(text: str, at: int = 0) -> str:
    return text[:at] + ("1" if text[at] == "0" else "0") + text[at + 1:]


def swap_first_two(cards: list) -> None:
    cards[0], cards[1] = cards[1], cards[0]


def resign(bundle: dict, game, note_body_change):
    """Tamper with the checkpoint body and sign it again with the operator's key
    (what a compromised log server could do)."""
    note = bundle["log"]["checkpoint"]
    body = note[:note.index("\n\n") + 1]
    bundle["log"]["checkpoint"] = game.signer.sign_note(note_body_change(body))


def change_signature_byte(bundle):
    note = bundle["log"]["checkpoint"]
    head, line = note.rsplit("\u2014 ", 1)
    name, blob = line.rstrip("\n").split(" ")
    raw = bytearray(base64.b64decode(blob))
    raw[20] ^= 0x01
    bundle["log"]["checkpoint"] = f"{head}\u2014 {name} {base64.b64encode(raw).decode()}\n"


def change_root_byte(bundle):
    note = bundle["log"]["checkpoint"]
    origin, size, root, rest = note.split("\n", 3)
    raw = bytearray(base64.b64decode(root))
    raw[5] ^= 0x80
    bundle["log"]["checkpoint"] = "\n".join([origin, size, base64.b64encode(raw).decode(), rest])


def change_leaf_byte(bundle):
    entry = bundle["log"]["entries"][1]
    raw = base64.b64decode(entry["leaf"]).replace(b'"k":0', b'"k":1')
    entry["leaf"] = base64.b64encode(raw).decode()


def other_key(bundle):
    bundle["log"]["public_key"] = CheckpointSigner.from_private_bytes(b"\x55" * 32, "foodgames/test-log").verifier_key


def change_key_byte(bundle):
    name, key_id, blob = bundle["log"]["public_key"].split("+", 2)
    raw = bytearray(base64.b64decode(blob))
    raw[7] ^= 0x01
    bundle["log"]["public_key"] = f"{name}+{key_id}+{base64.b64encode(raw).decode()}"


def dealt_order_changed(bundle):
    event = next(e for e in bundle["events"] if e["type"] == "ShuffleApplied")
    swap_first_two(event["data"]["order"])


def dealt_unlogged_shuffle(bundle):
    bundle["events"].append({"type": "ShuffleApplied", "schema_version": 1,
                             "data": {"deck": "main", "k": 2,
                                      "order": bundle["shuffles"][0]["order"]}})


def shuffle_seed_of(bundle, shuffle) -> bytes:
    """What anyone can compute once the server seed is revealed."""
    seeds = [(c["seat"], bytes.fromhex(c["seed"])) for c in bundle["client_seeds"]]
    return v.shuffle_seed(bytes.fromhex(bundle["server_seed"]), seeds, bundle["game_id"], shuffle["deck"],
                          shuffle["k"], bundle["algorithm"])


def record_hashes_follow_a_swapped_order(bundle):
    shuffle = bundle["shuffles"][0]
    swap_first_two(shuffle["order"])
    if bundle["algorithm"] == sh.V1:
        shuffle["output_sha256"] = v.cards_sha256(shuffle["order"])
    else:  # after the reveal anyone can recompute a commitment: the log record still holds the old one
        shuffle["output_commit"] = v.cards_commit(shuffle_seed_of(bundle, shuffle), "output", shuffle["order"])


def input_card_and_its_commitment(bundle):
    shuffle = bundle["shuffles"][1]
    shuffle["cards"][0] = "wolf"
    if bundle["algorithm"] == sh.V1:
        shuffle["input_sha256"] = v.cards_sha256(shuffle["cards"])
    else:
        shuffle["input_commit"] = v.cards_commit(shuffle_seed_of(bundle, shuffle), "input", shuffle["cards"])


def other_algorithm(bundle):
    bundle["algorithm"] = sh.V2 if bundle["algorithm"] == sh.V1 else sh.V1


def downgraded_to_plain_hashes(bundle):
    """A v2 bundle passed off as v1 (or a v1 one as v2), every shuffle entry rewritten to match."""
    old = bundle["algorithm"]
    other_algorithm(bundle)
    for shuffle in bundle["shuffles"]:
        for key in ("input_sha256", "output_sha256", "input_commit", "output_commit"):
            shuffle.pop(key, None)
        if bundle["algorithm"] == sh.V1:
            shuffle["input_sha256"] = v.cards_sha256(shuffle["cards"])
            shuffle["output_sha256"] = v.cards_sha256(shuffle["order"])
        else:
            seed = shuffle_seed_of(bundle, shuffle)
            shuffle["input_commit"] = v.cards_commit(seed, "input", shuffle["cards"])
            shuffle["output_commit"] = v.cards_commit(seed, "output", shuffle["order"])
    assert bundle["algorithm"] != old


def drop_a_shuffle(bundle):
    del bundle["shuffles"][1]


def drop_a_log_entry(bundle):
    del bundle["log"]["entries"][2]


def commitment_after_first_shuffle(bundle):
    bundle["commitment"]["log_index"] = bundle["shuffles"][0]["log_index"] + 1


TAMPERING = {
    # what was changed: (how, checks that must fail; {digests} is "hashes" for v1 and
    # "commitments" for v2)
    "a byte of the revealed server seed": (
        lambda b, g: b.__setitem__("server_seed", flip_hex(b["server_seed"], 17)),
        ["commitment", "shuffle main#0: re-derived order", "reveal log entry"]),
    "the server seed into non-hex": (
        lambda b, g: b.__setitem__("server_seed", "zz" + b["server_seed"][2:]),
        ["commitment", "shuffle main#0: re-derived order"]),
    "the commitment": (
        lambda b, g: b["commitment"].__setitem__("sha256", flip_hex(b["commitment"]["sha256"])),
        ["commitment", "commitment log entry", "reveal log entry"]),
    "a byte of a client seed": (
        lambda b, g: b["client_seeds"][1].__setitem__("seed", flip_hex(b["client_seeds"][1]["seed"], 1)),
        ["shuffle main#0: re-derived order", "shuffle main#1: re-derived order"]),
    "the seat of a client seed": (
        lambda b, g: b["client_seeds"][1].__setitem__("seat", 1),
        ["client seeds", "shuffle main#0: re-derived order"]),
    "the player of a client seed": (
        lambda b, g: b["client_seeds"][0].__setitem__("player", "mallory"),
        ["client seeds"]),
    "two cards of a recorded order swapped": (
        lambda b, g: swap_first_two(b["shuffles"][0]["order"]),
        ["shuffle main#0: {digests}", "shuffle main#0: re-derived order"]),
    "a recorded order and its hash": (
        lambda b, g: record_hashes_follow_a_swapped_order(b),
        ["shuffle main#0: log record", "shuffle main#0: re-derived order"]),
    "an input card": (
        lambda b, g: b["shuffles"][1]["cards"].__setitem__(0, "wolf"),
        ["shuffle dog#0: {digests}"]),
    "two input cards swapped (the same cards, another list)": (
        lambda b, g: swap_first_two(b["shuffles"][1]["cards"]),
        ["shuffle dog#0: {digests}", "shuffle dog#0: re-derived order"]),
    "an input card and its hash": (
        lambda b, g: input_card_and_its_commitment(b),
        ["shuffle dog#0: log record"]),
    "the order a ShuffleApplied event dealt": (
        lambda b, g: dealt_order_changed(b),
        ["game event 1 (ShuffleApplied main#0)"]),
    "a ShuffleApplied event without a record": (
        lambda b, g: dealt_unlogged_shuffle(b),
        ["game event 7 (ShuffleApplied main#2)"]),
    "a shuffle left out of the bundle": (
        lambda b, g: drop_a_shuffle(b),
        ["game event 3 (ShuffleApplied dog#0)"]),
    "a byte of an inclusion proof hash": (
        lambda b, g: b["log"]["entries"][2]["inclusion_proof"].__setitem__(
            1, flip_hex(b["log"]["entries"][2]["inclusion_proof"][1], 30)),
        ["inclusion of log entry"]),
    "a leaf": (
        lambda b, g: change_leaf_byte(b),
        ["inclusion of log entry", "shuffle main#0: log record"]),
    "a byte of the checkpoint signature": (
        lambda b, g: change_signature_byte(b),
        ["checkpoint signature", "inclusion of log entry"]),
    "a byte of the checkpoint root": (
        lambda b, g: change_root_byte(b),
        ["checkpoint signature"]),
    "the checkpoint root, re-signed by the operator's key": (
        lambda b, g: resign(b, g, lambda body: body.replace(body.split("\n")[2], base64.b64encode(
            bytes(32)).decode())),
        ["inclusion of log entry"]),
    "the public key": (
        lambda b, g: other_key(b),
        ["checkpoint signature"]),
    "a byte of the public key": (
        lambda b, g: change_key_byte(b),
        ["checkpoint signature"]),
    "the log index of a shuffle": (
        lambda b, g: b["shuffles"][0].__setitem__("log_index", b["shuffles"][0]["log_index"] + 1),
        ["shuffle main#0: log record", "log entries present"]),
    "the log index of an entry": (
        lambda b, g: b["log"]["entries"][1].__setitem__("index", b["log"]["entries"][1]["index"] + 1),
        ["inclusion of log entry"]),
    "the commitment's log index, after the first shuffle": (
        lambda b, g: commitment_after_first_shuffle(b),
        ["log order", "commitment log entry"]),
    "the reveal's log index": (
        lambda b, g: b["reveal"].__setitem__("log_index", b["commitment"]["log_index"]),
        ["reveal log entry", "log order"]),
    "a log entry left out": (
        lambda b, g: drop_a_log_entry(b),
        ["log entries present"]),
    "the game id": (
        lambda b, g: b.__setitem__("game_id", "game-43"),
        ["commitment log entry", "shuffle main#0: re-derived order"]),
    "the algorithm version": (
        lambda b, g: other_algorithm(b),
        ["bundle format"]),
    "an algorithm nobody knows": (
        lambda b, g: b.__setitem__("algorithm", "foodgames-shuffle-v3"),
        ["bundle format"]),
    "the algorithm, with every shuffle entry rewritten to match": (
        lambda b, g: downgraded_to_plain_hashes(b),
        ["commitment log entry", "shuffle main#0: log record", "shuffle main#0: re-derived order",
         "reveal log entry"]),
}


@pytest.mark.parametrize("what", TAMPERING, ids=list(TAMPERING))
def test_a_changed_bundle_fails_and_names_what_failed(game, what):
    # given an honest game's bundle
    bundle = game.fresh_bundle()
    change, must_fail = TAMPERING[what]
    # when one thing in it is changed
    change(bundle, game)
    report = v.verify_bundle(bundle)
    # then the bundle does not hold, and the checks that see the change are the ones that failed
    assert not report.ok
    failed = failed_names(report)
    for name in must_fail:
        name = name.format(digests=digests_check(game))
        assert any(f.startswith(name) for f in failed), (name, v.format_report(report))
    for check in report.failures:
        assert check.reason


@pytest.mark.parametrize("field", ["server_seed", "client seed", "proof", "signature", "root",
                                   "public key", "order", "dealt order"])
def test_any_single_character_change_of_a_seed_order_proof_signature_or_key_fails(game, field):
    # given every position of the field, changed one at a time
    base = game.fresh_bundle()

    def variants():
        if field == "server_seed":
            for i in range(len(base["server_seed"])):
                b = game.fresh_bundle()
                b["server_seed"] = flip_hex(b["server_seed"], i)
                yield b
        elif field == "client seed":
            for i in range(len(base["client_seeds"][0]["seed"])):
                b = game.fresh_bundle()
                b["client_seeds"][0]["seed"] = flip_hex(b["client_seeds"][0]["seed"], i)
                yield b
        elif field == "proof":
            for n, entry in enumerate(base["log"]["entries"]):
                for k in range(len(entry["inclusion_proof"])):
                    for i in range(0, 64, 7):
                        b = game.fresh_bundle()
                        proof = b["log"]["entries"][n]["inclusion_proof"]
                        proof[k] = flip_hex(proof[k], i)
                        yield b
        elif field in ("signature", "root", "public key"):
            if field == "public key":
                text = base["log"]["public_key"]
                start = text.rindex("+") + 1
                end = len(text)
            else:
                text = base["log"]["checkpoint"]
                start = text.rindex(" ") + 1 if field == "signature" else text.index("\n", text.index("\n") + 1) + 1
                end = text.index("\n", start)
            for i in range(start, end):
                if text[i] == "=":
                    continue
                b = game.fresh_bundle()
                replacement = "A" if text[i] != "A" else "B"
                changed = text[:i] + replacement + text[i + 1:]
                if field == "public key":
                    b["log"]["public_key"] = changed
                else:
                    b["log"]["checkpoint"] = changed
                yield b
        elif field == "order":
            for i in range(1, len(base["shuffles"][2]["order"])):
                b = game.fresh_bundle()
                order = b["shuffles"][2]["order"]
                order[0], order[i] = order[i], order[0]
                yield b
        elif field == "dealt order":
            for i in range(1, len(base["shuffles"][1]["order"])):
                b = game.fresh_bundle()
                event = [e for e in b["events"] if e["type"] == "ShuffleApplied"][1]
                order = event["data"]["order"]
                order[0], order[i] = order[i], order[0]
                yield b

    # then each changed bundle fails
    count = 0
    for bundle in variants():
        count += 1
        assert not v.verify_bundle(bundle).ok
    assert count >= 4


def test_a_bundle_that_is_not_a_bundle_fails_the_format_check_without_crashing():
    for junk in ({}, [], {"format": "foodgames-audit-bundle-v1"}, {"format": 1}, "text", None):
        report = v.verify_bundle(junk)
        assert failed_names(report) == ["bundle format"]


def test_malformed_parts_fail_their_checks_without_crashing(game):
    bundle = game.fresh_bundle()
    bundle["log"]["entries"][0]["inclusion_proof"] = "not a list"
    bundle["log"]["entries"][1]["leaf"] = "%%%"
    bundle["shuffles"][0]["k"] = "zero"
    bundle["events"].append({"type": "ShuffleApplied", "data": {"deck": ["x"], "k": None}})
    bundle["client_seeds"][0]["seed"] = "abc"
    report = v.verify_bundle(bundle)
    assert not report.ok and len(report.failures) >= 5


# ---------------------------------------------------------------- the CLI

def test_the_cli_exits_0_for_an_honest_bundle_and_1_for_a_changed_one(game, tmp_path, capsys):
    honest = tmp_path / "honest.json"
    honest.write_text(bundle_json(game.bundle), encoding="utf-8")
    assert cli(["audit", "verify", "--bundle", str(honest)]) == 0
    assert "every check holds" in capsys.readouterr().out
    assert cli(["audit", "verify", "--bundle", str(honest), "--public-key",
                game.signer.verifier_key]) == 0
    capsys.readouterr()

    changed = game.fresh_bundle()
    swap_first_two(changed["shuffles"][1]["order"])
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(changed), encoding="utf-8")
    assert cli(["audit", "verify", "--bundle", str(tampered)]) == 1
    out = capsys.readouterr().out
    assert f"FAILED  shuffle dog#0: {digests_check(game)}" in out

    assert cli(["audit", "verify", "--bundle", str(tampered), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["ok"] is False


def test_the_cli_says_when_it_needs_the_deck_service(tmp_path, capsys):
    assert cli(["audit", "export", "game-42"]) == 2
    assert "deck service" in capsys.readouterr().err
    assert cli(["audit", "verify", "game-42"]) == 2
    assert cli(["audit", "verify", "--bundle", str(tmp_path / "missing.json")]) == 2


# ---------------------------------------------------------------- records and the builder

def test_a_leaf_is_the_canonical_json_of_its_record():
    record = ShuffleRecord.of("g", "Gew\u00fcrze", 3, ["a"], ["a"])
    leaf = record.to_bytes()
    assert leaf == canonical_json(record.to_dict())
    assert b" " not in leaf and b"\\u00fc" in leaf and leaf.isascii()
    assert json.loads(leaf)["algorithm"] == "foodgames-shuffle-v1"
    assert decode_record(leaf) == record
    salted = SaltedShuffleRecord.of("g", "Gew\u00fcrze", 3, ["a"], ["a"], bytes(range(32)))
    leaf = salted.to_bytes()
    assert leaf == canonical_json(salted.to_dict()) and leaf.isascii()
    assert set(json.loads(leaf)) == {"type", "algorithm", "game_id", "deck", "k", "input_commit", "output_commit"}
    assert json.loads(leaf)["algorithm"] == "foodgames-shuffle-v2"
    assert decode_record(leaf) == salted
    for algorithm in (sh.V1, sh.V2):
        commitment = CommitmentRecord("g", "food-fight", ("a", "b"), "ab" * 32, algorithm)
        assert decode_record(commitment.to_bytes()) == commitment
        reveal = RevealRecord.of("g", bytes(32), algorithm)
        assert decode_record(reveal.to_bytes()) == reveal


def _shuffle_leaf(algorithm: str, fields: tuple[str, str]) -> bytes:
    return canonical_json({"type": "shuffle", "algorithm": algorithm, "game_id": "g", "deck": "d", "k": 0,
                           fields[0]: "a" * 64, fields[1]: "b" * 64})


@pytest.mark.parametrize("leaf", [
    b'{"type": "reveal"}',
    b'{"algorithm":"foodgames-shuffle-v1","commitment":"' + b"a" * 64 + b'","game_id":"g",'
    b'"server_seed":"' + b"b" * 64 + b'","type":"reveal","type":"reveal"}',
    b'{"type":"dealt"}',
    b'\xff',
    RevealRecord.of("g", bytes(32)).to_bytes().replace(b'"game_id":"g",', b'"game_id":"g", '),
    _shuffle_leaf(sh.V2, ("input_sha256", "output_sha256")),
    _shuffle_leaf(sh.V1, ("input_commit", "output_commit")),
    _shuffle_leaf("foodgames-shuffle-v3", ("input_commit", "output_commit")),
    CommitmentRecord("g", "food-fight", ("a",), "ab" * 32).to_bytes().replace(b"-v2", b"-v9"),
], ids=["missing fields", "duplicate key", "unknown type", "not ascii", "not canonical",
        "v2 shuffle with plain hashes", "v1 shuffle with commitments", "unknown algorithm",
        "commitment of an unknown algorithm"])
def test_a_leaf_that_is_not_a_canonical_record_is_refused(leaf):
    with pytest.raises(RecordError):
        decode_record(leaf)


def test_the_builder_refuses_pieces_that_do_not_fit(game):
    bundle = game.bundle
    base = dict(game_id="game-42", game="foodie-forest",
                server_seed=bytes.fromhex(bundle["server_seed"]), client_seeds=[],
                commitment_index=bundle["commitment"]["log_index"], shuffles=[],
                reveal_index=bundle["reveal"]["log_index"], events=[], log=game.log,
                checkpoint_note=bundle["log"]["checkpoint"], public_key=bundle["log"]["public_key"])
    assert build_bundle(**base)["format"] == "foodgames-audit-bundle-v1"
    s = bundle["shuffles"][0]
    wrong = [
        {"commitment_index": base["commitment_index"] + 1},
        {"reveal_index": base["commitment_index"]},
        {"server_seed": bytes(32)},
        {"shuffles": [ShuffleEntry(s["deck"], s["k"], tuple(s["cards"]), tuple(s["cards"]),
                                   s["log_index"])]},
        {"log": TransparencyLog([b"x"] * 40)},
    ]
    for change in wrong:
        with pytest.raises(BundleError):
            build_bundle(**{**base, **change})
    signer = CheckpointSigner.from_private_bytes(b"\x44" * 32, "x")
    small = signer.sign(Checkpoint("x", 3, game.log.root(3)))
    with pytest.raises(BundleError):
        build_bundle(**{**base, "checkpoint_note": small})


# ---------------------------------------------------------------- v1 bundles keep verifying

def test_a_v1_bundle_made_before_v2_still_verifies_and_its_tampering_is_still_caught(tmp_path, capsys):
    # given the bundle of a v1 game, as the deck code of before v2 wrote it
    text = V1_BUNDLE.read_text(encoding="utf-8")
    bundle = json.loads(text)
    assert bundle["algorithm"] == "foodgames-shuffle-v1" and "input_sha256" in bundle["shuffles"][0]
    # then it verifies, by name and through the CLI, under the key it was signed with
    report = v.verify_bundle(bundle, expected_public_key=bundle["log"]["public_key"])
    assert report.ok, v.format_report(report)
    assert "shuffle dog#0: hashes" in [c.name for c in report.checks]
    assert cli(["audit", "verify", "--bundle", str(V1_BUNDLE)]) == 0
    assert "every check holds" in capsys.readouterr().out
    # and the deck's v1 path still builds exactly that bundle
    assert bundle_json(play_game("v1-game-before-v2", algorithm=sh.V1).bundle) == text
    # and a swapped order in it still fails, naming the check
    swap_first_two(bundle["shuffles"][1]["order"])
    tampered = tmp_path / "v1-tampered.json"
    tampered.write_text(json.dumps(bundle), encoding="utf-8")
    assert cli(["audit", "verify", "--bundle", str(tampered)]) == 1
    assert "FAILED  shuffle dog#0: hashes" in capsys.readouterr().out


# ---------------------------------------------------------------- what the log tells before the reveal

def leaked_orders(leaves: list[bytes], cards: list[str]) -> list[tuple[str, ...]]:
    """What anyone reading the log during the game can do: hash every order of a
    small deck (spec section 7) and look for the hash in the leaves."""
    text = b"".join(leaves)
    return [order for order in itertools.permutations(cards)
            if v.cards_sha256(list(order)).encode() in text]


def test_before_the_reveal_a_v1_log_gives_a_small_deck_away_and_a_v2_log_does_not(game):
    # given the log leaves of a game as anyone could read them before its reveal
    bundle = game.bundle
    leaves = [base64.b64decode(e["leaf"]) for e in bundle["log"]["entries"]
              if e["index"] < bundle["reveal"]["log_index"]]
    dog = next(s for s in bundle["shuffles"] if s["deck"] == "dog")
    found = leaked_orders(leaves, DOG_DECK)
    if algorithm_of(game) == sh.V1:
        # then v1: trying the 120 orders finds the dealt one (and the listed one: the input hash)
        assert set(found) == {tuple(dog["order"]), tuple(dog["cards"])}
    else:
        # then v2: no order of the deck hashes to anything in the log, nor does the card list
        assert found == []
        for s in bundle["shuffles"]:
            for cards in (s["cards"], s["order"]):
                assert v.cards_sha256(cards).encode() not in b"".join(leaves)
                assert hashlib.sha256(json.dumps(cards).encode()).hexdigest().encode() not in b"".join(leaves)


def test_the_verifier_shares_no_code_with_the_deck_service():
    # given the verifier's source, its imports are the standard library and cryptography only
    import ast
    import sys
    from pathlib import Path

    source = Path(v.__file__).read_text(encoding="utf-8")
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module.split(".")[0])
    assert imported - set(sys.stdlib_module_names) == {"cryptography"}
