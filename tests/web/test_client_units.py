"""The browser client's own unit tests (web/src/**/*.test.ts beside the audit verifier's, which
test_ts_verifier.py runs): the move choices, the text catalogues and the tiles' hyphenation.
Needs web/node_modules (`make web` installs it from web/package-lock.json)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"


def test_the_client_passes_its_vitest_suite():
    assert shutil.which("npx"), "Node.js (npx) is not installed: `make web` needs Node 20 or newer"
    assert (WEB / "node_modules" / ".bin" / "vitest").exists(), (
        "web/node_modules is missing: run `make web` (npm ci in web/) before the tests")
    suites = sorted(str(p.relative_to(WEB)) for p in (WEB / "src").rglob("*.test.ts") if "audit" not in p.parts)
    assert suites, "no unit tests of the client found under web/src"
    done = subprocess.run(["npx", "--no-install", "vitest", "run", "--no-isolate", *suites], check=False, cwd=WEB,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NO_COLOR": "1", "CI": "1"})
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"the client's unit tests failed:\n{output[-6000:]}"
    assert f"Test Files  {len(suites)} passed" in output, output[-3000:]
