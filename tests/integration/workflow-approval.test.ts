import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText, readPdf } from "../support/pdf";
import type { ReceivedMail } from "../support/smtp";
import { expectProblem } from "../support/problem";
import { sendAndHangUp } from "../support/raw-http";
import { eventually, type Stack, type UserName } from "../support/stack";
import { portalCall, reviewerToken, startWorkflowStack, uniqueCorrelationId } from "../support/workflow";

let stack: Stack;
beforeAll(async () => {
  stack = await startWorkflowStack();
});
afterAll(async () => {
  await stack?.stop();
});

const portal = (method: string, path: string, token: string, body?: unknown) => portalCall(stack, method, path, token, body);

const api = (user: UserName, method: string, path: string, body?: unknown) => stack.api(user, method, path, body);
const status = async (id: string) => (await api("submitter", "GET", `/api/workflow/${id}/status`)).json();
const bootstrap = async (id: string, token: string) => {
  const res = await stack.api(null, "GET", `/api/workflow/${id}?token=${encodeURIComponent(token)}`);
  expect(res.status).toBe(200);
  return res.json();
};

/** The first mail to `to` whose subject and text match, waiting for it. */
const mailTo = (to: string, subject: RegExp, text = "") =>
  stack.smtp.waitFor((ms) => ms.find((m) => m.to.includes(to) && subject.test(m.subject) && m.text.includes(text)), 30_000);
const mailsTo = (to: string, id: string) => stack.smtp.messages.filter((m) => m.to.includes(to) && m.text.includes(id));
/** The portal token of the link in a received mail. */
const linkToken = (m: ReceivedMail) => new URL(/(http:\S+\/portal\/\S+)/.exec(m.text)![1]).searchParams.get("pt")!;

interface Created {
  id: string;
  participant: string;
}

async function createLeave(by: UserName = "submitter", settings: Record<string, unknown> = {}): Promise<Created> {
  const res = await api(by, "POST", "/api/workflow", {
    templatePath: "workflow/leave-request.md",
    correlationId: uniqueCorrelationId("approval"),
    templateSettings: { workflow: { recipients: [{ email: "pat@example.test", displayName: "Pat Doe" }] }, ...settings },
  });
  expect(res.status).toBe(201);
  const body = await res.json();
  return { id: body.workflowId, participant: new URL(body.portalUrl).searchParams.get("pt")! };
}

const steps = [
  { fullName: "Jane Roe", employeeId: "E1234", email: "jane@acme.test" },
  { leaveType: "annual", startDate: "2026-07-01", endDate: "2026-07-10", days: 8 },
  { confirmed: true, notes: "Summer holiday" },
];

/** Fills every step and submits: pending-approval. */
async function submitLeave(w: Created) {
  for (const [i, data] of steps.entries()) {
    expect((await portal("PATCH", `/api/workflow/${w.id}/step/${i}`, w.participant, { data })).status).toBe(200);
    const adv = await portal("POST", `/api/workflow/${w.id}/advance`, w.participant);
    expect(adv.status).toBe(200);
  }
  expect(await status(w.id)).toMatchObject({ state: "pending-approval", currentApprovalStage: 1, totalApprovalStages: 2 });
}

