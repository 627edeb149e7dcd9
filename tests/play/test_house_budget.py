"""Issue 29, item 3: the house grows with demand within a budget (apps/bots/house.py): at most
FOODGAMES_HOUSE_BOTS_MAX bots at once per process (200 by default, from the measured cost of a
bot, docs/bots.md), of them at most FOODGAMES_HOUSE_BOTS_MAX_STRONG strong ones (16), whose
search shares the bounded pool. The house's bots are stand-ins that hold their seat."""
from __future__ import annotations

import asyncio

import pytest

from apps.bots.house import (DEFAULT_MAX_BOTS, DEFAULT_MAX_STRONG, MAX_BOTS_ENV, MAX_STRONG_ENV, House, Request,
                             budget_from_env)
from shared.config import Settings
from tests.stack.test_house_bots import Seats

GAME = "foodie-forest"


def test_the_budget_is_the_operators_else_the_measured_default():
    assert budget_from_env({}) == (DEFAULT_MAX_BOTS, DEFAULT_MAX_STRONG) == (200, 16)
    assert budget_from_env({MAX_BOTS_ENV: "500", MAX_STRONG_ENV: "64"}) == (500, 64)
    with pytest.raises(ValueError, match="FOODGAMES_HOUSE_BOTS_MAX must be a whole number of bots, not 'lots'"):
        budget_from_env({MAX_BOTS_ENV: "lots"})
    with pytest.raises(ValueError, match="FOODGAMES_HOUSE_BOTS_MAX_STRONG must be at least 1"):
        budget_from_env({MAX_STRONG_ENV: "0"})


async def test_a_house_takes_its_size_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(MAX_BOTS_ENV, "3")
    monkeypatch.setenv(MAX_STRONG_ENV, "5")
    house = House(Settings(data_dir=tmp_path), play=Seats().play)
    assert (house.max_bots, house.max_strong) == (3, 3), "never more strong bots than bots"


async def test_strong_bots_have_a_budget_of_their_own_within_the_houses(tmp_path):
    seats = Seats()
    house = House(Settings(data_dir=tmp_path), max_bots=4, max_strong=1, play=seats.play)
    try:
        # given room for four bots, one of them strong
        # when a casual table asks for two strong bots, then another for three normal ones
        strong = house.handle(Request(GAME, 2, 3, ranked=False, level="strong"))
        normal = house.handle(Request(GAME, 3, 4, ranked=False, level="normal"))
        await asyncio.sleep(0)
        # then one strong bot starts, and the normal ones fill the rest of the house
        assert len(strong) == 1 and len(house.strong) == 1
        assert len(normal) == 3 and house.playing == 4 and house.full
        assert house.room("normal") == 0 and house.room("strong") == 0
        # and once the games end the room is back, for either
        seats.release.set()
        await asyncio.sleep(0.05)
        assert house.playing == 0 and not house.strong and house.room("strong") == 1 and house.room("easy") == 4
    finally:
        seats.release.set()
        await house.close()
