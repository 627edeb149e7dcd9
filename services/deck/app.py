"""The deck application: commit, client seeds, shuffle, reveal, proofs, audit
bundles. Pure rules of the game of fairness live in services/deck/{shuffle,
records,merkle,checkpoint,bundle}.py; this module adds the order of things, the
permissions and the persistence (services/deck/store.py).

The life of a game here:

1. commit: draw a 256-bit server seed, keep it sealed in the KV bucket, log its
   commitment. Nothing else of the game is accepted before the commitment is
   in the log.
2. client seeds: each seat's player may send one seed, from the commitment
   until the first shuffle freezes them.
3. the first shuffle waits until every human seat sent a seed (a bot's seat,
   named by shared.names' bot prefix, is not waited for, but its seed counts if
   it came first), bounded by the seed wait (the no-show time by default: a seat
   that has not come by then is not coming), then freezes the seeds; every shuffle of the game derives from the server
   seed and exactly that frozen set (docs/shuffle-spec.md) and is logged once,
   under the algorithm its commitment record names: new games are
   foodgames-shuffle-v2, whose shuffle records hold only commitments salted with
   the secret shuffle seed (v1 logged plain hashes, which gave small decks away);
   a game committed as v1 stays v1 to its end.
4. reveal: once the game's own stream holds its GameOver event (or its
   GameCancelled: a cancelled game ends too), the seed is logged in the clear;
   after that the audit bundle can be exported.

Every log append goes through `DeckLog.append_once`: catch up with the stream,
return the existing leaf if the record is there already (a retry, or another
replica was first), else append with the expected last sequence.
"""
from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from services.deck import meters
from services.deck import shuffle as algo
from services.deck.bundle import ClientSeed, ShuffleEntry, build_bundle, bundle_json, command_rows
from services.deck.checkpoint import Checkpoint, CheckpointSigner
from services.deck.keys import SeedBox, SeedSealError
from services.deck.merkle import ProofError, TransparencyLog
from services.deck.records import (SHUFFLE_RECORDS, AnyShuffleRecord, CommitmentRecord, RecordError,
                                   RevealRecord, decode_record, shuffle_record)
from services.deck.store import (LogConflict, LogStore, SecretStore, game_key, seeds_key,
                                 shuffle_key)
from services.tournament import draws as tournament_draws
from services.tournament import stream as tournament_stream
from shared import gamestream, names, seatdraws, telemetry
from shared.auth import Identity
from shared.errors import (AlreadyExists, FailedPrecondition, InvalidArgument, NotFound,
                           PermissionDenied, Unavailable)

log = telemetry.get_logger("deck")

NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")  # game ids and game names: one NATS subject token
MAX_DECK_NAME = 64
MAX_PLAYERS = 1024  # a game's rules seat far fewer; a tournament's draws seat every entrant
PRIVILEGED = ("service", "operator")
WINDOW_POLL_S = 0.05
# Bots send their seed the moment they learn of the match: once every human seat is in, the first
# shuffle waits this long after the commitment at most for the bot seats that are not.
BOT_SEED_GRACE_S = 1.0
APPEND_RETRIES = 50



def _require_role(identity: Identity, roles: Sequence[str], what: str) -> None:
    if identity.role not in roles:
        raise PermissionDenied(f"{what} needs the role {' or '.join(roles)}; you are a {identity.role}")


def _check_name(value: str, what: str) -> str:
    if not isinstance(value, str) or not NAME.match(value):
        raise InvalidArgument(f"{what} {value!r} must be 1 to 64 letters, digits, '-' or '_'")
    return value


# ====================================================================== the log in memory

