"""The game's texts (texts/en.ftl, texts/de.ftl): complete in both languages, and every message
the game produces in play names only arguments it carries."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from ftt_helpers import RULES
from services.foodtown_throwdown import GAME, messages
from services.foodtown_throwdown.bots import HeuristicBot
from services.foodtown_throwdown.rules.events import EVENT_TYPES
from shared.i18n import LANGUAGES, Message
from shared.rules import RulesError

TEXTS = GAME.texts
RULES_DIR = Path(messages.__file__).parent / "rules"


def test_every_key_in_english_is_in_german_and_the_reverse_with_the_same_arguments():
    en, de = TEXTS.keys("en"), TEXTS.keys("de")
    assert en - de == set() and de - en == set()
    for key in en:
        assert TEXTS.variables(key, "en") == TEXTS.variables(key, "de"), key
        assert TEXTS.attributes(key, "en") == TEXTS.attributes(key, "de"), key


def test_every_card_has_a_name_and_a_text_in_both_languages():
    for card in GAME.catalogue()["cards"]:
        for language in LANGUAGES:
            assert TEXTS.has(f"card-{card}", language), (card, language)
            assert "text" in TEXTS.attributes(f"card-{card}", language), (card, language)
            assert TEXTS.text(f"card-{card}", language=language, attribute="text")


def test_title_summary_options_rules_and_every_event_and_move_type_have_texts():
    keys = TEXTS.keys("en")
    assert {"game-title", "game-summary"} <= keys
    for option in GAME.options:
        assert f"option-{option.name}" in keys and "sentence" in TEXTS.attributes(f"option-{option.name}")
    for section in messages.RULES_SECTIONS:
        assert f"rules-{section}" in keys
    for event in EVENT_TYPES:
        assert f"event-{event.__name__}" in keys, event.__name__
    for move in GAME.moves.names():
        assert f"move-{move}" in keys, move


def test_every_refusal_key_the_rules_raise_has_a_text():
    raised = set()
    for path in RULES_DIR.glob("*.py"):
        raised |= set(re.findall(r'key="([a-z0-9-]+)"', path.read_text()))
    assert len(raised) > 25
    for key in raised:
        for language in LANGUAGES:
            assert TEXTS.has(f"refused-{key}", language), (key, language)


def test_the_german_texts_are_german():
    for key in ("game-summary", "rules-goal", "event-RecipeCompleted", "move-pass", "refused-one-action",
                "card-health-inspection", "prompt-draw"):
        assert TEXTS.template(key, "de") != TEXTS.template(key, "en"), key
    assert TEXTS.card_name("hostile-takeover", "de") == "Feindliche Übernahme"


def _check(message, language="en"):
    if message is None:
        return
    for lang in LANGUAGES:
        assert TEXTS.has(message.key, lang), (message.key, lang)
        missing = TEXTS.variables(message.key, lang) - set(message.args)
        assert not missing, (message.key, lang, missing)
        text = TEXTS.render(message, lang)
        assert text and "{" not in text, (message.key, text)


@pytest.mark.parametrize("n, seed", [(2, 11), (5, 12)])
def test_every_message_of_a_played_game_names_only_arguments_it_carries(n, seed):
    names = ["p0", "p1", "p2", "p3", "p4"][:n]
    rng = random.Random(seed)
    bots = [HeuristicBot(seed + s) for s in range(n)]
    state = RULES.initial_state(names, {})
    events = RULES.start(state)
    kinds, refusals = set(), set()
    while True:
        for e in events:
            state = RULES.evolve(state, e)
            kinds.add(type(e).__name__)
            about = getattr(e, "seat", 0)  # read by the seat it is about, another seat and a spectator
            for reader in (about, (about + 1) % n, None):
                shown = RULES.event_view(e, reader)
                _check(messages.event_message({"type": type(e).__name__, "data": shown}, names, reader))
        if RULES.is_terminal(state):
            break
        node = RULES.chance(state)
        if node is not None:
            order = list(node.cards)
            rng.shuffle(order)
            events = RULES.resolve_chance(state, order)
            continue
        seat = next(iter(RULES.to_act(state)))
        for s in (seat, (seat + 1) % n, None):
            _check(messages.prompt_message(RULES.view(state, s), s))
        legal = RULES.legal_moves(state, seat)
        for move in legal:
            _check(messages.move_message(move, names, seat))
        # a wrong move now and then: its refusal reads in both languages
        wrong = rng.choice([{"type": "draw"}, {"type": "discard", "cards": []}, {"type": "pass"},
                            {"type": "play", "card": "flat-tire", "target": names[seat]},
                            {"type": "complete", "recipe": "poutine"}])
        for who in (seat, (seat + 1) % n):
            try:
                RULES.decide(state, who, wrong)
            except RulesError as err:
                refusals.add(err.key)
                assert err.key and TEXTS.variables(f"refused-{err.key}") <= set(err.values), err
                _check(Message(f"refused-{err.key}", err.values))
        events = RULES.decide(state, seat, bots[seat].choose(RULES.view(state, seat), legal))
    assert {"CardDrawn", "RecipeCompleted", "ActionPlayed", "GameEnded"} <= kinds
    assert len(refusals) >= 3
    _check(messages.prompt_message(RULES.view(state, 0), 0))


@pytest.mark.parametrize("deck,english,german", [
    ("recipes", "The recipe deck is shuffled (85 cards).", "Der Rezeptstapel wird gemischt (85 Karten)."),
    ("play", "The play deck is shuffled (85 cards).", "Der Spielstapel wird gemischt (85 Karten).")])
def test_a_shuffle_names_its_deck_as_the_rulebook_does_not_by_its_id(deck, english, german):
    # given the rulebook's two decks (texts/de.ftl: recipe deck = Rezeptstapel, play deck = Spielstapel)
    shuffled = messages.event_message({"type": "DeckShuffled", "data": {"deck": deck, "k": 0, "size": 85}},
                                      ["a", "b"], 0)
    # then an API client reading every message (internal ones too) reads the deck's name
    assert TEXTS.render(shuffled) == english and TEXTS.render(shuffled, "de") == german


def test_internal_events_are_the_shuffles_only():
    shuffled = messages.event_message({"type": "DeckShuffled", "data": {"deck": "play", "k": 0, "size": 85}},
                                      ["a", "b"], 0)
    assert shuffled.internal
    drawn = messages.event_message({"type": "CardDrawn", "data": {"seat": 1, "reason": "turn"}}, ["a", "b"], 0)
    assert not drawn.internal and TEXTS.render(drawn, "de") == "b zieht eine Karte."


@pytest.mark.parametrize("language, one, many", [
    ("en", "ann wins with 1 star.", "ann wins with 5 stars."),
    ("de", "mit 1 Stern.", "mit 5 Sternen."),
])
def test_a_winner_with_one_star_reads_in_the_singular(language, one, many):
    # given a game that ended at the round limit with its leader at one star
    args = {"reason": "turn-limit", "you": False, "winners": "ann", "count": 1}
    assert GAME.texts.text("event-GameEnded", {**args, "stars": 1}, language).endswith(one)
    assert GAME.texts.text("event-GameEnded", {**args, "stars": 5}, language).endswith(many)
