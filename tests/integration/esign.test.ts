import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import fc from "fast-check";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consent } from "@/lib/signing/ceremony/consent";
import { expectSignedByAll } from "../support/esign-checks";
import {
  esignCreateBody,
  esignFixtures,
  invitationsTo,
  person,
  sealedForSigning as sealedFor,
  signedPdf,
  signingLink,
  signWith,
  typedSignature,
  workflowStatus,
  type EsignFixtures,
  type Signer,
} from "../support/esign-flow";
import { expectQpdfClean } from "../support/pdf-tools";
import { expectProblem } from "../support/problem";
import { addDemoTemplates, eventually, type Stack } from "../support/stack";
import { queryStackDb } from "../support/stack-db";
import { startWorkflowStack } from "../support/workflow";

/**
 * E-signature after sealing, end to end: a real server (the test CA's issuing key as
 * acme's PKCS#12, the in-process TSA over HTTP), real PostgreSQL and a real SMTP server. Links come
 * from the mails; every signed file is checked by pdfsig, openssl cms and qpdf.
 */

let stack: Stack;
let fx: EsignFixtures;
const callbacks: Array<{ path: string; body: Record<string, unknown> }> = [];
let receiver: http.Server;

beforeAll(async () => {
  fx = await esignFixtures();
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      callbacks.push({ path: req.url ?? "", body: JSON.parse(body || "{}") });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  stack = await startWorkflowStack({
    env: {
      ...fx.env,
      CALLBACK_ALLOWED_HOSTS: "127.0.0.1",
      OTP_TTL_MS: "60000",
    },
  });
  // docs/esign.md's example starts a signing workflow of the demo's supplier onboarding.
  addDemoTemplates(stack);
});
afterAll(async () => {
  await stack?.stop();
  await new Promise((r) => receiver?.close(r));
  await fx?.close();
});

const sealedForSigning = (signers: Signer[], mode: "parallel" | "sequential", extra: Record<string, unknown> = {}) =>
  sealedFor(stack, signers, mode, extra);
const status = (id: string) => workflowStatus(stack, id);
const linkFor = (email: string, after = 0) => signingLink(stack, email, after);
const mailsTo = (email: string) => invitationsTo(stack, email).length;
const sign = (token: string, body: unknown, headers: Record<string, string> = {}) => signWith(stack, token, body, headers);
const typed = typedSignature;
const createBody = esignCreateBody;
const checks = () => fx.checks();

// A 40 × 12 RGBA PNG: a blue wave on a transparent ground, as a signature pad draws.
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAACgAAAAMCAYAAAAQw/9NAAAAYElEQVR4nGMQkatgGMyYlob/x4IHhQOxOYxsh9LbYSQ7kt7RSbIjGchNG5RYSooeBnLSBQUOI1k/zUOAUnMoTUOUJg+CDiVkOVWKCjIdCcZEK6Sx43DaTaqPaOUwnHYDAHlItliz93/zAAAAAElFTkSuQmCC";

