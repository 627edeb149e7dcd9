"""What every event, legal move, turn and refusal says to a person, in the reader's language
(issue 24, docs/i18n.md): the message a client shows beside the structured data.

A `Narrator` holds one game's catalogue (its `texts/<language>.ftl`, then shared/texts/) and
its `messages` module. The game's own events read through `messages.event_message`, its moves
through `move_message`, its turns through `prompt_message`; the runtime's own events (creation,
seed, clocks, presence, the end) through `runtime_message` below, whose texts are the shared
ones. A game that declares no texts or messages yet still gets a message for everything: the
key `event-<Type>` (or `move-<type>`), and as text the event's type (or the renderer's label of
the move), so that nothing breaks before its texts exist.
"""
from __future__ import annotations

import functools
from typing import Any, Mapping, Sequence

from shared import gamestream as env
from shared import names, telemetry
from shared.i18n import DEFAULT, SHARED_TEXTS, Catalogue, Message, Rendered

log = telemetry.get_logger("shared.runtime")


# Events a player never needs to read: clock bookkeeping and the deck's commitments.
INTERNAL_RUNTIME_EVENTS = frozenset({env.TIME_RECORDED, env.SEED_COMMITTED, env.SEED_REVEALED,
                                     env.SHUFFLE_APPLIED})
# Presence marks: news to the others, nothing new to the seat they are about.
PRESENCE_EVENTS = frozenset({env.PLAYER_CONNECTED, env.PLAYER_DISCONNECTED})
MEMO_SIZE = 4096  # texts kept formatted
SEAT_EVENTS = frozenset({env.TIMED_OUT, env.BOT_MOVED, env.FORFEITED, env.PLAYER_CONNECTED,
                         env.PLAYER_DISCONNECTED, env.BOT_TOOK_OVER, env.PLAYER_RETURNED})


def _you(seat: int | None, about: Any) -> bool:
    return seat is not None and isinstance(about, int) and about == seat


def runtime_message(event: Mapping[str, Any], players: Sequence[str], seat: int | None) -> Message:
    """The message of one of the runtime's own events (shared.gamestream) as `seat` reads it."""
    kind, data = event["type"], event.get("data") or {}
    key = f"event-{kind}"
    if kind == env.GAME_CREATED:
        names = list(data.get("players") or players)
        return Message(key, {"players": names, "count": len(names), "ranked": bool(data.get("ranked"))})
    if kind == env.SEED_COMMITTED:
        return Message(key, {"commitment": str(data.get("commitment", ""))[:12]}, internal=True)
    if kind == env.SHUFFLE_APPLIED:
        return Message(key, {"deck": str(data.get("deck", ""))}, internal=True)
    if kind == env.SEED_REVEALED:
        return Message(key, {}, internal=True)
    if kind == env.TIME_RECORDED:
        return Message(key, {}, internal=True)
    if kind == env.CLOCK_SET:
        return Message(key, {"initial_s": int(data.get("initial_ms", 0)) // 1000,
                             "increment_s": int(data.get("increment_ms", 0)) // 1000,
                             "forfeit": data.get("on_timeout") == "forfeit"})
    if kind == env.GAME_OVER:
        return _game_over(data, players, seat)
    if kind == env.GAME_CANCELLED:
        if data.get("seats") is not None:  # an abandoned casual table (shared.runtime.abandon)
            left = [str(p) for p in data.get("players") or []]
            return Message("event-GameCancelled-abandoned", {"players": left, "count": len(left)})
        return Message(key, {})
    if kind in SEAT_EVENTS:
        about = data.get("seat")
        you = _you(seat, about)
        args: dict[str, Any] = {"player": str(data.get("player", "")), "you": you}
        if kind == env.BOT_MOVED:
            args["reason"] = "timeout" if data.get("reason") == "timeout" else "takeover"
        elif kind == env.BOT_TOOK_OVER:
            args["reason"] = "away" if data.get("reason") == "away" else "missed-turns"
        return Message(key, args, internal=kind in PRESENCE_EVENTS and you)
    return Message(key, {})


def _game_over(data: Mapping[str, Any], players: Sequence[str], seat: int | None) -> Message:
    names = list(data.get("players") or players)
    if data.get("team_won") is not None:
        # the players won or lost together: a player reads "you", a spectator their names
        return Message("event-GameOver-team", {"won": bool(data["team_won"]),
                                               "difficulty": str(data.get("difficulty") or ""),
                                               "you": seat is not None, "players": names, "count": len(names)})
    if data.get("forfeited") is not None:
        lost = int(data["forfeited"])
        return Message("event-GameOver-forfeit", {"player": names[lost] if 0 <= lost < len(names) else "",
                                                  "you": _you(seat, lost)})
    placings = list(data.get("placings") or [])
    winners = [names[i] for i, place in enumerate(placings) if place == 1 and i < len(names)]
    you = seat is not None and seat < len(placings) and placings[seat] == 1
    others = [names[i] for i, place in enumerate(placings) if place == 1 and i < len(names) and i != seat]
    return Message("event-GameOver", {"winners": winners, "count": len(winners), "you": you, "others": others,
                                      "points": list(data.get("points") or [])})


@functools.lru_cache(maxsize=1024)  # a table's players, for each event every seat reads
def _bots_at(players: tuple[str, ...]) -> dict[str, int]:
    return names.bots_at_table(players)


