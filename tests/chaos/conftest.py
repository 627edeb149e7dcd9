from __future__ import annotations

import pytest

from shared.config import Settings


@pytest.fixture(scope="session")
def settings(tmp_path_factory) -> Settings:
    return Settings(data_dir=tmp_path_factory.mktemp("data"), token_key="test-key-" + "x" * 32)
