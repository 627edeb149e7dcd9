"""The gateway's OperationsService (services/gateway/operations.py): the stack's figures, the
same as `foodgames top`'s, for an operator's token only; a player's token is refused with
PERMISSION_DENIED and no token with UNAUTHENTICATED, in words, in the caller's language."""
from __future__ import annotations

import asyncio

import httpx

from shared.auth import mint_token
from shared.config import service_ports

PATH = "/foodgames.v1.OperationsService/GetStackFigures"


async def ask(gateway: str, token: str | None, language: str = "en") -> httpx.Response:
    headers = {"content-type": "application/json", "accept-language": language}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        return await client.post(PATH, content=b"{}", headers=headers)


async def test_without_a_token_the_figures_are_refused_as_unauthenticated(gateway):
    reply = await ask(gateway, None)
    assert reply.status_code == 401 and reply.json()["code"] == "unauthenticated", reply.text
    assert reply.json()["message"] == "Sign in first: this call needs a token."
    german = await ask(gateway, None, "de")
    assert german.json()["message"] == "Melde dich zuerst an: Dieser Aufruf braucht ein Token."


async def test_a_players_token_is_refused_the_figures_in_words(gateway, stack):
    reply = await ask(gateway, mint_token(stack, "ops-curious"), "en")
    assert reply.status_code == 403 and reply.json()["code"] == "permission_denied", reply.text
    assert reply.json()["message"] == ("Only the stack's operators may read its figures; you are signed in "
                                       "as a player.")
    german = await ask(gateway, mint_token(stack, "ops-curious"), "de")
    assert german.json()["message"].startswith("Nur die Betreiber"), german.text


async def test_an_operator_reads_every_services_figures(gateway, stack):
    # a fresh stack's leaderboard shows its consumer's lag from its first probe after the
    # consumer is made (up to 2 s in): asked again until it does, for at most 10 s
    for _ in range(40):
        reply = await ask(gateway, mint_token(stack, "ops", "operator"))
        assert reply.status_code == 200, reply.text
        body = reply.json()
        latest = body["samples"][-1]
        shown = {s["service"]: s for s in latest["services"]}
        if "consumerLag" in shown.get("leaderboard", {}):
            break
        await asyncio.sleep(0.25)
    assert body["intervalSeconds"] > 0
    assert list(shown) == list(service_ports()), "one line per service of the stack, in its order"
    for name, figures in shown.items():
        assert figures.get("up"), (name, figures)
        assert figures["memoryMegabytes"] > 0, name  # every process measures itself
    assert latest["stack"]["service"] == "stack" and latest["stack"]["up"]
    games = [name for name, f in shown.items() if "tables" in f]
    assert games, "the rules engines report their live tables"
    assert "consumerLag" in shown["leaderboard"] and "queued" in shown["matchmaking"]
    # asked again within the interval: the same sample, not another scrape of every service
    again = (await ask(gateway, mint_token(stack, "ops", "operator"))).json()
    assert again["samples"][-1]["at"] == latest["at"]
