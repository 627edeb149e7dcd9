"""The game's texts (texts/en.ftl, texts/de.ftl) and how its events, moves and turns read."""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from services.food_fight import GAME, messages
from services.food_fight.balance import play
from services.food_fight.bots import HeuristicBot
from services.food_fight.rules import RULES
from services.food_fight.rules.events import EVENT_TYPES
from services.food_fight.texts import TEXTS
from apps.bots.base import RandomBot

RULES_DIR = Path(__file__).resolve().parents[2] / "services" / "food_fight" / "rules"
LANGUAGES = ("en", "de")


def _own(language: str) -> set[str]:
    """The game's own keys (the shared texts come after them in the catalogue)."""
    from shared.i18n import Catalogue
    return Catalogue([Path(GAME.texts.folders[0])]).keys(language)


def test_every_key_is_in_both_languages_with_the_same_arguments():
    en, de = _own("en"), _own("de")
    assert en - de == set() and de - en == set()
    for key in en:
        assert TEXTS.variables(key, "en") == TEXTS.variables(key, "de"), key
        assert TEXTS.attributes(key, "en") == TEXTS.attributes(key, "de"), key


def test_every_card_has_a_name_and_a_text_in_both_languages():
    for card_id in GAME.catalogue()["cards"]:
        for language in LANGUAGES:
            assert TEXTS.has(f"card-{card_id}", language), (card_id, language)
            assert TEXTS.text(f"card-{card_id}", language=language, attribute="text") != f"card-{card_id}"
    assert TEXTS.card_name("private-pancake", "de") == "Gefreiter Pfannkuchen"


def test_the_terms_options_and_rules_sections_are_there():
    cards = GAME.catalogue()["cards"].values()
    for field in ("kind", "meal", "timing"):
        for value in {c.get(field) for c in cards if isinstance(c.get(field), str)}:
            assert TEXTS.has(f"{field}-{value}"), (field, value)
    for spec in GAME.options:
        assert "sentence" in TEXTS.attributes(f"option-{spec.name}"), spec.name
        for choice in spec.choices:
            value = {True: "true", False: "false"}.get(choice, choice) if isinstance(choice, bool) else choice
            assert TEXTS.has(f"option-{spec.name}-{value}"), (spec.name, choice)
    for section in messages.RULES_SECTIONS:
        assert TEXTS.has(f"rules-{section}") and "title" in TEXTS.attributes(f"rules-{section}")
    for required in ("goal", "turn", "end", "scoring", "choices"):
        assert required in messages.RULES_SECTIONS


def test_the_german_texts_are_german():
    for key in ("game-summary", "rules-goal", "event-Passed", "move-pass", "refused-army-too-big",
                "card-big-bad-bacon", "prompt-instant"):
        assert TEXTS.text(key, {"count": 6, "you": False, "player": "ann", "serving": 2}, "de") != \
            TEXTS.text(key, {"count": 6, "you": False, "player": "ann", "serving": 2}, "en"), key
    assert TEXTS.text("refused-army-too-big", {"count": 6}, "de") == "Eine Armee hat höchstens fünf Truppen, nicht 6."


def test_every_event_type_has_a_message():
    keys = _own("en")
    for cls in EVENT_TYPES:
        assert any(k == f"event-{cls.__name__}" or k.startswith(f"event-{cls.__name__}-") for k in keys), cls


def _raised_keys() -> dict[str, set[str]]:
    """Every refusal key the rules raise, with the named values it is raised with."""
    found: dict[str, set[str]] = {}
    for path in RULES_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                names = {k.arg: k.value for k in node.keywords if k.arg}
                if isinstance(names.get("key"), ast.Constant):
                    found.setdefault(names["key"].value, set()).update(n for n in names if n != "key")
    return found


