import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pdfText } from "../tests/support/pdf";
import { launchChromium } from "../tests/support/browser";
import { eventually, logins, startStack, type Stack, type UserName } from "../tests/support/stack";
import { ARTIFACTS, consolePage, expectAccessible, heading, shoot, signIn as signInAtIdp } from "./console-support";

/**
 * The console's workflow pages in Chromium against the built server: the approval mail's console
 * link, sign-in at the IdP's login page, the data and rule results, decisions after a confirmation
 * step through the same domain functions as the API, refusals in plain words, and another tenant's
 * workflow as not found. Screenshots at desktop width and 360 px go to e2e/artifacts/console/.
 */
let stack: Stack;
let browser: Browser;
let receiver: http.Server;
const callbacks: unknown[] = [];
beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      callbacks.push(JSON.parse(body));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  [stack, browser] = await Promise.all([startStack({ env: { CALLBACK_ALLOWED_HOSTS: "127.0.0.1" } }), launchChromium()]);
});
afterAll(async () => {
  if (stack) fs.writeFileSync(`${ARTIFACTS}/server-workflow.log`, stack.log());
  await browser?.close();
  await stack?.stop();
  await new Promise((r) => receiver?.close(r));
});

const newPage = () => consolePage(browser);
const signIn = (page: Page, user: UserName) => signInAtIdp(page, stack.issuer, logins[user]);
const main = (page: Page) => page.getByRole("main");
const errorSummary = (page: Page) => page.getByRole("alert").filter({ hasText: "There is a problem" });
const stateTag = (page: Page) => page.getByRole("status").first().textContent();

