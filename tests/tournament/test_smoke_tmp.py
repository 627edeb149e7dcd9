import asyncio
from tests.tournament.stackplay import run_tournament, entrants

def test_smoke(stack):
    tid, t, figures = asyncio.run(run_tournament(stack, entrants(16), 4))
    print(figures, t.winners)