def test_every_refusal_the_rules_raise_has_a_text_naming_only_its_values():
    raised = _raised_keys()
    assert len(raised) > 30
    for key, values in raised.items():
        for language in LANGUAGES:
            assert TEXTS.has(f"refused-{key}", language), (key, language)
            assert TEXTS.variables(f"refused-{key}", language) <= values, (key, language)
    # and no refusal text is left over from a rule that no longer exists
    assert {k[len("refused-"):] for k in _own("en") if k.startswith("refused-")} <= set(raised)


def _check(message, where) -> None:
    assert message is not None, where
    for language in LANGUAGES:
        assert TEXTS.has(message.key, language), (message.key, language, where)
        missing = TEXTS.variables(message.key, language) - set(message.args)
        assert not missing, (message.key, sorted(missing), where)
        text = TEXTS.render(message, language)
        assert text and "{" not in text and "card-" not in text, (message.key, text)


@pytest.mark.parametrize("players,seed,bot", [(2, 5, "random"), (4, 6, "heuristic"), (6, 7, "heuristic")])
def test_every_message_of_a_played_game_names_only_arguments_it_has(players, seed, bot):
    bots = [RandomBot(seed=seed + i) if bot == "random" else HeuristicBot(seed=seed + i) for i in range(players)]
    state, log = play(bots, seed, {"boot_camp": seed % 2 == 1})
    names = list(state.players)
    seen = set()
    for e in log:
        for seat in (None, *range(players)):
            shown = RULES.event_view(e, seat)
            message = messages.event_message({"type": shown["type"], "data": shown}, names, seat)
            _check(message, type(e).__name__)
            seen.add(message.key)
    assert {"event-ServingScored", "event-MealWon", "event-GameEnded"} <= seen
    # moves and prompts, on the states of a fresh replay
    rng = random.Random(seed)
    replay = RULES.initial_state(names, {"boot_camp": seed % 2 == 1})
    for i, e in enumerate(log):
        replay = RULES.evolve(replay, e)
        if i % 9:
            continue
        for seat in (None, *range(players)):
            view = RULES.view(replay, seat)
            _check(messages.prompt_message(view, seat), "prompt")
            for move in rng.sample(view["legal_moves"], min(4, len(view["legal_moves"]))):
                _check(messages.move_message(move, names, seat), move)


def test_internal_events_are_the_shuffles_bookkeeping_only():
    shown = {"type": "DeckShuffled", "deck": "main", "k": 0, "cards": 155}
    assert messages.event_message({"type": "DeckShuffled", "data": shown}, ["a", "b"], 0).internal
    passed = messages.event_message({"type": "Passed", "data": {"seat": 1, "auto": True}}, ["ann", "bob"], 0)
    assert not passed.internal
    assert TEXTS.render(passed) == "bob had nothing to play and passed automatically."
    assert TEXTS.render(passed, "de") == "bob hatte nichts zu spielen und hat automatisch gepasst."


@pytest.mark.parametrize("deck,english,german", [
    ("dog", "The Dog deck is to be shuffled.", "Der Hundestapel soll gemischt werden."),
    ("battlefields", "The Battlefield deck is to be shuffled.", "Der Schlachtfeldstapel soll gemischt werden."),
    ("main", "The Main deck is to be shuffled.", "Der Hauptstapel soll gemischt werden."),
    ("army-bob", "bob's Army is to be shuffled.", "Die Armee von bob soll gemischt werden.")])
def test_a_shuffle_names_its_deck_as_the_rulebook_does_not_by_its_id(deck, english, german):
    # given the decks of the rulebook's setup ("The Dog deck (8 cards), the Battlefield deck (27)
    # and the Main deck ... are shuffled") and an Army ("Each Army is shuffled")
    requested = messages.event_message({"type": "ShuffleRequested", "data": {"deck": deck}}, ["ann", "bob"], 0)
    # then an API client reading every message (internal ones too) reads the deck's name
    assert TEXTS.render(requested) == english
    assert TEXTS.render(requested, "de") == german
    shuffled = messages.event_message({"type": "DeckShuffled", "data": {"deck": deck}}, ["ann", "bob"], 0)
    assert TEXTS.render(shuffled) == english.replace("is to be", "was")
    assert TEXTS.render(shuffled, "de").endswith("wurde gemischt.")


