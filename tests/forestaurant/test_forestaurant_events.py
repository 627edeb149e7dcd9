"""1. Events: the four table states and what happens on each; Reputation and Mushrooms."""
from __future__ import annotations

import pytest

from forestaurant_helpers import (CAT, RULES, act, clouds_total, empty_board, names, of_type,
                                  position, ready, table)
from services.forestaurant.rules.state import ACTIONS, EVENTS, OVER
from shared.rules import IllegalMove, NotYourTurn

HAND = ["hare-1", "hare-2", "fox-3", "bear-6", "deer-4", "wolf-5", "boar-2", "squirrel-1"]


def _events(tables=None, line=(0, 1, 2), hand=HAND, n=2, **changes):
    state = empty_board(ready(n))
    return position(state, tables=tables, hands={0: hand}, line=line, events_left=line,
                    phase=EVENTS, active=0, **changes)


def test_an_empty_table_seats_guests_from_the_active_players_hand_as_a_guest_at_the_table():
    state = _events()
    state, events = act(state, 0, {"type": "resolve_event", "table": 1, "card": "fox-3"})
    assert state.tables[1].guest == "fox-3" and not state.tables[1].bell
    assert state.tables[1].status == "seated"
    assert "fox-3" not in state.hands[0]
    assert state.events_left == (0, 2)


def test_seated_guests_cannot_outnumber_the_chairs():
    state = _events()  # table 1 has 3 chairs
    with pytest.raises(IllegalMove, match="chairs"):
        RULES.decide(state, 0, {"type": "resolve_event", "table": 1, "card": "deer-4"})
    assert {m.get("card") for m in RULES.legal_moves(state, 0) if m["table"] == 1} == {
        "hare-1", "hare-2", "fox-3", "boar-2", "squirrel-1"}


def test_seating_is_mandatory_when_a_card_fits():
    state = _events()
    with pytest.raises(IllegalMove, match="seat one of"):
        RULES.decide(state, 0, {"type": "resolve_event", "table": 0})


def test_seating_is_skipped_when_the_hand_is_at_the_minimal_size():
    state = _events(hand=HAND[:5])  # 2 players: minimal hand 5
    legal = RULES.legal_moves(state, 0)
    assert {"type": "resolve_event", "table": 0} in legal
    assert not [m for m in legal if "card" in m]
    from services.forestaurant.moves import MOVES
    checked = MOVES.check({"type": "resolve_event", "table": 0, "card": None})
    RULES.decide(state, 0, checked)  # an explicit null card is no card
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert names(events)[0] == "SeatingSkipped" and state.tables[0].guest is None


def test_seating_is_skipped_when_no_card_fits_the_table():
    state = _events(hand=["bear-6", "wolf-5", "deer-4", "fox-4", "boar-5", "hare-6", "wolf-6"])
    state, events = act(state, 0, {"type": "resolve_event", "table": 1})
    assert "SeatingSkipped" in names(events)


def test_seating_at_an_event_checks_the_neighbours():
    state = _events(tables={0: table("hare-2", bell=True), 4: table("fox-4", bell=True, clouds=1),
                            2: table("deer-1", bell=True)})
    state, events = act(state, 0, {"type": "resolve_event", "table": 1, "card": "fox-3"})
    # hare (left) is prey of a fox: +1; fox (below) same species: -1; deer (right): nothing
    assert (state.tables[0].clouds, state.tables[4].clouds, state.tables[2].clouds) == (1, 0, 0)


def test_guests_with_a_bell_lose_patience_one_cloud_from_the_mushrooms():
    state = _events(tables={0: table("hare-2", bell=True)})
    before = state.mushrooms
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert state.tables[0].clouds == 1 and state.mushrooms == before - 1


def test_guests_with_a_face_up_menu_lose_patience_too():
    state = _events(tables={0: table("hare-2", bell=True, menu="hare-carrot-clover", clouds=1)})
    state, _ = act(state, 0, {"type": "resolve_event", "table": 0})
    assert state.tables[0].clouds == 2


def test_a_third_cloud_goes_on_a_star_instead():
    state = _events(tables={0: table("hare-2", bell=True, clouds=2)})
    stars, mush = state.stars, state.mushrooms
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert state.tables[0].clouds == 2 and state.stars == stars + 1 and state.mushrooms == mush - 1


def test_eating_guests_without_a_cloud_leave_satisfied():
    state = _events(tables={0: table("bear-3", menu="bear-fish-berries", eating=True)})
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert state.tables[0].guest is None
    assert state.satisfied[CAT.species.index("bear")] == ("bear-3",)
    assert state.menu_discard[-1] == "bear-fish-berries"
    assert of_type(events, "GuestLeft")[0].outcome == "satisfied"


def test_semi_satisfied_guests_put_their_cloud_on_a_star_and_still_count():
    state = _events(tables={0: table("bear-3", menu="bear-fish-berries", eating=True, clouds=1)})
    stars = state.stars
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert state.stars == stars + 1
    assert state.satisfied[CAT.species.index("bear")] == ("bear-3",)


