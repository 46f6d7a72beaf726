/**
 * Issue 8: every workflow route, sent malformed bodies, wrong types, NUL and lone surrogates, other
 * workflows' ids, wrong, expired, forged and foreign portal tokens, wrong roles and other tenants'
 * bearer tokens, answers problem+json with a stable code and its own status, never 5xx, and a refused
 * request changes nothing: the seed workflows' rows (state, version, step, stage, seal), their data
 * and their activity are compared after every request. Runs on PostgreSQL and PGlite.
 * HOSTILE_RUNS sets the runs of each generated test (default 250); HOSTILE_TALLY=1 prints the answers
 * each route gave (status or problem code), to see what the generators reach.
 */
import { createHmac } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuePortalToken, PORTAL_TOKEN_TTL_S, type PortalRole } from "@/lib/auth/portal-token";
import { encodedSegment, hostileString, hostileValue, jsonText, OVERFLOW } from "../support/hostile";
import { expectProblem, expectWellFormedAnswer } from "../support/problem";
import { eventually, type Stack, type UserName } from "../support/stack";
import { reviewerToken, startWorkflowStack, uniqueCorrelationId } from "../support/workflow";

let stack: Stack;

// ---- seed workflows, one live per kind; every seed ever made stays under watch

type Kind = "editing" | "otp" | "pending" | "failed" | "complete" | "foreign";
const kinds: Kind[] = ["editing", "otp", "pending", "failed", "complete", "foreign"];
/** The states in which a seed still serves its purpose; outside them a new one of its kind is made. */
const intended: Record<Kind, string[]> = {
  editing: ["in-progress", "changes-requested"],
  otp: ["in-progress"],
  pending: ["pending-approval"],
  failed: ["validation-failed"],
  complete: ["complete"],
  foreign: ["in-progress"],
};

interface Seed {
  kind: Kind;
  id: string;
  tenant: "acme" | "globex";
  token: string;
}
const seeds: Seed[] = [];
const live = (k: Kind) => seeds.filter((s) => s.kind === k).at(-1)!;
const bearerOf = (s: Seed): UserName => (s.tenant === "acme" ? "submitter" : "outsider");

async function expectOk(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(status);
  return JSON.parse(text);
}

async function create(user: UserName, body: Record<string, unknown>): Promise<{ id: string; token: string }> {
  const json = await expectOk(
    await stack.api(user, "POST", "/api/workflow", { correlationId: uniqueCorrelationId("hostile"), ...body }),
    201,
  );
  return { id: json.workflowId, token: new URL(json.portalUrl).searchParams.get("pt")! };
}
const portalAs = (token: string, method: string, path: string, body?: unknown) =>
  stack.api(null, method, path, body, { "x-svc-portal-token": token });
const leave = (workflow: Record<string, unknown> = {}) => ({
  templatePath: "workflow/leave-request.md",
  templateSettings: { workflow: { recipients: [{ email: "pat@example.test" }], ...workflow } },
});
const governance = (amount: number, extra: Record<string, unknown> = {}) => ({
  templatePath: "workflow/governance.md",
  templateSettings: { workflow: { recipients: [{ email: "gov@example.test" }] } },
  initialData: { amount, costCentre: "OPS" },
  ...extra,
});

async function waitComplete(id: string, user: UserName = "submitter") {
  await eventually(
    async () => (await (await stack.api(user, "GET", `/api/workflow/${id}/status`)).json()).state === "complete",
    60_000,
    `workflow ${id} sealed`,
  );
}

async function makeSeed(kind: Kind): Promise<Seed> {
  let w: { id: string; token: string };
  let tenant: Seed["tenant"] = "acme";
  switch (kind) {
    case "editing":
      w = await create("submitter", leave());
      await expectOk(
        await portalAs(w.token, "PATCH", `/api/workflow/${w.id}/step/0`, {
          data: { fullName: "Pat Doe", employeeId: "E1234", email: "pat@example.test" },
        }),
      );
      await expectOk(await portalAs(w.token, "POST", `/api/workflow/${w.id}/advance`));
      await expectOk(
        await portalAs(w.token, "PATCH", `/api/workflow/${w.id}/step/1`, { data: { leaveType: "annual", startDate: "2026-03-02" } }),
      );
      break;
    case "otp":
      w = await create("submitter", leave({ requireOtp: true }));
      await expectOk(await portalAs(w.token, "POST", `/api/workflow/${w.id}/otp/send`));
      break;
    case "pending":
      w = await create("submitter", governance(120));
      break;
    case "failed":
      w = await create("submitter", governance(9000));
      break;
    case "complete":
      // Its callback goes to a loopback address, which the SSRF policy refuses at once (no retries pending).
      w = await create("submitter", governance(50, { callbackUrl: "http://127.0.0.1:9/hook" }));
      await expectOk(await stack.api("approver", "POST", `/api/workflow/${w.id}/approve`, {}));
      await waitComplete(w.id);
      break;
    case "foreign":
      tenant = "globex";
      w = await create("outsider", leave());
      break;
  }
  const seed = { kind, tenant, ...w };
  seeds.push(seed);
  return seed;
}

// ---- what must not change

type Summary = Record<string, unknown>;
interface Detail {
  events: string[];
  data: unknown[];
}

async function listings(): Promise<{ rows: Map<string, Summary>; totals: Record<string, number> }> {
  const rows = new Map<string, Summary>();
  const totals: Record<string, number> = {};
  for (const [tenant, user] of [
    ["acme", "submitter"],
    ["globex", "outsider"],
  ] as const) {
    for (let offset = 0; ; offset += 200) {
      const list = await expectOk(await stack.api(user, "GET", `/api/workflow?limit=200&offset=${offset}`));
      totals[tenant] = list.total;
      for (const w of list.workflows as Summary[]) rows.set(w.workflowId as string, w);
      if (offset + 200 >= list.total) break;
    }
  }
  // Every seed must be in the listing, or a change to it would go unseen.
  for (const s of seeds) expect(rows.has(s.id), `seed ${s.kind} ${s.id} listed`).toBe(true);
  return { rows, totals };
}

