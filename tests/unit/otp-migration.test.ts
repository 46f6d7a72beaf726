import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, rowsOf } from "@/lib/db/client";
import { passcodes } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { hashOtp, newOtpSalt, otpCodeFor } from "@/lib/otp/code";
import { tryPasscode } from "@/lib/otp/rules";
import { findPasscode, portalHolder, signerHolder, type PasscodeHolder } from "@/lib/otp/store";
import { newId } from "@/lib/ids";
import { sql } from "drizzle-orm";
import { createTempDataDir, seedOlderRelease, useFreshDatabase } from "../support/test-db";

const MIN = 60_000;

beforeAll(() => {
  process.env.PORTAL_TOKEN_SECRET = "unit-test-portal-secret-with-32-characters";
  resetEnvCache();
});
afterAll(() => {
  delete process.env.PORTAL_TOKEN_SECRET;
  resetEnvCache();
});

const at = (ms: number) => `'${new Date(ms).toISOString()}'`;
const code = (id: string, salt: string) => ({ salt, hash: hashOtp(id, salt, otpCodeFor(id, salt)) });

/** What a try of `code` answers now: the verdict, or the problem's code. */
async function tryNow(h: PasscodeHolder, code: string): Promise<string> {
  try {
    return tryPasscode(await findPasscode(await getDb(), h), h.id, code, Date.now()).verdict;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe.each(["pglite", "postgres"] as const)("migration 0013 (one passcodes table) on %s", (driver) => {
  afterAll(async () => {
    await closeDb();
    delete process.env.DATABASE_URL;
    resetEnvCache();
  });

  it("moves the portal's and the signers' passcodes with their state: a code already mailed still opens, a lock still runs", async () => {
    const data = createTempDataDir();
    process.env.DATA_DIR = data.dir;
    const drop = await useFreshDatabase(driver);
    const now = Date.now();
    const [waitingWf, usedWf, signingWf] = [newId(), newId(), newId()];
    const [waiting, locked, verified, noPasscode] = [newId(), newId(), newId(), newId()];
    const salts = Object.fromEntries([waitingWf, usedWf, waiting, locked, verified].map((id) => [id, newOtpSalt()]));
    const c = (id: string) => code(id, salts[id]);
    const workflow = (id: string) =>
      `insert into workflows (id, tenant_id, correlation_id, title, template_path, template_version, schema, settings, state, data, created_by)
       values ('${id}', 'acme', '${id}', 'T', 't.md', 'v', '{}', '{}', 'in-progress', '[]', 'init@acme.test');`;
    const signer = (id: string, position: number, otp: string) =>
      `insert into workflow_signers (id, tenant_id, workflow_id, position, name, email, require_otp, otp_code_hash, otp_salt, otp_sent_at, otp_expires_at, otp_failed_attempts, otp_locked_until, otp_verified_at)
       values ('${id}', 'acme', '${signingWf}', ${position}, 'S', 's${position}@x.test', ${otp});`;
    await seedOlderRelease(
      driver,
      12,
      [
        `insert into tenants (id, name, tier) values ('acme', 'Acme', 'premium');`,
        workflow(waitingWf),
        workflow(usedWf),
        workflow(signingWf),
        `insert into workflow_otps (workflow_id, tenant_id, code_hash, salt, sent_at, expires_at, failed_attempts, locked_until, used_at) values
         ('${waitingWf}', 'acme', '${c(waitingWf).hash}', '${salts[waitingWf]}', ${at(now - MIN)}, ${at(now + 9 * MIN)}, 2, null, null),
         ('${usedWf}', 'acme', '${c(usedWf).hash}', '${salts[usedWf]}', ${at(now - 3 * MIN)}, ${at(now + 7 * MIN)}, 0, null, ${at(now - 2 * MIN)});`,
        signer(waiting, 0, `true, '${c(waiting).hash}', '${salts[waiting]}', ${at(now - MIN)}, ${at(now + 9 * MIN)}, 1, null, null`),
        signer(locked, 1, `true, null, '${salts[locked]}', ${at(now - 2 * MIN)}, ${at(now + 8 * MIN)}, 5, ${at(now + 14 * MIN)}, null`),
        signer(verified, 2, `true, null, '${salts[verified]}', ${at(now - 5 * MIN)}, ${at(now + 5 * MIN)}, 0, null, ${at(now - 4 * MIN)}`),
        signer(noPasscode, 3, `false, null, null, null, null, 0, null, null`),
      ].join("\n"),
    );
    try {
      const db = await getDb(); // runs 0013
      const rows = await db.select().from(passcodes);
      expect(rows.map((r) => r.id).sort()).toEqual([waitingWf, usedWf, waiting, locked, verified].sort());
      const row = (id: string) => rows.find((r) => r.id === id)!;
      expect(row(waitingWf)).toMatchObject({ workflowId: waitingWf, signerId: null, failedAttempts: 2, usedAt: null });
      // A used code keeps no hash any more.
      expect(row(usedWf)).toMatchObject({ codeHash: null, usedAt: new Date(now - 2 * MIN) });
      expect(row(waiting)).toMatchObject({
        workflowId: signingWf,
        signerId: waiting,
        failedAttempts: 1,
        expiresAt: new Date(now + 9 * MIN),
      });
      expect(row(verified).usedAt).toEqual(new Date(now - 4 * MIN));

      const signerOf = (id: string) => signerHolder({ id, tenantId: "acme", workflowId: signingWf });
      // The codes in the mails sent before the upgrade still open; the tries already made still count.
      const wrong = otpCodeFor(waitingWf, salts[waitingWf]) === "000000" ? "000001" : "000000";
      const attempt = tryPasscode(await findPasscode(db, portalHolder({ id: waitingWf, tenantId: "acme" })), waitingWf, wrong, now);
      expect(attempt.verdict === "wrong" && attempt.problem.extra.attemptsLeft).toBe(2);
      expect(await tryNow(portalHolder({ id: waitingWf, tenantId: "acme" }), otpCodeFor(waitingWf, salts[waitingWf]))).toBe("verified");
      expect(await tryNow(signerOf(waiting), otpCodeFor(waiting, salts[waiting]))).toBe("verified");
      expect(await tryNow(signerOf(locked), otpCodeFor(locked, salts[locked]))).toBe("otp.locked");
      expect(await tryNow(signerOf(verified), otpCodeFor(verified, salts[verified]))).toBe("otp.not_sent");
      expect(await tryNow(portalHolder({ id: usedWf, tenantId: "acme" }), otpCodeFor(usedWf, salts[usedWf]))).toBe("otp.not_sent");
      expect(await findPasscode(db, signerOf(noPasscode))).toBeUndefined();

      const left = rowsOf(
        await db.execute(
          sql`select table_name, column_name from information_schema.columns where table_name = 'workflow_otps' or (table_name = 'workflow_signers' and column_name like 'otp%')`,
        ),
      );
      expect(left).toEqual([]);
    } finally {
      await closeDb();
      await drop();
      data.remove();
    }
  });
});
