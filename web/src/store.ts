// The app's state that every page reads: the address (hash route) and the signed-in player.
// A table's own state (fed by its WatchGame stream) is src/table/store.ts.
import { signal } from "@preact/signals";
import { current, signIn as keep, signOut as forget, type Session } from "./session";

export const route = signal<string>(location.hash || "");
export const session = signal<Session | null>(current());

window.addEventListener("hashchange", () => {
  route.value = location.hash || "";
});

export function go(hash: string): void {
  if (location.hash === hash) route.value = hash;
  else location.hash = hash;
}

export function signIn(next: Session): void {
  keep(next);
  session.value = next;
}

export function signOut(): void {
  forget();
  session.value = null;
}
