"""Forestaurant: a pure rules module. See docs/forestaurant.md."""
from .game import RULES

__all__ = ["RULES"]
