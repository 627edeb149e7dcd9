"""The terminal client in English and German: its own texts (apps/terminal/texts/) agree in both
languages, and `foodgames play --language` (default: the locale's) reaches the game's renderer and
the client's own words."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from apps.cli.main import build_parser
from apps.cli.play import client_options
from apps.terminal import texts as terminal_texts
from apps.terminal.app import ScriptedInput, TerminalClient
from apps.terminal.texts import Texts
from apps.terminal.tui import TableApp
from services.foodie_forest.rules import RULES
from shared.config import Settings
from shared.i18n import LANGUAGES, Catalogue
from tests.play.test_render import known_state

TERMINAL = Path(terminal_texts.__file__).parent
OWN = Catalogue([terminal_texts.FOLDER])  # the terminal's own files, without the shared texts


def test_the_terminal_texts_have_the_same_keys_arguments_and_attributes_in_every_language():
    english = OWN.keys("en")
    assert len(english) > 80
    for language in LANGUAGES:
        keys = OWN.keys(language)
        assert keys == english, (language, sorted(english - keys), sorted(keys - english))
        for key in sorted(keys):
            assert OWN.variables(key, language) == OWN.variables(key, "en"), (language, key)
            assert OWN.attributes(key, language) == OWN.attributes(key, "en"), (language, key)


def test_every_text_the_terminal_code_names_is_in_its_texts():
    # given every key the terminal's code passes to its texts (say("key", ...), self.t("key", ...))
    sources = [*TERMINAL.glob("*.py"), TERMINAL.parent / "cli" / "play.py", TERMINAL.parent / "cli" / "replay.py"]
    named = set()
    for path in sources:
        named |= set(re.findall(r"""\b(?:t|say|Texts\([a-z.]*\))\(["']([a-z][a-z0-9-]*)["']""", path.read_text()))
    named |= set(TableApp.BINDING_TEXTS.values())
    assert {"queue-searching", "table-waiting", "final-place", "build-subset", "tui-key-back"} <= named
    # then each is a text of the terminal (or a shared one) in every language
    for language in LANGUAGES:
        assert not {k for k in named if not terminal_texts.TEXTS.has(k, language)}, language


def test_every_way_a_search_or_table_ends_is_said_in_every_language():
    # given every key the SDK gives a search or table that ended (QueueEnded(..., key="..."))
    sdk = TERMINAL.parent / "sdk"
    keys = {k for path in sdk.glob("*.py") for k in re.findall(r'QueueEnded\([^)]*?key="([a-z-]+)"', path.read_text(), re.S)}
    assert {"ticket", "stream", "table-expired", "table-closed", "no-rematch"} <= keys
    # then the terminal says each in every language, with the values the SDK gives it
    for language in LANGUAGES:
        assert not {k for k in keys if not terminal_texts.TEXTS.has(f"ended-{k}", language)}, language
    assert Texts("de")("ended-ticket", state="cancelled", reason="Essen") == "Die Suche wurde abgebrochen: Essen"
    assert Texts("en")("ended-table-closed", host="ann") == "ann closed the table before it started."


@pytest.mark.parametrize("language, one, two", [
    ("en", "at the table: ann (1 seat free)", "at the table: ann (2 seats free)"),
    ("de", "am Tisch: ann (1 Platz frei)", "am Tisch: ann (2 Plätze frei)"),
])
def test_free_seats_and_points_read_in_the_singular_and_the_plural(language, one, two):
    say = Texts(language)
    assert say("table-waiting", players="ann", free=1) == one
    assert say("table-waiting", players="ann", free=2) == two
    assert say("final-place", place=1, player="ann", points=1).endswith(("1 point", "1 Punkt"))
    assert say("final-place", place=1, player="ann", points=2).endswith(("2 points", "2 Punkte"))


@pytest.mark.parametrize("environment, language", [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "de_AT"}, "de"), ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"), ({}, "en"), ({"LC_ALL": "de_CH.UTF-8", "LANG": "en_US"}, "de"),
    ({"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),
])
def test_the_play_commands_language_is_the_locales_unless_given(monkeypatch, capsys, environment, language):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    parser = build_parser(["play"])
    assert parser.parse_args(["play", "foodie-forest", "--name", "dan"]).language == language
    assert parser.parse_args(["play", "foodie-forest", "--name", "dan", "--language", "en"]).language == "en"
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--help"])
    assert re.search(r"--language \{en,de\}\s+the language of the screen", capsys.readouterr().out)


async def test_play_with_language_de_draws_the_table_and_says_its_words_in_german(tmp_path, monkeypatch):
    # given `foodgames play foodie-forest --name dan --language de` (in an English locale) and dan's turn
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    args = build_parser(["play"]).parse_args(["play", "foodie-forest", "--name", "dan", "--language", "de",
                                              "--plain"])
    args.options = dict(args.options)
    out = io.StringIO()
    me = TerminalClient(Settings(data_dir=tmp_path, token_key="language-test-key-" + "l" * 32), args.name, args.game,
                        console=Console(file=out, width=120, color_system=None, force_terminal=False),
                        input_source=ScriptedInput(["9", "was jetzt?", "2"]), **client_options(args))
    state = known_state()
    view, legal = RULES.view(state, 3), list(RULES.legal_moves(state, 3))
    try:
        # when the client asks dan for a move and he mistypes twice before picking the second
        assert await me._choose(view, legal) == legal[1]
    finally:
        await me.conn.close()
    text = out.getvalue()
    # then the game's renderer drew the table in German, and the client said its own words in German
    assert "Foodie Forest - Runde 1 von 5 - Geber: ann" in text and "Deine Hand (13 Karten)" in text
    assert "Du bist dran: Spiel eine Karte aus." in text  # the game's prompt
    assert "9 steht nicht auf der Liste: wähle 1 bis 5" in text
    assert "'was jetzt?' ist kein Zug: tippe eine Nummer oder einen Zug wie 'play bug-herb'" in text
    assert not re.search(r"\b(Deal|Dealer|Your hand|Your turn|is not on the list)\b", text), text
    # and its calls ask for German: every call's accept-language, and the chat's requests
    assert me.conn.language == "de" and me.talk.language == "de"


@pytest.mark.parametrize("language, searching, matched", [
    ("en", "ticket searching (for 0.1s)", "ticket matched after 4.7s"),
    ("de", "Ticket sucht (seit 0,1 s)", "Ticket zugeteilt nach 4,7 s"),
])
def test_a_search_in_progress_says_how_long_it_has_run_and_a_finished_one_how_long_it_took(language, searching, matched):
    # ("Ticket sucht nach 0,1 s" read as a search that began after 0.1 s)
    say = Texts(language)
    decimal = say.decimal
    assert say("queue-ticket", state="searching", seconds=decimal(0.1, 1)) == searching
    assert say("queue-ticket", state="matched", seconds=decimal(4.7, 1)) == matched
    assert say("table-waiting", players=["ann", "bob"], free=1).startswith(("at the table: ann and bob",
                                                                            "am Tisch: ann und bob"))
