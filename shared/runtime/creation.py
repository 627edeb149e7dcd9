"""Setting a table: who may, which players and options, the game's creation stored with the deck's
commitment to its seed (the deal itself comes after, shared.runtime.settlement)."""
from __future__ import annotations

import uuid
from typing import Any, Mapping, Sequence

from shared import gamestream as env, names, telemetry
from shared.auth import Identity
from shared.codec import to_jsonable
from shared.errors import AlreadyExists, InvalidArgument, PermissionDenied
from shared.eventstore import DuplicateCommand, VersionConflict
from shared.moves import MAX_TEXT, quote
from shared.rules import InvalidSetup
from shared.runtime import live
from shared.runtime.core import Runtime
from shared.runtime.record import GameRecord, check_game_id
from shared.runtime.settlement import deck_call
from shared.runtime.spectators import split_options

MAX_OPTIONS = 32  # game options a table may set; each is a name and a text, number or true/false
log = telemetry.get_logger("shared.runtime")


async def create_game(runtime: Runtime, identity: Identity, players: Sequence[str],
                      options: Mapping[str, Any], ranked: bool = False, game_id: str = "",
                      clock: live.ClockSpec | None = None) -> GameRecord:
    """The table stored (a retried create of the same table answers with it); nothing is written
    when any check fails."""
    rules = runtime.rules
    players = tuple(players)
    check_may_create(identity, players, ranked)
    if len(set(players)) != len(players):
        raise InvalidArgument("each player may sit at the table only once")
    for p in players:
        try:
            names.check_seated(p)
        except names.InvalidName as exc:
            raise InvalidArgument(f"{quote(p)} cannot sit at a table: {exc}") from None
    game_id = game_id or uuid.uuid4().hex[:16]
    check_game_id(game_id)
    if not rules.min_players <= len(players) <= rules.max_players:
        raise InvalidArgument(f"{rules.name} is for {rules.min_players} to "
                              f"{rules.max_players} players, not {len(players)}")
    check_options(options)
    options, spectators = split_options(options, ranked)  # the runtime's own, not the game's
    try:
        state = rules.initial_state(players, dict(options))
    except InvalidSetup as exc:
        raise InvalidArgument(str(exc)) from None
    subject = runtime.subject(game_id)
    if await runtime.store.version(subject):
        return await _existing(runtime, game_id, players)
    commitment = await deck_call(runtime.deck.commit(game_id, rules.name, players))
    started = list(rules.start(state))
    records = [
        env.record(env.GAME_CREATED, {"game": rules.name, "game_id": game_id, "players": list(players),
                                      "options": to_jsonable(dict(options)), "ranked": bool(ranked),
                                      "spectators": spectators.as_event_data()}),
        env.record(env.SEED_COMMITTED, {"commitment": commitment.commitment, "log_index": commitment.log_index}),
        *[runtime.codec.encode(e) for e in started],
        *(live.first_stamp(clock, players, runtime.policy.now_ms()) if clock is not None else []),
    ]
    try:
        result = await runtime.store.append(subject, records, 0, "create")
    except (VersionConflict, DuplicateCommand):
        # another create was first: a replica asked at the same moment (the matchmaker's retry),
        # whose creation stamps its own clock (another command under the same id), or a game
        # of other players under this id
        return await _existing(runtime, game_id, players)
    record, _ = runtime.applied(GameRecord(game_id), result, started)
    runtime.settlement.later(game_id)
    log.info("game created", game_id=game_id, players=list(players), version=record.version)
    return record


async def _existing(runtime: Runtime, game_id: str, players: tuple[str, ...]) -> GameRecord:
    """The game already under `game_id`: a retried create of the same table gets it back."""
    existing = await runtime.load(game_id)
    if existing.players == players:
        return existing
    raise AlreadyExists(f"game {game_id!r} already exists") from None  # not the append's conflict


def check_may_create(identity: Identity, players: Sequence[str], ranked: bool) -> None:
    """Who may set a table: the matchmaker (role service) and operators any table; a player
    only a casual one where they sit alone. Seating anyone else needs that player's consent,
    which they give by accepting a party's invitation at the matchmaker: games with others come
    from the matchmaker."""
    if identity.role in ("service", "operator"):
        return
    if ranked:
        raise PermissionDenied("a player may not create a ranked game: ranked games are made by the matchmaker "
                               "(queue for one, e.g. `foodgames play`), so that nobody picks their opponents")
    if identity.player not in players:
        raise PermissionDenied(f"{quote(identity.player)} may only create games they play in")
    others = [p for p in players if p != identity.player]
    if others:
        raise PermissionDenied(f"a player may not seat others: {quote(others[0])}"
                               f"{f' and {len(others) - 1} more' if len(others) > 1 else ''} did not agree to "
                               f"play; a player creates only a table for "
                               f"themself alone, and games with others come from the matchmaker (invite them: a "
                               f"party ticket naming them, which each accepts)")


def check_options(options: Mapping[str, Any]) -> None:
    """Game options are a few names with a text (up to MAX_TEXT characters), number, true/false or
    null each: checked here, before the rules see them (whose errors may quote them)."""
    if len(options) > MAX_OPTIONS:
        raise InvalidArgument(f"a game takes at most {MAX_OPTIONS} options, not {len(options)}")
    for name, value in options.items():
        if not isinstance(name, str) or not 0 < len(name) <= MAX_TEXT:
            raise InvalidArgument(f"an option name is 1 to {MAX_TEXT} characters, not {quote(name)}")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise InvalidArgument(f"option {quote(name)} is too long ({len(value)} characters; at most {MAX_TEXT})")
        if not isinstance(value, (str, int, float, bool, type(None))):
            raise InvalidArgument(f"option {quote(name)} must be a text, number or true/false, not {quote(value)}")
