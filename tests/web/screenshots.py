"""`python -m tests.web.screenshots`: run the browser tests (tests/web/) and save a screenshot
of each page they pass through into docs/web/*.png (sign in and play, queue, table, end,
leaderboard, audit, the table on a phone, every game mid-game and at its end on a desktop and a phone in English and German, a tournament, friends at a private table). Needs `make web` and `make browser` first."""
from __future__ import annotations

import argparse
import os
import sys
import time

import pytest

from tests.web.conftest import SHOTS, SHOTS_ENV


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.web.screenshots", description=__doc__.split("\n\n")[0])
    parser.parse_args(argv)
    os.environ[SHOTS_ENV] = "1"
    started = time.time()
    code = pytest.main(["-q", "-p", "no:cacheprovider", "tests/web/test_browser.py", "tests/web/test_games.py", "tests/web/test_tournament_page.py",
                        "tests/web/test_friends_pages.py", "tests/web/test_operators_page.py"])
    # a page this run did not pass through (a game that ended before its mid-game check) is not
    # left as if it showed today's code
    stale = sorted(p for p in SHOTS.glob("*.png") if p.stat().st_mtime < started)
    for path in stale if code == 0 else []:
        path.unlink()
    if stale and code == 0:
        print(f"removed, not taken by this run: {', '.join(p.name for p in stale)}")
    print(f"screenshots in {SHOTS}: {', '.join(sorted(p.name for p in SHOTS.glob('*.png')))}")
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
