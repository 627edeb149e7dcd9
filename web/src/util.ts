// Small helpers the pages share.
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** "1:05" for 65 seconds. */
export function minutes(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A long player name shortened readably: "bot-foodie-forest-3f9a2c" -> "bot-foodie…3f9a2c". */
export function shortName(name: string, most = 16): string {
  if (name.length <= most) return name;
  const tail = Math.min(6, Math.floor(most / 3));
  return `${name.slice(0, most - tail - 1)}…${name.slice(-tail)}`;
}

export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether the screen is wider than a phone's (style.css's 640px): folds start open there. */
export function wideScreen(): boolean {
  return typeof matchMedia !== "function" || !matchMedia("(max-width: 640px)").matches;
}