describe("sequential signing", () => {
  it("three signers in order to completion: each invited after the one before, every signature valid, the last covering the whole file", async () => {
    const signers = [person("Ada", { role: "Chief executive" }), person("Bo"), person("Cy")];
    const id = await sealedForSigning(signers, "sequential");
    let s = await status(id);
    expect(s.state).toBe("sealing");
    expect(s.sealedSha256).toBeNull();
    expect(s.signing.signers.map((x: { state: string; order: number }) => [x.state, x.order])).toEqual([
      ["invited", 1],
      ["waiting", 2],
      ["waiting", 3],
    ]);
    expect(mailsTo(signers[1].email)).toBe(0);

    for (const [i, signer] of signers.entries()) {
      const token = await linkFor(signer.email);
      const boot = await (await stack.api(null, "GET", `/api/sign/${token}`)).json();
      expect(boot).toMatchObject({
        signer: { name: signer.name, email: signer.email, state: "viewed", mayActNow: true },
        document: { revision: i },
        consent: consent(),
      });
      expect(boot.document.pageCount).toBeGreaterThan(1);
      const doc = await stack.api(null, "GET", `/api/sign/${token}/document`);
      expect(doc.headers.get("x-document-revision")).toBe(String(i));
      expect(doc.headers.get("content-disposition")).toMatch(/filename="[^"]+-for-signature\.pdf"/);
      expect((await PDFDocument.load(await doc.arrayBuffer())).getPageCount()).toBe(boot.document.pageCount);
      const res = await sign(token, i === 1 ? { ...typed("x"), mark: { kind: "drawn", png: PNG } } : typed(signer.name));
      expect(res.status).toBe(202);
      await eventually(async () => (await status(id)).signing.signers[i].state === "signed", 60_000, `signer ${i} signed`);
    }
    s = await status(id);
    expect(s.state).toBe("complete");
    expect(s.signing.documentRevision).toBe(3);
    expect(s.signing.signers.map((x: { signedRevision: number }) => x.signedRevision)).toEqual([1, 2, 3]);
    const pdf = await signedPdf(stack, id);
    await expectSignedByAll(
      pdf,
      signers.map((x) => x.name),
      checks(),
    );
    expectQpdfClean(pdf, fx.dir);
    expect(fx.tsa.requests).toBeGreaterThanOrEqual(3);
  });
});

describe("the signing object", () => {
  it("is in the initiator's status with addresses, and in the participant's bootstrap with them masked", async () => {
    const signers = [person("Wes", { role: "Witness" })];
    const created = await stack.api("submitter", "POST", "/api/workflow", createBody({ enabled: true, signingMode: "parallel", signers }));
    expect(created.status).toBe(201);
    const { workflowId: id, portalUrl } = await created.json();
    expect((await status(id)).signing).toMatchObject({
      mode: "parallel",
      documentRevision: null,
      signers: [{ name: signers[0].name, email: signers[0].email, role: "Witness", state: "waiting" }],
    });
    expect((await stack.api("submitter", "POST", `/api/workflow/${id}/seal`)).status).toBe(200);
    await eventually(async () => (await status(id)).signing?.documentRevision === 0, 60_000, "revision 0");
    const portalToken = new URL(portalUrl).searchParams.get("pt")!;
    const boot = await (await stack.api(null, "GET", `/api/workflow/${id}`, undefined, { "x-svc-portal-token": portalToken })).json();
    const masked = `${signers[0].email[0]}***@sign.test`;
    expect(boot.signing).toMatchObject({
      mode: "parallel",
      documentRevision: 0,
      signers: [{ name: signers[0].name, email: masked, state: "invited", invitedAt: expect.any(String) }],
    });
    expect(JSON.stringify(boot)).not.toContain(signers[0].email);
  });
});

describe("parallel signing", () => {
  it("two signers to completion, and two posting at the same instant both land in one file, both valid", async () => {
    for (const together of [false, true]) {
      const signers = [person("Di"), person("Ed")];
      const id = await sealedForSigning(signers, "parallel");
      expect((await status(id)).signing.signers.map((x: { state: string }) => x.state)).toEqual(["invited", "invited"]);
      const tokens = await Promise.all(signers.map((x) => linkFor(x.email)));
      if (together) {
        const answers = await Promise.all(tokens.map((t, i) => sign(t, typed(signers[i].name))));
        expect(answers.map((r) => r.status)).toEqual([202, 202]);
      } else {
        for (const [i, t] of [...tokens.entries()].reverse()) {
          expect((await sign(t, typed(signers[i].name))).status).toBe(202);
          await eventually(async () => (await status(id)).signing.signers[i].state === "signed", 60_000, "signed");
        }
      }
      await eventually(async () => (await status(id)).state === "complete", 60_000, "complete");
      const s = await status(id);
      expect(new Set(s.signing.signers.map((x: { signedRevision: number }) => x.signedRevision))).toEqual(new Set([1, 2]));
      const pdf = await signedPdf(stack, id);
      // pdfsig lists the signatures by field; the one applied last covers the whole file.
      const lastSigned = s.signing.signers.findIndex((x: { signedRevision: number }) => x.signedRevision === 2);
      await expectSignedByAll(
        pdf,
        signers.map((x) => x.name),
        { ...checks(), lastSigned },
      );
      expectQpdfClean(pdf, fx.dir);
    }
  });
});