async function sealedPdf(id: string, user: UserName = "submitter"): Promise<{ bytes: Uint8Array; text: string; sha256: string }> {
  const st = await eventually(
    async () => {
      const s = await status(id);
      return s.state === "complete" && s;
    },
    60_000,
    `workflow ${id} complete`,
  );
  const res = await api(user, "GET", `/api/workflow/${id}/sealed`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  const bytes = new Uint8Array(await res.arrayBuffer());
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  expect(st.sealedSha256).toBe(sha256);
  expect(res.headers.get("x-content-sha256")).toBe(sha256);
  return { bytes, text: await pdfText(bytes), sha256 };
}

describe("approval in stages", () => {
  it("mails the stage's approvers with a working reviewer link, refuses initiator and non-approvers, moves stage by stage, seals and completes", async () => {
    const w = await createLeave();
    await submitLeave(w);
    const mail = await mailTo("approver@acme.test", /^Approval needed: Leave request \(stage 1 of 2\)$/, w.id);
    expect(mail.text).toContain(`POST ${stack.baseUrl}/api/workflow/${w.id}/approve`);
    expect(mail.text).toContain(`POST ${stack.baseUrl}/api/workflow/${w.id}/reject`);
    expect(mailsTo("second@acme.test", w.id)).toEqual([]); // stage 2 is not asked yet
    const reviewer = linkToken(mail);
    const boot = await bootstrap(w.id, reviewer);
    expect(boot.role).toBe("reviewer");
    expect(boot.steps[0].data).toEqual(steps[0]);
    expect(boot.validationResults.find((r: { ruleId: string }) => r.ruleId === "end-after-start")).toMatchObject({ passed: true });

    // Wrong people: not an approver of stage 1, another tenant, a participant token on a bearer route.
    await expectProblem(await api("submitter", "POST", `/api/workflow/${w.id}/approve`, { comment: "me" }), 403, "workflow.self_approval");
    await expectProblem(await api("admin", "POST", `/api/workflow/${w.id}/approve`, {}), 403, "workflow.not_approver");
    await expectProblem(await api("approver2", "POST", `/api/workflow/${w.id}/approve`, {}), 403, "workflow.not_approver");
    await expectProblem(await api("outsider", "POST", `/api/workflow/${w.id}/approve`, {}), 404, "workflow.not_found");
    await expectProblem(await portal("POST", `/api/workflow/${w.id}/approve`, reviewer, {}), 401, "auth.token_missing");
    await expectProblem(await api("approver", "POST", `/api/workflow/${w.id}/approve`, { comment: 5 }), 400, "request.invalid");
    await expectProblem(await api("approver", "GET", `/api/workflow/${w.id}/sealed`), 409, "workflow.not_sealed");

    const first = await api("approver", "POST", `/api/workflow/${w.id}/approve`, { comment: "Fine by me" });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ workflowId: w.id, state: "pending-approval", currentApprovalStage: 2 });
    const stage2 = await mailTo("second@acme.test", /^Approval needed: Leave request \(stage 2 of 2\)$/, w.id);
    await expectProblem(await api("approver", "POST", `/api/workflow/${w.id}/approve`, {}), 403, "workflow.not_approver");

    // Stage 1's link still reads but no longer decides, and says why; stage 2's link names its approver.
    expect((await bootstrap(w.id, reviewer)).reviewer).toMatchObject({
      email: "approver@acme.test",
      stage: 1,
      mayDecide: false,
      refusal: { code: "workflow.review_stage_passed" },
    });
    await expectProblem(
      await portal("POST", `/api/workflow/${w.id}/governance-decision`, reviewer, { decision: "approve" }),
      409,
      "workflow.review_stage_passed",
    );
    await expectProblem(
      await portal("POST", `/api/workflow/${w.id}/request-changes`, reviewer, { changes: [{ message: "late" }] }),
      409,
      "workflow.review_stage_passed",
    );
    await expectProblem(
      await portal("POST", `/api/workflow/${w.id}/reject`, reviewer, { comment: "late" }),
      409,
      "workflow.review_stage_passed",
    );
    expect((await bootstrap(w.id, linkToken(stage2))).reviewer).toEqual({
      email: "second@acme.test",
      stage: 2,
      mayDecide: true,
      refusal: null,
    });
    // The participant's portal does not carry the approvers' names and comments.
    const participantView = await bootstrap(w.id, w.participant);
    for (const k of ["approvalHistory", "approvalException", "changesSinceReview", "reviewer"])
      expect(participantView).not.toHaveProperty(k);
    expect(JSON.stringify(participantView)).not.toContain("Fine by me");
    expect((await status(w.id)).state).toBe("pending-approval");

    const last = await api("approver2", "POST", `/api/workflow/${w.id}/approve`, { comment: "Enjoy the summer" });
    expect(last.status).toBe(200);
    expect(await last.json()).toMatchObject({ workflowId: w.id, state: "sealing", currentApprovalStage: 2 });
    const { bytes, text, sha256 } = await sealedPdf(w.id);
    for (const s of [
      "Sealed workflow record",
      "Employee",
      "Full name",
      "Jane Roe",
      "E1234",
      "Kind of leave",
      "annual",
      "10 July 2026",
      "Summer holiday",
    ])
      expect(text).toContain(s);
    for (const s of [
      "end-after-start",
      "The last day must be on or after the first day",
      "passed",
      "Approval history",
      "Fine by me",
      "Enjoy the summer",
      "approver@acme.test",
      "second@acme.test",
      "Audit trail",
      "Started",
      "Answers saved",
      "workflow.created",
      "step.saved",
    ]) {
      expect(text).toContain(s);
    }
    const read = await readPdf(bytes);
    const st = await status(w.id);
    expect(read.correlationId).toBe(st.correlationId);

    // The participant's own token reads the sealed PDF once complete; an approve now is a wrong state.
    const viaPortal = await portal("GET", `/api/workflow/${w.id}/sealed`, w.participant);
    expect(viaPortal.status).toBe(200);
    expect(
      createHash("sha256")
        .update(new Uint8Array(await viaPortal.arrayBuffer()))
        .digest("hex"),
    ).toBe(sha256);
    await expectProblem(await api("approver2", "POST", `/api/workflow/${w.id}/approve`, {}), 409, "workflow.invalid_state");
    await expectProblem(await api("submitter", "POST", `/api/workflow/${w.id}/seal`), 409, "workflow.invalid_state");
    const kinds = (await (await api("submitter", "GET", `/api/workflow/${w.id}/activity`)).json()).events.map(
      (e: { kind: string }) => e.kind,
    );
    expect(kinds.slice(-3)).toEqual(["approval.stage-approved", "workflow.approved", "workflow.sealed"]);
  });

  it("refuses the initiator as approver, asks the tenant's approvers when a stage has nobody else, escalates along the routing sequence, and seals without the gate for an admin", async () => {
    // approver@acme.test starts it: it is stage 1's only approver, never approves its own workflow,
    // and the stage falls back to the tenant's other approvers.
    const own = await createLeave("approver");
    await submitLeave(own);
    await expectProblem(await api("approver", "POST", `/api/workflow/${own.id}/approve`, {}), 403, "workflow.self_approval");
    await mailTo("second@acme.test", /^Approval needed: Leave request \(stage 1 of 2\)$/, own.id);
    expect(mailsTo("approver@acme.test", own.id)).toEqual([]);
    await expectProblem(await api("approver", "POST", `/api/workflow/${own.id}/escalate`), 409, "workflow.no_escalation_target");

    const w = await createLeave();
    await submitLeave(w);
    await expectProblem(await api("approver2", "POST", `/api/workflow/${w.id}/escalate`), 403, "workflow.not_initiator");
    await expectProblem(await api("outsider", "POST", `/api/workflow/${w.id}/escalate`), 404, "workflow.not_found");
    const esc = await api("submitter", "POST", `/api/workflow/${w.id}/escalate`);
    expect(esc.status).toBe(200);
    expect(await esc.json()).toMatchObject({ state: "pending-approval", currentApprovalStage: 1, escalatedTo: "second@acme.test" });
    const mail = await mailTo("second@acme.test", /^Approval escalated to you: Leave request \(stage 1 of 2\)$/, w.id);
    expect((await bootstrap(w.id, linkToken(mail))).role).toBe("reviewer");
    expect(
      (await (await api("approver2", "POST", `/api/workflow/${w.id}/approve`, { comment: "escalated to me" })).json()).currentApprovalStage,
    ).toBe(2);
    // Stage 2 asks second@; the routing sequence goes on with the tenant's approvers: approver@, then nobody.
    expect(await (await api("admin", "POST", `/api/workflow/${w.id}/escalate`)).json()).toMatchObject({
      currentApprovalStage: 2,
      escalatedTo: "approver@acme.test",
    });
    await mailTo("approver@acme.test", /^Approval escalated to you: Leave request \(stage 2 of 2\)$/, w.id);
    await expectProblem(await api("submitter", "POST", `/api/workflow/${w.id}/escalate`), 409, "workflow.no_escalation_target");

    await expectProblem(await api("approver2", "POST", `/api/workflow/${w.id}/seal`), 403, "workflow.not_initiator");
    const seal = await api("admin", "POST", `/api/workflow/${w.id}/seal`);
    expect(seal.status).toBe(200);
    expect(await seal.json()).toEqual({ workflowId: w.id, state: "sealing" });
    const { text } = await sealedPdf(w.id, "admin");
    // The history in words: who escalated to whom, and the admin's seal without the gate.
    for (const s of [
      "Escalated (stage 1) submitter@acme.test to second@acme.test",
      "Escalated (stage 2) admin@acme.test to approver@acme.test",
      "escalated to approver@acme.test",
      "Sealed without approval admin@acme.test",
      "escalated to me",
    ])
      expect(text).toContain(s);

    const fresh = await createLeave();
    await expectProblem(await api("submitter", "POST", `/api/workflow/${fresh.id}/seal`), 409, "workflow.invalid_state");
    await expectProblem(await api("submitter", "POST", `/api/workflow/${fresh.id}/escalate`), 409, "workflow.invalid_state");
  });
});