def test_guests_with_two_clouds_are_discarded_one_cloud_to_a_star_one_to_the_mushrooms():
    state = _events(tables={0: table("bear-3", menu="bear-fish-berries", eating=True, clouds=2)})
    stars, mush = state.stars, state.mushrooms
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert (state.stars, state.mushrooms) == (stars + 1, mush + 1)
    assert state.animal_discard[-1] == "bear-3" and not any(state.satisfied)


def test_rulebook_example_3_bears_then_2_and_5_bring_back_two_stars():
    # "3 bears were collected in the past and now two more tables of guests leave satisfied. One
    # with 2, the other with 5 bears. This way players reach both 5 and 10 satisfied bears"
    bear = CAT.species.index("bear")
    sat = [()] * 8
    sat[bear] = ("bear-3",)
    state = _events(tables={0: table("bear-2", menu="bear-fish-berries", eating=True),
                            2: table("bear-5", menu="bear-ham-nuts", eating=True)},
                    satisfied=tuple(sat), stars=3, mushrooms=9)
    state, _ = act(state, 0, {"type": "resolve_event", "table": 0})
    assert (state.stars, state.mushrooms) == (2, 10)  # 5 reached
    state, _ = act(state, 0, {"type": "resolve_event", "table": 2})
    assert (state.stars, state.mushrooms) == (1, 11)  # 10 reached: two stars back in all


def test_a_semi_satisfied_cloud_meeting_a_5_step_goes_straight_back_to_the_mushrooms():
    bear = CAT.species.index("bear")
    sat = [()] * 8
    sat[bear] = ("bear-3",)
    state = _events(tables={0: table("bear-2", menu="bear-fish-berries", eating=True, clouds=1)},
                    satisfied=tuple(sat), stars=2, mushrooms=9)
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    moved = of_type(events, "CloudMoved")
    assert [(m.src, m.dst) for m in moved] == [("guest", "mushrooms")]
    assert (state.stars, state.mushrooms) == (2, 10)


def test_a_5_step_with_no_star_covered_returns_nothing():
    state = _events(tables={0: table("bear-5", menu="bear-fish-berries", eating=True),
                            1: table("hare-1", bell=True, clouds=1)}, stars=0, mushrooms=11)
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert (state.stars, state.mushrooms) == (0, 11) and not of_type(events, "CloudMoved")


def test_events_happen_in_the_order_the_player_chooses_and_then_actions_begin():
    state = _events(tables={0: table("hare-2", bell=True), 2: table("deer-1", bell=True)})
    state, _ = act(state, 0, {"type": "resolve_event", "table": 2})
    with pytest.raises(IllegalMove, match="no event left"):
        RULES.decide(state, 0, {"type": "resolve_event", "table": 2})
    state, _ = act(state, 0, {"type": "resolve_event", "table": 0})
    assert state.phase == EVENTS
    state, _ = act(state, 0, {"type": "resolve_event", "table": 1, "card": "hare-1"})
    assert state.phase == ACTIONS and state.events_left == ()


def test_only_the_active_player_resolves_events():
    state = _events()
    with pytest.raises(NotYourTurn):
        RULES.decide(state, 1, {"type": "resolve_event", "table": 0, "card": "hare-1"})
    assert RULES.legal_moves(state, 1) == []


def test_chaos_when_a_cloud_is_needed_and_none_is_left_on_the_mushrooms():
    state = _events(tables={0: table("hare-2", bell=True, clouds=2), 2: table("deer-2", bell=True, clouds=2),
                            3: table("boar-2", bell=True, clouds=2), 5: table("fox-2", bell=True, clouds=2),
                            6: table("wolf-2", bell=True, clouds=2)}, mushrooms=0, stars=2)
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert state.phase == OVER and state.won is False and state.end_reason == "chaos"
    assert clouds_total(state) == 12


def test_bankrupt_when_a_star_must_be_covered_and_all_are():
    state = _events(tables={0: table("hare-2", bell=True, clouds=2), 2: table("deer-2", bell=True, clouds=2),
                            3: table("boar-2", bell=True, clouds=1)}, mushrooms=2, stars=5)
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert state.phase == OVER and state.end_reason == "bankrupt"
    assert RULES.result(state).team_won is False


def test_all_twelve_clouds_on_the_mushrooms_wins_at_once():
    state = _events(tables={0: table("bear-5", menu="bear-fish-berries", eating=True)}, stars=1, mushrooms=11)
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert state.phase == OVER and state.won and state.end_reason == "mushrooms"
    res = RULES.result(state)
    assert res.team_won and res.placings == (1, 1) and res.points == (5, 5) and res.difficulty == "normal"


def test_satisfied_value_in_every_species_wins():
    sat = [tuple(f"{sp}-5" for _ in range(1)) for sp in CAT.species]
    bear = CAT.species.index("bear")
    sat[bear] = ("bear-1",)
    state = _events(tables={0: table("bear-4", menu="bear-fish-berries", eating=True),
                            1: table("hare-1", bell=True, clouds=2)}, satisfied=tuple(sat))
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert state.won and state.end_reason == "satisfied"


