"""A game's shuffles (step 3 of the life of a game, services/deck/app.py): each
derived from the server seed and the frozen client seeds by the algorithm in
services/deck/shuffle.py, logged once, its card list kept in the deck's bucket."""
from __future__ import annotations

from typing import Sequence

from services.deck import meters
from services.deck import shuffle as algo
from services.deck.checks import MAX_DECK_NAME, PRIVILEGED, check_name, require_role
from services.deck.decklog import DeckLog, LogIndex
from services.deck.records import shuffle_record
from services.deck.seeds import Seeds
from services.deck.store import SecretStore, shuffle_key
from shared import telemetry
from shared.auth import Identity
from shared.errors import AlreadyExists, FailedPrecondition, InvalidArgument, Unavailable

log = telemetry.get_logger("deck")


class Shuffler:
    def __init__(self, deck_log: DeckLog, secrets: SecretStore, seeds: Seeds):
        self.log = deck_log
        self.secrets = secrets
        self.seeds = seeds

    async def shuffle(self, identity: Identity, game_id: str, deck: str, cards: Sequence[str],
                      k: int) -> tuple[list[str], int]:
        require_role(identity, PRIVILEGED, "Shuffle")
        check_name(game_id, "the game id")
        if not deck or len(deck.encode("utf-8", "surrogatepass")) > MAX_DECK_NAME:
            raise InvalidArgument(f"a deck name is 1 to {MAX_DECK_NAME} bytes")
        try:
            cards = algo.check_cards(cards)
            algo.derivation_message(game_id, deck, k, ())
        except algo.DerivationError as exc:
            raise InvalidArgument(str(exc)) from None
        committed = await self.seeds.committed(game_id)
        if committed is None:
            raise FailedPrecondition(f"game {game_id!r} has no seed commitment: CommitGame comes first")
        secrets = await self.seeds.secrets_of(game_id)
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
        seeds = await self.seeds.freeze(game_id, secrets, wait=True)
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
