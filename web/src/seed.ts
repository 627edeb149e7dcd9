// The player's share of a game's shuffle (docs/audit.md, "client seeds"): 32 random bytes sent
// to the deck as soon as the table is known, before the deck's seed window closes (2 s on a
// `make run` stack). Once per game and tab; what became of it is kept (a text key of
// src/i18n) to show on the table.
import { deck, explain } from "./api";
import { flag, setFlag } from "./session";

const NOTE = "foodgames.seed-note.";

export async function sendClientSeed(gameId: string, seat: number): Promise<void> {
  if (flag(`seed.${gameId}`)) return;
  setFlag(`seed.${gameId}`);
  let note: string;
  try {
    await deck.addClientSeed({ gameId, seat, seed: crypto.getRandomValues(new Uint8Array(32)) });
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
