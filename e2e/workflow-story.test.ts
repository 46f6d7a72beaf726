import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../tests/support/browser";
import { pdfText } from "../tests/support/pdf";
import type { ReceivedMail } from "../tests/support/smtp";
import { eventually, startStack, type Stack } from "../tests/support/stack";
import { dateQuestion, expectAccessible, fillDate, focusedId, focusedText, heading, portalLink, saved, shoot } from "./support";

/**
 * Whole stories through the pages, against the built server, real SMTP and tokens of the real OIDC
 * provider: every link is taken from a mail the SMTP server received.
 */
let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Mails to `to` whose subject matches and whose text names `about` (a workflowId, or a correlationId: every workflow mail gives it as the reference). */
const mails = (to: string, about: string, subject: RegExp) =>
  stack.smtp.messages.filter((m) => m.to.includes(to) && m.text.includes(about) && subject.test(m.subject));
/** Waits for the `n`th (1-based) such mail. */
const nthMail = (n: number, to: string, about: string, subject: RegExp): Promise<ReceivedMail> =>
  stack.smtp.waitFor(() => mails(to, about, subject)[n - 1], 30_000);

const status = async (id: string) => (await stack.api("submitter", "GET", `/api/workflow/${id}/status`)).json();
// British browsers: the workflows name no language, so their pages follow the browser's.
const newPage = async (): Promise<Page> =>
  (await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "en-GB" })).newPage();
const main = (page: Page) => page.locator("main");
const errorSummary = (page: Page) => page.getByRole("alert").filter({ hasText: "There is a problem" });
const statusText = (page: Page) => page.getByRole("status").last().textContent();

/** The sealed PDF once the workflow is complete, fetched with a bearer token and read back by pdftotext. */
async function sealedText(workflowId: string): Promise<{ text: string; sha256: string }> {
  await eventually(async () => (await status(workflowId)).state === "complete", 60_000, "workflow complete");
  const res = await stack.api("submitter", "GET", `/api/workflow/${workflowId}/sealed`);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { text: await pdfText(bytes), sha256: createHash("sha256").update(bytes).digest("hex") };
}

