import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSealpostClient, SealpostProblem, type SealpostClient } from "sealpost/client";
import { startStack, users, type Stack } from "../support/stack";

/** The typed client (sealpost/client) against the real stack, with tokens from the OIDC provider's client-credentials grant. */
let stack: Stack;
let client: SealpostClient;
beforeAll(async () => {
  stack = await startStack();
  client = createSealpostClient({ baseUrl: stack.baseUrl, issuer: stack.issuer, audience: stack.audience, ...users.submitter });
});
afterAll(async () => stack?.stop());

const records = [1, 2].map((i) => ({
  customerId: `C${100 + i}`,
  name: `Customer ${i}`,
  amount: 10 * i,
  recipientEmail: `customer${i}@example.test`,
}));

describe("the typed client", () => {
  it("sends a batch, waits for it and reads its detail", async () => {
    const body = {
      templatePath: "letter.md",
      dataSource: records,
      features: { svcDispatch: true },
      templateSettings: { distribution: { requireApproval: false, deliveryConfig: { mode: "none" as const } } },
      options: { correlationId: `client-${Date.now()}` },
    };
    // The 202 is the intake receipt (a PDF); the batch's id is in a header.
    const { response } = await client.POST("/api/render", { body, parseAs: "arrayBuffer" });
    expect(response.status).toBe(202);
    const batchId = response.headers.get("x-svc-batchid")!;

    const detail = await client.waitForBatch(batchId, ["completed", "partially-failed"], { timeoutMs: 90_000 });
    expect(detail).toMatchObject({ batchId, state: "completed", correlationId: body.options.correlationId });

    // The same correlationId again names the same batch instead of a second one.
    const again = await client.POST("/api/render", { body, parseAs: "arrayBuffer" });
    expect(again.response.headers.get("x-svc-batchid")).toBe(batchId);
  });

  it("surfaces a refused request as a SealpostProblem with its code", async () => {
    const err = await client
      .POST("/api/render", {
        body: { templatePath: "no-such-template.md", dataSource: records, features: { svcDispatch: true } },
        parseAs: "arrayBuffer",
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SealpostProblem);
    expect(err).toMatchObject({ code: "template.not_found", body: { code: "template.not_found" } });
    expect((err as SealpostProblem).status).toBeGreaterThanOrEqual(400);
  });
});
