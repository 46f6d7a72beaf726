import { describe, expect, it } from "vitest";
import type { WorkflowEvent, WorkflowSigner } from "@/lib/db/schema";
import { assembleTrace } from "@/lib/explain/assemble-trace";
import { renderExplainReport } from "@/lib/explain/report/render-report";
import { renderCompletionCertificate } from "@/lib/pdf/completion-certificate";
import { renderReceipt } from "@/lib/pdf/receipt";
import { renderSealedWorkflow } from "@/lib/pdf/sealed-workflow";
import renderTask from "@/lib/pdf/render-task";
import { sealInput } from "@/lib/workflow/sealing/seal-input";
import { certificateInput } from "@/lib/signing/certificate/certificate-input";
import { pdfText } from "../support/pdf";
import { useTemplatesDir } from "../support/templates-dir";
import { workflowRow } from "../support/workflow-row";

/**
 * What a person reads in every PDF kind, read back by pdftotext: moments in words with their time
 * zone named (never ISO 8601), states and event kinds in words. A machine kind may follow its words
 * for an auditor; it never stands alone.
 */
const ISO = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** Every time of day shown (hh:mm, hh:mm:ss) is followed by its zone. */
function expectZoneNamed(text: string) {
  const times = [...text.matchAll(/\b\d{1,2}:\d{2}(?::\d{2})?\b(\s+\S+)?/g)];
  expect(times.length).toBeGreaterThan(0);
  for (const t of times) expect(t[1]?.trim(), `"${t[0]}" names no zone`).toMatch(/^(UTC|MEZ|CET)\b/);
}

const T = (iso: string) => new Date(iso);

describe("the intake receipt", () => {
  it("says when and in which state in words, the time zone named", async () => {
    const text = await pdfText(
      await renderReceipt({
        batchId: "batch-0046",
        correlationId: "receipt-words-1",
        title: "November notices",
        templatePath: "notice.md",
        submittedBy: "crm@acme.test",
        submittedAt: "2026-12-01T18:25:37.634Z",
        state: "pending-approval",
        readiness: "PARTIAL",
        counts: { total: 2, ready: 1, warning: 1, invalid: 0 },
        records: [
          { index: 0, status: "ready", messages: [], fileName: "notice-1.pdf" },
          { index: 1, status: "warning", messages: ["Phone number is missing."], fileName: "notice-2.pdf" },
        ],
      }),
    );
    expect(text).not.toMatch(ISO);
    expect(text).toContain("Submitted at 1 December 2026 at 18:25 UTC");
    expect(text).toContain("State Waiting for approval");
    expect(text).not.toContain("pending-approval");
    expect(text).toContain("Dispatch readiness Ready, with warnings (PARTIAL)");
    expect(text).toMatch(/2 Warning notice-2\.pdf/);
    expect(text).toMatch(/1 Ready notice-1\.pdf/);
    expectZoneNamed(text);
  });
});

