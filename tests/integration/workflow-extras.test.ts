import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt } from "jose";
import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuePortalToken } from "@/lib/auth/portal-token";
import { tenantCallbackSecret } from "@/lib/workflow/callback/sign-callback";
import { encodedSegment, hostileString, hostileValue } from "../support/hostile";
import { expectProblem, expectWellFormedAnswer } from "../support/problem";
import { freePort } from "../support/free-port";
import { eventually, type Stack, type UserName } from "../support/stack";
import { portalCall, reviewerToken, startWorkflowStack, uniqueCorrelationId } from "../support/workflow";

const OTP_TTL_MS = 6000;

interface Hit {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on 127.0.0.1: /ok answers 200, /flaky 500 then 200, /redirect 302 to `redirectTo`, /gone 410. */
function startReceiver() {
  const hits: Hit[] = [];
  let flaky = 0;
  let silent = 0;
  let redirectTo = "";
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const path = req.url ?? "";
      hits.push({ path, headers: req.headers, body });
      if (path.startsWith("/flaky")) res.writeHead(flaky++ === 0 ? 500 : 200).end();
      else if (path.startsWith("/silent") && silent++ === 0)
        return; // never answers: the sender's deadline must end it
      else if (path.startsWith("/redirect")) res.writeHead(302, { location: redirectTo }).end();
      else if (path.startsWith("/gone")) res.writeHead(410).end();
      else res.writeHead(200).end("ok");
    });
  });
  return new Promise<{ port: number; hits: Hit[]; setRedirect: (u: string) => void; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        hits,
        setRedirect: (u) => (redirectTo = u),
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

let stack: Stack;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startWorkflowStack({
    env: {
      CALLBACK_ALLOWED_HOSTS: "127.0.0.1",
      CALLBACK_RETRY_DELAYS_S: "1,1,1",
      CALLBACK_TIMEOUT_MS: "3000",
      OTP_TTL_MS: String(OTP_TTL_MS),
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

let seq = 0;

async function created(workflow: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, user: UserName = "submitter") {
  const res = await stack.api(user, "POST", "/api/workflow", {
    templatePath: "workflow/leave-request.md",
    correlationId: uniqueCorrelationId("extras"),
    templateSettings: { workflow: { recipients: [{ email: `p${++seq}@example.test` }], ...workflow } },
    ...extra,
  });
  expect(res.status).toBe(201);
  const json = await res.json();
  return {
    id: json.workflowId as string,
    token: new URL(json.portalUrl).searchParams.get("pt")!,
    correlationId: json.correlationId as string,
  };
}

const portal = (method: string, path: string, token: string, body?: unknown) => portalCall(stack, method, path, token, body);
const mailTo = (to: string, subject: RegExp, n = 1) =>
  stack.smtp.waitFor((m) => {
    const got = m.filter((x) => x.to.includes(to) && subject.test(x.subject));
    return got.length >= n && got[n - 1];
  }, 20_000);
const codeIn = (text: string) => /passcode is (\d{6})/.exec(text)![1];

describe("OTP", () => {
  it("keeps the portal closed until the mailed code is verified; the verified token family opens it", async () => {
    const wf = await created({ requireOtp: true, recipients: [{ email: "otp-first@example.test" }, { email: "otp-second@example.test" }] });
    const gate = await (await stack.api(null, "GET", `/api/workflow/${wf.id}?token=${wf.token}`)).json();
    expect(gate).toEqual({
      workflow: { workflowId: wf.id, state: "in-progress", organizationName: "Acme People Team", requireOtp: true },
      role: "participant",
      otpRequired: true,
      otpVerified: false,
      otp: { sentAt: null, expiresAt: null, nextSendAt: null, lockedUntil: null },
    });
    await expectProblem(
      await portal("PATCH", `/api/workflow/${wf.id}/step/0`, wf.token, { data: { fullName: "Pat" } }),
      403,
      "otp.required",
    );
    await expectProblem(await portal("POST", `/api/workflow/${wf.id}/advance`, wf.token), 403, "otp.required");

    const sent = await portal("POST", `/api/workflow/${wf.id}/otp/send`, wf.token);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ sent: true, to: "o***@example.test" });
    const again = await expectProblem(await portal("POST", `/api/workflow/${wf.id}/otp/send`, wf.token), 429, "otp.rate_limited");
    expect(again.retryAfter).toBeGreaterThan(50);
    const mail = await mailTo("otp-first@example.test", /passcode/);
    expect(stack.smtp.messages.some((m) => m.to.includes("otp-second@example.test") && /passcode/.test(m.subject))).toBe(false);
    const code = codeIn(mail.text);

    await expectProblem(await portal("POST", `/api/workflow/${wf.id}/otp/verify`, wf.token, { otp: "12345" }), 400, "request.invalid");
    await expectProblem(await portal("POST", `/api/workflow/${wf.id}/otp/verify`, wf.token, { otp: 123456 }), 400, "request.invalid");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect(
      (await expectProblem(await portal("POST", `/api/workflow/${wf.id}/otp/verify`, wf.token, { otp: wrong }), 422, "otp.invalid"))
        .attemptsLeft,
    ).toBe(4);
    const ok = await portal("POST", `/api/workflow/${wf.id}/otp/verify`, wf.token, { otp: code });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ verified: true, workflowId: wf.id });
    const verified = ok.headers.get("x-svc-portal-token")!;
    expect(decodeJwt(verified)).toMatchObject({ otp: true, sub: wf.id, role: "participant" });
    await expectProblem(await portal("POST", `/api/workflow/${wf.id}/otp/verify`, verified, { otp: code }), 409, "otp.not_sent");

    const saved = await portal("PATCH", `/api/workflow/${wf.id}/step/0`, verified, { data: { fullName: "Pat" } });
    expect(saved.status).toBe(200);
    const refreshed = saved.headers.get("x-svc-portal-token")!;
    expect(decodeJwt(refreshed).otp).toBe(true);
    const boot = await (await stack.api(null, "GET", `/api/workflow/${wf.id}?token=${refreshed}`)).json();
    expect(boot).toMatchObject({ otpRequired: true, otpVerified: true });
    expect(boot.steps[0].data).toEqual({ fullName: "Pat" });
    // The link from the mail, without the mailbox's code, still reads nothing.
    await expectProblem(
      await portal("PATCH", `/api/workflow/${wf.id}/step/0`, wf.token, { data: { fullName: "Eve" } }),
      403,
      "otp.required",
    );
    expect(Object.keys(await (await stack.api(null, "GET", `/api/workflow/${wf.id}?token=${wf.token}`)).json())).not.toContain("steps");
  });

  it("locks the code after 5 wrong tries, refuses new sends during the lockout, and lets codes expire", async () => {
    const wf = await created({ requireOtp: true, recipients: [{ email: "otp-lock@example.test" }] });
    expect((await portal("POST", `/api/workflow/${wf.id}/otp/send`, wf.token)).status).toBe(200);
    const code = codeIn((await mailTo("otp-lock@example.test", /passcode/)).text);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    for (let left = 4; left >= 1; left--) {
      expect(
        (await expectProblem(await portal("POST", `/api/workflow/${wf.id}/otp/verify`, wf.token, { otp: wrong }), 422, "otp.invalid"))
          .attemptsLeft,
      ).toBe(left);
    }
    const locked = await portal("POST", `/api/workflow/${wf.id}/otp/verify`, wf.token, { otp: wrong });
    await expectProblem(locked.clone(), 429, "otp.locked");
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800);
    await expectProblem(await portal("POST", `/api/workflow/${wf.id}/otp/verify`, wf.token, { otp: code }), 429, "otp.locked");
    const send = await portal("POST", `/api/workflow/${wf.id}/otp/send`, wf.token);
    await expectProblem(send.clone(), 429, "otp.locked");
    expect(Number(send.headers.get("retry-after"))).toBeGreaterThan(800);
    const gate = await (await stack.api(null, "GET", `/api/workflow/${wf.id}?token=${wf.token}`)).json();
    expect(gate.otp.lockedUntil).toEqual(expect.any(String));
    const activity = await (await stack.api("submitter", "GET", `/api/workflow/${wf.id}/activity`)).json();
    expect(activity.events.map((e: { kind: string }) => e.kind).filter((k: string) => k.startsWith("otp."))).toEqual([
      "otp.sent",
      "otp.failed",
      "otp.failed",
      "otp.failed",
      "otp.failed",
      "otp.locked",
    ]);

    const late = await created({ requireOtp: true, recipients: [{ email: "otp-late@example.test" }] });
    expect((await portal("POST", `/api/workflow/${late.id}/otp/send`, late.token)).status).toBe(200);
    const lateCode = codeIn((await mailTo("otp-late@example.test", /passcode/)).text);
    await new Promise((r) => setTimeout(r, OTP_TTL_MS + 200));
    await expectProblem(await portal("POST", `/api/workflow/${late.id}/otp/verify`, late.token, { otp: lateCode }), 410, "otp.expired");
  });

  it("answers the OTP routes of a workflow without requireOtp with 409, and refuses reviewer tokens", async () => {
    const wf = await created();
    await expectProblem(await portal("POST", `/api/workflow/${wf.id}/otp/send`, wf.token), 409, "otp.not_required");
    await expectProblem(await portal("POST", `/api/workflow/${wf.id}/otp/verify`, wf.token, { otp: "123456" }), 409, "otp.not_required");
    const boot = await (await stack.api(null, "GET", `/api/workflow/${wf.id}?token=${wf.token}`)).json();
    expect(boot).toMatchObject({ otpRequired: false, otpVerified: null });
    const reviewer = reviewerToken(wf.id);
    await expectProblem(await portal("POST", `/api/workflow/${wf.id}/otp/send`, reviewer), 403, "portal.role_forbidden");
    const other = await created({ requireOtp: true });
    await expectProblem(await portal("POST", `/api/workflow/${other.id}/otp/send`, wf.token), 403, "portal.wrong_workflow");
  });
});

