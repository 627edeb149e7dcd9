"""The runtime's parts see it through shared.runtime.core's protocols, which GameRuntime and its
parts satisfy by their shape alone (nothing checks that while the code runs): every member a
protocol declares is there on the real object, a method with the same parameters, defaults and
kind (async or not, static or not), so that a protocol cannot drift from what it describes."""
from __future__ import annotations

import inspect
import typing

import pytest

from shared.eventstore.memory import MemoryEventStore
from shared.runtime import core
from shared.runtime.deck import SeededDeck
from shared.runtime.game import GameRuntime
from tests.games.counter import MOVES, RULES


def declared(protocol: type) -> dict[str, object]:
    """The members a protocol declares: its annotated attributes and its own methods."""
    members = {name: None for name in typing.get_type_hints(protocol, include_extras=False)}
    members.update({name: value for name, value in vars(protocol).items()
                    if not name.startswith("_") and (callable(value) or isinstance(value, staticmethod))})
    return members


def shape(function) -> tuple:
    signature = inspect.signature(function)
    return ([(p.name, p.kind, p.default) for p in signature.parameters.values() if p.name != "self"],
            inspect.iscoroutinefunction(function))


async def runtime_and_parts() -> dict[type, object]:
    runtime = GameRuntime(RULES, MemoryEventStore(), SeededDeck(), moves=MOVES)
    return {core.Runtime: runtime, core.RuntimeClocks: runtime.clocks, core.RuntimePresence: runtime.presence,
            core.RuntimeSettlement: runtime.settlement, core.RuntimeFeeds: runtime.feeds,
            core.RuntimeMeters: runtime.meters}


@pytest.mark.parametrize("protocol", [core.Runtime, core.RuntimeClocks, core.RuntimePresence, core.RuntimeSettlement,
                                      core.RuntimeFeeds, core.RuntimeMeters], ids=lambda p: p.__name__)
async def test_what_a_part_may_call_of_the_runtime_is_there_with_the_same_signature(protocol):
    # given the real runtime and its parts
    real = (await runtime_and_parts())[protocol]
    # when each member the protocol declares is looked up on the real object
    for name, member in declared(protocol).items():
        # then it is there
        assert hasattr(real, name), f"{type(real).__name__} has no {name}, which {protocol.__name__} declares"
        if member is None:
            continue
        # and a method takes the same parameters, is async or not alike, static or not alike
        ours = inspect.getattr_static(type(real), name)
        assert isinstance(ours, staticmethod) == isinstance(member, staticmethod), name
        described = member.__func__ if isinstance(member, staticmethod) else member
        actual = ours.__func__ if isinstance(ours, staticmethod) else ours
        assert shape(actual) == shape(described), f"{type(real).__name__}.{name} differs from {protocol.__name__}'s"
