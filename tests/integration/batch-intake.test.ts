import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPdf } from "../support/pdf";
import { startStack, type Stack } from "../support/stack";
import { expectProblem } from "../support/problem";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { BATCH_MAX_RECORDS: "50", RENDER_BODY_MAX_BYTES: "200000" } });
});
afterAll(async () => stack?.stop());

const record = (i: number, extra: Record<string, unknown> = {}) => ({
  customerId: `C${100 + i}`,
  name: `Customer ${i}`,
  amount: 10 * i,
  recipientEmail: `customer${i}@example.test`,
  ...extra,
});
const batchBody = (records: unknown[], extra: Record<string, unknown> = {}) => ({
  templatePath: "letter.md",
  options: { generatedBy: "submitter@acme.test", sourceSystem: "crm" },
  dataSource: records,
  features: { svcDispatch: true },
  ...extra,
});

describe("intake: bad input gets problem+json and leaves no batch", () => {
  it("refuses a request without a token, with an unknown tenant, or without the licence", async () => {
    expect((await expectProblem(await stack.api(null, "POST", "/api/render", batchBody([record(1)])))).code).toBe("auth.token_missing");
    const garbage = await stack.api(null, "POST", "/api/render", batchBody([record(1)]), { authorization: "Bearer not.a.jwt" });
    expect(garbage.status).toBe(401);
    const stranger = await stack.api("stranger", "POST", "/api/render", batchBody([record(1)]));
    expect(stranger.status).toBe(403);
    expect((await expectProblem(stranger)).code).toBe("auth.tenant_unknown");
    const unlicensed = await stack.api("unlicensed", "POST", "/api/render", batchBody([record(1)]));
    expect(unlicensed.status).toBe(403);
    expect((await expectProblem(unlicensed)).code).toBe("licence.feature_missing");
    expect((await stack.api("unlicensed", "GET", "/api/dispatch/batch")).status).toBe(403);
  });

  it("answers malformed JSON, wrong types, empty and oversized batches, and bad template paths", async () => {
    const cases: Array<[unknown, number, string]> = [
      ["{not json", 400, "request.malformed_json"],
      [{ ...batchBody([record(1)]), dataSource: "nope" }, 400, "request.invalid"],
      [{ ...batchBody([record(1)]), templatePath: 42 }, 400, "request.invalid"],
      [batchBody([]), 422, "batch.empty"],
      [batchBody(Array.from({ length: 51 }, (_, i) => record(i))), 413, "batch.too_many_records"],
      [{ ...batchBody([record(1)]), templatePath: "../package.json" }, 422, "template.path_invalid"],
      [{ ...batchBody([record(1)]), templatePath: "/etc/passwd" }, 422, "template.path_invalid"],
      [{ ...batchBody([record(1)]), templatePath: "missing.md" }, 422, "template.not_found"],
      [
        { ...batchBody([record(1)]), templateSettings: { distribution: { mode: "combined", zipBundle: true } } },
        422,
        "batch.settings_invalid",
      ],
      [
        { ...batchBody([record(1)]), features: {}, templateSettings: { distribution: { requireApproval: false } } },
        422,
        "batch.dispatch_not_enabled",
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await stack.api("submitter", "POST", "/api/render", body);
      expect({ status: res.status, code: (await expectProblem(res)).code }).toEqual({ status, code });
    }
    const huge = batchBody([record(1, { name: "x".repeat(300_000) })]);
    const tooLarge = await stack.api("submitter", "POST", "/api/render", huge);
    expect(tooLarge.status).toBe(413);
    expect((await expectProblem(tooLarge)).code).toBe("request.too_large");

    const list = await (await stack.api("submitter", "GET", "/api/dispatch/batch")).json();
    expect(list.total).toBe(0);
  });
});

describe("intake: receipt, readiness and idempotency", () => {
  it("accepts a valid batch with 202, the three headers and a receipt PDF, and mails the approvers", async () => {
    const res = await stack.api(
      "submitter",
      "POST",
      "/api/render",
      batchBody([record(1), record(2)], { options: { correlationId: "crm-run-1", generatedBy: "submitter@acme.test" } }),
    );
    expect(res.status).toBe(202);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const batchId = res.headers.get("x-svc-batchid")!;
    expect(batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-svc-correlationid")).toBe("crm-run-1");
    expect(res.headers.get("x-svc-dispatchreadiness")).toBe("READY");
    const receipt = await readPdf(await res.arrayBuffer());
    expect(receipt.pages).toBeGreaterThanOrEqual(1);
    expect(receipt.correlationId).toBe("crm-run-1");

    const detail = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}`)).json();
    expect(detail).toMatchObject({
      batchId,
      state: "pending-approval",
      dispatchReadiness: "READY",
      documentCount: 2,
      readyCount: 2,
      templatePath: "letter.md",
      submittedBy: "submitter@acme.test",
    });

    const mails = await stack.smtp.waitFor((m) => m.filter((x) => x.subject.includes("Approval needed")).length >= 2 && m, 20_000);
    const approvalMails = mails.filter((x) => x.subject.includes("Approval needed"));
    expect(approvalMails.flatMap((m) => m.to).sort()).toEqual(["approver@acme.test", "second@acme.test"]);
    expect(approvalMails[0].text).toContain(batchId);

    const again = await stack.api(
      "submitter",
      "POST",
      "/api/render",
      batchBody([record(1), record(2), record(3)], { options: { correlationId: "crm-run-1" } }),
    );
    expect(again.status).toBe(202);
    expect(again.headers.get("x-svc-batchid")).toBe(batchId);
    expect(again.headers.get("x-svc-idempotent-replay")).toBe("true");
    const list = await (await stack.api("submitter", "GET", "/api/dispatch/batch?state=pending-approval")).json();
    expect(list.batches.filter((b: { batchId: string }) => b.batchId === batchId)).toHaveLength(1);
  });

  it("classes warnings as PARTIAL and errors as INVALID with a 422 receipt listing the failures", async () => {
    const partial = await stack.api(
      "submitter",
      "POST",
      "/api/render",
      batchBody([record(1, { nickname: "far-too-long-nickname" }), record(2)]),
    );
    expect(partial.status).toBe(202);
    expect(partial.headers.get("x-svc-dispatchreadiness")).toBe("PARTIAL");
    const p = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${partial.headers.get("x-svc-batchid")}`)).json();
    expect(p.warningCount).toBe(1);
    expect(p.validationResults).toEqual([
      expect.objectContaining({ index: 0, status: "warning", messages: [expect.stringContaining("nickname")] }),
    ]);

    const invalid = await stack.api(
      "submitter",
      "POST",
      "/api/render",
      batchBody(
        [
          record(1),
          record(2, { customerId: "bad" }),
          record(3, { amount: 20_000, recipientEmail: undefined }),
          record(4, { customerId: "C101" }),
        ],
        { templateSettings: { distribution: { fileNameTemplate: "letter-{{customerId}}" } } },
      ),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get("x-svc-dispatchreadiness")).toBe("INVALID");
    expect((await readPdf(await invalid.arrayBuffer())).pages).toBeGreaterThanOrEqual(1);
    const d = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${invalid.headers.get("x-svc-batchid")}`)).json();
    expect(d.state).toBe("invalid");
    const byIndex = Object.fromEntries(
      d.validationResults.map((v: { index: number; messages: string[] }) => [v.index, v.messages.join(" | ")]),
    );
    expect(byIndex[1]).toContain("customerId");
    expect(byIndex[2]).toContain("amount");
    expect(byIndex[2]).toContain("recipientEmail");
    expect(byIndex[3]).toContain("also the name of record 1");
    expect(d.failedCount).toBe(3);
    expect(d.readyCount).toBe(1);
  });

  it("renders a single document for an object dataSource", async () => {
    const res = await stack.api("submitter", "POST", "/api/render", {
      templatePath: "letter.md",
      dataSource: record(7),
      options: { correlationId: "one-off-7" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-svc-correlationid")).toBe("one-off-7");
    const pdf = await readPdf(await res.arrayBuffer());
    expect(pdf.correlationId).toBe("one-off-7");
  });
});
