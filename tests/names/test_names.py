"""Player names follow one rule everywhere (shared.names): printable letters, digits and a few
marks, bounded, nothing a terminal or a browser would act on, and the stack's own names
(services, operators, bots) reserved."""
from __future__ import annotations

import pytest

from shared import names
from shared.auth import mint_token, verify_token
from shared.config import Settings

HOSTILE = {
    "NUL": "ann\x00",
    "ESC (an ANSI colour)": "\x1b[31mann",
    "BEL": "ann\x07",
    "DEL": "ann\x7f",
    "a zero-width space": "an\u200bn",
    "a zero-width joiner": "an\u200dn",
    "a right-to-left override": "\u202eann",
    "a bidi isolate": "ann\u2066",
    "a blank": "two words",
    "a tab": "ann\tbob",
    "a newline": "ann\nbob",
    "HTML": "<script>alert(1)</script>",
    "an ampersand": "tom&jerry",
    "a quote": "o'brien\"",
    "too long": "a" * (names.MAX_NAME + 1),
    "nothing": "",
    "a leading combining mark": "\u0301ann",
}


@pytest.mark.parametrize("why", sorted(HOSTILE))
def test_a_name_that_could_fool_a_screen_is_refused_saying_why(why):
    with pytest.raises(names.InvalidName) as refused:
        names.check(HOSTILE[why])
    message = str(refused.value)
    assert "player name" in message
    # the message itself is safe to show: no raw control or formatting character in it
    assert all(ch.isprintable() for ch in message), message


@pytest.mark.parametrize("name", ["ann", "Bob_2", "zoë", "José", "Łukasz", "渡辺", "علي", "dmitri.k",
                                  "ann@example.org", "auth0|5f1e", "a" * names.MAX_NAME])
def test_names_in_any_script_with_a_few_marks_are_accepted(name):
    assert names.check(name) == name and names.check_chosen(name) == name


@pytest.mark.parametrize("name,owner", [("operator", "operators"), ("Operator7", "operators"),
                                        ("svc:matchmaking", None), ("bot-foodie-forest-ab12-1", "bots"),
                                        ("BOT-1", "bots"), ("ｂｏｔ-1", "bots")])
def test_the_stacks_own_names_cannot_be_chosen_at_sign_in(name, owner):
    with pytest.raises(names.InvalidName) as refused:
        names.check_chosen(name)
    if owner:
        assert owner in str(refused.value)


def test_bots_sit_at_tables_but_services_and_operators_do_not():
    assert names.check_seated("bot-foodie-forest-ab12-1")
    for name in ("svc:matchmaking", "operator"):
        with pytest.raises(names.InvalidName):
            names.check_seated(name)


def test_tokens_are_minted_only_for_names_of_the_rule_and_of_their_role(tmp_path):
    settings = Settings(data_dir=tmp_path, token_key="names-test-key-" + "z" * 32)
    assert verify_token(settings.resolved_token_key(), mint_token(settings, "bot-1")).player == "bot-1"
    assert verify_token(settings.resolved_token_key(), mint_token(settings, "svc:deck", "service")).role == "service"
    assert mint_token(settings, "operator", "operator")
    for player, role in [("ann\x1b[2J", "player"), ("svc:deck", "player"), ("operator", "player"),
                         ("deck", "service"), ("svc:two words", "service"), ("<b>op</b>", "operator")]:
        with pytest.raises(ValueError):
            mint_token(settings, player, role)
