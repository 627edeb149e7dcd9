"""The end of a game (step 4 of the life of a game, services/deck/app.py): once
its stream says it is over, its server seed is logged in the clear."""
from __future__ import annotations

from services.deck.checks import PRIVILEGED, check_name, require_role
from services.deck.decklog import DeckLog
from services.deck.records import RevealRecord
from services.deck.seeds import Seeds
from services.tournament import draws as tournament_draws
from services.tournament import stream as tournament_stream
from shared import gamestream, seatdraws, telemetry
from shared.auth import Identity
from shared.errors import AlreadyExists, FailedPrecondition, NotFound, Unavailable

log = telemetry.get_logger("deck")


class Reveals:
    def __init__(self, deck_log: DeckLog, seeds: Seeds, games, tournaments):
        self.log = deck_log
        self.seeds = seeds
        self.games = games  # a JetStreamEventStore on the GAMES stream (read only)
        self.tournaments = tournaments  # ... on the TOURNAMENTS stream (read only): when draws end

    async def _game_over(self, game: str, game_id: str) -> bool:
        if game == tournament_draws.DRAWS_GAME:
            return await self._tournament_over(game_id)
        # a private table's seat draw ends with the game it seated (shared/seatdraws.py)
        game_id = seatdraws.game_of(game_id) or game_id
        # over: finished (GameOver) or cancelled (GameCancelled); either way the seed is revealed,
        # so that every game that ends can be exported and audited
        events = await self.games.read(gamestream.subject_for(game, game_id))
        return any(e.type in (gamestream.GAME_OVER, gamestream.GAME_CANCELLED) for e in events)

    async def _tournament_over(self, draws_id: str) -> bool:
        """A tournament's seating draws are a deck game too (services/tournament/draws.py): they
        end when the tournament's own stream holds TournamentFinished, not with a GameOver."""
        tournament_id = tournament_draws.tournament_of(draws_id)
        if tournament_id is None or self.tournaments is None:
            return False
        events = await self.tournaments.read(tournament_stream.subject_for(tournament_id))
        return any(e.type == tournament_stream.FINISHED_EVENT for e in events)

    async def reveal(self, identity: Identity, game_id: str) -> tuple[bytes, int]:
        require_role(identity, PRIVILEGED, "Reveal")
        check_name(game_id, "the game id")
        committed = await self.seeds.committed(game_id)
        if committed is None:
            raise NotFound(f"the deck has no game {game_id!r}")
        done = self.log.index.reveals.get(game_id)
        if done is not None:
            return bytes.fromhex(done[1].server_seed), done[0]
        if not await self._game_over(committed.game, game_id):
            raise FailedPrecondition(f"game {game_id!r} is not over ({gamestream.subject_for(committed.game, game_id)} has no "
                                     f"GameOver or GameCancelled event): its seed stays secret until the game ends")
        secrets = await self.seeds.secrets_of(game_id)
        if secrets is None:
            raise Unavailable(f"the sealed seed of game {game_id!r} is missing from the deck's store")
        await self.seeds.freeze(game_id, secrets, wait=False)
        record = RevealRecord.of(game_id, secrets.server_seed, committed.algorithm)
        index, leaf, appended = await self.log.append_once(("reveal", game_id), record.to_bytes())
        if leaf != record.to_bytes():
            raise AlreadyExists(f"the log holds another reveal of game {game_id!r}")
        if appended:
            log.info("seed revealed", game_id=game_id, log_index=index)
        return secrets.server_seed, index