async function detail(s: Seed): Promise<Detail> {
  const [activity, exported] = await Promise.all([
    expectOk(await stack.api(bearerOf(s), "GET", `/api/workflow/${s.id}/activity`)),
    expectOk(await stack.api(bearerOf(s), "GET", `/api/workflow/${s.id}/export`)),
  ]);
  return {
    events: activity.events.map((e: { kind: string }) => e.kind),
    data: exported.rows.map((r: { key: string; value: unknown; updatedAt: string | null }) => [r.key, r.value, r.updatedAt]),
  };
}

let base: Awaited<ReturnType<typeof listings>>;
const baseDetail = new Map<string, Detail>();

async function rebaseline(ids?: string[]) {
  base = await listings();
  for (const s of seeds) if (!ids || ids.includes(s.id) || !baseDetail.has(s.id)) baseDetail.set(s.id, await detail(s));
}

/** Every seed's row as at the baseline (except `changed`), every total as well (plus `created`), and the details of `inspect` seeds. */
async function expectUnchanged(
  what: string,
  opts: { changed?: string; created?: "acme" | "globex"; inspect?: Seed[]; allowEvents?: string[] } = {},
) {
  const now = await listings();
  for (const s of seeds) {
    if (s.id === opts.changed) continue;
    expect(now.rows.get(s.id), `${what}: seed ${s.kind} ${s.id} changed`).toEqual(base.rows.get(s.id));
  }
  const expectedTotals = { ...base.totals };
  if (opts.created) expectedTotals[opts.created]++;
  expect(now.totals, `${what}: workflow totals`).toEqual(expectedTotals);
  for (const s of opts.inspect ?? []) {
    if (s.id === opts.changed) continue;
    const before = baseDetail.get(s.id)!;
    const d = await detail(s);
    expect(d.data, `${what}: data of seed ${s.kind}`).toEqual(before.data);
    expect(d.events.slice(0, before.events.length), `${what}: activity of seed ${s.kind}`).toEqual(before.events);
    const added = d.events.slice(before.events.length);
    expect(
      added.filter((k) => !(opts.allowEvents ?? []).includes(k)),
      `${what}: activity added to seed ${s.kind}`,
    ).toEqual([]);
    baseDetail.set(s.id, d);
  }
}

// ---- credentials

const ROUTE_TOKEN_KEY = "x-svc-portal-token";

