import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import type { Configuration } from "oidc-provider";
import { nullAdapter } from "./null-adapter";
import { audienceOf, resourceIndicatorFor, rewriteTokenRequest } from "./resource";
import type { DevIdp, DevIdpOptions } from "./types";

export type { DevClient, DevIdp, DevIdpOptions } from "./types";
export { demoClients } from "./demo-clients";
export { fetchClientToken } from "./client-token";

const SIGNING_ALG = "RS256";

/**
 * A development OpenID provider (node-oidc-provider) on loopback: client-credentials clients receive
 * RS256 JWT access tokens carrying their configured claims, verifiable through ordinary discovery.
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
    handle = (req, res) => {
      rewriteTokenRequest(req, "/token").then(
        () => callback(req, res),
        (err: Error) => {
          res.statusCode = 400;
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify({ error: "invalid_request", error_description: err.message }));
        },
      );
    };
  } catch (err) {
    await stop(server);
    throw err;
  }
  return { issuer, close: () => stop(server) };
}

async function configuration(opts: DevIdpOptions): Promise<Configuration> {
  const byId = new Map(opts.clients.map((c) => [c.clientId, c]));
  const ttl = opts.tokenTtlSeconds ?? 3600;
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: `dev-${randomBytes(6).toString("hex")}`, alg: SIGNING_ALG, use: "sig" };

  return {
    adapter: () => nullAdapter,
    // No `scope` in client metadata: oidc-provider 9 rejects it as invalid_client_metadata (DESIGN §8).
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      grant_types: ["client_credentials"],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: "client_secret_basic", // client_secret_post is accepted too
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resourceIndicatorFor(opts.audience),
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
    ttl: { ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ttl },
    // extra claims never overwrite iss, sub, aud, exp… (oidc-provider places them first).
    extraTokenClaims: (_ctx, token) => {
      const client = token.clientId ? byId.get(token.clientId) : undefined;
      return client ? { ...client.claims } : undefined;
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
