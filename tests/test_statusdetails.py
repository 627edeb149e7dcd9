"""A refusal's key and values beside its words (shared.statusdetails): what the interceptor puts
in the trailing metadata a client reads back as the same message; a refusal with no key sends no
detail; values too long to send are left out and the key alone goes."""
from __future__ import annotations

import json

import grpc

from shared import statusdetails
from shared.i18n import Rendered


def test_a_keyed_refusal_is_read_back_with_its_key_values_and_words():
    said = Rendered("refused-no-such-ticket", {"ticket_id": "t-1"}, "Es gibt kein Ticket t-1.")
    trailing = statusdetails.trailing(grpc.StatusCode.NOT_FOUND, said)
    assert [key for key, _ in trailing] == [statusdetails.KEY]
    detail = statusdetails.read([("other", b"x"), *trailing])
    assert (detail.key, json.loads(detail.args_json), detail.text) == (
        "refused-no-such-ticket", {"ticket_id": "t-1"}, "Es gibt kein Ticket t-1.")


def test_a_refusal_without_a_key_sends_no_detail():
    assert statusdetails.trailing(grpc.StatusCode.INTERNAL, Rendered("", {}, "internal error")) == ()
    assert statusdetails.read([]) is None


def test_values_too_long_to_send_are_left_out_and_the_key_still_goes():
    said = Rendered("refused-x", {"quoted": "y" * (statusdetails.MAX_ARGS_JSON + 1)}, "no")
    detail = statusdetails.read(statusdetails.trailing(grpc.StatusCode.INVALID_ARGUMENT, said))
    assert (detail.key, detail.args_json, detail.text) == ("refused-x", "{}", "no")


def test_a_detail_that_is_not_a_status_is_no_detail():
    assert statusdetails.read([(statusdetails.KEY, b"\xff\xff not a status")]) is None
