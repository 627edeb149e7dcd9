// The single-page app: hash routes (#/play, #/table/<game>/<id>, ...) so that any address
// the gateway serves loads index.html and a reload stays on the same page.
import "./style.css";
import { fill, h } from "./dom";
import { auditPage } from "./pages/audit";
import { leaderboardPage } from "./pages/leaderboard";
import { playPage } from "./pages/play";
import { queuePage } from "./pages/queue";
import { signInPage } from "./pages/signin";
import { tablePage } from "./pages/table";
import { tournamentPage } from "./pages/tournament";
import { current, setNext, signOut } from "./session";

/** A page draws into `root`; the function it returns is called when the user leaves it. */
export type Page = (root: HTMLElement, params: string[]) => (() => void) | void;

const routes: [RegExp, Page, boolean][] = [
  // [route, page, needs a signed-in player]
  [/^#\/signin$/, signInPage, false],
  [/^#\/play$/, playPage, true],
  [/^#\/queue\/([^/]+)$/, queuePage, true],
  [/^#\/table\/([^/]+)\/([^/]+)$/, tablePage, true],
  [/^#\/leaderboard(?:\/([^/]+))?$/, leaderboardPage, true],
  [/^#\/audit(?:\/([^/]+))?$/, auditPage, false],
  [/^#\/tournament(?:\/([^/]+))?$/, tournamentPage, true],
];

let leave: (() => void) | void;

function header(): void {
  const top = document.getElementById("bar")!;
  const me = current();
  fill(
    top,
    h("a", { class: "brand", href: me ? "#/play" : "#/signin" }, "foodgames"),
    h(
      "nav",
      {},
      me && h("a", { href: "#/play" }, "Play"),
      me && h("a", { href: "#/leaderboard" }, "Leaderboard"),
      me && h("a", { href: "#/tournament" }, "Tournaments"),
      h("a", { href: "#/audit" }, "Audit"),
      me &&
        h("span", { class: "me", id: "me" }, me.player, " ",
          h("button", { class: "link", id: "sign-out", onclick: () => { signOut(); location.hash = "#/signin"; } }, "sign out")),
    ),
  );
}

function route(): void {
  if (leave) leave();
  leave = undefined;
  const root = document.getElementById("app")!;
  const hash = location.hash || "";
  header();
  for (const [pattern, page, needsSession] of routes) {
    const match = pattern.exec(hash);
    if (!match) continue;
    if (needsSession && !current()) {
      setNext(hash);
      location.hash = "#/signin";
      return;
    }
    root.replaceChildren();
    window.scrollTo(0, 0);
    leave = page(root, match.slice(1).map((p) => (p === undefined ? "" : decodeURIComponent(p))));
    return;
  }
  location.hash = current() ? "#/play" : "#/signin";
}

window.addEventListener("hashchange", route);
route();
