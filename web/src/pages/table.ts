// The table: the seat's view, live from WatchGame (reconnecting after a drop, from the last
// version seen), the seat's legal moves as the only buttons, a refused move's reason, what the
// others did, and at the end the placings and the rating change.
import { Code, codeOf, explain, gameService, leaderboard, listGames } from "../api";
import { fill, h, sleep, type Child } from "../dom";
import { ViewEncoding } from "../gen/foodgames/v1/game_pb";
import { sendClientSeed, seedNote } from "../seed";
import { current, rememberSeat, seatOf } from "../session";
import { foodieBoard, foodieEventLine, foodieMoveLabel, turnLine } from "../table/foodie";
import { genericBoard, genericEventLine, genericMoveLabel } from "../table/generic";

type View = Record<string, any>;
type GameEvent = { type: string; data: Record<string, any> };

const GIVE_UP = [Code.NotFound, Code.PermissionDenied, Code.InvalidArgument, Code.Unauthenticated];
const LOG_LINES = 40;

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function genericTurn(view: View, me: string, moves: unknown[]): string {
  if (view.finished) return "The game is over.";
  if (moves.length) return "Your turn.";
  const waiting: string[] = Array.isArray(view.to_act) ? view.to_act.filter((p: string) => p !== me) : [];
  if (waiting.length) return `Waiting for ${waiting.join(", ")}.`;
  return typeof view.turn === "string" ? `Waiting for ${view.turn}.` : "Waiting…";
}

