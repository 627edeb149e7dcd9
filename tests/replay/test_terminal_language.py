"""`foodgames play --language de` against real rules engines over gRPC: the client asks the
server for German (its requests' `language`, its connection's accept-language), so the server's
refusals and messages come back in German beside the client's and the game renderer's words."""
from __future__ import annotations

import io
import re

from rich.console import Console

from apps.cli.main import build_parser
from apps.cli.play import client_options
from apps.terminal.app import ScriptedInput, TerminalClient
from apps.terminal.remember import Remembered, save_remembered, state_path
from tests.replay.conftest import create


async def test_a_player_who_asks_for_german_reads_the_table_and_the_servers_refusal_in_german(tables, tmp_path):
    # given ann's seat of a Foodie Forest game with bob, both choosing their recipes (the client
    # rejoins it from its saved place; no deck service here: the client says so and plays on)
    name = "foodie-forest"
    game_id = await create(tables.runtime(name), ["ann", "bob"])
    settings = tables.settings.with_(data_dir=tmp_path,
                                     addresses={**tables.settings.addresses, "deck": "127.0.0.1:9"})
    save_remembered(state_path(settings, name, "ann"), Remembered(name, game_id=game_id, seat=0, ranked=False))
    args = build_parser(["play"]).parse_args(["play", name, "--name", "ann", "--language", "de", "--plain"])
    args.options = dict(args.options)
    out = io.StringIO()
    me = TerminalClient(settings, "ann", name, console=Console(file=out, width=120, color_system=None,
                                                               force_terminal=False),
                        input_source=ScriptedInput(["play bug-3", "q"]), **client_options(args))
    # when she types a card while the recipes are being chosen, then leaves
    status = await me.run()
    text = out.getvalue()
    assert status == 0, text
    # then the table, the game's prompt and the client's own lines are German
    assert f"Zurück in Partie {game_id} als ann (Platz 0)" in text
    assert "Foodie Forest - Runde 1 von 5" in text and "Deine Hand (13 Karten)" in text
    assert "Du bist dran: Wähle verdeckt ein Rezept für diese Runde." in text
    # and the server refused the move in German: the rules' reason as the call's language reads it
    assert len(me.rejections) == 1 and me.rejections[0].startswith("der Server hat Käfer 3 ausspielen abgelehnt: ")
    assert "Rezept" in me.rejections[0] and "recipe" not in me.rejections[0], me.rejections
    # (its reason alone: a status code like FAILED_PRECONDITION is for programs, not for players)
    assert not re.search(r"\b[A-Z]+_[A-Z_]+\b", me.rejections[0]), me.rejections
    assert "Du hast den Tisch verlassen; `foodgames play foodie-forest --name ann` bringt dich zurück." in text
    assert not re.search(r"\b(Deal|Your hand|Your turn|Rejoining|the server refused)\b", text), text
