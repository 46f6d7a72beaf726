import fc from "fast-check";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuePortalToken, PORTAL_TOKEN_TTL_S } from "@/lib/auth/portal-token";
import { encodedSegment, hostileString, hostileValue } from "../support/hostile";
import { expectProblem, expectWellFormedAnswer } from "../support/problem";
import { dbKind, type Stack, type UserName } from "../support/stack";
import { reviewerToken, startWorkflowStack, uniqueCorrelationId } from "../support/workflow";

/**
 * On PGlite (the integration-pglite project) only what differs there runs: creates and autosaves
 * racing on its one session, and a workflow up to its approval. The rest is the same on either database.
 */
const pglite = dbKind() === "pglite";

let stack: Stack;
beforeAll(async () => {
  stack = await startWorkflowStack();
});
afterAll(async () => {
  await stack?.stop();
});

const leaveBody = (extra: Record<string, unknown> = {}, workflow: Record<string, unknown> = {}) => ({
  templatePath: "workflow/leave-request.md",
  correlationId: uniqueCorrelationId("leave"),
  templateSettings: {
    workflow: { recipients: [{ email: "pat@example.test", displayName: "Pat Doe" }], message: "Please send this by Friday.", ...workflow },
  },
  ...extra,
});

const create = (body: unknown, user: UserName = "submitter") => stack.api(user, "POST", "/api/workflow", body);

async function created(body: unknown = leaveBody()): Promise<{ id: string; token: string; body: Record<string, unknown> }> {
  const res = await create(body);
  expect(res.status).toBe(201);
  const json = await res.json();
  const url = new URL(json.portalUrl);
  return { id: json.workflowId, token: url.searchParams.get("pt")!, body: json };
}

/** A portal call; the token goes in the header unless `query` says otherwise. */
function portal(method: string, path: string, token: string | null, body?: unknown, query?: "token" | "pt") {
  const headers: Record<string, string> = {};
  if (token && !query) headers["x-svc-portal-token"] = token;
  const p = token && query ? `${path}${path.includes("?") ? "&" : "?"}${query}=${encodeURIComponent(token)}` : path;
  return stack.api(null, method, p, body, headers);
}

const patch = (id: string, step: number | string, token: string, data: Record<string, unknown>, version?: number) =>
  portal("PATCH", `/api/workflow/${id}/step/${step}`, token, version === undefined ? { data } : { data, version });
const advance = (id: string, token: string) => portal("POST", `/api/workflow/${id}/advance`, token);
const bootstrap = async (id: string, token: string) => {
  const res = await portal("GET", `/api/workflow/${id}`, token, undefined, "token");
  expect(res.status).toBe(200);
  return res.json();
};
const listIds = async (user: UserName, query = "") =>
  ((await (await stack.api(user, "GET", `/api/workflow?limit=200${query}`)).json()).workflows as Array<{ workflowId: string }>).map(
    (w) => w.workflowId,
  );

