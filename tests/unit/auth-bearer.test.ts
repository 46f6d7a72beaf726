import { exportSPKI, generateKeyPair, importJWK, SignJWT, UnsecuredJWT, type JWK } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authenticateBearer } from "@/lib/auth/bearer";
import { forgetIssuerKeys } from "@/lib/auth/issuer-keys";
import { closeDb } from "@/lib/db/client";
import { startDevIdp, type DevClient, type DevIdp } from "@/lib/devidp/provider";
import { resetEnvCache } from "@/lib/env";
import { addTenant } from "@/lib/tenants";
import { createTempDataDir } from "../support/test-db";
import { tokenFor } from "../support/tokens";

const AUDIENCE = "sealpost-unit";
const alice: DevClient = {
  clientId: "acme-alice",
  clientSecret: "alice-secret",
  claims: { tid: "acme", email: "Alice@Acme.TEST", roles: ["admin", "auditor"] },
};
const stranger: DevClient = {
  clientId: "nowhere-bob",
  clientSecret: "bob-secret",
  claims: { tid: "nowhere", email: "bob@nowhere.test", roles: [] },
};

let idp: DevIdp;
let data: ReturnType<typeof createTempDataDir>;

const request = (authorization?: string) =>
  new Request("http://localhost/api/dispatch/batch", { headers: authorization ? { authorization } : {} });
const withToken = (token: string) => authenticateBearer(request(`Bearer ${token}`));

beforeAll(async () => {
  data = createTempDataDir();
  idp = await startDevIdp({ audience: AUDIENCE, clients: [alice, stranger] });
  Object.assign(process.env, { DATA_DIR: data.dir, AUTH_ISSUER: idp.issuer, AUTH_AUDIENCE: AUDIENCE });
  delete process.env.DATABASE_URL;
  resetEnvCache();
  forgetIssuerKeys();
  await addTenant({ id: "acme", name: "Acme", tier: "premium", features: ["batchDispatch"], approvers: ["boss@acme.test"] });
});

afterAll(async () => {
  await closeDb();
  await idp?.close();
  data?.remove();
  resetEnvCache();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Claims that would pass every check: only the signature or header decides. */
function validClaims() {
  return { tid: "acme", email: "alice@acme.test", roles: [] as string[] };
}

describe("authenticateBearer with tokens from the dev IdP", () => {
  it("resolves a valid token to its tenant, lowercased email, roles and subject", async () => {
    const p = await withToken(await tokenFor(idp.issuer, alice));
    expect(p.tenant).toMatchObject({ id: "acme", tier: "premium", features: ["batchDispatch"], approvers: ["boss@acme.test"] });
    expect(p.email).toBe("alice@acme.test");
    expect(p.roles).toEqual(["admin", "auditor"]);
    expect(p.subject).toBe("acme-alice");
    expect(p.claims.iss).toBe(idp.issuer);
  });

  it("asks for a token when the header is missing or not a bearer token", async () => {
    for (const header of [undefined, "Basic YWxpY2U6c2VjcmV0", "Bearer", "Bearer two words"]) {
      await expect(authenticateBearer(request(header))).rejects.toMatchObject({ code: "auth.token_missing", status: 401 });
    }
  });

  it("rejects a token that is not a JWT", async () => {
    await expect(withToken("not-a-jwt")).rejects.toMatchObject({ code: "auth.token_invalid", status: 401 });
    await expect(withToken("aaa.bbb.ccc")).rejects.toMatchObject({ code: "auth.token_invalid" });
  });

  it("rejects a token issued for another audience", async () => {
    const token = await tokenFor(idp.issuer, alice, "some-other-api");
    await expect(withToken(token)).rejects.toMatchObject({ code: "auth.token_invalid", message: expect.stringContaining("aud") });
  });

  it("allows 30 s of clock skew, then reports the token as expired", async () => {
    const token = await tokenFor(idp.issuer, alice);
    const exp = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).exp as number;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime((exp + 10) * 1000);
    await expect(withToken(token)).resolves.toMatchObject({ subject: "acme-alice" });
    vi.setSystemTime((exp + 45) * 1000);
    await expect(withToken(token)).rejects.toMatchObject({ code: "auth.token_expired", status: 401 });
  });

  it("refuses a tenant that is not registered, with 403", async () => {
    await expect(withToken(await tokenFor(idp.issuer, stranger))).rejects.toMatchObject({
      code: "auth.tenant_unknown",
      status: 403,
      message: expect.stringContaining("nowhere"),
    });
  });
});

describe("authenticateBearer against forged tokens", () => {
  const forge = (alg: string, header: Record<string, unknown> = {}) =>
    new SignJWT(validClaims())
      .setProtectedHeader({ alg, ...header })
      .setIssuer(idp.issuer)
      .setAudience(AUDIENCE)
      .setSubject("acme-alice")
      .setIssuedAt()
      .setExpirationTime("10m");

  it("rejects an unsigned (alg none) token", async () => {
    const token = new UnsecuredJWT(validClaims())
      .setIssuer(idp.issuer)
      .setAudience(AUDIENCE)
      .setSubject("x")
      .setExpirationTime("10m")
      .encode();
    await expect(withToken(token)).rejects.toMatchObject({ code: "auth.token_invalid" });
  });

  it.each([
    ["without a kid", {}],
    ["with an unknown kid", { kid: "dev-not-a-key-of-this-issuer" }],
  ])("rejects a token signed by a key the issuer does not publish (%s)", async (_what, header) => {
    const { privateKey } = await generateKeyPair("RS256");
    await expect(withToken(await forge("RS256", header).sign(privateKey))).rejects.toMatchObject({ code: "auth.token_invalid" });
  });

  it("rejects an HS256 token keyed with the issuer's own public key (algorithm confusion)", async () => {
    const jwks = (await (await fetch(`${idp.issuer}/jwks`)).json()) as { keys: JWK[] };
    const published = jwks.keys[0];
    const pem = await exportSPKI((await importJWK(published, "RS256", { extractable: true })) as CryptoKey);
    const token = await forge("HS256", { kid: published.kid }).sign(new TextEncoder().encode(pem));
    await expect(withToken(token)).rejects.toMatchObject({ code: "auth.token_invalid", message: expect.stringContaining("alg") });
  });
});
