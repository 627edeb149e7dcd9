"""A game's seeds: its server seed, drawn at the commitment and kept sealed in the
deck's bucket (services/deck/keys.py) while the log holds only its commitment,
and the client seeds its seats send until the first shuffle freezes them
(steps 1 to 3 of the life of a game, services/deck/app.py)."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Callable, Sequence

from services.deck import meters
from services.deck import shuffle as algo
from services.deck.checks import MAX_PLAYERS, PRIVILEGED, check_name, require_role
from services.deck.decklog import DeckLog
from services.deck.keys import SeedBox, SeedSealError
from services.deck.records import CommitmentRecord
from services.deck.store import SecretStore, game_key, seeds_key
from shared import names, telemetry
from shared.auth import Identity
from shared.errors import AlreadyExists, FailedPrecondition, InvalidArgument, NotFound, PermissionDenied, Unavailable

log = telemetry.get_logger("deck")

WINDOW_POLL_S = 0.05
# Bots send their seed the moment they learn of the match: once every human seat is in, the first
# shuffle waits this long after the commitment at most for the bot seats that are not.
BOT_SEED_GRACE_S = 1.0


@dataclass(frozen=True)
class GameSecrets:
    game: str
    players: tuple[str, ...]
    committed_at: float
    server_seed: bytes

    def __repr__(self) -> str:  # never print the seed by accident
        return f"GameSecrets(game={self.game!r}, players={self.players!r}, server_seed=<sealed>)"


@dataclass(frozen=True)
class SeedSet:
    seeds: dict[int, bytes]
    frozen: bool
    revision: int | None  # None: no document yet


class Seeds:
    """The commitment and the client seeds of every game, in the log and the bucket."""

    def __init__(self, deck_log: DeckLog, secrets: SecretStore, box: SeedBox, seed_window_s: float,
                 clock: Callable[[], float]):
        self.log = deck_log
        self.secrets = secrets
        self.box = box
        self.seed_window_s = seed_window_s
        self.clock = clock
        # the shuffle algorithm of games committed from now on; a game keeps the one its
        # commitment record names (tests set V1 to play the deck of before v2)
        self.new_game_algorithm = algo.ALGORITHM

    # -- the sealed seed and the client seeds ---------------------------------------------

    async def secrets_of(self, game_id: str) -> GameSecrets | None:
        got = await self.secrets.get(game_key(game_id))
        if got is None:
            return None
        doc, _ = got
        try:
            seed = self.box.open(game_id, doc["sealed_seed"])
        except SeedSealError as exc:
            raise FailedPrecondition(str(exc)) from None
        return GameSecrets(doc["game"], tuple(doc["players"]), float(doc["committed_at"]), seed)

    async def committed(self, game_id: str) -> CommitmentRecord | None:
        await self.log.catch_up()
        found = self.log.index.commitments.get(game_id)
        return found[1] if found else None

    async def seed_set(self, game_id: str) -> SeedSet:
        got = await self.secrets.get(seeds_key(game_id))
        if got is None:
            return SeedSet({}, False, None)
        doc, revision = got
        return SeedSet({int(s): bytes.fromhex(h) for s, h in doc["seeds"].items()}, bool(doc["frozen"]), revision)

    async def _write_seed_set(self, game_id: str, current: SeedSet, seeds: dict[int, bytes], frozen: bool,
                              frozen_by: str = "") -> bool:
        doc = {"seeds": {str(s): seeds[s].hex() for s in sorted(seeds)}, "frozen": frozen}
        if frozen:
            doc.update(frozen_at=self.clock(), frozen_by=frozen_by)
        if current.revision is None:
            return await self.secrets.create(seeds_key(game_id), doc) is not None
        return await self.secrets.update(seeds_key(game_id), doc, current.revision) is not None

    async def freeze(self, game_id: str, secrets: GameSecrets, wait: bool) -> dict[int, bytes]:
        """The frozen client seeds of a game; freezes them first when they are not
        (after waiting for every human seat, or the end of the seed wait, when `wait`)."""
        deadline = secrets.committed_at + self.seed_window_s
        humans = {seat for seat, player in enumerate(secrets.players) if names.reserved(player) != names.BOT_PREFIX}
        bots_deadline = secrets.committed_at + min(BOT_SEED_GRACE_S, self.seed_window_s)
        while True:
            current = await self.seed_set(game_id)
            if current.frozen:
                return current.seeds
            now = self.clock()
            everyone = len(current.seeds) >= len(secrets.players)
            # once the humans are in, a bot's seat (which sends at once) is waited for a moment only
            humans_in = humans <= set(current.seeds) and now >= bots_deadline
            if not wait or everyone or humans_in or now >= deadline:
                reason = "reveal" if not wait else ("every seat" if everyone else
                                                    "every human seat" if humans_in else "seed wait over")
                if await self._write_seed_set(game_id, current, current.seeds, True, reason):
                    if wait and not everyone:  # the shuffle goes on without a seat's seed
                        meters.WINDOWS_MISSED.add(1)
                    log.info("client seeds frozen", game_id=game_id, seats=sorted(current.seeds),
                             missing=sorted(set(range(len(secrets.players))) - set(current.seeds)),
                             reason=reason)
                    return current.seeds
                continue  # a seed (or another replica's freeze) landed meanwhile
            await asyncio.sleep(min(WINDOW_POLL_S, max(deadline - now, 0.001)))

    # -- commit --------------------------------------------------------------------------

    async def commit(self, identity: Identity, game_id: str, game: str,
                     players: Sequence[str]) -> tuple[str, int, str]:
        """(commitment, log index, the game's shuffle algorithm)."""
        require_role(identity, PRIVILEGED, "CommitGame")
        check_name(game_id, "the game id")
        check_name(game, "the game name")
        players = tuple(players)
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise InvalidArgument(f"a game has 1 to {MAX_PLAYERS} players")
        if any(not p or len(p) > 64 or any(c.isspace() for c in p) for p in players):
            raise InvalidArgument("a player id is 1 to 64 characters without spaces")
        if len(set(players)) != len(players):
            raise InvalidArgument("each player sits at the table once")

        secrets = await self.secrets_of(game_id)
        if secrets is None:
            seed = algo.new_server_seed()
            doc = {"game": game, "players": list(players), "committed_at": self.clock(),
                   "sealed_seed": self.box.seal(game_id, seed)}
            await self.secrets.create_or_get(game_key(game_id), doc)  # another call's, if it was first
            secrets = await self.secrets_of(game_id)
        if (secrets.game, secrets.players) != (game, players):
            raise AlreadyExists(f"game {game_id!r} was committed for {secrets.game} with players "
                                f"{', '.join(secrets.players)}; a game id is used once")
        logged = await self.committed(game_id)  # a retry keeps the algorithm it was committed with
        algorithm = logged.algorithm if logged is not None else self.new_game_algorithm
        record = CommitmentRecord(game_id, game, players, algo.commitment(secrets.server_seed), algorithm)
        index, leaf, appended = await self.log.append_once(("commitment", game_id), record.to_bytes())
        if leaf != record.to_bytes():
            raise AlreadyExists(f"the log holds another commitment for game {game_id!r}")
        if appended:
            log.info("game committed", game_id=game_id, game=game, commitment=record.commitment,
                     algorithm=algorithm, log_index=index)
        return record.commitment, index, algorithm

    # -- client seeds --------------------------------------------------------------------

    async def add_client_seed(self, identity: Identity, game_id: str, seat: int, seed: bytes) -> str:
        check_name(game_id, "the game id")
        if not 1 <= len(seed) <= algo.MAX_CLIENT_SEED_BYTES:
            raise InvalidArgument(f"a client seed is 1 to {algo.MAX_CLIENT_SEED_BYTES} bytes, not {len(seed)}")
        committed = await self.committed(game_id)
        if committed is None:
            raise NotFound(f"game {game_id!r} has no seed commitment yet; a client seed is accepted only "
                           f"after the game's commitment is published")
        if not 0 <= seat < len(committed.players):
            raise InvalidArgument(f"seat {seat} does not exist: the game has seats 0 to {len(committed.players) - 1}")
        if identity.role != "player" or identity.player != committed.players[seat]:
            raise PermissionDenied(f"only {committed.players[seat]}, the player of seat {seat}, may send its "
                                   f"client seed; you are {identity.player} ({identity.role})")
        if game_id in self.log.index.reveals:
            raise FailedPrecondition(f"too late: game {game_id!r} is over and its seed revealed")
        secrets = await self.secrets_of(game_id)
        if secrets is None:  # the log has the commitment, so this cannot be; say so rather than guess
            raise Unavailable(f"the sealed seed of game {game_id!r} is missing from the deck's store")
        seed = bytes(seed)
        while True:
            current = await self.seed_set(game_id)
            if current.frozen:
                raise FailedPrecondition(f"too late: the client seeds of game {game_id!r} were frozen at its "
                                         f"first shuffle")
            if seat in current.seeds:
                if current.seeds[seat] == seed:
                    return committed.commitment  # a retry
                raise AlreadyExists(f"seat {seat} of game {game_id!r} has sent its client seed already")
            if self.clock() > secrets.committed_at + self.seed_window_s:
                raise FailedPrecondition(f"too late: client seeds are accepted until the first shuffle, and for "
                                         f"at most {self.seed_window_s:g}s after the commitment of game {game_id!r}")
            if await self._write_seed_set(game_id, current, {**current.seeds, seat: seed}, False):
                log.info("client seed accepted", game_id=game_id, seat=seat, seed_bytes=len(seed))
                return committed.commitment
