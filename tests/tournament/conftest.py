"""The tournament tests against the session's stack (`foodgames up`, tests/stacklib.py), whose
tournament service is a process of its own like every other service.

The editable install's `foodgames` package may be another checkout's proto/gen (a git worktree
shares the main tree's venv), which may not have tournament_pb2 yet: this tree's proto/gen goes
first, here and (through PYTHONPATH, which tests/stacklib.py keeps) in the stack's processes."""
from __future__ import annotations

import os
from pathlib import Path

import foodgames
import foodgames.v1

_GEN = Path(__file__).resolve().parents[2] / "proto" / "gen"
for _package, _folder in ((foodgames, _GEN / "foodgames"), (foodgames.v1, _GEN / "foodgames" / "v1")):
    if str(_folder) not in _package.__path__:
        _package.__path__.insert(0, str(_folder))
if str(_GEN) not in os.environ.get("PYTHONPATH", "").split(os.pathsep):
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_GEN), os.environ.get("PYTHONPATH")]))