@dataclass
class LogIndex:
    """The Merkle tree of every leaf and, per game, where its records are."""

    tree: TransparencyLog = field(default_factory=TransparencyLog)
    commitments: dict[str, tuple[int, CommitmentRecord]] = field(default_factory=dict)
    shuffles: dict[tuple[str, str, int], tuple[int, AnyShuffleRecord]] = field(default_factory=dict)
    reveals: dict[str, tuple[int, RevealRecord]] = field(default_factory=dict)
    game_shuffles: dict[str, list[tuple[int, AnyShuffleRecord]]] = field(default_factory=dict)

    def ingest(self, leaf: bytes) -> int:
        index = self.tree.append(leaf)
        try:
            record = decode_record(leaf)
        except RecordError:
            log.warning("a log leaf is not a record; kept in the tree, ignored", log_index=index)
            return index
        if isinstance(record, CommitmentRecord):
            self.commitments.setdefault(record.game_id, (index, record))
        elif isinstance(record, SHUFFLE_RECORDS):
            key = (record.game_id, record.deck, record.k)
            if key not in self.shuffles:
                self.shuffles[key] = (index, record)
                self.game_shuffles.setdefault(record.game_id, []).append((index, record))
        elif isinstance(record, RevealRecord):
            self.reveals.setdefault(record.game_id, (index, record))
        return index

    def lookup(self, key: tuple) -> tuple[int, Any] | None:
        kind = key[0]
        if kind == "commitment":
            return self.commitments.get(key[1])
        if kind == "shuffle":
            return self.shuffles.get(key[1:])
        if kind == "reveal":
            return self.reveals.get(key[1])
        raise ValueError(kind)

    def shuffles_of(self, game_id: str, deck: str | None = None) -> list[tuple[int, AnyShuffleRecord]]:
        found = self.game_shuffles.get(game_id, [])  # in log order
        return [v for v in found if deck is None or v[1].deck == deck]


class DeckLog:
    """The transparency log: the stream is the truth, `index` its in-memory copy."""

    def __init__(self, store: LogStore):
        self.store = store
        self.index = LogIndex()
        self._lock = asyncio.Lock()

    @property
    def tree(self) -> TransparencyLog:
        return self.index.tree

    async def catch_up(self) -> int:
        async with self._lock:
            return await self._catch_up()

    async def _catch_up(self) -> int:
        last = await self.store.last_seq()
        size = self.index.tree.size
        if last < size:
            raise RuntimeError(f"the log stream has {last} leaves but this deck has seen {size}: "
                               f"the stream was replaced; refusing to go on")
        if last > size:
            for leaf in await self.store.read(size + 1, last):
                self.index.ingest(leaf)
        return self.index.tree.size

    async def append_once(self, key: tuple, leaf: bytes,
                          check: Callable[[LogIndex], None] | None = None) -> tuple[int, bytes, bool]:
        """(index, leaf at that index, appended now). The leaf found under `key`
        is returned as it is when the record exists already. `check` runs on the
        caught-up index just before appending and may raise to refuse."""
        async with self._lock:
            for _ in range(APPEND_RETRIES):
                await self._catch_up()
                found = self.index.lookup(key)
                if found is not None:
                    return found[0], self.index.tree.leaf(found[0]), False
                if check is not None:
                    check(self.index)
                size = self.index.tree.size
                try:
                    seq = await self.store.append(leaf, size)
                except LogConflict:
                    continue  # another replica appended: reload and look again
                if seq == size + 1:
                    self.index.ingest(leaf)
                else:  # cannot happen with the expected last sequence; reload anyway
                    await self._catch_up()
                return seq - 1, leaf, True
            raise Unavailable("the deck log kept changing under this append; try again")


# ====================================================================== the application

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