describe("request-changes", () => {
  it("sends the participant back to the first step with a change, resubmits, shows the reviewer what changed, and a reviewer rejects", async () => {
    const w = await createLeave();
    await submitLeave(w);
    const reviewer = linkToken(await mailTo("approver@acme.test", /^Approval needed/, w.id));
    const path = `/api/workflow/${w.id}/request-changes`;
    const changes = [
      { message: "Please check the number of days", fieldKey: "days", severity: "warning", category: "dates" },
      { message: "Use your full legal name", fieldKey: "fullName", severity: "error", category: "identity", dueDate: "2026-12-01" },
    ];
    await expectProblem(await portal("POST", path, w.participant, { changes }), 403, "portal.role_forbidden");
    await expectProblem(await api("approver", "POST", path, { changes }), 401, "portal.token_missing");
    const unknown = await expectProblem(
      await portal("POST", path, reviewer, { changes: [{ message: "x", fieldKey: "salary" }] }),
      422,
      "workflow.field_unknown",
    );
    expect(unknown.errors).toEqual([{ path: "changes.0.fieldKey", message: "salary is not a field of this workflow" }]);
    await expectProblem(
      await portal("POST", path, reviewer, { changes: [{ message: "x", dueDate: "2026-02-30" }] }),
      400,
      "request.invalid",
    );
    await expectProblem(await portal("POST", path, reviewer, { changes: [{ fieldKey: "days" }] }), 400, "request.invalid");
    await expectProblem(await portal("POST", path, reviewer, { changes: [] }), 400, "request.invalid");
    await expectProblem(await portal("POST", path, reviewer, { changes: [{ message: "x", severity: "fatal" }] }), 400, "request.invalid");

    const res = await portal("POST", path, reviewer, { changes });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: "changes-requested", currentStepIndex: 0 });
    const mail = await mailTo("pat@example.test", /changes requested/, w.id);
    expect(mail.text).toContain("Full name: Use your full legal name (by 1 December 2026)");
    expect(mail.text).toContain("Working days: Please check the number of days");
    const participant = linkToken(mail);
    const boot = await bootstrap(w.id, participant);
    expect(boot.role).toBe("participant");
    expect(boot.workflow).toMatchObject({ state: "changes-requested", currentStepIndex: 0 });
    expect(boot.steps[0].changeRequests).toMatchObject([
      {
        fieldKey: "fullName",
        message: "Use your full legal name",
        severity: "error",
        category: "identity",
        dueDate: "2026-12-01",
        stepIndex: 0,
      },
    ]);
    expect(boot.steps[1].changeRequests).toMatchObject([{ fieldKey: "days", severity: "warning" }]);
    expect(boot).not.toHaveProperty("changesSinceReview");
    await expectProblem(await api("approver", "POST", `/api/workflow/${w.id}/approve`, {}), 409, "workflow.invalid_state");

    expect((await portal("PATCH", `/api/workflow/${w.id}/step/0`, participant, { data: { fullName: "Jane Quinn Roe" } })).status).toBe(200);
    await expectProblem(
      await portal("PATCH", `/api/workflow/${w.id}/step/1`, participant, { data: { days: 7 } }),
      409,
      "workflow.step_not_reached",
    );
    expect((await (await portal("POST", `/api/workflow/${w.id}/advance`, participant)).json()).state).toBe("changes-requested");
    expect((await portal("PATCH", `/api/workflow/${w.id}/step/1`, participant, { data: { days: 7 } })).status).toBe(200);
    await portal("POST", `/api/workflow/${w.id}/advance`, participant);
    const resubmitted = await (await portal("POST", `/api/workflow/${w.id}/advance`, participant)).json();
    expect(resubmitted).toMatchObject({ state: "pending-approval", validationOutcome: "passed" });
    expect(await status(w.id)).toMatchObject({ state: "pending-approval", currentApprovalStage: 1 });
    await stack.smtp.waitFor(
      (ms) =>
        ms.filter((m) => m.to.includes("approver@acme.test") && m.text.includes(w.id) && /^Approval needed/.test(m.subject)).length === 2,
      30_000,
    );

    const review = await bootstrap(w.id, reviewer);
    expect(review.changesSinceReview).toEqual([
      { fieldKey: "fullName", label: "Full name", stepIndex: 0, before: "Jane Roe", after: "Jane Quinn Roe" },
      { fieldKey: "days", label: "Working days", stepIndex: 1, before: 8, after: 7 },
    ]);

    const reject = await portal("POST", `/api/workflow/${w.id}/reject`, reviewer, { comment: "Dates clash with the audit" });
    expect(reject.status).toBe(200);
    expect(await reject.json()).toMatchObject({ state: "rejected", workflowId: w.id });
    await expectProblem(await api("submitter", "GET", `/api/workflow/${w.id}/sealed`), 409, "workflow.not_sealed");
    await expectProblem(await portal("POST", path, reviewer, { changes }), 409, "workflow.invalid_state");
    const history = (await bootstrap(w.id, reviewer)).approvalHistory.map((h: { action: string; by: string }) => `${h.action}/${h.by}`);
    // A reviewer link decides as the approver it was mailed to.
    expect(history).toEqual(["changes-requested/approver@acme.test", "rejected/approver@acme.test"]);
  });

  it("applies a change request at most once and never in part when the reviewer's browser goes away right after sending it, and the reviewer's second try makes it exactly once", async () => {
    const w = await createLeave();
    await submitLeave(w);
    const reviewer = linkToken(await mailTo("approver@acme.test", /^Approval needed/, w.id));
    const path = `/api/workflow/${w.id}/request-changes`;
    const body = { changes: [{ message: "Check the number of days", fieldKey: "days" }] };
    // The whole request is sent and the connection closed at once. Whether the server reads the body
    // before it sees the close is a race (Node drops what it has not handed over): the request is
    // then applied whole, or not at all, never in part.
    await sendAndHangUp(stack.baseUrl, {
      method: "POST",
      path,
      headers: { "x-svc-portal-token": reviewer, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    // The reviewer opens the link again and sends once more: applied now (200), or already (409).
    const again = await portal("POST", path, reviewer, body);
    expect([200, 409]).toContain(again.status);
    if (again.status === 409) await expectProblem(again, 409, "workflow.invalid_state");
    expect((await status(w.id)).state).toBe("changes-requested");
    const mail = await mailTo("pat@example.test", /changes requested/, w.id);
    expect(mail.text).toContain("Working days: Check the number of days");
    const { events } = await (await api("submitter", "GET", `/api/workflow/${w.id}/activity`)).json();
    expect((events as Array<{ kind: string }>).filter((e) => e.kind === "changes.requested")).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1_000)); // a second mail would be out by now
    expect(mailsTo("pat@example.test", w.id).filter((m) => /changes requested/.test(m.subject))).toHaveLength(1);
  });

  it("lets an approver reject with a bearer token, and never the initiator or a participant token", async () => {
    const w = await createLeave();
    await submitLeave(w);
    await expectProblem(await api("submitter", "POST", `/api/workflow/${w.id}/reject`, {}), 403, "workflow.self_approval");
    await expectProblem(await api("admin", "POST", `/api/workflow/${w.id}/reject`, {}), 403, "workflow.not_approver");
    await expectProblem(await portal("POST", `/api/workflow/${w.id}/reject`, w.participant, {}), 403, "portal.role_forbidden");
    const res = await api("approver", "POST", `/api/workflow/${w.id}/reject`, { comment: "No" });
    expect(await res.json()).toMatchObject({
      state: "rejected",
      approvalHistory: [{ action: "rejected", by: "approver@acme.test", comment: "No", stage: 1 }],
    });
  });
});

