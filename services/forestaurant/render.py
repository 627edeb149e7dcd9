"""Forestaurant's terminal renderer (placeholder, filled in below)."""
