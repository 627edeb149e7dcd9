"""A clocked game's record still audits (apps/audit/record.py): the live-table events (clock
stamps, presence, timeouts, takeovers) are skipped where they stand, a bot's move on a timeout
is replayed like any move, and a forfeit's GameOver is checked against the forfeit rule. Real
Foodie Forest games played through the runtime on a memory store with the deck's own modules
(tests/deck/record_games.py), on an injected clock."""
from __future__ import annotations

import json

from apps.audit.record import RECORD_CHECK, RESULT_CHECK, audit_bundle
from services.deck.bundle import ClientSeed, build_bundle, command_rows
from services.deck.checkpoint import Checkpoint
from shared import games
from shared.auth import Identity
from shared.eventstore.memory import MemoryEventStore
from shared.rules import RulesError
from shared.runtime.game import GameRuntime
from shared.runtime.live import ClockSpec, LivePolicy
from tests.deck.record_games import SIGNER, LogDeck

GAME = games.get("foodie-forest")
PLAYERS = ["ann", "bob", "cy"]


async def play(on_timeout: str, game=GAME) -> tuple[dict, list]:
    """A game where ann never moves: her clock runs out (then her bot plays, or she forfeits)."""
    GAME = game  # noqa: N806 - the game played
    now = [1_700_000_000_000]
    deck = LogDeck({0: b"seed of ann"})
    store = MemoryEventStore()
    runtime = GameRuntime(GAME.rules, store, deck, moves=GAME.moves, bot=GAME.bots[GAME.default_bot],
                          cooperative=GAME.cooperative, policy=LivePolicy(now_ms=lambda: now[0], takeover_after_timeouts=2))
    game_id = f"live-audit-{GAME.name}-{on_timeout}"
    await runtime.create_game(Identity("svc:matchmaking", "service"), PLAYERS, {}, ranked=True, game_id=game_id,
                              clock=ClockSpec(30_000, 2_000, on_timeout))
    await runtime.view(Identity("bob", "player"), game_id, 1)  # bob shows up (so the table is not cancelled)
    bots = [GAME.bots[GAME.default_bot](seed=f"audit/{s}") for s in range(len(PLAYERS))]
    for n in range(20_000):
        record = await runtime.settle(game_id)
        if record.over:
            break
        acting = sorted(GAME.rules.to_act(record.state))
        others = [s for s in acting if s != 0]
        if not others:  # only ann may act: her time runs out
            now[0] += 60_000
            await runtime.clocks.run_due(game_id)
            continue
        seat = others[0]
        now[0] += 500
        move = bots[seat].choose(GAME.rules.view(record.state, seat), GAME.rules.legal_moves(record.state, seat))
        try:
            await runtime.submit_move(Identity(PLAYERS[seat], "player"), game_id, seat, f"m{n}", None, move)
        except RulesError:
            continue  # ann's bot moved first
    record = await runtime.settle(game_id)
    await runtime.close()
    assert record.over and record.revealed
    commands = await store.read_commands(runtime.subject(game_id))
    note = SIGNER.sign(Checkpoint(SIGNER.name, deck.log.size, deck.log.root()))
    bundle = build_bundle(
        game_id=game_id, game=GAME.name, server_seed=deck.server_seed,
        client_seeds=[ClientSeed(s, PLAYERS[s], seed) for s, seed in deck.client_seeds.items()],
        commitment_index=deck.commitment_index, shuffles=deck.shuffles, reveal_index=deck.reveal_index,
        events=[e.record() for c in commands for e in c.events], log=deck.log, checkpoint_note=note,
        public_key=SIGNER.verifier_key, commands=command_rows(commands))
    return json.loads(json.dumps(bundle)), commands


def checks(bundle) -> dict:
    report = audit_bundle(bundle, expected_public_key=SIGNER.verifier_key)
    return {c.name: c for c in report.checks if c.name in (RECORD_CHECK, RESULT_CHECK)}


