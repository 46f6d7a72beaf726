import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { otpCodeFor } from "@/lib/otp/code";
import {
  assertMaySend,
  issuePasscode,
  OTP_LOCKOUT_MS,
  OTP_MAX_ATTEMPTS,
  OTP_SEND_INTERVAL_MS,
  passcodeGate,
  tryPasscode,
  type PasscodeState,
} from "@/lib/otp/rules";

const HOLDER = "33333333-3333-4333-8333-333333333333";
const TTL = 10 * 60_000;
const T0 = Date.parse("2026-03-02T09:00:00Z");

beforeAll(() => {
  process.env.PORTAL_TOKEN_SECRET = "unit-test-portal-secret-with-32-characters";
  resetEnvCache();
});
afterAll(() => {
  delete process.env.PORTAL_TOKEN_SECRET;
  resetEnvCache();
});

type Step = { do: "wait"; ms: number } | { do: "send" } | { do: "right" } | { do: "wrong"; code: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    // The limits themselves come up often: a rule off by a millisecond shows at its boundary.
    arbitrary: fc
      .oneof(
        fc.constantFrom(1, OTP_SEND_INTERVAL_MS - 1, OTP_SEND_INTERVAL_MS, TTL - 1, TTL, OTP_LOCKOUT_MS - 1, OTP_LOCKOUT_MS),
        fc.integer({ min: 0, max: 20 * 60_000 }),
      )
      .map((ms) => ({ do: "wait" as const, ms })),
  },
  { weight: 2, arbitrary: fc.constant({ do: "send" as const }) },
  { weight: 2, arbitrary: fc.constant({ do: "right" as const }) },
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 999_999 }).map((code) => ({ do: "wrong" as const, code })) },
);

/** The answer a person sees: a problem code, or what a try did. */
function outcome(f: () => string): string {
  try {
    return f();
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe("passcode rules, over any sequence of sends, tries and waits", () => {
  it("never accept a wrong code, lock after the last allowed wrong try until the lockout ends, refuse an expired or used code, and limit sends", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let now = T0;
        let kept: PasscodeState | undefined;
        let mailed: string | null = null; // the code of the last send
        // The rules as a person would state them, kept apart from the code under test.
        const model = { sentAt: null as number | null, expiresAt: 0, failed: 0, lockedUntil: 0, waiting: false };
        for (const s of steps) {
          if (s.do === "wait") {
            now += s.ms;
            continue;
          }
          if (s.do === "send") {
            const expected =
              model.lockedUntil > now
                ? "otp.locked"
                : model.sentAt !== null && model.sentAt + OTP_SEND_INTERVAL_MS > now
                  ? "otp.rate_limited"
                  : "sent";
            const got = outcome(() => {
              assertMaySend(kept, now);
              kept = issuePasscode(HOLDER, now, TTL);
              mailed = otpCodeFor(HOLDER, kept.salt);
              return "sent";
            });
            expect(got).toBe(expected);
            if (got === "sent") Object.assign(model, { sentAt: now, expiresAt: now + TTL, failed: 0, lockedUntil: 0, waiting: true });
            continue;
          }
          const code = s.do === "right" ? (mailed ?? "000000") : String(s.code).padStart(6, "0");
          const right = mailed !== null && code === mailed;
          let expected: string;
          if (model.lockedUntil > now) expected = "otp.locked";
          else if (!model.waiting) expected = "otp.not_sent";
          else if (model.expiresAt <= now) expected = "otp.expired";
          else if (right) expected = "verified";
          else expected = model.failed + 1 >= OTP_MAX_ATTEMPTS ? "locked" : "wrong";
          const got = outcome(() => {
            const attempt = tryPasscode(kept, HOLDER, code, now);
            kept = attempt.next;
            if (attempt.verdict !== "verified") {
              expect(attempt.problem.code).toBe(attempt.verdict === "locked" ? "otp.locked" : "otp.invalid");
              if (attempt.verdict === "wrong") expect(attempt.problem.extra.attemptsLeft).toBe(OTP_MAX_ATTEMPTS - attempt.failedAttempts);
              else expect(attempt.problem.extra.retryAfter).toBe(OTP_LOCKOUT_MS / 1000);
            }
            return attempt.verdict;
          });
          expect(got).toBe(expected);
          if (got === "verified") expect(right).toBe(true);
          if (got === "verified") model.waiting = false;
          if (got === "wrong") model.failed++;
          if (got === "locked") Object.assign(model, { failed: model.failed + 1, lockedUntil: now + OTP_LOCKOUT_MS, waiting: false });
          // Nothing a person could use to guess is kept once the code is spent.
          if (got === "verified" || got === "locked") expect(kept!.codeHash).toBeNull();
        }
      }),
      { numRuns: 500 },
    );
  });

  it("keep a locked code locked until its time, whatever is tried or sent, and answer Retry-After to the second", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: OTP_LOCKOUT_MS - 1 }), fc.integer({ min: 0, max: 999_999 }), (later, n) => {
        const sent = issuePasscode(HOLDER, T0, TTL);
        const right = otpCodeFor(HOLDER, sent.salt);
        const wrong = right === "000000" ? "000001" : "000000";
        let p = sent;
        for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) p = tryPasscode(p, HOLDER, wrong, T0).next;
        const at = T0 + later;
        const expectLocked = (f: () => unknown) => {
          const err = (() => {
            try {
              f();
            } catch (e) {
              return e as AppError;
            }
          })();
          expect(err?.code).toBe("otp.locked");
          expect(err?.extra.headers?.["retry-after"]).toBe(String(Math.ceil((T0 + OTP_LOCKOUT_MS - at) / 1000)));
        };
        expectLocked(() => tryPasscode(p, HOLDER, right, at));
        expectLocked(() => tryPasscode(p, HOLDER, String(n).padStart(6, "0"), at));
        expectLocked(() => assertMaySend(p, at));
        expect(passcodeGate(p, at).lockedUntil).toBe(new Date(T0 + OTP_LOCKOUT_MS).toISOString());
        // At its time the lock is over: a new code may be sent; the old one stays dead.
        expect(() => assertMaySend(p, T0 + OTP_LOCKOUT_MS)).not.toThrow();
        expect(outcome(() => tryPasscode(p, HOLDER, right, T0 + OTP_LOCKOUT_MS).verdict)).toBe("otp.not_sent");
      }),
      { numRuns: 200 },
    );
  });

  it("refuse the right code from its expiry on, and show the page a code to ask for only while one is waiting", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(TTL - 1, TTL), fc.integer({ min: 0, max: 3 * TTL })), (later) => {
        const p = issuePasscode(HOLDER, T0, TTL);
        const at = T0 + later;
        const verdict = outcome(() => tryPasscode(p, HOLDER, otpCodeFor(HOLDER, p.salt), at).verdict);
        expect(verdict).toBe(later >= TTL ? "otp.expired" : "verified");
        expect(passcodeGate(p, at)).toEqual({
          sentAt: new Date(T0).toISOString(),
          expiresAt: later < TTL ? new Date(T0 + TTL).toISOString() : null,
          nextSendAt: new Date(T0 + OTP_SEND_INTERVAL_MS).toISOString(),
          lockedUntil: null,
        });
      }),
    );
    expect(passcodeGate(undefined, T0)).toEqual({ sentAt: null, expiresAt: null, nextSendAt: null, lockedUntil: null });
  });
});
