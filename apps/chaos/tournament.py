"""A tournament in a chaos run (issue 25: "every tournament round closed once"): a small Swiss
created through the tournament service when the run starts, each of its tables played by the
game's bots as the run's other tables are (apps/chaos/traffic.play: every seat with its
entrant's own token, retried through faults, every acknowledged move in the ledger, so the
game checks cover its games too). Afterwards its bundle must show each of its rounds closed
exactly once, the tournament finished, and verify offline (apps/audit/tournament.py)."""
from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from typing import Callable

import grpc
import orjson
from foodgames.v1 import tournament_pb2 as pb
from foodgames.v1 import tournament_pb2_grpc as pb_grpc

from apps.chaos.checks import Violation
from apps.chaos.ledger import GameLedger, Ledger
from apps.chaos.traffic import RETRY_DEADLINE_S, play
from apps.sdk.connection import Backoff, with_retries
from shared.auth import mint_token
from shared.channels import client_channel
from shared.config import Settings

GAME = "foodie-forest"
ENTRANTS, ROUNDS = 4, 2  # one table of four a round: two games

# The checks of the tournament (apps/chaos/checks.CHECKS has the games' and the run's).
ROUND_CLOSES, UNFINISHED, TOURNAMENT_AUDIT = (
    "tournament round not closed exactly once", "tournament not finished", "tournament audit fails")
CHECKS = (ROUND_CLOSES, UNFINISHED, TOURNAMENT_AUDIT)


class TournamentTraffic:
    """The run's tournament, from its creation until it finishes or stop() and the drain end."""

    def __init__(self, settings: Settings, ledger: Ledger, seed: int, say: Callable[[str], None] = print):
        self.settings, self.ledger, self.say = settings, ledger, say
        self.tournament_id = f"chaos-{seed}-{uuid.uuid4().hex[:6]}"
        self.entrants = [f"chaos-t{seed}-{i}" for i in range(ENTRANTS)]
        self.error = ""
        self._tables: dict[str, asyncio.Task] = {}

    def _stub(self, channel) -> pb_grpc.TournamentServiceStub:
        return pb_grpc.TournamentServiceStub(channel)

    async def run(self) -> None:
        channel = client_channel(self.settings.address("tournament"),
                                 mint_token(self.settings, "chaos-operator", "operator"))
        api = self._stub(channel)
        try:
            await self._create(api)
            self.say(f"  tournament {self.tournament_id}: {ENTRANTS} entrants of {GAME}, {ROUNDS} rounds")
            while True:
                t = (await with_retries(lambda: api.GetTournament(
                    pb.GetTournamentRequest(tournament_id=self.tournament_id), timeout=10),
                    Backoff(RETRY_DEADLINE_S))).tournament
                if t.phase == "finished":
                    break
                for r in t.round_list:
                    for table in r.tables:
                        if table.game_id and table.game_id not in self._tables:
                            game = GameLedger(GAME, table.game_id, tuple(table.seats), t.ranked, "tournament")
                            self.ledger.games.append(game)
                            self._tables[table.game_id] = asyncio.create_task(play(self.settings, game))
                await asyncio.sleep(0.2)
            await asyncio.gather(*self._tables.values())
        except (grpc.aio.AioRpcError, OSError) as exc:
            said = exc.details() if isinstance(exc, grpc.aio.AioRpcError) else str(exc)
            self.error = f"{type(exc).__name__}: {said}"[:300]
        finally:
            for task in self._tables.values():
                task.cancel()
            await asyncio.gather(*self._tables.values(), return_exceptions=True)
            await channel.close()

    async def _create(self, api) -> None:
        request = pb.CreateTournamentRequest(tournament_id=self.tournament_id, game=GAME,
                                             entrants=self.entrants, rounds=ROUNDS)
        try:
            # the same id on every try: a retry after a lost answer finds it made
            await with_retries(lambda: api.CreateTournament(request, timeout=10), Backoff(RETRY_DEADLINE_S))
        except grpc.aio.AioRpcError as exc:
            if exc.code() != grpc.StatusCode.ALREADY_EXISTS:
                raise

    async def bundle(self) -> dict:
        async with client_channel(self.settings.address("tournament"),
                                  mint_token(self.settings, "chaos-operator", "operator")) as channel:
            reply = await with_retries(lambda: self._stub(channel).ExportTournamentBundle(
                pb.ExportTournamentBundleRequest(tournament_id=self.tournament_id), timeout=30), Backoff(30))
        return orjson.loads(reply.bundle_json)


def round_closes(events: list[dict], rounds: int) -> list[Violation]:
    """Each of the tournament's rounds closed exactly once in its stream (a replica that took
    over a tournament it did not know was finished, or two replicas running it, would close a
    round twice)."""
    closed = Counter(int(e["data"]["round"]) for e in events if e.get("type") == "RoundClosed")
    return [Violation(ROUND_CLOSES, "", f"round {n} closed {closed.get(n, 0)} times")
            for n in range(1, rounds + 1) if closed.get(n, 0) != 1] + \
           [Violation(ROUND_CLOSES, "", f"round {n} closed, of a tournament of {rounds}")
            for n in sorted(closed) if not 1 <= n <= rounds]


async def check_tournament(traffic: TournamentTraffic) -> list[Violation]:
    from apps.audit.tournament import verify_tournament

    if traffic.error:
        return [Violation(UNFINISHED, "", f"{traffic.tournament_id}: its clients stopped: {traffic.error}")]
    bundle = await traffic.bundle()
    events = bundle.get("events") or []
    found = round_closes(events, ROUNDS)
    if not any(e.get("type") == "TournamentFinished" for e in events):
        found.append(Violation(UNFINISHED, "", f"{traffic.tournament_id} has no TournamentFinished"))
    report = verify_tournament(bundle)
    found += [Violation(TOURNAMENT_AUDIT, "", f"{c.name}: {c.reason}"[:300]) for c in report.failures]
    return found
