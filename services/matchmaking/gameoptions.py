"""A ticket's or private table's game options, checked before any table forms as the game will
check them when it sets up (its rules' `initial_state`), and refused in the game's own words in
the caller's language: a player learns at the queue, not later from a table that never forms."""
from __future__ import annotations

import json
from typing import Any, Mapping

from shared import games
from shared.errors import InvalidArgument, refusal_message
from shared.i18n import DEFAULT
from shared.rules import InvalidSetup

MAX_OPTIONS_BYTES = 1024


def check_size(options: Mapping[str, Any]) -> None:
    if len(json.dumps(options)) > MAX_OPTIONS_BYTES:
        raise InvalidArgument(f"the game options are too large (at most {MAX_OPTIONS_BYTES} bytes of JSON)",
                              key="options-too-large", limit=MAX_OPTIONS_BYTES)


def check_setup(game: str, options: Mapping[str, Any], seats: int, language: str | None) -> None:
    """Refuse `options` when `game` would not set up a table of `seats` with them: the refusal
    `refused-game-options` carries the game's title and its own reason, rendered from the game's
    texts in `language` (English when None)."""
    if game not in games.names():
        return
    entry = games.get(game)
    try:
        entry.rules.initial_state([f"p{i}" for i in range(seats)], dict(options))
    except InvalidSetup as exc:
        why = refusal_message(exc, entry.texts, language or DEFAULT).text
        raise InvalidArgument(f"{game} does not take these options: {exc}", key="game-options",
                              game=games.title_of(game), reason=why) from None