def test_the_terminal_renderer_reads_the_same_messages():
    from services.food_fight.render import event_line, move_label
    event = {"type": "InstantPlayed", "data": {"seat": 0, "card": "medic-mustard", "target": "mean-burrito",
                                               "target_index": 1}}
    assert event_line(event, ["ann", "bob"], "ann") == "You played Medic Mustard on Mean Burrito."
    assert event_line(event, ["ann", "bob"], "bob") == "ann played Medic Mustard on Mean Burrito."
    assert move_label({"type": "auto_pass", "on": True}) == "Pass automatically in Instant rounds when I have nothing to play"
    assert event_line({"type": "DeckShuffled", "data": {"deck": "dog"}}, ["ann", "bob"]) is None
    assert re.match(r"^[A-Z]", move_label({"type": "pass"}))


def test_an_empty_army_reads_as_a_whole_sentence_in_both_languages():
    # "In order to fight at a Meal ... you must have an Army of food": an empty plate is logged,
    # and its line ends where the (empty) list of troops would have been
    from services.food_fight import GAME
    from shared.i18n import Message

    empty = Message("event-ArmyPlated-own", {"meal": "lunch", "troops": [], "count": 0, "mascots": [],
                                             "mascots_count": 0})
    for language in ("en", "de"):
        text = GAME.texts.render(empty, language)
        assert text.endswith(".") and not text.endswith(": .") and ":" not in text, text


@pytest.mark.parametrize("language, one, many", [
    ("en", ("first to 1 Victory Point,", "wins with 1 Victory Point."),
     ("first to 10 Victory Points.", "wins with 4 Victory Points.")),
    ("de", ("wer zuerst 1 Siegpunkt hat", "gewinnt mit 1 Siegpunkt."),
     ("wer zuerst 10 Siegpunkte hat", "gewinnt mit 4 Siegpunkten.")),
])
def test_one_victory_point_reads_in_the_singular(language, one, many):
    # given a table playing to 1 Victory Point (an option), and one to the rulebook's 10
    start = {"count": 3, "vp": 1, "boot_camp": True}
    end = {"winners": "ann", "count": 1, "points": 1}
    assert one[0] in TEXTS.text("event-GameStarted", start, language)
    assert one[1] in TEXTS.text("event-GameEnded", end, language)
    assert many[0] in TEXTS.text("event-GameStarted", {**start, "vp": 10, "boot_camp": False}, language)
    assert many[1] in TEXTS.text("event-GameEnded", {**end, "points": 4}, language)


def test_the_automatic_passing_switch_says_it_passes_in_instant_rounds_as_the_draft_offers_it():
    # the rules' only pass is the Instant round's ("has the option to play an Instant ... or
    # pass"); in the draft the packets are passed on. The switch is offered on the seat's every
    # turn, the draft's too (to be set ahead): there it names the round it passes in.
    from ff_helpers import P2, started

    state = started(P2, boot_camp=False)
    assert state.phase == "draft"
    offered = [m for m in RULES.legal_moves(state, 0) if m["type"] == "auto_pass"]
    assert offered == [{"type": "auto_pass", "on": True}]
    on, off = (messages.move_message({"type": "auto_pass", "on": v}, list(P2), 0) for v in (True, False))
    assert TEXTS.render(on, "en") == "Pass automatically in Instant rounds when I have nothing to play"
    assert TEXTS.render(on, "de") == "In Sofortrunden automatisch passen, wenn ich nichts spielen kann"
    assert "in Instant rounds" in TEXTS.render(off, "en") and "In Sofortrunden" in TEXTS.render(off, "de")