it("participant submits, the reviewer asks for a change, the participant changes it, the reviewer sees what changed and approves, and the sealed PDF holds it all", async () => {
  const correlationId = `story-${Date.now()}`;
  const created = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/travel-claim.md",
    correlationId,
    templateSettings: { workflow: { recipients: [{ email: "casey@example.test", displayName: "Casey Traveller" }] } },
  });
  expect(created.status).toBe(201);
  const { workflowId } = await created.json();

  // The participant opens the invitation they received and fills both steps.
  const participant = await newPage();
  await participant.goto(portalLink(await nthMail(1, "casey@example.test", workflowId, /please complete "Travel expense claim"/)));
  await expect.poll(() => heading(participant).textContent()).toBe("Your trip");
  // The page's one title names the step (the portal renders it; the route has none of its own to race it).
  await expect.poll(() => participant.title()).toBe("Step 1 of 2: Your trip – Travel expense claim – Sealpost");
  await expectAccessible(participant, "participant step 1");
  await shoot(participant, "story-01-participant-step-one", true);
  await participant.getByLabel("Your full name").fill("Casey Traveller");
  await fillDate(participant, "Date you left", "2027-03-10");
  await participant.getByLabel("Gdansk").check();
  await saved(participant);
  await participant.getByRole("button", { name: "Continue" }).click();
  await expect.poll(() => heading(participant).textContent()).toBe("Costs");
  await fillDate(participant, "Date you came back", "2027-03-08");
  await participant.getByLabel("How did you travel?").selectOption("train");
  await participant.getByLabel("Amount to reimburse (EUR)").fill("120.50");
  await participant.getByLabel("I have kept the receipts").check();
  await saved(participant);
  await participant.getByRole("button", { name: "Continue to check your answers" }).click();

  // The final submit fails the rule across the steps; the participant fixes the date and submits.
  await expect.poll(() => heading(participant).textContent()).toBe("Check your answers before submitting");
  await expect.poll(() => participant.title()).toBe("Check your answers – Travel expense claim – Sealpost");
  await participant.getByRole("button", { name: "Submit" }).click();
  await expect
    .poll(() => errorSummary(participant).textContent())
    .toContain("The date you came back must be on or after the date you left");
  await expectAccessible(participant, "submit failed");
  await shoot(participant, "story-02-submit-failed", true);
  await errorSummary(participant)
    .getByRole("link", { name: /date you came back/ })
    .click();
  await expect.poll(() => focusedId(participant)).toBe("field-returnDate-day");
  await fillDate(participant, "Date you came back", "2027-03-14");
  await saved(participant);
  await participant.getByRole("button", { name: "Continue to check your answers" }).click();
  await expect.poll(() => heading(participant).textContent()).toBe("Check your answers before submitting");
  await participant.getByRole("button", { name: "Submit" }).click();
  await expect.poll(() => heading(participant).textContent()).toBe("Your answers have been submitted");
  await expect.poll(() => participant.title()).toBe("Waiting for review – Travel expense claim – Sealpost");

  // The reviewer opens the link of the approval mail: the answers by step and every rule result.
  const reviewer = await newPage();
  await reviewer.goto(
    portalLink(await nthMail(1, "approver@acme.test", workflowId, /^Approval needed: Travel expense claim \(stage 1 of 1\)$/)),
  );
  await expect.poll(() => heading(reviewer).textContent()).toBe("Review the answers");
  expect(await focusedText(reviewer)).toBe("Review the answers");
  await expect.poll(() => reviewer.title()).toBe("Review the answers – Travel expense claim – Sealpost");
  const answers = reviewer.getByRole("region", { name: "Answers" });
  for (const text of ["Your trip", "Costs", "Casey Traveller", "10 March 2027", "Gdansk", "14 March 2027", "train", "120.5", "Yes"])
    expect(await answers.textContent()).toContain(text);
  const rules = reviewer.getByRole("region", { name: "Rule results" });
  expect(await rules.textContent()).toContain("3 of 3 passed.");
  expect(await rules.getByRole("listitem").allTextContents()).toEqual([
    "PassedThe date you came back must be on or after the date you leftRule return-after-departure · question: Date you came back · severity: error",
    "PassedEnter the distance driven when you travelled by carRule car-needs-mileage · question: Distance driven (km) · severity: error",
    "PassedConfirm that you have kept the receiptsRule receipts-kept · question: I have kept the receipts for these costs · severity: error",
  ]);
  expect(await reviewer.getByRole("region", { name: "Changed since you asked for changes" }).count()).toBe(0);
  await expectAccessible(reviewer, "reviewer page");
  await shoot(reviewer, "story-03-reviewer", true);

  // A change to one answer, asked from that answer's row; sending without a message says what is missing.
  await reviewer.getByRole("link", { name: "Ask for a change Amount to reimburse (EUR)" }).click();
  await expect.poll(() => heading(reviewer).textContent()).toBe("Ask for changes");
  expect(await focusedText(reviewer)).toBe("Ask for changes");
  expect(await reviewer.getByLabel("Which question is it about?").inputValue()).toBe("amount");
  await reviewer.getByRole("button", { name: "Send to the participant" }).click();
  await expect.poll(() => errorSummary(reviewer).getByRole("link").allTextContents()).toEqual(["Enter what needs to change"]);
  await errorSummary(reviewer).getByRole("link").click();
  expect(await focusedId(reviewer)).toBe("change-0-message");
  await expectAccessible(reviewer, "request changes with an error");
  await shoot(reviewer, "story-04-request-changes-error", true);
  await reviewer.keyboard.type("The hotel receipt shows 95.00 EUR: claim that amount");
  await reviewer.getByLabel("Should be checked").check();
  await reviewer.getByLabel("Category (optional)").fill("amounts");
  // A due date typed in part is named in the same GOV.UK words as the participant's dates; its link goes to the first empty box.
  await dateQuestion(reviewer, "Change it by (optional)").getByLabel("Day").fill("1");
  await reviewer.getByRole("button", { name: "Send to the participant" }).click();
  await expect
    .poll(() => errorSummary(reviewer).getByRole("link").allTextContents())
    .toEqual(["The due date must include a month and year"]);
  await expectAccessible(reviewer, "request changes with a due date in part", { strict: true });
  await shoot(reviewer, "story-04b-due-date-in-part", true);
  await errorSummary(reviewer).getByRole("link").click();
  expect(await focusedId(reviewer)).toBe("change-0-dueDate-month");
  await fillDate(reviewer, "Change it by (optional)", "2027-04-01");
  await reviewer.getByRole("button", { name: "Send to the participant" }).click();
  await expect.poll(() => heading(reviewer).textContent()).toBe("Changes requested");
  expect(await main(reviewer).textContent()).toContain(
    "Amount to reimburse (EUR): The hotel receipt shows 95.00 EUR: claim that amount (by 1 April 2027)",
  );
  expect(await main(reviewer).textContent()).toContain(correlationId);
  await expectAccessible(reviewer, "changes requested");
  await shoot(reviewer, "story-05-changes-requested", true);
  expect((await status(workflowId)).state).toBe("changes-requested");

  // The participant follows the change-request mail: the request sits next to the answer to change.
  const changeMail = await nthMail(1, "casey@example.test", workflowId, /changes requested to "Travel expense claim"/);
  expect(changeMail.text).toContain("Amount to reimburse (EUR): The hotel receipt shows 95.00 EUR: claim that amount (by 1 April 2027)");
  await participant.goto(portalLink(changeMail));
  await expect.poll(() => heading(participant).textContent()).toBe("Costs");
  expect(await participant.textContent("#field-amount-note")).toBe(
    "Please check: The hotel receipt shows 95.00 EUR: claim that amount (by 1 April 2027)",
  );
  expect(await participant.getAttribute("#field-amount", "aria-describedby")).toContain("field-amount-note");
  await expectAccessible(participant, "participant with a change request");
  await shoot(participant, "story-06-participant-change-request", true);
  await participant.getByLabel("Amount to reimburse (EUR)").fill("95");
  await saved(participant);
  await participant.getByRole("button", { name: "Continue to check your answers" }).click();
  await expect.poll(() => heading(participant).textContent()).toBe("Check your answers before submitting");
  await participant.getByRole("button", { name: "Submit" }).click();
  await expect.poll(() => heading(participant).textContent()).toBe("Your answers have been submitted");

  // The new approval mail's link shows the reviewer what changed, and the decision.
  await reviewer.goto(portalLink(await nthMail(2, "approver@acme.test", workflowId, /^Approval needed/)));
  await expect.poll(() => heading(reviewer).textContent()).toBe("Review the answers");
  const changed = reviewer.getByRole("region", { name: "Changed since you asked for changes" });
  expect(await changed.locator("dt").allTextContents()).toEqual(["Amount to reimburse (EUR)"]);
  expect(await changed.locator("dd").first().textContent()).toBe("95Before: 120.5");
  expect(await changed.textContent()).toContain(
    "You asked for:Amount to reimburse (EUR): The hotel receipt shows 95.00 EUR: claim that amount",
  );
  expect(await answers.textContent()).toContain("Changed");
  expect(await reviewer.getByRole("region", { name: "Decisions so far" }).textContent()).toContain(
    "Changes requested at stage 1 by approver@acme.test",
  );
  await expectAccessible(reviewer, "reviewer sees what changed");
  await shoot(reviewer, "story-07-reviewer-changed", true);

  await reviewer.getByRole("button", { name: "Approve or reject" }).click();
  await expect.poll(() => heading(reviewer).textContent()).toBe("Approve or reject");
  // Every rule passed: an exception is offered but not possible; a decision is needed.
  expect(await reviewer.getByLabel("Approve with an exception").isDisabled()).toBe(true);
  await reviewer.getByRole("button", { name: "Confirm decision" }).click();
  await expect.poll(() => errorSummary(reviewer).textContent()).toContain("Choose your decision");
  await expectAccessible(reviewer, "decision with an error");
  await shoot(reviewer, "story-08-decision-error", true);
  await errorSummary(reviewer).getByRole("link").click();
  expect(await focusedId(reviewer)).toBe("decision");
  await reviewer.keyboard.press("Space"); // the focused radio, Approve, chosen from the keyboard
  await reviewer.getByLabel("Comment (optional)").fill("Receipts match now");
  await reviewer.getByRole("button", { name: "Confirm decision" }).click();
  await expect.poll(() => heading(reviewer).textContent()).toBe("Submission approved");
  await expect.poll(() => reviewer.title()).toBe("Review outcome – Travel expense claim – Sealpost");
  await expectAccessible(reviewer, "approved");
  await shoot(reviewer, "story-09-approved", true);

  // The page shows the sealed record once it exists, and downloads the same bytes the API serves.
  const button = reviewer.getByRole("button", { name: "Download the sealed record (PDF)" });
  await button.waitFor({ timeout: 60_000 });
  expect(await main(reviewer).textContent()).toContain("Approved and sealed");
  await shoot(reviewer, "story-10-sealed", true);
  const [download] = await Promise.all([reviewer.waitForEvent("download"), button.click()]);
  const downloaded = fs.readFileSync((await download.path())!);
  const { text, sha256 } = await sealedText(workflowId);
  expect(createHash("sha256").update(downloaded).digest("hex")).toBe(sha256);
  // The portal names the file as GET …/sealed does.
  expect(download.suggestedFilename()).toBe("Travel-expense-claim-sealed.pdf");
  expect((await stack.api("submitter", "GET", `/api/workflow/${workflowId}/sealed`)).headers.get("content-disposition")).toContain(
    'filename="Travel-expense-claim-sealed.pdf"',
  );
  expect((await status(workflowId)).sealedSha256).toBe(sha256);

  for (const s of ["Collected data", "Your trip", "Casey Traveller", "10 March 2027", "Gdansk", "14 March 2027", "train", "95", "Yes"])
    expect(text).toContain(s);
  expect(text).not.toContain("120.5");
  expect(text).toContain("Rule results (validation passed)");
  for (const rule of ["return-after-departure", "car-needs-mileage", "receipts-kept"])
    expect(text).toMatch(new RegExp(`Passed Error ${rule}`));
  expect(text).toContain("Approval history");
  // The action column is narrow and wraps; each entry's actor and comment stay on one line.
  for (const s of ["Changes requested", "approver@acme.test: 1 change requested", "Approved", "approver@acme.test: Receipts match now"])
    expect(text).toContain(s);
  // Every moment of the record names its zone; none is a machine timestamp.
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  expect(text).toMatch(/Sealed at \d{1,2} \w+ \d{4} at \d\d:\d\d UTC/);
  expect(text).toContain(
    "– Amount to reimburse (EUR): The hotel receipt shows 95.00 EUR: claim that amount (warning, amounts, by 1 April 2027)",
  );
  await reviewer.context().close();

  // The participant was promised an email when the review is finished: its link opens the record.
  const outcome = await nthMail(1, "casey@example.test", workflowId, /^Northwind Finance Office: "Travel expense claim" is approved$/);
  expect(outcome.text).toContain("Hello Casey Traveller,");
  const done = await newPage();
  await done.goto(portalLink(outcome));
  await expect.poll(() => heading(done).textContent()).toBe("Your form is complete");
  const [again] = await Promise.all([
    done.waitForEvent("download"),
    done.getByRole("button", { name: "Download the sealed record (PDF)" }).click(),
  ]);
  expect(again.suggestedFilename()).toBe("Travel-expense-claim-sealed.pdf");
  expect(
    createHash("sha256")
      .update(fs.readFileSync((await again.path())!))
      .digest("hex"),
  ).toBe(sha256);
  await expectAccessible(done, "complete with the sealed record");
  await done.context().close();
  await participant.context().close();
});