/** A token in the portal token format signed with a key that is not the server's. */
function forged(workflowId: string, tenantId: string, role: PortalRole): string {
  const b64 = (s: string) => Buffer.from(s).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const head = b64(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64(
    JSON.stringify({
      iss: "sealpost",
      aud: "sealpost-portal",
      sub: workflowId,
      tid: tenantId,
      role,
      jti: "forgedforgedforged",
      iat: now,
      exp: now + 3600,
    }),
  );
  return `${head}.${body}.${createHmac("sha256", "not the server's key").update(`${head}.${body}`).digest("base64url")}`;
}

interface TokenSpec {
  of: Kind;
  role: PortalRole;
  age: "fresh" | "expired" | "long-expired";
  variant: "ok" | "otp-verified" | "foreign-tenant" | "forged";
}

function mint(t: TokenSpec): string {
  const s = live(t.of);
  const now = Math.floor(Date.now() / 1000);
  const issuedAt = t.age === "fresh" ? now : t.age === "expired" ? now - PORTAL_TOKEN_TTL_S - 3600 : now - PORTAL_TOKEN_TTL_S - 8 * 86_400;
  const tenantId = t.variant === "foreign-tenant" ? (s.tenant === "acme" ? "globex" : "acme") : s.tenant;
  if (t.variant === "forged") return forged(s.id, s.tenant, t.role);
  if (t.role === "reviewer")
    return reviewerToken(s.id, tenantId, { email: s.tenant === "acme" ? "approver@acme.test" : "boss@globex.test", stage: 1 }, issuedAt);
  return issuePortalToken({ workflowId: s.id, tenantId, role: t.role, otpVerified: t.variant === "otp-verified" }, issuedAt);
}

// ---- routes

type Auth = "bearer" | "portal" | "either";
interface RouteDef {
  name: string;
  method: "GET" | "POST" | "PATCH";
  /** After /api/workflow/{id}/ ("" for the bootstrap). */
  tail: string;
  auth: Auth;
  roles: PortalRole[];
  /** Takes portal tokens expired less than 7 days ago. */
  grace?: boolean;
  /** The seed kind on which a right credential would be acted upon. */
  on: Kind;
  body?: unknown;
}
const both: PortalRole[] = ["participant", "reviewer"];
const routes: RouteDef[] = [
  { name: "bootstrap", method: "GET", tail: "", auth: "portal", roles: both, on: "editing" },
  {
    name: "step PATCH",
    method: "PATCH",
    tail: "step/0",
    auth: "portal",
    roles: ["participant"],
    on: "editing",
    body: { data: { fullName: "Intruder" } },
  },
  { name: "advance", method: "POST", tail: "advance", auth: "portal", roles: ["participant"], on: "editing" },
  { name: "fix-validation", method: "POST", tail: "fix-validation", auth: "portal", roles: ["participant"], on: "failed" },
  { name: "status", method: "GET", tail: "status", auth: "either", roles: both, on: "editing" },
  { name: "cancel", method: "POST", tail: "cancel", auth: "bearer", roles: [], on: "editing" },
  { name: "activity", method: "GET", tail: "activity", auth: "bearer", roles: [], on: "editing" },
  { name: "approve", method: "POST", tail: "approve", auth: "bearer", roles: [], on: "pending", body: { comment: "fine" } },
  { name: "reject", method: "POST", tail: "reject", auth: "either", roles: ["reviewer"], on: "pending", body: { comment: "no" } },
  {
    name: "request-changes",
    method: "POST",
    tail: "request-changes",
    auth: "portal",
    roles: ["reviewer"],
    on: "pending",
    body: { changes: [{ message: "Fix it" }] },
  },
  {
    name: "governance-decision",
    method: "POST",
    tail: "governance-decision",
    auth: "portal",
    roles: ["reviewer"],
    on: "failed",
    body: { decision: "reject" },
  },
  { name: "escalate", method: "POST", tail: "escalate", auth: "bearer", roles: [], on: "pending" },
  { name: "seal", method: "POST", tail: "seal", auth: "bearer", roles: [], on: "pending" },
  { name: "sealed", method: "GET", tail: "sealed", auth: "either", roles: both, on: "complete" },
  { name: "export", method: "GET", tail: "export", auth: "bearer", roles: [], on: "editing" },
  { name: "callbacks", method: "GET", tail: "callbacks", auth: "bearer", roles: [], on: "complete" },
  { name: "otp send", method: "POST", tail: "otp/send", auth: "portal", roles: ["participant"], on: "otp" },
  { name: "otp verify", method: "POST", tail: "otp/verify", auth: "portal", roles: ["participant"], on: "otp", body: { otp: "000000" } },
  { name: "resend-invite", method: "POST", tail: "resend-invite", auth: "portal", roles: both, grace: true, on: "editing" },
];
const pathOf = (r: RouteDef, id: string) => `/api/workflow/${id}${r.tail ? `/${r.tail}` : ""}`;

beforeAll(async () => {
  stack = await startWorkflowStack();
  for (const k of kinds) await makeSeed(k);
  await rebaseline();
}, 180_000);
afterAll(async () => stack?.stop());

// ---- wrong credentials, route by route

describe("wrong credentials on every workflow route", () => {
  it("are refused with the code for each case, and change nothing", async () => {
    const checked: string[] = [];
    const expectRefused = async (res: Response, status: number, code: string, what: string) => {
      const p = await expectProblem(res);
      expect({ what, status: res.status, code: p.code, bodyStatus: p.status }).toEqual({ what, status, code, bodyStatus: status });
      if (status === 401 || status === 403)
        expect(res.headers.get(ROUTE_TOKEN_KEY), `${what}: a refused token gets no fresh one`).toBeNull();
      checked.push(what);
    };
    for (const r of routes) {
      const target = live(r.on);
      const path = pathOf(r, target.id);
      const other = live(r.on === "editing" ? "pending" : "editing");
      const portalWith = (token: string | null, extra: Record<string, string> = {}) =>
        stack.api(null, r.method, path, r.method === "GET" ? undefined : (r.body ?? {}), {
          ...(token ? { [ROUTE_TOKEN_KEY]: token } : {}),
          ...extra,
        });
      const bearer = (user: UserName | null, headers: Record<string, string> = {}) =>
        stack.api(user, r.method, path, r.method === "GET" ? undefined : (r.body ?? {}), headers);
      const role = r.roles[0] ?? "participant";
      const token = (spec: Partial<TokenSpec>) => mint({ of: r.on, role, age: "fresh", variant: "ok", ...spec });

      if (r.auth !== "bearer") {
        await expectRefused(await portalWith(null), 401, "portal.token_missing", `${r.name}: no token`);
        await expectRefused(await portalWith("abc.def.ghi"), 401, "portal.token_invalid", `${r.name}: garbage token`);
        await expectRefused(
          await portalWith(forged(target.id, target.tenant, role)),
          401,
          "portal.token_invalid",
          `${r.name}: token signed with another key`,
        );
        if (!r.grace)
          await expectRefused(
            await portalWith(token({ age: "expired" })),
            401,
            "portal.token_expired",
            `${r.name}: token expired an hour ago`,
          );
        await expectRefused(
          await portalWith(token({ age: "long-expired" })),
          401,
          "portal.token_expired",
          `${r.name}: token expired 8 days ago`,
        );
        const others = mint({ of: other.kind, role, age: "fresh", variant: "ok" });
        await expectRefused(await portalWith(others), 403, "portal.wrong_workflow", `${r.name}: another workflow's token`);
        const headerWins = await stack.api(
          null,
          r.method,
          `${path}?token=${encodeURIComponent(token({}))}`,
          r.method === "GET" ? undefined : (r.body ?? {}),
          { [ROUTE_TOKEN_KEY]: others },
        );
        await expectRefused(
          headerWins,
          403,
          "portal.wrong_workflow",
          `${r.name}: another workflow's token in the header, the right one in the query (the header wins)`,
        );
        await expectRefused(
          await portalWith(token({ variant: "foreign-tenant" })),
          404,
          "workflow.not_found",
          `${r.name}: token naming this workflow under another tenant`,
        );
        const wrongRole = both.find((x) => !r.roles.includes(x));
        if (wrongRole)
          await expectRefused(await portalWith(token({ role: wrongRole })), 403, "portal.role_forbidden", `${r.name}: ${wrongRole} token`);
        if (r.auth === "portal")
          await expectRefused(await bearer("submitter"), 401, "portal.token_missing", `${r.name}: a bearer token is no portal token`);
      }
      if (r.auth !== "portal") {
        if (r.auth === "bearer") {
          await expectRefused(await bearer(null), 401, "auth.token_missing", `${r.name}: no bearer token`);
          await expectRefused(
            await portalWith(mint({ of: r.on, role: "participant", age: "fresh", variant: "ok" })),
            401,
            "auth.token_missing",
            `${r.name}: a portal token is no bearer token`,
          );
        }
        await expectRefused(
          await bearer(null, { authorization: "Bearer not-a-jwt" }),
          401,
          "auth.token_invalid",
          `${r.name}: garbage bearer token`,
        );
        await expectRefused(await bearer("outsider"), 404, "workflow.not_found", `${r.name}: another tenant's bearer token`);
        await expectRefused(await bearer("unlicensed"), 403, "licence.feature_missing", `${r.name}: tenant without the workflow licence`);
        await expectRefused(await bearer("stranger"), 403, "auth.tenant_unknown", `${r.name}: unregistered tenant`);
        const foreignSeed = live("foreign");
        await expectRefused(
          await stack.api("submitter", r.method, pathOf(r, foreignSeed.id), r.method === "GET" ? undefined : (r.body ?? {})),
          404,
          "workflow.not_found",
          `${r.name}: the other tenant's workflow`,
        );
      }
    }
    // Bearer callers of the tenant without the right to this decision.
    const pending = live("pending").id;
    await expectRefused(
      await stack.api("submitter", "POST", `/api/workflow/${pending}/approve`, {}),
      403,
      "workflow.self_approval",
      "approve by the initiator",
    );
    await expectRefused(
      await stack.api("admin", "POST", `/api/workflow/${pending}/approve`, {}),
      403,
      "workflow.not_approver",
      "approve by an admin who is no approver",
    );
    await expectRefused(
      await stack.api("submitter", "POST", `/api/workflow/${pending}/reject`, {}),
      403,
      "workflow.self_approval",
      "reject by the initiator",
    );
    await expectRefused(
      await stack.api("approver", "POST", `/api/workflow/${pending}/escalate`),
      403,
      "workflow.not_initiator",
      "escalate by an approver",
    );
    await expectRefused(
      await stack.api("approver", "POST", `/api/workflow/${pending}/seal`),
      403,
      "workflow.not_initiator",
      "seal by an approver",
    );
    // Create and list have no workflow in the path.
    for (const [method, body] of [
      ["POST", leave()],
      ["GET", undefined],
    ] as const) {
      await expectRefused(
        await stack.api(null, method, "/api/workflow", body),
        401,
        "auth.token_missing",
        `${method} /api/workflow: no bearer token`,
      );
      await expectRefused(
        await stack.api(null, method, "/api/workflow", body, { authorization: "Bearer not-a-jwt" }),
        401,
        "auth.token_invalid",
        `${method} /api/workflow: garbage bearer`,
      );
      await expectRefused(
        await stack.api("unlicensed", method, "/api/workflow", body),
        403,
        "licence.feature_missing",
        `${method} /api/workflow: unlicensed`,
      );
      await expectRefused(
        await stack.api("stranger", method, "/api/workflow", body),
        403,
        "auth.tenant_unknown",
        `${method} /api/workflow: unregistered tenant`,
      );
      await expectRefused(
        await stack.api(null, method, "/api/workflow", body, { [ROUTE_TOKEN_KEY]: live("editing").token }),
        401,
        "auth.token_missing",
        `${method} /api/workflow: portal token`,
      );
    }
    expect(checked.length).toBeGreaterThan(150);
    await expectUnchanged("after the wrong credentials", { inspect: seeds });
  });
});

// ---- known hostile bodies

describe("hostile text", () => {
  it("is refused where it cannot be stored or is no URL, and sealed into the record where it can", async () => {
    // A callbackUrl that is no URL is the request's mistake, never a 500 (new URL throws on it).
    for (const callbackUrl of ["", "not a url", "http://[::1"]) {
      const p = await expectProblem(
        await stack.api("submitter", "POST", "/api/workflow", { ...leave(), callbackUrl }),
        400,
        "request.invalid",
      );
      expect(p.errors?.map((e) => e.path)).toContain("callbackUrl");
    }
    const pending = live("pending");
    const reviewer = mint({ of: "pending", role: "reviewer", age: "fresh", variant: "ok" });
    const editing = live("editing");
    const cases: Array<[string, string, string, unknown, string]> = [
      [reviewer, "request-changes", pending.id, { changes: [{ message: "fix\u0000this" }] }, "changes.0.message"],
      [reviewer, "governance-decision", pending.id, { decision: "reject", justification: "no \ud800" }, "justification"],
      [reviewer, "reject", pending.id, { comment: "\udc00" }, "comment"],
      [editing.token, "step/1", editing.id, { data: { ["leave\u0000Type"]: "annual" } }, "data.leave\ufffdType"],
      [editing.token, "step/1", editing.id, { data: { leaveType: "annual", days: "\u0000" } }, "data.days"],
    ];
    for (const [token, tail, id, body, place] of cases) {
      const res = await portalAs(token, tail.startsWith("step") ? "PATCH" : "POST", `/api/workflow/${id}/${tail}`, body);
      const p = await expectProblem(res, 400, "request.invalid_characters");
      expect(p.errors?.[0].path).toBe(place);
    }
    await expectUnchanged("after unstorable text", { inspect: [pending, editing] });

    // What can be stored is kept as sent and laid out in the sealed record, however hostile.
    const nasty = [
      "x".repeat(3000),
      "🙂 \u202eRTL\u202c \uffff \u0085",
      "<script>alert(1)</script>",
      "line\r\nbreak\ttab",
      "'; drop table workflows; --",
    ].join(" ");
    const failed = await create("submitter", governance(9000));
    const token = reviewerToken(failed.id);
    const decided = await expectOk(
      await portalAs(token, "POST", `/api/workflow/${failed.id}/governance-decision`, {
        decision: "approve-with-exception",
        justification: nasty,
        comment: nasty,
      }),
    );
    expect(decided.state).toBe("sealing");
    await waitComplete(failed.id);
    const pdf = await stack.api("submitter", "GET", `/api/workflow/${failed.id}/sealed`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const history = (await expectOk(await stack.api("submitter", "GET", `/api/workflow/${failed.id}/activity`))).events;
    expect(history.some((e: { kind: string }) => e.kind === "workflow.sealed")).toBe(true);
    await rebaseline();
  }, 120_000);
});

describe("numbers, step indexes and addresses", () => {
  const patchRaw = (w: { id: string; token: string }, tail: string, raw: string) =>
    stack.api(null, "PATCH", `/api/workflow/${w.id}/${tail}`, raw, { "x-svc-portal-token": w.token, "content-type": "application/json" });
  const stepData = async (w: { id: string; token: string }, step = 0) =>
    (await expectOk(await stack.api(null, "GET", `/api/workflow/${w.id}?token=${encodeURIComponent(w.token)}`))).steps[step].data as Record<
      string,
      unknown
    >;

  it("refuses a number beyond a double with 400 naming the field, keeping the saved value, and a number for text with 422", async () => {
    const w = await create("submitter", leave());
    await rebaseline();
    await expectOk(
      await portalAs(w.token, "PATCH", `/api/workflow/${w.id}/step/0`, { data: { fullName: "Pat Doe", employeeId: "E1234" } }),
    );
    for (const literal of ["1e400", "-1e400", "1" + "0".repeat(400)]) {
      const p = await expectProblem(await patchRaw(w, "step/0", `{"data":{"fullName":${literal}}}`), 400, "request.invalid");
      expect(p.errors?.[0].path).toBe("data.fullName");
    }
    const typed = await expectProblem(
      await portalAs(w.token, "PATCH", `/api/workflow/${w.id}/step/0`, { data: { fullName: 42 } }),
      422,
      "workflow.field_invalid",
    );
    expect(typed.errors).toEqual([{ path: "data.fullName", message: "fullName must be text (a JSON string in quotes), not a number" }]);
    expect(await stepData(w)).toEqual({ fullName: "Pat Doe", employeeId: "E1234" });
    await rebaseline();
  });

  it("refuses a step index written any other way than canonical decimal with 404, saving nothing", async () => {
    const w = await create("submitter", leave());
    await rebaseline();
    await expectOk(
      await portalAs(w.token, "PATCH", `/api/workflow/${w.id}/step/0`, { data: { fullName: "Pat Doe", employeeId: "E1234" } }),
    );
    for (const step of ["00", "01", "000", "+0", "-0", "0e0", "0x0", "%200", "0%20", "0.0"]) {
      const res = await portalAs(w.token, "PATCH", `/api/workflow/${w.id}/step/${step}`, { data: { fullName: "Someone Else" } });
      expect({ step, status: res.status }).toEqual({ step, status: 404 });
      expect((await expectProblem(res)).code).toBe("resource.not_found");
    }
    expect(await stepData(w)).toEqual({ fullName: "Pat Doe", employeeId: "E1234" });
    await rebaseline();
  });

  it("refuses a number beyond a double in initialData, and a recipient address past RFC 5321's lengths, creating nothing", async () => {
    const raw = JSON.stringify({ correlationId: uniqueCorrelationId("overflow"), ...governance(1) }).replace(
      '"amount":1',
      '"amount":1e400',
    );
    const p = await expectProblem(
      await stack.api("submitter", "POST", "/api/workflow", raw, { "content-type": "application/json" }),
      400,
      "request.invalid",
    );
    expect(p.errors?.[0].path).toBe("initialData.amount");
    const long = `${"a".repeat(300)}@example.test`;
    const q = await expectProblem(
      await stack.api("submitter", "POST", "/api/workflow", {
        correlationId: uniqueCorrelationId("long"),
        ...leave({ recipients: [{ email: long }] }),
      }),
      400,
      "request.invalid",
    );
    expect(q.errors?.[0]).toEqual({
      path: "templateSettings.workflow.recipients.0.email",
      message: "has 300 bytes before the @; at most 64 are allowed (RFC 5321)",
    });
    await expectUnchanged("after refused creates");
  });

  it("saves generated step data exactly as sent, or not at all (numbers beyond a double among the values)", async () => {
    const w = await create("submitter", leave());
    await rebaseline();
    const value = fc.oneof(
      fc.constantFrom("Pat Doe", "E1234", "pat@example.test", "", null),
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constant(OVERFLOW),
      fc.boolean(),
    );
    const data = fc.dictionary(fc.constantFrom("fullName", "employeeId", "email"), value, { minKeys: 1, maxKeys: 3 });
    const saved: Record<string, unknown> = {};
    await fc.assert(
      fc.asyncProperty(data, async (d) => {
        const raw = jsonText({ data: d });
        const res = await patchRaw(w, "step/0", raw);
        const text = await res.text();
        const what = `PATCH step/0 ${raw.slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`;
        expectWellFormedAnswer(res, text, what);
        if (res.status === 200) {
          // What the client sent, as JSON reads it (an overflowing literal is Infinity); null removes a value.
          for (const [k, v] of Object.entries(JSON.parse(raw).data as Record<string, unknown>)) {
            if (v === null) delete saved[k];
            else saved[k] = v;
          }
          expect(JSON.parse(text).data, what).toEqual(saved);
        }
        expect(await stepData(w), what).toEqual(saved);
      }),
      { numRuns: 60, seed: SEED, examples: [[{ fullName: OVERFLOW }], [{ employeeId: "E1234", email: OVERFLOW }]] },
    );
    await rebaseline();
  }, 300_000);
});

// ---- generated hostile requests to every route

type User = UserName | null | "garbage";
const tenantOf: Partial<Record<UserName, "acme" | "globex">> = {
  submitter: "acme",
  approver: "acme",
  approver2: "acme",
  admin: "acme",
  outsider: "globex",
};

/** Whether a request could rightly be accepted: only then may it answer 2xx (a model of the auth rules, not of the states). */
function mayBeAccepted(
  r: RouteDef | "create" | "list",
  target: Seed | undefined,
  pathId: string,
  user: User,
  token: { spec: TokenSpec; seed: Seed } | null,
  where: string,
  step: string,
): boolean {
  const member = user && user !== "garbage" ? tenantOf[user] : undefined;
  if (r === "create" || r === "list") return member !== undefined;
  const viaBearer = r.auth === "bearer" || (r.auth === "either" && user !== null);
  if (viaBearer) {
    if (!target || member !== target.tenant || user === null || user === "garbage") return false;
    const initiator = target.tenant === "acme" ? "submitter" : "outsider";
    if (r.name === "approve" || r.name === "reject") return user === "approver" || user === "approver2";
    if (r.name === "seal" || r.name === "escalate") return user === initiator || user === "admin";
    return true;
  }
  if (!token || (token.spec.variant !== "ok" && token.spec.variant !== "otp-verified")) return false;
  if (token.seed.id !== pathId || !r.roles.includes(token.spec.role)) return false;
  // A step is named one way only: 0, 1, 2 (never 00, 01, +1).
  if (r.name === "step PATCH" && !/^(0|[1-9][0-9]*)$/.test(step)) return false;
  void where;
  return token.spec.age === "fresh" || (r.grace === true && token.spec.age === "expired");
}

/** A bearer caller the route would take for this workflow (its tenant, and the approver or initiator where it matters). */
function rightUser(r: RouteDef | "create" | "list", target: Seed | undefined, seed: number): UserName {
  if (target?.tenant === "globex") return "outsider";
  const pick = (xs: UserName[]) => xs[seed % xs.length];
  if (r !== "create" && r !== "list" && (r.name === "approve" || r.name === "reject")) return pick(["approver", "approver2"]);
  if (r !== "create" && r !== "list" && (r.name === "seal" || r.name === "escalate")) return pick(["submitter", "admin"]);
  return pick(["submitter", "approver", "approver2", "admin", "outsider"]);
}

const fieldKey = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "fullName",
      "employeeId",
      "email",
      "leaveType",
      "startDate",
      "endDate",
      "days",
      "confirmed",
      "notes",
      "amount",
      "costCentre",
      "__proto__",
      "constructor",
    ),
  },
  { weight: 1, arbitrary: hostileString },
);
/** Values of the types fields have (half-typed text, numbers, dates, options), and hostile ones. */
const plausible = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 50 }),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constantFrom("2026-03-02", "2026-02-30", "annual", "unpaid", "pat@example.test", "E1234", "CC-12", null, OVERFLOW),
  hostileString,
);
const dataOf = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fieldKey, plausible, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fieldKey, hostileValue, { maxKeys: 4 }) },
  { weight: 1, arbitrary: hostileValue },
);
const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("Please fix the dates", "ok", " ", "") },
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: hostileValue },
);
const bodies: Record<string, fc.Arbitrary<unknown>> = {
  create: fc.record(
    {
      templatePath: fc.oneof(
        fc.constantFrom("workflow/leave-request.md", "workflow/governance.md", "workflow/stepped.md", "workflow/bad-rule.md", "letter.md"),
        hostileString,
      ),
      templateId: hostileValue,
      correlationId: hostileString,
      templateSettings: fc.oneof(
        fc.record(
          {
            workflow: fc.dictionary(
              fc.constantFrom("schemaPath", "recipients", "message", "requireOtp", "organizationName", "autoValidateOnCreate"),
              fc.oneof(
                fc.constantFrom(
                  "workflow/bad-yaml.yaml",
                  "workflow/bad-operator.yaml",
                  "workflow/leave-request.yaml",
                  "../x.yaml",
                  [{ email: "p@example.test" }],
                  true,
                ),
                hostileValue,
              ),
            ),
            esign: hostileValue,
            delivery: hostileValue,
          },
          { requiredKeys: [] },
        ),
        hostileValue,
      ),
      options: hostileValue,
      initialData: dataOf,
      callbackUrl: fc.oneof(fc.constantFrom("https://example.test/hook", "http://127.0.0.1:9/x", "http://u:p@example.test/"), hostileValue),
    },
    { requiredKeys: [] },
  ),
  "step PATCH": fc.record({ data: dataOf, version: fc.oneof(fc.nat(20), hostileValue) }, { requiredKeys: [] }),
  approve: fc.record({ comment: text }, { requiredKeys: [] }),
  reject: fc.record({ comment: text }, { requiredKeys: [] }),
  "request-changes": fc.record({
    changes: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.array(
          fc.record(
            {
              message: text,
              fieldKey: fc.oneof({ weight: 3, arbitrary: fieldKey }, { weight: 1, arbitrary: hostileValue }),
              severity: fc.oneof(
                { weight: 3, arbitrary: fc.constantFrom("info", "warning", "error") },
                { weight: 1, arbitrary: hostileValue },
              ),
              category: text,
              dueDate: fc.oneof(fc.constantFrom("2026-12-01", "2026-02-30", "2026-1-1"), hostileValue),
            },
            { requiredKeys: ["message"] },
          ),
          { maxLength: 3 },
        ),
      },
      { weight: 1, arbitrary: hostileValue },
    ),
  }),
  "governance-decision": fc.record(
    {
      decision: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom("approve", "approve-with-exception", "reject") },
        { weight: 1, arbitrary: hostileValue },
      ),
      justification: text,
      comment: text,
    },
    { requiredKeys: [] },
  ),
  "otp verify": fc.record({ otp: fc.oneof(fc.stringMatching(/^\d{6}$/), hostileValue) }),
};
const anyBody = fc.oneof(...Object.values(bodies), hostileValue);

