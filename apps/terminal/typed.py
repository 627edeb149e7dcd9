"""What a player types at the terminal client instead of a number: a move in words, read
against the game's declared moves (shared.moves.MoveSet), or a sentence (in the player's
language) saying why the line is not one."""
from __future__ import annotations

from typing import Any, Sequence

from apps.terminal.texts import Texts
from shared.i18n import DEFAULT
from shared.moves import MoveSet


def parse_input(line: str, legal_moves: Sequence[dict[str, Any]], moves: MoveSet | None = None,
                language: str = DEFAULT) -> dict[str, Any] | str:
    """A move, or a message saying why the line is not one. A number picks from the list; else
    the words name a move of the game's declared moves (`play bug-3`: its type, then its fields
    in order; `recipe fruit`: a field and its value), or one word names a value of a legal move
    (`bug-3`). A move off the list is sent all the same: the server says why it is refused."""
    say = Texts(language)
    text = line.strip()
    if not text:
        return say("input-empty")
    if text.isdigit():
        i = int(text)
        if 1 <= i <= len(legal_moves):
            return dict(legal_moves[i - 1])
        return say("input-off-list", number=i, count=len(legal_moves))
    words = text.split()
    example = "play bug-3"
    if moves is not None and legal_moves:
        example = " ".join([str(legal_moves[0].get("type"))] + [str(v) for k, v in legal_moves[0].items()
                                                                 if k != "type" and not isinstance(v, (list, dict))])
    if moves is not None:
        kind = words[0] if words[0] in moves.kinds else None
        rest = words[1:]
        if kind is None and len(words) >= 2:
            owners = [k for k, fields in moves.fields.items() if any(f.name == words[0] for f in fields)]
            if len(owners) == 1:
                kind = owners[0]
                rest = words[1:]
                fields = [f for f in moves.fields[kind] if f.name == words[0]]
                return _fill(kind, fields, rest)
        if kind is not None:
            return _fill(kind, list(moves.fields[kind]), rest)
    if len(words) == 1:
        word = words[0]
        matching = [m for m in legal_moves if word in [str(v) for k, v in m.items() if k != "type"]]
        if matching:
            return dict(matching[0])
        if legal_moves and moves is not None:
            kind = str(legal_moves[0].get("type"))
            fields = [f for f in moves.fields.get(kind, ()) if f.kind == "str"][:1]
            if fields:
                return {"type": kind, fields[0].name: word}
    return say("input-not-a-move", text=text, example=example)


def _fill(kind: str, fields, words: list[str]) -> dict[str, Any]:
    move: dict[str, Any] = {"type": kind}
    for f in fields:
        if not words:
            break
        if f.kind == "list":
            move[f.name], words = list(words), []
        elif f.kind == "int":
            move[f.name] = int(words[0]) if words[0].lstrip("-").isdigit() else words[0]
            words = words[1:]
        elif f.kind == "bool":
            move[f.name], words = words[0].lower() in ("yes", "true", "y", "1", "ja", "j"), words[1:]
        else:
            move[f.name], words = words[0], words[1:]
    return move
