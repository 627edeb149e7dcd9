"""Bots: players that see exactly what one seat's view shows and pick one of its legal moves.

Every bot of every game has one method, `choose(view, legal_moves) -> move`, where `view` is
the dict a rules module's `view(state, seat)` returns (what GameService.GetView / WatchGame
send that seat) and `legal_moves` the seat's legal moves. A bot never gets the state, another
seat's view or the events of the stream: whatever it remembers, it saw in its own views.

    make_bot("foodie-forest", "heuristic", seed=7).choose(view, view["legal_moves"])

`apps.bots.arena` plays bots in-process with the pure rules (no services);
`apps.sdk.seatplayer` plays one seat over gRPC (matchmaker, deck seed, watch stream).
"""
from __future__ import annotations

from apps.bots.base import Bot, FirstBot, RandomBot, bot_kinds, make_bot

__all__ = ["Bot", "RandomBot", "FirstBot", "make_bot", "bot_kinds"]
