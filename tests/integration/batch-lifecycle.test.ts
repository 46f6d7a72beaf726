import { unzipSync } from "fflate";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readXmpField } from "@/lib/pdf/metadata";
import { readPdf } from "../support/pdf";
import { expectProblem } from "../support/problem";
import { dbKind, eventually, startStack, type Stack, type UserName } from "../support/stack";
import { queryStackDb } from "../support/stack-db";

/** On PGlite (the integration-pglite project) only a batch end to end runs; the rest is the same on either database. */
const pglite = dbKind() === "pglite";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.stop());

const record = (i: number, extra: Record<string, unknown> = {}) => ({
  customerId: `C${100 + i}`,
  name: `Customer ${i}`,
  amount: 10 * i,
  recipientEmail: `customer${i}@example.test`,
  ...extra,
});

async function submit(
  records: unknown[],
  distribution: Record<string, unknown> = {},
  user: UserName = "submitter",
  templatePath = "letter.md",
) {
  const res = await stack.api(user, "POST", "/api/render", {
    templatePath,
    dataSource: records,
    features: { svcDispatch: true },
    templateSettings: { distribution },
  });
  expect(res.status).toBe(202);
  return res.headers.get("x-svc-batchid")!;
}
const detail = async (id: string, user: UserName = "submitter") => (await stack.api(user, "GET", `/api/dispatch/batch/${id}`)).json();
const decide = (id: string, user: UserName, decision: string, comments?: string) =>
  stack.api(user, "POST", `/api/dispatch/batch/${id}/decide`, { decision, comments });
const finished = (id: string) =>
  eventually(
    async () => {
      const d = await detail(id);
      return ["completed", "partially-failed"].includes(d.state) && d;
    },
    90_000,
    `batch ${id} to finish`,
  );

