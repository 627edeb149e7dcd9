"""A counter rules engine in a process of its own, for the test that kills it with SIGKILL:

    python -m tests.live.engine_process NATS_URL PORT TOKEN_KEY

Wired as `foodgames serve` wires a game (shared.runtime.bootstrap), with an in-process seeded
deck and tests/live's short presence policy; prints "serving" once it answers."""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path
import tempfile

from shared.config import Settings
from tests.live.conftest import engine


async def main(nats_url: str, port: int, token_key: str) -> None:
    settings = Settings(data_dir=Path(tempfile.mkdtemp()), token_key=token_key)
    async with engine(settings, nats_url, port=port):
        print("serving", flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
