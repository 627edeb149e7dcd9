"""`foodgames chaos`: a stack of its own under bot traffic, faults injected on a seeded
schedule, then the checks that nothing acknowledged was lost (docs/reliability.md).

ledger.py   what the clients were told (acknowledged move ids, the views they ended with)
traffic.py  bot tables over gRPC, every registered game, recording the ledger
faults.py   the faults and their schedule
stack.py    the stack under test (`foodgames up`'s pieces) and how each fault is made
checks.py   the checks, as pure functions of the ledger and what the stack stored
run.py      the whole run: stack, traffic, faults, checks, the table
"""
