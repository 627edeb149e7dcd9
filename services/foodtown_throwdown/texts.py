"""The game's texts (texts/en.ftl, texts/de.ftl), built once for the declaration and the
terminal renderer alike (a module of its own, so that render.py need not import __init__)."""
from __future__ import annotations

from pathlib import Path

from shared.i18n import Catalogue

TEXTS = Catalogue.of_game(Path(__file__).parent)
