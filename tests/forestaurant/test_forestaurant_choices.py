"""The whole move space as choices (issue 24), and the texts every move, event and refusal reads
with: in random reachable states of 1, 2 and 5 players every listed move is buildable from
`choices`, moves built from them are accepted or refused with a reason both catalogues word,
and every move a broader generator finds accepted is buildable (choices never offer less)."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from forestaurant_helpers import CAT, NAMES, RULES, apply
from services.forestaurant import GAME, messages
from services.forestaurant.bots import HeuristicBot, RandomBot
from services.forestaurant.rules.events import EVENT_TYPES
from services.forestaurant.rules.state import ACTIONS, COOKING
from services.forestaurant.texts import TEXTS
from shared import choices as ch
from shared.codec import EventCodec
from shared.rules import RulesError

CODEC = EventCodec(RULES.event_types)
KINDS = sorted(CAT.pile_of_kind)


def _candidates(state, seat):
    """Moves a careless client might send: every table, every card of the seat's hand, pairs and
    triples of them, every ingredient subset of its storage, every name."""
    view = RULES.view(state, seat)
    hand = sorted(set(view["hand"]))
    sets = [[c] for c in hand] + [list(p) for p in sorted(set(combinations(view["hand"], 2)))]
    sets += [list(p) for p in combinations(view["hand"], 3)][:20]
    store = sorted(set(view["storage"][seat]))
    ings = [[]] + [[k] for k in store] + [list(p) for p in combinations(store, 2)]
    out = [{"type": "decline_help"}, {"type": "withdraw_cook"}]
    for t in range(9):
        out.append({"type": "resolve_event", "table": t})
        out += [{"type": "resolve_event", "table": t, "card": c} for c in hand]
        out += [{"type": "seat", "table": t, "card": c} for c in hand]
        out += [{"type": "take_order", "table": t, "card": c} for c in hand]
        if state.tables[t].status == "menu":
            for cs in sets:
                for ig in ings:
                    out.append({"type": "cook", "table": t, "cards": cs, "ingredients": ig})
                    out.append({"type": "propose_cook", "table": t, "cards": cs, "ingredients": ig})
    out += [{"type": "purchase", "card": c} for c in hand]
    out += [{"type": "discard_ingredient", "token": k} for k in KINDS]
    if state.phase == COOKING:
        for cs in sets:
            out += [{"type": "offer_help", "cards": cs, "ingredients": ig} for ig in ings]
        names = list(state.players)
        for r in range(len(names) + 1):
            out += [{"type": "commit_cook", "accept": list(a)} for a in combinations(names, r)]
    return out


def _states(n, seed, limit=150, bot=HeuristicBot):
    """Decision states of one seeded game (heuristic bots reach the cooking states)."""
    rng = random.Random(seed)
    bots = [bot(seed=seed * 7 + i) for i in range(n)]
    state = RULES.initial_state(list(NAMES[:n]), {})
    state = apply(state, RULES.start(state))
    for _ in range(limit):
        if RULES.is_terminal(state):
            return
        node = RULES.chance(state)
        if node is not None:
            order = list(node.cards)
            rng.shuffle(order)
            state = apply(state, RULES.resolve_chance(state, order))
            continue
        yield state
        acting = sorted(RULES.to_act(state), key=lambda s: (s == state.active, s))
        seat = acting[0]
        move = bots[seat].choose(RULES.view(state, seat), RULES.legal_moves(state, seat))
        state = apply(state, RULES.decide(state, seat, move))


def _norm(move, space):
    """A move as the rules read it: an empty list is the same as no list."""
    return ch.canonical({k: v for k, v in move.items() if v not in ([], None)}, space)


_WORDED: set = set()


def _refusal_is_worded(e: RulesError) -> None:
    assert e.key, f"a refusal without a key: {e}"
    seen = (e.key, frozenset(e.values))
    if seen in _WORDED:  # reading a template's variables walks its syntax tree: once is enough
        return
    for lang in ("en", "de"):
        assert TEXTS.has(f"refused-{e.key}", lang), (e.key, lang)
        assert TEXTS.variables(f"refused-{e.key}", lang) <= set(e.values), (e.key, lang)
    _WORDED.add(seen)


@pytest.mark.parametrize("n,seed,bot", [(1, 11, HeuristicBot), (2, 12, HeuristicBot), (2, 13, RandomBot),
                                        (5, 14, HeuristicBot)])
def test_choices_hold_every_legal_move_and_build_only_moves_the_rules_word(n, seed, bot):
    rng = random.Random(seed)
    seen_phases = set()
    for i, state in enumerate(_states(n, seed, bot=bot)):
        for seat in state.seats:
            space = RULES.choices(state, seat)
            ch.validate(space)
            legal = RULES.legal_moves(state, seat)
            assert all(ch.contains(space, m) for m in legal), state.phase
            if RULES.moves_complete(state, seat) and i % 2 == 0:
                # complete: whatever the choices build that the rules accept is listed
                listed = [_norm(m, space) for m in legal]
                for move in ch.enumerate_moves(space, limit=100):
                    try:
                        RULES.decide(state, seat, move)
                    except RulesError as e:
                        _refusal_is_worded(e)
                        continue
                    assert _norm(move, space) in listed, move
            if seat not in RULES.to_act(state):
                assert space == {"moves": []}
                continue
            seen_phases.add(state.phase)
            for _ in range(4):
                move = ch.sample(space, rng)
                if move is None:
                    continue
                try:
                    RULES.decide(state, seat, move)
                except RulesError as e:
                    _refusal_is_worded(e)
            if i % 3 == 0:  # the broad generator is the slow part
                for move in _candidates(state, seat):
                    try:
                        RULES.decide(state, seat, move)
                    except RulesError as e:
                        _refusal_is_worded(e)
                        continue
                    assert ch.contains(space, move), move
    assert ACTIONS in seen_phases
    if n > 1 and bot is HeuristicBot:
        assert COOKING in seen_phases


def test_cooking_is_described_not_listed():
    # "If one animal card's value is not enough or the player wants to use more cards, he can
    # discard more to cook the meal": any set of cards, not only the listed sample
    from forestaurant_helpers import empty_board, position, ready, table
    hand = ["hare-1", "hare-2", "fox-3", "bear-6", "deer-4", "wolf-5", "boar-2", "squirrel-1", "bear-1"]
    state = position(empty_board(ready(2)), tables={0: table("bear-5", bell=True, menu="bear-fish-berries")},
                     hands={0: hand}, storage={0: ["fish", "berries"]}, line=(0, 1, 2), events_left=(),
                     phase=ACTIONS, active=0)
    space = RULES.choices(state, 0)
    move = {"type": "cook", "table": 0, "cards": ["hare-2", "fox-3", "bear-1"], "ingredients": ["berries", "fish"]}
    assert move not in RULES.legal_moves(state, 0) and not RULES.moves_complete(state, 0)
    assert ch.contains(space, move)
    RULES.decide(state, 0, move)
    assert ch.count(space) > len(RULES.legal_moves(state, 0))


# ---- texts -----------------------------------------------------------------------------------

def test_every_key_is_in_both_languages_with_the_same_arguments():
    en, de = TEXTS.keys("en"), TEXTS.keys("de")
    assert en == de, sorted(en ^ de)
    for key in en:
        assert TEXTS.variables(key, "en") == TEXTS.variables(key, "de"), key


def test_every_card_option_rules_section_and_event_type_has_its_text():
    cards = GAME.catalogue()["cards"]
    for card in cards:
        for lang in ("en", "de"):
            assert TEXTS.has(f"card-{card}", lang)
            assert "text" in TEXTS.attributes(f"card-{card}", lang), card
    for option in GAME.options:
        assert "sentence" in TEXTS.attributes(f"option-{option.name}", "de")
        for value in option.choices:
            assert TEXTS.has(f"option-{option.name}-{ch._key(value)}", "de"), (option.name, value)
    for section in messages.RULES_SECTIONS:
        assert TEXTS.has(f"rules-{section}", "de")
    keys = TEXTS.keys("en", "event-")
    for t in EVENT_TYPES:
        assert any(k == f"event-{t.__name__}" or k.startswith(f"event-{t.__name__}-") for k in keys), t
    for kind in GAME.moves.names():
        assert TEXTS.has(f"move-{kind}")


def test_the_rules_at_the_table_give_the_datas_numbers():
    # the documented choices where the rulebook is silent, as the data says them
    numbers = ", ".join(str(n) for n in CAT.mushroom_numbers)
    chairs = " / ".join(", ".join(str(c) for c in CAT.chairs[r * 3:r * 3 + 3]) for r in range(3))
    for lang in ("en", "de"):
        text = TEXTS.text("rules-choices", language=lang)
        assert numbers in text and chairs in text, lang


def test_five_players_are_told_of_the_easier_modifications():
    # "When playing with 5 players, it is recommended to use some of these modifications!"
    assert "5 players, it is recommended" in TEXTS.text("rules-variations")
    assert "zu fünft" in TEXTS.text("rules-variations", language="de")
    assert "5 players" in TEXTS.text("option-difficulty", language="en", attribute="sentence")
    assert "zu fünft" in TEXTS.text("option-difficulty", language="de", attribute="sentence").lower()


def test_messages_of_played_games_name_only_their_arguments_and_read_in_german():
    differs = 0
    for n, seed in ((1, 21), (3, 22)):
        state = RULES.initial_state(list(NAMES[:n]), {})
        events = list(RULES.start(state))
        state = apply(state, events)
        rng = random.Random(seed)
        bots = [HeuristicBot(seed=i) for i in range(n)]
        for _ in range(150):
            if RULES.is_terminal(state):
                break
            node = RULES.chance(state)
            if node is not None:
                order = list(node.cards)
                rng.shuffle(order)
                evs = RULES.resolve_chance(state, order)
            else:
                seat = sorted(RULES.to_act(state), key=lambda s: (s == state.active, s))[0]
                view = RULES.view(state, seat)
                for m in view["legal_moves"][:8]:
                    _check(messages.move_message(m, state.players, seat))
                _check(messages.prompt_message(view, seat))
                evs = RULES.decide(state, seat, bots[seat].choose(view, view["legal_moves"]))
            for e in evs:
                for reader in (*state.seats, None):
                    shown = RULES.event_view(e, reader)
                    record = shown if isinstance(shown, dict) else CODEC.encode(shown)
                    if "data" not in record:
                        record = {"type": record["type"], "data": {k: v for k, v in record.items() if k != "type"}}
                    m = messages.event_message(record, state.players, reader)
                    assert m is not None, record["type"]
                    _check(m)
                    if not m.internal:
                        differs += TEXTS.render(m, "de") != TEXTS.render(m, "en")
            state = apply(state, evs)
    assert differs > 50


def _check(m):
    for lang in ("en", "de"):
        assert TEXTS.has(m.key, lang), (m.key, lang)
        assert TEXTS.variables(m.key, lang) <= set(m.args), (m.key, lang, m.args)
        assert TEXTS.render(m, lang) and "{" not in TEXTS.render(m, lang), m


def test_given_events_left_at_three_tables_when_the_choices_offer_them_then_each_is_a_move_of_its_own_table():
    # "The player performs the appropriate events on all three tables of the marked row in any
    # order": each table's event is its own move, whole where no card is chosen (a client offers
    # it as a button that names its table); where guests sit down the card is chosen
    from forestaurant_helpers import empty_board, position, ready, table
    from services.forestaurant.rules.state import EVENTS
    line = (1, 4, 7)
    state = position(empty_board(ready(2)), tables={1: table("hare-2", bell=True), 4: table("fox-4")},
                     hands={0: ["hare-1", "bear-6", "deer-4", "wolf-5", "boar-2", "squirrel-1"]},
                     line=line, events_left=line, phase=EVENTS, active=0)
    moves = RULES.choices(state, 0)["moves"]
    assert [m["fields"][0] for m in moves] == [{"name": "table", "const": t} for t in line]
    assert [m["fields"][1] for m in moves[:2]] == [{"name": "card", "absent": True}] * 2
    assert moves[2]["fields"][1]["one_of"] == ["boar-2", "hare-1", "squirrel-1"]  # table 8 has 3 chairs
    whole = [m for m in RULES.legal_moves(state, 0) if "card" not in m]
    labels = {lang: [TEXTS.render(messages.move_message(m, state.players, 0), lang) for m in whole]
              for lang in ("en", "de")}
    assert labels == {"en": ["Resolve the event of table 2", "Resolve the event of table 5"],
                      "de": ["Ereignis an Tisch 2 abhandeln", "Ereignis an Tisch 5 abhandeln"]}