describe("resend-invite", () => {
  it("re-sends the invitation once a minute at most (429 with Retry-After), and nothing in states that wait for nobody", async () => {
    const wf = await created({ recipients: [{ email: "resend@example.test" }] });
    await mailTo("resend@example.test", /please complete/);
    const res = await portal("POST", `/api/workflow/${wf.id}/resend-invite`, wf.token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ sent: 1, audience: "participants" });
    expect(Date.parse(body.nextAllowedAt) - Date.now()).toBeGreaterThan(50_000);
    const second = await mailTo("resend@example.test", /please complete/, 2);
    expect(second.text).toMatch(new RegExp(`/portal/${wf.id}\\?pt=`));
    const limited = await portal("POST", `/api/workflow/${wf.id}/resend-invite`, wf.token);
    const p = await expectProblem(limited.clone(), 429, "workflow.resend_rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(50);
    expect(p.nextAllowedAt).toEqual(expect.any(String));

    const nobody = await created({ recipients: [] });
    await expectProblem(await portal("POST", `/api/workflow/${nobody.id}/resend-invite`, nobody.token), 409, "workflow.no_recipients");
    expect((await stack.api("submitter", "POST", `/api/workflow/${nobody.id}/cancel`)).status).toBe(200);
    await expectProblem(await portal("POST", `/api/workflow/${nobody.id}/resend-invite`, nobody.token), 409, "workflow.invalid_state");
  });

  it("takes a participant token expired less than 7 days ago, and answers it without a fresh token", async () => {
    const wf = await created({ recipients: [{ email: "expired-link@example.test" }] });
    const now = Math.floor(Date.now() / 1000);
    const expired = issuePortalToken({ workflowId: wf.id, tenantId: "acme", role: "participant" }, now - 5 * 3600);
    await expectProblem(
      await portal("PATCH", `/api/workflow/${wf.id}/step/0`, expired, { data: { fullName: "Pat" } }),
      401,
      "portal.token_expired",
    );
    const res = await portal("POST", `/api/workflow/${wf.id}/resend-invite`, expired);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-svc-portal-token")).toBeNull();
    await mailTo("expired-link@example.test", /please complete/, 2);
    const ancient = issuePortalToken({ workflowId: wf.id, tenantId: "acme", role: "participant" }, now - 8 * 24 * 3600);
    await expectProblem(await portal("POST", `/api/workflow/${wf.id}/resend-invite`, ancient), 401, "portal.token_expired");
  });

  it("reminds the current approvers while pending-approval", async () => {
    const res = await stack.api("submitter", "POST", "/api/workflow", {
      templatePath: "workflow/governance.md",
      correlationId: uniqueCorrelationId("gov"),
      templateSettings: { workflow: { recipients: [{ email: "gov@example.test" }] } },
      initialData: { amount: 120.5, costCentre: "OPS" },
    });
    const json = await res.json();
    expect(json.state).toBe("pending-approval");
    const token = new URL(json.portalUrl).searchParams.get("pt")!;
    const sent = await portal("POST", `/api/workflow/${json.workflowId}/resend-invite`, token);
    expect(sent.status).toBe(200);
    const body = await sent.json();
    expect(body.audience).toBe("approvers");
    const mail = await mailTo("approver@acme.test", /waits for your review/);
    expect(mail.text).toMatch(new RegExp(`/portal/${json.workflowId}\\?pt=`));
  });
});

