"""Where the terminal client is: a small file under the data folder
(`<data>/client/<game>-<name>.json`) keeps the live ticket, then the game id and seat, so that a
restarted client (same name) rejoins the game in progress (apps.terminal.app)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from shared.config import Settings


@dataclass
class Remembered:
    game: str
    ticket_id: str = ""
    game_id: str = ""
    seat: int = -1
    rating_before: float | None = None
    games_before: int = 0
    ranked: bool = True


def state_path(settings: Settings, game: str, name: str) -> Path:
    return settings.data_dir / "client" / f"{game}-{name}.json"


def load_remembered(path: Path, game: str) -> Remembered | None:
    try:
        data = json.loads(path.read_text())
        return Remembered(**{k: data[k] for k in Remembered.__dataclass_fields__ if k in data})
    except (OSError, ValueError, TypeError):
        return None


def save_remembered(path: Path, remembered: Remembered) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(remembered.__dict__))
    tmp.replace(path)
