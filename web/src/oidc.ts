// Sign-in from an identity provider (docs/friends.md): OpenID Connect, authorization code with
// PKCE, by oidc-client-ts. The gateway says how this page signs in (GET /api/sign-in: the
// provider, the app's client id there, the scopes and the resource of the API's tokens); the
// provider's access token is the session's token, which the gateway verifies with the
// provider's key set (JWKS). The dev form is there only on a `make run` stack.
import type { UserManager } from "oidc-client-ts";
import type { Session } from "./session";

export interface OidcOptions {
  authority: string;
  client_id: string;
  scope: string;
  resource: string;
  player_claim: string;
}

export interface SignInOptions {
  dev: boolean;
  oidc: OidcOptions | null;
}

export async function signInOptions(): Promise<SignInOptions> {
  const reply = await fetch("/api/sign-in");
  if (!reply.ok) throw new Error(`the gateway did not say how to sign in (HTTP ${reply.status})`);
  return (await reply.json()) as SignInOptions;
}

// the provider sends the browser back to the app's root: its answer (code, state) is the query
// string, read by the sign-in page the app then opens (a fragment cannot be a redirect URI)
function redirectUri(): string {
  return `${window.location.origin}/`;
}

// loaded with the sign-in, not with every page (most visits are signed in already)
async function manager(options: OidcOptions): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import("oidc-client-ts");
  const resource = options.resource ? { resource: options.resource } : undefined;
  return new UserManager({
    authority: options.authority,
    client_id: options.client_id,
    redirect_uri: redirectUri(),
    response_type: "code",
    scope: options.scope,
    // the API's audience: a provider issues a JWT access token for a named resource (RFC 8707)
    extraQueryParams: resource,
    extraTokenParams: resource,
    // one sign-in per tab, as the dev session is (src/session.ts)
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    loadUserInfo: false,
    automaticSilentRenew: false,
  });
}

/** Off to the provider's login page. */
export async function startSignIn(options: OidcOptions): Promise<void> {
  await (await manager(options)).signinRedirect();
}

/** Whether this address is the provider's answer to a sign-in. */
export function isCallback(): boolean {
  const query = new URLSearchParams(window.location.search);
  return query.has("state") && (query.has("code") || query.has("error"));
}

/** The provider's answer turned into a session (the code exchanged, with its PKCE verifier). */
export async function finishSignIn(options: OidcOptions): Promise<Session> {
  try {
    const user = await (await manager(options)).signinCallback();
    if (!user) throw new Error("the identity provider sent no sign-in");
    const player = user.profile[options.player_claim] ?? user.profile.sub;
    if (typeof player !== "string" || !player) throw new Error(`the identity provider's token names no ${options.player_claim}`);
    return { player, token: user.access_token };
  } finally {
    // the code is used once: the address without it (a reload does not send it again)
    window.history.replaceState(null, "", window.location.pathname + window.location.hash);
  }
}
