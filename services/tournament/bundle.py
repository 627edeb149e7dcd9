"""The tournament audit bundle: one JSON document from which `foodgames tournament verify`
checks a whole tournament offline (docs/tournaments.md, "The bundle"):

    {"format": "foodgames-tournament-bundle-v1",
     "tournament_id": str, "game": str,
     "events": [{"type", "schema_version", "data"}, ...],   the tournament's stream, in order
     "draws": {...},        the deck's audit bundle of the draws game (tournament-<id>-draws)
     "games": {game_id: {...}, ...}}   each table's game audit bundle (foodgames-audit-bundle-v2)
"""
from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

BUNDLE_FORMAT = "foodgames-tournament-bundle-v1"


def build_bundle(tournament_id: str, game: str, events: Sequence[Mapping[str, Any]],
                 draws: Mapping[str, Any], games: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    return {"format": BUNDLE_FORMAT, "tournament_id": tournament_id, "game": game,
            "events": [dict(e) for e in events], "draws": dict(draws),
            "games": {gid: dict(b) for gid, b in games.items()}}


def bundle_json(bundle: Mapping[str, Any]) -> str:
    return json.dumps(bundle, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n"
