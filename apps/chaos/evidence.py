"""What a chaos run's faults leave in the stack's metrics (docs/operations.md): every service's
endpoint scraped once before the first fault and once after the traffic drained, and each
fault looked for in the difference, as an operator would find it on `foodgames top` or the
dashboards: a killed service restarted (its uptime counter reset), a killed NATS server
reconnected (foodgames_nats_reconnects_total), Valkey or NATS away refused or held calls
(rpc_server_calls_total with UNAVAILABLE, refused moves, the leaderboard's and matchmaker's
waits, failed appends). Pure functions of the two scrapes but `scrape`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from shared.scrape import Scrape, scrape_all
from shared.stackfigures import addresses

UPTIME = "process_uptime_seconds_total"
RECONNECTS = "foodgames_nats_reconnects_total"
CALLS = "rpc_server_calls_total"
# Calls a service refused because something it needs was away, as the clients saw them.
REFUSED_CODES = ("UNAVAILABLE", "DEADLINE_EXCEEDED", "ABORTED")


@dataclass(frozen=True)
class Evidence:
    kind: str  # the fault's kind
    target: str
    text: str  # what the metrics show, in words
    seen: bool
    required: bool = True  # a fault that must show (else a violation); others are reported


async def scrape(settings, env: Mapping[str, str]) -> dict[str, Scrape]:
    """Every service's metrics endpoint, at the addresses the run's own settings give."""
    return await scrape_all(addresses(settings, env=env), timeout=5.0)


def grown(before: Scrape | None, after: Scrape, seconds: float, name: str, **labels) -> float:
    """How much a counter grew between the scrapes; all of it when the process restarted in
    between (its counters began again at 0)."""
    if before is None or not before.ok or restarted(after, seconds):
        return after.total(name, **labels)
    return max(0.0, after.total(name, **labels) - before.total(name, **labels))


def restarted(after: Scrape, seconds: float) -> bool:
    """The process is younger than the interval between the scrapes."""
    return after.ok and after.has(UPTIME) and after.total(UPTIME) < seconds


def refusals(before: Mapping[str, Scrape], after: Mapping[str, Scrape], seconds: float) -> dict[str, dict[str, float]]:
    """service -> what it refused or held for a dependency that was away, by what counted it
    (a gRPC code of REFUSED_CODES, a failed append, a wait for Valkey, a refused move's key)."""
    out: dict[str, dict[str, float]] = {}
    for name, now in after.items():
        was = before.get(name)
        found = {code: grown(was, now, seconds, CALLS, rpc_grpc_status_code=code) for code in REFUSED_CODES}
        found["append error"] = grown(was, now, seconds, "foodgames_eventstore_appends_total", outcome="error")
        found["Valkey wait"] = grown(was, now, seconds, "foodgames_leaderboard_redis_waits_total")
        for key in {s.labels.get("error_type", "") for s in now.matching("foodgames_moves_total", {"outcome": "refused"})}:
            # an exception's type (no refusal key: not a rule's) or the runtime's own keys for
            # a store that is away; a rule's refusal (must-follow, stale-version) is no fault's
            if key[:1].isupper() or key in ("unavailable", "store-unavailable", "deadline-exceeded"):
                found[f"move {key}"] = grown(was, now, seconds, "foodgames_moves_total", outcome="refused",
                                             error_type=key)
        found = {what: n for what, n in found.items() if n}
        if found:
            out[name] = found
    return out


def shown(faults: list[tuple[str, str]], before: Mapping[str, Scrape], after: Mapping[str, Scrape],
          seconds: float) -> list[Evidence]:
    """Each kind of fault made (and each target of a kill) with what the metrics show of it, then
    the run's refusals (a counter says how many, not which fault caused them)."""
    out: list[Evidence] = []
    reconnects = {name: grown(before.get(name), s, seconds, RECONNECTS) for name, s in after.items() if s.ok}
    refused = refusals(before, after, seconds)
    kinds = {kind for kind, _ in faults}
    for kind, target in sorted(set(faults)):
        if kind.startswith("kill-") and target in after:  # a service's process
            now = after[target]
            seen = restarted(now, seconds)
            if not now.ok:
                text = f"{target}'s metrics did not answer: {now.error}"
            elif seen:
                text = f"{target} restarted ({UPTIME} {now.total(UPTIME):.0f} s, under the run's {seconds:.0f} s)"
            else:
                text = f"{target} did not restart ({UPTIME} {now.total(UPTIME):.0f} s)"
            out.append(Evidence(kind, target, text, seen))
        elif kind in ("kill-nats", "kill-nats-node"):
            which = {n: r for n, r in reconnects.items() if r}
            out.append(Evidence(kind, target, f"NATS reconnects: {sum(which.values()):.0f} in {len(which)} services "
                                              f"({RECONNECTS})", bool(which),
                                # one node of three: a client connected elsewhere does not reconnect
                                required=kind == "kill-nats"))
        elif kind == "kill-valkey":
            waits = {n: f["Valkey wait"] for n, f in refused.items() if "Valkey wait" in f}
            out.append(Evidence(kind, target, "the leaderboard waited for Valkey" if waits else
                                "no figure of its own unless a game was rated while Valkey was away "
                                "(foodgames_leaderboard_redis_waits_total)", bool(waits), required=False))
        else:  # a paused process measures nothing while stopped; its callers' refusals are the run's
            out.append(Evidence(kind, target, "no figure of its own: its callers' refusals are below", False,
                                required=False))
    text = "; ".join(f"{n}: " + ", ".join(f"{what} {c:.0f}" for what, c in found.items())
                     for n, found in sorted(refused.items())) or "none"
    # NATS away for a second under traffic: moves were refused (the engines answer UNAVAILABLE)
    out.append(Evidence("refusals", "run", f"calls refused or held: {text}", bool(refused),
                        required="kill-nats" in kinds))
    return out
