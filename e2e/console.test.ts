import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../tests/support/browser";
import { pdfText } from "../tests/support/pdf";
import { eventually, logins, startStack, type Stack, type UserName } from "../tests/support/stack";
import { ARTIFACTS, consolePage, expectAccessible, heading, logInAtIdp, shoot, signIn as signInAtIdp } from "./console-support";

let stack: Stack;
let browser: Browser;
// Small chunks, so that a batch of 60 letters moves through several progress steps.
beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  [stack, browser] = await Promise.all([startStack({ env: { BATCH_CHUNK_RECORDS: "5" } }), launchChromium()]);
});
afterAll(async () => {
  // The server's output beside the screenshots, for reading when something failed.
  if (stack) fs.writeFileSync(`${ARTIFACTS}/server.log`, stack.log());
  await browser?.close();
  await stack?.stop();
});

const record = (i: number) => ({
  customerId: `C${100 + i}`,
  name: `Customer ${i}`,
  amount: 10 * i,
  recipientEmail: `customer${i}@example.test`,
});

async function submit(count: number, user: UserName = "submitter", title?: string) {
  const res = await stack.api(user, "POST", "/api/render", {
    templatePath: "letter.md",
    options: title ? { title } : {},
    dataSource: Array.from({ length: count }, (_, i) => record(i + 1)),
    features: { svcDispatch: true },
  });
  expect(res.status).toBe(202);
  return res.headers.get("x-svc-batchid")!;
}

const newPage = () => consolePage(browser);
const signIn = (page: Page, user: UserName) => signInAtIdp(page, stack.issuer, logins[user]);

it("an approver opens the mailed link, signs in, lands on the batch, approves after confirming and watches it complete", async () => {
  const batchId = await submit(60, "submitter", "November notices");
  const mail = await stack.smtp.waitFor((m) => m.find((x) => x.to.includes("approver@acme.test") && x.text.includes(batchId)), 30_000);
  const link = mail.text.match(/https?:\/\/\S+\/console\/batches\/[0-9a-f-]{36}/)![0];
  expect(link).toBe(`${stack.baseUrl}/console/batches/${batchId}`);

  const { context, page, csp } = await newPage();
  const first = await page.goto(link);
  expect(first!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(new URL(page.url()).pathname).toBe("/console/sign-in");
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(`/console/batches/${batchId}`);
  await expectAccessible(page, "sign-in page");
  await shoot(page, "01-sign-in");

  await page.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(() => page.url()).toContain(`${stack.issuer}/interaction/`);
  await expectAccessible(page, "IdP login page");
  await shoot(page, "02-idp-login");
  await logInAtIdp(page, stack.issuer, logins.approver);

  // Back on the batch the mail linked to.
  await expect.poll(() => page.url()).toBe(link);
  expect(await heading(page).textContent()).toBe("November notices");
  const main = page.getByRole("main");
  expect(await main.textContent()).toContain("Waiting for approval");
  expect(await main.textContent()).toContain("60 records: 60 ready, 0 with warnings, 0 invalid");
  expect(await page.getByRole("banner").textContent()).toContain("approver@acme.test");
  // What the approver approves: each record's main fields by their labels, and whom it goes to.
  const records = page.getByRole("table", { name: /^Records, page 1 of 2/ });
  expect(await records.getByRole("columnheader").allTextContents()).toContain("Details");
  const second = await records.getByRole("row").nth(2).textContent();
  expect(second).toContain("Customer id: C102");
  expect(second).toContain("Name: Customer 2");
  expect(second).toContain("To: customer2@example.test");
  await expectAccessible(page, "batch waiting for approval");
  await shoot(page, "03-batch-pending");

  // The receipt downloads with the session's cookie; the records are paged 50 at a time.
  const receipt = await page.request.get(`${stack.baseUrl}/console/batches/${batchId}/files/receipt`);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  expect((await receipt.body()).subarray(0, 5).toString()).toBe("%PDF-");
  expect(await page.getByRole("navigation", { name: "Pages of records" }).getByRole("link", { name: "Page 2" }).count()).toBe(1);

  // Approve: a confirmation step first, then the decision with a comment.
  await page.getByRole("link", { name: "Approve", exact: true }).click();
  await expect.poll(() => heading(page).textContent()).toBe("Approve this batch?");
  await expectAccessible(page, "confirm approval");
  await shoot(page, "04-confirm-approve");
  await page.getByLabel("Comments (optional)").fill("Checked against the November run");
  await page.getByRole("button", { name: "Yes, approve the batch" }).click();
  await expect.poll(() => page.url()).toContain(`/console/batches/${batchId}?done=approve`);
  // Marked so that a full reload (which would drop the mark) is noticed while the page refreshes itself.
  await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
  const progress = page.getByRole("progressbar", { name: "Documents made" });
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const now = await progress.getAttribute("aria-valuenow").catch(() => null);
        if (now) seen.add(now);
        return page.getByRole("status").first().textContent();
      },
      { timeout: 90_000, interval: 200 },
    )
    .toBe("Completed");
  expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);
  expect(await progress.getAttribute("aria-valuenow")).toBe("60");
  seen.add("60");
  expect(seen.size, `progress values seen: ${[...seen].join(", ")}`).toBeGreaterThan(1);
  const activity = await main.textContent();
  expect(activity).toContain("Approved by approver@acme.test");
  expect(activity).toContain("Checked against the November run");
  await expectAccessible(page, "completed batch");
  await shoot(page, "05-batch-completed");

  // A document downloads as a PDF.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "PDF of record 1", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("letter-C101-1.pdf");
  expect(
    fs
      .readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  // The list shows it with its counts, filtered by state.
  await page.goto(`${stack.baseUrl}/console/batches`);
  expect(await heading(page).textContent()).toBe("Batches");
  expect(await main.textContent()).toContain("November notices");
  await page
    .getByRole("navigation", { name: "Filter by state" })
    .getByRole("link", { name: /^Completed/ })
    .click();
  await expect.poll(() => page.url()).toContain("state=completed");
  expect(await page.getByRole("link", { name: "November notices" }).count()).toBe(1);
  await expectAccessible(page, "batches list");
  await shoot(page, "06-batches");
  expect(csp).toEqual([]);
  await context.close();
});

