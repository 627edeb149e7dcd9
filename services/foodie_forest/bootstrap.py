"""The Foodie Forest rules engine: the shared runtime hosting this game's rules."""
from __future__ import annotations

from shared.config import Settings
from shared.runtime.bootstrap import serve_rules


async def serve(settings: Settings, port: int) -> None:
    from services.foodie_forest.rules import RULES

    await serve_rules(RULES, settings, port)