describe("a decline", () => {
  it("ends the workflow rejected with the reason in the status and the callback; the other links then open nothing", async () => {
    const signers = [person("Fay"), person("Gus")];
    const id = await sealedForSigning(signers, "parallel", {
      callbackUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    });
    const [t0, t1] = await Promise.all(signers.map((x) => linkFor(x.email)));
    await expectProblem(await stack.api(null, "POST", `/api/sign/${t0}/decline`, { reason: "  " }), 400, "request.invalid");
    const res = await stack.api(null, "POST", `/api/sign/${t0}/decline`, { reason: "The amount is wrong" });
    expect(res.status).toBe(200);
    const s = await status(id);
    expect(s.state).toBe("rejected");
    expect(s.signing.signers[0]).toMatchObject({ state: "declined", declineReason: "The amount is wrong" });
    const hook = await eventually(async () => callbacks.find((c) => c.body.workflowId === id), 30_000, "callback");
    expect(hook.body).toMatchObject({
      state: "rejected",
      declined: { signer: 0, name: signers[0].name, email: signers[0].email, reason: "The amount is wrong" },
    });
    await expectProblem(await stack.api(null, "GET", `/api/sign/${t0}`), 410, "esign.link_used");
    await expectProblem(await sign(t1, typed("Gus")), 409, "esign.signing_closed");
    // The other signer asked is told, once; the one who declined is not mailed about their own decline.
    const told = await stack.smtp.waitFor(
      (ms) => ms.find((m) => m.to.includes(signers[1].email) && m.subject.includes("no longer needs your signature")),
      30_000,
    );
    expect(told.text).toContain(`Another signer, ${signers[0].name}, declined to sign`);
    expect(stack.smtp.messages.filter((m) => m.to.includes(signers[0].email) && m.subject.includes("no longer needs"))).toEqual([]);
  });
});

describe("voiding", () => {
  it("the initiator cancels a workflow collecting signatures: links dead, the signers still asked are told, the signature given stays in its revision", async () => {
    const signers = [person("Uma"), person("Vic")];
    const id = await sealedForSigning(signers, "parallel");
    const [t0, t1] = await Promise.all(signers.map((x) => linkFor(x.email)));
    expect((await sign(t0, typed(signers[0].name))).status).toBe(202);
    await eventually(async () => (await status(id)).signing.signers[0].state === "signed", 60_000, "the first signature");
    const res = await stack.api("submitter", "POST", `/api/workflow/${id}/cancel`);
    expect(res.status).toBe(200);
    const s = await status(id);
    expect(s).toMatchObject({ state: "cancelled", sealedSha256: null });
    expect(s.signing.documentRevision).toBe(1);
    await expectProblem(await sign(t1, typed(signers[1].name)), 409, "esign.signing_closed");
    const told = await stack.smtp.waitFor(
      (ms) => ms.find((m) => m.to.includes(signers[1].email) && m.subject.includes("no longer needs your signature")),
      30_000,
    );
    expect(told.text).toContain("has withdrawn the request to sign");
    expect(stack.smtp.messages.filter((m) => m.to.includes(signers[0].email) && m.subject.includes("no longer needs"))).toEqual([]);
    await expectProblem(await stack.api("submitter", "POST", `/api/workflow/${id}/cancel`), 409, "workflow.invalid_state");
    const { events } = await (await stack.api("submitter", "GET", `/api/workflow/${id}/activity`)).json();
    expect(events.find((e: { kind: string }) => e.kind === "workflow.cancelled").detail).toMatchObject({
      from: "sealing",
      to: "cancelled",
      signing: "voided",
      revision: 1,
    });
  });
});

