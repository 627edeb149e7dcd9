"""Games stored before issue 31 ("Action cards ... do not award any stars") hold events that the
rules no longer decide: Hostile Takeover's TableCardTaken and Menu Mix-Up's HandsSwapped. They
must still replay as they were played, show each seat only its own hand, and read in the log."""
from __future__ import annotations

from services.foodtown_throwdown.messages import event_message
from services.foodtown_throwdown.rules import RULES
from services.foodtown_throwdown.rules.events import HandsSwapped, TableCardTaken
from services.foodtown_throwdown.texts import TEXTS
from shared.codec import EventCodec
from shared.rules import replace_state

from ftt_helpers import PLAYERS3, dealt, started


def _given_a_dealt_game():
    return dealt(started(PLAYERS3))


def test_a_stored_hostile_takeover_still_moves_the_card_to_the_player_who_took_it():
    state = _given_a_dealt_game()
    state = replace_state(state, tables=(("downtown",), (), ()))
    # when a game recorded under the old rules is folded
    after = RULES.evolve(state, TableCardTaken(seat=1, owner=0, card="downtown"))
    # then it is as it was played
    assert after.tables[0] == () and after.tables[1] == ("downtown",)


def test_a_stored_menu_mix_up_swaps_the_hands_and_each_seat_sees_only_its_own():
    state = _given_a_dealt_game()
    mine, theirs = state.hands[0], state.hands[2]
    event = HandsSwapped(seat=0, target=2, hands=(theirs, mine))
    after = RULES.evolve(state, event)
    assert after.hands[0] == theirs and after.hands[2] == mine
    assert RULES.event_view(event, 0)["hand"] == list(theirs)
    assert RULES.event_view(event, 2)["hand"] == list(mine)
    assert "hand" not in RULES.event_view(event, 1) and "hands" not in RULES.event_view(event, None)


def test_the_legacy_events_round_trip_through_the_codec_and_read_in_both_languages():
    codec = EventCodec(RULES.event_types)
    for event in (TableCardTaken(seat=1, owner=0, card="downtown"),
                  HandsSwapped(seat=0, target=2, hands=(("a",), ("b",)))):
        assert codec.decode(codec.encode(event)) == event
        seen = {"type": type(event).__name__, **{"data": RULES.event_view(event, 1)}}
        message = event_message(seen, list(PLAYERS3), 1)
        for language in ("en", "de"):
            text = TEXTS.render(message, language)
            assert text and not text.startswith("event-"), text
            assert TEXTS.variables(message.key, language) <= set(message.args)
