"""The browser's TypeScript verifier of audit bundles (web/src/audit/), run by its own Vitest tests:
every vector of docs/shuffle-vectors.json (v1 and v2), the RFC 6962 Merkle vectors and Go's
signed-note vectors the Python tests use, two real bundles of finished games (web/src/audit/fixtures)
verified under the Python verifier's check names, and each single-field change of them failing the
right named check. Needs web/node_modules (`make web` installs it from web/package-lock.json)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"


def test_the_typescript_verifier_passes_its_vitest_suite():
    assert shutil.which("npx"), "Node.js (npx) is not installed: `make web` needs Node 20 or newer"
    assert (WEB / "node_modules" / ".bin" / "vitest").exists(), (
        "web/node_modules is missing: run `make web` (npm ci in web/) before the tests")
    done = subprocess.run(["npx", "--no-install", "vitest", "run", "--no-isolate", "src/audit"], check=False, cwd=WEB,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NO_COLOR": "1", "CI": "1"})
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"the TypeScript verifier's tests failed:\n{output[-6000:]}"
    assert " passed" in output and " failed" not in output, output[-3000:]