describe.skipIf(pglite)("decisions", () => {
  it("lets only an approver of the batch decide, never the submitter or another tenant", async () => {
    const id = await submit([record(1)]);
    expect((await decide(id, "submitter", "approve")).status).toBe(403);
    expect((await decide(id, "outsider", "approve")).status).toBe(404);
    expect((await stack.api("outsider", "GET", `/api/dispatch/batch/${id}`)).status).toBe(404);
    const own = await submit([record(2)], {}, "approver");
    const self = await decide(own, "approver", "approve");
    expect(self.status).toBe(403);
    expect((await self.json()).code).toBe("batch.self_approval");
    expect((await decide(id, "approver", "maybe")).status).toBe(400);
  });

  it("leaves an approver who submits out of their own batch's approvers: another decides and is mailed, the tenant's approvers are asked when only the submitter is named, and nobody else is 422 batch.no_approver", async () => {
    const approvalMails = (id: string) => stack.smtp.messages.filter((m) => m.subject.startsWith("Approval needed") && m.text.includes(id));

    // Named with another approver: only the other one approves, and only they are asked.
    const quiet = { deliveryConfig: { mode: "none" } }; // no mail: later tests count the delivery mails
    const named = await submit([record(1)], { ...quiet, approversEmail: ["Approver@acme.test", "second@acme.test"] }, "approver");
    expect((await detail(named)).approvers).toEqual(["second@acme.test"]);
    await stack.smtp.waitFor(() => approvalMails(named).length > 0 && true, 20_000);
    await expectProblem(await decide(named, "approver", "approve"), 403, "batch.self_approval");
    expect((await decide(named, "approver2", "approve")).status).toBe(200);
    expect(approvalMails(named).flatMap((m) => m.to)).toEqual(["second@acme.test"]);

    // Named alone: the tenant's other approvers are asked instead.
    const alone = await submit([record(2)], { ...quiet, approversEmail: "approver@acme.test" }, "approver");
    expect((await detail(alone)).approvers).toEqual(["second@acme.test"]);
    await stack.smtp.waitFor(() => approvalMails(alone).length > 0 && true, 20_000);
    expect(approvalMails(alone).flatMap((m) => m.to)).toEqual(["second@acme.test"]);

    // The tenant's only approver submits (the outsider's token is Globex's, with approver@acme.test as its email): nobody can approve.
    const globex = async (approvers: string[]) => {
      await queryStackDb(stack, `update tenants set approvers = '${JSON.stringify(approvers)}'::jsonb where id = 'globex'`);
      if (stack.kind === "pglite") await stack.startServer();
    };
    await globex(["approver@acme.test"]);
    try {
      const body = { templatePath: "letter.md", dataSource: [record(3)], features: { svcDispatch: true } };
      const refused = await expectProblem(await stack.api("outsider", "POST", "/api/render", body), 422, "batch.no_approver");
      expect(refused.errors).toEqual([
        {
          path: "templateSettings.distribution.approversEmail",
          message: "must name an approver other than the submitter when requireApproval is true",
        },
      ]);
      const alsoNamed = { ...body, templateSettings: { distribution: { approversEmail: ["approver@acme.test"] } } };
      await expectProblem(await stack.api("outsider", "POST", "/api/render", alsoNamed), 422, "batch.no_approver");
      const list = await (await stack.api("outsider", "GET", "/api/dispatch/batch")).json();
      expect(list.batches).toEqual([]);
    } finally {
      await globex(["boss@globex.test"]);
    }
  });

  it("rejects, requests changes (mailing the submitter), cancels, and refuses wrong-state calls with 409", async () => {
    const rejected = await submit([record(1)]);
    const r = await decide(rejected, "approver", "reject", "wrong quarter");
    expect(await r.json()).toMatchObject({ batchId: rejected, state: "rejected" });
    expect((await detail(rejected)).decisionComments).toBe("wrong quarter");
    const again = await decide(rejected, "approver2", "approve");
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("batch.invalid_state");
    expect((await stack.api("submitter", "POST", `/api/dispatch/batch/${rejected}/cancel`)).status).toBe(409);

    const changes = await submit([record(1)]);
    expect((await (await decide(changes, "approver", "request-changes", "fix the amounts")).json()).state).toBe("changes-requested");
    await stack.smtp.waitFor((m) => m.some((x) => x.to.includes("submitter@acme.test") && x.text.includes("fix the amounts")), 20_000);
    const cancelled = await stack.api("submitter", "POST", `/api/dispatch/batch/${changes}/cancel`);
    expect(await cancelled.json()).toEqual({ batchId: changes, state: "cancelled" });
    expect((await detail(changes)).state).toBe("cancelled");
    const list = await (await stack.api("submitter", "GET", "/api/dispatch/batch?state=cancelled")).json();
    expect(list.batches.map((b: { batchId: string }) => b.batchId)).toContain(changes);
    expect((await stack.api("submitter", "GET", "/api/dispatch/batch?state=bogus")).status).toBe(400);
  });
});