describe("create", () => {
  it("answers 201 with a portal address, a repeated correlationId with the same session (200, idempotent), also when racing", async () => {
    const body = leaveBody();
    const res = await create(body);
    expect(res.status).toBe(201);
    const first = await res.json();
    expect(first).toMatchObject({ correlationId: body.correlationId, state: "in-progress", idempotent: false });
    expect(first.workflowId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.portalUrl).toMatch(new RegExp(`^${stack.baseUrl}/portal/${first.workflowId}\\?pt=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));

    const again = await create({ ...body, templatePath: "workflow/stepped.md" });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      workflowId: first.workflowId,
      correlationId: body.correlationId,
      state: "in-progress",
      idempotent: true,
    });

    const racing = leaveBody();
    const results = await Promise.all([1, 2, 3, 4].map(() => create(racing)));
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(new Set(bodies.map((b) => b.workflowId)).size).toBe(1);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    const list = await (await stack.api("submitter", "GET", "/api/workflow?limit=200")).json();
    expect(list.workflows.filter((w: { correlationId: string }) => w.correlationId === racing.correlationId)).toHaveLength(1);
  });

  it.skipIf(pglite)("takes templateId as an alias and generates a correlationId when none is sent", async () => {
    const res = await create({ templateId: "workflow/stepped.md" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    const boot = await bootstrap(body.workflowId, new URL(body.portalUrl).searchParams.get("pt")!);
    expect(boot.steps.map((s: { title: string }) => s.title)).toEqual(["Company", "Contact"]);
  });

  it.skipIf(pglite)("refuses what cannot run with problem+json codes, and stores nothing", async () => {
    const before = (await (await stack.api("submitter", "GET", "/api/workflow?limit=1")).json()).total;
    const badRule = await expectProblem(await create({ templatePath: "workflow/bad-rule.md" }), 422, "workflow.schema_invalid");
    expect(badRule.errors).toEqual([{ path: "rules.0.condition.<.1.var", message: 'rule limit: unknown field key "ceiling"' }]);
    expect(badRule.detail).toContain("workflow/bad-rule.yaml");
    const badYaml = await expectProblem(
      await create(leaveBody({}, { schemaPath: "workflow/bad-yaml.yaml" })),
      422,
      "workflow.schema_invalid",
    );
    expect(badYaml.detail).toContain("not valid YAML");
    await expectProblem(await create(leaveBody({}, { schemaPath: "../../etc/passwd.yaml" })), 422, "workflow.schema_invalid");
    await expectProblem(await create(leaveBody({ templatePath: "workflow/none.md" })), 422, "template.not_found");
    // E-signature is on for every server: an empty signer list is the request's own mistake.
    const esign = await expectProblem(
      await create(leaveBody({ templateSettings: { esign: { enabled: true, signers: [] } } })),
      422,
      "workflow.esign_invalid",
    );
    expect(esign.errors?.[0].path).toBe("templateSettings.esign.signers");
    await expectProblem(await create(leaveBody({}, { requireOtp: true, recipients: [] })), 422, "workflow.otp_recipient_missing");
    const field = await expectProblem(await create(leaveBody({ initialData: { days: "five", nope: 1 } })), 422, "workflow.field_invalid");
    expect(field.errors?.map((e) => e.path)).toEqual(["initialData.days", "initialData.nope"]);
    await expectProblem(await create(leaveBody({ callbackUrl: "ftp://example.test/hook" })), 400, "request.invalid");
    await expectProblem(await create(leaveBody({}, { recipients: [{ email: "not-an-address" }] })), 400, "request.invalid");
    await expectProblem(await create({ correlationId: "x" }), 400, "request.invalid");
    await expectProblem(await create("{not json"), 400, "request.malformed_json");
    await expectProblem(await create(leaveBody(), "unlicensed"), 403, "licence.feature_missing");
    await expectProblem(await stack.api(null, "POST", "/api/workflow", leaveBody()), 401, "auth.token_missing");
    expect((await (await stack.api("submitter", "GET", "/api/workflow?limit=1")).json()).total).toBe(before);
  });

  it.skipIf(pglite)("validates initialData at once when autoValidateOnCreate is set, skipping the portal", async () => {
    const passing = await created({
      templatePath: "workflow/governance.md",
      templateSettings: { workflow: { recipients: [{ email: "gov-pass@example.test" }] } },
      initialData: { amount: 120.5, costCentre: "OPS" },
    });
    expect(passing.body.state).toBe("pending-approval");
    const status = await (await stack.api("submitter", "GET", `/api/workflow/${passing.id}/status`)).json();
    expect(status).toMatchObject({
      state: "pending-approval",
      validationOutcome: "passed",
      currentApprovalStage: 1,
      totalApprovalStages: 1,
    });

    const failing = await created({
      templatePath: "workflow/governance.md",
      templateSettings: { workflow: { recipients: [{ email: "gov-fail@example.test" }] } },
      initialData: { amount: 9000, costCentre: "OPS" },
    });
    expect(failing.body.state).toBe("validation-failed");
    const boot = await bootstrap(failing.id, failing.token);
    expect(boot.validationResults).toEqual([
      {
        ruleId: "amount-limit",
        passed: false,
        severity: "error",
        message: "Expenses above 5000 need a cost centre starting with CC",
        fieldKey: "amount",
        stepIndex: 0,
      },
    ]);
    expect(boot.steps[0].data).toEqual({ amount: 9000, costCentre: "OPS" });
    // Someone must fix a failed one in the portal: only that one is invited.
    await stack.smtp.waitFor((m) => m.some((x) => x.to.includes("gov-fail@example.test")), 20_000);
    expect(stack.smtp.messages.some((x) => x.to.includes("gov-pass@example.test"))).toBe(false);

    // The request can ask for it on a schema that does not.
    const requested = await created(leaveBody({ initialData: { fullName: "Pat" } }, { autoValidateOnCreate: true }));
    expect(requested.body.state).toBe("validation-failed");
  });
});

describe.skipIf(pglite)("invitation", () => {
  it("mails each recipient the organization name, the message and a portal link that works", async () => {
    const body = leaveBody({}, { recipients: [{ email: "first@example.test", displayName: "First" }, { email: "second@example.test" }] });
    const { id } = await created(body);
    const mails = await stack.smtp.waitFor((m) => {
      const mine = m.filter((x) => x.text.includes(body.correlationId));
      return mine.length === 2 && mine;
    }, 20_000);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(["first@example.test", "second@example.test"]);
    const first = mails.find((m) => m.to[0] === "first@example.test")!;
    expect(first.subject).toBe('Acme People Team: please complete "Leave request"');
    expect(first.text).toContain("Hello First,");
    expect(first.text).toContain("Please send this by Friday.");
    expect(first.text).not.toContain("[[portal-link");
    const link = new RegExp(`${stack.baseUrl}/portal/${id}\\?pt=([\\w.-]+)`).exec(first.text);
    expect(link).not.toBeNull();
    const boot = await bootstrap(id, link![1]);
    expect(boot.workflow.workflowId).toBe(id);
    // Each mail holds its own token, made when it was sent.
    const other = new RegExp(`pt=([\\w.-]+)`).exec(mails.find((m) => m !== first)!.text)![1];
    expect(other).not.toBe(link![1]);
  });
});

describe("participant portal", () => {
  it.skipIf(pglite)(
    "bootstraps with the token in the query: instance, steps with fields and data, rules, results, change requests",
    async () => {
      const { id, token } = await created();
      const res = await portal("GET", `/api/workflow/${id}`, token, undefined, "token");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const boot = await res.json();
      expect(boot.workflow).toMatchObject({
        workflowId: id,
        state: "in-progress",
        currentStepIndex: 0,
        totalSteps: 3,
        version: 1,
        title: "Leave request",
        organizationName: "Acme People Team",
      });
      expect(boot.role).toBe("participant");
      expect(boot.steps.map((s: { title: string }) => s.title)).toEqual(["Employee", "Leave", "Confirmation"]);
      expect(boot.steps[1]).toMatchObject({ stepIndex: 1, description: "The days you will be away.", data: {}, updatedAt: null });
      expect(boot.steps[1].fields.find((f: { key: string }) => f.key === "leaveType")).toMatchObject({
        type: "enum",
        options: ["annual", "sick", "unpaid"],
        required: true,
      });
      expect(boot.rules.map((r: { id: string }) => r.id)).toEqual(["end-after-start", "confirmed-true", "long-unpaid-leave"]);
      expect(boot.validationResults).toEqual([]);
      expect(boot.changeRequests).toEqual([]);
      // The pt parameter of the portal address works as well.
      expect((await portal("GET", `/api/workflow/${id}`, token, undefined, "pt")).status).toBe(200);
    },
  );

  it.skipIf(pglite)("merges PATCHed values, checks types at once, and refuses stale versions and steps not reached", async () => {
    const { id, token } = await created();
    const a = await patch(id, 0, token, { fullName: "Pat Doe" });
    expect(a.status).toBe(200);
    const first = await a.json();
    expect(first).toMatchObject({ stepIndex: 0, title: "Employee", data: { fullName: "Pat Doe" }, version: 2 });
    expect(first.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(first.fieldUpdatedAt.fullName).toBe(first.updatedAt);

    const b = await (await patch(id, 0, token, { employeeId: "E12", email: "half@" }, 2)).json();
    expect(b).toMatchObject({ data: { fullName: "Pat Doe", employeeId: "E12", email: "half@" }, version: 3 });

    const stale = await expectProblem(await patch(id, 0, token, { fullName: "Other tab" }, 2), 409, "workflow.stale_version");
    expect(stale.currentVersion).toBe(3);
    const typed = await expectProblem(
      await patch(id, 0, token, { email: 12, fullName: "Typed", leaveType: "annual" }),
      422,
      "workflow.field_invalid",
    );
    expect(typed.errors).toEqual([
      { path: "data.email", message: "email must be an email address" },
      { path: "data.leaveType", message: "leaveType is not a field of step 0 (Employee)" },
    ]);
    await expectProblem(await patch(id, 1, token, { leaveType: "annual" }), 409, "workflow.step_not_reached");
    await expectProblem(await patch(id, 3, token, { x: 1 }), 404, "workflow.step_not_found");
    await expectProblem(await patch(id, "one", token, { x: 1 }), 404, "resource.not_found");
    await expectProblem(await portal("PATCH", `/api/workflow/${id}/step/0`, token, { data: "x" }), 400, "request.invalid");
    await expectProblem(
      await portal("PATCH", `/api/workflow/${id}/step/0`, token, { fullName: "no data wrapper" }),
      400,
      "request.invalid",
    );

    const boot = await bootstrap(id, token);
    expect(boot.workflow.version).toBe(3);
    expect(boot.steps[0].data).toEqual({ fullName: "Pat Doe", employeeId: "E12", email: "half@" });

    const cleared = await (await patch(id, 0, token, { email: null }, 3)).json();
    expect(cleared).toMatchObject({ data: { fullName: "Pat Doe", employeeId: "E12" }, version: 4 });
    expect(cleared.data).not.toHaveProperty("email");
  });

  it("keeps every one of many autosaves sent at once: each is written once with its activity record, and of those naming the same version exactly one wins", async () => {
    const { id, token } = await created();
    const fields = [{ fullName: "Pat Doe" }, { employeeId: "E77" }, { email: "pat@example.test" }];
    // Twelve saves at once without a version (three tabs typing): all of them land, merged.
    const free = await Promise.all(Array.from({ length: 12 }, (_, i) => patch(id, 0, token, fields[i % 3])));
    expect(free.map((r) => r.status)).toEqual(Array(12).fill(200));
    const versions = (await Promise.all(free.map((r) => r.json()))).map((b) => b.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 12 }, (_, i) => i + 2)); // each write bumped the version once
    // Eight saves at once naming the version they read: one wins, the others are told it is stale.
    const named = await Promise.all(Array.from({ length: 8 }, (_, i) => patch(id, 0, token, { fullName: `Tab ${i}` }, 13)));
    const statuses = named.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const winner = await named[statuses.indexOf(200)].json();
    const boot = await bootstrap(id, token);
    expect(boot.workflow.version).toBe(14);
    expect(boot.steps[0].data).toEqual({ fullName: winner.data.fullName, employeeId: "E77", email: "pat@example.test" });
    const activity = await (await stack.api("submitter", "GET", `/api/workflow/${id}/activity`)).json();
    const saved = activity.events.filter((e: { kind: string }) => e.kind === "step.saved");
    expect(saved.map((e: { detail: { version: number } }) => e.detail.version).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 13 }, (_, i) => i + 2),
    );
  });

  it("advances, fails the final validation with results, goes back to the failing step, and passes to pending-approval", async () => {
    const { id, token } = await created();
    await patch(id, 0, token, { fullName: "Pat Doe", employeeId: "E1234", email: "pat@example.test" });
    const toLeave = await (await advance(id, token)).json();
    expect(toLeave).toEqual({
      state: "in-progress",
      validationOutcome: null,
      validationResults: [],
      currentStepIndex: 1,
      totalSteps: 3,
      version: 2,
    });
    expect((await patch(id, 1, token, { leaveType: "annual", startDate: "2026-03-10", endDate: "2026-03-01", days: 5 })).status).toBe(200);
    expect((await (await advance(id, token)).json()).currentStepIndex).toBe(2);
    // Going back to an earlier step is allowed (check-your-answers change links).
    expect((await patch(id, 0, token, { email: "pat.doe@example.test" })).status).toBe(200);
    await patch(id, 2, token, { confirmed: true });

    const failedRes = await advance(id, token);
    expect(failedRes.status).toBe(200);
    const failed = await failedRes.json();
    expect(failed).toMatchObject({ state: "validation-failed", validationOutcome: "failed", currentStepIndex: 2 });
    expect(failed.validationResults.filter((r: { passed: boolean }) => !r.passed)).toEqual([
      {
        ruleId: "end-after-start",
        passed: false,
        severity: "error",
        message: "The last day must be on or after the first day",
        fieldKey: "endDate",
        stepIndex: 1,
      },
    ]);
    expect(failed.validationResults.map((r: { ruleId: string }) => r.ruleId)).toEqual([
      "end-after-start",
      "confirmed-true",
      "long-unpaid-leave",
    ]);
    const wrongState = await expectProblem(await patch(id, 1, token, { endDate: "2026-03-20" }), 409, "workflow.invalid_state");
    expect(wrongState).toMatchObject({ state: "validation-failed", allowedStates: ["in-progress", "changes-requested"] });
    await expectProblem(await advance(id, token), 409, "workflow.invalid_state");

    const fix = await (await portal("POST", `/api/workflow/${id}/fix-validation`, token)).json();
    expect(fix).toMatchObject({ state: "in-progress", currentStepIndex: 1, validationOutcome: "failed" });
    await expectProblem(await portal("POST", `/api/workflow/${id}/fix-validation`, token), 409, "workflow.invalid_state");

    await patch(id, 1, token, { endDate: "2026-03-14", days: 40 });
    await advance(id, token);
    const tooMany = await (await advance(id, token)).json();
    expect(tooMany.state).toBe("validation-failed");
    expect(tooMany.validationResults.filter((r: { passed: boolean }) => !r.passed).map((r: { ruleId: string }) => r.ruleId)).toEqual([
      "field:days:max",
    ]);
    expect((await (await portal("POST", `/api/workflow/${id}/fix-validation`, token)).json()).currentStepIndex).toBe(1);
    await patch(id, 1, token, { days: 5 });
    await advance(id, token);
    const passed = await (await advance(id, token)).json();
    expect(passed).toMatchObject({ state: "pending-approval", validationOutcome: "passed" });
    expect(passed.validationResults.every((r: { passed: boolean }) => r.passed)).toBe(true);

    const status = await (await stack.api("submitter", "GET", `/api/workflow/${id}/status`)).json();
    expect(status).toEqual({
      workflowId: id,
      correlationId: expect.any(String),
      state: "pending-approval",
      currentStepIndex: 2,
      totalSteps: 3,
      validationOutcome: "passed",
      currentApprovalStage: 1,
      totalApprovalStages: 2,
      version: expect.any(Number),
      updatedAt: expect.any(String),
      sealedSha256: null,
      sealedAt: null,
      sealedFileName: null,
      // Without e-signature: nothing to sign (lib/openapi/descriptions/esign.ts).
      signing: null,
    });
    await expectProblem(await patch(id, 2, token, { notes: "late" }), 409, "workflow.invalid_state");

    const activity = await (await stack.api("submitter", "GET", `/api/workflow/${id}/activity`)).json();
    const kinds = activity.events.map((e: { kind: string }) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(["workflow.created", "workflow.invited", "step.saved"]);
    expect(kinds.filter((k: string) => k === "workflow.validated")).toHaveLength(3);
    expect(kinds.filter((k: string) => k === "validation.reset")).toHaveLength(2);
    expect(activity.events.at(-1)).toMatchObject({
      kind: "workflow.validated",
      actor: "portal:participant",
      detail: { from: "in-progress", to: "pending-approval", outcome: "passed" },
    });
    expect(activity.events.at(-1).detail.tokenIdHash).toMatch(/^[0-9a-f]{64}$/);
    expect(activity.events[0].actor).toBe("submitter@acme.test");
  });
});

describe.skipIf(pglite)("portal tokens", () => {
  it("reads status with the initiator's bearer token or the portal token, and refreshes the portal token on each valid call", async () => {
    const { id, token } = await created();
    const viaBearer = await stack.api("submitter", "GET", `/api/workflow/${id}/status`);
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.headers.get("x-svc-portal-token")).toBeNull();
    const viaPortal = await portal("GET", `/api/workflow/${id}/status`, token);
    expect(viaPortal.status).toBe(200);
    expect(await viaPortal.json()).toEqual(await viaBearer.json());
    const fresh = viaPortal.headers.get("x-svc-portal-token")!;
    expect(fresh).not.toBe(token);
    const claims = decodeJwt(fresh);
    expect(claims).toMatchObject({ sub: id, tid: "acme", role: "participant" });
    expect(claims.exp! - claims.iat!).toBe(PORTAL_TOKEN_TTL_S);
    expect(claims.jti).not.toBe(decodeJwt(token).jti);
    // The fresh token works, and so does the one it replaced until it expires.
    const next = await patch(id, 0, fresh, { fullName: "Refreshed" });
    expect(next.status).toBe(200);
    expect(next.headers.get("x-svc-portal-token")).toBeTruthy();
    // A refused call with a valid token still hands out a fresh one.
    const refused = await patch(id, 2, token, { notes: "x" });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("x-svc-portal-token")).toBeTruthy();
    await expectProblem(await stack.api("outsider", "GET", `/api/workflow/${id}/status`), 404, "workflow.not_found");
    await expectProblem(await stack.api(null, "GET", `/api/workflow/${id}/status`), 401, "portal.token_missing");
  });

  it("never lets a token work on another workflow, a participant act as reviewer, or an expired or forged token in", async () => {
    const a = await created();
    const b = await created();
    for (const res of [
      await portal("GET", `/api/workflow/${b.id}`, a.token, undefined, "token"),
      await patch(b.id, 0, a.token, { fullName: "Intruder" }),
      await advance(b.id, a.token),
      await portal("GET", `/api/workflow/${b.id}/status`, a.token),
      await portal("POST", `/api/workflow/${b.id}/fix-validation`, a.token),
    ]) {
      await expectProblem(res, 403, "portal.wrong_workflow");
      expect(res.headers.get("x-svc-portal-token")).toBeNull();
    }
    expect((await bootstrap(b.id, b.token)).workflow.version).toBe(1);

    const reviewer = reviewerToken(a.id);
    expect((await bootstrap(a.id, reviewer)).role).toBe("reviewer");
    await expectProblem(await patch(a.id, 0, reviewer, { fullName: "Reviewer" }), 403, "portal.role_forbidden");
    await expectProblem(await advance(a.id, reviewer), 403, "portal.role_forbidden");

    const expired = issuePortalToken(
      { workflowId: a.id, tenantId: "acme", role: "participant" },
      Math.floor(Date.now() / 1000) - PORTAL_TOKEN_TTL_S - 5,
    );
    await expectProblem(await portal("GET", `/api/workflow/${a.id}`, expired, undefined, "token"), 401, "portal.token_expired");
    await expectProblem(await patch(a.id, 0, expired, { fullName: "Late" }), 401, "portal.token_expired");
    const [h, p, s] = a.token.split(".");
    await expectProblem(
      await portal("GET", `/api/workflow/${a.id}`, `${h}.${p}.${s.slice(1)}A`, undefined, "token"),
      401,
      "portal.token_invalid",
    );
    await expectProblem(await portal("GET", `/api/workflow/${a.id}`, "garbage", undefined, "token"), 401, "portal.token_invalid");
    await expectProblem(await portal("GET", `/api/workflow/${a.id}`, null), 401, "portal.token_missing");
    // A token of another tenant's workflow id does not reach this tenant's workflow.
    const foreign = issuePortalToken({ workflowId: a.id, tenantId: "globex", role: "participant" });
    await expectProblem(await portal("GET", `/api/workflow/${a.id}`, foreign, undefined, "token"), 404, "workflow.not_found");
    // The bearer token is no portal token.
    await expectProblem(await stack.api("submitter", "GET", `/api/workflow/${a.id}`), 401, "portal.token_missing");
  });
});

describe.skipIf(pglite)("cancel and list", () => {
  it("cancels open workflows, refuses ended ones with 409, and the portal can no longer change them", async () => {
    const { id, token } = await created();
    const res = await stack.api("submitter", "POST", `/api/workflow/${id}/cancel`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ workflowId: id, state: "cancelled", completedAt: expect.any(String) });
    await expectProblem(await stack.api("submitter", "POST", `/api/workflow/${id}/cancel`), 409, "workflow.invalid_state");
    await expectProblem(await patch(id, 0, token, { fullName: "After" }), 409, "workflow.invalid_state");
    expect((await bootstrap(id, token)).workflow.state).toBe("cancelled");
    await expectProblem(await stack.api("outsider", "POST", `/api/workflow/${id}/cancel`), 404, "workflow.not_found");
    await expectProblem(await stack.api("submitter", "POST", "/api/workflow/not-a-uuid/cancel"), 404, "resource.not_found");
    await expectProblem(await portal("POST", `/api/workflow/${id}/cancel`, token), 401, "auth.token_missing");
    const pending = await created({ templatePath: "workflow/governance.md", initialData: { amount: 1, costCentre: "OPS" } });
    expect((await (await stack.api("approver", "POST", `/api/workflow/${pending.id}/cancel`)).json()).state).toBe("cancelled");
  });

  it("lists the tenant's workflows newest first with a state filter, never another tenant's", async () => {
    const shared = uniqueCorrelationId("shared");
    const mine = await created(leaveBody({ correlationId: shared }));
    const replayed = await create({ ...leaveBody({ correlationId: shared }), templateSettings: {} });
    expect(replayed.status).toBe(200);
    // correlationIds are per tenant: the same one makes a second workflow elsewhere.
    const outsider = await stack.api("outsider", "POST", "/api/workflow", leaveBody({ correlationId: shared }));
    expect(outsider.status).toBe(201);
    const outsiderId = (await outsider.json()).workflowId;
    expect((await replayed.json()).workflowId).toBe(mine.id);

    const all = await (await stack.api("submitter", "GET", "/api/workflow?limit=2")).json();
    expect(all).toMatchObject({ limit: 2, offset: 0 });
    expect(all.total).toBeGreaterThan(2);
    expect(all.workflows).toHaveLength(2);
    expect(all.workflows[0]).toMatchObject({
      state: expect.any(String),
      title: expect.any(String),
      totalSteps: expect.any(Number),
      createdBy: expect.any(String),
    });
    expect(Date.parse(all.workflows[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(all.workflows[1].createdAt));
    const page2 = await (await stack.api("submitter", "GET", "/api/workflow?limit=2&offset=2")).json();
    expect(page2.workflows.map((w: { workflowId: string }) => w.workflowId)).not.toContain(all.workflows[0].workflowId);

    expect(await listIds("submitter", "&state=in-progress")).toContain(mine.id);
    expect(await listIds("submitter", "&state=cancelled")).not.toContain(mine.id);
    expect(await listIds("outsider")).toEqual([outsiderId]);
    expect(await listIds("submitter")).not.toContain(outsiderId);
    await expectProblem(await stack.api("submitter", "GET", "/api/workflow?state=bogus"), 400, "request.invalid");
    await expectProblem(await stack.api("submitter", "GET", "/api/workflow?limit=0"), 400, "request.invalid");
    await expectProblem(await stack.api("unlicensed", "GET", "/api/workflow"), 403, "licence.feature_missing");
    await expectProblem(await stack.api("submitter", "DELETE", "/api/workflow"), 405, "request.method_not_allowed");
  });
});

describe.skipIf(pglite)("hostile input", () => {
  it("never answers 5xx on workflow routes, always problem+json with a code", async () => {
    const { id, token } = await created();
    const other = await created();
    // One waiting for approval too, so that approval routes meet a state that lets them act.
    const waiting = await created({
      templatePath: "workflow/governance.md",
      correlationId: uniqueCorrelationId("gov"),
      initialData: { amount: 10, costCentre: "OPS" },
    });
    const fieldKey = fc.oneof(
      fc.constantFrom("fullName", "employeeId", "email", "leaveType", "days", "startDate", "confirmed"),
      hostileString,
    );
    const body = fc.oneof(
      fc.record(
        {
          templatePath: fc.oneof(fc.constantFrom("workflow/leave-request.md", "workflow/stepped.md"), hostileString),
          correlationId: hostileString,
          templateSettings: fc.oneof(
            fc.record({ workflow: fc.dictionary(fc.constantFrom("schemaPath", "recipients", "message", "requireOtp"), hostileValue) }),
            hostileValue,
          ),
          initialData: fc.oneof(fc.dictionary(fieldKey, hostileValue, { maxKeys: 4 }), hostileValue),
          callbackUrl: hostileValue,
        },
        { requiredKeys: [] },
      ),
      fc.record(
        { data: fc.oneof(fc.dictionary(fieldKey, hostileValue, { maxKeys: 4 }), hostileValue), version: hostileValue },
        { requiredKeys: [] },
      ),
      // Approval bodies: comment, changes, governance decisions.
      fc.record(
        {
          comment: hostileValue,
          decision: fc.oneof(fc.constantFrom("approve", "approve-with-exception", "reject"), hostileValue),
          justification: hostileValue,
        },
        { requiredKeys: [] },
      ),
      fc.record({
        changes: fc.oneof(
          fc.array(
            fc.record(
              {
                message: hostileValue,
                fieldKey: fc.oneof(fieldKey, hostileValue),
                severity: hostileValue,
                category: hostileValue,
                dueDate: hostileValue,
              },
              { requiredKeys: [] },
            ),
            { maxLength: 3 },
          ),
          hostileValue,
        ),
      }),
      hostileValue,
    );
    const segment = fc.oneof(fc.constantFrom(id, other.id, waiting.id, "0", "2", "999"), encodedSegment);
    const path = fc.oneof(
      fc.constant("/api/workflow"),
      segment.map((s) => `/api/workflow/${s}`),
      fc.tuple(segment, segment).map(([w, i]) => `/api/workflow/${w}/step/${i}`),
      fc
        .tuple(
          segment,
          fc.constantFrom(
            "advance",
            "fix-validation",
            "status",
            "cancel",
            "activity",
            "approve",
            "reject",
            "request-changes",
            "governance-decision",
            "escalate",
            "seal",
            "sealed",
          ),
        )
        .map(([w, t]) => `/api/workflow/${w}/${t}`),
    );
    const reviewer = reviewerToken(waiting.id);
    const portalToken = fc.oneof(
      fc.constant(token),
      fc.constant(reviewer),
      fc.constant(other.token),
      fc.constant(null),
      hostileString.map((s) => s.replace(/[^\x21-\x7e]/g, "")),
    );
    const request = fc.record({
      method: fc.constantFrom("GET", "POST", "PATCH", "PUT", "DELETE"),
      path,
      user: fc.constantFrom<UserName | null>("submitter", "approver", "outsider", null),
      token: portalToken,
      inQuery: fc.boolean(),
      payload: fc.oneof(
        body.map((b) => JSON.stringify(b) ?? "null"),
        hostileString,
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = {};
        let p = r.path;
        if (r.token && r.inQuery) p += `?token=${encodeURIComponent(r.token)}`;
        else if (r.token) headers["x-svc-portal-token"] = r.token;
        const withBody = r.method !== "GET";
        const res = await stack.api(r.user, r.method, p, withBody ? r.payload : undefined, headers);
        const text = await res.text();
        const what = `${r.method} ${p} → ${res.status} ${text.slice(0, 300)}`;
        expectWellFormedAnswer(res, text, what);
      }),
      { numRuns: 250 },
    );
  }, 300_000);
});
