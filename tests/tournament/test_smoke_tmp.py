import asyncio, json, time
from foodgames.v1 import tournament_pb2 as pb
from tests.tournament.stackplay import run_tournament, entrants, operator
from apps.audit.tournament import verify_tournament
from apps.cli.tournament import summary
from apps.audit.verifier import format_report

def test_smoke(stack):
    async def go():
        tid, t, figures = await run_tournament(stack, entrants(8), 2)
        t0 = time.monotonic()
        api = operator(stack)
        reply = await api.ExportTournamentBundle(pb.ExportTournamentBundleRequest(tournament_id=tid))
        return figures, reply.bundle_json, time.monotonic() - t0
    figures, text, te = asyncio.run(go())
    bundle = json.loads(text)
    t0 = time.monotonic()
    report = verify_tournament(bundle)
    print(figures, "export", te, "size", len(text), "verify", time.monotonic() - t0)
    print(summary(report))
    open("/tmp/tb.json", "w").write(text)
    assert report.ok, format_report(report)
