// One table's state, fed by its WatchGame stream (reconnecting after a drop, from the last
// version seen): the seat's view, the events as the seat saw them, its legal moves (the view's
// `legal_moves`, else ListLegalMoves with its labels and choices), a refused move's reason,
// the game's end. The table page and every game's board read it; nothing else writes it.
import { batch, signal } from "@preact/signals";
import { Code, codeOf, explain, gameService, reasonOf } from "../api";
import { ViewEncoding } from "../gen/foodgames/v1/game_pb";
import { language } from "../i18n";
import { sendClientSeed, seedNote } from "../seed";
import { rememberSeat, seatOf } from "../session";
import { randomHex, sleep } from "../util";
import { seatTable } from "./names";

export type View = Record<string, any>;
export type Move = Record<string, any>;
/** A server message (event, prompt, label, refusal): its template key, arguments and text. */
export type Message = { key: string; args: Record<string, unknown>; text: string };
export type GameEvent = { type: string; data: Record<string, any>; message?: Message; internal: boolean; version: bigint };
export type Listed = { version: bigint; moves: Move[]; labels: (Message | undefined)[]; choices: unknown; complete: boolean };

const GIVE_UP = [Code.NotFound, Code.PermissionDenied, Code.InvalidArgument, Code.Unauthenticated];
const LOG_EVENTS = 200;

/** A proto Message (once the API carries one) as the client keeps it. */
export function messageOf(raw: any): Message | undefined {
  if (!raw || !raw.text) return undefined;
  let args: Record<string, unknown> = {};
  try {
    args = raw.argsJson ? JSON.parse(raw.argsJson) : {};
  } catch {
    // the text is what is shown; the arguments only help a board
  }
  return { key: String(raw.key ?? ""), args, text: String(raw.text) };
}

/** A server text that is only its fallback (a game without its texts yet says the event's type
 * name, or a label "type field=value"): not for a player's eyes, the client's own wording instead. */
export function readable(message: Message | undefined, typeName?: string): Message | undefined {
  if (!message) return undefined;
  const text = message.text.trim();
  if (!text || text === typeName || /\w=\S/.test(text) || /^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/.test(text)) return undefined;
  return message;
}

export type Status = { state: "connecting" | "live" | "lost" | "over" | "stopped"; key: string; args?: Record<string, string | number> };

export class TableStore {
  readonly client;
  readonly view = signal<View | null>(null);
  /** the version of the view drawn */
  readonly version = signal(-1n);
  readonly finished = signal(false);
  readonly status = signal<Status>({ state: "connecting", key: "status-connecting" });
  readonly events = signal<GameEvent[]>([]);
  readonly notes = signal<string[]>([]);
  readonly refusal = signal<string>("");
  readonly busy = signal(false);
  readonly listed = signal<Listed | null>(null);
  readonly listFailed = signal(-2n);
  /** whether this page watches the game without a seat (SpectateGame: the public view) */
  readonly spectating = signal(false);
  readonly gameOver = signal<Record<string, any> | null>(null);
  // the options the table was created with (its GameCreated): a game's view need not hold them
  readonly options = signal<Record<string, unknown> | null>(null);
  readonly prompt = signal<Message | undefined>(undefined);
  /** when the view arrived (Date.now()): clocks count down from it */
  readonly viewAt = signal(0);
  seat: number | undefined;
  private streamVersion = 0n; // the last version the stream delivered: a new stream resumes after it
  private stop = new AbortController();

  constructor(readonly game: string, readonly gameId: string) {
    this.client = gameService(game);
    this.seat = seatOf(gameId)?.seat;
  }

  /** The moves offered now: the view's own list, else ListLegalMoves' for this version. */
  legalMoves(): { moves: Move[]; labels: (Message | undefined)[] } {
    const view = this.view.value;
    if (!view || this.finished.value) return { moves: [], labels: [] };
    const listed = this.listed.value;
    if (listed && listed.version === this.version.value && (listed.labels.some(Boolean) || !Array.isArray(view.legal_moves))) return listed;
    if (Array.isArray(view.legal_moves)) return { moves: view.legal_moves, labels: [] };
    return { moves: [], labels: [] };
  }

  /** Whether ListLegalMoves has answered for the version drawn (or failed: then never). */
  listedNow(): boolean {
    return this.listed.value?.version === this.version.value || this.listFailed.value === this.version.value;
  }

  /** The seat's whole move space now (ListLegalMoves' `choices_json`), once the API sends it. */
  choices(): any {
    const listed = this.listed.value;
    return listed && listed.version === this.version.value ? listed.choices : null;
  }

  close(): void {
    this.stop.abort();
  }

