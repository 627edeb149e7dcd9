"""Asking the house bots for seats over NATS (botfill.py decides when and how many).

The request goes to BOTS_WANTED_SUBJECT with a reply subject; one house of the queue group
takes it and answers {"started": n} (apps/bots/house.py). No house listening (none running, or
every one at its budget: a full house leaves the group) is NATS's "no responders", at once; a
house that does not answer within `timeout_s` counts as none. Either way the answer says no
bot started, and the waiting ticket is told (botfill.ticket_note).
"""
from __future__ import annotations

import json
from typing import Any, Mapping

from services.matchmaking.botfill import BOTS_WANTED_SUBJECT, HouseAnswer
from shared import telemetry

log = telemetry.get_logger("matchmaking")


class NatsHouse:
    def __init__(self, nc, subject: str = BOTS_WANTED_SUBJECT, timeout_s: float = 2.0):
        self.nc, self.subject, self.timeout_s = nc, subject, timeout_s

    async def ask(self, body: Mapping[str, Any]) -> HouseAnswer:
        import nats.errors

        asked = int(body["count"])
        try:
            reply = await self.nc.request(self.subject, json.dumps(dict(body), separators=(",", ":")).encode(),
                                          timeout=self.timeout_s, headers=telemetry.inject({}))
        except nats.errors.NoRespondersError:
            return HouseAnswer(asked, 0, "no house bots listening (none running, or all at their budget)")
        except TimeoutError:
            return HouseAnswer(asked, 0, f"no house answered within {self.timeout_s:g} s")
        try:
            started = int(json.loads(reply.data)["started"])
        except (ValueError, KeyError, TypeError):
            log.warning("the house answered something else", answer=reply.data[:200])
            return HouseAnswer(asked, 0, "the house's answer was not understood")
        return HouseAnswer(asked, min(max(started, 0), asked), "" if started >= asked else "the house is full")