it("a governance review with a failed rule: the rule is marked, plain approval is not possible, and an exception needs a justification that is sealed", async () => {
  const created = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/governance.md",
    correlationId: `story-gov-${Date.now()}`,
    initialData: { amount: 9000, costCentre: "OPS" },
  });
  const { workflowId, state } = await created.json();
  expect(state).toBe("validation-failed");
  const reviewer = await newPage();
  await reviewer.goto(portalLink(await nthMail(1, "approver@acme.test", workflowId, /^Governance review needed/)));
  await expect.poll(() => heading(reviewer).textContent()).toBe("Review the answers");
  expect(await reviewer.getByRole("region", { name: "Rules failed" }).textContent()).toContain("1 rule that must pass did not");
  const failed = reviewer.getByRole("region", { name: "Rule results" }).getByRole("listitem").first();
  expect(await failed.textContent()).toBe(
    "FailedExpenses above 5000 need a cost centre starting with CCRule amount-limit · question: Amount · severity: error",
  );
  expect(await failed.evaluate((li) => getComputedStyle(li).borderLeftColor)).toBe("rgb(179, 38, 30)");
  expect(await reviewer.getByRole("region", { name: "Answers" }).textContent()).toContain("Rule failed");
  // A workflow that failed validation can be decided, not sent back: no "Ask for changes".
  expect(await reviewer.getByRole("button", { name: "Ask for changes" }).count()).toBe(0);
  expect(await reviewer.getByRole("link", { name: /^Ask for a change/ }).count()).toBe(0);
  await expectAccessible(reviewer, "governance review");
  await shoot(reviewer, "story-11-governance-review", true);

  await reviewer.getByRole("button", { name: "Approve or reject" }).click();
  await expect.poll(() => heading(reviewer).textContent()).toBe("Approve or reject");
  expect(await reviewer.getByLabel("Approve", { exact: true }).isDisabled()).toBe(true);
  await reviewer.getByLabel("Approve with an exception").check();
  await expect.poll(() => reviewer.locator("label[for=reason]").textContent()).toBe("Justification");
  await reviewer.getByRole("button", { name: "Confirm decision" }).click();
  await expect.poll(() => errorSummary(reviewer).textContent()).toContain("Explain why you approve although rules failed");
  expect(await reviewer.getAttribute("#reason", "aria-invalid")).toBe("true");
  await expectAccessible(reviewer, "exception without a justification");
  await shoot(reviewer, "story-12-exception-needs-justification", true);
  await reviewer.getByLabel("Justification").fill("Board approved the overspend on 2 March");
  await reviewer.getByRole("button", { name: "Confirm decision" }).click();
  await expect.poll(() => heading(reviewer).textContent()).toBe("Approved with an exception");
  await expectAccessible(reviewer, "approved with an exception");
  await shoot(reviewer, "story-13-approved-with-exception", true);

  const { text } = await sealedText(workflowId);
  for (const s of [
    "Approved with exception",
    "Board approved the overspend on 2 March",
    "Failed, exception granted Error amount-limit",
    "9,000",
    "OPS",
  ])
    expect(text).toContain(s);
  await reviewer.context().close();
});

