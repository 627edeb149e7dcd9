"""Where the matchmaker keeps tickets and tables in Redis (Valkey): the key layout.

Key layout (prefix P, default "mm"):

  P:t:<ticket_id>          hash   the ticket (tickets.Ticket.to_hash); final tickets expire after a day
  P:q:<queue>              zset   searching tickets of a queue, scored by created_at (oldest first);
                                  queue = "<game>:ranked" or "<game>:casual", then ":<options>"
                                  for a ticket asking for game options (tickets.queue_name)
  P:qd:<queue>             hash   ticket_id -> compact summary the matcher needs (size, range, time, ratings)
  P:qs:<queue>             hash   ticket_id -> when its players were last seen (a ticket's watch or call)
  P:queues                 set    queue names that ever had a ticket
  P:live:<game>:<player>   string ticket_id of the player's one live (inviting, searching or claimed)
                                  ticket; an invitation holds only the keys of those who accepted it
  P:inv:<player>           set    ids of invitations naming the player that they have not accepted
  P:m:<match_id>           hash   a table being created: its JSON (seats, tickets, quality), owner, lease
  P:pending                zset   match_id -> lease deadline; past it, any replica takes the table over
  P:lock:<queue>           string which replica runs the matching pass of a queue now (a short lease;
                                  an optimisation only: correctness rests on the claim script)
  P:botfill:<queue>        string bots were asked for this queue lately (lives bot_fill_after_s)

All keys of one call are passed as KEYS. On Redis Cluster they would need one
hash slot per queue (a {queue} hash tag in every key and the queue in the
ticket id); this project runs one Valkey, so they do not have it yet.
"""
from __future__ import annotations


class TicketKeys:
    """The names of the keys under one prefix."""

    def __init__(self, prefix: str = "mm"):
        self.prefix = prefix

    def ticket_key(self, ticket_id: str) -> str:
        return f"{self.prefix}:t:{ticket_id}"

    def queue_key(self, queue: str) -> str:
        return f"{self.prefix}:q:{queue}"

    def queue_data_key(self, queue: str) -> str:
        return f"{self.prefix}:qd:{queue}"

    def seen_key(self, queue: str) -> str:
        return f"{self.prefix}:qs:{queue}"

    def live_key(self, game: str, player: str) -> str:
        return f"{self.prefix}:live:{game}:{player}"

    def invitations_key(self, player: str) -> str:
        return f"{self.prefix}:inv:{player}"

    def match_key(self, match_id: str) -> str:
        return f"{self.prefix}:m:{match_id}"

    @property
    def queues_key(self) -> str:
        return f"{self.prefix}:queues"

    @property
    def pending_key(self) -> str:
        return f"{self.prefix}:pending"

    def lock_key(self, queue: str) -> str:
        return f"{self.prefix}:lock:{queue}"

    def botfill_key(self, queue: str) -> str:
        return f"{self.prefix}:botfill:{queue}"
