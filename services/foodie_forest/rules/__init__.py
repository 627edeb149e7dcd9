"""Foodie Forest (Reiner Knizia): a pure rules module. See docs/foodie-forest.md."""
from .game import RULES

__all__ = ["RULES"]
