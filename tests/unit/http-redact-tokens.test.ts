import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactTokens } from "@/lib/http/redact-tokens";

/** Tokens as the links carry them: base64url, JWTs (dots), and what a mangled link may hold. */
const token = fc.stringMatching(/^[A-Za-z0-9_.~%-]{12,300}$/);

describe("no log line carries a link token", () => {
  it("takes the token out of signing, recipient and portal links, in a URL or a request log line, and keeps the rest (generated)", () => {
    fc.assert(
      fc.property(token, fc.uuid(), fc.constantFrom("GET", "POST", "HEAD"), fc.integer({ min: 200, max: 599 }), (t, id, method, status) => {
        const lines = [
          [`${method} /sign/${t} ${status} in 31ms`, `${method} /sign/[token] ${status} in 31ms`],
          [`${method} /api/sign/${t}/document ${status} in 5ms`, `${method} /api/sign/[token]/document ${status} in 5ms`],
          [`${method} /d/${t}/pages/2 ${status} in 8ms`, `${method} /d/[token]/pages/2 ${status} in 8ms`],
          [`${method} /portal/${id}?pt=${t} ${status} in 12ms`, `${method} /portal/${id}?pt=[token] ${status} in 12ms`],
          [`http://localhost:3000/portal/${id}?lang=de&pt=${t}#step-2`, `http://localhost:3000/portal/${id}?lang=de&pt=[token]#step-2`],
        ];
        for (const [line, shown] of lines) {
          expect(redactTokens(line)).toBe(shown);
          expect(redactTokens(line)).not.toContain(t);
        }
      }),
    );
  });

  it("leaves paths without tokens as they are", () => {
    for (const path of [
      "/api/dispatch/batch/0b9e/documents/0",
      "/docs/api",
      "/dev/mail",
      "/console/workflows/abc/files/sealed.pdf",
      "/api/delivery-sessions?correlationId=x",
    ]) {
      expect(redactTokens(`GET ${path} 200 in 3ms`)).toBe(`GET ${path} 200 in 3ms`);
    }
  });
});
