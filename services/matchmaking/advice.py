"""What a game recommends for the tables a ticket may form (Ticket.advice), in the caller's
language: the game's `messages.table_advice(players, options)` (shared.games.Messages), rendered
with the game's texts. Forestaurant's rulebook: "When playing with 5 players, it is recommended
to use some of these modifications!"."""
from __future__ import annotations

from foodgames.v1 import event_pb2

from shared import games
from shared.i18n import DEFAULT, Rendered
from shared.apimessage import message_of


def ticket_advice(ticket, language: str | None) -> list[event_pb2.Message]:
    """The advice for `ticket`'s table sizes (its table, once matched), each once."""
    if ticket.game not in games.names():
        return []
    game = games.get(ticket.game)
    advise = getattr(game.messages, "table_advice", None)
    if advise is None or game.texts is None:
        return []
    sizes = [ticket.table_size] if ticket.table_size else range(ticket.min_players, ticket.max_players + 1)
    out, seen = [], set()
    for size in sizes:
        for message in advise(size, dict(ticket.options)):
            if message.key in seen:
                continue
            seen.add(message.key)
            out.append(message_of(Rendered(message.key, message.args, game.texts.render(message, language or DEFAULT))))
    return out
