"""A game's texts in every language the API serves: Project Fluent catalogues, one file per language.

A game's folder holds `texts/en.ftl` and `texts/de.ftl` (Fluent syntax, read with Mozilla's
`fluent.runtime`; why Fluent and not gettext: docs/i18n.md). Every text a client shows comes from
them: the game's title, its options, every card's name and text, the rules at the table, the
template of every event and move, and every refusal. A template names its arguments (`{ $card }`);
the events and moves carry the arguments, so the same message reads in any language.

Two functions are there for every game's templates:
- `CARD($id)`: the card's name in the message's language (the message `card-<id>`, or the
  catalogue's `card_key(id)` when the game's ids carry a copy number);
- `CARDS($ids)`: a list of cards' names joined with commas (lists are passed as lists).
- `NAMES($players)`: a list of names as the language lists them ("ann, bob, and cy", "ann und bob");
  `NAMES($others, after: 1)` ends a list begun by one name already said ("you, bob, and cy").
Any list argument not passed through CARDS is joined with ", ".

The shared texts of the runtime (game created, clocks, presence, the common refusals) live in
`shared/texts/` and are looked up after the game's own.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import orjson
from fluent.runtime import FluentBundle
from fluent.syntax import FluentParser, ast as fast
from fluent.syntax.serializer import serialize_pattern

LANGUAGES = ("en", "de")
DEFAULT = "en"
SHARED_TEXTS = Path(__file__).parent / "texts"


def negotiate(requested: str | None = None, accept_language: str | None = None) -> str:
    """The language to answer in: the requested one when served, else the best of an
    Accept-Language header (`de-DE,de;q=0.9,en;q=0.8`), else English."""
    if requested:
        primary = requested.strip().lower().split("-")[0].split("_")[0]
        if primary in LANGUAGES:
            return primary
    if accept_language:
        ranked = []
        for i, part in enumerate(accept_language[:512].split(",")):
            bits = part.strip().split(";")
            tag = bits[0].strip().lower().split("-")[0]
            q = 1.0
            for bit in bits[1:]:
                bit = bit.strip()
                if bit.startswith("q="):
                    try:
                        q = float(bit[2:])
                    except ValueError:
                        q = 0.0
            ranked.append((-q, i, tag))
        for _, _, tag in sorted(ranked):
            if tag in LANGUAGES:
                return tag
    return DEFAULT


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language a program at a terminal answers in unless told: the locale's, as POSIX reads
    it (LC_ALL, else LC_MESSAGES, else LANG: `de_DE.UTF-8`) when it is one of LANGUAGES, else
    English (`C.UTF-8`, unset)."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            return negotiate(environ[name])
    return DEFAULT


def _variables(node: Any) -> set[str]:
    """The names of the `$variables` a Fluent pattern (or any node below it) refers to."""
    found: set[str] = set()

    def walk(n: Any) -> None:
        if isinstance(n, fast.VariableReference):
            found.add(n.id.name)
        if isinstance(n, fast.BaseNode):
            for value in vars(n).values():
                if isinstance(value, list):
                    for item in value:
                        walk(item)
                else:
                    walk(value)

    walk(node)
    return found


@dataclass(frozen=True)
class Message:
    """A text a client shows: its template `key`, the named `args` (plain JSON values: card ids,
    player names, numbers, lists of ids) and whether a player needs to read it at all
    (`internal`: a clock tick, a shuffle's bookkeeping, a presence mark that changed nothing)."""

    key: str
    args: Mapping[str, Any]
    internal: bool = False


@dataclass(frozen=True)
class Rendered:
    """A message with its text in one language: what the API sends (proto Message: key,
    args_json, text; Event.internal)."""

    key: str
    args: Mapping[str, Any]
    text: str
    internal: bool = False

    @property
    def args_json(self) -> str:
        return orjson.dumps(dict(self.args), option=orjson.OPT_NON_STR_KEYS, default=str).decode()


class Catalogue:
    """One game's texts (with the shared ones after them), per language."""

    def __init__(self, folders: Iterable[Path], card_key: Callable[[str], str] | None = None):
        self.folders = [Path(f) for f in folders]
        self.card_key = card_key or (lambda card: card)
        self._sources: dict[str, str] = {}
        for language in LANGUAGES:
            parts = []
            for folder in self.folders:
                path = folder / f"{language}.ftl"
                if path.exists():
                    parts.append(path.read_text(encoding="utf-8"))
            self._sources[language] = "\n".join(parts)
        self._bundles: dict[str, FluentBundle] = {}
        self._variable_names: dict[tuple[str, str], frozenset[str]] = {}
        self._resources: dict[str, fast.Resource] = {}

    @classmethod
    def of_game(cls, folder: Path | str, card_key: Callable[[str], str] | None = None) -> "Catalogue":
        """The texts of the game whose folder is `folder` (its `texts/`), then the shared ones."""
        folder = Path(folder)
        texts = folder / "texts" if (folder / "texts").is_dir() else folder
        return cls([texts, SHARED_TEXTS], card_key)

    # -- reading ----------------------------------------------------------------------------

    def bundle(self, language: str) -> FluentBundle:
        language = language if language in LANGUAGES else DEFAULT
        bundle = self._bundles.get(language)
        if bundle is None:
            bundle = FluentBundle([language], functions={"CARD": self._card_fn(language),
                                                         "CARDS": self._cards_fn(language),
                                                         "NAMES": _names_fn(language)},
                                  use_isolating=False)
            bundle.add_resource(self._resource(language))
            self._bundles[language] = bundle
        return bundle

    def _card_fn(self, language: str):
        def card(value, **_):
            return self.card_name(str(value), language)
        return card

    def _cards_fn(self, language: str):
        def cards(value, **_):
            items = value if isinstance(value, (list, tuple)) else [v for v in str(value).split("\x1f") if v]
            return ", ".join(self.card_name(str(v), language) for v in items)
        return cards

    def card_name(self, card: str, language: str) -> str:
        key = f"card-{self.card_key(card)}"
        bundle = self.bundle(language)
        if bundle.has_message(key):
            text, _ = bundle.format_pattern(bundle.get_message(key).value, {})
            return text
        return card

    def has(self, key: str, language: str = DEFAULT) -> bool:
        return self.bundle(language).has_message(key)

    def text(self, key: str, args: Mapping[str, Any] | None = None, language: str = DEFAULT,
             attribute: str | None = None) -> str:
        """The message `key` (or one of its attributes) in `language`, English when the language
        lacks it, the key itself when no language has it."""
        for lang in (language, DEFAULT):
            bundle = self.bundle(lang)
            if not bundle.has_message(key):
                continue
            message = bundle.get_message(key)
            pattern = message.attributes.get(attribute) if attribute else message.value
            if pattern is None:
                continue
            text, _errors = bundle.format_pattern(pattern, _fluent_args(args or {}))
            return plain_list(text)
        return key

    def render(self, message: Message, language: str = DEFAULT) -> str:
        return self.text(message.key, message.args, language)

    # -- what the contract tests and DescribeGame read -------------------------------------

    def _resource(self, language: str) -> fast.Resource:
        """The language's texts parsed, once for the bundle and the readers below alike (each
        parsed them on its own before: a tenth of a second of a rules engine's start)."""
        found = self._resources.get(language)
        if found is None:
            found = self._resources[language] = FluentParser().parse(self._sources[language])
        return found

    @cached_property
    def _parsed(self) -> dict[str, dict[str, fast.Message | fast.Term]]:
        found: dict[str, dict[str, Any]] = {}
        for language in self._sources:
            entries: dict[str, Any] = {}
            for entry in self._resource(language).body:
                if isinstance(entry, (fast.Message, fast.Term)):
                    name = ("-" if isinstance(entry, fast.Term) else "") + entry.id.name
                    entries.setdefault(name, entry)  # the game's own text wins over the shared one
                elif isinstance(entry, fast.Junk):
                    raise ValueError(f"{language}.ftl does not parse near: {entry.content[:80]!r}")
            found[language] = entries
        return found

    def keys(self, language: str = DEFAULT, prefix: str = "") -> set[str]:
        """Every message key of `language` (terms, whose names start with '-', left out)."""
        return {k for k in self._parsed[language] if not k.startswith("-") and k.startswith(prefix)}

    def variables(self, key: str, language: str = DEFAULT) -> frozenset[str]:
        """The arguments the message `key` (value and attributes) names in `language`.

        Kept once found: the walk over the message's syntax tree was a seventh of the contract
        tests' time (asked for every message of every event, in each language); DescribeGame
        asks it for every key."""
        found = self._variable_names.get((key, language))
        if found is None:
            entry = self._parsed[language].get(key)
            found = frozenset(_variables(entry)) if entry is not None else frozenset()
            self._variable_names[(key, language)] = found
        return found

    def attributes(self, key: str, language: str = DEFAULT) -> set[str]:
        entry = self._parsed[language].get(key)
        return {a.id.name for a in entry.attributes} if entry is not None else set()

    def template(self, key: str, language: str = DEFAULT) -> str | None:
        """The message's pattern as written in the catalogue (what DescribeGame's `messages` send)."""
        entry = self._parsed[language].get(key) or self._parsed[DEFAULT].get(key)
        if entry is None or entry.value is None:
            return None
        return serialize_pattern(entry.value).strip()


_LIST_SEP = "\x1f"


def _fluent_args(args: Mapping[str, Any]) -> dict[str, Any]:
    """Message arguments as Fluent takes them: texts and numbers; a list joined (CARDS splits it
    again); true/false as "true"/"false" so that a selector can branch on them; None as ""."""
    out: dict[str, Any] = {}
    for name, value in args.items():
        if isinstance(value, bool):
            out[name] = "true" if value else "false"
        elif isinstance(value, (int, float)):
            out[name] = value
        elif value is None:
            out[name] = ""
        elif isinstance(value, (list, tuple)):
            out[name] = _LIST_SEP.join(str(v) for v in value) if value else ""
        else:
            out[name] = str(value)
    return out


# The word before a list's last name ("ann, bob, and cy"; "ann, bob und cy"), as a browser's
# Intl.ListFormat says it, so that the server's lines and the web's own read alike.
_AND = {"en": (" and ", ", and "), "de": (" und ", " und ")}


def names_list(items: Sequence[str], language: str = DEFAULT, after: int = 0) -> str:
    """Names (players, seats) as a list reads in `language`: "ann and bob", "ann, bob, and cy".
    `after`: how many names the text has already said before these ("you, { NAMES($others,
    after: 1) }"), so that the list's end reads as one list's ("you, bob, and cy")."""
    items = [str(i) for i in items]
    two, last = _AND.get(language, _AND[DEFAULT])
    if len(items) <= 1:
        return "".join(items)
    if len(items) + after == 2:
        return two.join(items)
    return ", ".join(items[:-1]) + last + items[-1]


def among(names: Sequence[str], reader: str | None) -> dict[str, Any]:
    """The arguments of a line naming several players the reader may be among: `players` (every
    name), `you` (the reader is one of them), `others` (the names but the reader's) and
    `others_count`, for texts that say "you and { NAMES($others) }"."""
    others = [n for n in names if reader is None or n != reader]
    return {"players": list(names), "you": reader is not None and reader in names,
            "others": others, "others_count": len(others)}


def _names_fn(language: str):
    def names(value, after=0, **_):
        items = value if isinstance(value, (list, tuple)) else [v for v in str(value).split(_LIST_SEP) if v]
        return names_list(items, language, int(after))
    return names


def plain_list(text: str) -> str:
    """A joined list argument as a reader sees it (outside CARDS)."""
    return text.replace(_LIST_SEP, ", ")


_IDENT = re.compile(r"^[a-z][a-z0-9-]*$")


def is_key(key: str) -> bool:
    return bool(_IDENT.match(key))
