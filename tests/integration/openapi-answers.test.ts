import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchCheckExamples, decideExamples, renderExamples } from "@/lib/batch/api-examples";
import {
  approveExamples,
  createWorkflowExamples,
  governanceExamples,
  rejectExamples,
  requestChangesExamples,
  stepExamples,
} from "@/lib/workflow/api-examples";
import { declineExamples, signerOtpExamples, signExamples } from "@/lib/signing/api-examples";
import { expectDocumented, openApiDocument } from "../support/documented";
import { esignFixtures, signingLink, workflowStatus, type EsignFixtures } from "../support/esign-flow";
import { addDemoTemplates, eventually, type Stack } from "../support/stack";
import { portalCall, reviewerToken, startWorkflowStack, uniqueCorrelationId } from "../support/workflow";

/**
 * Real answers of the main routes, each checked against the document generated from this checkout.
 * The requests are the document's own examples (lib/…/api-examples.ts), so an example that no longer
 * works fails here; only what a run must make its own (correlation ids, a mailed passcode) is replaced.
 */
let stack: Stack;
let fx: EsignFixtures;
beforeAll(async () => {
  fx = await esignFixtures();
  stack = await startWorkflowStack({ env: fx.env });
  addDemoTemplates(stack);
});
afterAll(async () => {
  await stack?.stop();
  await fx?.close();
});