def test_the_satisfied_needed_option_changes_the_goal():
    sat = [tuple(f"{sp}-5" for _ in range(1)) for sp in CAT.species]
    state = _events(tables={0: table("bear-1", menu="bear-fish-berries", eating=True),
                            1: table("hare-1", bell=True, clouds=2)}, satisfied=tuple(sat))
    from dataclasses import replace
    state = replace(state, options=replace(state.options, satisfied_needed=6))
    state, _ = act(state, 0, {"type": "resolve_event", "table": 0})
    assert state.phase != OVER


# ---- what closed the restaurant: GameEnded names the step that needed one more cloud or star --

def _log(events, language):
    """The log's line of each event, as a player reads it (the GameEnded one last)."""
    from services.forestaurant import GAME, messages
    from services.forestaurant.texts import TEXTS
    from shared.codec import EventCodec
    codec = EventCodec(GAME.rules.event_types)
    lines = [messages.event_message(codec.encode(e), ["ann", "bob"], 0) for e in events]
    return [TEXTS.render(m, language) for m in lines if m is not None and not m.internal]


@pytest.mark.parametrize("language, line", [
    ("en", "all 5 stars were already covered and the unsatisfied guests leaving table 6 needed one more star"),
    ("de", "Alle 5 Sterne waren schon abgedeckt, und als die unzufriedenen Gäste Tisch 6 verließen, "
           "hätte noch einer abgedeckt werden müssen")])
def test_given_all_stars_covered_when_unsatisfied_guests_leave_then_the_bankruptcy_names_their_table(language, line):
    # "The restaurant goes bankrupt if all the stars are already covered but players would have to
    # cover more": the guests of table 6 (index 5) leave with 2 clouds, one of which needs a star
    state = _events(tables={5: table("marten-1", menu="marten-fish-nuts", eating=True, clouds=2)},
                    line=(3, 4, 5), mushrooms=2, stars=5)
    state, events = act(state, 0, {"type": "resolve_event", "table": 5})
    [ended] = of_type(events, "GameEnded")
    assert (ended.reason, ended.table, ended.cause) == ("bankrupt", 5, "unsatisfied")
    # then the view says it to the board, and the log's last line says the step that ended it
    assert RULES.view(state, 0)["end_trigger"] == {"table": 5, "cause": "unsatisfied", "about": None}
    assert line in _log(events, language)[-1], _log(events, language)[-1]


@pytest.mark.parametrize("language, line", [
    ("en", "no cloud was left on the mushrooms and the guests at table 1 needed one more (nobody had taken their order)"),
    ("de", "Auf den Pilzen lag keine Wolke mehr, und die Gäste an Tisch 1 brauchten noch eine (niemand hatte "
           "ihre Bestellung aufgenommen)")])
def test_given_no_cloud_on_the_mushrooms_when_guests_lose_patience_then_the_chaos_names_their_table(language, line):
    # "The restaurant descends into chaos if players have brought all clouds into play (no more
    # left on the mushrooms) and even more would be needed."
    state = _events(tables={0: table("hare-2", bell=True, clouds=2), 2: table("deer-2", bell=True, clouds=2),
                            3: table("boar-2", bell=True, clouds=2), 5: table("fox-2", bell=True, clouds=2),
                            6: table("wolf-2", bell=True, clouds=2)}, mushrooms=0, stars=2)
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert RULES.view(state, 0)["end_trigger"] == {"table": 0, "cause": "patience-order", "about": None}
    assert line in _log(events, language)[-1], _log(events, language)[-1]


def test_given_a_neighbour_needs_a_third_cloud_when_all_stars_are_covered_then_the_bankruptcy_names_the_card():
    # "If this would be the third cloud on the card, the cloud token is placed on one of the stars"
    state = _events(tables={0: table("hare-2", bell=True, clouds=2)}, mushrooms=3, stars=5)
    state, events = act(state, 0, {"type": "resolve_event", "table": 1, "card": "fox-3"})
    assert RULES.view(state, 0)["end_trigger"] == {"table": 0, "cause": "neighbour", "about": "fox-3"}
    assert "a third cloud for the guests at table 1 needed one more star (Fox 3 was seated next to them)" \
        in _log(events, "en")[-1]


def test_given_a_game_recorded_before_the_trigger_was_kept_when_it_replays_then_its_loss_reads_as_before():
    # events are frozen: an old GameEnded record has no table, cause or card
    from services.forestaurant import GAME, messages
    from services.forestaurant.texts import TEXTS
    from shared.codec import EventCodec
    old = EventCodec(GAME.rules.event_types).decode(
        {"type": "GameEnded", "data": {"won": False, "reason": "bankrupt", "score": 13}})
    state = RULES.evolve(_events(), old)
    assert state.end_reason == "bankrupt" and RULES.view(state, 0)["end_trigger"] is None
    m = messages.event_message({"type": "GameEnded", "data": {"won": False, "reason": "bankrupt", "score": 13}},
                               ["ann", "bob"], 0)
    assert m.key == "event-GameEnded-lost"
    assert "abgedeckt" in TEXTS.render(m, "de") and "verdeckt" not in TEXTS.render(m, "de")
