import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoClients, fetchClientToken, startDevIdp, type DevClient, type DevIdp } from "@/lib/devidp/provider";

const AUDIENCE = "sealpost-unit";
const dora: DevClient = {
  clientId: "acme-dora",
  clientSecret: "dora-secret",
  claims: { tid: "acme", email: "dora@acme.test", roles: ["admin"], dept: "ops" },
};

let idp: DevIdp;
let discovery: { issuer: string; token_endpoint: string; jwks_uri: string };

beforeAll(async () => {
  idp = await startDevIdp({ audience: AUDIENCE, clients: [dora, ...demoClients("demo")] });
  discovery = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json();
});
afterAll(() => idp?.close());

const verify = (token: string, audience = AUDIENCE) =>
  jwtVerify(token, createRemoteJWKSet(new URL(discovery.jwks_uri)), { issuer: idp.issuer, audience, algorithms: ["RS256"] });

describe("development IdP", () => {
  it("serves discovery for a loopback issuer", () => {
    expect(idp.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(discovery.issuer).toBe(idp.issuer);
    expect(discovery.token_endpoint).toBe(`${idp.issuer}/token`);
  });

  it("issues a one-hour RS256 access token carrying the client's claims, verifiable through its JWKS", async () => {
    const token = await fetchClientToken(idp.issuer, dora.clientId, dora.clientSecret);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: "RS256", typ: "at+jwt", kid: expect.any(String) });
    const { payload } = await verify(token);
    expect(payload).toMatchObject({ sub: "acme-dora", aud: AUDIENCE, tid: "acme", email: "dora@acme.test", roles: ["admin"], dept: "ops" });
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it("issues a token for another audience when asked with a resource parameter (client_secret_post, plain name)", async () => {
    const res = await fetch(discovery.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: dora.clientId,
        client_secret: dora.clientSecret,
        resource: "billing-api",
      }),
    });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    await expect(verify(access_token, "billing-api")).resolves.toBeTruthy();
    await expect(verify(access_token)).rejects.toThrow(/aud/);
  });

  it("refuses a wrong client secret", async () => {
    await expect(fetchClientToken(idp.issuer, dora.clientId, "not-the-secret")).rejects.toThrow(/401 invalid_client/);
  });

  it("gives each demo user a working client for the demo tenant", async () => {
    const clients = demoClients("demo");
    expect(clients.map((c) => c.claims.email)).toEqual([
      "submitter@demo.sealpost.local",
      "approver@demo.sealpost.local",
      "admin@demo.sealpost.local",
    ]);
    for (const c of clients) {
      const { payload } = await verify(await fetchClientToken(idp.issuer, c.clientId, c.clientSecret));
      expect(payload).toMatchObject({ tid: "demo", email: c.claims.email, roles: c.claims.email.startsWith("admin") ? ["admin"] : [] });
    }
  });

  it("reports a port already in use, and frees its port on close", async () => {
    const port = Number(new URL(idp.issuer).port);
    await expect(startDevIdp({ port, audience: AUDIENCE, clients: [] })).rejects.toThrow(/in use/);
    const extra = await startDevIdp({ audience: AUDIENCE, clients: [] });
    await extra.close();
    await expect(fetch(`${extra.issuer}/.well-known/openid-configuration`)).rejects.toThrow();
  });
});