/** A workflow create example with a correlation id of this run. */
const fresh = <T extends { correlationId?: string }>(body: T) => ({ ...body, correlationId: uniqueCorrelationId("openapi") });

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
  it("batch: check, receipt, list, detail, decide, documents, refusals, delivery sessions", async () => {
    for (const check of Object.values(batchCheckExamples)) {
      const res = await stack.api("submitter", "POST", "/api/dispatch/batch/check", check.value);
      expect(res.status).toBe(200);
      expect(await expectDocumented(res, "POST", "/api/dispatch/batch/check"), check.summary).toMatchObject({ counts: { invalid: 0 } });
    }
    const example = renderExamples.statementBatch.value;
    const submit = await stack.api("submitter", "POST", "/api/render", {
      ...example,
      options: { ...example.options, correlationId: uniqueCorrelationId("openapi") },
    });
    expect(submit.status).toBe(202);
    await expectDocumented(submit, "POST", "/api/render");
    const batchId = submit.headers.get("x-svc-batchid")!;
    await expectDocumented(await stack.api("submitter", "GET", "/api/dispatch/batch?limit=5"), "GET", "/api/dispatch/batch");
    await expectDocumented(await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}`), "GET", "/api/dispatch/batch/{batchId}");
    const changes = await stack.api("approver", "POST", `/api/dispatch/batch/${batchId}/decide`, decideExamples.requestChanges.value);
    expect(changes.status).toBe(200);
    expect(await expectDocumented(changes, "POST", "/api/dispatch/batch/{batchId}/decide")).toMatchObject({ state: "changes-requested" });
    const decide = await stack.api("approver", "POST", `/api/dispatch/batch/${batchId}/decide`, decideExamples.reject.value);
    expect(decide.status).toBe(200);
    await expectDocumented(decide, "POST", "/api/dispatch/batch/{batchId}/decide");
    const again = await stack.api("approver", "POST", `/api/dispatch/batch/${batchId}/decide`, decideExamples.approve.value);
    expect(again.status).toBe(409);
    await expectDocumented(again, "POST", "/api/dispatch/batch/{batchId}/decide");
    await expectDocumented(
      await stack.api("submitter", "GET", "/api/dispatch/batch/00000000-0000-4000-8000-000000000000"),
      "GET",
      "/api/dispatch/batch/{batchId}",
    );
    await expectDocumented(
      await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}/documents`),
      "GET",
      "/api/dispatch/batch/{batchId}/documents",
    );
    const cancel = await stack.api("submitter", "POST", `/api/dispatch/batch/${batchId}/cancel`);
    expect(cancel.status).toBe(409);
    await expectDocumented(cancel, "POST", "/api/dispatch/batch/{batchId}/cancel");
    const sessions = await stack.api(
      "submitter",
      "GET",
      `/api/delivery-sessions?correlationId=${encodeURIComponent(submit.headers.get("x-svc-correlationid")!)}`,
    );
    await expectDocumented(sessions, "GET", "/api/delivery-sessions");
  });

  it("answers the document once missed: render's explain and licence problems, a broken signing token, a batch's validation messages", async () => {
    const example = renderExamples.statementBatch.value;
    const withOptions = (extra: object) => ({
      ...example,
      options: { ...example.options, correlationId: uniqueCorrelationId("openapi") },
      ...extra,
    });
    // Archiving after 730 days does not come before the deployment's two years of retention.
    const conflict = await stack.api(
      "submitter",
      "POST",
      "/api/render",
      withOptions({ features: { ...example.features, autoArchiveAfterDays: 730 } }),
    );
    expect(conflict.status).toBe(400);
    expect(await expectDocumented(conflict, "POST", "/api/render")).toMatchObject({ code: "explain.retention_conflict" });
    const unlicensed = await stack.api("unlicensed", "POST", "/api/render", withOptions({}));
    expect(unlicensed.status).toBe(403);
    expect(await expectDocumented(unlicensed, "POST", "/api/render")).toMatchObject({ code: "licence.feature_missing" });

    const broken = await stack.api(null, "GET", "/api/sign/%E0%A4%A");
    expect(broken.status).toBe(400);
    expect(await expectDocumented(broken, "GET", "/api/sign/{token}")).toMatchObject({ code: "request.invalid" });

    // Secure e-mail needs an address: the second record is invalid (so is the batch, stored as such), and the batch detail says why in words.
    const [first, second, third] = example.dataSource;
    const { recipientEmail: _email, ...withoutEmail } = second;
    const submit = await stack.api("submitter", "POST", "/api/render", withOptions({ dataSource: [first, withoutEmail, third] }));
    expect(submit.status).toBe(422);
    const detail = await stack.api("submitter", "GET", `/api/dispatch/batch/${submit.headers.get("x-svc-batchid")}`);
    expect(detail.status).toBe(200);
    const { validationResults } = (await expectDocumented(detail, "GET", "/api/dispatch/batch/{batchId}")) as {
      validationResults: Array<{ index: number; messages: unknown[] }>;
    };
    expect(validationResults).toContainEqual(
      expect.objectContaining({ index: 1, status: "invalid", messages: expect.arrayContaining([expect.stringMatching(/recipientEmail/)]) }),
    );
  });

  it("workflow: create, status for the initiator and the participant, advance, list, cancel", async () => {
    const create = await stack.api("submitter", "POST", "/api/workflow", fresh(createWorkflowExamples.supplierOnboarding.value));
    expect(create.status).toBe(201);
    const created = (await expectDocumented(create, "POST", "/api/workflow")) as { workflowId: string; portalUrl: string };
    const token = new URL(created.portalUrl).searchParams.get("pt")!;
    const id = created.workflowId;
    await expectDocumented(await stack.api("submitter", "GET", `/api/workflow/${id}/status`), "GET", "/api/workflow/{workflowId}/status");
    await expectDocumented(await portalCall(stack, "GET", `/api/workflow/${id}/status`, token), "GET", "/api/workflow/{workflowId}/status");
    await expectDocumented(
      await portalCall(stack, "POST", `/api/workflow/${id}/advance`, token),
      "POST",
      "/api/workflow/{workflowId}/advance",
    );
    await expectDocumented(
      await stack.api("submitter", "GET", `/api/workflow/${id}/status`, undefined, { authorization: "Bearer nope" }),
      "GET",
      "/api/workflow/{workflowId}/status",
    );
    await expectDocumented(await stack.api("submitter", "GET", "/api/workflow?limit=3"), "GET", "/api/workflow");
    const cancel = await stack.api("submitter", "POST", `/api/workflow/${id}/cancel`);
    expect(cancel.status).toBe(200);
    await expectDocumented(cancel, "POST", "/api/workflow/{workflowId}/cancel");
  });

  /** A leave request filled and submitted by its participant: pending-approval at stage 1. */
  async function submittedLeave(): Promise<{ id: string; participant: string }> {
    const create = await stack.api("submitter", "POST", "/api/workflow", {
      templatePath: "workflow/leave-request.md",
      correlationId: uniqueCorrelationId("openapi"),
      templateSettings: { workflow: { recipients: [{ email: "pat@example.test", displayName: "Pat Doe" }] } },
    });
    expect(create.status).toBe(201);
    const { workflowId: id, portalUrl } = await create.json();
    const participant = new URL(portalUrl).searchParams.get("pt")!;
    const steps = [
      { fullName: "Jane Roe", employeeId: "E1234", email: "jane@acme.test" },
      { leaveType: "annual", startDate: "2026-07-01", endDate: "2026-07-10", days: 8 },
      { confirmed: true, notes: "Summer holiday" },
    ];
    for (const [i, data] of steps.entries()) {
      expect((await portalCall(stack, "PATCH", `/api/workflow/${id}/step/${i}`, participant, { data })).status).toBe(200);
      expect((await portalCall(stack, "POST", `/api/workflow/${id}/advance`, participant)).status).toBe(200);
    }
    return { id, participant };
  }

  it("workflow: portal bootstraps, resend-invite, request-changes, escalate, seal, activity, callbacks", async () => {
    const boot = "/api/workflow/{workflowId}";
    const w = await submittedLeave();
    const participantBoot = await portalCall(stack, "GET", `/api/workflow/${w.id}`, w.participant);
    expect(participantBoot.status).toBe(200);
    expect(await expectDocumented(participantBoot, "GET", boot)).toMatchObject({ role: "participant" });
    const reviewer = reviewerToken(w.id);
    const reviewerBoot = await portalCall(stack, "GET", `/api/workflow/${w.id}`, reviewer);
    expect(reviewerBoot.status).toBe(200);
    expect(await expectDocumented(reviewerBoot, "GET", boot)).toMatchObject({ role: "reviewer", reviewer: { mayDecide: true } });
    const changes = await portalCall(stack, "POST", `/api/workflow/${w.id}/request-changes`, reviewer, {
      changes: [
        { message: "Use your full legal name", fieldKey: "fullName", severity: "error", dueDate: "2026-12-01" },
        { message: "Anything else?" },
      ],
    });
    expect(changes.status).toBe(200);
    expect(await expectDocumented(changes, "POST", "/api/workflow/{workflowId}/request-changes")).toMatchObject({
      state: "changes-requested",
    });
    const resend = await portalCall(stack, "POST", `/api/workflow/${w.id}/resend-invite`, w.participant);
    expect(resend.status).toBe(200);
    await expectDocumented(resend, "POST", "/api/workflow/{workflowId}/resend-invite");
    await expectDocumented(await portalCall(stack, "GET", `/api/workflow/${w.id}`, w.participant), "GET", boot);

    const v = await submittedLeave();
    const escalate = await stack.api("submitter", "POST", `/api/workflow/${v.id}/escalate`);
    expect(escalate.status).toBe(200);
    expect(await expectDocumented(escalate, "POST", "/api/workflow/{workflowId}/escalate")).toMatchObject({
      escalatedTo: "second@acme.test",
    });
    const seal = await stack.api("submitter", "POST", `/api/workflow/${v.id}/seal`);
    expect(seal.status).toBe(200);
    await expectDocumented(seal, "POST", "/api/workflow/{workflowId}/seal");
    await expectDocumented(await stack.api("submitter", "POST", `/api/workflow/${v.id}/seal`), "POST", "/api/workflow/{workflowId}/seal");
    const activity = await stack.api("submitter", "GET", `/api/workflow/${v.id}/activity`);
    expect(activity.status).toBe(200);
    expect(
      ((await expectDocumented(activity, "GET", "/api/workflow/{workflowId}/activity")) as { events: unknown[] }).events.length,
    ).toBeGreaterThan(5);
    const callbacks = await stack.api("submitter", "GET", `/api/workflow/${v.id}/callbacks`);
    expect(callbacks.status).toBe(200);
    await expectDocumented(callbacks, "GET", "/api/workflow/{workflowId}/callbacks");
  });

  /** The supplier onboarding example filled in and submitted by its participant, step by step with the step examples: pending-approval. */
  async function submittedSupplier(): Promise<string> {
    const create = await stack.api("submitter", "POST", "/api/workflow", fresh(createWorkflowExamples.supplierOnboarding.value));
    expect(create.status).toBe(201);
    const { workflowId: id, portalUrl } = await create.json();
    const participant = new URL(portalUrl).searchParams.get("pt")!;
    for (const [i, step] of [stepExamples.company, stepExamples.contact, stepExamples.volume].entries()) {
      const save = await portalCall(stack, "PATCH", `/api/workflow/${id}/step/${i}`, participant, step.value);
      expect(save.status, `step ${i}: ${await save.clone().text()}`).toBe(200);
      await expectDocumented(save, "PATCH", "/api/workflow/{workflowId}/step/{stepIndex}");
      const advance = await portalCall(stack, "POST", `/api/workflow/${id}/advance`, participant);
      expect(advance.status).toBe(200);
    }
    return id;
  }
  const reviewer = (id: string) => reviewerToken(id);

  it("workflow: the examples of steps, approve, reject, request-changes and governance decisions", async () => {
    const approved = await submittedSupplier();
    const approve = await stack.api("approver", "POST", `/api/workflow/${approved}/approve`, approveExamples.approve.value);
    expect(approve.status).toBe(200);
    await expectDocumented(approve, "POST", "/api/workflow/{workflowId}/approve");

    const rejected = await submittedSupplier();
    const reject = await portalCall(stack, "POST", `/api/workflow/${rejected}/reject`, reviewer(rejected), rejectExamples.reject.value);
    expect(reject.status).toBe(200);
    expect(await expectDocumented(reject, "POST", "/api/workflow/{workflowId}/reject")).toMatchObject({ state: "rejected" });

    const sentBack = await submittedSupplier();
    const changes = await portalCall(
      stack,
      "POST",
      `/api/workflow/${sentBack}/request-changes`,
      reviewer(sentBack),
      requestChangesExamples.twoChanges.value,
    );
    expect(changes.status).toBe(200);
    expect(await expectDocumented(changes, "POST", "/api/workflow/{workflowId}/request-changes")).toMatchObject({
      state: "changes-requested",
    });

    // Prefilled without the VAT number a German supplier needs: an error rule fails at creation.
    const { esign: _esign, ...settings } = createWorkflowExamples.withSigners.value.templateSettings;
    const { vatNumber: _vat, ...initialData } = createWorkflowExamples.withSigners.value.initialData;
    const failing = await stack.api(
      "submitter",
      "POST",
      "/api/workflow",
      fresh({ ...createWorkflowExamples.withSigners.value, templateSettings: settings, initialData }),
    );
    expect(failing.status).toBe(201);
    const { workflowId: excepted, state } = await failing.json();
    expect(state).toBe("validation-failed");
    const exception = await portalCall(
      stack,
      "POST",
      `/api/workflow/${excepted}/governance-decision`,
      reviewer(excepted),
      governanceExamples.approveWithException.value,
    );
    expect(exception.status).toBe(200);
    await expectDocumented(exception, "POST", "/api/workflow/{workflowId}/governance-decision");

    const refused = await submittedSupplier();
    const refusal = await portalCall(
      stack,
      "POST",
      `/api/workflow/${refused}/governance-decision`,
      reviewer(refused),
      governanceExamples.reject.value,
    );
    expect(refusal.status).toBe(200);
    expect(await expectDocumented(refusal, "POST", "/api/workflow/{workflowId}/governance-decision")).toMatchObject({ state: "rejected" });
  });

  it("e-signature: the signers example: signer resend, passcode, sign, progress, decline, certificate chain", async () => {
    const example = createWorkflowExamples.withSigners.value;
    const [first, second] = example.templateSettings.esign.signers;
    const create = await stack.api("submitter", "POST", "/api/workflow", fresh(example));
    expect(create.status).toBe(201);
    const { workflowId: id, state } = (await expectDocumented(create, "POST", "/api/workflow")) as { workflowId: string; state: string };
    expect(state).toBe("pending-approval");
    expect((await stack.api("submitter", "POST", `/api/workflow/${id}/seal`)).status).toBe(200);
    await eventually(async () => (await workflowStatus(stack, id)).signing?.documentRevision === 0, 60_000, "revision 0");

    await signingLink(stack, first.email);
    const resend = await stack.api("submitter", "POST", `/api/workflow/${id}/signers/0/resend`);
    expect(resend.status).toBe(200);
    await expectDocumented(resend, "POST", "/api/workflow/{workflowId}/signers/{signer}/resend");
    const tooSoon = await stack.api("submitter", "POST", `/api/workflow/${id}/signers/0/resend`);
    expect(tooSoon.status).toBe(429);
    expect(await expectDocumented(tooSoon, "POST", "/api/workflow/{workflowId}/signers/{signer}/resend")).toMatchObject({
      code: "workflow.resend_rate_limited",
    });

    const a = await signingLink(stack, first.email, 1);
    const sent = await stack.api(null, "POST", `/api/sign/${a}/otp/send`);
    expect(sent.status).toBe(200);
    await expectDocumented(sent, "POST", "/api/sign/{token}/otp/send");
    const mail = await stack.smtp.waitFor((ms) => ms.find((m) => m.to.includes(first.email) && m.subject.includes("passcode")), 30_000);
    const verify = await stack.api(null, "POST", `/api/sign/${a}/otp/verify`, {
      ...signerOtpExamples.passcode.value,
      otp: /passcode is (\d{6})/.exec(mail.text)![1],
    });
    expect(verify.status).toBe(200);
    const { otpProof } = (await expectDocumented(verify, "POST", "/api/sign/{token}/otp/verify")) as { otpProof: string };
    const progressA = await stack.api(null, "GET", `/api/sign/${a}/progress`, undefined, { "x-svc-sign-otp": otpProof });
    expect(progressA.status).toBe(200);
    await expectDocumented(progressA, "GET", "/api/sign/{token}/progress");
    const sign = await stack.api(null, "POST", `/api/sign/${a}/sign`, signExamples.typed.value, { "x-svc-sign-otp": otpProof });
    expect(sign.status).toBe(202);
    await expectDocumented(sign, "POST", "/api/sign/{token}/sign");
    await eventually(
      async () => (await workflowStatus(stack, id)).signing.signers[0].state === "signed",
      60_000,
      "the first signer signed",
    );

    const b = await signingLink(stack, second.email);
    const decline = await stack.api(null, "POST", `/api/sign/${b}/decline`, declineExamples.wrongAmount.value);
    expect(decline.status).toBe(200);
    await expectDocumented(decline, "POST", "/api/sign/{token}/decline");
    const progressB = await stack.api(null, "GET", `/api/sign/${b}/progress`);
    expect(progressB.status).toBe(200);
    expect(await expectDocumented(progressB, "GET", "/api/sign/{token}/progress")).toMatchObject({
      signer: { state: "declined" },
      signing: { declined: 1 },
    });

    const chain = await eventually(
      async () => {
        const res = await stack.api("submitter", "GET", `/api/workflow/${id}/certificate/chain`);
        return res.status === 200 && res;
      },
      60_000,
      "the certificate of completion",
    );
    expect(await expectDocumented(chain, "GET", "/api/workflow/{workflowId}/certificate/chain")).toMatchObject({ valid: true });
  });
});
