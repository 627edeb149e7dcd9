"""Events the runtime itself writes into a game's stream, beside the rules'
own events. Rules never see them; tools (leaderboard, audit) rely on them."""
from __future__ import annotations

from typing import Any

GAME_CREATED = "GameCreated"      # {game, game_id, players, options, ranked}
SEED_COMMITTED = "SeedCommitted"  # {commitment, log_index}
SHUFFLE_APPLIED = "ShuffleApplied"  # {deck, k, order}  (secret until the game ends)
GAME_OVER = "GameOver"            # {game, game_id, players, points, placings, team_won, difficulty, ranked}
SEED_REVEALED = "SeedRevealed"    # {server_seed}

RUNTIME_EVENTS = frozenset({GAME_CREATED, SEED_COMMITTED, SHUFFLE_APPLIED, GAME_OVER, SEED_REVEALED})
# Runtime events a seat may see as they are; ShuffleApplied would expose the deck order.
PUBLIC_RUNTIME_EVENTS = frozenset({GAME_CREATED, SEED_COMMITTED, GAME_OVER, SEED_REVEALED})


def record(event_type: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"type": event_type, "schema_version": 1, "data": data}


def subject_for(game: str, game_id: str) -> str:
    return f"games.{game}.{game_id}"