describe("links", () => {
  it("a replayed, replaced, expired or made-up link gets a clear problem, and a re-send is rate limited", async () => {
    const signers = [person("Hal"), person("Ivy")];
    const id = await sealedForSigning(signers, "sequential");
    const token = await linkFor(signers[0].email);
    // The initiator's re-send: a new link, the old one dead; then too soon for another.
    const again = await stack.api("submitter", "POST", `/api/workflow/${id}/signers/0/resend`);
    expect(again.status).toBe(200);
    const fresh = await linkFor(signers[0].email, 1);
    expect(fresh).not.toBe(token);
    await expectProblem(await stack.api(null, "GET", `/api/sign/${token}`), 410, "esign.link_replaced");
    const limited = await expectProblem(
      await stack.api("submitter", "POST", `/api/workflow/${id}/signers/0/resend`),
      429,
      "workflow.resend_rate_limited",
    );
    expect(limited.retryAfter).toBeGreaterThan(0);
    await expectProblem(await stack.api("submitter", "POST", `/api/workflow/${id}/signers/1/resend`), 409, "esign.not_your_turn");
    await expectProblem(await stack.api("submitter", "POST", `/api/workflow/${id}/signers/7/resend`), 404, "esign.signer_not_found");
    await expectProblem(await stack.api("approver", "POST", `/api/workflow/${id}/signers/0/resend`), 403, "workflow.not_initiator");

    // Another workflow's signer id with this link's secret, and shapes that are no link at all.
    const other = await sealedForSigning([person("Jo")], "parallel");
    const otherToken = await linkFor((await status(other)).signing.signers[0].email);
    await expectProblem(
      await stack.api(null, "GET", `/api/sign/${otherToken.split(".")[0]}.${fresh.split(".")[1]}`),
      404,
      "esign.link_invalid",
    );
    for (const bad of ["nothing", `${fresh}x`, "00000000-0000-4000-8000-000000000000." + "a".repeat(43)]) {
      await expectProblem(await stack.api(null, "GET", `/api/sign/${bad}`), 404, "esign.link_invalid");
    }
    // A signing link is no portal token for any workflow.
    await expectProblem(
      await stack.api(null, "GET", `/api/workflow/${other}/status`, undefined, { "x-svc-portal-token": otherToken }),
      401,
    );

    // Signed: replaying the link opens nothing.
    expect((await sign(fresh, typed("Hal"))).status).toBe(202);
    await expectProblem(await sign(fresh, typed("Hal")), 410, "esign.link_used");

    // Expired: the next signer's link after its time.
    await eventually(async () => (await status(id)).signing.signers[1].state === "invited", 60_000, "second invited");
    const second = await linkFor(signers[1].email);
    await queryStackDb(
      stack,
      `update workflow_signers set token_expires_at = now() - interval '1 minute' where workflow_id = '${id}' and position = 1`,
    );
    expect((await status(id)).signing.signers[1].state).toBe("expired");
    await expectProblem(await stack.api(null, "GET", `/api/sign/${second}`), 410, "esign.link_expired");
    await expectProblem(await sign(second, typed("Ivy")), 410, "esign.link_expired");
  });

  it("checks the consent and the mark: an outdated consent, a PNG that is no PNG, no intent, a typed mark on more than one line", async () => {
    const [signer] = [person("Kai")];
    const id = await sealedForSigning([signer], "parallel");
    const token = await linkFor(signer.email);
    const outdated = await expectProblem(
      await sign(token, { ...typed("Kai"), consent: { version: "2020-01-01", sha256: "0".repeat(64) } }),
      422,
      "esign.consent_outdated",
    );
    expect(outdated.current).toEqual({ version: consent().version, sha256: consent().sha256 });
    const notPng = await expectProblem(
      await sign(token, { ...typed("Kai"), mark: { kind: "drawn", png: Buffer.from("GIF89a not a png").toString("base64") } }),
      422,
      "esign.mark_invalid",
    );
    expect(notPng.errors).toEqual([{ path: "mark.png", message: "is not a PNG image" }]);
    await expectProblem(await sign(token, { ...typed("Kai"), mark: { kind: "drawn", png: "A".repeat(352_000) } }), 400, "request.invalid");
    await expectProblem(await sign(token, { ...typed("Kai"), intent: false }), 400, "request.invalid");
    await expectProblem(await sign(token, typed(" ")), 422, "esign.mark_invalid");
    // A typed mark is one line: a line break of any kind is refused, not drawn into the file as a space.
    for (const br of ["\n", "\r\n", "\u2028", "\u2029", "\u0085"]) {
      const broken = await expectProblem(await sign(token, typed(`Kai${br}Lovelace`)), 422, "esign.mark_invalid");
      expect(broken.errors).toEqual([{ path: "mark.text", message: "must be 1 to 100 characters on one line" }]);
    }
    expect((await status(id)).signing.signers[0].state).not.toBe("signed");
  });
});

