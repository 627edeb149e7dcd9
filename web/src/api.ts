// The gateway's public API, on this page's own origin, through clients generated from proto/
// (src/gen, `make proto`). Every call carries the signed-in player's token.
import { Code, ConnectError, createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { DeckService } from "./gen/foodgames/v1/deck_pb";
import { MessageSchema } from "./gen/foodgames/v1/event_pb";
import { GameService } from "./gen/foodgames/v1/game_pb";
import { LeaderboardService } from "./gen/foodgames/v1/leaderboard_pb";
import { MatchmakingService } from "./gen/foodgames/v1/matchmaking_pb";
import { TournamentService } from "./gen/foodgames/v1/tournament_pb";
import { language } from "./i18n";
import { current } from "./session";

const origin = window.location.origin;

const withToken: Interceptor = (next) => async (request) => {
  const session = current();
  if (session) request.header.set("Authorization", `Bearer ${session.token}`);
  // the server's messages (events, prompts, refusals, labels) in the chosen language
  request.header.set("Accept-Language", language.value);
  return await next(request);
};

function transport(baseUrl: string) {
  return createConnectTransport({ baseUrl, interceptors: [withToken] });
}

export const matchmaking = createClient(MatchmakingService, transport(origin));
export const leaderboard = createClient(LeaderboardService, transport(origin));
export const deck = createClient(DeckService, transport(origin));
export const tournaments = createClient(TournamentService, transport(origin));

const games = new Map<string, Client<typeof GameService>>();

/** The GameService of one game: its rules engine, named in the path (/games/<game>). */
export function gameService(game: string): Client<typeof GameService> {
  let client = games.get(game);
  if (!client) {
    client = createClient(GameService, transport(`${origin}/games/${encodeURIComponent(game)}`));
    games.set(game, client);
  }
  return client;
}

/** A Connect code as the API documents it: "failed_precondition". */
export function codeName(code: Code): string {
  return (Code[code] ?? "unknown").replace(/(?<!^)([A-Z])/g, "_$1").toLowerCase();
}

/** An error in the server's words, "you must follow bug" (its code, failed_precondition, goes
 * to the browser's console for a report: to a player it is a field name); the code alone only
 * when the server said nothing. */
export function explain(error: unknown): string {
  const err = ConnectError.from(error);
  if (!err.rawMessage) return codeName(err.code);
  console.info(`the server answered ${codeName(err.code)}: ${err.rawMessage}`);
  return err.rawMessage;
}

/** What the server said, without the code: the rule a refused move broke, in words. */
export function reasonOf(error: unknown): string {
  return ConnectError.from(error).rawMessage;
}

/** Which refusal it was, as the server names it beside its words (docs/errors.md, "Which
 * refusal it was"): its key, "refused-live-ticket", and its values; undefined when it named none. */
export function refusalOf(error: unknown): { key: string; args: Record<string, unknown> } | undefined {
  const [said] = ConnectError.from(error).findDetails(MessageSchema);
  if (!said) return undefined;
  let args: Record<string, unknown> = {};
  try {
    args = said.argsJson ? JSON.parse(said.argsJson) : {};
  } catch {
    // a detail whose values do not read still names its key
  }
  return { key: said.key, args };
}

export function codeOf(error: unknown): Code {
  return ConnectError.from(error).code;
}

export { Code };

export interface GameInfo {
  name: string;
  title: string;
  min_players: number;
  max_players: number;
  cooperative: boolean;
}

async function jsonOf(reply: Response): Promise<any> {
  const text = await reply.text();
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
}

/** The games this gateway serves (GET /api/games). */
export async function listGames(): Promise<GameInfo[]> {
  const reply = await fetch("/api/games");
  if (!reply.ok) throw new Error(`the gateway did not list its games (HTTP ${reply.status})`);
  return (await reply.json()) as GameInfo[];
}

/** The dev sign-in of a `make run` stack: a player token for a name. */
export async function devSignIn(name: string): Promise<{ player: string; token: string }> {
  const reply = await fetch("/auth/dev-sign-in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  const body = await jsonOf(reply);
  if (!reply.ok) throw new Error(`${body.code ?? `HTTP ${reply.status}`}: ${body.message ?? "sign-in failed"}`);
  return body as { player: string; token: string };
}
