"""DescribeGame: everything a client draws a table from, in one language (docs/api.md).

Built from the game's declaration (shared.games.Game: its rules' player counts, its options,
its card catalogue, its move schema) and its texts (shared.i18n.Catalogue): once per game and
language, then served from memory. Nothing here is a game's own: a new game is described by
declaring itself.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

import orjson

from shared.i18n import DEFAULT, LANGUAGES, SHARED_TEXTS, Catalogue, negotiate

# Keys that are templates (filled in with an event's, move's or refusal's arguments): DescribeGame
# sends them as written, for a client that renders messages itself.
TEMPLATE_PREFIXES = ("event-", "move-", "prompt-", "refused-")
# Keys DescribeGame sends elsewhere (cards, options, rules, title) or not at all.
PLACED_PREFIXES = ("card-", "option-", "rules-", "section-", "game-", "language-")

_cache: dict[tuple[str, int, str], str] = {}


def description_json(game: Any, language: str | None = None) -> tuple[str, str]:
    """(the description as JSON text, its language) of `game`, built on first use."""
    language = negotiate(language)
    key = (game.name, id(game), language)
    found = _cache.get(key)
    if found is None:
        found = _cache[key] = orjson.dumps(describe(game, language), option=orjson.OPT_NON_STR_KEYS).decode()
    return found, language


def texts_of(game: Any) -> Catalogue:
    return getattr(game, "texts", None) or Catalogue([SHARED_TEXTS])


def describe(game: Any, language: str = DEFAULT) -> dict[str, Any]:
    """The description (a JSON-able dict) of `game` in `language`."""
    texts = texts_of(game)
    language = language if language in LANGUAGES else DEFAULT

    def text(key: str, fallback: str = "", attribute: str | None = None) -> str:
        """The text of `key` (or its attribute) in the language, English when the language lacks
        it, `fallback` when neither has it."""
        if attribute is not None:
            if attribute not in texts.attributes(key, language) | texts.attributes(key):
                return fallback
        elif not texts.has(key, language) and not texts.has(key):
            return fallback
        return texts.text(key, {}, language, attribute=attribute)

    catalogue = game.catalogue() if getattr(game, "catalogue", None) is not None else {"decks": {}, "cards": {}}
    cards = {card_id: _card(texts, text, card_id, entry) for card_id, entry in (catalogue.get("cards") or {}).items()}
    decks = {name: dict(Counter(ids)) for name, ids in (catalogue.get("decks") or {}).items()}
    messages = getattr(game, "messages", None)
    sections = list(getattr(messages, "RULES_SECTIONS", ()) or ())
    keys = texts.keys(DEFAULT) | texts.keys(language)
    # A text that takes arguments ("Deal { $deal } of { $deals }") is a template, not a word:
    # rendered without them it would read "Deal deal of deals". It goes with the templates.
    templates = {k for k in keys if k.startswith(TEMPLATE_PREFIXES)
                 or (not k.startswith(PLACED_PREFIXES) and _takes_arguments(texts, k, language))}
    return {
        "game": game.name,
        "title": text("game-title", game.title),
        "summary": text("game-summary"),
        "min_players": game.min_players,
        "max_players": game.max_players,
        "cooperative": bool(game.cooperative),
        "options": [_option(text, spec) for spec in getattr(game, "options", ())],
        "cards": cards,
        "decks": decks,
        "data": {k: v for k, v in catalogue.items() if k not in ("cards", "decks")},
        "terms": {k: text(k) for k in sorted(keys - templates) if not k.startswith(PLACED_PREFIXES)},
        "rules": [{"section": name,
                   "title": text(f"rules-{name}", text(f"section-{name}", name.replace("_", " ").capitalize()),
                                 attribute="title"),
                   "text": text(f"rules-{name}")} for name in sections],
        "moves": game.moves.schema() if getattr(game, "moves", None) is not None else {},
        "messages": {k: texts.template(k, language) for k in sorted(templates)},
        "language": language,
    }


def _takes_arguments(texts: Catalogue, key: str, language: str) -> bool:
    return bool(texts.variables(key, language) or texts.variables(key, DEFAULT))


def _card(texts: Catalogue, text, card_id: str, entry: Mapping[str, Any]) -> dict[str, Any]:
    """A card as the catalogue has it (kind, numbers, colour, meal...), its name and text in the
    language, and the words of its drawing fields (`labels`: colour -> "Bug", ...)."""
    key = f"card-{texts.card_key(card_id)}"
    out = dict(entry)
    out["id"] = card_id
    out["name"] = text(key, str(entry.get("name") or card_id))
    out["text"] = text(key, str(entry.get("text") or ""), attribute="text")
    labels: dict[str, Any] = {}
    for field, value in entry.items():
        if field in ("name", "text"):
            continue
        if isinstance(value, str):
            word = _term(texts, text, field, value)
            if word is not None:
                labels[field] = word
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            words = [_term(texts, text, field, v) for v in value]
            if all(w is not None for w in words):
                labels[field] = words
    out["labels"] = labels
    return out


def _term(texts: Catalogue, text, field: str, value: str) -> str | None:
    """The word for a drawing field's value: `<field>-<value>` (or the field's singular)."""
    for name in (field, field[:-1] if field.endswith("s") else None):
        if name and texts.has(f"{name}-{value}"):
            return text(f"{name}-{value}")
    return None


def _option(text, spec: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": spec.name, "label": text(f"option-{spec.name}", spec.name),
                           "sentence": text(f"option-{spec.name}", "", attribute="sentence"),
                           "default": spec.default}
    if spec.choices:
        out["choices"] = [{"value": c, "label": text(f"option-{spec.name}-{_value_key(c)}", str(c))}
                          for c in spec.choices]
    if spec.minimum is not None:
        out["minimum"] = spec.minimum
    if spec.maximum is not None:
        out["maximum"] = spec.maximum
    if getattr(spec, "only_with", ()):
        out["only_with"] = {name: list(values) for name, values in spec.only_with}
    return out


def _value_key(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
