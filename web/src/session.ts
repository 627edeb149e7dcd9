// What the tab remembers across reloads (sessionStorage: one seat per tab, gone with the tab):
// the signed-in player and token, the seat of each game it plays, the live ticket.
export interface Session {
  player: string;
  token: string;
}

export interface Seat {
  game: string;
  gameId: string;
  seat: number;
  ranked: boolean;
}

const SESSION = "foodgames.session";
const SEATS = "foodgames.seats";
const NEXT = "foodgames.next";

function read<T>(key: string, fallback: T): T {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? fallback : (JSON.parse(text) as T);
  } catch {
    return fallback;
  }
}

export function current(): Session | null {
  return read<Session | null>(SESSION, null);
}

export function signIn(session: Session): void {
  sessionStorage.setItem(SESSION, JSON.stringify(session));
}

export function signOut(): void {
  sessionStorage.clear();
}

export function seats(): Record<string, Seat> {
  return read<Record<string, Seat>>(SEATS, {});
}

export function seatOf(gameId: string): Seat | undefined {
  return seats()[gameId];
}

export function rememberSeat(seat: Seat): void {
  sessionStorage.setItem(SEATS, JSON.stringify({ ...seats(), [seat.gameId]: seat }));
}

export function flag(key: string): boolean {
  return sessionStorage.getItem(`foodgames.flag.${key}`) !== null;
}

export function setFlag(key: string): void {
  sessionStorage.setItem(`foodgames.flag.${key}`, "1");
}

/** Where to go after signing in (the page that asked for it). */
export function setNext(hash: string): void {
  sessionStorage.setItem(NEXT, hash);
}

export function takeNext(): string | null {
  const next = sessionStorage.getItem(NEXT);
  sessionStorage.removeItem(NEXT);
  return next;
}
