"""Foodtown Throwdown: a pure rules module. See docs/foodtown-throwdown.md."""
from .game import RULES

__all__ = ["RULES"]