describe("governance decisions", () => {
  const governance = async (initialData: Record<string, unknown>) => {
    const res = await api("submitter", "POST", "/api/workflow", {
      templatePath: "workflow/governance.md",
      correlationId: uniqueCorrelationId("gov"),
      initialData,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    // No stages in this schema: the tenant's approvers are the one stage.
    const mail = await mailTo(
      "approver@acme.test",
      body.state === "pending-approval" ? /^Approval needed: Expense governance check \(stage 1 of 1\)$/ : /^Governance review needed/,
      body.workflowId,
    );
    return {
      id: body.workflowId as string,
      state: body.state as string,
      reviewer: linkToken(mail),
      participant: new URL(body.portalUrl).searchParams.get("pt")!,
    };
  };
  const decide = (g: { id: string }, token: string, body: unknown) =>
    portal("POST", `/api/workflow/${g.id}/governance-decision`, token, body);

  it("approves with an exception only with failed error rules and a justification, sealed into the PDF", async () => {
    const g = await governance({ amount: 9000, costCentre: "OPS" });
    expect(g.state).toBe("validation-failed");
    const failed = await expectProblem(await decide(g, g.reviewer, { decision: "approve" }), 409, "workflow.rules_failed");
    expect(failed.failedRules).toEqual(["amount-limit"]);
    await expectProblem(await decide(g, g.reviewer, { decision: "approve-with-exception" }), 422, "workflow.justification_required");
    await expectProblem(
      await decide(g, g.reviewer, { decision: "approve-with-exception", justification: "   " }),
      422,
      "workflow.justification_required",
    );
    await expectProblem(await decide(g, g.participant, { decision: "reject" }), 403, "portal.role_forbidden");
    await expectProblem(await decide(g, g.reviewer, { decision: "maybe" }), 400, "request.invalid");
    const res = await decide(g, g.reviewer, {
      decision: "approve-with-exception",
      justification: "Board approved the overspend on 2 March",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: "sealing" });
    const { text } = await sealedPdf(g.id);
    for (const s of [
      "Approved with exception",
      "Board approved the overspend on 2 March",
      "amount-limit",
      "Failed, exception granted",
      "9,000",
      "OPS",
    ])
      expect(text).toContain(s);
  });

  it("approves when every rule passed, refuses an exception there, and rejects", async () => {
    const g = await governance({ amount: 120, costCentre: "OPS" });
    expect(g.state).toBe("pending-approval");
    await expectProblem(
      await decide(g, g.reviewer, { decision: "approve-with-exception", justification: "why not" }),
      409,
      "workflow.no_failed_rules",
    );
    expect(await (await decide(g, g.reviewer, { decision: "approve", comment: "ok" })).json()).toMatchObject({ state: "sealing" });
    const { text } = await sealedPdf(g.id);
    expect(text).not.toContain("Approved with exception");

    const r = await governance({ amount: 9000, costCentre: "OPS" });
    expect(await (await decide(r, r.reviewer, { decision: "reject", justification: "Over budget" })).json()).toMatchObject({
      state: "rejected",
    });
    await expectProblem(await decide(r, r.reviewer, { decision: "approve" }), 409, "workflow.invalid_state");
    expect((await status(r.id)).sealedSha256).toBeNull();
  });
});

describe("delivery after sealing", () => {
  it("creates delivery sessions for the delivery recipients, whose link serves the sealed PDF", async () => {
    const w = await createLeave("submitter", {
      delivery: { enabled: true, recipients: ["dana@example.test", { email: "eli@example.test", displayName: "Eli" }] },
    });
    await submitLeave(w);
    await api("approver", "POST", `/api/workflow/${w.id}/approve`, {});
    await api("approver2", "POST", `/api/workflow/${w.id}/approve`, {});
    // Seal sent again at once (a retry while the first job may still run): still one PDF, one hash.
    const retries = await Promise.all([1, 2].map(() => api("submitter", "POST", `/api/workflow/${w.id}/seal`)));
    for (const r of retries) expect([200, 409]).toContain(r.status);
    const { sha256 } = await sealedPdf(w.id);
    await new Promise((r) => setTimeout(r, 500)); // any retried job has run by now
    expect((await status(w.id)).sealedSha256).toBe(sha256);
    for (const to of ["dana@example.test", "eli@example.test"]) {
      const mail = await mailTo(to, /^Your document: Leave request$/);
      const link = /(http:\S+\/d\/[A-Za-z0-9_-]+)/.exec(mail.text)![1];
      const file = await fetch(`${link}/file?download=1`);
      expect(file.status).toBe(200);
      expect(
        createHash("sha256")
          .update(new Uint8Array(await file.arrayBuffer()))
          .digest("hex"),
      ).toBe(sha256);
    }
    const kinds = (await (await api("submitter", "GET", `/api/workflow/${w.id}/activity`)).json()).events.map(
      (e: { kind: string }) => e.kind,
    );
    expect(kinds.filter((k: string) => k === "delivery.created")).toHaveLength(1);
    expect(kinds.filter((k: string) => k === "workflow.sealed")).toHaveLength(1);
    expect(stack.smtp.messages.filter((m) => m.to.includes("dana@example.test"))).toHaveLength(1);
  });
});

describe("reviewer tokens", () => {
  it("are bound to their workflow: a reviewer token of another workflow is refused", async () => {
    const a = await createLeave();
    await submitLeave(a);
    const other = reviewerToken((await createLeave()).id);
    await expectProblem(
      await portal("POST", `/api/workflow/${a.id}/request-changes`, other, { changes: [{ message: "x" }] }),
      403,
      "portal.wrong_workflow",
    );
    await expectProblem(
      await portal("POST", `/api/workflow/${a.id}/governance-decision`, other, { decision: "reject" }),
      403,
      "portal.wrong_workflow",
    );
    expect((await status(a.id)).state).toBe("pending-approval");
  });
});
