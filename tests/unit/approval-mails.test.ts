import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { approvalRequestMail, changesRequestedMail, notifyApprovers, notifySubmitterOfChanges } from "@/lib/batch/notify-approvers";
import { getDb } from "@/lib/db/client";
import { mailOutbox, type Batch, type Workflow } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { staffMailLocale } from "@/lib/i18n/staff-locale";
import { updateTenant } from "@/lib/tenants";
import { approverMail, mailApprovers } from "@/lib/workflow/approval/approval-mail";
import { portalLinkPlaceholder } from "@/lib/workflow/portal/portal-link";
import { useWorkflowDatabase } from "../support/workflow-db";
import { workflowRow } from "../support/workflow-row";

/**
 * The mails to the sending company's own people (a batch's approvers and submitter, a workflow's
 * approvers) in the tenant's language, else English: the English words as they always were, the
 * German and Arabic ones from the catalogues, counts in each language's plural forms.
 */

const BATCH_ID = "0b7e4d5c-1f2a-4c3b-9d8e-7f6a5b4c3d2e";
const batch = (over: Partial<Batch> = {}) =>
  ({
    id: BATCH_ID,
    tenantId: "acme",
    title: "Notices",
    documentCount: 1,
    warningCount: 0,
    templatePath: "notice.md",
    submittedBy: "sam@acme.test",
    approvers: ["ann@acme.test"],
    decidedAt: new Date("2026-03-02T09:00:00.000Z"),
    ...over,
  }) as Batch;
const url = (path: string) => new URL(path, env().PUBLIC_BASE_URL).toString();
const wf = (over: Partial<Workflow> = {}) =>
  workflowRow({
    schema: { ...workflowRow().schema, approval: { stages: [["stage@acme.test"], ["second@acme.test"]], escalateAfterDays: 4 } },
    settings: { recipients: [], requireOtp: false, organizationName: "Acme HR", options: {} },
    ...over,
  });

describe("the language of a mail to the sender's own people", () => {
  it("is the tenant's default where a catalogue writes it (de-AT is de, pt is pt-PT), else en-GB", () => {
    expect(staffMailLocale("de")).toBe("de");
    expect(staffMailLocale("de-AT")).toBe("de");
    expect(staffMailLocale("pt")).toBe("pt-PT");
    expect(staffMailLocale("hi")).toBe("en-GB");
    expect(staffMailLocale(null)).toBe("en-GB");
  });
});

