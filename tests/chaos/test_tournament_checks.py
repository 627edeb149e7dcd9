"""The chaos run's tournament check (apps/chaos/tournament.py): a tournament's rounds must each
close exactly once in its stream; a round closed twice (two replicas running one tournament, or
one taking over a round already closed) or never is a violation named for it."""
from __future__ import annotations

from apps.chaos.tournament import ROUND_CLOSES, round_closes


def closed(*rounds: int) -> list[dict]:
    events = [{"type": "TournamentCreated", "data": {}}]
    for n in rounds:
        events += [{"type": "RoundPaired", "data": {"round": n}}, {"type": "RoundClosed", "data": {"round": n}}]
    return events


def test_each_round_closed_once_is_no_violation():
    assert round_closes(closed(1, 2), 2) == []


def test_a_round_closed_twice_is_a_violation_naming_the_round():
    [found] = round_closes(closed(1, 1, 2), 2)
    assert found.check == ROUND_CLOSES and "round 1 closed 2 times" in found.text


def test_a_round_never_closed_and_a_round_the_tournament_does_not_have_are_violations():
    found = round_closes(closed(1, 3), 2)
    assert {str(v) for v in found} == {f"{ROUND_CLOSES}: round 2 closed 0 times",
                                      f"{ROUND_CLOSES}: round 3 closed, of a tournament of 2"}