describe("a signer's passcode", () => {
  it("gates the ceremony until verified, before the consent and the mark are checked, and stops a brute force at the limit", async () => {
    const signer = person("Lee", { requireOtp: true });
    await sealedForSigning([signer], "parallel");
    const token = await linkFor(signer.email);
    const gate = await (await stack.api(null, "GET", `/api/sign/${token}`)).json();
    expect(gate).toMatchObject({ otp: { required: true, verified: false } });
    expect(gate.document).toBeUndefined();
    await expectProblem(await stack.api(null, "GET", `/api/sign/${token}/document`), 403, "otp.required");
    await expectProblem(await sign(token, typed("Lee")), 403, "otp.required");
    // The passcode comes first: nothing about the consent or the mark is told to a caller without it.
    await expectProblem(
      await sign(token, { ...typed("Lee"), consent: { version: "2020-01-01", sha256: "0".repeat(64) } }),
      403,
      "otp.required",
    );
    await expectProblem(await sign(token, typed("Lee\nSmith")), 403, "otp.required");
    await expectProblem(await sign(token, typed("Lee"), { "x-svc-sign-otp": "not-a-proof" }), 403, "otp.required");
    expect((await stack.api(null, "POST", `/api/sign/${token}/otp/send`)).status).toBe(200);
    await expectProblem(await stack.api(null, "POST", `/api/sign/${token}/otp/send`), 429, "otp.rate_limited");
    const mail = await stack.smtp.waitFor((ms) => ms.find((m) => m.to.includes(signer.email) && m.subject.includes("passcode")), 30_000);
    const code = /passcode is (\d{6})/.exec(mail.text)![1];
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) {
      const p = await expectProblem(await stack.api(null, "POST", `/api/sign/${token}/otp/verify`, { otp: wrong }), 422, "otp.invalid");
      expect(p.attemptsLeft).toBe(5 - i);
    }
    await expectProblem(await stack.api(null, "POST", `/api/sign/${token}/otp/verify`, { otp: wrong }), 429, "otp.locked");
    // The right code is dead with the lock.
    await expectProblem(await stack.api(null, "POST", `/api/sign/${token}/otp/verify`, { otp: code }), 429, "otp.locked");
  });

  it("opens the ceremony with the proof of a verified code", async () => {
    const signer = person("Max", { requireOtp: true });
    const id = await sealedForSigning([signer], "parallel");
    const token = await linkFor(signer.email);
    expect((await stack.api(null, "POST", `/api/sign/${token}/otp/send`)).status).toBe(200);
    const mail = await stack.smtp.waitFor((ms) => ms.find((m) => m.to.includes(signer.email) && m.subject.includes("passcode")), 30_000);
    const verified = await (
      await stack.api(null, "POST", `/api/sign/${token}/otp/verify`, { otp: /passcode is (\d{6})/.exec(mail.text)![1] })
    ).json();
    const proof = { "x-svc-sign-otp": verified.otpProof };
    expect((await (await stack.api(null, "GET", `/api/sign/${token}`, undefined, proof)).json()).document.revision).toBe(0);
    expect((await sign(token, typed("Max"), proof)).status).toBe(202);
    await eventually(async () => (await status(id)).state === "complete", 60_000, "complete");
    expect((await status(id)).signing.signers[0].verificationMethod).toBe("email link + one-time passcode");
  });
});