/** Text of the right type whose content is anything: markup, huge, NUL, lone surrogates, right-to-left marks. */
const someText = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom("Please check the dates", "ok") },
  { weight: 3, arbitrary: hostileString.filter((x) => x.trim() !== "") },
);
/**
 * Bodies of the right shape with hostile content, for the deep run: a body of the wrong shape is
 * refused before any handler runs, so these are what reach the domain code.
 */
const deepBodies: Record<string, fc.Arbitrary<unknown>> = {
  create: fc.record(
    {
      templatePath: fc.constantFrom(
        "workflow/leave-request.md",
        "workflow/governance.md",
        "workflow/stepped.md",
        "workflow/bad-rule.md",
        "workflow/none.md",
      ),
      correlationId: someText,
      templateSettings: fc.record(
        {
          workflow: fc.record(
            {
              schemaPath: fc.constantFrom(
                "workflow/leave-request.yaml",
                "workflow/bad-yaml.yaml",
                "workflow/bad-operator.yaml",
                "workflow/none.yaml",
                "workflow/leave-request.md",
              ),
              recipients: fc.array(
                fc.record(
                  { email: fc.constantFrom("p@example.test", "P@Example.TEST "), displayName: someText },
                  { requiredKeys: ["email"] },
                ),
                { maxLength: 2 },
              ),
              requireOtp: fc.boolean(),
              organizationName: someText,
              message: someText,
              autoValidateOnCreate: fc.boolean(),
            },
            { requiredKeys: [] },
          ),
          delivery: fc.record({ enabled: fc.boolean(), recipients: fc.constant(["d@example.test"]) }),
        },
        { requiredKeys: [] },
      ),
      options: fc.record({ documentId: someText, docType: someText }, { requiredKeys: [] }),
      initialData: fc.dictionary(fieldKey, plausible, { maxKeys: 4 }),
      callbackUrl: fc.constantFrom("https://hooks.example.test/x", "http://127.0.0.1:9/x"),
    },
    { requiredKeys: ["templatePath"] },
  ),
  "step PATCH": fc.record({ data: fc.dictionary(fieldKey, plausible, { maxKeys: 4 }), version: fc.nat(12) }, { requiredKeys: ["data"] }),
  approve: fc.record({ comment: someText }, { requiredKeys: [] }),
  reject: fc.record({ comment: someText }, { requiredKeys: [] }),
  "request-changes": fc.record({
    changes: fc.array(
      fc.record(
        {
          message: someText,
          fieldKey,
          severity: fc.constantFrom("info", "warning", "error"),
          category: someText,
          dueDate: fc.constantFrom("2026-12-01", "2028-02-29"),
        },
        { requiredKeys: ["message"] },
      ),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  "governance-decision": fc.record(
    { decision: fc.constantFrom("approve", "approve-with-exception", "reject"), justification: someText, comment: someText },
    { requiredKeys: ["decision"] },
  ),
  "otp verify": fc.record({ otp: fc.stringMatching(/^\d{6}$/) }),
};

const tokenSpec = fc.record({
  of: fc.oneof({ weight: 3, arbitrary: fc.constant<"target">("target") }, { weight: 2, arbitrary: fc.constantFrom(...kinds) }),
  role: fc.constantFrom<PortalRole>("participant", "reviewer"),
  age: fc.constantFrom<TokenSpec["age"]>("fresh", "fresh", "fresh", "expired", "long-expired"),
  variant: fc.constantFrom<TokenSpec["variant"]>("ok", "ok", "ok", "otp-verified", "foreign-tenant", "forged"),
});
const withoutSurrogates = (s: string) => s.replace(/[\ud800-\udfff]/g, "x");

/**
 * Broad: everything may be wrong (method, id, step, credential, query, content type, body). Deep: the
 * credential the route asks for on a seed workflow, so that the hostile bodies and queries reach the
 * handlers, in states that allow the action (half the time) or not.
 */
const requestOf = (deep: boolean) =>
  fc.record({
    route: fc.oneof(
      { weight: routes.length, arbitrary: fc.constantFrom(...routes) },
      { weight: 2, arbitrary: fc.constantFrom<"create" | "list">("create", "list") },
    ),
    otherMethod: deep
      ? fc.constant(null)
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PATCH", "PUT", "DELETE", "OPTIONS", "PROPFIND", "patch", "FOO") },
        ),
    id: deep
      ? fc.oneof(
          fc.constant({ kind: "on" as const, upper: false }),
          fc.constantFrom(...kinds).map((k) => ({ kind: k, upper: false })),
        )
      : fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...kinds).map((k) => ({ kind: k, upper: false })) },
          { weight: 1, arbitrary: fc.constantFrom(...kinds).map((k) => ({ kind: k, upper: true })) },
          { weight: 2, arbitrary: encodedSegment.map((raw) => ({ raw })) },
        ),
    step: deep
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom("0", "1", "2", "3") },
          { weight: 1, arbitrary: fc.constantFrom("00", "01", "+0", "1e0") },
        )
      : fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom("0", "1", "2", "3", "999", "01", "00", "-1", "1.0", "+1", "0x1") },
          { weight: 1, arbitrary: encodedSegment },
        ),
    user: fc.constantFrom<User>(
      null,
      null,
      null,
      "submitter",
      "approver",
      "approver2",
      "admin",
      "outsider",
      "unlicensed",
      "stranger",
      "garbage",
    ),
    cred: deep
      ? fc.constant<"right">("right")
      : fc.oneof(
          { weight: 2, arbitrary: fc.constant<"right">("right") },
          { weight: 4, arbitrary: tokenSpec.map((spec) => ({ spec })) },
          { weight: 1, arbitrary: hostileString.map((raw) => ({ raw })) },
          { weight: 1, arbitrary: fc.constant(null) },
        ),
    where: fc.constantFrom("header", "header", "token", "pt"),
    query: fc.oneof(
      { weight: deep ? 6 : 2, arbitrary: fc.constant("") },
      {
        weight: 1,
        arbitrary: fc
          .dictionary(fc.oneof(fc.constantFrom("format", "state", "limit", "offset", "token", "pt"), hostileString), hostileString, {
            maxKeys: 3,
          })
          .map(
            (q) => `?${new URLSearchParams(Object.entries(q).map(([k, v]) => [withoutSurrogates(k), withoutSurrogates(v)])).toString()}`,
          ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "?format=csv",
          "?format=%00",
          "?state=%ED%A0%80",
          "?limit=1e3",
          "?token=%00",
          "?pt=%ZZ",
          "?offset=-1",
          "?format=json&format=csv",
          "?state=sealing&limit=0",
        ),
      },
    ),
    routeBodies: fc.record(deep ? { ...bodies, ...deepBodies } : bodies),
    body: fc.oneof(
      { weight: deep ? 6 : 4, arbitrary: fc.constant<"route">("route") },
      { weight: 2, arbitrary: anyBody.map((b) => ({ value: b })) },
      { weight: 1, arbitrary: hostileString.map((raw) => ({ raw })) },
    ),
    contentType: fc.oneof(
      { weight: deep ? 12 : 4, arbitrary: fc.constant("application/json") },
      { weight: 1, arbitrary: fc.constantFrom("application/merge-patch+json", "text/plain", "multipart/form-data; boundary=x") },
    ),
    seed: fc.nat(),
  });
