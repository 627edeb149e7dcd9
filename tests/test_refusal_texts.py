"""Every refusal a service raises with a key (shared.errors.AppError, shared.rules.RulesError:
`key="..."`) has its words, `refused-<key>`, in every language: in the shared texts or in a
game's. Without them the caller reads the English reason whatever language it asked for."""
from __future__ import annotations

import pathlib
import re

import pytest

from shared import games
from shared.i18n import LANGUAGES, SHARED_TEXTS, Catalogue

ROOT = pathlib.Path(__file__).resolve().parents[1]
KEYED = re.compile(r'\bkey="([a-z][a-z0-9-]*)"')


def raised_keys() -> dict[str, list[str]]:
    """Each key written as `key="..."` in services/ and shared/, with the files that raise it."""
    found: dict[str, set[str]] = {}
    for folder in ("services", "shared"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for match in KEYED.finditer(path.read_text()):
                found.setdefault(match.group(1), set()).add(str(path.relative_to(ROOT)))
    return {key: sorted(paths) for key, paths in found.items()}


def test_the_services_raise_keyed_refusals():
    # the scan below finds what it is meant to (a key renamed away from this pattern would not be checked)
    keys = raised_keys()
    assert {"game-options", "live-ticket", "table-full", "party-twice"} <= set(keys)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_keyed_refusal_reads_in_every_language(language):
    # given the shared texts and every game's
    catalogues = [Catalogue([SHARED_TEXTS])] + [games.get(name).texts for name in games.names()]
    # when each key a service raises is looked up in the language
    missing = {key: paths for key, paths in raised_keys().items()
               if not any(c.has(f"refused-{key}", language) for c in catalogues)}
    # then each has its words there
    assert not missing, f"no refused-<key> in {language}: {missing}"
