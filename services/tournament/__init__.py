"""Tournaments (docs/tournaments.md).

The pure, event-sourced core: events.py (the stream's events and codec), state.py (evolve),
decide.py (commands, chance nodes), pairing.py (Swiss tables, byes), standings.py (scoring,
tie-breaks), verify.py (standings recomputed from the events alone); no I/O there.
The service around it: stream.py (the stream on JetStream), draws.py (the deck-backed draws),
tables.py (the tables' games), app.py (commands and the runner), bundle.py, service.py (gRPC),
bootstrap.py (the wiring)."""
