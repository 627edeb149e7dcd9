"""Forestaurant's texts (texts/en.ftl, texts/de.ftl), built once: the game's declaration and the
terminal renderer read the same catalogue. Card ids are the catalogue's keys as they are (copies
share an id)."""
from __future__ import annotations

from pathlib import Path

from shared.i18n import Catalogue

TEXTS = Catalogue.of_game(Path(__file__).parent)
