"""The contract every game's rules keep, run for every registered game (and the test game), as
the event store has one for every adapter (tests/eventstore/test_contract.py). A new game gets
these checks by being registered.

Random playouts, driven by a seeded random.Random in the test (never in the rules):
- every view and every redacted event is JSON-safe;
- a seat's view (and each event as redacted for it) shows no card that the spectator's does
  not, except that seat's own private cards (`rules.private_cards(state, seat)`), and no view
  or redacted event shows a shuffled deck's order;
- replaying the stored events (through the codec, as the event store keeps them) from the
  initial state gives the live state;
- every legal move of every seat that may act is accepted; seats that may not act are refused
  with a reason; a sample of malformed moves is refused by the game's declared moves;
- the game ends, with a result for every player;
- the scenario runner plays the game.
"""
from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

import pytest

from apps.scenario import run_scenario
from shared import choices, games
from shared.codec import EventCodec, to_jsonable
from shared.i18n import LANGUAGES, Message
from shared.rules import MalformedMove, RulesError
from tests.games.counter import GAME as COUNTER

GAMES = ["tests.games.counter:GAME"]
MAX_STEPS = 5000
PLAYOUTS = 2  # per player count (the games' own suites play many more)


def registered() -> list[games.Game]:
    found = dict(games.all_games())
    from tests.games.counter import GAME as counter

    found[counter.name] = counter
    return list(found.values())


