"""Matchmaking: skill-aware queues per game that create the game when a table forms."""