it("a requireOtp workflow opens only with the mailed code: a wrong code is refused, a second send waits, the right code opens the form", async () => {
  const correlationId = `story-otp-${Date.now()}`;
  const created = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/travel-claim.md",
    correlationId,
    templateSettings: { workflow: { requireOtp: true, recipients: [{ email: "olive@example.test", displayName: "Olive" }] } },
  });
  const { workflowId } = await created.json();
  const link = portalLink(await nthMail(1, "olive@example.test", workflowId, /please complete/));
  const page = await newPage();
  await page.goto(link);
  await expect.poll(() => heading(page).textContent()).toBe("Confirm it is you");
  expect(await focusedText(page)).toBe("Confirm it is you");
  expect(await main(page).textContent()).not.toContain("Travel expense claim"); // the gate shows no title or data
  await expectAccessible(page, "OTP gate");
  await shoot(page, "story-14-otp-gate", true);

  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect
    .poll(() => statusText(page))
    .toMatch(/^We have sent a 6-digit code to o\*\*\*@example\.test\. It works until \d\d:\d\d UTC\.$/);
  expect(await heading(page).textContent()).toBe("Check your email");
  const input = page.getByLabel("Code");
  expect(await focusedId(page)).toBe("otp");
  expect(await input.getAttribute("autocomplete")).toBe("one-time-code");
  expect(await input.getAttribute("inputmode")).toBe("numeric");
  expect(await input.getAttribute("maxlength")).toBeNull(); // a pasted "123 456" must fit
  await expectAccessible(page, "OTP code sent");
  await shoot(page, "story-15-otp-code-sent", true);
  const code = /Your passcode is (\d{6})/.exec((await nthMail(1, "olive@example.test", correlationId, /your passcode/)).text)![1];

  // Another code at once: refused by the one-send-a-minute limit, said as a wait.
  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect
    .poll(() => statusText(page))
    .toMatch(/^A code was sent less than a minute ago\. Check your email, or ask for another code in 1 minute\.$/);
  expect(mails("olive@example.test", correlationId, /your passcode/)).toHaveLength(1);

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await input.fill(wrong);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect.poll(() => errorSummary(page).textContent()).toContain("The code is not right. You have 4 tries left.");
  expect(await input.getAttribute("aria-invalid")).toBe("true");
  await expectAccessible(page, "OTP wrong code");
  await shoot(page, "story-16-otp-wrong-code", true);

  // A reload while the code is still out: the page asks for it straight away.
  await page.reload();
  await expect.poll(() => heading(page).textContent()).toBe("Check your email");
  expect(await statusText(page)).toMatch(/^We have emailed you a code\. It works until \d\d:\d\d UTC\.$/);

  // Pasted with a space, as codes often are.
  await input.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect.poll(() => heading(page).textContent()).toBe("Your trip");
  await page.reload();
  await expect.poll(() => heading(page).textContent()).toBe("Your trip");

  // The invitation link alone, in another browser, still meets the gate.
  const other = await newPage();
  await other.goto(link);
  // Its code was used: the first step there is to ask for a new one.
  await expect.poll(() => heading(other).textContent()).toBe("Confirm it is you");
  expect(await other.getByRole("button", { name: "Email me a code" }).count()).toBe(1);
  await other.context().close();
  await page.context().close();
});
