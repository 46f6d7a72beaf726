import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import type { Configuration } from "oidc-provider";
import { handleInteraction } from "./interactions";
import { memoryAdapterFactory } from "./memory-adapter";
import { logoutPage, signedOutPage } from "./pages";
import { audienceOf, resourceIndicatorFor, rewriteTokenRequest } from "./resource";
import type { DevIdp, DevIdpOptions, DevUser } from "./types";

export type { DevClient, DevIdp, DevIdpOptions, DevUser, DevWebClient } from "./types";
export { demoClients, demoUsers, demoConsoleClient } from "./demo-clients";
export { fetchClientToken } from "./client-token";

const SIGNING_ALG = "RS256";

/**
 * A development OpenID provider (node-oidc-provider) on loopback: client-credentials clients receive
 * RS256 JWT access tokens carrying their configured claims, verifiable through ordinary discovery;
 * web clients (the console) sign users in on its login page with the authorization code flow and
 * PKCE, and sign them out again through RP-initiated logout.
 */
export async function startDevIdp(opts: DevIdpOptions): Promise<DevIdp> {
  const host = opts.host ?? "127.0.0.1";
  let handle: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end("starting");
  };
  const server = http.createServer((req, res) => handle(req, res));
  await listen(server, opts.port ?? 0, host);
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  try {
    // oidc-provider is ESM-only and prints a runtime notice on import; load it only when an IdP starts.
    const { default: Provider } = await import("oidc-provider");
    const provider = new Provider(issuer, await configuration(opts));
    const callback = provider.callback();
    // oidc-provider answers every refused code with the same "grant request is invalid"; the reason
    // (a redirect_uri or PKCE mismatch) is only in its event, and is what a developer needs to see.
    provider.on("grant.error", (_ctx: unknown, err: { error_detail?: string; message: string }) =>
      console.error("[dev idp] grant error:", err.message, err.error_detail ?? ""),
    );
    const users = new Map((opts.users ?? []).map((u) => [u.username, u]));
    handle = (req, res) => {
      const badRequest = (err: Error) => {
        res.statusCode = 400;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ error: "invalid_request", error_description: err.message }));
      };
      // handleInteraction answers its own errors; anything else goes to oidc-provider.
      void handleInteraction(provider, users, req, res).then((handled) => {
        if (!handled) rewriteTokenRequest(req, "/token").then(() => callback(req, res), badRequest);
      });
    };
  } catch (err) {
    await stop(server);
    throw err;
  }
  return { issuer, close: () => stop(server) };
}

async function configuration(opts: DevIdpOptions): Promise<Configuration> {
  const byId = new Map(opts.clients.map((c) => [c.clientId, c]));
  const users = new Map<string, DevUser>((opts.users ?? []).map((u) => [u.username, u]));
  // Every claim of the users except email and name travels with scope openid, so that an ID token
  // carries the tenant and roles whatever other scopes the client asks for.
  const userClaimKeys = [...new Set((opts.users ?? []).flatMap((u) => Object.keys(u.claims)))].filter((k) => k !== "email" && k !== "name");
  const webClientIds = new Set((opts.webClients ?? []).map((c) => c.clientId));
  const ttl = opts.tokenTtlSeconds ?? 3600;
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: `dev-${randomBytes(6).toString("hex")}`, alg: SIGNING_ALG, use: "sig" };

  return {
    adapter: memoryAdapterFactory(),
    // No `scope` in client metadata: oidc-provider 9 rejects it as invalid_client_metadata (DESIGN §8).
    clients: [
      ...opts.clients.map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: "client_secret_basic" as const, // client_secret_post is accepted too
      })),
      ...(opts.webClients ?? []).map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        client_name: "Sealpost console",
        grant_types: ["authorization_code"],
        response_types: ["code" as const],
        redirect_uris: c.redirectUris,
        post_logout_redirect_uris: c.postLogoutRedirectUris,
        token_endpoint_auth_method: "client_secret_basic" as const,
      })),
    ],
    findAccount: (_ctx, id) => {
      const user = users.get(id);
      if (!user) return undefined;
      return { accountId: id, claims: () => ({ ...user.claims, sub: id, email_verified: true }) };
    },
    claims: { openid: ["sub", ...userClaimKeys], email: ["email", "email_verified"], profile: ["name"] },
    // ID tokens of the code flow carry the scopes' claims (the console reads tenant and roles there).
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Every client must send PKCE, confidential ones too (OAuth 2.1).
    pkce: { required: () => true },
    ttl: {
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ttl,
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ttl,
      AuthorizationCode: 60,
      IdToken: ttl,
      Interaction: 15 * 60,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = logoutPage(form, ctx.oidc.client?.clientName);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.body = signedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        // Client-credentials tokens are for the API by default; a web client's sign-in asks for none.
        defaultResource: (ctx) =>
          ctx.oidc.client && webClientIds.has(ctx.oidc.client.clientId) ? undefined : resourceIndicatorFor(opts.audience),
        // Any audience is granted so that tests can obtain a token meant for another API.
        getResourceServerInfo: (_ctx, indicator) => ({
          audience: audienceOf(indicator),
          scope: "",
          accessTokenFormat: "jwt",
          accessTokenTTL: ttl,
          jwt: { sign: { alg: SIGNING_ALG } },
        }),
        useGrantedResource: () => true,
      },
    },
    // extra claims never overwrite iss, sub, aud, exp… (oidc-provider places them first).
    extraTokenClaims: (_ctx, token) => {
      const client = token.clientId ? byId.get(token.clientId) : undefined;
      if (client) return { ...client.claims };
      const user = "accountId" in token && typeof token.accountId === "string" ? users.get(token.accountId) : undefined;
      return user ? { ...user.claims } : undefined;
    },
  };
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(
        err.code === "EADDRINUSE"
          ? new Error(`Development IdP: port ${port} on ${host} is in use (set DEV_IDP_PORT to another port)`)
          : err,
      );
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

function stop(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // fetch keeps connections alive; without this, close() waits for their idle timeout.
    server.closeAllConnections();
  });
}
