"""DescribeGame's `terms` are words a client shows as they are; a text that takes arguments is a
template (in `messages`), never rendered without them ("Runde deal von deals")."""
from __future__ import annotations

import pytest

from shared import games
from shared.describe import PLACED_PREFIXES, describe, texts_of
from shared.i18n import LANGUAGES


@pytest.mark.parametrize("game", sorted(games.all_games()))
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_term_is_a_template_rendered_without_its_arguments(game, language):
    declared = games.get(game)
    texts = texts_of(declared)
    described = describe(declared, language)
    # every text of the catalogue that takes arguments, and where it goes
    takes = {k for k in texts.keys("en") | texts.keys(language)
             if not k.startswith(PLACED_PREFIXES) and (texts.variables(k, language) or texts.variables(k))}
    assert not takes & set(described["terms"]), f"{game} ({language}): terms that need arguments"
    for key in takes:
        template = described["messages"][key]
        assert all(f"${name}" in template for name in texts.variables(key, language)), (key, template)
    # and every term is a word as it is shown: no argument in it, rendered or not
    for key, text in described["terms"].items():
        assert not texts.variables(key, language) and not texts.variables(key), key
        assert text and "{" not in text and "$" not in text, (key, text)


def test_a_foodie_forest_deal_is_a_template_in_both_languages():
    declared = games.get("foodie-forest")
    for language in LANGUAGES:
        described = describe(declared, language)
        assert "table-deal" not in described["terms"]
        assert "{ $deal }" in described["messages"]["table-deal"]
        assert "{ $deals }" in described["messages"]["table-deal"]
    assert describe(declared, "de")["terms"]["table-dealer"]