  /** `moves`: the seat's moves as the watch stream sent them with the view (ListLegalMoves'
   * answer, without a call); `list`: whether to ask ListLegalMoves when they did not come. */
  private show(version: bigint, next: View, over: boolean, prompt?: Message, moves?: any, list = true): void {
    if (version < this.version.value) return; // an older answer arriving late
    batch(() => {
      this.version.value = version;
      this.view.value = next;
      if (Array.isArray(next.players)) seatTable(next.players);
      this.viewAt.value = Date.now();
      if (prompt) this.prompt.value = prompt;
      this.finished.value = this.finished.value || over || next.finished === true;
    });
    if (moves && !this.spectating.value && !this.finished.value) this.takeMoves(moves, version);
    else if (list && !this.spectating.value && !this.finished.value && (!Array.isArray(next.legal_moves) || next.legal_moves.length)) void this.listMoves(version);
  }

  private async listMoves(version: bigint): Promise<void> {
    // the labels and choices of the moves (and the moves, for a view without them), kept under
    // the version the answer is of (the record may have moved on since the view was drawn)
    try {
      const reply = await this.client.listLegalMoves({ gameId: this.gameId, seat: this.seat, language: language.value });
      if (reply.version < this.version.value) {
        if (this.listed.value?.version !== this.version.value) void this.listMoves(this.version.value);
        return;
      }
      this.takeMoves(reply, reply.version);
    } catch (err) {
      this.listFailed.value = version;
      if (version === this.version.value && codeOf(err) !== Code.FailedPrecondition) this.refusal.value = explain(err);
    }
  }

  /** ListLegalMoves' answer (or the same sent on the watch stream) as the moves offered at `version`. */
  private takeMoves(reply: any, version: bigint): void {
    let choices: unknown = null;
    try {
      choices = reply.choicesJson ? JSON.parse(reply.choicesJson) : null;
    } catch {
      choices = null;
    }
    this.listed.value = {
      version, moves: reply.moves as Move[], labels: reply.labels.map((l: any) => readable(messageOf(l))), choices,
      complete: reply.movesComplete,
    };
  }

  private record(raw: any[], version: bigint): void {
    const events: GameEvent[] = raw.map((e) => ({
      type: e.type, data: (e.data ?? {}) as Record<string, any>, message: readable(messageOf(e.message), e.type), internal: e.internal === true, version,
    }));
    for (const event of events) {
      if (event.type === "GameOver") this.gameOver.value = event.data;
      if (event.type === "GameCreated") this.options.value = (event.data.options ?? {}) as Record<string, unknown>;
      if (event.type === "SeedCommitted" || event.type === "GameCreated") void this.sendSeed();
    }
    this.events.value = [...this.events.value, ...events].slice(-LOG_EVENTS);
  }

  private seedNoted = false;
  private async sendSeed(): Promise<void> {
    // our share of the shuffle's randomness (the queue page sends it as soon as it is matched)
    if (this.seat === undefined) return;
    await sendClientSeed(this.gameId, this.seat);
    const note = seedNote(this.gameId);
    if (note && !this.seedNoted) {
      this.seedNoted = true;
      this.notes.value = [...this.notes.value, note];
    }
  }

  /** Would the server take this move now? (CheckMove, once the API has it; else undefined.) */
  async check(move: Move): Promise<{ ok: boolean; reason: string } | undefined> {
    if (this.seat === undefined) return undefined;
    try {
      const reply: any = await this.client.checkMove({ gameId: this.gameId, seat: this.seat, move, language: language.value,
        expectedVersion: this.version.value });
      return { ok: reply.accepted !== false, reason: messageOf(reply.message)?.text ?? reply.reason ?? "" };
    } catch (err) {
      // a gateway without CheckMove: the move is checked when it is sent
      if (codeOf(err) === Code.Unimplemented || codeOf(err) === Code.NotFound) return undefined;
      return { ok: false, reason: reasonOf(err) };
    }
  }

  async play(move: Move): Promise<boolean> {
    const view = this.view.value;
    if (this.busy.value || !view || this.seat === undefined) return false;
    this.busy.value = true;
    this.refusal.value = "";
    // a move made while only this seat acts names the version it was chosen at (a stale one
    // is refused); during a simultaneous choice other seats' moves change the version
    const alone = !Array.isArray(view.to_act) || view.to_act.length <= 1;
    try {
      const reply = await this.client.submitMove({
        gameId: this.gameId, seat: this.seat, moveId: randomHex(16), move: move as any,
        expectedVersion: alone ? this.version.value : undefined, viewEncoding: ViewEncoding.JSON,
        language: language.value,
      } as any);
      this.busy.value = false;
      // a live watch stream brings this version's moves with its update: no call to list them
      this.show(reply.version, JSON.parse(reply.viewJson), false, undefined, undefined,
        this.status.value.state !== "live");
      return true;
    } catch (err) {
      this.refusal.value = reasonOf(err);
      return false;
    } finally {
      this.busy.value = false;
    }
  }

