import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authenticateBearer } from "@/lib/auth/bearer";
import { forgetIssuerKeys } from "@/lib/auth/issuer-keys";
import { closeDb } from "@/lib/db/client";
import { startDevIdp, type DevClient, type DevIdp } from "@/lib/devidp/provider";
import { resetEnvCache } from "@/lib/env";
import { addTenant } from "@/lib/tenants";
import { freePort } from "../support/free-port";
import { createTempDataDir } from "../support/test-db";
import { tokenFor } from "../support/tokens";

// Issuer configuration: discovery, the configured issuer and algorithm list, and claim names.
const AUDIENCE = "sealpost-unit";
// roles as one space-separated string, as some issuers send them (DevClient types roles as an array).
const carol: DevClient = {
  clientId: "acme-carol",
  clientSecret: "carol-secret",
  claims: { tid: "acme", org: "globex", email: "carol@acme.test", roles: "reader writer" as unknown as string[] },
};

let idp: DevIdp;
let data: ReturnType<typeof createTempDataDir>;
const started: DevIdp[] = [];

const withToken = (token: string) =>
  authenticateBearer(new Request("http://localhost/api/x", { headers: { authorization: `Bearer ${token}` } }));

function configure(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

beforeAll(async () => {
  data = createTempDataDir();
  idp = await startDevIdp({ audience: AUDIENCE, clients: [carol] });
  configure({ DATA_DIR: data.dir, DATABASE_URL: undefined, AUTH_AUDIENCE: AUDIENCE });
  await addTenant({ id: "acme", name: "Acme", tier: "standard" });
  await addTenant({ id: "globex", name: "Globex", tier: "enterprise" });
});

beforeEach(() => {
  configure({ AUTH_ISSUER: idp.issuer, AUTH_TENANT_CLAIM: undefined, AUTH_ROLES_CLAIM: undefined, AUTH_ALGORITHMS: undefined });
  forgetIssuerKeys();
});

afterAll(async () => {
  await closeDb();
  for (const i of [idp, ...started]) await i?.close();
  data?.remove();
  configure({ AUTH_ISSUER: undefined, AUTH_TENANT_CLAIM: undefined, AUTH_ROLES_CLAIM: undefined, AUTH_ALGORITHMS: undefined });
});

describe("issuer configuration", () => {
  it("answers 503 when AUTH_ISSUER is not configured", async () => {
    configure({ AUTH_ISSUER: undefined });
    await expect(withToken("x.y.z")).rejects.toMatchObject({ code: "unavailable", status: 503, message: "AUTH_ISSUER is not configured" });
  });

  it("retries discovery after the issuer was unreachable instead of caching the failure", async () => {
    const port = await freePort();
    configure({ AUTH_ISSUER: `http://127.0.0.1:${port}` });
    const token = await tokenFor(idp.issuer, carol); // any well-formed JWT will do for the first call
    await expect(withToken(token)).rejects.toMatchObject({ code: "unavailable", status: 503 });

    const upNow = await startDevIdp({ port, audience: AUDIENCE, clients: [carol] });
    started.push(upNow);
    await expect(withToken(await tokenFor(upNow.issuer, carol))).resolves.toMatchObject({ tenant: { id: "acme" } });
  });

  it("refuses a token from another issuer even when its audience and tenant match", async () => {
    const other = await startDevIdp({ audience: AUDIENCE, clients: [carol] });
    started.push(other);
    await expect(withToken(await tokenFor(other.issuer, carol))).rejects.toMatchObject({ code: "auth.token_invalid" });
  });

  it("enforces AUTH_ALGORITHMS: an RS256 token is refused when only ES256 is allowed", async () => {
    const token = await tokenFor(idp.issuer, carol);
    await expect(withToken(token)).resolves.toBeTruthy();
    configure({ AUTH_ALGORITHMS: "ES256" });
    await expect(withToken(token)).rejects.toMatchObject({ code: "auth.token_invalid" });
  });

  it("ignores HS256 and none even when AUTH_ALGORITHMS lists them", async () => {
    configure({ AUTH_ALGORITHMS: "HS256,none" });
    await expect(withToken(await tokenFor(idp.issuer, carol))).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringContaining("AUTH_ALGORITHMS"),
    });
  });

  it("reads the tenant and roles from the configured claim names, splitting space-separated roles", async () => {
    const token = await tokenFor(idp.issuer, carol);
    await expect(withToken(token)).resolves.toMatchObject({ tenant: { id: "acme" }, roles: ["reader", "writer"] });
    configure({ AUTH_TENANT_CLAIM: "org", AUTH_ROLES_CLAIM: "scope_roles" });
    await expect(withToken(token)).resolves.toMatchObject({ tenant: { id: "globex" }, roles: [] });
  });
});
