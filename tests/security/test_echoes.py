"""Every refusal quotes at most a short prefix of what the client sent (shared.moves.quote: 24
characters), in words, without Python's own messages (issue 26, 5): the gateway's refusals of
a path, a header or an origin, the Connect runtime's of a body it cannot read, and the
backends' reasons (cut by shared.errors.reason whatever their handler wrote)."""
from __future__ import annotations

import uuid

import httpx
import orjson
import pytest

from tests.gateway.test_gateway import GAME_PATH, JSON, bearer, sign_in
from tests.security.servers import gateway

LONG = 60_000
QUOTE = 24


def quotes_a_prefix(message: str, letter: str) -> None:
    assert letter * 10 in message, message  # it does quote what was sent...
    assert letter * (QUOTE + 1) not in message and len(message) < 400, message  # ...a prefix of it


@pytest.fixture
async def client(stack):
    async with gateway(stack) as (base, _), httpx.AsyncClient(base_url=base, timeout=30) as client:
        client.token = await sign_in(client, f"sec-echo-{uuid.uuid4().hex[:6]}")
        yield client


async def _message(client, path: str, body: bytes = b"{}", **headers) -> tuple[int, str]:
    reply = await client.post(path, content=body, headers=bearer(client.token, **JSON, **headers))
    if reply.headers.get("grpc-message") is not None:
        return reply.status_code, reply.headers["grpc-message"]
    return reply.status_code, reply.json()["message"]


async def test_the_gateway_quotes_a_prefix_of_a_path_a_header_or_an_origin(client):
    cases = [
        (f"/games/{'g' * LONG}/foodgames.v1.GameService/GetView", {}, 404, "g"),
        ("/foodgames.v1.GameService/GetView", {"foodgames-game": "h" * LONG}, 404, "h"),
        ("/foodgames.v1.DeckService/GetPublicKey", {"origin": "http://" + "o" * 8000}, 403, "o"),
        ("/foodgames.v1.DeckService/GetPublicKey", {"connect-timeout-ms": "9" * 8040}, 400, "9"),
        ("/foodgames.v1.DeckService/GetPublicKey", {"connect-protocol-version": "v" * 8000}, 400, "v"),
        ("/foodgames.v1.DeckService/GetPublicKey", {"content-encoding": "z" * 8000}, 400, "z"),
        ("/foodgames.v1.DeckService/" + "m" * 8000, {}, 404, "m"),
        ("/foodgames.v1." + "s" * 8000, {}, 404, "s"),
    ]
    for path, headers, status, letter in cases:
        code, message = await _message(client, path, **headers)
        assert code == status, (path[:60], message)
        quotes_a_prefix(message, letter)
    reply = await client.post("/foodgames.v1.DeckService/GetPublicKey", content=b"",
                              headers={"content-type": "application/grpc-web+proto", "grpc-timeout": "7" * 8000})
    quotes_a_prefix(reply.headers["grpc-message"], "7")


async def test_a_body_that_cannot_be_read_is_refused_in_words(client):
    cases = [(b'{"gameId": "g", "seat": "' + b"1x" * 5000 + b'"}', "the field seat of GetViewRequest takes"),
             (b'{"gameId": "g", "seat": 1e400}', "the field seat of GetViewRequest takes"),
             (b'{"gameId": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nests values more than 100 levels deep"),
             (b"not json " + b"j" * 5000, "the request body is not JSON"),
             (b'"' + b"q" * 5000 + b'"', "not a JSON object")]
    for body, words in cases:
        code, message = await _message(client, f"{GAME_PATH}/GetView", body)
        assert code == 400 and words in message, message
        assert len(message) < 200 and not any(internal in message for internal in (
            "invalid literal", "recursion", "Failed to parse", "Expecting value", "unmarshal")), message
    reply = await client.post(f"{GAME_PATH}/GetView", content=b"\xff" * 5000,
                              headers=bearer(client.token, **{"content-type": "application/proto"}))
    assert reply.status_code == 400 and "not a GetViewRequest in binary protobuf" in reply.json()["message"]


async def test_the_backends_quote_a_prefix(client):
    """Backends whose handlers quote a value whole (an f-string's !r): the reason is cut."""
    cases = [("/foodgames.v1.MatchmakingService/CreateTicket", {"game": "a" * 5000}, "a"),
             ("/foodgames.v1.MatchmakingService/CreateTicket", {"game": "foodie-forest", "players": ["b" * 5000]},
              "b"),
             ("/foodgames.v1.LeaderboardService/GetTop", {"board": {"game": "c" * 5000}}, "c"),
             ("/foodgames.v1.DeckService/ExportAuditBundle", {"gameId": "d" * 5000}, "d")]
    for path, body, letter in cases:
        code, message = await _message(client, path, orjson.dumps(body))
        assert 400 <= code < 500, message
        quotes_a_prefix(message, letter)


def test_nesting_is_counted_in_the_text_before_it_is_parsed():
    # a body nested thousands deep is refused before json.loads recurses into it (down there the
    # garbage collector's finalizers could not even be reported: a whole run failed so once)
    from services.gateway.codecs import _text_nests_deeper_than

    assert _text_nests_deeper_than(b'{"a": ' + b"[" * 101 + b"]" * 101 + b"}", 100)
    assert not _text_nests_deeper_than(b'{"a": ' + b"[" * 99 + b"]" * 99 + b"}", 100)
    # brackets inside a text, even after an escaped quote, are not nesting
    assert not _text_nests_deeper_than(b'{"a": "\\" ' + b"[" * 300 + b'"}', 100)
