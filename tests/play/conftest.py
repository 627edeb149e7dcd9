"""Fixtures of the play tests: the whole stack as `make run` runs it (tests/stack's `stack`),
or, when FOODGAMES_TEST_STACK_ENV names a file of FOODGAMES_*=... lines, a stack that is
already running (for working on the clients without restarting the services)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from shared.config import Settings


@pytest.fixture(scope="session")
def play_stack(request) -> Settings:
    external = os.environ.get("FOODGAMES_TEST_STACK_ENV")
    if external:
        env = dict(line.split("=", 1) for line in Path(external).read_text().splitlines() if "=" in line)
        return Settings.from_env(env)
    return request.getfixturevalue("stack")
