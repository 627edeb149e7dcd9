"""A seat's move, from the call to the answer: its shape checked, decided by the rules on the
latest state, stored with the expected version (again on the newer state when another replica
wrote first), the deal or reveal it calls for made, and answered with what the seat may see.
The runtime's checks of seat and table (GameRuntime.check_seat, check_playable) are CheckMove's
too (shared.runtime.check); this part is SubmitMove's path alone."""
from __future__ import annotations

from collections import abc
from time import perf_counter
from typing import Any, Mapping, Sequence

from shared import gamestream as env
from shared.auth import Identity
from shared.errors import Aborted, AlreadyExists, InvalidArgument
from shared.eventstore import DuplicateCommand, Freshness, VersionConflict
from shared.moves import move_digest, quote
from shared.rules import RulesError
from shared.runtime.core import Runtime
from shared.runtime.record import GameRecord, MoveOutcome


class Moving:
    """The moves of one runtime's games."""

    def __init__(self, runtime: Runtime):
        self.runtime = runtime

    def check_move(self, move: Any) -> dict[str, Any]:
        """The move as a plain dict if its shape is one of the game's moves (MalformedMove:
        INVALID_ARGUMENT, naming what is wrong)."""
        rt = self.runtime
        if rt.moves is not None:
            return rt.moves.check(move)
        if not isinstance(move, abc.Mapping) or not isinstance(move.get("type"), str) or not move["type"]:
            raise InvalidArgument("a move needs a type, e.g. {\"type\": \"play\", \"card\": \"bug-3\"}",
                                  key="move-not-object")
        return dict(move)

    async def submit(self, identity: Identity, game_id: str, seat: int, move_id: str,
                     expected_version: int | None, move: Mapping[str, Any], at_once: bool = False) -> MoveOutcome:
        """A seat's move decided and stored (`_submit`), counted and timed."""
        meters = self.runtime.meters
        started = perf_counter()
        try:
            outcome = await self._submit(identity, game_id, seat, move_id, expected_version, move, at_once)
        except Exception as exc:
            meters.refused(exc, perf_counter() - started)
            raise
        meters.moved(perf_counter() - started)
        return outcome

    async def _submit(self, identity: Identity, game_id: str, seat: int, move_id: str,
                      expected_version: int | None, move: Mapping[str, Any], at_once: bool) -> MoveOutcome:
        """The move checked, decided on the latest state (again after a conflict with another
        replica, up to the runtime's max_retries), stored with the expected version, settled and
        answered. `at_once`: answer as soon as the move is stored, with no events and no view (a seat
        stream sends views itself); a deal or reveal the move calls for is made in the
        background, and the stream shows it when it lands."""
        if not move_id or len(move_id) > 128:
            raise InvalidArgument("a move needs a move id of 1 to 128 characters", key="bad-move-id")
        rt = self.runtime
        move = self.check_move(move)
        digest = move_digest(move)
        command_id = f"move:{seat}:{move_id}"
        cached = rt.cache.get(game_id)
        if cached is not None and cached.table.tracked and not cached.over:
            await rt.present(cached, seat, identity)  # a move is a call: the seat is here
        async with rt.lock(game_id):
            cached = rt.cache.get(game_id)
            # Optimistic: a stale cache shows up as a conflict on append; only a client that
            # has seen a newer version than ours makes us read first.
            fresh = (cached is None or (expected_version is not None and expected_version > cached.version)
                     or rt.store.freshness(rt.subject(game_id), cached.version) == Freshness.BEHIND)
            record = await rt.load(game_id, catch_up=fresh)
            rt.check_seat(record, identity, seat)
            for attempt in range(rt.max_retries + 1):
                if command_id in record.results:
                    if record.digests.get(command_id, digest) != digest:
                        raise self._reused(move_id, seat, record.results[command_id])
                    return self.outcome(record, seat, [], [], duplicate=True, describe=not at_once)
                rt.check_playable(record, expected_version)
                if rt.rules.chance(record.state) is not None:
                    record = await rt.settlement.run(record, [], [])
                    if expected_version is not None and not rt.saw_table(record, expected_version):
                        raise Aborted(f"the cards were dealt (version {record.version}); your move was for "
                                      f"version {expected_version}", key="dealt", version=record.version,
                                      expected=expected_version)
                deciding = perf_counter()
                try:
                    events = rt.rules.decide(record.state, seat, dict(move))
                    rt.meters.decided(perf_counter() - deciding)
                except RulesError:
                    rt.meters.decided(perf_counter() - deciding)
                    if fresh:
                        raise
                    # another replica may have moved: judge the move on the latest state
                    rt.meters.retried()
                    record, fresh = await rt.load(game_id), True
                    continue
                records = [*rt.clocks.stamp(record, seat, decided=events), *[rt.codec.encode(e) for e in events]]
                records += rt.settlement.game_over_records(record, events)
                appending = perf_counter()
                try:
                    result = await rt.store.append(rt.subject(game_id), records, record.version, command_id,
                                                     digest=digest, move=env.command_move(seat, move))
                except DuplicateCommand:
                    raise self._reused(move_id, seat, None) from None
                except VersionConflict:
                    rt.meters.retried()
                    record, fresh = await rt.load(game_id), True
                    if (expected_version is not None and command_id not in record.results
                            and not rt.saw_table(record, expected_version)):
                        raise Aborted(f"another move landed first (the game is at version {record.version}); "
                                      f"look at the table again", key="raced", version=record.version) from None
                    continue
                rt.meters.appended(perf_counter() - appending)
                record, decided = rt.applied(record, result, events, digest)
                written = list(result.events)
                if at_once:
                    rt.settle_if_waiting(record)
                elif not result.duplicate:
                    record = await rt.settlement.run(record, written, decided)
                return self.outcome(record, seat, written, decided, duplicate=result.duplicate, describe=not at_once)
            raise Aborted(f"the game kept changing while your move was decided ({rt.max_retries} tries); try again",
                          key="busy")

    @staticmethod
    def _reused(move_id: str, seat: int, version: int | None) -> AlreadyExists:
        at = f" (stored at version {version})" if version is not None else ""
        return AlreadyExists(f"move id {quote(move_id)} of seat {seat} was already used for a different move{at}: "
                             f"a retry must send the same move again, and a new move needs a new move id",
                             key="move-id-reused", move_id=quote(move_id))

    def outcome(self, record: GameRecord, seat: int, written, decided: Sequence[Any],
                duplicate: bool, describe: bool = True) -> MoveOutcome:
        """What the mover is answered: the stored events `written` as `seat` may see them and its
        view. `decided`: the rules' events among `written`, in order (none need decoding)."""
        rt = self.runtime
        if not describe:
            return MoveOutcome(record.version, [], {}, duplicate, record.players)
        domain = iter(decided)
        shown = []
        for stored in written:
            own = next(domain) if stored.type not in env.RUNTIME_EVENTS else None
            event = rt.event_for_seat(stored, seat, own)
            if event:
                shown.append(event)
        return MoveOutcome(record.version, shown, rt.seat_view(record, seat), duplicate, record.players)
