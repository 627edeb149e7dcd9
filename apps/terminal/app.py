"""The terminal client: queue through the matchmaker, play one seat with the keyboard, show the
table and every move as it happens, and the placings and rating change at the end.

    foodgames play foodie-forest --name ann

Where it is: a small file under the data folder (apps.terminal.remember) keeps the live ticket,
then the game id and seat, so a restarted client (same name) rejoins the game in progress from
its current view. A ticket the file does not know is found through the
matchmaker's ALREADY_EXISTS answer, which names it (in its status details: apps.sdk.queueing.live_ticket).

Input: a number picks a listed move; `play bug-3` / `bug-3` or `recipe fruit` / `fruit` sends
that move as typed (the rules service judges it and a refusal is shown with its gRPC status);
`q` leaves (the game goes on; start the client again to rejoin); apps.terminal.typed reads the line.

Language: every word it shows is in `language` (en, de): its own from apps/terminal/texts/, the
table's from the game's renderer and texts; the same language goes with its calls (the requests'
`language` and the connection's accept-language), so refusals and the API's messages come in it.
"""
from __future__ import annotations

import asyncio
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

import grpc
from rich.console import Console

from apps.sdk.connection import (
    Connection,
    nobody_there,
    refusal_text,
)
from apps.sdk.gamecalls import (
    Update,
    describe_game,
    read_view,
)
from apps.sdk.queueing import (
    QueueEnded,
    NoInvitation,
    accept_invitation,
    create_ticket,
    live_ticket,
    watch_ticket,
)
from apps.sdk.seatplayer import SeatPlayer
from apps.terminal import render
from apps.terminal.build import Words, build_move
from apps.terminal.remember import Remembered, load_remembered, save_remembered, state_path
from apps.terminal.talk import TableTalk, rematch
from apps.terminal.texts import Texts
from apps.terminal.typed import parse_input
from shared import games
from shared.auth import mint_token
from shared.config import Settings
from shared.i18n import DEFAULT

LEAVE_WAIT_S = 5  # how long leaving a table waits for the matchmaker's answer


class InputSource(Protocol):
    async def read(self, prompt: str, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> str | None:
        """The next line the player typed (None: end of input)."""


class StdinInput:
    """Lines from the keyboard, read in a thread so the watch stream keeps flowing."""

    def __init__(self, console: Console):
        self.console = console

    async def read(self, prompt, view, legal_moves):
        self.console.print(prompt, end="")
        try:
            return await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline) or None
        except (EOFError, KeyboardInterrupt):
            return None


class ScriptedInput:
    """Lines from a script: fixed lines first, then `then(view, legal_moves)` for each prompt
    (default: always "1"). Every prompt and answer is kept in `transcript`."""

    def __init__(self, lines: Sequence[str] = (), then: Callable[[dict, list], str | None] | None = None):
        self.lines = list(lines)
        self.then = then or (lambda view, legal: "1")
        self.transcript: list[tuple[str, str | None]] = []

    async def read(self, prompt, view, legal_moves):
        # as a player at a keyboard does, the loop gets to run while the answer comes: a script
        # answering at once for ever would keep the game's updates from ever arriving
        await asyncio.sleep(0)
        line = self.lines.pop(0) if self.lines else self.then(view, legal_moves)
        self.transcript.append((prompt, line))
        return line


class Quit(Exception):
    """The player left the table (the game goes on without them)."""


@dataclass
class Outcome:
    game_id: str
    seat: int
    view: dict[str, Any]
    rating_before: float | None
    rating_after: float | None
    rejections: list[str] = field(default_factory=list)


