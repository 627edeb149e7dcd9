// The player's share of a game's shuffle (docs/audit.md, "client seeds"): 32 random bytes sent
// to the deck as soon as the table is known, before the deck's seed window closes (2 s on a
// `make run` stack). Once per game and tab; what became of it is kept (a text key of
// src/i18n) to show on the table.
import { Code, deck, codeOf, explain } from "./api";
import { flag, setFlag } from "./session";

const NOTE = "foodgames.seed-note.";

// Failures that may pass: the call is sent again, with the same seed (the deck answers a repeat
// of a seed it took as success). CANCELLED among them: a server overrun by a burst of calls
// drops some before they reach the deck, and a seed lost so would hold the table's first deal
// for the deck's whole seed window.
const RETRYABLE = [Code.Unavailable, Code.DeadlineExceeded, Code.ResourceExhausted, Code.Canceled];
// How long a seed is tried: no longer than the deck's seed window (30 s unless set); a later
// seed is refused anyway (failed_precondition, not tried again).
const RETRY_FOR_MS = 30_000;

/** `call()` until it succeeds, fails in a way that will not pass, or `forMs` is over:
 * jittered exponential pauses from 100 ms up to 5 s. */
export async function withRetries<T>(call: () => Promise<T>, forMs = RETRY_FOR_MS,
                                     sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  const started = Date.now();
  for (let tries = 0; ; tries++) {
    try {
      return await call();
    } catch (err) {
      const left = forMs - (Date.now() - started);
      if (!RETRYABLE.includes(codeOf(err)) || left <= 0) throw err;
      const ceiling = Math.min(5_000, 100 * 2 ** tries);
      await sleep(Math.min(left, ceiling / 2 + Math.random() * ceiling / 2));
    }
  }
}

export async function sendClientSeed(gameId: string, seat: number): Promise<void> {
  if (flag(`seed.${gameId}`)) return;
  setFlag(`seed.${gameId}`);
  const seed = crypto.getRandomValues(new Uint8Array(32)); // one seed, whatever the tries
  let note: string;
  try {
    await withRetries(() => deck.addClientSeed({ gameId, seat, seed }));
    note = "seed-taken";
  } catch (err) {
    note = "seed-refused";
    console.warn("the deck did not take the client seed", explain(err));
  }
  sessionStorage.setItem(NOTE + gameId, note);
}

export function seedNote(gameId: string): string | null {
  return sessionStorage.getItem(NOTE + gameId);
}
