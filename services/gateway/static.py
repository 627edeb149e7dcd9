"""The browser client (web/, docs/web.md) served by the gateway at `/`: the files `make web`
builds into web/dist, and the small list of games the client offers (`GET /api/games`).

- A GET or HEAD whose path is not the API's (`is_page_request`) is a page or a file of the client.
- A file under web/dist is served with its content type; nothing outside web/dist ever is (the
  resolved path must stay inside it, so `..` and symlinks out of it are refused).
- Any other path without a file extension is the single-page app's own route: index.html.
  A missing file (a path whose last part has an extension) is 404.
- Without a build (no web/dist/index.html) every page is a 503 that says to run `make web`.

The client calls the gateway on the same origin: `same_origin` lets its requests pass the CORS
check on this machine (browsers send `Origin` with every POST, even to their own origin); a
gateway served under another name lists it in FOODGAMES_GATEWAY_ORIGINS.
"""
from __future__ import annotations

import asyncio
import mimetypes
from pathlib import Path
from typing import Any

import orjson

from shared import games
from shared.moves import quote

DIST = Path(__file__).resolve().parents[2] / "web" / "dist"

# Paths the API owns (app.py routes them); every other GET is the client's.
API_PREFIXES = ("/foodgames.v1.", "/grpc.", "/games/", "/auth/", "/api/", "/healthz")
GAMES_PATH = "/api/games"
# no file of web/dist, nor a route of the client, has a longer part (a file name's own limit)
MAX_SEGMENT = 255

TYPES = {".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".html": "text/html; charset=utf-8",
         ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png",
         ".ico": "image/x-icon", ".webmanifest": "application/manifest+json", ".map": "application/json",
         ".txt": "text/plain; charset=utf-8", ".woff2": "font/woff2"}

NOT_BUILT = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>foodgames: not built</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto; padding: 0 1em">
<h1>The browser client is not built</h1>
<p>This gateway serves the web client from <code>web/dist</code>, which is missing.
Run <code>make web</code> (or <code>make run</code>, which builds it) and reload this page.</p>
<p>The API itself works: see docs/api.md.</p></body></html>
"""


def is_page_request(method: str, path: str) -> bool:
    return method in ("GET", "HEAD") and not path.startswith(API_PREFIXES)


# The names under which a page the gateway served is its own without configuration: this
# machine's (`make run`). Every other origin, the gateway's public one included, is listed in
# FOODGAMES_GATEWAY_ORIGINS.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")


def same_origin(origin: str, scope: dict[str, Any], headers: dict[str, str]) -> bool:
    """Whether `origin` is the gateway's own on this machine: the scheme and Host of this
    request, with Host a loopback name. Host alone proves nothing: a page of another site whose
    name an attacker points at the gateway (DNS rebinding) sends that name as both Origin and
    Host, so any other name must be a configured origin (app.py checks those)."""
    host = headers.get("host") or headers.get(":authority")
    if host is None or origin.rstrip("/") != f"{scope.get('scheme', 'http')}://{host}":
        return False
    name = host[:host.index("]") + 1] if host.startswith("[") and "]" in host else host.rsplit(":", 1)[0]
    return name.lower() in LOOPBACK_HOSTS


def games_catalogue() -> list[dict[str, Any]]:
    """The games the client may offer, from the registry every service reads (shared.games)."""
    return [{"name": g.name, "title": g.title, "min_players": g.min_players, "max_players": g.max_players,
             "cooperative": g.cooperative} for g in games.all_games().values()]


class StaticFiles:
    def __init__(self, root: Path = DIST):
        self.root = root

    def _file(self, path: str) -> Path | None:
        """The file of web/dist that `path` names, or None (also for anything outside it)."""
        root = self.root.resolve()
        relative = path.lstrip("/")
        if not relative:
            return None
        try:  # a name too long for the file system (ENAMETOOLONG) is no file either
            candidate = (root / relative).resolve()
            if not candidate.is_relative_to(root) or not candidate.is_file():
                return None
        except (OSError, ValueError):
            return None
        return candidate

    async def __call__(self, scope, send) -> None:
        path: str = scope["path"]
        head = scope["method"] == "HEAD"
        if path == GAMES_PATH:
            await _answer(send, 200, "application/json", orjson.dumps(games_catalogue()), head,
                          cache="no-cache")
            return
        too_long = next((part for part in path.split("/") if len(part) > MAX_SEGMENT), None)
        if too_long is not None:
            await _answer(send, 404, "text/plain; charset=utf-8",
                          f"no page {quote(path)} in the web client: a part of its path has {len(too_long)} "
                          f"characters, and none has more than {MAX_SEGMENT}\n".encode(), head, cache="no-store")
            return
        index = self.root / "index.html"
        if not index.is_file():
            await _answer(send, 503, "text/html; charset=utf-8", NOT_BUILT.encode(), head, cache="no-store")
            return
        found = self._file(path)
        if found is None:
            last = path.rsplit("/", 1)[-1]
            if "." in last:
                await _answer(send, 404, "text/plain; charset=utf-8",
                              f"no file {quote(path)} in the web client\n".encode(), head, cache="no-store")
                return
            found = index  # the single-page app's own route (or /)
        body = await asyncio.to_thread(found.read_bytes)
        kind = TYPES.get(found.suffix.lower()) or mimetypes.guess_type(found.name)[0] or "application/octet-stream"
        # Vite names every asset by its content's hash: those never change; index.html may
        cache = "public, max-age=31536000, immutable" if found.parent.name == "assets" else "no-cache"
        await _answer(send, 200, kind, body, head, cache=cache)


async def _answer(send, status: int, content_type: str, body: bytes, head: bool, *, cache: str) -> None:
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", content_type.encode()), (b"content-length", str(len(body)).encode()),
        (b"cache-control", cache.encode()), (b"x-content-type-options", b"nosniff")]})
    await send({"type": "http.response.body", "body": b"" if head else body})