class TerminalClient:
    def __init__(self, settings: Settings, name: str, game: str = "foodie-forest", *,
                 console: Console | None = None, input_source: InputSource | None = None,
                 ranked: bool = True, min_players: int = 0, max_players: int = 0,
                 rating_wait_s: float = 15.0, width: int | None = None, options: dict[str, Any] | None = None,
                 party: Sequence[str] = (), join: bool = False, host: bool = False, invite: str = "",
                 bots_after_s: float | None = None, bot_level: str = "", public: bool = False,
                 language: str = DEFAULT):
        self.settings = settings
        self.language, self.t = language, Texts(language)  # the words it shows, and its calls' language
        # a private table (docs/friends.md): host one (its code printed), or sit at one by its code
        self.host, self.invite = host, invite
        self.bots_after_s, self.bot_level, self.public = bots_after_s, bot_level, public
        self.party = tuple(party)  # the others invited to our table (each accepts: `--join`)
        self.join = join  # accept an invitation to a party instead of queueing alone
        self.options = dict(options or {})  # the game's options, asked of the matchmaker
        self.name = name
        self.game = game
        self.console = console or Console(width=width)
        self.input = input_source or StdinInput(self.console)
        self.ranked = ranked
        self.min_players = min_players
        self.max_players = max_players
        self.rating_wait_s = rating_wait_s
        self.path = state_path(settings, game, name)
        self.conn = Connection(settings, mint_token(settings, name), name, language=language)
        self.log: list[str] = []
        self.rejections: list[str] = []
        self.players: list[str] = []
        self.player: SeatPlayer | None = None
        self.game_id = ""
        self._my_turn_shown = -1
        self.built = 0  # moves built from choices (and accepted by CheckMove)
        self._words: Words | None = None  # card names and terms, for building a move from choices
        self.table_id = ""  # the private table we sit at (its rematch is offered at the end)
        self.talk = TableTalk(self.conn, game, self.say, language)

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(text, style=style, highlight=False, soft_wrap=True)

    # What the line client prints, the full-screen one (apps.terminal.tui) draws in place.
    def draw(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> None:
        """The table as the seat sees it now."""
        self.console.print(render.screen(view, legal_moves, self.log, None, self.game_id, self.language))

    def shown_moves(self, legal_moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The moves the numbers on the player's screen stand for: here the list draw() printed
        above the prompt. (Read against a newer view's list, "2" would name a move the player
        never saw; a move that went stale while they typed is asked again by SeatPlayer.)"""
        return legal_moves

    def show(self, renderable) -> None:
        """Anything else worth showing (the final placings)."""
        self.console.print(renderable)

    # -- leaderboard ---------------------------------------------------------------------

    async def standing(self) -> tuple[float | None, int]:
        """(shown rating, games) on the leaderboard; (None, 0) when unrated or unreachable."""
        from foodgames.v1 import leaderboard_pb2 as lb

        try:
            reply = await self.conn.leaderboard().GetPlayer(lb.GetPlayerRequest(game=self.game, player=self.name),
                                                            timeout=5)
        except grpc.aio.AioRpcError:
            return None, 0
        return reply.entry.rating, reply.entry.games

    # -- finding a game ------------------------------------------------------------------

    async def _ticket_state(self, ticket_id: str):
        from foodgames.v1 import matchmaking_pb2 as mm

        try:
            return (await self.conn.matchmaking().GetTicket(mm.GetTicketRequest(ticket_id=ticket_id))).ticket
        except grpc.aio.AioRpcError:
            return None

    async def _live_game(self, remembered: Remembered) -> tuple[int, dict[str, Any]] | None:
        try:
            reply, view = await read_view(self.conn.game(self.game), remembered.game_id, remembered.seat,
                                          self.language)
        except grpc.aio.AioRpcError as exc:
            self.say(self.t("queue-unreadable", game_id=remembered.game_id, error=refusal_text(exc)))
            return None
        if reply.finished:
            return None
        return reply.version, view

    async def find_game(self) -> tuple[Remembered, int]:
        """Where we play: (remembered game, version to watch after)."""
        from foodgames.v1 import matchmaking_pb2 as mm

        remembered = load_remembered(self.path, self.game)
        if remembered and remembered.game_id:
            live = await self._live_game(remembered)
            if live is not None:
                version, _ = live
                self.ranked = remembered.ranked
                self.say(self.t("queue-rejoining", game_id=remembered.game_id, player=self.name, seat=remembered.seat,
                                version=version), style="bold")
                return remembered, version
            self.path.unlink(missing_ok=True)
            remembered = None
        rating, games = await self.standing()
        if self.host or self.invite:
            match = await self._private_table()
            remembered = Remembered(self.game, game_id=match.game_id, seat=match.seat, rating_before=rating,
                                    games_before=games, ranked=self.ranked)
            save_remembered(self.path, remembered)
            self.say(self.t("queue-table-started", game_id=match.game_id, seat=match.seat), style="bold")
            return remembered, 0
        ticket_id = ""
        if remembered and remembered.ticket_id:
            ticket = await self._ticket_state(remembered.ticket_id)
            if ticket is not None and ticket.state in (mm.TICKET_STATE_INVITING, mm.TICKET_STATE_SEARCHING,
                                                       mm.TICKET_STATE_MATCHED):
                ticket_id = ticket.ticket_id
                self.ranked = ticket.ranked
                rating, games = remembered.rating_before, remembered.games_before
        if not ticket_id and self.join:
            try:
                ticket_id = await accept_invitation(self.conn, self.game, wait_s=60.0)
            except NoInvitation:
                raise QueueEnded(self.t("queue-no-invitation", title=self.t.title(self.game), game=self.game,
                                        player=self.name)) from None
            self.say(self.t("queue-joined-party", ticket=ticket_id))
        if not ticket_id:
            try:
                ticket_id = await create_ticket(self.conn, self.game, self.ranked, self.min_players,
                                                self.max_players, self.options, self.party)
            except grpc.aio.AioRpcError as exc:
                live = live_ticket(exc)
                if not live:
                    raise
                ticket_id = live
                self.say(self.t("queue-already", ticket=ticket_id))
        remembered = Remembered(self.game, ticket_id=ticket_id, rating_before=rating, games_before=games,
                                ranked=self.ranked)
        save_remembered(self.path, remembered)
        started = time.monotonic()
        self.say(self.t("queue-searching", title=self.t.title(self.game), player=self.name, ranked=self.ranked,
                        ticket=ticket_id))

        def on_state(ticket) -> None:
            state = mm.TicketState.Name(ticket.state).removeprefix("TICKET_STATE_").lower()
            extra = f" - {ticket.reason}" if ticket.reason else ""
            self.say("  " + self.t("queue-ticket", state=state, seconds=self.t.decimal(time.monotonic() - started, 1))
                     + extra)

        if self.console.is_terminal:
            with self.console.status(self.t("queue-spinner"), spinner="dots"):
                match = await watch_ticket(self.conn, ticket_id, on_state)
        else:
            match = await watch_ticket(self.conn, ticket_id, on_state)
        remembered.game_id, remembered.seat = match.game_id, match.seat
        save_remembered(self.path, remembered)
        self.say(self.t("queue-matched", game_id=match.game_id, seat=match.seat), style="bold")
        return remembered, 0

    async def _private_table(self):
        """Host a private table (printing its code and link) or join one; where we sit once it starts."""
        from apps.sdk import tables

        if self.invite:
            table = await tables.join_table(self.conn, self.invite)
            self.ranked = table.ranked
            self.say(self.t("table-sit-at", host=table.host, players=len(table.players), seats=table.seats))
        else:
            lo = self.min_players or 0
            table = await tables.create_table(self.conn, self.game, lo, ranked=self.ranked, options=self.options,
                                              public=self.public)
            self.say(self.t("table-open", code=table.code), style="bold")
            self.say(self.t("table-link", link=table.link, game=self.game, code=table.code))
        self.table_id = table.table_id
        if table.game_id:  # a game id only once started: our join filled it
            return tables.seated(self.conn, table)
        waiter = asyncio.ensure_future(tables.wait_started(self.conn, table.table_id, self._table_state))
        try:
            if self.host and self.bots_after_s is not None:
                done, _ = await asyncio.wait([waiter], timeout=self.bots_after_s)
                if not done:
                    try:
                        await tables.fill_with_bots(self.conn, table.table_id, self.bot_level)
                    except grpc.aio.AioRpcError as exc:
                        if exc.code() != grpc.StatusCode.FAILED_PRECONDITION:  # it filled up meanwhile
                            raise
            return await waiter
        except (asyncio.CancelledError, KeyboardInterrupt):
            # Ctrl-C while waiting: the seat is given back (the host's table closes), so that
            # neither the player nor the friends are held at a table nobody will start
            waiter.cancel()
            await self._leave_table(table.table_id)
            raise

    async def _leave_table(self, table_id: str) -> None:
        from apps.sdk import tables

        try:
            left = await asyncio.wait_for(asyncio.shield(tables.leave_table(self.conn, table_id)), LEAVE_WAIT_S)
        except (asyncio.TimeoutError, grpc.aio.AioRpcError) as exc:  # it started meanwhile, or the stack is gone
            error = refusal_text(exc) if isinstance(exc, grpc.aio.AioRpcError) else self.t("table-no-answer", seconds=LEAVE_WAIT_S)
            self.say(self.t("table-not-left", error=error), style="yellow")
            return
        self.say(self.t("table-closed" if left.host == self.name else "table-left"))

    def _table_state(self, table) -> None:
        if table.players:
            self.say("  " + self.t("table-waiting", players=list(table.players), free=table.free_seats))

    # -- playing -------------------------------------------------------------------------

    async def _on_update(self, update: Update) -> None:
        view = update.view
        self.players = list(view.get("players") or self.players)
        if update.source != "watch":
            return  # our own move: its events come again on the stream, shown once there
        for event in update.events:
            line = render.event_line(event, self.players, self.name, self.game, self.language)
            if line:
                self.log.append(line)
                if self.player is None or not (self.player.view or {}).get("legal_moves"):
                    self.say("  " + line)

    def _on_rejected(self, move: dict, error: grpc.aio.AioRpcError) -> None:
        # the reason alone, in the player's language: the status code is for programs
        text = self.t("play-refused-move", move=render.move_label(move, self.game, self.language),
                      error=refusal_text(error))
        self.rejections.append(text)
        self.say(text, style="bold red")

    def _on_seed(self, ok: bool, text: str) -> None:
        # the SDK's sentence ends with the deck's refusal ("...: reason"): that part is said
        self.say(self.t("play-seed-sent") if ok else self.t("play-seed-refused", error=text.partition(": ")[2] or text),
                 style=None if ok else "yellow")

    async def _choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]], space=None,
                      check=None) -> dict[str, Any]:
        self.draw(view, legal_moves)
        if space is not None:
            self.say(self.t("play-sample", count=len(legal_moves)))
        while True:
            line = await self.input.read(f"{self.name}> ", view, legal_moves)
            if line is None or line.strip().lower() in ("q", "quit", "exit"):
                raise Quit()
            if await self.talk.handle(line):
                continue
            if space is not None and check is not None and line.strip().lower() == "b":
                built = await self._build(view, legal_moves, space, check)
                if built is not None:
                    return built
                continue
            parsed = parse_input(line, self.shown_moves(legal_moves), games.get(self.game).moves, self.language)
            if isinstance(parsed, dict):
                return parsed
            self.say(parsed, style="bold red")

    _choose.wants_choices = True  # where the listed moves are a sample: build from choices (SeatPlayer)

    async def _build(self, view, legal_moves, space, check) -> dict[str, Any] | None:
        """A move built from the seat's choices, once CheckMove accepts it (else None: ask again)."""
        if self._words is None:
            try:
                self._words = Words(await describe_game(self.conn, self.game, self.language))
            except grpc.aio.AioRpcError:
                self._words = Words(None)  # ids instead of names; building still works

        async def ask(prompt: str) -> str | None:
            return await self.input.read(prompt, view, legal_moves)

        move = await build_move(space.choices, space.moves, space.labels, self._words, ask, self.say, self.language)
        if move is None:
            self.say(self.t("play-not-built"))
            return None
        checked = await check(move)
        if not checked.accepted:
            self.say(self.t("play-not-legal", reason=checked.reason), style="bold red")
            return None
        self.built += 1
        return move

    async def play(self) -> Outcome:
        remembered, version = await self.find_game()
        while True:
            outcome = await self._play(remembered, version)
            if not self.table_id:
                return outcome
            answer = await self.input.read(self.t("play-rematch") + " ", outcome.view, [])
            if not self.t.yes(answer):
                return outcome
            self.table_id, match = await rematch(self.conn, self.table_id, self.say, self._table_state,
                                                 language=self.language)
            rating, games = await self.standing()
            remembered = Remembered(self.game, game_id=match.game_id, seat=match.seat, rating_before=rating,
                                    games_before=games, ranked=self.ranked)
            save_remembered(self.path, remembered)
            self.say(self.t("play-rematch-started", game_id=match.game_id, seat=match.seat), style="bold")
            self.log, self.rejections, version = [], [], 0

    async def _play(self, remembered: Remembered, version: int) -> Outcome:
        self.game_id = remembered.game_id
        self.player = SeatPlayer(self.conn, self.game, remembered.game_id, remembered.seat, self._choose,
                                 on_update=self._on_update, on_rejected=self._on_rejected, on_seed=self._on_seed,
                                 after_version=version, language=self.language)
        if self.table_id:  # the table chat of a private table (a queued game has none here)
            self.say(self.t("talk-hint"))
            self.talk.start(remembered.game_id)
        try:
            final = await self.player.run()
        finally:
            await self.talk.stop()
        self.path.unlink(missing_ok=True)
        self.draw(final, [])
        after, games = await self._rating_after(remembered)
        self.show(render.final_lines(final, remembered.rating_before, after, self.ranked, self.language))
        return Outcome(remembered.game_id, remembered.seat, final, remembered.rating_before, after,
                       list(self.rejections))

    async def _rating_after(self, remembered: Remembered) -> tuple[float | None, int]:
        if not self.ranked:
            return None, 0
        deadline = time.monotonic() + self.rating_wait_s
        while True:
            rating, games = await self.standing()
            if games > remembered.games_before or time.monotonic() > deadline:
                return (rating if games > remembered.games_before else None), games
            await asyncio.sleep(0.25)

    async def run(self) -> int:
        try:
            await self.play()
            return 0
        except Quit:
            self.say(self.t("play-left", game=self.game, player=self.name))
            return 0
        except QueueEnded as exc:
            self.path.unlink(missing_ok=True)
            self.say(self.t(f"ended-{exc.key}", **exc.values) if exc.key else str(exc), style="bold red")
            return 1
        except grpc.aio.AioRpcError as exc:
            self.say(self.t("play-nobody" if nobody_there(exc) else "play-refused", error=refusal_text(exc)),
                     style="bold red")
            return 1
        finally:
            await self.conn.close()
