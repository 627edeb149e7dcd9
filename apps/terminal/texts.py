"""The terminal client's own words in every language (texts/en.ftl, texts/de.ftl), loaded as a
game's are (services/<game>/texts.py), the shared texts after them (a table's bots are named by
shared/texts' `player-bot`). A game's table is drawn by its own renderer in its own words.

    say = Texts("de")
    say("queue-matched", game_id="g-1", seat=0)   # "Tisch gefunden: Partie g-1, du sitzt auf Platz 0"
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shared import games
from shared.i18n import DEFAULT, LANGUAGES, Catalogue

FOLDER = Path(__file__).parent / "texts"
TEXTS = Catalogue.of_game(Path(__file__).parent)


@dataclass(frozen=True)
class Texts:
    """The terminal's words in one language: `say(key, **args)`."""

    language: str = DEFAULT

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise ValueError(f"no texts in {self.language!r}; languages: {', '.join(LANGUAGES)}")

    def __call__(self, key: str, **args: Any) -> str:
        return TEXTS.text(key, args, self.language)

    def title(self, game: str) -> str:
        """The game's title in this language ("Food Fight"), or its name for a game not declared here."""
        return games.title_of(game, self.language)

    def decimal(self, value: float, places: int = 2, signed: bool = False) -> str:
        """A number as this language writes it ("3.25", "+1.75"; German "3,25")."""
        text = f"{value:{'+' if signed else ''}.{places}f}"
        return text.replace(".", ",") if self.language == "de" else text

    def yes(self, answer: str | None) -> bool:
        """Whether a typed answer means yes (`play-yes`; English y/yes are always understood)."""
        words = {w.strip().lower() for w in self("play-yes").split(",")} | {"y", "yes"}
        return (answer or "").strip().lower() in words