class Narrator:
    """One game's messages, rendered in a language (see the module's docstring)."""

    def __init__(self, texts: Catalogue | None = None, messages: Any = None, renderer: Any = None):
        self.texts = texts if texts is not None else Catalogue([SHARED_TEXTS])
        self.messages = messages
        self.renderer = renderer
        self._texts: dict[tuple, str] = {}  # (key, args as JSON, language, fallback) -> its text
        self._bots: dict[tuple[int, str], str] = {}  # (a bot's number at its table, language) -> "Bot 2"

    @classmethod
    def of_game(cls, game: Any) -> "Narrator":
        return cls(getattr(game, "texts", None), getattr(game, "messages", None), getattr(game, "renderer", None))

    def render(self, message: Message, language: str | None = DEFAULT, fallback: str | None = None,
               players: Sequence[str] = ()) -> Rendered:
        """`message` in `language`; the table's bots among `players` named in its text as players
        read them ("Bot 2", shared.names.bots_at_table), its args keeping their names (ids)."""
        language = language or DEFAULT
        shown = self._shown(message, players, language)
        rendered = Rendered(shown.key, shown.args, "", shown.internal)
        # every seat of a table reads the same events: a text is formatted once (Fluent takes
        # ~50 us a message, a cache hit ~2)
        memo = (message.key, rendered.args_json, language, fallback)
        text = self._texts.get(memo)
        if text is None:
            if fallback is not None and not self.texts.has(message.key, language) and not self.texts.has(message.key):
                text = fallback
            else:
                text = self.texts.render(shown, language)
            if len(self._texts) >= MEMO_SIZE:
                self._texts.clear()
            self._texts[memo] = text
        return Rendered(message.key, message.args, text, message.internal)

    def _shown(self, message: Message, players: Sequence[str], language: str) -> Message:
        bots = _bots_at(tuple(players)) if players else {}
        if not bots:
            return message

        def shown(value: Any) -> Any:
            if isinstance(value, str) and value in bots:
                return self._bot_name(bots[value], language)
            if isinstance(value, (list, tuple)):
                return [shown(v) for v in value]
            return value
        args = {k: shown(v) for k, v in message.args.items()}
        return message if args == message.args else Message(message.key, args, message.internal)

    def _bot_name(self, number: int, language: str) -> str:
        name = self._bots.get((number, language))
        if name is None:  # formatted once: a table's bots are in most of its events
            name = self._bots[(number, language)] = self.texts.text("player-bot", {"number": number}, language)
        return name

    def event(self, event: Mapping[str, Any], players: Sequence[str], seat: int | None,
              language: str | None = DEFAULT) -> Rendered:
        """`event` ({"type", "data"}, as `seat` sees it) as `seat` reads it."""
        kind = event["type"]
        if kind in env.RUNTIME_EVENTS:
            return self.render(runtime_message(event, players, seat), language, fallback=kind, players=players)
        message = None
        if self.messages is not None:
            try:
                message = self.messages.event_message(event, players, seat)
            except Exception as exc:  # noqa: BLE001 - a game's message bug must not end a stream
                log.warning("event_message failed", event=kind, error=f"{type(exc).__name__}: {exc}")
                message = Message(f"event-{kind}", {})
            if message is None:  # nothing to say to anyone
                message = Message(f"event-{kind}", {}, internal=True)
        else:
            message = Message(f"event-{kind}", {})
        return self.render(message, language, fallback=kind, players=players)

    def move(self, move: Mapping[str, Any], players: Sequence[str], seat: int | None,
             language: str | None = DEFAULT) -> Rendered:
        """A legal move's label."""
        message = None
        if self.messages is not None:
            try:
                message = self.messages.move_message(move, players, seat)
            except Exception as exc:  # noqa: BLE001
                log.warning("move_message failed", move=str(move.get("type")), error=f"{type(exc).__name__}: {exc}")
        if message is None:
            message = Message(f"move-{move.get('type')}", {k: v for k, v in move.items() if k != "type"})
        # the renderer's label only where the texts lack the message: it is formatted anew each
        # time (a game's move_label renders through Fluent unmemoised), for every legal move of
        # every ListLegalMoves, and was ~3.5 % of a rules engine's CPU under the web client's calls
        has = self.texts.has(message.key, language or DEFAULT) or self.texts.has(message.key)
        return self.render(message, language, fallback=None if has else self._move_label(move), players=players)

    def _move_label(self, move: Mapping[str, Any]) -> str:
        if self.renderer is not None:
            try:
                return str(self.renderer.move_label(dict(move)))
            except Exception:  # noqa: BLE001 - a label is a courtesy
                pass
        fields = " ".join(f"{k}={v}" for k, v in move.items() if k != "type")
        return f"{move.get('type')} {fields}".strip()

    def prompt(self, view: Mapping[str, Any], players: Sequence[str], seat: int | None, finished: bool,
               language: str | None = DEFAULT) -> Rendered:
        """Whose turn it is and what to do now, from the seat's view."""
        message = None
        if self.messages is not None:
            try:
                message = self.messages.prompt_message(dict(view), seat)
            except Exception as exc:  # noqa: BLE001
                log.warning("prompt_message failed", error=f"{type(exc).__name__}: {exc}")
        if message is None:
            message = fallback_prompt(view, players, seat, finished)
        return self.render(message, language, players=players)

    def refusal(self, exc: BaseException, language: str | None = DEFAULT) -> Rendered:
        from shared.errors import refusal_message

        return refusal_message(exc, self.texts, language)


def fallback_prompt(view: Mapping[str, Any], players: Sequence[str], seat: int | None, finished: bool) -> Message:
    """The shared prompt of a game that says nothing of its own: over, your turn, or waiting for
    the seats the view's `to_act` names (every game's view has it)."""
    if finished or view.get("finished"):
        return Message("prompt-over", {})
    acting = [str(p) for p in (view.get("to_act") or [])]
    if seat is not None and 0 <= seat < len(players) and players[seat] in acting:
        return Message("prompt-your-turn", {})
    if not acting:
        return Message("prompt-dealing", {})
    return Message("prompt-waiting", {"players": acting, "count": len(acting)})