it("refuses a decision that lost a race in plain words, and asks for a comment before requesting changes", async () => {
  const batchId = await submit(2, "submitter", "Raced batch");
  const { context, page } = await newPage();
  await page.goto(`${stack.baseUrl}/console/batches/${batchId}/confirm/request-changes`);
  await signIn(page, "approver");
  await expect.poll(() => heading(page).textContent()).toBe("Ask for changes to this batch?");
  await page.getByRole("button", { name: "Yes, ask for changes" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect.poll(() => summary.textContent()).toContain("Enter what the submitter needs to change");
  expect(await page.getAttribute("#comments", "aria-invalid")).toBe("true");
  await expectAccessible(page, "request changes without a comment");
  await shoot(page, "07-request-changes-error");

  // Another approver decides first; this one's confirmation is then refused with the domain's reason.
  expect(
    (await stack.api("approver2", "POST", `/api/dispatch/batch/${batchId}/decide`, { decision: "reject", comments: "duplicate" })).status,
  ).toBe(200);
  await page.getByLabel("What needs to change").fill("Use the December amounts");
  await page.getByRole("button", { name: "Yes, ask for changes" }).click();
  await expect.poll(() => summary.textContent()).toContain("This batch is now rejected, so it can no longer be decided or cancelled");
  const detail = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}`)).json();
  expect(detail).toMatchObject({ state: "rejected", decisionComments: "duplicate" });

  // On another batch the request goes through: the submitter is mailed the comment.
  const other = await submit(2, "submitter", "Batch to correct");
  await page.goto(`${stack.baseUrl}/console/batches/${other}`);
  await page.getByRole("link", { name: "Request changes" }).click();
  await page.getByLabel("What needs to change").fill("Customer 2 moved; use the new address");
  await page.getByRole("button", { name: "Yes, ask for changes" }).click();
  await expect.poll(() => page.getByRole("status").first().textContent()).toBe("Changes requested");
  expect(await page.getByRole("alert").filter({ hasText: "Success" }).textContent()).toContain("You asked for changes");
  await stack.smtp.waitFor(
    (m) => m.find((x) => x.to.includes("submitter@acme.test") && x.text.includes("Customer 2 moved; use the new address")),
    30_000,
  );
  await expectAccessible(page, "changes requested");
  await shoot(page, "07b-changes-requested");
  await context.close();
});

it("shows a submitter no decision, another tenant's batch as not found, and signs out at the IdP too", async () => {
  const own = await submit(3, "submitter", "Submitter's own batch");
  const foreign = await submit(1, "outsider", "Globex batch");
  const { context, page, csp } = await newPage();
  await page.goto(`${stack.baseUrl}/console/batches/${own}`);
  await signIn(page, "submitter");
  await expect.poll(() => heading(page).textContent()).toBe("Submitter's own batch");
  const main = page.getByRole("main");
  expect(await main.textContent()).toContain("Waiting for a decision by approver@acme.test, second@acme.test");
  expect(await page.getByRole("link", { name: "Approve", exact: true }).count()).toBe(0);
  expect(await page.getByRole("link", { name: "Cancel batch" }).count()).toBe(1);
  await expectAccessible(page, "batch seen by its submitter");
  await shoot(page, "08-batch-submitter");
  // The confirmation address typed by hand does not offer the decision either.
  await page.goto(`${stack.baseUrl}/console/batches/${own}/confirm/approve`);
  expect(await heading(page).textContent()).toBe("You cannot do this");
  expect(await page.getByRole("button", { name: /approve/i }).count()).toBe(0);

  // Another organisation's batch: the same page as an unknown id.
  const res = await page.goto(`${stack.baseUrl}/console/batches/${foreign}`);
  expect(res!.status()).toBe(404);
  expect(await heading(page).textContent()).toBe("Page not found");
  expect(await page.textContent("main")).not.toContain("Globex batch");
  await expectAccessible(page, "not found");
  await shoot(page, "09-not-found");
  expect((await page.request.get(`${stack.baseUrl}/console/batches/${foreign}/files/receipt`)).status()).toBe(404);

  // A batch that failed validation lists the records with problems and offers no decision.
  const invalid = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    options: { title: "Batch with a bad record" },
    dataSource: [record(1), { ...record(2), customerId: "X2", amount: -5 }],
    features: { svcDispatch: true },
  });
  expect(invalid.status).toBe(422);
  await page.goto(`${stack.baseUrl}/console/batches/${invalid.headers.get("x-svc-batchid")}`);
  expect(await heading(page).textContent()).toBe("Batch with a bad record");
  const text = await main.textContent();
  expect(text).toContain("This batch failed validation");
  // Intake's findings name each field by its label, in the page's language (British English here).
  expect(text).toContain("Customer id does not have the expected form");
  expect(text).not.toMatch(/customerId/);
  expect(await page.getByRole("heading", { name: "Decision" }).count()).toBe(0);
  await expectAccessible(page, "invalid batch");
  await shoot(page, "12-batch-invalid");

  // The list as the submitter sees it, with batches in several states by now.
  await page.goto(`${stack.baseUrl}/console/batches`);
  expect(await page.getByRole("navigation", { name: "Filter by state" }).textContent()).toMatch(
    /Completed \(1\).*Rejected \(1\).*Invalid \(1\)/,
  );
  await expectAccessible(page, "batches list with several states");
  await shoot(page, "11-batches-several");

  // Sign out: the console's session ends and so does the IdP's (the next sign-in asks for the password).
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect.poll(() => page.url()).toContain(`${stack.issuer}/session/end`);
  await page.getByRole("button", { name: "Yes, sign me out" }).click();
  await expect.poll(() => page.url()).toBe(`${stack.baseUrl}/console/signed-out`);
  expect(await heading(page).textContent()).toBe("You are signed out");
  await expectAccessible(page, "signed out");
  await shoot(page, "10-signed-out");
  await page.goto(`${stack.baseUrl}/console/batches/${own}`);
  expect(new URL(page.url()).pathname).toBe("/console/sign-in");
  expect((await page.request.get(`${stack.baseUrl}/console/batches/${own}/files/receipt`, { maxRedirects: 0 })).status()).toBe(303);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(() => page.url()).toContain(`${stack.issuer}/interaction/`);
  expect(await page.getByLabel("Password").count()).toBe(1);
  expect(csp).toEqual([]);
  await context.close();
});

it("links each record of a traced batch to its explain reports, served as PDFs to the signed-in tenant only", async () => {
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    options: { title: "Traced letters" },
    dataSource: [record(1), record(2)],
    features: { svcDispatch: true, explainDocument: true },
    templateSettings: { distribution: { requireApproval: false, deliveryConfig: { mode: "none" } } },
  });
  expect(res.status).toBe(202);
  const batchId = res.headers.get("x-svc-batchid")!;
  const { context, page, csp } = await newPage();
  await page.goto(`${stack.baseUrl}/console/batches/${batchId}`);
  await signIn(page, "approver");
  await expect.poll(() => heading(page).textContent()).toBe("Traced letters");
  await expect.poll(() => page.getByRole("link", { name: "summary of record 2" }).count(), { timeout: 60_000 }).toBe(1);
  await expectAccessible(page, "traced batch with explain links");
  await shoot(page, "13-batch-explain-links");
  const href = (await page.getByRole("link", { name: "detailed of record 2" }).getAttribute("href"))!;
  expect(href).toBe(`/console/batches/${batchId}/files/explain/1/detailed`);
  const report = await eventually(
    async () => {
      const r = await page.request.get(`${stack.baseUrl}${href}`);
      return r.status() === 200 ? r : null; // the trace is stored a moment after the record
    },
    30_000,
    "explain report",
  );
  expect(report.headers()["content-type"]).toBe("application/pdf");
  const text = await pdfText(new Uint8Array(await report.body()));
  expect(text).toContain("Explain report: detailed");
  expect(text).toContain(`Record 2 of batch ${batchId}`);
  expect((await page.request.get(`${stack.baseUrl}/console/batches/${batchId}/files/explain/1/everything`)).status()).toBe(404);

  // Another tenant's person gets nothing: globex's licence has no explain, and the batch is not theirs.
  const other = await newPage();
  await other.page.goto(`${stack.baseUrl}/console/batches/${batchId}`);
  await signIn(other.page, "outsider");
  expect((await other.page.request.get(`${stack.baseUrl}${href}`)).status()).toBe(403);
  expect(csp).toEqual([]);
  await other.context.close();
  await context.close();
});

it("never sends a browser to another site after sign-in", async () => {
  const { context, page } = await newPage();
  await page.goto(`${stack.baseUrl}/console/sign-in?callbackUrl=${encodeURIComponent("https://evil.example/console")}`);
  expect(await page.locator('input[name="callbackUrl"]').inputValue()).toBe("/console/batches");
  await signIn(page, "approver");
  await expect.poll(() => page.url()).toBe(`${stack.baseUrl}/console/batches`);
  // Auth.js's own sign-in endpoint checks callbackUrl with the console's rule too.
  const out = await page.request.get(`${stack.baseUrl}/api/auth/signin?callbackUrl=${encodeURIComponent("https://evil.example/")}`, {
    maxRedirects: 0,
  });
  expect(out.headers()["location"] ?? "").not.toContain("evil.example");
  await context.close();
});

it("tells a signed-in person whose organisation is not licensed for batches, and shows nothing else", async () => {
  const { context, page } = await newPage();
  await page.goto(`${stack.baseUrl}/console/batches`);
  await signIn(page, "unlicensed");
  await expect.poll(() => heading(page).textContent()).toBe("You cannot use the console yet");
  expect(await page.textContent("main")).toContain("licence does not include batch dispatch");
  expect(await page.getByRole("banner").textContent()).toContain("user@initech.test");
  await expectAccessible(page, "no access");
  await shoot(page, "13-no-access");
  await context.close();
});