type Generated = typeof requestOf extends (deep: boolean) => fc.Arbitrary<infer T> ? T : never;

async function hostileRequests(deep: boolean, numRuns: number) {
  let runs = 0;
  let accepted = 0;
  const seen: Record<string, Record<string, number>> = {};
  await fc.assert(
    fc.asyncProperty(requestOf(deep), async (q: Generated) => {
      runs++;
      const r = q.route;
      const targetKind = "kind" in q.id ? (q.id.kind === "on" ? (r === "create" || r === "list" ? "editing" : r.on) : q.id.kind) : null;
      const target = targetKind ? live(targetKind) : undefined;
      const pathId = "kind" in q.id ? (q.id.upper ? target!.id.toUpperCase() : target!.id) : q.id.raw;
      const tail = r === "create" || r === "list" ? "" : r.name === "step PATCH" ? `step/${q.step}` : r.tail;
      const path = r === "create" || r === "list" ? "/api/workflow" : `/api/workflow/${pathId}${tail ? `/${tail}` : ""}`;
      const method = q.otherMethod ?? (r === "create" ? "POST" : r === "list" ? "GET" : r.method);
      const name = r === "create" || r === "list" ? r : r.name;

      let token: { spec: TokenSpec; seed: Seed } | null = null;
      let tokenText: string | null = null;
      let userName = q.user;
      const rightToken =
        q.cred === "right" && r !== "create" && r !== "list" && (r.auth === "portal" || (r.auth === "either" && q.seed % 2 === 0));
      if (q.cred === "right" && !rightToken) userName = rightUser(r, target, q.seed);
      else if (rightToken) userName = q.seed % 3 === 0 ? q.user : null; // a bearer token beside the portal token, now and then
      const spec: (Omit<TokenSpec, "of"> & { of: Kind | "target" }) | null =
        q.cred === null || q.cred === "right"
          ? rightToken
            ? {
                of: "target",
                role: (r as RouteDef).roles[q.seed % (r as RouteDef).roles.length],
                age: "fresh",
                variant: q.seed % 4 === 1 ? "otp-verified" : "ok",
              }
            : null
          : "spec" in q.cred
            ? q.cred.spec
            : null;
      if (q.cred && q.cred !== "right" && "raw" in q.cred)
        tokenText = q.where === "header" ? q.cred.raw.replace(/[^\x21-\x7e]/g, "") : withoutSurrogates(q.cred.raw);
      else if (spec) {
        const kind = spec.of === "target" ? (target?.kind ?? kinds[q.seed % kinds.length]) : spec.of;
        const full: TokenSpec = { ...spec, of: kind };
        token = { spec: full, seed: live(kind) };
        tokenText = mint(full);
      }
      const headers: Record<string, string> = { "content-type": q.contentType };
      let url = path + q.query;
      if (tokenText && q.where === "header") headers[ROUTE_TOKEN_KEY] = tokenText;
      else if (tokenText) url += `${url.includes("?") ? "&" : "?"}${q.where}=${encodeURIComponent(tokenText)}`;
      if (userName === "garbage") headers.authorization = "Bearer garbage.token.value";
      const user = userName === "garbage" ? null : userName;

      let payload: string | undefined;
      if (method !== "GET" && method !== "OPTIONS") {
        if (q.body === "route") {
          const own = (q.routeBodies as Record<string, unknown>)[name];
          payload = own !== undefined ? jsonText(own) : r !== "create" && r !== "list" && r.body ? jsonText(r.body) : "{}";
        } else if ("value" in q.body) payload = jsonText(q.body.value);
        else payload = q.body.raw;
      }

      const res = await stack.api(user, method, url, payload, headers);
      const text = await res.text();
      const what = `${method} ${url} [user ${userName}, token ${token ? JSON.stringify(token.spec) : tokenText === null ? "none" : "raw"} in ${q.where}] ${payload?.slice(0, 200) ?? ""} → ${res.status} ${text.slice(0, 300)}`;
      expectWellFormedAnswer(res, text, what);
      const code = res.status < 400 ? String(res.status) : (JSON.parse(text) as { code: string }).code;
      const tally = (seen[name] ??= {});
      tally[code] = (tally[code] ?? 0) + 1;

      const ok = res.status < 300;
      const routeMethod = r === "create" ? "POST" : r === "list" ? "GET" : r.method;
      if (ok && method === routeMethod)
        expect(
          mayBeAccepted(r, target && pathId.toLowerCase() === target.id ? target : undefined, pathId, userName, token, q.where, q.step),
          `accepted what it should refuse: ${what}`,
        ).toBe(true);
      if (ok) accepted++;
      const changing = ok && method !== "GET" && method !== "OPTIONS";
      // The seal job finishes what an accepted approval started, before anything is compared.
      if (changing && target) {
        const st = (await (await stack.api(bearerOf(target), "GET", `/api/workflow/${target.id}/status`)).json()).state;
        if (st === "sealing") await waitComplete(target.id, bearerOf(target));
      }
      const created = changing && r === "create" && res.status === 201 ? tenantOf[userName as UserName] : undefined;
      const verifyCounts = name === "otp verify" && token !== null && mayBeAccepted(r, target, pathId, userName, token, q.where, q.step);
      await expectUnchanged(what, {
        changed: changing ? target?.id : undefined,
        created,
        inspect: ok ? [] : [target, token?.seed].filter((s): s is Seed => !!s),
        allowEvents: verifyCounts ? ["otp.failed", "otp.locked"] : [],
      });
      if (changing || created) await rebaseline(target ? [target.id] : []);
      // A seed that left the states it is for (cancelled, approved, sent back) is replaced; it stays under watch.
      for (const k of kinds) {
        const s = live(k);
        if (!intended[k].includes(base.rows.get(s.id)?.state as string)) {
          const fresh = await makeSeed(k);
          await rebaseline([fresh.id]);
        }
      }
    }),
    // A fixed seed (HOSTILE_SEED explores others): whether every route's handler is reached must not
    // depend on the draw, or CI would fail one run in a few on a route the generator happened to miss.
    { numRuns, seed: SEED },
  );
  if (process.env.HOSTILE_TALLY) console.log(JSON.stringify(seen));
  // The generator must reach the handlers, not only the token checks: answers of the domain (a 2xx,
  // or a workflow or OTP code) on every route when the credentials are right.
  expect(accepted, `${accepted} of ${runs} accepted`).toBeGreaterThan(runs / (deep ? 5 : 20));
  if (deep) {
    const reached = Object.entries(seen)
      .filter(([, codes]) => Object.keys(codes).some((c) => /^2|^workflow\.|^otp\./.test(c)))
      .map(([n]) => n);
    expect(reached.sort()).toEqual([...routes.map((r) => r.name), "create", "list"].sort());
  }
  await expectUnchanged("at the end", { inspect: seeds });
}

const RUNS = Number(process.env.HOSTILE_RUNS || 250);
const SEED = Number(process.env.HOSTILE_SEED || 20261123);

it("generated requests, anything wrong: never 5xx, problem+json with a code, accepted only when allowed, and a refused one changes nothing", async () => {
  await hostileRequests(false, RUNS);
}, 600_000);

it("generated hostile bodies and queries with the right credentials reach every handler: the same holds", async () => {
  await hostileRequests(true, RUNS);
}, 600_000);
