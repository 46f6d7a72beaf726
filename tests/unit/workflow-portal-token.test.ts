import fc from "fast-check";
import { SignJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticatePortal, issuePortalToken, PORTAL_TOKEN_TTL_S, verifyPortalToken } from "@/lib/auth/portal-token";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { expandPortalLinks, portalLinkPlaceholder } from "@/lib/workflow/portal/portal-link";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

beforeAll(() => {
  process.env.PORTAL_TOKEN_SECRET = "unit-test-portal-secret-with-32-characters";
  process.env.PUBLIC_BASE_URL = "https://sealpost.example";
  resetEnvCache();
});
afterAll(() => {
  delete process.env.PORTAL_TOKEN_SECRET;
  delete process.env.PUBLIC_BASE_URL;
  resetEnvCache();
});

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

const req = (headers: Record<string, string> = {}, query = "") =>
  new Request(`https://sealpost.example/api/workflow/${A}${query}`, { headers });

describe("portal tokens", () => {
  it("round-trips workflow, tenant and role, with a random id and a 4-hour life", async () => {
    const token = issuePortalToken({ workflowId: A, tenantId: "acme", role: "participant" });
    const p = await verifyPortalToken(token);
    expect(p).toMatchObject({ workflowId: A, tenantId: "acme", role: "participant" });
    expect(Buffer.from(p.tokenId, "base64url")).toHaveLength(16);
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBe(PORTAL_TOKEN_TTL_S);
    expect(PORTAL_TOKEN_TTL_S).toBe(4 * 3600);
    const again = await verifyPortalToken(issuePortalToken({ workflowId: A, tenantId: "acme", role: "participant" }));
    expect(again.tokenId).not.toBe(p.tokenId);
  });

  it("refuses expired, tampered and foreign tokens with stable codes", async () => {
    const old = issuePortalToken(
      { workflowId: A, tenantId: "acme", role: "participant" },
      Math.floor(Date.now() / 1000) - PORTAL_TOKEN_TTL_S - 60,
    );
    expect(await codeOf(verifyPortalToken(old))).toBe("portal.token_expired");
    const good = issuePortalToken({ workflowId: A, tenantId: "acme", role: "participant" });
    const [h, payload, sig] = good.split(".");
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(good), role: "reviewer" })).toString("base64url");
    expect(await codeOf(verifyPortalToken(`${h}.${forged}.${sig}`))).toBe("portal.token_invalid");
    expect(await codeOf(verifyPortalToken(`${h}.${payload}.${sig.slice(0, -2)}xx`))).toBe("portal.token_invalid");
    expect(await codeOf(verifyPortalToken("not-a-token"))).toBe("portal.token_invalid");
    // Signed with the raw secret instead of the derived portal key, as any other HMAC use would be.
    const raw = await new SignJWT({ tid: "acme", role: "participant", jti: "x".repeat(22) })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(A)
      .setIssuer("sealpost")
      .setAudience("sealpost-portal")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(process.env.PORTAL_TOKEN_SECRET));
    expect(await codeOf(verifyPortalToken(raw))).toBe("portal.token_invalid");
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`;
    expect(await codeOf(verifyPortalToken(none))).toBe("portal.token_invalid");
  });

  it("binds a token to its workflow and role, read from the header or the query", async () => {
    const participant = issuePortalToken({ workflowId: A, tenantId: "acme", role: "participant" });
    const reviewer = issuePortalToken({
      workflowId: A,
      tenantId: "acme",
      role: "reviewer",
      reviewer: { email: "ann@acme.test", stage: 1 },
    });
    expect(await codeOf(authenticatePortal(req({ "x-svc-portal-token": participant }), A, ["participant"]))).toBe("ok");
    expect(await codeOf(authenticatePortal(req({}, `?token=${participant}`), A, ["participant"]))).toBe("ok");
    expect(await codeOf(authenticatePortal(req({}, `?pt=${participant}`), A, ["participant"]))).toBe("ok");
    expect(await codeOf(authenticatePortal(req({ "x-svc-portal-token": participant }), B, ["participant"]))).toBe("portal.wrong_workflow");
    expect(await codeOf(authenticatePortal(req({ "x-svc-portal-token": participant }), A, ["reviewer"]))).toBe("portal.role_forbidden");
    expect(await codeOf(authenticatePortal(req({ "x-svc-portal-token": reviewer }), A, ["participant", "reviewer"]))).toBe("ok");
    expect(await codeOf(authenticatePortal(req(), A, ["participant"]))).toBe("portal.token_missing");
  });

  it("turns a link placeholder into a portal address holding a fresh token", async () => {
    const text = `Open: ${portalLinkPlaceholder(A, "acme:eu")}\nend`;
    const expanded = expandPortalLinks(text);
    const m = /Open: (https:\/\/sealpost\.example\/portal\/([0-9a-f-]{36})\?pt=([\w.-]+))\nend/.exec(expanded);
    expect(m?.[2]).toBe(A);
    expect(await verifyPortalToken(m![3])).toMatchObject({ workflowId: A, tenantId: "acme:eu", role: "participant" });
  });

  it("binds a reviewer token to the approver and stage it was mailed for, kept through refresh, and never makes one without", async () => {
    const token = issuePortalToken({ workflowId: A, tenantId: "acme", role: "reviewer", reviewer: { email: " Ann@Acme.TEST ", stage: 2 } });
    const p = await verifyPortalToken(token);
    expect(p.reviewer).toEqual({ email: "ann@acme.test", stage: 2 });
    expect(() => issuePortalToken({ workflowId: A, tenantId: "acme", role: "reviewer" })).toThrow(/approver and stage/);
    // A participant token never carries a binding, even if asked to.
    const participant = await verifyPortalToken(
      issuePortalToken({ workflowId: A, tenantId: "acme", role: "participant", reviewer: { email: "x@y.z", stage: 1 } }),
    );
    expect(participant.reviewer).toBeUndefined();
  });

  it("expands reviewer placeholders for any approver address and tenant id, with the binding in the token", async () => {
    const tenant = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,40}$/);
    // Addresses as typed into settings: anything printable, including the placeholder's own ]] and colons.
    const email = fc.oneof(
      fc.emailAddress(),
      fc.string({ minLength: 3, maxLength: 60 }).filter((e) => e.trim().length >= 3),
    );
    await fc.assert(
      fc.asyncProperty(tenant, email, fc.integer({ min: 1, max: 99 }), async (tenantId, address, stage) => {
        const expanded = expandPortalLinks(
          `a ${portalLinkPlaceholder(A, tenantId, { email: address, stage })} b ${portalLinkPlaceholder(B, tenantId)} c`,
        );
        const links = [...expanded.matchAll(/https:\/\/sealpost\.example\/portal\/([0-9a-f-]{36})\?pt=([\w.-]+)/g)];
        expect(links.map((l) => l[1])).toEqual([A, B]);
        const reviewer = await verifyPortalToken(links[0][2]);
        expect(reviewer).toMatchObject({
          workflowId: A,
          tenantId,
          role: "reviewer",
          reviewer: { email: address.trim().toLowerCase(), stage },
        });
        expect(await verifyPortalToken(links[1][2])).toMatchObject({ workflowId: B, tenantId, role: "participant" });
        expect(expanded).not.toContain("[[portal-link");
      }),
      { numRuns: 200 },
    );
  });
});