describe("create", () => {
  it("answers a signer list that breaks a rule with 422 naming the field (generated lists)", async () => {
    const signer = fc.record(
      { name: fc.constant("N"), email: fc.constantFrom("a@x.test", "b@x.test", "A@x.test"), order: fc.integer({ min: 1, max: 3 }) },
      { requiredKeys: ["name", "email"] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(signer, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("parallel", "sequential"),
        async (signers, signingMode) => {
          const emails = signers.map((s) => s.email.toLowerCase());
          const orders = signers.flatMap((s) => (s.order ? [s.order] : []));
          const bad =
            new Set(emails).size < emails.length ||
            (signingMode === "parallel"
              ? orders.length > 0
              : (orders.length > 0 && orders.length < signers.length) || new Set(orders).size < orders.length);
          fc.pre(bad);
          const p = await expectProblem(
            await stack.api("submitter", "POST", "/api/workflow", createBody({ enabled: true, signingMode, signers })),
            422,
            "workflow.esign_invalid",
          );
          expect(p.errors!.every((e) => e.path.startsWith("templateSettings.esign.signers."))).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `S${i}`, email: `s${i}@x.test` }));
    const p = await expectProblem(
      await stack.api("submitter", "POST", "/api/workflow", createBody({ enabled: true, signers: many })),
      422,
      "workflow.esign_invalid",
    );
    expect(p.errors).toEqual([{ path: "templateSettings.esign.signers", message: expect.stringContaining("20") }]);
  });

  it("lists the signers waiting in the status until the record is sealed", async () => {
    const res = await stack.api("submitter", "POST", "/api/workflow", createBody({ enabled: true, signers: [person("Ned")] }));
    const { workflowId } = await res.json();
    const s = await status(workflowId);
    expect(s.signing).toMatchObject({
      mode: "parallel",
      documentRevision: null,
      signers: [{ position: 0, state: "waiting", invitedAt: null }],
    });
  });
});

/** The create request docs/esign.md shows (the heredoc of its first sh block), with a correlation id of this run. */
function docsCreateBody(): Record<string, unknown> {
  const md = fs.readFileSync(path.resolve(__dirname, "../../docs/esign.md"), "utf8");
  const block = /```sh\n([\s\S]*?)\n```/.exec(md)?.[1] ?? "";
  const heredoc = /"\$API\/api\/workflow" --data-binary @- <<EOF\n([\s\S]*?)\nEOF\n/.exec(block);
  expect(heredoc, "docs/esign.md's first sh block posts a body to $API/api/workflow from a heredoc").not.toBeNull();
  return JSON.parse(heredoc![1].replaceAll("$RUN", `${Date.now()}`)) as Record<string, unknown>;
}

describe("docs/esign.md", () => {
  it("starts a signing workflow with the request it shows: created waiting for approval, its signers listed in their order", async () => {
    const body = docsCreateBody();
    const res = await stack.api("submitter", "POST", "/api/workflow", body);
    expect(res.status, await res.clone().text()).toBe(201);
    const { workflowId, state } = await res.json();
    // The example's next step is the approval: the data it gives passed validation at creation.
    expect(state).toBe("pending-approval");
    const s = await status(workflowId);
    const { signingMode, signers } = (body.templateSettings as { esign: { signingMode: string; signers: Signer[] } }).esign;
    expect(s.signing).toMatchObject({
      mode: signingMode,
      documentRevision: null,
      signers: signers.map((x) => ({
        name: x.name,
        email: x.email,
        order: x.order,
        role: x.role,
        requireOtp: x.requireOtp ?? false,
        state: "waiting",
      })),
    });
  });
});
