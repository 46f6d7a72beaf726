import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { mailOutbox, workflowEvents, workflowSigners, type Workflow } from "@/lib/db/schema";
import { env, resetEnvCache } from "@/lib/env";
import { inviteSigners } from "@/lib/signing/signers/invite-signers";
import { reminderLead, remindSigners } from "@/lib/signing/signers/remind-signers";
import { signLinkPlaceholder } from "@/lib/signing/ceremony/sign-link";
import { listSigners } from "@/lib/signing/signers/signers";
import { invitedToSign } from "../support/esign-rows";
import { useWorkflowDatabase } from "../support/workflow-db";

const HOUR = 3_600_000;
const T0 = new Date("2026-12-07T09:00:00.000Z");
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

afterEach(() => {
  delete process.env.ESIGN_REMINDER_BEFORE_HOURS;
  delete process.env.ESIGN_LINK_TTL_HOURS;
  resetEnvCache();
});

describe("reminder lead", () => {
  it("is ESIGN_REMINDER_BEFORE_HOURS (48 h by default), at most half the link's life, and 0 turns reminders off", () => {
    expect(reminderLead()).toBe(48 * HOUR);
    process.env.ESIGN_LINK_TTL_HOURS = "24";
    resetEnvCache();
    expect(reminderLead()).toBe(12 * HOUR);
    process.env.ESIGN_REMINDER_BEFORE_HOURS = "0";
    resetEnvCache();
    expect(reminderLead()).toBe(0);
    expect(env().ESIGN_LINK_TTL_HOURS).toBe(24);
  });
});

for (const driver of ["postgres", "pglite"] as const) {
  describe(`signer reminders on ${driver}`, () => {
    useWorkflowDatabase(driver);

    /** A workflow being signed whose signers were invited at `start` hours (7-day links); each test has a clock of its own. */
    const invited = (names: string[], start: number, row: Partial<Workflow> = {}) =>
      invitedToSign(
        names.map((name) => ({ name })),
        { writtenAt: T0, invitedAt: at(start), row },
      );
    const mails = async (wf: Workflow) =>
      (await (await getDb()).select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt))).filter((m) => m.text.includes(wf.correlationId));
    const reminders = async (wf: Workflow) => (await mails(wf)).filter((m) => m.subject.startsWith("Reminder"));
    const events = async (wf: Workflow, kind: string) =>
      (
        await (
          await getDb()
        )
          .select()
          .from(workflowEvents)
          .where(and(eq(workflowEvents.workflowId, wf.id), eq(workflowEvents.kind, kind)))
      ).map((e) => e.detail);

    it("mails a signer who has not acted once, when less than 48 h are left, with the same link, and records it", async () => {
      const { wf, signers } = await invited(["Ada", "Bo"], 0);
      // Bo confirmed: the signature is on its way, nothing to remind.
      await (
        await getDb()
      )
        .update(workflowSigners)
        .set({ signRequestedAt: at(1) })
        .where(eq(workflowSigners.id, signers[1].id));

      expect(await remindSigners(at(119.9))).toEqual({ reminded: 0 });
      expect(await remindSigners(at(120))).toEqual({ reminded: 1 });
      expect(await remindSigners(at(121))).toEqual({ reminded: 0 }); // once per link
      const [mail] = await reminders(wf);
      expect(mail.to).toBe(signers[0].email);
      expect(mail.subject).toBe(`Reminder: please sign "Leave request" by 14 December 2026 at 09:00 UTC`);
      expect(mail.text).toContain(`Your signature on "Leave request" is still awaited.`);
      // The invitation's own link: the first mail keeps working, nothing is replaced.
      const link = signLinkPlaceholder(signers[0].id, signers[0].tokenNonce!);
      expect((await mails(wf)).filter((m) => m.text.includes(link)).map((m) => m.subject.startsWith("Reminder"))).toEqual([false, true]);
      const [row] = await listSigners(wf.tenantId, wf.id);
      expect(row).toMatchObject({ reminderSentAt: at(120), tokenHash: signers[0].tokenHash, tokenExpiresAt: at(168) });
      expect(await events(wf, "signer.reminded")).toEqual([{ signer: 0, email: signers[0].email, expiresAt: at(168).toISOString() }]);
      // An expired link is not reminded (the signer needs a new one: the initiator's re-send).
      const late = await invited(["Cy"], 0);
      expect(await remindSigners(at(168))).toEqual({ reminded: 0 });
      expect(await reminders(late.wf)).toEqual([]);
    });

    it("reminds a re-sent link again, once, and never signers of a workflow that stopped collecting signatures", async () => {
      const { wf, signers } = await invited(["Di"], 1000);
      const closed = await invited(["Ed"], 1000, { state: "rejected" });
      expect(await remindSigners(at(1130))).toEqual({ reminded: 1 });
      await (await getDb()).transaction((tx) => inviteSigners(tx, wf, signers, at(1140), { resend: true, total: 1 }));
      expect(await remindSigners(at(1140 + 119))).toEqual({ reminded: 0 });
      // Two sweeps at once: one reminder.
      const both = await Promise.all([remindSigners(at(1140 + 121)), remindSigners(at(1140 + 121))]);
      expect(both.reduce((n, r) => n + r.reminded, 0)).toBe(1);
      expect((await reminders(wf)).length).toBe(2);
      expect(await reminders(closed.wf)).toEqual([]);
    });

    it("sends nothing when ESIGN_REMINDER_BEFORE_HOURS is 0", async () => {
      process.env.ESIGN_REMINDER_BEFORE_HOURS = "0";
      resetEnvCache();
      const { wf } = await invited(["Fi"], 2000);
      expect(await remindSigners(at(2167))).toEqual({ reminded: 0 });
      expect(await reminders(wf)).toEqual([]);
    });
  });
}