describe("a batch's approval request", () => {
  it("reads in English as it always has", () => {
    const mail = approvalRequestMail(batch({ documentCount: 1204, warningCount: 3 }), "ann@acme.test", "en-GB");
    expect(mail).toMatchObject({ tenantId: "acme", dedupeKey: `batch-approval:${BATCH_ID}:ann@acme.test`, to: "ann@acme.test" });
    expect(mail.subject).toBe("Approval needed: Notices (1,204 documents)");
    expect(mail.text.split("\n")).toEqual([
      `sam@acme.test submitted the batch "Notices" for approval.`,
      ``,
      `Documents: 1,204 (3 with warnings)`,
      `Template: notice.md`,
      `Batch id: ${BATCH_ID}`,
      ``,
      `Review and decide: ${url(`/console/batches/${BATCH_ID}`)}`,
      `or call POST /api/dispatch/batch/${BATCH_ID}/decide with {"decision": "approve" | "reject" | "request-changes"}.`,
    ]);
  });

  it("reads in German, numbers written as German writes them", () => {
    const mail = approvalRequestMail(batch({ documentCount: 1204, warningCount: 3 }), "ann@acme.test", "de");
    expect(mail.subject).toBe("Freigabe erforderlich: Notices (1.204 Dokumente)");
    expect(approvalRequestMail(batch(), "ann@acme.test", "de").subject).toBe("Freigabe erforderlich: Notices (1 Dokument)");
    expect(mail.text.split("\n")).toEqual([
      "sam@acme.test hat den Stapel „Notices“ zur Freigabe eingereicht.",
      "",
      "Dokumente: 1.204 (davon 3 mit Warnungen)",
      "Vorlage: notice.md",
      `Stapel-ID: ${BATCH_ID}`,
      "",
      `Prüfen und entscheiden: ${url(`/console/batches/${BATCH_ID}`)}`,
      `oder rufen Sie POST /api/dispatch/batch/${BATCH_ID}/decide mit {"decision": "approve" | "reject" | "request-changes"} auf.`,
    ]);
  });

  it("reads in Arabic, with Arabic's six plural forms", () => {
    const subject = (documentCount: number) => approvalRequestMail(batch({ documentCount }), "ann@acme.test", "ar").subject;
    expect(subject(0)).toBe("يلزم الاعتماد: Notices (0 مستند)");
    expect(subject(1)).toBe("يلزم الاعتماد: Notices (مستند واحد)");
    expect(subject(2)).toBe("يلزم الاعتماد: Notices (مستندان)");
    expect(subject(5)).toBe("يلزم الاعتماد: Notices (5 مستندات)");
    expect(subject(11)).toBe("يلزم الاعتماد: Notices (11 مستندًا)");
    expect(subject(100)).toBe("يلزم الاعتماد: Notices (100 مستند)");
    const text = approvalRequestMail(batch(), "ann@acme.test", "ar").text;
    expect(text.split("\n")[0]).toBe("قُدِّمت الدفعة «Notices» للاعتماد من قِبل sam@acme.test.");
    expect(text).toContain(`المراجعة واتخاذ القرار: ${url(`/console/batches/${BATCH_ID}`)}`);
  });

  it("counts documents in Polish's forms: 1 dokument, 2 dokumenty, 5 dokumentów, 22 dokumenty, 25 dokumentów", () => {
    const count = (documentCount: number) =>
      /\((.*)\)$/.exec(approvalRequestMail(batch({ documentCount }), "a@acme.test", "pl").subject)![1];
    expect([1, 2, 5, 22, 25].map(count)).toEqual(["1 dokument", "2 dokumenty", "5 dokumentów", "22 dokumenty", "25 dokumentów"]);
  });
});

describe("a batch's changes-requested mail to its submitter", () => {
  it("reads in English as it always has, the comments as written", () => {
    const mail = changesRequestedMail(batch(), "ann@acme.test", "Use the December amounts", "en-GB");
    expect(mail).toMatchObject({
      tenantId: "acme",
      dedupeKey: `batch-changes:${BATCH_ID}:2026-03-02T09:00:00.000Z`,
      to: "sam@acme.test",
      subject: "Changes requested: Notices",
      text: `ann@acme.test asked for changes to the batch "Notices" (${BATCH_ID}).\n\nUse the December amounts`,
    });
    expect(changesRequestedMail(batch(), "ann@acme.test", null, "en-GB").text.split("\n")[2]).toBe("(no comments)");
  });

  it("reads in German and Arabic, the comments still as written", () => {
    const de = changesRequestedMail(batch(), "ann@acme.test", null, "de");
    expect(de.subject).toBe("Änderungen angefordert: Notices");
    expect(de.text).toBe(`ann@acme.test hat Änderungen am Stapel „Notices“ (${BATCH_ID}) angefordert.\n\n(keine Kommentare)`);
    const ar = changesRequestedMail(batch(), "ann@acme.test", "Use the December amounts", "ar");
    expect(ar.subject).toBe("طُلبت تغييرات: Notices");
    expect(ar.text).toBe(`طُلبت تغييرات على الدفعة «Notices» (${BATCH_ID}) من قِبل ann@acme.test.\n\nUse the December amounts`);
  });
});

