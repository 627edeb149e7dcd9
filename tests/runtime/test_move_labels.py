"""A legal move's label (ListLegalMoves' labels): the game's text for it, and the renderer's
own label only where the texts have none."""
from __future__ import annotations

from shared import games
from shared.i18n import Message
from shared.runtime.narrate import Narrator


class CountingRenderer:
    def __init__(self, label: str = "a renderer's label"):
        self.label, self.asked = label, 0

    def move_label(self, move):
        self.asked += 1
        return self.label


class Messages:
    """A game's messages: one move with a text, one without."""

    def move_message(self, move, players, seat):
        return Message("move-play", {"card": move["card"]}) if move["type"] == "play" else Message("move-nothing-says-this", {})


def narrator(renderer) -> Narrator:
    game = games.get("foodie-forest")
    return Narrator(game.texts, Messages(), renderer)


def test_a_move_whose_message_the_texts_have_is_labelled_by_them_without_asking_the_renderer():
    # given a game whose texts have the move's message
    renderer = CountingRenderer()
    said = narrator(renderer).move({"type": "play", "card": "x"}, ["ann", "bob"], 0, "de")
    # then the label is its text, and the renderer (which formats its label anew every time) is not asked
    assert said.key == "move-play" and "ausspielen" in said.text and said.text != renderer.label
    assert renderer.asked == 0


def test_a_move_whose_message_no_language_has_is_labelled_by_the_renderer():
    renderer = CountingRenderer("take the top card")
    said = narrator(renderer).move({"type": "other"}, ["ann", "bob"], 0, "de")
    assert said.text == "take the top card" and renderer.asked == 1
