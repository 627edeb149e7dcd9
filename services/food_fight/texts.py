"""Food Fight's texts in every language (texts/en.ftl, texts/de.ftl): one Catalogue, read by the
game's declaration and by the terminal renderer alike. Card ids name one card each (copies
share the id), so a card's text key is its id."""
from __future__ import annotations

from pathlib import Path

from shared.i18n import Catalogue

TEXTS = Catalogue.of_game(Path(__file__).parent)
