"""The seat draw of a private table is a deck game of its own (as a tournament's seating draws
are, services/tournament/draws.py): id `<game id>-seats`, committed with the game's name and
the seated players (sorted), one Shuffle of deck `seats`. The deck reveals its seed once the
game it seated is over (GameOver or GameCancelled on that game's stream), so nobody can
predict the draw before it is made, and anyone can re-derive it afterwards."""
from __future__ import annotations

SUFFIX = "-seats"
PREFIX = "pt-"  # private tables' game ids (services/matchmaking/tableservice.py)


def draw_id(game_id: str) -> str:
    return f"{game_id}{SUFFIX}"


def game_of(draw: str) -> str | None:
    """The seated game's id of a seat draw id, or None when `draw` is not one."""
    if draw.startswith(PREFIX) and draw.endswith(SUFFIX) and len(draw) > len(PREFIX + SUFFIX):
        return draw[:-len(SUFFIX)]
    return None
