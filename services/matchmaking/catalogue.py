"""Which games the matchmaker serves: names and player counts come from each
game's rules object (shared.games), addresses from Settings.address(game)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from shared import games
from shared.config import Settings
from shared.errors import InvalidArgument
from shared.moves import quote


@dataclass(frozen=True)
class GameInfo:
    name: str
    min_players: int
    max_players: int
    address: str  # the game's rules service (gRPC)


class Catalogue:
    def __init__(self, infos: Iterable[GameInfo]):
        self.games: dict[str, GameInfo] = {g.name: g for g in infos}

    @classmethod
    def from_settings(cls, settings: Settings, names: Iterable[str] | None = None,
                      addresses: Mapping[str, str] | None = None) -> "Catalogue":
        """Every game of shared.games (or `names`); `addresses` overrides where one is served."""
        infos = []
        for name in (names if names is not None else games.names()):
            rules = games.load_rules(name)
            address = (addresses or {}).get(name) or settings.address(name)
            infos.append(GameInfo(name, rules.min_players, rules.max_players, address))
        return cls(infos)

    def get(self, name: str) -> GameInfo:
        try:
            return self.games[name]
        except KeyError:
            known = ", ".join(sorted(self.games)) or "none"
            raise InvalidArgument(f"unknown game {name!r}; the matchmaker serves: {known}", key="unknown-game",
                                  game=quote(name), known=known) from None

    def __contains__(self, name: str) -> bool:
        return name in self.games