describe("processing and delivery", () => {
  it.skipIf(pglite)("renders the template version validated at intake, even after the file is edited or removed", async () => {
    const file = path.join(stack.templatesDir, "versioned.md");
    fs.writeFileSync(file, `${fs.readFileSync(path.join(stack.templatesDir, "letter.md"), "utf8")}\nVersioned copy.\n`);
    const quiet = { deliveryConfig: { mode: "none" } }; // no mail: later tests count the delivery mails
    const id = await submit([record(1)], quiet, "submitter", "versioned.md");
    const validated = (await detail(id)).templateVersion;
    expect(validated).toMatch(/^[0-9a-f]{64}$/);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("# Letter for", "# Edited letter for"));
    const later = await submit([record(2)], quiet, "submitter", "versioned.md");
    expect((await detail(later)).templateVersion).not.toBe(validated);
    fs.rmSync(file);

    expect((await decide(id, "approver", "approve")).status).toBe(200);
    expect(await finished(id)).toMatchObject({ state: "completed", processedCount: 1, errorCount: 0 });
    const pdf = await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents/0`);
    expect(await readXmpField(new Uint8Array(await pdf.arrayBuffer()), "TemplateVersion")).toBe(validated);
  });

  it.skipIf(pglite)("records a render failure on the record, keeps going, and ends partially-failed", async () => {
    fs.writeFileSync(
      path.join(stack.templatesDir, "fragile.md"),
      `${fs.readFileSync(path.join(stack.templatesDir, "letter.md"), "utf8")}\nFragile copy.\n`,
    );
    const id = await submit([record(1), record(2)], {}, "submitter", "fragile.md");
    const { templateVersion } = await detail(id);
    // The template and the copy kept at intake both disappear before processing.
    fs.rmSync(path.join(stack.templatesDir, "fragile.md"));
    await stack.deleteBlob(`templates/${templateVersion}.md`);
    expect((await decide(id, "approver", "approve")).status).toBe(200);
    const done = await finished(id);
    expect(done).toMatchObject({ state: "partially-failed", processedCount: 2, errorCount: 2, failedCount: 2 });
    const docs = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents`)).json();
    const gone = `Template fragile.md no longer has the version validated at intake (${templateVersion.slice(0, 12)}) and no copy of it is stored`;
    expect(docs.documents.map((d: { status: string; error: string }) => [d.status, d.error])).toEqual([
      ["failed", gone],
      ["failed", gone],
    ]);
    const pdf = await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents/0`);
    expect(pdf.status).toBe(409);
    expect((await pdf.json()).code).toBe("batch.document_not_ready");
  });

  it("renders every record after approval, with its own correlation id, activity item and delivery", async () => {
    const records = [record(1), record(2, { recipientEmail: "a2@example.test;b2@example.test", recipientName: "Ann;Bob" }), record(3)];
    const id = await submit(records);
    const approved = await (await decide(id, "approver", "approve", "fine")).json();
    expect(approved).toMatchObject({ batchId: id, state: "queued" });
    expect(Date.parse(approved.decidedAt)).not.toBeNaN();

    const done = await finished(id);
    expect(done).toMatchObject({
      state: "completed",
      processedCount: 3,
      errorCount: 0,
      approvedBy: "approver@acme.test",
      decisionComments: "fine",
    });
    expect(done.completedAt).toBeTruthy();

    const docs = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents`)).json();
    expect(docs.documents.map((d: { status: string }) => d.status)).toEqual(["rendered", "rendered", "rendered"]);
    const ids = new Set(docs.documents.map((d: { correlationId: string }) => d.correlationId));
    expect(ids.size).toBe(3);
    // Each render keeps its pipeline's stage timings (the raw material of explain traces).
    expect(Object.keys(docs.documents[0].timings).sort()).toEqual([
      "dataBindingMs",
      "layoutMs",
      "postProcessingMs",
      "templateLoadMs",
      "totalMs",
    ]);
    const pdf = await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents/1`);
    expect(pdf.headers.get("content-disposition")).toContain("letter-C102-2.pdf");
    expect((await readPdf(await pdf.arrayBuffer())).correlationId).toBe(docs.documents[1].correlationId);

    const activity = await (await stack.api("submitter", "GET", `/api/dispatch/activity?batchId=${id}`)).json();
    const children = activity.items.filter((i: { kind: string }) => i.kind === "record");
    expect(children).toHaveLength(3);
    expect(children.every((c: { referenceId: string }) => c.referenceId === id)).toBe(true);

    // Four recipients (record 2 has two), one mail each, each link only to its own record.
    const mails = await stack.smtp.waitFor((m) => m.filter((x) => x.subject.startsWith("Your document")).length >= 4 && m, 30_000);
    const deliveries = mails.filter((x) => x.subject.startsWith("Your document"));
    expect(deliveries.flatMap((m) => m.to).sort()).toEqual([
      "a2@example.test",
      "b2@example.test",
      "customer1@example.test",
      "customer3@example.test",
    ]);
    const toBob = deliveries.find((m) => m.to.includes("b2@example.test"))!;
    expect(toBob.text).toContain("Bob");
    expect(toBob.text).toContain("letter-C102-2.pdf");
    expect(toBob.text).not.toContain("letter-C101");
    const link = toBob.text.match(/https?:\/\/\S+\/d\/[A-Za-z0-9_-]+/)![0];

    const page = await fetch(link, { headers: { "user-agent": "RecipientBrowser/1.0" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("letter-C102-2.pdf");
    const file = await fetch(`${link}/file?download=1`, { headers: { "user-agent": "RecipientBrowser/1.0" } });
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
    expect((await readPdf(await file.arrayBuffer())).correlationId).toBe(docs.documents[1].correlationId);

    const sessions = await (
      await stack.api("submitter", "GET", `/api/delivery-sessions?correlationId=${docs.documents[1].correlationId}`)
    ).json();
    expect(sessions.sessions).toHaveLength(2);
    const bob = sessions.sessions.find((s: { recipientEmail: string }) => s.recipientEmail === "b2@example.test");
    expect(bob).toMatchObject({ state: "active", recipientName: "Bob" });
    expect(Date.parse(bob.expiresAt) - Date.parse(bob.createdAt)).toBeCloseTo(24 * 3_600_000, -4);
    expect(bob.events.map((e: { kind: string }) => e.kind)).toEqual(["access", "download"]);
    expect(bob.events[0].userAgent).toBe("RecipientBrowser/1.0");
    expect(
      (await stack.api("outsider", "GET", `/api/delivery-sessions?correlationId=${docs.documents[1].correlationId}`).then((r) => r.json()))
        .total,
    ).toBe(0);

    if (stack.env.DATABASE_URL) {
      // Links exist only in the mail that left: neither the outbox nor the sessions hold a usable token.
      const sql = postgres(stack.env.DATABASE_URL, { max: 1 });
      const rows = await sql`select text from mail_outbox where subject like 'Your document%'`;
      await sql.end();
      expect(rows.length).toBeGreaterThanOrEqual(4);
      expect(rows.some((r) => r.text.includes(link.split("/d/")[1]))).toBe(false);
    }

    const revoked = await (await stack.api("submitter", "POST", `/api/delivery-sessions/${bob.sessionId}/revoke`)).json();
    expect(revoked.state).toBe("revoked");
    expect((await fetch(`${link}/file`)).status).toBe(410);
    expect(await (await fetch(link)).text()).toContain("withdrawn");
    expect(await fetch(`${stack.baseUrl}/d/${"A".repeat(43)}`).then((r) => r.text())).toContain("not recognised");
  });

  it.skipIf(pglite)("auto-approves without requireApproval, merges combined batches and bundles individual ones", async () => {
    const combined = await submit([record(1), record(2), record(3)], {
      requireApproval: false,
      mode: "combined",
      deliveryConfig: { mode: "none" },
    });
    expect((await detail(combined)).approvedBy).toBe("auto-approved");
    await finished(combined);
    const merged = await stack.api("submitter", "GET", `/api/dispatch/batch/${combined}/combined`);
    expect(merged.status).toBe(200);
    expect((await readPdf(await merged.arrayBuffer())).pages).toBeGreaterThanOrEqual(3);

    const zipped = await submit([record(1), record(2)], { requireApproval: false, zipBundle: true, deliveryConfig: { mode: "none" } });
    await finished(zipped);
    const bundle = await stack.api("submitter", "GET", `/api/dispatch/batch/${zipped}/bundle`);
    expect(bundle.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await bundle.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["letter-C101-1.pdf", "letter-C102-2.pdf"]);
    expect((await stack.api("submitter", "GET", `/api/dispatch/batch/${zipped}/combined`)).status).toBe(404);
  });
});