def _strings(value: Any, out: Counter | None = None) -> Counter:
    """Every text leaf of a JSON-like value, except the legal moves (the seat's own options)."""
    out = Counter() if out is None else out
    if isinstance(value, str):
        out[value] += 1
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "legal_moves":
                _strings(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _strings(v, out)
    return out


def _string_lists(value: Any, out: list | None = None) -> list[list[str]]:
    """Every list of texts in a JSON-like value (where a deck's order could show)."""
    out = [] if out is None else out
    if isinstance(value, dict):
        for v in value.values():
            _string_lists(v, out)
    elif isinstance(value, (list, tuple)):
        if value and all(isinstance(x, str) for x in value):
            out.append(list(value))
        else:
            for v in value:
                _string_lists(v, out)
    return out


def _contains_run(haystack: Any, run: list[str], lists: list[list[str]] | None = None) -> bool:
    """Whether a list in `haystack` holds `run` in order (a deck's order shown); `lists`: the
    haystack's `_string_lists`, when the caller has them already."""
    n = len(run)
    if n < 4:
        return False
    for items in _string_lists(haystack) if lists is None else lists:
        start = 0
        while True:
            try:
                i = items.index(run[0], start)
            except ValueError:
                break
            if items[i:i + n] == run:
                return True
            start = i + 1
    return False


class Playout:
    def __init__(self, game: games.Game, players: list[str], rng: random.Random):
        self.game, self.rules, self.rng = game, game.rules, rng
        self.players = players
        self.codec = EventCodec(self.rules.event_types)
        self.state = self.rules.initial_state(players, {})
        self.stored: list[dict] = []
        self.events: list[Any] = []
        self.orders: list[list[str]] = []
        self.card_ids: set[str] = set()
        self.chance_events: dict[int, tuple[Any, set[str]]] = {}  # id -> (public, private) after it
        self.ever_own: dict[int, set[str]] = {s: set() for s in range(len(players))}

    def apply(self, events) -> None:
        for e in events:
            self.stored.append(json.loads(json.dumps(self.codec.encode(e))))
            self.events.append(e)
            self.state = self.rules.evolve(self.state, e)
            # what each seat held right after this event (a card may be its own only briefly)
            for seat in self.ever_own:
                self.ever_own[seat] |= set(self.rules.private_cards(self.state, seat))

    def settle(self) -> None:
        while (node := self.rules.chance(self.state)) is not None:
            order = list(node.cards)
            self.rng.shuffle(order)
            self.card_ids |= set(order)
            self.orders.append(order)
            events = self.rules.resolve_chance(self.state, order)
            for e in events:  # what was public and private right after each (the steps
                # after a shuffle may run on, e.g. through a Meal whose seats pass automatically)
                self.apply([e])
                self.chance_events[id(e)] = (
                    _strings(self.rules.view(self.state, None)),
                    {c for s in range(len(self.players)) for c in self.rules.private_cards(self.state, s)})

    def check_views(self) -> None:
        rules, state = self.rules, self.state
        spectator = rules.view(state, None)
        json.dumps(spectator)
        # every view says who may act (clients and bots read it), in the game's order of asking
        acting = {self.players[s] for s in rules.to_act(state)}
        assert set(spectator["to_act"]) == acting and len(spectator["to_act"]) == len(acting)
        public = _strings(spectator)
        lists = {None: _string_lists(spectator)}
        for seat in range(len(self.players)):
            view = rules.view(state, seat)
            json.dumps(view)
            lists[seat] = _string_lists(view)
            extra = {c for c, n in (_strings(view) - public).items() if c in self.card_ids}
            own = set(rules.private_cards(state, seat))
            self.ever_own[seat] |= own
            assert extra <= own, (f"{self.game.name}: seat {seat} sees {sorted(extra - own)}, "
                                  f"which the spectator does not and which are not its own")
        for order in self.orders[-3:]:
            tail = order[-min(len(order), 8):]
            for seat, seen in lists.items():
                assert not _contains_run(None, tail, seen), \
                    f"{self.game.name}: the view of {seat} shows a deck's order"

    def check_event_views(self, events) -> None:
        """A redacted event shows a seat no card beyond what it shows the spectator, except
        cards that seat holds or held privately; and no view of it shows a deck's order."""
        self.check_views()
        for e in events:
            public = self.rules.event_view(e, None)
            public = _strings(public if isinstance(public, dict) or public is None else to_jsonable(public))
            if id(e) in self.chance_events:
                now_public, now_private = self.chance_events[id(e)]
                # where hidden cards enter the game: a deal shows no one else's new cards
                leaked = {c for c in public if c in now_private and c not in now_public}
                assert not leaked, (f"{self.game.name}: {type(e).__name__} shows everyone {sorted(leaked)[:5]}, "
                                    f"held privately by a seat")
            for seat in [None, *range(len(self.players))]:
                shown = self.rules.event_view(e, seat)
                if shown is None:
                    continue
                shown = shown if isinstance(shown, dict) else to_jsonable(shown)
                json.dumps(shown)
                if seat is not None:
                    extra = {c for c in _strings(shown) - public if c in self.card_ids}
                    assert extra <= self.ever_own[seat], (
                        f"{self.game.name}: {type(e).__name__} shows seat {seat} {sorted(extra - self.ever_own[seat])[:5]}, "
                        f"which the spectator does not see and that seat never held")
                for order in self.orders[-2:]:
                    tail = order[-min(len(order), 8):]
                    assert not _contains_run(shown, tail), \
                        f"{self.game.name}: {type(e).__name__} as seat {seat} sees it shows a deck's order"

    def check_moves(self) -> None:
        rules, state = self.rules, self.state
        acting = rules.to_act(state)
        for seat in range(len(self.players)):
            legal = rules.legal_moves(state, seat)
            # a view that lists the seat's moves lists them all (a watch stream sends those)
            listed = rules.view(state, seat).get("legal_moves")
            assert listed is None or listed == legal, f"{self.game.name}: seat {seat}'s view lists other moves"
            if seat not in acting:
                assert legal == [], f"{self.game.name}: seat {seat} may not act but has legal moves"
                for move in (rules.legal_moves(state, s)[:1] for s in acting):
                    if move:
                        with pytest.raises(RulesError):
                            rules.decide(state, seat, self.game.moves.check(move[0]))
                continue
            assert legal, f"{self.game.name}: seat {seat} may act but has no legal move"
            for move in legal:
                checked = self.game.moves.check(move)
                events = rules.decide(state, seat, checked)
                json.dumps([self.codec.encode(e) for e in events])
        for bad in ({"type": "no-such-move"}, {"type": 7}, [1, 2], {"type": ["x"]}):
            with pytest.raises(MalformedMove):
                self.game.moves.check(bad)

    def run(self) -> int:
        self.apply(self.rules.start(self.state))
        self.settle()
        for step in range(MAX_STEPS):
            if self.rules.is_terminal(self.state):
                return step
            if step % 7 == 0:
                self.check_moves()
            seat = self.rng.choice(sorted(self.rules.to_act(self.state)))
            move = self.rng.choice(self.rules.legal_moves(self.state, seat))
            before = len(self.events)
            self.apply(self.rules.decide(self.state, seat, self.game.moves.check(move)))
            self.settle()
            self.check_event_views(self.events[before:])
        raise AssertionError(f"{self.game.name}: no end after {MAX_STEPS} moves")


def _counts(game: games.Game) -> list[int]:
    return sorted({game.min_players, (game.min_players + game.max_players) // 2, game.max_players})


CASES = [(g.name, n) for g in registered() for n in _counts(g)]


@pytest.fixture(params=CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def case(request):
    name, n = request.param
    return next(g for g in registered() if g.name == name), n


def test_random_playouts_keep_the_contract(case):
    game, n = case
    for i in range(PLAYOUTS):
        rng = random.Random(f"{game.name}/{n}/{i}")
        playout = Playout(game, [f"p{k}" for k in range(n)], rng)
        playout.run()
        # replay equals live: the stored events, decoded, folded from the initial state
        state = game.rules.initial_state(playout.players, {})
        for record in playout.stored:
            state = game.rules.evolve(state, playout.codec.decode(record))
        assert state == playout.state
        result = game.rules.result(state)
        assert result is not None and list(result.players) == playout.players
        assert len(result.points) == len(result.placings) == n
        json.dumps(game.rules.view(state, None))


def test_the_rules_refuse_a_bad_setup_with_a_reason(case):
    game, n = case
    with pytest.raises(RulesError, match=r"\w+"):
        game.rules.initial_state(["p"] * (game.max_players + 1), {})
    with pytest.raises(RulesError, match=r"\w+"):
        game.rules.initial_state([f"p{k}" for k in range(n)], {"no-such-option": 1})


def test_the_move_schema_is_json_schema_and_names_every_move(case):
    game, _ = case
    schema = game.moves.schema()
    json.dumps(schema)
    assert {v["properties"]["type"]["const"] for v in schema["oneOf"]} == set(game.moves.names())


def test_the_scenario_runner_plays_the_game(case, monkeypatch):
    game, n = case
    monkeypatch.setenv(games.EXTRA_ENV, "tests.games.counter:GAME")
    status, out = run_scenario({"game": game.name, "players": [f"p{k}" for k in range(n)], "moves": []})
    assert status == 0 and out["ok"] is True and not out["finished"]
    assert set(out["to_act"]) <= {f"p{k}" for k in range(n)} and out["to_act"]
    first = out["to_act"][0]
    status, out = run_scenario({"game": game.name, "players": [f"p{k}" for k in range(n)],
                                "moves": [{"player": first, "move": out["legal"][first][0]}]})
    assert status == 0, out


# -- the client contract (issue 24): texts, messages, choices, CheckMove -----------------------
#
# Every game that declares texts (and the test game) keeps these: its catalogue has the same keys
# with the same arguments in every language; every event, legal move, turn and refusal met in
# random playouts reads as a message whose key is in every language and whose template names no
# argument the message lacks; every legal move is buildable from the seat's choices; and a move
# built from the choices gets from CheckMove the answer decide gives.

REQUIRED_SECTIONS = ("goal", "turn", "end", "scoring", "choices")
TEXT_GAMES = [g for g in registered() if g.texts is not None]
TEXT_CASES = [(g.name, n) for g in TEXT_GAMES for n in _counts(g)]
SAMPLED = 4  # moves built at random from the choices at each checked state


@pytest.fixture(params=TEXT_CASES, ids=[f"{g}-{n}p" for g, n in TEXT_CASES])
def text_case(request):
    name, n = request.param
    return next(g for g in TEXT_GAMES if g.name == name), n


def check_message(game: games.Game, message: Message, where: str) -> None:
    """`message` has its key in every language, and no template of it names an argument it lacks."""
    assert isinstance(message, Message), f"{game.name}: {where} gave {message!r}, not a shared.i18n.Message"
    for language in LANGUAGES:
        assert game.texts.has(message.key, language), f"{game.name}: {where}: no {message.key!r} in {language}.ftl"
        missing = game.texts.variables(message.key, language) - set(message.args)
        assert not missing, (f"{game.name}: {where}: {message.key!r} in {language}.ftl names {sorted(missing)}, "
                             f"which the message lacks (its args: {sorted(message.args)})")
        json.dumps(dict(message.args))
        assert game.texts.render(message, language).strip()


def check_refusal(game: games.Game, exc: RulesError, where: str) -> None:
    assert exc.key, f"{game.name}: {where} was refused without a key: {exc}"
    check_message(game, Message(f"refused-{exc.key}", exc.values), where)


def _as_read(codec: EventCodec, rules, event, seat) -> dict | None:
    """The event as the runtime sends it to `seat` ({"type", "data"}), or None when hidden."""
    shown = rules.event_view(event, seat)
    if shown is None:
        return None
    return {"type": codec.encode(event)["type"], "data": to_jsonable(shown)}


class TextsPlayout(Playout):
    """A random playout that reads everything a client would read, in every language (the
    views' and legal moves' own checks are test_random_playouts_keep_the_contract's)."""

    def __init__(self, game, players, rng):
        super().__init__(game, players, rng)
        self.said: set[str] = set()  # event types that read as a message to someone
        self.seen: set[str] = set()  # event types that happened

    def check_event_views(self, events) -> None:
        pass

    def apply(self, events) -> None:
        super().apply(events)
        for event in events:
            self.seen.add(self.codec.encode(event)["type"])
            for seat in [None, *range(len(self.players))]:
                read = _as_read(self.codec, self.rules, event, seat)
                if read is None:
                    continue
                message = self.game.messages.event_message(read, self.players, seat)
                if message is not None:
                    check_message(self.game, message, f"event {read['type']} as seat {seat} reads it")
                    self.said.add(read["type"])

    def check_moves(self) -> None:
        rules, state = self.rules, self.state
        for seat in [None, *range(len(self.players))]:
            prompt = self.game.messages.prompt_message(rules.view(state, seat), seat)
            if prompt is not None:
                check_message(self.game, prompt, f"the prompt of seat {seat}")
        for seat in sorted(rules.to_act(state)):
            legal = rules.legal_moves(state, seat)
            for move in legal:
                check_message(self.game, self.game.messages.move_message(move, self.players, seat),
                              f"the label of {move}")
            space = choices_of(rules, state, seat, legal)
            for _ in range(SAMPLED):
                built = choices.sample(space, self.rng)
                if built is None:
                    continue
                try:
                    rules.decide(state, seat, self.game.moves.check(built))
                except RulesError as exc:
                    check_refusal(self.game, exc, f"the built move {built}")
            for bad in ({"type": "no-such-move"}, {"type": 7}, [1, 2], {**legal[0], "no-such-field": 1},
                        {k: v for k, v in legal[0].items() if k == "type"}):
                try:
                    rules.decide(state, seat, self.game.moves.check(bad))
                except RulesError as exc:
                    check_refusal(self.game, exc, f"the malformed move {str(bad)[:60]}")
            others = [s for s in range(len(self.players)) if s not in rules.to_act(state)]
            for other in others[:1]:
                try:
                    rules.decide(state, other, self.game.moves.check(legal[0]))
                except RulesError as exc:
                    check_refusal(self.game, exc, f"seat {other} playing out of turn")


def choices_of(rules, state, seat: int, legal) -> dict:
    """The seat's choices as the runtime offers them."""
    describe = getattr(rules, "choices", None)
    return describe(state, seat) if describe is not None else choices.of_moves(legal)


def test_the_texts_have_the_same_keys_and_arguments_in_every_language(text_case):
    game, _ = text_case
    english = game.texts.keys("en")
    for language in LANGUAGES:
        keys = game.texts.keys(language)
        assert keys == english, (f"{game.name}: {language}.ftl lacks {sorted(english - keys)[:10]} and has "
                                 f"{sorted(keys - english)[:10]} that en.ftl lacks")
        for key in sorted(keys):
            assert game.texts.variables(key, language) == game.texts.variables(key, "en"), \
                f"{game.name}: {key!r} names {sorted(game.texts.variables(key, language))} in {language}.ftl, " \
                f"{sorted(game.texts.variables(key, 'en'))} in en.ftl"
            assert game.texts.attributes(key, language) == game.texts.attributes(key, "en"), \
                f"{game.name}: {key!r} has other attributes in {language}.ftl than in en.ftl"


def test_the_texts_name_every_card_option_section_event_and_move(text_case):
    game, _ = text_case
    texts, keys = game.texts, game.texts.keys("en")
    assert {"game-title", "game-summary"} <= keys
    for card in (game.catalogue()["cards"] if game.catalogue is not None else {}):
        key = f"card-{texts.card_key(card)}"
        assert key in keys and "text" in texts.attributes(key), f"{game.name}: no {key} with a .text"
    for option in game.options:
        assert f"option-{option.name}" in keys and "sentence" in texts.attributes(f"option-{option.name}"), \
            f"{game.name}: no option-{option.name} with a .sentence"
        for value in option.choices:
            word = str(value).lower() if isinstance(value, bool) else str(value)
            assert f"option-{option.name}-{word}" in keys, f"{game.name}: no option-{option.name}-{word}"
    sections = tuple(game.messages.RULES_SECTIONS)
    assert set(REQUIRED_SECTIONS) <= set(sections), f"{game.name}: RULES_SECTIONS lacks some of {REQUIRED_SECTIONS}"
    for section in sections:
        assert f"rules-{section}" in keys, f"{game.name}: no rules-{section}"
    for event_type in game.rules.event_types:
        name = event_type.__name__  # the type on the wire (shared.codec)
        assert any(k == f"event-{name}" or k.startswith(f"event-{name}-") for k in keys), \
            f"{game.name}: no event-{name} in its texts"
    for move in game.moves.names():
        assert any(k == f"move-{move}" or k.startswith(f"move-{move}-") for k in keys), \
            f"{game.name}: no move-{move} in its texts"


def test_every_event_move_turn_and_refusal_reads_in_every_language(text_case):
    game, n = text_case
    rng = random.Random(f"texts/{game.name}/{n}")
    playout = TextsPlayout(game, [f"p{k}" for k in range(n)], rng)
    playout.run()
    playout.check_moves()  # the last state too (the end's prompt)
    # every event that happened reads as a message to someone (internal=True for bookkeeping)
    assert playout.seen <= playout.said, f"{game.name}: no message for {sorted(playout.seen - playout.said)}"


def test_every_runtime_event_reads_in_every_language():
    # the runtime's own events, as every seat and a spectator read them (shared/texts/)
    from shared import gamestream as env
    from shared.runtime.narrate import runtime_message

    game = next(g for g in TEXT_GAMES if g.name == "counter")
    players = ["ann", "bob", "cy"]
    over = {"players": players, "points": [3, 1, 3], "placings": [1, 2, 1], "team_won": None}
    samples = [
        (env.GAME_CREATED, {"players": players, "ranked": True}), (env.SEED_COMMITTED, {"commitment": "ab" * 32}),
        (env.SHUFFLE_APPLIED, {"deck": "main"}), (env.GAME_OVER, over),
        (env.GAME_OVER, {**over, "placings": [1, 2, 3]}), (env.GAME_OVER, {**over, "team_won": True}),
        (env.GAME_OVER, {**over, "forfeited": 1}), (env.SEED_REVEALED, {"server_seed": "x"}),
        (env.CLOCK_SET, {"initial_ms": 300000, "increment_ms": 5000, "on_timeout": "bot"}),
        (env.TIME_RECORDED, {"at_ms": 1, "banks": {}}), (env.GAME_CANCELLED, {"reason": "no show"}),
        *[(kind, {"player": "bob", "seat": 1, "reason": reason}) for kind in
          (env.TIMED_OUT, env.BOT_MOVED, env.FORFEITED, env.PLAYER_CONNECTED, env.PLAYER_DISCONNECTED,
           env.BOT_TOOK_OVER, env.PLAYER_RETURNED) for reason in ("timeout", "away")]]
    assert {kind for kind, _ in samples} == set(env.RUNTIME_EVENTS)
    for kind, data in samples:
        for seat in (None, 0, 1):
            check_message(game, runtime_message({"type": kind, "data": data}, players, seat), f"{kind} as {seat}")
    # a player never needs to read the clocks' records, nor that they themself are here
    assert runtime_message({"type": env.TIME_RECORDED, "data": {}}, players, 0).internal
    assert runtime_message({"type": env.PLAYER_CONNECTED, "data": {"player": "bob", "seat": 1}}, players, 1).internal
    assert not runtime_message({"type": env.PLAYER_CONNECTED, "data": {"player": "bob", "seat": 1}}, players, 0).internal


async def test_choices_offer_every_legal_move_and_check_move_answers_as_decide(case):
    # given the game hosted by the runtime (in memory), played at random
    from shared.auth import Identity
    from shared.eventstore.memory import MemoryEventStore
    from shared.runtime.check import check_move
    from shared.runtime.deck import SeededDeck
    from shared.runtime.game import GameRuntime

    game, n = case
    rng = random.Random(f"check/{game.name}/{n}")
    players = [f"p{k}" for k in range(n)]
    runtime = GameRuntime(game.rules, MemoryEventStore(), SeededDeck(), moves=game.moves)
    try:
        record = await runtime.create_game(Identity("svc", "service"), players, {})
        record = await runtime.settle(record.game_id)
        subject = runtime.subject(record.game_id)
        for step in range(40):
            if record.over:
                break
            seat = rng.choice(sorted(game.rules.to_act(record.state)))
            legal = game.rules.legal_moves(record.state, seat)
            space, complete = runtime.move_space(record, seat, legal)
            choices.validate(space)
            # then every listed legal move is buildable from the choices
            for move in legal:
                assert choices.contains(space, move), f"{game.name}: legal move {move} is not in the choices"
            # and a move built from them (or a malformed one, or one of a seat that may not act
            # now) is answered by CheckMove as decide answers it, writing nothing
            before = await runtime.store.version(subject)
            idle = [s for s in range(n) if s not in game.rules.to_act(record.state)]
            tries = [*((seat, choices.sample(space, rng)) for _ in range(SAMPLED)), (seat, rng.choice(legal)),
                     (seat, {"type": "no-such-move"}), *((s, legal[0]) for s in idle[:1])]
            for mover, move in tries:
                if move is None:
                    continue
                try:
                    game.rules.decide(record.state, mover, game.moves.check(move))
                    expected = None
                except RulesError as exc:
                    expected = exc
                version, answer = await check_move(runtime, Identity(players[mover], "player"), record.game_id,
                                                   mover, record.version, move)
                assert version == record.version
                assert (answer is None) == (expected is None), f"{game.name}: {move}: CheckMove {answer!r}, " \
                                                               f"decide {expected!r}"
                if expected is not None:
                    assert type(answer) is type(expected) and str(answer) == str(expected)
            assert await runtime.store.version(subject) == before, "CheckMove wrote something"
            await runtime.submit_move(Identity(players[seat], "player"), record.game_id, seat, f"m{step}", None,
                                      rng.choice(legal))
            record = await runtime.settle(record.game_id)
    finally:
        await runtime.close()


def test_every_served_game_declares_texts_and_messages():
    # Issue 24: every game a client can play is described and read in every language. (Fails
    # until each game's texts/ and messages.py are in: run it after merging the games' branches.)
    lacking = [g.name for g in games.all_games().values() if g.texts is None or g.messages is None]
    assert not lacking, f"these games declare no texts or messages yet: {', '.join(lacking)}"


# -- the checks themselves catch a leak ----------------------------------------------------------

class _Leaky(type(COUNTER.rules)):
    """The test game, with a view that shows what it must not: `how` says what."""

    def __init__(self, how: str):
        self.how, self.order = how, []

    def resolve_chance(self, state, order):
        self.order = list(order)  # a test double's memory: what a careless view would show
        return super().resolve_chance(state, order)

    def view(self, state, seat):
        view = super().view(state, seat)
        if self.how == "deck-order":
            view["pile"] = self.order
        elif self.how == "other-hand" and state.hands and seat is not None:
            view["theirs"] = state.hands[(seat + 1) % len(state.players)]
        return view


@pytest.mark.parametrize("how,says", [("deck-order", "shows a deck's order"),
                                      ("other-hand", "which the spectator does not")])
def test_a_view_that_shows_a_deck_order_or_another_seats_card_breaks_the_contract(how, says):
    game = dataclasses.replace(COUNTER, rules=_Leaky(how))
    with pytest.raises(AssertionError, match=says):
        Playout(game, ["p0", "p1", "p2", "p3"], random.Random(1)).run()