async def test_a_game_with_timeouts_and_a_bot_takeover_audits():
    bundle, commands = await play("bot")
    kinds = {e.type for c in commands for e in c.events}
    assert {"ClockSet", "TimeRecorded", "TimedOut", "BotMoved", "BotTookOver"} <= kinds
    found = checks(bundle)
    assert found[RECORD_CHECK].ok and found[RESULT_CHECK].ok, found


async def test_a_forfeited_game_audits_and_a_forged_forfeit_does_not():
    bundle, commands = await play("forfeit")
    over = next(e for e in bundle["events"] if e["type"] == "GameOver")
    assert over["data"]["placings"] == [3, 1, 1] and over["data"]["forfeited"] == 0
    found = checks(bundle)
    assert found[RECORD_CHECK].ok and found[RESULT_CHECK].ok, found
    over["data"]["placings"] = [1, 3, 1]  # bob made last instead
    forged = checks(bundle)[RECORD_CHECK]
    assert not forged.ok and "placings" in forged.reason



async def test_in_a_cooperative_game_a_forfeit_plays_on_with_the_seats_bot():
    bundle, commands = await play("forfeit", games.get("forestaurant"))
    kinds = [e.type for c in commands for e in c.events]
    assert "Forfeited" not in kinds and "TimedOut" in kinds and "BotMoved" in kinds
    over = next(e for e in bundle["events"] if e["type"] == "GameOver")
    assert "forfeited" not in over["data"], "the table's result is the rules' own"
    found = checks(bundle)
    assert found[RECORD_CHECK].ok and found[RESULT_CHECK].ok, found


async def test_a_cancelled_game_reveals_its_seed_and_its_record_audits_offline():
    """Every game that ends, finished or cancelled, reveals its seed: a ranked table nobody came
    to is cancelled, its seed is revealed, and its bundle verifies offline (foodgames audit verify)."""
    now = [1_700_000_000_000]
    deck = LogDeck({})
    store = MemoryEventStore()
    runtime = GameRuntime(GAME.rules, store, deck, moves=GAME.moves, bot=GAME.bots[GAME.default_bot],
                          policy=LivePolicy(now_ms=lambda: now[0], no_show_s=60))
    game_id = "live-audit-cancelled"
    await runtime.create_game(Identity("svc:matchmaking", "service"), PLAYERS, {}, ranked=True, game_id=game_id,
                              clock=ClockSpec(30_000, 2_000, "bot"))
    await runtime.settle(game_id)  # the first deal
    # given nobody shows up within the no-show time, when it passes, then the game is cancelled
    now[0] += 61_000
    await runtime.clocks.run_due(game_id)
    record = await runtime.settle(game_id)
    await runtime.close()
    assert record.table.cancelled and record.revealed, "the cancelled game's seed is revealed"
    commands = await store.read_commands(runtime.subject(game_id))
    assert [c.command_id for c in commands][-2:] == ["cancel", "reveal"]
    note = SIGNER.sign(Checkpoint(SIGNER.name, deck.log.size, deck.log.root()))
    bundle = json.loads(json.dumps(build_bundle(
        game_id=game_id, game=GAME.name, server_seed=deck.server_seed, client_seeds=[],
        commitment_index=deck.commitment_index, shuffles=deck.shuffles, reveal_index=deck.reveal_index,
        events=[e.record() for c in commands for e in c.events], log=deck.log, checkpoint_note=note,
        public_key=SIGNER.verifier_key, commands=command_rows(commands))))
    report = audit_bundle(bundle, expected_public_key=SIGNER.verifier_key)
    assert report.ok, [(c.name, c.reason) for c in report.checks if not c.ok]
    found = checks(bundle)
    assert found[RECORD_CHECK].ok and "cancelled" in found[RESULT_CHECK].reason
    # and a move forged after the cancel does not audit
    forged = json.loads(json.dumps(bundle))
    forged["commands"][-1]["command_id"] = "move:0:forged"
    assert not checks(forged)[RECORD_CHECK].ok
