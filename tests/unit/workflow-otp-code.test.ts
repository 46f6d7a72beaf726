import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuePortalToken, verifyPortalToken } from "@/lib/auth/portal-token";
import { resetEnvCache } from "@/lib/env";
import { expandPlaceholders } from "@/lib/mail/expand-placeholders";
import { newLinkNonce, signLinkPlaceholder, signToken, signTokenHash, tokenMatches } from "@/lib/signing/ceremony/sign-link";
import { hashOtp, newOtpSalt, otpCodeFor, otpCodePlaceholder, otpMatches } from "@/lib/otp/code";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

beforeAll(() => {
  process.env.PORTAL_TOKEN_SECRET = "unit-test-portal-secret-with-32-characters";
  resetEnvCache();
});
afterAll(() => {
  delete process.env.PORTAL_TOKEN_SECRET;
  resetEnvCache();
});

describe("portal passcodes", () => {
  it("derives 6 digits from each salt; only the hash of that code, for that workflow, matches", () => {
    fc.assert(
      fc.property(fc.constant(null).map(newOtpSalt), fc.integer({ min: 0, max: 999_999 }), (salt, n) => {
        const code = otpCodeFor(A, salt);
        expect(code).toMatch(/^\d{6}$/);
        const hash = hashOtp(A, salt, code);
        expect(otpMatches(A, salt, hash, code)).toBe(true);
        expect(otpMatches(B, salt, hash, code)).toBe(false);
        const other = String(n).padStart(6, "0");
        expect(otpMatches(A, salt, hash, other)).toBe(other === code);
      }),
      { numRuns: 300 },
    );
    expect(otpMatches(A, "s".repeat(22), "not-hex", "123456")).toBe(false);
  });

  it("keeps the code out of the outbox: the placeholder becomes the code only when the mail is sent", () => {
    const salt = newOtpSalt();
    const text = `Your passcode is ${otpCodePlaceholder(A, salt)}`;
    expect(text).not.toContain(otpCodeFor(A, salt));
    expect(expandPlaceholders(text)).toBe(`Your passcode is ${otpCodeFor(A, salt)}`);
  });

  it("keeps signing links out of the outbox too: each placeholder becomes its signer's link, whose hash is the one stored", () => {
    const before = process.env.PUBLIC_BASE_URL;
    process.env.PUBLIC_BASE_URL = "https://sealpost.example.com";
    resetEnvCache();
    try {
      const [n1, n2] = [newLinkNonce(), newLinkNonce()];
      const text = `Sign: ${signLinkPlaceholder(A, n1)}\nAnd: ${signLinkPlaceholder(B, n2)}`;
      const sent = expandPlaceholders(text);
      const tokens = [...sent.matchAll(/https:\/\/sealpost\.example\.com\/sign\/(\S+)/g)].map((m) => m[1]);
      expect(tokens).toHaveLength(2);
      expect(tokenMatches(tokens[0], signTokenHash(signToken(A, n1)))).toBe(true);
      expect(tokenMatches(tokens[1], signTokenHash(signToken(A, n1)))).toBe(false);
      expect(text).not.toContain(tokens[0]);
    } finally {
      if (before === undefined) delete process.env.PUBLIC_BASE_URL;
      else process.env.PUBLIC_BASE_URL = before;
      resetEnvCache();
    }
  });

  it("carries OTP verification in the portal token only when it was granted", async () => {
    expect((await verifyPortalToken(issuePortalToken({ workflowId: A, tenantId: "acme", role: "participant" }))).otpVerified).toBe(false);
    expect(
      (await verifyPortalToken(issuePortalToken({ workflowId: A, tenantId: "acme", role: "participant", otpVerified: true }))).otpVerified,
    ).toBe(true);
  });
});
