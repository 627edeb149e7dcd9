"""The leaderboard service: skill ratings and ranked boards from game-over events."""
