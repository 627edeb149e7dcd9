"""Forestaurant bots (placeholder)."""
BOTS = {}
