"""Reading the scripts' replies: Redis answers bytes, and a create refused
because a player holds a live ticket names that player and ticket."""
from __future__ import annotations

from typing import Any

from services.matchmaking.tickets import Ticket


class LiveTicketExists(Exception):
    def __init__(self, player: str, ticket_id: str):
        super().__init__(player, ticket_id)
        self.player = player
        self.ticket_id = ticket_id


def text(v: Any) -> str:
    return v.decode() if isinstance(v, bytes) else str(v)


def raise_conflict(ticket: Ticket, result) -> None:
    status = text(result[0])
    if status == "ok":
        return
    if status == "live":
        raise LiveTicketExists(ticket.players[int(result[1]) - 1], text(result[2]))
    raise ValueError(f"ticket id {ticket.ticket_id} is taken")