export function tablePage(root: HTMLElement, [game, gameId]: string[]): () => void {
  const me = current()!;
  const stop = new AbortController();
  const client = gameService(game);
  const foodie = game === "foodie-forest";
  let seat = seatOf(gameId)?.seat;
  let view: View | null = null;
  let viewVersion = -1n; // the version of the view drawn
  let streamVersion = 0n; // the last version the stream delivered: a new stream resumes after it
  let finished = false;
  let gameOver: Record<string, any> | null = null;
  let busy = false;
  let listed: { version: bigint; moves: Record<string, unknown>[] } | null = null;
  const lines: string[] = [];

  const title = h("h1", {}, foodie ? "Foodie Forest" : game);
  listGames().then((games) => { title.textContent = games.find((g) => g.name === game)?.title ?? game; }, () => {});
  const status = h("span", { id: "status", class: "status" }, "connecting…");
  const turn = h("p", { id: "turn", class: "turn big" });
  const refusal = h("p", { id: "refusal", class: "error", role: "alert" });
  const board = h("div", { id: "board" });
  const moves = h("div", { id: "moves", class: "moves" });
  const log = h("ol", { id: "log", class: "log", reversed: true });
  const end = h("section", { id: "end", class: "card-panel end", hidden: true });
  const page = h("div", { class: "table", id: "table", "data-game": game, "data-game-id": gameId },
    h("div", { class: "table-head" }, title, h("code", { class: "muted" }, gameId), status),
    end, turn, refusal, moves, board, h("section", { class: "log-panel" }, h("h2", {}, "What happened"), log));
  root.append(page);

  function legalMoves(): Record<string, unknown>[] {
    if (!view || finished) return [];
    if (Array.isArray(view.legal_moves)) return view.legal_moves;
    return listed && listed.version === viewVersion ? listed.moves : [];
  }

  function draw(): void {
    if (!view) return;
    page.dataset.version = String(viewVersion);
    page.dataset.finished = String(finished);
    const legal = legalMoves();
    fill(board, foodie ? foodieBoard(view) : genericBoard(view));
    turn.textContent = foodie ? turnLine(view) : genericTurn(view, me.player, legal);
    fill(moves, legal.map((move) => h("button", {
      class: "move", "data-move": JSON.stringify(move), disabled: busy, onclick: () => play(move),
    }, (foodie ? foodieMoveLabel(move) : genericMoveLabel(move)) as Child)));
    if (!Array.isArray(view.legal_moves) && !finished && (!listed || listed.version !== viewVersion)) listMoves();
  }

  async function listMoves(): Promise<void> {
    // games whose view does not carry its legal moves: ask ListLegalMoves for this version
    const version = viewVersion;
    try {
      const reply = await client.listLegalMoves({ gameId, seat });
      if (version === viewVersion) {
        listed = { version, moves: reply.moves };
        draw();
      }
    } catch (err) {
      refusal.textContent = explain(err);
    }
  }

  function show(version: bigint, next: View, over: boolean): void {
    if (version < viewVersion) return; // an older answer arriving late
    viewVersion = version;
    view = next;
    finished = finished || over || next.finished === true;
    draw();
    if (finished) showEnd();
  }

  function record(events: GameEvent[], players: string[]): void {
    for (const event of events) {
      if (event.type === "GameOver") gameOver = event.data;
      if (event.type === "SeedCommitted" || event.type === "GameCreated") sendSeed();
      const line = foodie ? foodieEventLine(event, players, me.player) : genericEventLine(event, players);
      if (line) lines.push(line);
    }
    drawLog();
  }

  function drawLog(): void {
    lines.splice(0, Math.max(0, lines.length - LOG_LINES));
    fill(log, lines.slice().reverse().map((line) => h("li", {}, line)));
  }

  let seedNoted = false;
  async function sendSeed(): Promise<void> {
    // our share of the shuffle's randomness (the queue page sends it as soon as it is matched)
    if (seat === undefined) return;
    await sendClientSeed(gameId, seat);
    const note = seedNote(gameId);
    if (note && !seedNoted) {
      seedNoted = true;
      lines.push(note);
      drawLog();
    }
  }

  async function play(move: Record<string, unknown>): Promise<void> {
    if (busy || !view || seat === undefined) return;
    busy = true;
    refusal.textContent = "";
    draw();
    // a move made while only this seat acts names the version it was chosen at (a stale one
    // is refused); during a simultaneous choice other seats' moves change the version
    const alone = !Array.isArray(view.to_act) || view.to_act.length <= 1;
    try {
      const reply = await client.submitMove({
        gameId, seat, moveId: randomHex(16), move: move as any,
        expectedVersion: alone ? viewVersion : undefined, viewEncoding: ViewEncoding.JSON,
      });
      busy = false;
      show(reply.version, JSON.parse(reply.viewJson), false);
    } catch (err) {
      refusal.textContent = `Move refused: ${explain(err)}`;
    } finally {
      busy = false;
      draw();
    }
  }

  async function rating(): Promise<Child> {
    const ranked = gameOver?.ranked ?? seatOf(gameId)?.ranked;
    if (ranked === false) return "A casual game: ratings do not change.";
    // the leaderboard scores the game shortly after its end: look until it has
    for (let i = 0; i < 60 && !stop.signal.aborted; i++) {
      try {
        const reply = await leaderboard.getRatingHistory({ game, player: me.player, limit: 20 });
        const point = reply.points.find((p) => p.gameId === gameId);
        if (point) {
          const before = point.rating - point.delta;
          return h("span", {}, "Your rating: ", h("b", {}, before.toFixed(2)), " → ", h("b", {}, point.rating.toFixed(2)),
            h("span", { class: point.delta >= 0 ? "up" : "down" }, ` (${point.delta >= 0 ? "+" : ""}${point.delta.toFixed(2)})`),
            ` · placed ${point.placing} of ${point.players}`);
        }
      } catch (err) {
        if (codeOf(err) !== Code.NotFound) return explain(err);
      }
      await sleep(1000, stop.signal);
    }
    return "The leaderboard has not scored this game yet.";
  }

  let endShown = false;
  async function showEnd(): Promise<void> {
    if (endShown || !view) return;
    endShown = true;
    const names: string[] = gameOver?.players ?? view.players ?? [];
    const points: number[] = gameOver?.points ?? names.map((n) => (view!.points ?? {})[n] ?? 0);
    const placings: number[] = gameOver?.placings ?? [];
    const order = names.map((name, i) => ({ name, points: points[i], place: placings[i] ?? 0 }))
      .sort((a, b) => (a.place || 99) - (b.place || 99) || b.points - a.points);
    const change = h("p", { id: "rating-change" }, "Looking up your rating…");
    end.hidden = false;
    fill(end,
      h("h2", {}, "Game over"),
      gameOver?.team_won !== undefined && gameOver?.team_won !== null &&
        h("p", { class: "big" }, gameOver.team_won ? "The table won!" : "The table lost."),
      h("table", { id: "placings" }, h("thead", {}, h("tr", {}, h("th", {}, "place"), h("th", {}, "player"), h("th", {}, "points"))),
        h("tbody", {}, order.map((r) => h("tr", { class: r.name === me.player ? "mine" : "" },
          h("td", {}, r.place ? String(r.place) : "–"), h("td", {}, r.name, r.name === me.player ? " (you)" : ""), h("td", {}, String(r.points)))))),
      change,
      h("p", { class: "links" }, h("a", { href: `#/leaderboard/${encodeURIComponent(game)}`, id: "to-leaderboard" }, "Leaderboard"),
        h("a", { href: `#/audit/${encodeURIComponent(gameId)}`, id: "to-audit" }, "Verify this game"),
        h("a", { href: "#/play" }, "Play again")));
    fill(change, await rating());
  }

  async function findSeat(): Promise<number | undefined> {
    // a game opened without its seat remembered: the backend tells which seat is ours
    for (let s = 0; s < 8; s++) {
      try {
        const reply = await client.getView({ gameId, seat: s, viewEncoding: ViewEncoding.JSON });
        rememberSeat({ game, gameId, seat: s, ranked: JSON.parse(reply.viewJson)?.ranked ?? true });
        return s;
      } catch (err) {
        if (codeOf(err) !== Code.PermissionDenied) {
          refusal.textContent = codeOf(err) === Code.InvalidArgument ? `You have no seat at this table.` : explain(err);
          return undefined;
        }
      }
    }
    return undefined;
  }

  (async () => {
    if (seat === undefined) seat = await findSeat();
    if (seat === undefined) {
      status.textContent = "no seat";
      return;
    }
    let delay = 500;
    while (!stop.signal.aborted) {
      try {
        status.textContent = streamVersion ? `reconnecting from version ${streamVersion}…` : "connecting…";
        const stream = client.watchGame({ gameId, seat, afterVersion: streamVersion, viewEncoding: ViewEncoding.JSON },
          { signal: stop.signal });
        for await (const update of stream) {
          status.textContent = "live";
          status.dataset.state = "live";
          delay = 500;
          const next: View = JSON.parse(update.viewJson);
          if (update.version > streamVersion || streamVersion === 0n) {
            streamVersion = update.version;
            record(update.events.map((e) => ({ type: e.type, data: (e.data ?? {}) as Record<string, any> })), next.players ?? []);
          }
          show(update.version, next, update.finished);
        }
        if (finished) {
          // the server ends the stream once the game is over and its seed revealed
          status.textContent = "game over";
          status.dataset.state = "over";
          return;
        }
      } catch (err) {
        if (stop.signal.aborted) return;
        if (GIVE_UP.includes(codeOf(err))) {
          status.textContent = "stopped";
          refusal.textContent = explain(err);
          return;
        }
        status.dataset.state = "lost";
        status.textContent = `connection lost (${explain(err)}); reconnecting in ${delay / 1000} s`;
      }
      await sleep(delay, stop.signal);
      delay = Math.min(delay * 2, 8000);
    }
  })();

  return () => stop.abort();
}
