// A real OpenID provider for the browser tests of the web app's sign-in (tests/web/
// test_oidc_signin.py starts it; never part of a deployment): panva's oidc-provider with its
// development login and consent pages (any login name, any password), one public client (the
// web app: authorization code with PKCE required), and JWT access tokens for one resource whose
// audience the gateway checks. Its signing key is new at every start and published at /jwks.
//
//   PORT=... CLIENT_ID=... REDIRECT_URI=... RESOURCE=... AUDIENCE=... node scripts/oidc-provider.mjs
import { generateKeyPairSync, randomBytes } from "node:crypto";
import Provider from "oidc-provider";

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const port = Number(env("PORT"));
const resource = env("RESOURCE");
const audience = env("AUDIENCE");
const issuer = `http://127.0.0.1:${port}`;
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const key = { ...privateKey.export({ format: "jwk" }), kid: randomBytes(6).toString("hex"), alg: "RS256", use: "sig" };

const provider = new Provider(issuer, {
  clients: [{
    client_id: env("CLIENT_ID"),
    token_endpoint_auth_method: "none",
    redirect_uris: [env("REDIRECT_URI")],
    grant_types: ["authorization_code"],
    response_types: ["code"],
  }],
  jwks: { keys: [key] },
  cookies: { keys: [randomBytes(16).toString("hex")] },
  pkce: { required: () => true },
  // the web app calls the discovery and token endpoints from the gateway's origin
  clientBasedCORS: () => true,
  findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id }) }),
  features: {
    devInteractions: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, asked) => {
        if (asked !== resource) throw new Error(`unknown resource ${asked}`);
        return { scope: "openid", audience, accessTokenFormat: "jwt", jwt: { sign: { alg: "RS256" } } };
      },
    },
  },
});
provider.proxy = false;
provider.listen(port, "127.0.0.1", () => console.log(`listening ${issuer}`));