/** A leave request (two approval stages: approver@, then second@) created with its data, so it starts in pending-approval. */
async function leaveRequest(user: UserName = "submitter", over: Record<string, unknown> = {}) {
  const res = await stack.api(user, "POST", "/api/workflow", {
    templatePath: "workflow/leave-request.md",
    correlationId: `console-wf-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    templateSettings: {
      workflow: { recipients: [{ email: "pat@example.test", displayName: "Pat Employee" }], autoValidateOnCreate: true },
    },
    initialData: {
      fullName: "Pat Employee",
      employeeId: "E1234",
      leaveType: "unpaid",
      startDate: "2027-05-03",
      endDate: "2027-05-18",
      days: 12,
      confirmed: true,
    },
    ...over,
  });
  expect(res.status).toBe(201);
  const body = await res.json();
  expect(body.state).toBe("pending-approval");
  return body.workflowId as string;
}

it("an approver opens the mailed console link, signs in, sees data and rules, approves; the second stage approves and it is sealed", async () => {
  const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const id = await leaveRequest("submitter", {
    callbackUrl,
    // Traced: the page then links the sealed PDF's explain reports.
    templateSettings: {
      workflow: { recipients: [{ email: "pat@example.test", displayName: "Pat Employee" }], autoValidateOnCreate: true },
      explainDocument: true,
    },
  });
  const mail = await stack.smtp.waitFor(
    (m) => m.find((x) => x.to.includes("approver@acme.test") && x.text.includes(id) && x.subject.startsWith("Approval needed")),
    30_000,
  );
  const link = mail.text.match(/https?:\/\/\S+\/console\/workflows\/[0-9a-f-]{36}/)![0];
  expect(link).toBe(`${stack.baseUrl}/console/workflows/${id}`);

  const { context, page, csp } = await newPage();
  await page.goto(link);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(`/console/workflows/${id}`);
  await signIn(page, "approver");
  await expect.poll(() => page.url()).toBe(link);
  expect(await heading(page).textContent()).toBe("Leave request");
  expect(await stateTag(page)).toBe("Waiting for approval");
  const text = await main(page).textContent();
  expect(text).toContain("Stage 1 of 2");
  expect(text).toContain("Pat Employee <pat@example.test>");
  // Collected data by step, with the schema's labels.
  expect(await page.getByRole("heading", { name: "Step 1: Employee" }).count()).toBe(1);
  expect(text).toMatch(/Employee number\s*E1234/);
  expect(text).toMatch(/Working days\s*12/);
  // Rule results: the warning failed, so it reads as a warning (only a failed error is "Failed"); the errors passed.
  const rules = page.getByRole("table", { name: /Rule results/ });
  expect(await rules.getByRole("row", { name: /Unpaid leave over 10 days needs a note/ }).textContent()).toMatch(/^(?!.*Failed).*Warning/);
  expect(await rules.getByRole("row", { name: /The last day must be on or after the first day/ }).textContent()).toContain("Passed");
  expect(await page.getByRole("link", { name: "JSON" }).getAttribute("href")).toBe(`/console/workflows/${id}/files/export/json`);
  await expectAccessible(page, "workflow waiting for approval");
  await shoot(page, "wf-01-workflow-pending");

  // The list of what waits for this approver, linked from the console's navigation.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Workflows" }).click();
  await expect.poll(() => heading(page).textContent()).toBe("Workflows");
  await page
    .getByRole("navigation", { name: "Filter workflows" })
    .getByRole("link", { name: /^Waiting for you/ })
    .click();
  await expect.poll(() => page.url()).toContain("view=waiting");
  expect(
    await page
      .getByRole("row", { name: /Leave request/ })
      .first()
      .textContent(),
  ).toContain("Stage 1 of 2");
  await expectAccessible(page, "workflows waiting for you");
  await shoot(page, "wf-02-waiting-for-you");

  // Approve stage 1 after the confirmation step.
  await page.goto(link);
  await page.getByRole("link", { name: "Approve", exact: true }).click();
  await expect.poll(() => heading(page).textContent()).toBe("Approve this workflow?");
  expect(await main(page).textContent()).toContain("moves to stage 2 of 2");
  await expectAccessible(page, "confirm workflow approval");
  await shoot(page, "wf-03-confirm-approve");
  await page.getByLabel("Comment (optional)").fill("Cover arranged with the team");
  await page.getByRole("button", { name: "Yes, approve" }).click();
  await expect.poll(() => page.url()).toContain(`/console/workflows/${id}?done=approve`);
  expect(await page.getByRole("alert").filter({ hasText: "Success" }).textContent()).toContain("You approved this workflow.");
  expect(await main(page).textContent()).toContain("Stage 2 of 2");
  expect(await page.getByRole("table", { name: /Approval in 2 stages/ }).textContent()).toMatch(
    /1 of 2.*approver@acme\.test.*Approved by approver@acme\.test/,
  );
  // Stage 2 is not this approver's: no decision offered, and asking for it by address is refused.
  expect(await page.getByRole("link", { name: "Approve", exact: true }).count()).toBe(0);
  await page.goto(`${link}/confirm/approve`);
  expect(await heading(page).textContent()).toBe("You cannot do this");
  expect(await main(page).textContent()).toContain("You are not an approver of this workflow’s current stage, so you cannot decide it.");
  await expectAccessible(page, "refused approval");
  await shoot(page, "wf-04-cannot-approve");

  // The stage-1 mail's reviewer link (no sign-in) still shows the workflow, read only, and says why.
  const reviewerLink = /(http:\S+\/portal\/\S+)/.exec(mail.text)![1];
  const stale = await newPage();
  await stale.page.goto(reviewerLink);
  await expect.poll(() => heading(stale.page).textContent()).toBe("Waiting for the next approval stage");
  const readOnly = stale.page.getByRole("region", { name: "Read only" });
  expect(await readOnly.textContent()).toContain("This link can no longer decide");
  expect(await readOnly.textContent()).toContain("This review link was sent for an earlier approval stage; the form is now at stage 2.");
  expect(await stale.page.getByRole("button", { name: /Approve|Ask for changes/ }).count()).toBe(0);
  await expectAccessible(stale.page, "stale reviewer link");
  await shoot(stale.page, "wf-04b-stale-reviewer-link");
  await stale.context.close();

  // The second stage's approver approves; the page follows sealing to Complete without a reload.
  const second = await newPage();
  await second.page.goto(link);
  await signIn(second.page, "approver2");
  await expect.poll(() => heading(second.page).textContent()).toBe("Leave request");
  await second.page.getByRole("link", { name: "Approve", exact: true }).click();
  expect(await main(second.page).textContent()).toContain("This is the last stage");
  await second.page.getByRole("button", { name: "Yes, approve" }).click();
  await expect.poll(() => second.page.url()).toContain("?done=approve");
  await second.page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
  await expect.poll(() => stateTag(second.page), { timeout: 60_000, interval: 250 }).toBe("Complete");
  expect(await second.page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);

  // The sealed PDF downloads with the SHA-256 the page shows; the exports come through console routes too.
  const shown = await second.page.locator("code").first().textContent();
  const sealed = await second.page.request.get(`${stack.baseUrl}/console/workflows/${id}/files/sealed`);
  expect(sealed.status()).toBe(200);
  const pdf = await sealed.body();
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect(createHash("sha256").update(pdf).digest("hex")).toBe(shown);
  expect(sealed.headers()["x-content-sha256"]).toBe(shown);
  const json = await (await second.page.request.get(`${stack.baseUrl}/console/workflows/${id}/files/export/json`)).json();
  expect(json).toMatchObject({ workflowId: id, state: "complete" });
  expect(json.rows).toContainEqual(expect.objectContaining({ key: "employeeId", label: "Employee number", value: "E1234" }));
  const csv = await second.page.request.get(`${stack.baseUrl}/console/workflows/${id}/files/export/csv`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain("employeeId,Employee number,E1234");
  expect((await second.page.request.get(`${stack.baseUrl}/console/workflows/${id}/files/export/xml`)).status()).toBe(400);
  // The explain reports of the sealed PDF, linked from the page (the trace is stored just after the seal).
  expect(await second.page.getByRole("link", { name: "detailed" }).getAttribute("href")).toBe(
    `/console/workflows/${id}/files/explain/detailed`,
  );
  const report = await eventually(
    async () => {
      const r = await second.page.request.get(`${stack.baseUrl}/console/workflows/${id}/files/explain/summary`);
      return r.status() === 200 ? r : null;
    },
    30_000,
    "explain report of the sealed PDF",
  );
  expect(report.headers()["content-type"]).toBe("application/pdf");
  expect(await pdfText(new Uint8Array(await report.body()))).toContain(`Sealed PDF of workflow ${id}`);

  // The callback went out; its attempts are listed. The history holds both decisions with the comment.
  await eventually(async () => callbacks.some((c) => (c as { workflowId?: string }).workflowId === id), 30_000, "callback delivered");
  await eventually(
    async () => {
      await second.page.reload();
      return (await main(second.page).textContent())!.includes("Delivered");
    },
    30_000,
    "callback attempt shown",
  );
  const done = await main(second.page).textContent();
  expect(done).toContain("Cover arranged with the team");
  expect(done).toMatch(/Approved by second@acme\.test/);
  expect(await second.page.getByRole("table", { name: /Callback attempts/ }).textContent()).toContain("HTTP 204");
  await expectAccessible(second.page, "complete workflow");
  await shoot(second.page, "wf-05-workflow-complete");
  expect(csp).toEqual([]);
  expect(second.csp).toEqual([]);
  await second.context.close();
  await context.close();
});

it("asks for a message before requesting changes, refuses one that lost a race in plain words, and sends one about a field", async () => {
  const raced = await leaveRequest();
  const { context, page } = await newPage();
  await page.goto(`${stack.baseUrl}/console/workflows/${raced}/confirm/request-changes`);
  await signIn(page, "approver");
  await expect.poll(() => heading(page).textContent()).toBe("Ask for changes to this workflow?");
  await page.getByRole("button", { name: "Yes, ask for changes" }).click();
  await expect.poll(() => errorSummary(page).textContent()).toContain("Enter what needs to change");
  expect(await page.getAttribute("#message", "aria-invalid")).toBe("true");
  await expectAccessible(page, "request changes without a message");
  await shoot(page, "wf-06-request-changes-error");

  // The initiator cancels meanwhile: the confirmation is refused with the domain's reason, the typing kept.
  expect((await stack.api("submitter", "POST", `/api/workflow/${raced}/cancel`)).status).toBe(200);
  await page.getByLabel("Which answer is it about? (optional)").selectOption("days");
  await page.getByLabel("What needs to change").fill("Split the leave in two requests");
  await page.getByRole("button", { name: "Yes, ask for changes" }).click();
  await expect
    .poll(() => errorSummary(page).textContent())
    .toContain("This workflow is now cancelled, so you can no longer ask for changes to it.");
  expect(await page.getByLabel("What needs to change").inputValue()).toBe("Split the leave in two requests");
  expect(await page.getByLabel("Which answer is it about? (optional)").inputValue()).toBe("days");
  await shoot(page, "wf-07-request-changes-refused");

  // On another workflow the request, about one answer, goes through and the participant is mailed it.
  const other = await leaveRequest();
  await page.goto(`${stack.baseUrl}/console/workflows/${other}`);
  await page.getByRole("link", { name: "Request changes" }).click();
  await page.getByLabel("Which answer is it about? (optional)").selectOption("days");
  await page.getByLabel("What needs to change").fill("Count the working days again");
  await page.getByLabel("How important is it?").selectOption("warning");
  await page.getByRole("button", { name: "Yes, ask for changes" }).click();
  await expect.poll(() => stateTag(page)).toBe("Changes requested");
  expect(await main(page).textContent()).toMatch(/Working days: Count the working days again\s*\(please check/);
  await stack.smtp.waitFor(
    (m) => m.find((x) => x.to.includes("pat@example.test") && x.text.includes("Working days: Count the working days again")),
    30_000,
  );
  const status = await (await stack.api("submitter", "GET", `/api/workflow/${other}/status`)).json();
  expect(status).toMatchObject({ state: "changes-requested", currentStepIndex: 1 });
  await expectAccessible(page, "changes requested");
  await shoot(page, "wf-08-changes-requested");
  await context.close();
});

it("takes a confirmation sent before the page's scripts have run (a slow network, or none) as it takes one sent after", async () => {
  const id = await leaveRequest();
  const { context, page } = await newPage();
  await page.goto(`${stack.baseUrl}/console/workflows/${id}/confirm/request-changes`);
  await signIn(page, "approver");
  await expect.poll(() => heading(page).textContent()).toBe("Ask for changes to this workflow?");
  // The browser then posts the form itself. Under `Referrer-Policy: no-referrer` it sent `Origin: null`,
  // which Next.js refuses as a cross-site action: the approver got a bare 500 "Internal Server Error".
  await page.route("**/_next/static/**", (r) => r.abort());
  await page.reload();
  await page.getByRole("button", { name: "Yes, ask for changes" }).click();
  await expect.poll(() => errorSummary(page).textContent()).toContain("Enter what needs to change");
  await page.getByLabel("What needs to change").fill("Attach the travel booking");
  await page.getByRole("button", { name: "Yes, ask for changes" }).click();
  await expect.poll(() => stateTag(page)).toBe("Changes requested");
  const status = await (await stack.api("submitter", "GET", `/api/workflow/${id}/status`)).json();
  expect(status.state).toBe("changes-requested");
  await context.close();
});

it("a governance review: no plain approval, an exception needs a justification, and it is sealed", async () => {
  const res = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/governance.md",
    correlationId: `console-gov-${Date.now()}`,
    initialData: { amount: 9000, costCentre: "OPS" },
  });
  const { workflowId: id, state } = await res.json();
  expect(state).toBe("validation-failed");
  const { context, page } = await newPage();
  await page.goto(`${stack.baseUrl}/console/workflows/${id}`);
  await signIn(page, "approver2");
  await expect.poll(() => heading(page).textContent()).toBe("Expense governance check");
  expect(await stateTag(page)).toBe("Failed validation");
  expect(await page.getByRole("link", { name: "Approve", exact: true }).count()).toBe(0);
  expect(await page.getByRole("row", { name: /Expenses above 5000 need a cost centre/ }).textContent()).toContain("Failed");
  await expectAccessible(page, "governance review");
  await shoot(page, "wf-09-governance-review");

  // By keyboard alone: the action link, the confirmation, the error summary's link to the field, the field, the button.
  const focused = () =>
    page.evaluate(() => ({
      text: document.activeElement?.textContent ?? "",
      id: document.activeElement?.id ?? "",
      background: getComputedStyle(document.activeElement!).backgroundColor,
    }));
  await page.getByRole("link", { name: "Approve with an exception" }).focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  // The design system's focus: a focused link turns yellow, whatever its colours were.
  expect(await focused()).toMatchObject({ text: "Approve with an exception", background: "rgb(255, 221, 0)" });
  await shoot(page, "wf-09b-action-focused");
  await page.keyboard.press("Enter");
  await expect.poll(() => heading(page).textContent()).toBe("Approve this workflow with an exception?");
  await page.getByRole("button", { name: "Yes, approve with an exception" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => errorSummary(page).textContent()).toContain("Explain why you approve although rules failed");
  expect(await page.getAttribute("#justification", "aria-invalid")).toBe("true");
  await expectAccessible(page, "exception without justification");
  await shoot(page, "wf-10-exception-error");
  // The summary has focus; its link leads to the field.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  expect((await focused()).id).toBe("justification");
  await page.keyboard.type("One-off purchase agreed by the board");
  await page.keyboard.press("Tab");
  expect((await focused()).text).toBe("Yes, approve with an exception");
  await page.keyboard.press("Enter");
  await expect.poll(() => stateTag(page), { timeout: 60_000, interval: 250 }).toBe("Complete");
  const text = await main(page).textContent();
  expect(text).toContain("One-off purchase agreed by the board");
  expect(text).toContain("Failed, exception granted");
  await context.close();
});

it("offers the initiator escalate, seal and cancel but no decision, and shows another tenant's workflow as not found", async () => {
  const own = await leaveRequest();
  const foreign = await leaveRequest("outsider");
  const { context, page, csp } = await newPage();
  await page.goto(`${stack.baseUrl}/console/workflows/${own}`);
  await signIn(page, "submitter");
  await expect.poll(() => heading(page).textContent()).toBe("Leave request");
  expect(await main(page).textContent()).toContain(
    "You started this workflow, so another approver has to decide it (waiting for approver@acme.test)",
  );
  expect(await page.getByRole("link", { name: "Approve", exact: true }).count()).toBe(0);
  for (const name of ["Escalate to the next approver", "Seal without approval", "Cancel workflow"])
    expect(await page.getByRole("link", { name }).count(), name).toBe(1);
  await expectAccessible(page, "workflow seen by its initiator");
  await shoot(page, "wf-11-workflow-initiator");

  await page.getByRole("link", { name: "Escalate to the next approver" }).click();
  await expect.poll(() => heading(page).textContent()).toBe("Escalate the approval?");
  await page.getByRole("button", { name: "Yes, escalate" }).click();
  await expect.poll(() => page.url()).toContain("?done=escalate");
  expect(await page.getByRole("table", { name: /Approval in 2 stages/ }).textContent()).toContain("Escalated to second@acme.test");
  expect(await main(page).textContent()).toMatch(/Escalated by submitter@acme\.test \(stage 1\), to second@acme\.test/);
  await stack.smtp.waitFor(
    (m) => m.find((x) => x.to.includes("second@acme.test") && x.text.includes(own) && x.subject.startsWith("Approval escalated")),
    30_000,
  );
  // The banner's query names only a known action: anything else shows the page without one.
  expect((await page.goto(`${stack.baseUrl}/console/workflows/${own}?done=__proto__`))!.status()).toBe(200);
  expect(await page.getByRole("alert").filter({ hasText: "Success" }).count()).toBe(0);

  // The list, with workflows in several states by now.
  await page.goto(`${stack.baseUrl}/console/workflows`);
  expect(await page.getByRole("navigation", { name: "Filter workflows" }).textContent()).toMatch(
    /Waiting for you \(0\).*Complete \(2\).*Cancelled \(1\)/,
  );
  await expectAccessible(page, "workflows list");
  await shoot(page, "wf-12-workflows");

  // Another organisation's workflow: the same page as an unknown id, and its files too.
  const res = await page.goto(`${stack.baseUrl}/console/workflows/${foreign}`);
  expect(res!.status()).toBe(404);
  expect(await heading(page).textContent()).toBe("Page not found");
  expect((await page.request.get(`${stack.baseUrl}/console/workflows/${foreign}/files/export/json`)).status()).toBe(404);
  expect((await page.request.get(`${stack.baseUrl}/console/workflows/${foreign}/confirm/cancel`)).status()).toBe(404);
  await expectAccessible(page, "workflow not found");
  await shoot(page, "wf-13-not-found");
  expect(csp).toEqual([]);
  await context.close();
});