describe("a workflow's approval notification", () => {
  it("reads in English as it always has", () => {
    const w = wf();
    const mail = approverMail(w, "stage@acme.test", "stage", "stage1:h0:v1", "en-GB");
    expect(mail).toMatchObject({
      tenantId: "acme",
      dedupeKey: `workflow-approval:${w.id}:stage1:h0:v1:stage@acme.test`,
      to: "stage@acme.test",
    });
    expect(mail.subject).toBe("Approval needed: Leave request (stage 1 of 2)");
    expect(mail.text.split("\n")).toEqual([
      `"Leave request" from init@acme.test (Acme HR) waits for your approval.`,
      ``,
      `Review and decide in the Sealpost console (sign in with your company account): ${url(`/console/workflows/${w.id}`)}`,
      ``,
      `Or review the data and the rule results, request changes or decide without signing in: ${portalLinkPlaceholder(w.id, "acme", { email: "stage@acme.test", stage: 1 })}`,
      `(the link works for 4 hours from when this message was sent)`,
      ``,
      `Or with your Sealpost access token (Authorization: Bearer <token>):`,
      `  approve: POST ${url(`/api/workflow/${w.id}/approve`)} with {"comment": "..."}`,
      `  reject:  POST ${url(`/api/workflow/${w.id}/reject`)} with {"comment": "..."}`,
      ``,
      `Reference: ${w.correlationId}`,
    ]);
    const subject = (reason: Parameters<typeof approverMail>[2]) =>
      approverMail(wf({ approvalStage: 2 }), "a@acme.test", reason, "k", "en-GB").subject;
    expect(subject("escalated")).toBe("Approval escalated to you: Leave request (stage 2 of 2)");
    expect(subject("reminder")).toBe("Reminder: approval waiting: Leave request (stage 2 of 2)");
    expect(subject("governance")).toBe("Governance review needed: Leave request (stage 2 of 2)");
    const lines = (reason: Parameters<typeof approverMail>[2]) =>
      approverMail(w, "a@acme.test", reason, "k", "en-GB").text.split("\n").slice(0, 3);
    expect(lines("escalated")[2]).toBe("The approval was escalated to you because it waited too long.");
    expect(lines("reminder")[2]).toBe("It will be escalated to the next approver if it is not decided soon.");
    // Where no organisation is named, the sentence names none (never Sealpost in its place).
    const unnamed = wf({ settings: { recipients: [], requireOtp: false, options: {} } });
    expect(approverMail(unnamed, "a@acme.test", "stage", "k", "en-GB").text.split("\n")[0]).toBe(
      `"Leave request" from init@acme.test waits for your approval.`,
    );
    expect(approverMail(unnamed, "a@acme.test", "stage", "k", "de").text.split("\n")[0]).toBe(
      "„Leave request“ von init@acme.test wartet auf Ihre Freigabe.",
    );
    expect(lines("governance")[0]).toBe(
      `"Leave request" failed validation; as approver you may approve it with an exception (with a written justification) or reject it.`,
    );
  });

  it("reads in German", () => {
    const w = wf({ approvalStage: 2 });
    const mail = approverMail(w, "second@acme.test", "escalated", "k", "de");
    expect(mail.subject).toBe("Freigabe an Sie eskaliert: Leave request (Stufe 2 von 2)");
    expect(mail.text.split("\n")).toEqual([
      "„Leave request“ von init@acme.test (Acme HR) wartet auf Ihre Freigabe.",
      "",
      "Die Freigabe wurde an Sie eskaliert, weil sie zu lange unerledigt war.",
      "",
      `Prüfen und entscheiden Sie in der Sealpost-Konsole (Anmeldung mit Ihrem Firmenkonto): ${url(`/console/workflows/${w.id}`)}`,
      "",
      `Oder prüfen Sie ohne Anmeldung die Daten und die Ergebnisse der Regeln, fordern Sie Änderungen an oder entscheiden Sie: ${portalLinkPlaceholder(w.id, "acme", { email: "second@acme.test", stage: 2 })}`,
      "(Der Link gilt 4 Stunden ab dem Versand dieser Nachricht.)",
      "",
      "Oder mit Ihrem Sealpost-Zugriffstoken (Authorization: Bearer <token>):",
      `  freigeben: POST ${url(`/api/workflow/${w.id}/approve`)} mit {"comment": "..."}`,
      `  ablehnen: POST ${url(`/api/workflow/${w.id}/reject`)} mit {"comment": "..."}`,
      "",
      `Referenz: ${w.correlationId}`,
    ]);
  });

  it("reads in Arabic", () => {
    const w = wf();
    const mail = approverMail(w, "stage@acme.test", "governance", "k", "ar");
    expect(mail.subject).toBe("تلزم مراجعة الحوكمة: Leave request (المرحلة 1 من 2)");
    const lines = mail.text.split("\n");
    expect(lines[0]).toBe("لم يجتز «Leave request» التحقق؛ وبصفتكم المعتمِد يمكنكم اعتماده باستثناء (مع مبرّر مكتوب) أو رفضه.");
    expect(lines).toContain("(يظل الرابط صالحًا لمدة 4 ساعات من وقت إرسال هذه الرسالة)");
    expect(lines).toContain(`  الرفض: POST ${url(`/api/workflow/${w.id}/reject`)} بالمحتوى {"comment": "..."}`);
    expect(lines.at(-1)).toBe(`الرقم المرجعي: ${w.correlationId}`);
  });
});

