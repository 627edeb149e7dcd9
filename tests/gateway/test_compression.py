"""The gateway compresses what a client accepts with its own gzip (services/gateway/codecs.py,
SmallGzip: a small window, sized for its answers), which any gzip reader reads."""
from __future__ import annotations

import gzip

import httpx
import orjson
import pytest
from connectrpc.errors import ConnectError

from services.gateway.codecs import SmallGzip
from tests.gateway.test_gateway import GAME_PATH

DESCRIBE = f"{GAME_PATH}/DescribeGame"


async def test_an_answer_to_a_client_that_accepts_gzip_is_gzip_any_reader_reads(gateway):
    # given a client that accepts gzip, and one that accepts only the answer as it is
    async with httpx.AsyncClient(base_url=gateway) as client:
        plain = await client.post(DESCRIBE, content=b"{}", headers={"content-type": "application/json",
                                                                    "accept-encoding": "identity"})
        async with client.stream("POST", DESCRIBE, content=b"{}",
                                 headers={"content-type": "application/json", "accept-encoding": "gzip"}) as packed:
            raw = b"".join([chunk async for chunk in packed.aiter_raw()])  # as it came, not unpacked
    # then the first gets the JSON, the second the same JSON gzipped, and smaller
    assert plain.status_code == packed.status_code == 200
    assert plain.headers.get("content-encoding", "identity") == "identity"
    assert packed.headers["content-encoding"] == "gzip"
    assert orjson.loads(gzip.decompress(raw)) == orjson.loads(plain.content)
    assert len(raw) < len(plain.content) / 2


def test_the_gateways_gzip_reads_back_what_it_wrote_and_refuses_more_than_the_limit():
    text = orjson.dumps({"cards": [{"name": f"Blueberry Bush {n}", "points": n % 7} for n in range(300)]})
    packed = SmallGzip().compress(text)
    assert gzip.decompress(packed) == text == SmallGzip().decompress(packed)
    with pytest.raises(ConnectError):
        SmallGzip().decompress(packed, read_max_bytes=len(text) - 1)
