"""Food Fight: a pure rules module. See docs/food-fight.md."""
from .game import RULES

__all__ = ["RULES"]
