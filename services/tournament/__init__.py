"""Tournaments: the pure, event-sourced core (docs/tournaments.md).

events.py (the stream's events and codec), state.py (evolve), decide.py (commands, chance
nodes), pairing.py (Swiss tables, byes), standings.py (scoring, tie-breaks), verify.py
(standings recomputed from the events alone). No I/O: the gRPC service, the CLI and the
deck-backed draws are still to come."""