describe("the sealed workflow record", () => {
  const wf = workflowRow({
    state: "complete",
    approvalHistory: [{ at: "2026-12-01T18:20:00.000Z", action: "approved", stage: 1, by: "stage@acme.test", comment: "Fine." }],
  });
  const events = [
    { at: "2026-03-02T09:00:00.000Z", kind: "workflow.created", actor: "init@acme.test", detail: {} },
    { at: "2026-03-02T09:10:05.000Z", kind: "step.saved", actor: "portal:participant", detail: { fields: ["name"] } },
    {
      at: "2026-03-02T09:12:00.000Z",
      kind: "workflow.validated",
      actor: "portal:participant",
      detail: { from: "in-progress", to: "pending-approval" },
    },
    { at: "2026-12-01T18:25:37.634Z", kind: "seal.requested", actor: "system", detail: {} },
  ];

  it("prints moments with their zone, actions, events and actors in words, each event's kind after its words", async () => {
    const text = await pdfText(await renderSealedWorkflow(sealInput(wf, events, T("2026-12-01T18:25:37.634Z"))));
    expect(text).not.toMatch(ISO);
    expect(text).toContain("Initiated by init@acme.test, 2 March 2026 at 09:00 UTC");
    expect(text).toContain("Sealed at 1 December 2026 at 18:25 UTC");
    expect(text).toContain("1 December 2026 at 18:20 UTC Approved (stage 1) stage@acme.test: Fine.");
    // The audit trail: the event in words, then its kind (grey, for auditors), then who.
    expect(text).toContain("2 March 2026 at 09:10:05 UTC Answers saved the participant – fields Name step.saved");
    expect(text).toContain("the participant – from being filled in to waiting for approval");
    expect(text).not.toMatch(/in-progress|pending-approval|portal:participant|\bapproved \(stage/);
    expectZoneNamed(text.replace(/\s+step\.saved|\s+workflow\.\w+|\s+seal\.requested/g, ""));
  });

  it("is written in the workflow's language, its moments too", async () => {
    const german = workflowRow({ settings: { recipients: [], requireOtp: false, options: {}, locale: "de-DE" } });
    const text = await pdfText(await renderSealedWorkflow(sealInput(german, [], T("2026-12-01T18:25:37.634Z"))));
    expect(text).toContain("Versiegelt am 1. Dezember 2026 um 18:25 UTC");
  });
});

describe("the certificate of completion", () => {
  const wf = workflowRow({
    state: "complete",
    completedAt: T("2026-12-01T18:44:09.000Z"),
    documentRevision: 1,
    documentSha256: "b".repeat(64),
  });
  const signer = {
    position: 0,
    name: "Ann Example",
    email: "ann@example.com",
    role: null,
    signOrder: null,
    requireOtp: false,
    state: "signed",
    signedAt: T("2026-12-01T18:44:09.000Z"),
    signedRevision: 1,
    declinedAt: null,
    verificationMethod: "email link",
  } as unknown as WorkflowSigner;
  const event = (id: number, kind: string, at: string, detail: Record<string, unknown>) =>
    ({ id, workflowId: wf.id, tenantId: "acme", kind, actor: "ann@example.com", detail, at: T(at) }) as unknown as WorkflowEvent;
  const events = [
    event(1, "workflow.sealed", "2026-12-01T18:30:00.000Z", { revision: 0, sha256: "a".repeat(64) }),
    event(2, "signer.invited", "2026-12-01T18:30:01.000Z", { signer: 0, email: "ann@example.com", expiresAt: "2026-12-15T18:30:01.000Z" }),
    event(3, "signer.signed", "2026-12-01T18:44:09.000Z", { signer: 0, revision: 1, sha256: "b".repeat(64), certificate: "issued" }),
  ];
  const links = events.map((e, i) => ({ eventId: e.id, kind: e.kind, at: e.at.toISOString(), hash: String(i).repeat(64) }));

  it("prints every moment with its zone and every event of the hash chain in words, its kind after them", async () => {
    const text = await pdfText(
      await renderCompletionCertificate(
        certificateInput(wf, [signer], events, links, { organization: "Acme", issuedAt: T("2026-12-01T18:45:00.000Z") }),
      ),
    );
    expect(text).not.toMatch(ISO);
    expect(text).toContain("Completed 1 December 2026 at 18:44:09 UTC");
    expect(text).toContain("Signed 1 December 2026 at 18:44:09 UTC (revision 1)");
    expect(text).toContain("Link valid until 15 December 2026 at 18:30:01 UTC");
    expect(text).toMatch(/Signature added to the\s.*document/s);
    expect(text).toContain("Issued 1 December 2026 at 18:45:00 UTC by Sealpost");
    expect(text).not.toContain("Time (UTC)");
    expectZoneNamed(text);
  });
});

describe("the explain report", () => {
  useTemplatesDir();

  it("says when it was rendered and made, the zone named, and why it was traced in a sentence", async () => {
    const r = await renderTask({
      templatePath: "explain-audit.md",
      record: { customerId: "C100", name: "Ann Smith", items: [], terms: "These terms apply." },
      meta: { correlationId: "report-words-1", title: "Audit" },
      explain: true,
    });
    const trace = assembleTrace({
      correlationId: "report-words-1",
      tenantId: "acme",
      kind: "single",
      requestedBy: "features.explainDocument",
      template: r.template!,
      timings: r.timings,
      facts: r.explain!,
      createdAt: T("2026-12-01T18:25:37.634Z"),
    });
    const text = await pdfText(
      await renderExplainReport({ trace, mode: "summary", scorecard: false, templateLines: null, generatedAt: "2026-12-01T18:30:00.000Z" }),
    );
    expect(text).not.toMatch(ISO);
    expect(text).toContain("Rendered at 1 December 2026 at 18:25 UTC");
    expect(text).toContain("Report made at 1 December 2026 at 18:30 UTC");
    expect(text).toContain("Traced because the request asked for it (features.explainDocument)");
    expectZoneNamed(text);
  });
});