describe("the mails to the sender's own people on pglite", () => {
  useWorkflowDatabase("pglite");

  const outbox = async (prefix: string) =>
    (
      await (
        await getDb()
      )
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, "acme"), like(mailOutbox.dedupeKey, `${prefix}%`)))
    ).sort((a, b) => a.to.localeCompare(b.to));

  it("are in English while the tenant names no language", async () => {
    const b = batch({ id: "1b7e4d5c-1f2a-4c3b-9d8e-7f6a5b4c3d2e", approvers: ["ann@acme.test", "bob@acme.test"] });
    await (await getDb()).transaction((tx) => notifyApprovers(tx, b));
    const mails = await outbox(`batch-approval:${b.id}:`);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ["ann@acme.test", "Approval needed: Notices (1 document)"],
      ["bob@acme.test", "Approval needed: Notices (1 document)"],
    ]);
  });

  it("are in the tenant's default language, whatever language the workflow speaks to the people outside", async () => {
    await updateTenant("acme", { defaultLocale: "de-CH" });
    try {
      const db = await getDb();
      const b = batch({ id: "2b7e4d5c-1f2a-4c3b-9d8e-7f6a5b4c3d2e", documentCount: 3 });
      await db.transaction((tx) => notifyApprovers(tx, b));
      const [approval] = await outbox(`batch-approval:${b.id}:`);
      expect(approval.subject).toBe("Freigabe erforderlich: Notices (3 Dokumente)");

      await db.transaction((tx) => notifySubmitterOfChanges(tx, b, "ann@acme.test", "Bitte die Dezemberbeträge verwenden"));
      const [changes] = await outbox(`batch-changes:${b.id}:`);
      expect(changes.to).toBe("sam@acme.test");
      expect(changes.subject).toBe("Änderungen angefordert: Notices");
      expect(changes.text).toBe(
        `ann@acme.test hat Änderungen am Stapel „Notices“ (${b.id}) angefordert.\n\nBitte die Dezemberbeträge verwenden`,
      );

      // A form sent to a customer in French: its approvers still read German.
      const w = wf({ settings: { recipients: [], requireOtp: false, organizationName: "Acme HR", locale: "fr", options: {} } });
      await db.transaction((tx) => mailApprovers(tx, w, ["stage@acme.test"], "reminder", "rem1:0:h0"));
      const [reminder] = await outbox(`workflow-approval:${w.id}:`);
      expect(reminder.dedupeKey).toBe(`workflow-approval:${w.id}:rem1:0:h0:stage@acme.test`);
      expect(reminder.subject).toBe("Erinnerung: Freigabe ausstehend: Leave request (Stufe 1 von 2)");
      expect(reminder.text).toContain("Ohne baldige Entscheidung wird die Freigabe an die nächste freigebende Person eskaliert.");
    } finally {
      await updateTenant("acme", { defaultLocale: null });
    }
  });

  it("write nothing to a submitter known by no address", async () => {
    const b = batch({ id: "3b7e4d5c-1f2a-4c3b-9d8e-7f6a5b4c3d2e", submittedBy: "CRM export" });
    await (await getDb()).transaction((tx) => notifySubmitterOfChanges(tx, b, "ann@acme.test", null));
    expect(await outbox(`batch-changes:${b.id}:`)).toEqual([]);
  });
});