class DeckApp:
    def __init__(self, log_store: LogStore, secrets: SecretStore, games, signer: CheckpointSigner,
                 seed_window_s: float, clock: Callable[[], float] = time.time, tournaments=None):
        self.log = DeckLog(log_store)
        self.secrets = secrets
        self.games = games  # a JetStreamEventStore on the GAMES stream (read only)
        self.tournaments = tournaments  # ... on the TOURNAMENTS stream (read only): when draws end
        self.signer = signer
        self.box = SeedBox.for_signer(signer)
        self.seed_window_s = seed_window_s
        self.clock = clock
        # the shuffle algorithm of games committed from now on; a game keeps the one its
        # commitment record names (tests set V1 to play the deck of before v2)
        self.new_game_algorithm = algo.ALGORITHM
        meters.watch(self)

    async def open(self) -> None:
        """Make sure the stream and bucket exist and rebuild the tree from the log."""
        await self.log.store.ensure()
        await self.secrets.ensure()
        await self.games.ensure_stream()
        size = await self.log.catch_up()
        log.info("deck log loaded", tree_size=size, public_key=self.signer.verifier_key)

    # -- helpers -------------------------------------------------------------------------

    async def _secrets_of(self, game_id: str) -> GameSecrets | None:
        got = await self.secrets.get(game_key(game_id))
        if got is None:
            return None
        doc, _ = got
        try:
            seed = self.box.open(game_id, doc["sealed_seed"])
        except SeedSealError as exc:
            raise FailedPrecondition(str(exc)) from None
        return GameSecrets(doc["game"], tuple(doc["players"]), float(doc["committed_at"]), seed)

    async def _committed(self, game_id: str) -> CommitmentRecord | None:
        await self.log.catch_up()
        found = self.log.index.commitments.get(game_id)
        return found[1] if found else None

    async def _seed_set(self, game_id: str) -> SeedSet:
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

    async def _freeze(self, game_id: str, secrets: GameSecrets, wait: bool) -> dict[int, bytes]:
        """The frozen client seeds of a game; freezes them first when they are not
        (after waiting for every human seat, or the end of the seed wait, when `wait`)."""
        deadline = secrets.committed_at + self.seed_window_s
        humans = {seat for seat, player in enumerate(secrets.players) if names.reserved(player) != names.BOT_PREFIX}
        bots_deadline = secrets.committed_at + min(BOT_SEED_GRACE_S, self.seed_window_s)
        while True:
            current = await self._seed_set(game_id)
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
                    if reason == "window closed":
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
        _require_role(identity, PRIVILEGED, "CommitGame")
        _check_name(game_id, "the game id")
        _check_name(game, "the game name")
        players = tuple(players)
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise InvalidArgument(f"a game has 1 to {MAX_PLAYERS} players")
        if any(not p or len(p) > 64 or any(c.isspace() for c in p) for p in players):
            raise InvalidArgument("a player id is 1 to 64 characters without spaces")
        if len(set(players)) != len(players):
            raise InvalidArgument("each player sits at the table once")

        secrets = await self._secrets_of(game_id)
        if secrets is None:
            seed = algo.new_server_seed()
            doc = {"game": game, "players": list(players), "committed_at": self.clock(),
                   "sealed_seed": self.box.seal(game_id, seed)}
            await self.secrets.create_or_get(game_key(game_id), doc)  # another call's, if it was first
            secrets = await self._secrets_of(game_id)
        if (secrets.game, secrets.players) != (game, players):
            raise AlreadyExists(f"game {game_id!r} was committed for {secrets.game} with players "
                                f"{', '.join(secrets.players)}; a game id is used once")
        logged = await self._committed(game_id)  # a retry keeps the algorithm it was committed with
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
        _check_name(game_id, "the game id")
        if not 1 <= len(seed) <= algo.MAX_CLIENT_SEED_BYTES:
            raise InvalidArgument(f"a client seed is 1 to {algo.MAX_CLIENT_SEED_BYTES} bytes, not {len(seed)}")
        committed = await self._committed(game_id)
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
        secrets = await self._secrets_of(game_id)
        if secrets is None:  # the log has the commitment, so this cannot be; say so rather than guess
            raise Unavailable(f"the sealed seed of game {game_id!r} is missing from the deck's store")
        seed = bytes(seed)
        while True:
            current = await self._seed_set(game_id)
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

    # -- shuffles ------------------------------------------------------------------------

    async def shuffle(self, identity: Identity, game_id: str, deck: str, cards: Sequence[str],
                      k: int) -> tuple[list[str], int]:
        _require_role(identity, PRIVILEGED, "Shuffle")
        _check_name(game_id, "the game id")
        if not deck or len(deck.encode("utf-8", "surrogatepass")) > MAX_DECK_NAME:
            raise InvalidArgument(f"a deck name is 1 to {MAX_DECK_NAME} bytes")
        try:
            cards = algo.check_cards(cards)
            algo.derivation_message(game_id, deck, k, ())
        except algo.DerivationError as exc:
            raise InvalidArgument(str(exc)) from None
        committed = await self._committed(game_id)
        if committed is None:
            raise FailedPrecondition(f"game {game_id!r} has no seed commitment: CommitGame comes first")
        secrets = await self._secrets_of(game_id)
        if secrets is None:
            raise Unavailable(f"the sealed seed of game {game_id!r} is missing from the deck's store")
        algorithm = committed.algorithm

        def check(index: LogIndex) -> None:
            if game_id in index.reveals:
                raise FailedPrecondition(f"game {game_id!r} is over and its seed revealed: no more shuffles")
            done = len(index.shuffles_of(game_id, deck))
            if k != done:
                raise FailedPrecondition(f"shuffle {deck}#{k} of game {game_id!r} is out of order: "
                                         f"{done} shuffles of {deck!r} were made, so the next is {deck}#{done}")

        existing = self.log.index.shuffles.get((game_id, deck, k))
        if existing is None:
            check(self.log.index)
        seeds = await self._freeze(game_id, secrets, wait=True)
        stored = await self.secrets.get(shuffle_key(game_id, deck, k))
        # the first ask of this shuffle, or one racing it on another replica: the first one's cards
        asked = stored[0] if stored is not None else \
            await self.secrets.create_or_get(shuffle_key(game_id, deck, k), {"cards": cards})
        if asked["cards"] != cards:
            raise AlreadyExists(f"shuffle {deck}#{k} of game {game_id!r} was asked with other cards")
        shuffle_seed = algo.derive_shuffle_seed(secrets.server_seed, seeds, game_id, deck, k, algorithm)
        order = algo.fisher_yates(cards, algo.ByteStream(shuffle_seed))
        # v2: commitments keyed with the shuffle seed, never a plain hash (docs/shuffle-spec.md, 11)
        record = shuffle_record(algorithm, game_id, deck, k, cards, order, shuffle_seed)
        index, leaf, appended = await self.log.append_once(("shuffle", game_id, deck, k), record.to_bytes(),
                                                           check)
        if leaf != record.to_bytes():
            raise AlreadyExists(f"the log holds another record of shuffle {deck}#{k} of game {game_id!r}")
        if appended:
            meters.SHUFFLES.add(1)
            log.info("shuffled", game_id=game_id, deck=deck, k=k, cards=len(cards), log_index=index)
        return order, index

    # -- reveal --------------------------------------------------------------------------

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
        _require_role(identity, PRIVILEGED, "Reveal")
        _check_name(game_id, "the game id")
        committed = await self._committed(game_id)
        if committed is None:
            raise NotFound(f"the deck has no game {game_id!r}")
        done = self.log.index.reveals.get(game_id)
        if done is not None:
            return bytes.fromhex(done[1].server_seed), done[0]
        if not await self._game_over(committed.game, game_id):
            raise FailedPrecondition(f"game {game_id!r} is not over ({gamestream.subject_for(committed.game, game_id)} has no "
                                     f"GameOver or GameCancelled event): its seed stays secret until the game ends")
        secrets = await self._secrets_of(game_id)
        if secrets is None:
            raise Unavailable(f"the sealed seed of game {game_id!r} is missing from the deck's store")
        await self._freeze(game_id, secrets, wait=False)
        record = RevealRecord.of(game_id, secrets.server_seed, committed.algorithm)
        index, leaf, appended = await self.log.append_once(("reveal", game_id), record.to_bytes())
        if leaf != record.to_bytes():
            raise AlreadyExists(f"the log holds another reveal of game {game_id!r}")
        if appended:
            log.info("seed revealed", game_id=game_id, log_index=index)
        return secrets.server_seed, index

    # -- the log, read -------------------------------------------------------------------

    @property
    def public_key(self) -> str:
        return self.signer.verifier_key

    @property
    def origin(self) -> str:
        return self.signer.name

    async def checkpoint(self) -> tuple[str, int, bytes]:
        """A freshly signed checkpoint of the log as it is now: (note, size, root)."""
        size = await self.log.catch_up()
        root = self.log.tree.root(size)
        return self.signer.sign(Checkpoint(self.origin, size, root)), size, root

    async def inclusion_proof(self, leaf_index: int, tree_size: int) -> tuple[bytes, list[bytes], int]:
        size = await self.log.catch_up()
        tree_size = tree_size or size
        if tree_size > size:
            raise InvalidArgument(f"tree size {tree_size} is beyond the log's size {size}")
        if leaf_index >= tree_size:
            raise InvalidArgument(f"leaf {leaf_index} is not in a tree of size {tree_size}")
        try:
            return self.log.tree.leaf(leaf_index), self.log.tree.inclusion_proof(leaf_index, tree_size), tree_size
        except ProofError as exc:
            raise InvalidArgument(str(exc)) from None

    async def consistency_proof(self, old_size: int, new_size: int) -> tuple[list[bytes], int, int]:
        size = await self.log.catch_up()
        new_size = new_size or size
        if new_size > size:
            raise InvalidArgument(f"tree size {new_size} is beyond the log's size {size}")
        if old_size > new_size:
            raise InvalidArgument(f"no consistency proof from size {old_size} down to size {new_size}")
        return self.log.tree.consistency_proof(old_size, new_size), old_size, new_size

    # -- audit bundles -------------------------------------------------------------------

    async def export_bundle(self, identity: Identity, game_id: str) -> str:
        _check_name(game_id, "the game id")
        committed = await self._committed(game_id)
        if committed is None:
            raise NotFound(f"the deck has no game {game_id!r}")
        if identity.role not in PRIVILEGED and identity.player not in committed.players:
            raise PermissionDenied(f"the audit bundle of game {game_id!r} is for its players and operators")
        revealed = self.log.index.reveals.get(game_id)
        if revealed is None:
            raise FailedPrecondition(f"game {game_id!r} has not ended (its seed is not revealed): "
                                     f"its audit bundle is exported after the reveal")
        server_seed = bytes.fromhex(revealed[1].server_seed)
        seeds = (await self._seed_set(game_id)).seeds
        client_seeds = [ClientSeed(seat, committed.players[seat], seed) for seat, seed in sorted(seeds.items())]
        entries = []
        for index, record in self.log.index.shuffles_of(game_id):
            stored = await self.secrets.get(shuffle_key(game_id, record.deck, record.k))
            if stored is None:
                raise Unavailable(f"the cards of shuffle {record.deck}#{record.k} of game {game_id!r} are "
                                  f"missing from the deck's store")
            cards = stored[0]["cards"]
            order = algo.shuffle(server_seed, seeds, game_id, record.deck, record.k, cards, record.algorithm)
            entries.append(ShuffleEntry(record.deck, record.k, tuple(cards), tuple(order), index))
        commands = await self.games.read_commands(gamestream.subject_for(committed.game, game_id))
        events = [e.record() for c in commands for e in c.events]
        note, _, _ = await self.checkpoint()
        bundle = build_bundle(
            game_id=game_id, game=committed.game, server_seed=server_seed, client_seeds=client_seeds,
            commitment_index=self.log.index.commitments[game_id][0], shuffles=entries,
            reveal_index=revealed[0], events=events, log=self.log.tree, checkpoint_note=note,
            public_key=self.public_key, commands=command_rows(commands))
        log.info("audit bundle exported", game_id=game_id, shuffles=len(entries), events=len(events))
        return bundle_json(bundle)
