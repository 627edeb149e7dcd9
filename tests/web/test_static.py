"""The gateway serves the browser client (web/dist) at `/` (services/gateway/static.py): pages and
assets with their content types, the app's own routes as index.html, nothing outside web/dist,
a 503 that says `make web` when it is not built; and the client's calls on the gateway's own
origin pass the CORS check while other origins are still refused."""
from __future__ import annotations

import re

import httpx
import pytest

from services.gateway.app import Gateway
from services.gateway.config import GatewayConfig
from services.gateway.static import DIST
from shared import games


@pytest.fixture
async def client_of(stack):
    """client_of(dist=None): an httpx client of a gateway (in-process, ASGI) serving `dist`."""
    apps: list[Gateway] = []
    clients: list[httpx.AsyncClient] = []

    def make(dist=None, **config) -> httpx.AsyncClient:
        app = Gateway(stack, GatewayConfig(web_dist=str(dist) if dist else None, per_address_per_minute=0,
                                           per_player_per_minute=0, **config))
        apps.append(app)
        clients.append(httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw.test:8080"))
        return clients[-1]
    yield make
    for client in clients:
        await client.aclose()
    for app in apps:
        await app.close()


@pytest.fixture
def built():
    if not (DIST / "index.html").is_file():
        pytest.fail(f"{DIST}/index.html is missing: run `make web` (make test does)")
    return DIST


async def test_the_built_client_is_served_at_the_root_with_its_assets_and_their_types(client_of, built):
    client = client_of()
    page = await client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.headers["cache-control"] == "no-cache"
    assets = re.findall(r'(?:src|href)="(/assets/[^"]+)"', page.text)
    assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets), page.text
    for asset in assets:
        reply = await client.get(asset)
        assert reply.status_code == 200, asset
        expected = "text/javascript" if asset.endswith(".js") else "text/css"
        assert reply.headers["content-type"].startswith(expected)
        assert "immutable" in reply.headers["cache-control"]
        assert reply.content == (built / asset.lstrip("/")).read_bytes()
    head = await client.head("/")
    assert head.status_code == 200 and head.content == b""


async def test_the_apps_own_routes_are_index_html_and_a_missing_file_is_404(client_of, built):
    client = client_of()
    index = (built / "index.html").read_text()
    for route in ("/play", "/table/foodie-forest/mm-1", "/anything/else"):
        reply = await client.get(route)
        assert reply.status_code == 200 and reply.text == index, route
    missing = await client.get("/assets/not-there.js")
    assert missing.status_code == 404 and "no file '/assets/not-there.js'" in missing.text


async def test_nothing_outside_the_build_folder_is_ever_served(client_of, tmp_path):
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html><title>app</title>")
    (tmp_path / "secret.txt").write_text("the secret")
    (dist / "leak.txt").symlink_to(tmp_path / "secret.txt")
    client = client_of(dist)
    up = "/%2e%2e" * 12
    for path in ("/%2e%2e/secret.txt", "/leak.txt", "/..%2fsecret.txt", f"{up}/etc/ld.so.conf"):
        reply = await client.get(path)
        assert reply.status_code == 404 and "the secret" not in reply.text, path
    # a path without an extension is the app's route: index.html, never the file
    for path in ("/%2e%2e/secret", f"{up}/etc/hostname"):
        reply = await client.get(path)
        assert reply.status_code == 200 and reply.text == "<!doctype html><title>app</title>", path


async def test_without_a_build_every_page_is_a_503_that_says_make_web(client_of, tmp_path):
    client = client_of(tmp_path / "no-dist")
    for path in ("/", "/play", "/assets/index.js"):
        reply = await client.get(path)
        assert reply.status_code == 503 and "make web" in reply.text, path
        assert reply.headers["content-type"].startswith("text/html")
    # the API is not affected
    assert (await client.get("/api/games")).status_code == 200


async def test_the_api_paths_are_never_pages(client_of, built):
    client = client_of()
    unknown = await client.get("/foodgames.v1.NoSuchService/Method")
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"
    health = await client.get("/healthz")
    assert health.headers["content-type"] == "application/json"


async def test_the_games_the_client_offers_come_from_the_registry(client_of):
    reply = await client_of().get("/api/games")
    assert reply.status_code == 200
    listed = {g["name"]: g for g in reply.json()}
    assert sorted(listed) == games.names()
    forest = listed["foodie-forest"]
    assert (forest["title"], forest["min_players"], forest["max_players"]) == ("Foodie Forest", 2, 5)


async def test_the_clients_calls_on_the_gateways_own_origin_pass_and_other_origins_are_refused(client_of):
    # the gateway's public origin is configured (a Host header alone is not trusted: DNS rebinding)
    client = client_of(dev_signin=True, origins=("http://gw.test:8080",))
    own = await client.post("/auth/dev-sign-in", json={"name": "web-origin"},
                            headers={"origin": "http://gw.test:8080"})
    assert own.status_code == 200, own.text
    assert own.headers.get("access-control-allow-origin") == "http://gw.test:8080"
    token = own.json()["token"]
    top = await client.post("/foodgames.v1.LeaderboardService/GetTop", json={"board": {"game": "foodie-forest"}},
                            headers={"origin": "http://gw.test:8080", "authorization": f"Bearer {token}"})
    assert top.status_code == 200, top.text
    for other in ("http://evil.test", "http://gw.test:9999", "https://gw.test:8080"):
        refused = await client.post("/auth/dev-sign-in", json={"name": "web-origin"}, headers={"origin": other})
        assert refused.status_code == 403 and refused.json()["code"] == "permission_denied", other