  private async findSeat(): Promise<number | undefined> {
    // a game opened without its seat remembered: the backend tells which seat is ours
    for (let s = 0; s < 8; s++) {
      try {
        const reply = await this.client.getView({ gameId: this.gameId, seat: s, viewEncoding: ViewEncoding.JSON });
        rememberSeat({ game: this.game, gameId: this.gameId, seat: s, ranked: JSON.parse(reply.viewJson)?.ranked ?? true });
        return s;
      } catch (err) {
        if (codeOf(err) !== Code.PermissionDenied) {
          this.refusal.value = codeOf(err) === Code.InvalidArgument ? "no-seat" : explain(err);
          return undefined;
        }
      }
    }
    return undefined;
  }

  async run(): Promise<void> {
    const signal = this.stop.signal;
    if (this.seat === undefined) this.seat = await this.findSeat();
    if (this.seat === undefined && this.refusal.value === "no-seat") {
      // not a player of it: watched as a spectator, when the game allows it
      this.refusal.value = "";
      await this.spectate(signal);
      return;
    }
    if (this.seat === undefined) {
      this.status.value = { state: "stopped", key: "status-no-seat" };
      return;
    }
    let delay = 500;
    while (!signal.aborted) {
      try {
        const lost = this.status.value.state === "lost";
        this.status.value = this.streamVersion
          ? { state: lost ? "lost" : "connecting", key: "status-reconnecting", args: { version: String(this.streamVersion) } }
          : { state: "connecting", key: "status-connecting" };
        const stream = this.client.watchGame({
          gameId: this.gameId, seat: this.seat, afterVersion: this.streamVersion, viewEncoding: ViewEncoding.JSON, language: language.value,
        } as any, { signal });
        for await (const update of stream) {
          this.status.value = { state: "live", key: "status-live" };
          delay = 500;
          const next: View = JSON.parse(update.viewJson);
          if (update.version > this.streamVersion || this.streamVersion === 0n) {
            this.streamVersion = update.version;
            this.record(update.events, update.version);
          }
          this.show(update.version, next, update.finished, messageOf((update as any).prompt), (update as any).moves);
        }
        if (this.finished.value) {
          // the server ends the stream once the game is over and its seed revealed
          this.status.value = { state: "over", key: "status-over" };
          return;
        }
      } catch (err) {
        if (signal.aborted) return;
        if (GIVE_UP.includes(codeOf(err))) {
          this.status.value = { state: "stopped", key: "status-stopped" };
          this.refusal.value = explain(err);
          return;
        }
        this.status.value = { state: "lost", key: "status-lost", args: { error: reasonOf(err), seconds: delay / 1000 } };
      }
      await sleep(delay, signal);
      delay = Math.min(delay * 2, 8000);
    }
  }

  private async spectate(signal: AbortSignal): Promise<void> {
    this.spectating.value = true;
    let delay = 500;
    while (!signal.aborted) {
      try {
        this.status.value = { state: "connecting", key: "status-connecting" };
        const stream = this.client.spectateGame({ gameId: this.gameId, viewEncoding: ViewEncoding.JSON, language: language.value }, { signal });
        // every (re)connection sends the public events from the start again
        this.events.value = [];
        let seen = -1n;
        for await (const update of stream) {
          this.status.value = { state: "live", key: "status-live" };
          delay = 500;
          const next: View = JSON.parse(update.viewJson || "{}");
          if (!Array.isArray(next.players) && update.players.length) next.players = [...update.players];
          if (update.version > seen) {
            seen = update.version;
            this.record(update.events, update.version);
          }
          this.show(update.version, next, update.finished, messageOf(update.prompt));
        }
        if (this.finished.value) {
          this.status.value = { state: "over", key: "status-over" };
          return;
        }
      } catch (err) {
        if (signal.aborted) return;
        if (GIVE_UP.includes(codeOf(err))) {
          this.status.value = { state: "stopped", key: "status-stopped" };
          this.refusal.value = explain(err);
          return;
        }
        this.status.value = { state: "lost", key: "status-lost", args: { error: reasonOf(err), seconds: delay / 1000 } };
      }
      await sleep(delay, signal);
      delay = Math.min(delay * 2, 8000);
    }
  }
}