/** RFC 4180 parser for the test: quoted cells, doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe("export", () => {
  it("gives one row per field as JSON and as CSV, formulas defused, tenant scoped", async () => {
    const wf = await created();
    const hostile = '=HYPERLINK("http://x","a, b")';
    expect(
      (await portal("PATCH", `/api/workflow/${wf.id}/step/0`, wf.token, { data: { fullName: hostile, employeeId: "-E1\n2" } })).status,
    ).toBe(200);

    const json = await stack.api("submitter", "GET", `/api/workflow/${wf.id}/export`);
    expect(json.status).toBe(200);
    const doc = await json.json();
    expect(doc).toMatchObject({ workflowId: wf.id, correlationId: wf.correlationId, state: "in-progress" });
    expect(doc.rows).toHaveLength(9);
    expect(doc.rows[0]).toEqual({
      step: 0,
      stepTitle: "Employee",
      key: "fullName",
      label: "Full name",
      value: hostile,
      updatedAt: expect.any(String),
    });
    expect(doc.rows[2]).toEqual({ step: 0, stepTitle: "Employee", key: "email", label: "Work email", value: null, updatedAt: null });

    const csv = await stack.api("submitter", "GET", `/api/workflow/${wf.id}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="workflow-extras-[A-Za-z0-9._-]+\.csv"$/);
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString("utf8"));
    expect(rows[0]).toEqual(["step", "stepTitle", "key", "label", "value", "updatedAt"]);
    expect(rows).toHaveLength(10);
    expect(rows[1].slice(0, 5)).toEqual(["0", "Employee", "fullName", "Full name", `'${hostile}`]);
    expect(rows[2][4]).toBe("'-E1\n2");
    expect(rows[3].slice(4)).toEqual(["", ""]);

    await expectProblem(await stack.api("submitter", "GET", `/api/workflow/${wf.id}/export?format=xml`), 400, "workflow.export_format");
    await expectProblem(await stack.api("outsider", "GET", `/api/workflow/${wf.id}/export`), 404, "workflow.not_found");
    await expectProblem(await portal("GET", `/api/workflow/${wf.id}/export`, wf.token), 401, "auth.token_missing");
  });
});

describe("callbacks", () => {
  const cancel = (id: string) => stack.api("submitter", "POST", `/api/workflow/${id}/cancel`);
  const attempts = async (id: string) => (await stack.api("submitter", "GET", `/api/workflow/${id}/callbacks`)).json();

  it("POSTs the terminal state signed twice (X-Svc-Signature and Standard Webhooks), and records the attempt", async () => {
    const wf = await created({}, { callbackUrl: `http://127.0.0.1:${receiver.port}/ok?wf=1` });
    expect((await attempts(wf.id)).status).toBe("none");
    expect((await cancel(wf.id)).status).toBe(200);
    const hit = await eventually(async () => receiver.hits.find((h) => h.body.includes(wf.id)), 20_000, "callback");
    const body = JSON.parse(hit.body);
    expect(body).toEqual({ workflowId: wf.id, correlationId: wf.correlationId, state: "cancelled", completedAt: expect.any(String) });

    const secret = tenantCallbackSecret("acme");
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const ts = hit.headers["x-svc-timestamp"] as string;
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
    expect(hit.headers["x-svc-signature"]).toBe(`sha256=${createHmac("sha256", key).update(`${ts}.${hit.body}`).digest("hex")}`);
    const verified = new Webhook(secret).verify(hit.body, {
      "webhook-id": hit.headers["webhook-id"] as string,
      "webhook-timestamp": hit.headers["webhook-timestamp"] as string,
      "webhook-signature": hit.headers["webhook-signature"] as string,
    });
    expect(verified).toEqual(body);
    expect(() => new Webhook(tenantCallbackSecret("globex")).verify(hit.body, hit.headers as Record<string, string>)).toThrow();

    const list = await eventually(async () => {
      const l = await attempts(wf.id);
      return l.status === "delivered" && l;
    }, 10_000);
    expect(list.attempts).toEqual([
      expect.objectContaining({
        attemptNo: 1,
        outcome: "delivered",
        statusCode: 200,
        urlHost: "127.0.0.1",
        state: "cancelled",
        messageId: hit.headers["webhook-id"],
      }),
    ]);
    await expectProblem(await stack.api("outsider", "GET", `/api/workflow/${wf.id}/callbacks`), 404, "workflow.not_found");
  });

  it("retries after a 500 with the same webhook-id and records both attempts", async () => {
    const wf = await created({}, { callbackUrl: `http://127.0.0.1:${receiver.port}/flaky` });
    await cancel(wf.id);
    const list = await eventually(
      async () => {
        const l = await attempts(wf.id);
        return l.status === "delivered" && l;
      },
      30_000,
      "two attempts",
    );
    expect(list.attempts.map((a: { outcome: string; statusCode: number }) => [a.outcome, a.statusCode])).toEqual([
      ["retry", 500],
      ["delivered", 200],
    ]);
    const hits = receiver.hits.filter((h) => h.path === "/flaky");
    expect(hits).toHaveLength(2);
    expect(hits[0].headers["webhook-id"]).toBe(hits[1].headers["webhook-id"]);
  });

  it("outlasts a receiver that is down, then one that never answers: each attempt ends, one delivery follows", async () => {
    // Nothing listens on the port when the workflow ends; the receiver starts after the first attempt.
    const port = await freePort();
    const wf = await created({}, { callbackUrl: `http://127.0.0.1:${port}/late` });
    await cancel(wf.id);
    await eventually(async () => (await attempts(wf.id)).attempts?.length >= 1, 20_000, "a first, refused attempt");
    const late = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(204).end());
    });
    await new Promise<void>((r) => late.listen(port, "127.0.0.1", () => r()));
    try {
      const list = await eventually(
        async () => {
          const l = await attempts(wf.id);
          return l.status === "delivered" && l;
        },
        30_000,
        "delivery once the receiver is up",
      );
      expect(list.attempts.at(-1)).toMatchObject({ outcome: "delivered", statusCode: 204 });
      expect(list.attempts.slice(0, -1).every((a: { outcome: string; error: string | null }) => a.outcome === "retry" && a.error)).toBe(
        true,
      );
    } finally {
      await new Promise((r) => late.close(r));
    }

    // A receiver that takes the request and never answers: the attempt times out (CALLBACK_TIMEOUT_MS) and is retried.
    const hung = await created({}, { callbackUrl: `http://127.0.0.1:${receiver.port}/silent` });
    await cancel(hung.id);
    const list = await eventually(
      async () => {
        const l = await attempts(hung.id);
        return l.status === "delivered" && l;
      },
      30_000,
      "delivery after a silent receiver",
    );
    expect(list.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(["retry", "delivered"]);
    expect(receiver.hits.filter((h) => h.path === "/silent")).toHaveLength(2);
  });

  it("refuses a host outside CALLBACK_ALLOWED_HOSTS that resolves to loopback, and a redirect to one, without connecting", async () => {
    const direct = await created({}, { callbackUrl: `http://localhost:${receiver.port}/never-direct` });
    await cancel(direct.id);
    const refused = await eventually(
      async () => {
        const l = await attempts(direct.id);
        return l.status === "refused" && l;
      },
      20_000,
      "refused",
    );
    expect(refused.attempts).toHaveLength(1);
    expect(refused.attempts[0]).toMatchObject({ outcome: "refused", statusCode: null, urlHost: "localhost" });
    expect(refused.attempts[0].error).toMatch(/loopback/);

    receiver.setRedirect(`http://localhost:${receiver.port}/never-redirected`);
    const redirected = await created({}, { callbackUrl: `http://127.0.0.1:${receiver.port}/redirect` });
    await cancel(redirected.id);
    const r = await eventually(
      async () => {
        const l = await attempts(redirected.id);
        return l.status === "refused" && l;
      },
      20_000,
      "redirect refused",
    );
    expect(r.attempts[0].error).toMatch(/redirect 1 to localhost: .*loopback/);
    expect(receiver.hits.some((h) => h.path.startsWith("/never"))).toBe(false);
    expect(receiver.hits.filter((h) => h.path === "/redirect")).toHaveLength(1);
  });

  it("gives up at once when the receiver answers 410 Gone", async () => {
    const wf = await created({}, { callbackUrl: `http://127.0.0.1:${receiver.port}/gone` });
    await cancel(wf.id);
    const list = await eventually(
      async () => {
        const l = await attempts(wf.id);
        return l.status === "gave-up" && l;
      },
      20_000,
      "gave up",
    );
    await new Promise((r) => setTimeout(r, 1500)); // past the first retry delay: nothing more comes
    expect((await attempts(wf.id)).attempts).toEqual([expect.objectContaining({ attemptNo: 1, outcome: "gave-up", statusCode: 410 })]);
    expect(list.attempts).toHaveLength(1);
  });

  it("refuses callback URLs that are relative, not http, or carry credentials at create", async () => {
    for (const callbackUrl of [
      "../../etc/passwd",
      "/hook",
      "",
      "http://",
      "http://user:pw@127.0.0.1/hook",
      "file:///etc/passwd",
      "javascript:alert(1)",
      `http://x.test/${"a".repeat(2100)}`,
    ]) {
      const res = await stack.api("submitter", "POST", "/api/workflow", {
        templatePath: "workflow/leave-request.md",
        correlationId: uniqueCorrelationId("cb"),
        callbackUrl,
      });
      await expectProblem(res, 400, "request.invalid");
    }
  });
});

describe("hostile input", () => {
  it("never answers 5xx on the OTP, resend, export and callback routes, always problem+json with a code", async () => {
    const a = await created({ requireOtp: true });
    const b = await created();
    const segment = fc.oneof(fc.constantFrom(a.id, b.id, "0"), encodedSegment);
    const tail = fc.constantFrom("otp/send", "otp/verify", "resend-invite", "export", "callbacks");
    const query = fc.oneof(
      fc.constant(""),
      fc.constantFrom("?format=csv", "?format=json"),
      encodedSegment.map((s) => `?format=${s}`),
    );
    const request = fc.record({
      method: fc.constantFrom("GET", "POST", "PATCH", "DELETE"),
      path: fc.tuple(segment, tail, query).map(([w, t, q]) => `/api/workflow/${w}/${t}${q}`),
      user: fc.constantFrom<UserName | null>("submitter", "outsider", null),
      token: fc.oneof(
        fc.constant(a.token),
        fc.constant(b.token),
        fc.constant(null),
        hostileString.map((s) => s.replace(/[^\x21-\x7e]/g, "")),
      ),
      payload: fc.oneof(
        fc.record({ otp: fc.oneof(fc.stringMatching(/^\d{6}$/), hostileValue) }).map((x) => JSON.stringify(x)),
        hostileString,
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = r.token ? { "x-svc-portal-token": r.token } : {};
        const res = await stack.api(r.user, r.method, r.path, r.method === "GET" ? undefined : r.payload, headers);
        const text = await res.text();
        const what = `${r.method} ${r.path} → ${res.status} ${text.slice(0, 300)}`;
        expectWellFormedAnswer(res, text, what);
      }),
      { numRuns: 200 },
    );
  }, 300_000);
});
