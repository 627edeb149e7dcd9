// The shared pages read as a player reads them (docs/web/*.png, a review of 2026-12): the
// leaderboard's counts in words, the play page's labels capitalised as its others, a casual game
// called one word on every page, what a guest at a friends' table waits for.
import { describe, expect, it } from "vitest";
import { type Args, type Lang, say } from "../testing/ftl";

const text = (lang: Lang, id: string, args: Args = {}) => say(__dirname, lang, id, args);

describe("the leaderboard", () => {
  it("given one game and no win, when it says my standing, then it says no wins in words", () => {
    const mine = { rank: 1, total: 1 };
    expect(text("en", "lb-mine-rest", { ...mine, games: 1, wins: 0 })).toBe("after one game, no wins; rank 1 of 1");
    expect(text("en", "lb-mine-rest", { ...mine, games: 3, wins: 1 })).toBe("after 3 games, one win; rank 1 of 1");
    expect(text("en", "lb-mine-rest", { ...mine, games: 5, wins: 2 })).toBe("after 5 games, 2 wins; rank 1 of 1");
    expect(text("de", "lb-mine-rest", { ...mine, games: 1, wins: 0 })).toBe("nach einem Spiel, kein Sieg; Rang 1 von 1");
    expect(text("de", "lb-mine-rest", { ...mine, games: 3, wins: 1 })).toBe("nach 3 Spielen, ein Sieg; Rang 1 von 1");
    expect(text("de", "lb-mine-rest", { ...mine, games: 5, wins: 2 })).toBe("nach 5 Spielen, 2 Siege; Rang 1 von 1");
  });

  it("given a ranked game against house bots, when I am rank 1 of 1, then the page says why the bots are missing", () => {
    // services/leaderboard/writes.py: a house bot is rated but on no board
    expect(text("en", "lb-bots-unlisted")).toBe("House bots are rated but not listed.");
    expect(text("de", "lb-bots-unlisted")).toBe("Hausbots werden gewertet, stehen aber auf keiner Liste.");
  });

  it("links the tournaments by a plain title", () => {
    expect(text("en", "lb-tournaments")).toBe("Running and finished tournaments");
    expect(text("de", "lb-tournaments")).toBe("Laufende und beendete Turniere");
  });
});

describe("a casual game", () => {
  it("given an unranked game's end, then German calls it ungewertet as the lobby and the friends' pages do", () => {
    expect(text("de", "lobby-casual")).toBe("ungewertet");
    expect(text("de", "end-casual")).toBe("Ein ungewertetes Spiel: Die Wertungszahlen ändern sich nicht.");
    expect(text("de", "queue-searching-casual", { game: "Food Fight", size: 2 })).toBe("Suche einen ungewerteten Tisch Food Fight für 2 Spieler…");
  });
});

describe("the play, queue and sign-in pages", () => {
  it("capitalise the ranked box as the other labels (the host's page's boxes too), and head the options plainly", () => {
    for (const lang of ["en", "de"] as const) {
      for (const id of ["play-ranked", "host-ranked", "host-public"]) {
        const label = text(lang, id);
        expect(label.charAt(0)).toBe(label.charAt(0).toUpperCase());
      }
    }
    expect(text("en", "play-options")).toBe("Game options");
    expect(text("de", "play-options")).toBe("Spieloptionen");
  });

  it("say the time in the queue as a label", () => {
    expect(text("en", "queue-waited", { time: "0:05" })).toBe("Waiting: 0:05");
    expect(text("de", "queue-waited", { time: "0:05" })).toBe("Wartezeit: 0:05");
    expect(text("en", "queue-hint-dev")).toContain("On this developer server, house bots take the empty seats");
  });

  it("call the server a developer server", () => {
    expect(text("en", "signin-intro")).toContain("This is a developer server without accounts:");
    expect(text("de", "signin-intro")).toContain("Dies ist ein Entwicklerserver ohne Konten:");
  });
});

describe("a guest at a friends' table", () => {
  it("given a free seat left, when the guest has joined, then it is told the host starts the game", () => {
    expect(text("en", "join-waiting", { host: "ann", free: 1 })).toBe("Waiting for ann to start the game.");
    expect(text("de", "join-waiting", { host: "ann", free: 1 })).toBe("Warte, bis ann das Spiel startet.");
  });

  it("given the last seat taken, then the game is starting (docs/friends.md: a full table starts at once)", () => {
    expect(text("en", "join-waiting", { host: "ann", free: 0 })).toBe("Every seat is taken: the game is starting…");
    expect(text("de", "join-waiting", { host: "ann", free: 0 })).toBe("Alle Plätze sind besetzt: Das Spiel beginnt…");
  });
});
