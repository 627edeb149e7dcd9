// The single-page app: hash routes (#/play, #/table/<game>/<id>, ...) so that any address
// the gateway serves loads index.html and a reload stays on the same page. Preact draws it;
// the route and the session are signals (src/store.ts).
import "./style.css";
import { render, type ComponentType } from "preact";
import { useEffect } from "preact/hooks";
import { Header } from "./header";
import { language } from "./i18n";
import { AuditPage } from "./pages/audit";
import { HostPage, JoinPage } from "./pages/join";
import { LobbyPage } from "./pages/lobby";
import { PlayerPage } from "./pages/player";
import { LeaderboardPage } from "./pages/leaderboard";
import { OperatorsPage } from "./pages/operators";
import { PlayPage } from "./pages/play";
import { QueuePage } from "./pages/queue";
import { SignInPage } from "./pages/signin";
import { TablePage } from "./pages/table";
import { TournamentPage } from "./pages/tournament";
import { setNext } from "./session";
import { go, route, session } from "./store";
import type { PageProps } from "./pages/props";

const routes: [RegExp, ComponentType<PageProps>, boolean][] = [
  // [route, page, needs a signed-in player]
  [/^#\/signin$/, SignInPage, false],
  [/^#\/play$/, PlayPage, true],
  [/^#\/queue\/([^/]+)$/, QueuePage, true],
  [/^#\/table\/([^/]+)\/([^/]+)$/, TablePage, true],
  [/^#\/leaderboard(?:\/([^/]+))?$/, LeaderboardPage, true],
  [/^#\/audit(?:\/([^/]+))?$/, AuditPage, false],
  [/^#\/tournament(?:\/([^/]+))?$/, TournamentPage, true],
  // issue 32 (docs/friends.md): private tables, the lobby, a player's page
  [/^#\/host$/, HostPage, true],
  [/^#\/join\/([^/]+)$/, JoinPage, true],
  [/^#\/lobby(?:\/([^/]+))?$/, LobbyPage, true],
  [/^#\/player(?:\/([^/]+))?$/, PlayerPage, true],
  // issue 28 (docs/operations.md): the stack's figures, with an operator's token of its own
  [/^#\/operators$/, OperatorsPage, false],
];

function Redirect({ to }: { to: string }) {
  useEffect(() => go(to), [to]);
  return null;
}

function App() {
  const hash = route.value;
  const me = session.value;
  // every text follows a switch of language; a page that streams opens its streams again in it
  const lang = language.value;
  useEffect(() => window.scrollTo(0, 0), [hash]);
  for (const [pattern, Page, needsSession] of routes) {
    const match = pattern.exec(hash);
    if (!match) continue;
    if (needsSession && !me) {
      setNext(hash);
      return <Redirect to="#/signin" />;
    }
    const params = match.slice(1).map((p) => (p === undefined ? "" : decodeURIComponent(p)));
    // a page of its own for every address: leaving it ends its streams
    return <Page key={`${hash}|${lang}`} params={params} />;
  }
  return <Redirect to={me ? "#/play" : "#/signin"} />;
}

document.documentElement.lang = language.value;
render(<Header />, document.getElementById("bar")!);
const app = document.getElementById("app")!;
app.replaceChildren(); // the "Loading…" of index.html
render(<App />, app);
