import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectDocumented, openApiDocument } from "../support/documented";
import type { Stack } from "../support/stack";
import { portalCall, startWorkflowStack, uniqueCorrelationId } from "../support/workflow";

/** Real answers of the main routes, each checked against the document generated from this checkout. */
let stack: Stack;
beforeAll(async () => {
  stack = await startWorkflowStack();
});
afterAll(async () => stack?.stop());

const record = (i: number) => ({ customerId: `C${100 + i}`, name: `Customer ${i}`, amount: 10 * i, recipientEmail: `customer${i}@example.test` });

describe("the served document", () => {
  it("is the generated one, without a token, cacheable and revalidated by its ETag", async () => {
    const res = await stack.api(null, "GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await res.json()).toEqual(await openApiDocument());
    const again = await stack.api(null, "GET", "/api/openapi.json", undefined, { "if-none-match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
    await expectDocumented(await stack.api(null, "GET", "/api/health"), "GET", "/api/health");
  });
});

describe("answers match the document", () => {
  it("batch: receipt, list, detail, decide, documents, refusals, delivery sessions", async () => {
    const submit = await stack.api("submitter", "POST", "/api/render", {
      templatePath: "letter.md",
      options: { generatedBy: "submitter@acme.test", correlationId: uniqueCorrelationId("openapi") },
      dataSource: [record(1), record(2)],
      features: { svcDispatch: true },
    });
    expect(submit.status).toBe(202);
    await expectDocumented(submit, "POST", "/api/render");
    const batchId = submit.headers.get("x-svc-batchid")!;
    await expectDocumented(await stack.api("submitter", "GET", "/api/dispatch/batch?limit=5"), "GET", "/api/dispatch/batch");
    await expectDocumented(await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}`), "GET", "/api/dispatch/batch/{batchId}");
    const decide = await stack.api("approver", "POST", `/api/dispatch/batch/${batchId}/decide`, { decision: "reject", comments: "not now" });
    expect(decide.status).toBe(200);
    await expectDocumented(decide, "POST", "/api/dispatch/batch/{batchId}/decide");
    const again = await stack.api("approver", "POST", `/api/dispatch/batch/${batchId}/decide`, { decision: "approve" });
    expect(again.status).toBe(409);
    await expectDocumented(again, "POST", "/api/dispatch/batch/{batchId}/decide");
    await expectDocumented(await stack.api("submitter", "GET", "/api/dispatch/batch/00000000-0000-4000-8000-000000000000"), "GET", "/api/dispatch/batch/{batchId}");
    await expectDocumented(await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}/documents`), "GET", "/api/dispatch/batch/{batchId}/documents");
    const cancel = await stack.api("submitter", "POST", `/api/dispatch/batch/${batchId}/cancel`);
    expect(cancel.status).toBe(409);
    await expectDocumented(cancel, "POST", "/api/dispatch/batch/{batchId}/cancel");
    const sessions = await stack.api("submitter", "GET", `/api/delivery-sessions?correlationId=${encodeURIComponent(submit.headers.get("x-svc-correlationid")!)}`);
    await expectDocumented(sessions, "GET", "/api/delivery-sessions");
  });

  it("workflow: create, status for the initiator and the participant, advance, list, cancel", async () => {
    const create = await stack.api("submitter", "POST", "/api/workflow", {
      templatePath: "workflow/leave-request.md",
      correlationId: uniqueCorrelationId("openapi"),
      templateSettings: { workflow: { recipients: [{ email: "pat@example.test", displayName: "Pat Doe" }] } },
    });
    expect(create.status).toBe(201);
    const created = (await expectDocumented(create, "POST", "/api/workflow")) as { workflowId: string; portalUrl: string };
    const token = new URL(created.portalUrl).searchParams.get("pt")!;
    const id = created.workflowId;
    await expectDocumented(await stack.api("submitter", "GET", `/api/workflow/${id}/status`), "GET", "/api/workflow/{workflowId}/status");
    await expectDocumented(await portalCall(stack, "GET", `/api/workflow/${id}/status`, token), "GET", "/api/workflow/{workflowId}/status");
    await expectDocumented(await portalCall(stack, "POST", `/api/workflow/${id}/advance`, token), "POST", "/api/workflow/{workflowId}/advance");
    await expectDocumented(await stack.api("submitter", "GET", `/api/workflow/${id}/status`, undefined, { authorization: "Bearer nope" }), "GET", "/api/workflow/{workflowId}/status");
    await expectDocumented(await stack.api("submitter", "GET", "/api/workflow?limit=3"), "GET", "/api/workflow");
    const cancel = await stack.api("submitter", "POST", `/api/workflow/${id}/cancel`);
    expect(cancel.status).toBe(200);
    await expectDocumented(cancel, "POST", "/api/workflow/{workflowId}/cancel");
  });
});
