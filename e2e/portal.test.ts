import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { issuePortalToken, PORTAL_TOKEN_TTL_S } from "@/lib/auth/portal-token";
import { launchChromium } from "../tests/support/browser";
import type { Stack } from "../tests/support/stack";
import { startWorkflowStack } from "../tests/support/workflow";
import {
  checkAtBothWidths,
  dateMarked,
  dateQuestion,
  dateShown,
  expectAccessible,
  fillDate,
  focusedId,
  heading,
  portalLink,
  saved,
  shoot,
} from "./support";

let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  // The workflow stack shares the portal-token secret with this process, so the test can make an expired token.
  [stack, browser] = await Promise.all([startWorkflowStack(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

it("a participant fills the form from the mailed link, fails a rule, fixes it and submits", async () => {
  const correlationId = `travel-${Date.now()}`;
  const res = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/travel-claim.md",
    correlationId,
    templateSettings: { workflow: { recipients: [{ email: "casey@example.test", displayName: "Casey Traveller" }] } },
  });
  expect(res.status).toBe(201);
  const { workflowId } = await res.json();
  const link = portalLink(await stack.smtp.waitFor((m) => m.find((x) => x.to.includes("casey@example.test")), 60_000));
  expect(link).toContain(workflowId);

  const context = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "en-GB" });
  const page = await context.newPage();
  const cspViolations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && m.text().includes("Content Security Policy")) cspViolations.push(m.text());
  });
  const response = await page.goto(link);
  expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  await expect.poll(() => heading(page).textContent()).toBe("Your trip");
  // The portal is in its visitor's language: the workflow names none, so a British browser reads British English.
  expect(await page.getAttribute("html", "lang")).toBe("en-GB");
  expect(await page.getAttribute("html", "dir")).toBe("ltr");
  await expect.poll(() => page.getByLabel("Language").inputValue()).toBe("en-GB");
  expect(await page.locator("header, main, footer").count()).toBe(3);
  await expect.poll(() => page.textContent("body")).toContain("Step 1 of 2");
  expect(await focusedId(page)).toBe(""); // the heading (no id) has focus on arrival
  await expectAccessible(page, "step 1");
  await shoot(page, "1-step-one", true);

  // Continue on an empty step: the error summary takes focus and links to each field.
  await page.getByRole("button", { name: "Continue" }).click();
  const summary1 = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect
    .poll(() => summary1.getByRole("link").allTextContents())
    .toEqual(["Your full name is required", "Date you left is required", "Where did you go? is required"]);
  expect(await page.getAttribute("#field-destination", "aria-invalid")).toBe("true");
  await expectAccessible(page, "step 1 with errors");
  await shoot(page, "1b-step-one-errors", true);
  await summary1.getByRole("link", { name: "Where did you go? is required" }).click();
  expect(await focusedId(page)).toBe("field-destination");
  // A date with nothing typed is wrong as a whole: all three boxes are marked, the link goes to Day.
  expect(await dateMarked(page, "Date you left")).toEqual([true, true, true]);
  await summary1.getByRole("link", { name: "Date you left is required" }).click();
  expect(await focusedId(page)).toBe("field-departureDate-day");

  // A date typed in part: the GOV.UK message names what is missing, only that box is marked, and the link goes to it.
  const left = dateQuestion(page, "Date you left");
  expect(await left.getAttribute("aria-describedby")).toBe("field-departureDate-hint field-departureDate-error");
  expect(await page.textContent("#field-departureDate-hint")).toBe("For example, 27 3 2027");
  await left.getByLabel("Day").fill("10");
  await left.getByLabel("Year").fill("2027");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect
    .poll(() => summary1.getByRole("link").allTextContents())
    .toEqual(["Your full name is required", "Date you left must include a month", "Where did you go? is required"]);
  expect(await page.textContent("#field-departureDate-error")).toBe("Error: Date you left must include a month");
  expect(await dateMarked(page, "Date you left")).toEqual([false, true, false]);
  await checkAtBothWidths(page, "1c-date-in-part");
  await summary1.getByRole("link", { name: "Date you left must include a month" }).click();
  expect(await focusedId(page)).toBe("field-departureDate-month");
  // An impossible date is no real date: the date as a whole is marked.
  await page.keyboard.type("2");
  await left.getByLabel("Day").fill("31");
  await expect.poll(() => page.textContent("#field-departureDate-error")).toBe("Error: Date you left must be a real date");
  expect(await dateMarked(page, "Date you left")).toEqual([true, true, true]);

  // Step 1: the fields are labelled; autosave shows "Saved"; the token in the address is replaced.
  await page.getByLabel("Your full name").fill("Casey Traveller");
  await fillDate(page, "Date you left", "2027-03-10");
  await page.getByLabel("Gdansk").check();
  await saved(page);
  const pt = new URL(page.url()).searchParams.get("pt");
  expect(pt).not.toBe(new URL(link).searchParams.get("pt"));
  await checkAtBothWidths(page, "1d-date-filled");
  // A reload shows the saved date in its boxes the way it was typed (10 3 2027).
  await page.reload();
  await expect.poll(() => heading(page).textContent()).toBe("Your trip");
  await expect.poll(() => dateShown(page, "Date you left")).toEqual(["10", "3", "2027"]);
  await page.getByRole("button", { name: "Continue" }).click();

  // Step 2; the browser's Back returns to step 1 (not out of the portal) and Forward comes back.
  await expect.poll(() => heading(page).textContent()).toBe("Costs");
  await page.goBack();
  await expect.poll(() => heading(page).textContent()).toBe("Your trip");
  expect(await page.inputValue("#field-travellerName")).toBe("Casey Traveller");
  await page.goForward();
  await expect.poll(() => heading(page).textContent()).toBe("Costs");

  // The rule inside the step (a car needs a distance) is checked before moving on.
  await fillDate(page, "Date you came back", "2027-03-08");
  await page.getByLabel("How did you travel?").selectOption("car");
  await page.getByLabel("Amount to reimburse (EUR)").fill("1250.50");
  await page.getByLabel("I have kept the receipts").check();
  await page.getByRole("button", { name: "Continue to check your answers" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect.poll(() => summary.textContent()).toContain("Enter the distance driven when you travelled by car");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-labelledby"))).toBe("error-summary-title");
  expect(await page.getAttribute("#field-mileage", "aria-invalid")).toBe("true");
  await expectAccessible(page, "step 2 with an error");
  await shoot(page, "2-step-two-error", true);
  await summary.getByRole("link").click();
  expect(await focusedId(page)).toBe("field-mileage");
  await page.keyboard.type("42");
  await saved(page);
  await page.getByRole("button", { name: "Continue to check your answers" }).click();

  // Check answers: every answer by step with a Change link.
  await expect.poll(() => heading(page).textContent()).toBe("Check your answers before submitting");
  const main = await page.textContent("main");
  // Dates, numbers and options as the workflow's locale (en-GB) and the schema's labels show them.
  for (const text of ["Casey Traveller", "10 March 2027", "Gdansk", "8 March 2027", "Car (own or hired)", "42", "1,250.5", "Yes"])
    expect(main).toContain(text);
  expect(await page.getByRole("link", { name: /^Change/ }).count()).toBe(8);
  await expectAccessible(page, "check answers");
  await shoot(page, "3-check-answers", true);

  // Submit: the rule across steps fails on the server; the error summary links to the field.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect.poll(() => summary.textContent()).toContain("The date you came back must be on or after the date you left");
  await expectAccessible(page, "check answers with errors");
  await shoot(page, "4-submit-failed", true);
  const status = await (await stack.api("submitter", "GET", `/api/workflow/${workflowId}/status`)).json();
  expect(status.state).toBe("validation-failed");
  await summary.getByRole("link", { name: /date you came back/ }).click();
  // A rule about the date as a whole: its first box (Day) has focus, and the boxes show the saved date.
  await expect.poll(() => focusedId(page)).toBe("field-returnDate-day");
  expect(await heading(page).textContent()).toBe("Costs");
  expect(await page.textContent("#field-returnDate-error")).toContain("must be on or after the date you left");
  expect(await dateShown(page, "Date you came back")).toEqual(["8", "3", "2027"]);
  await fillDate(page, "Date you came back", "2027-03-14");
  await saved(page);
  await page.getByRole("button", { name: "Continue to check your answers" }).click();
  await expect.poll(() => heading(page).textContent()).toBe("Check your answers before submitting");
  await page.getByRole("button", { name: "Submit" }).click();

  // Confirmation with the reference; a reload (fresh token in the address) shows it again.
  await expect.poll(() => heading(page).textContent()).toBe("Your answers have been submitted");
  expect(await page.textContent("main")).toContain(correlationId);
  await expectAccessible(page, "confirmation");
  await shoot(page, "5-confirmation", true);
  await page.reload();
  await expect.poll(() => heading(page).textContent()).toBe("Your answers have been submitted");
  const final = await (await stack.api("submitter", "GET", `/api/workflow/${workflowId}/status`)).json();
  expect(final.state).toBe("pending-approval");
  expect(cspViolations).toEqual([]);
  await context.close();
});

it("an expired or garbled link shows a clear page that keeps typed answers and mails a fresh link", async () => {
  const res = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/travel-claim.md",
    correlationId: `travel-exp-${Date.now()}`,
    templateSettings: { workflow: { recipients: [{ email: "robin@example.test" }] } },
  });
  const { workflowId, portalUrl } = await res.json();
  const invitations = () => stack.smtp.messages.filter((m) => m.to.includes("robin@example.test") && m.text.includes(workflowId));
  await stack.smtp.waitFor(() => invitations().length === 1, 30_000);
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "en-GB" });
  const page = await context.newPage();

  // Typing with a link that then expires: the answer stays in this tab.
  await page.goto(portalUrl);
  await expect.poll(() => heading(page).textContent()).toBe("Your trip");
  await page.getByLabel("Your full name").fill("Robin Unsaved");

  const expired = issuePortalToken(
    { workflowId, tenantId: "acme", role: "participant" },
    Math.floor(Date.now() / 1000) - PORTAL_TOKEN_TTL_S - 60,
  );
  await page.goto(`${stack.baseUrl}/portal/${workflowId}?pt=${expired}`);
  await expect.poll(() => heading(page).textContent()).toBe("Your link has expired");
  expect(await page.textContent("main")).toContain("Anything you typed in this browser tab is kept");
  // The expired link itself asks for a fresh one (resend-invite takes it for 7 days past expiry).
  await page.getByRole("button", { name: "Email me a new link" }).click();
  await expect.poll(() => page.getByRole("status").last().textContent()).toContain("We have sent a new link");
  expect(await page.getByRole("button", { name: "Email me a new link" }).isDisabled()).toBe(true);
  await expectAccessible(page, "expired link");
  await shoot(page, "6-link-expired", true);

  // The fresh link from the new mail, in the same tab: the answer typed before is back.
  await stack.smtp.waitFor(() => invitations().length === 2, 30_000);
  const fresh = portalLink(invitations()[1]);
  expect(fresh).not.toBe(portalUrl);
  await page.goto(fresh);
  await expect.poll(() => heading(page).textContent()).toBe("Your trip");
  expect(await page.inputValue("#field-travellerName")).toBe("Robin Unsaved");

  await page.goto(`${stack.baseUrl}/portal/${workflowId}?pt=not-a-token`);
  await expect.poll(() => heading(page).textContent()).toBe("This link is not valid");
  await expectAccessible(page, "garbled link");
  await shoot(page, "7-link-invalid");

  // A workflow that is over shows its status, with the reference, and no form.
  expect((await stack.api("submitter", "POST", `/api/workflow/${workflowId}/cancel`)).status).toBe(200);
  await page.goto(portalUrl);
  await expect.poll(() => heading(page).textContent()).toBe("This form has been withdrawn");
  // Nothing to fill in: the only form left is the language menu in the header.
  expect(await page.locator("main form, main input").count()).toBe(0);
  await expectAccessible(page, "cancelled");
  await shoot(page, "11-cancelled", true);
  await context.close();
});

it("two tabs: a stale write is refused with a clear message, and loading the latest keeps what was typed", async () => {
  const res = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/travel-claim.md",
    correlationId: `travel-tabs-${Date.now()}`,
  });
  const { workflowId, portalUrl } = await res.json();
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "en-GB" });
  const [first, second] = [await context.newPage(), await context.newPage()];
  for (const p of [first, second]) {
    await p.goto(portalUrl);
    await expect.poll(() => heading(p).textContent()).toBe("Your trip");
  }
  await first.getByLabel("Your full name").fill("Written in the first tab");
  await saved(first);
  await fillDate(second, "Date you left", "2027-05-02");
  const banner = second.getByRole("region", { name: "Changed elsewhere" });
  await expect.poll(() => banner.textContent()).toContain("changed in another tab or window");
  expect(await second.locator("[data-save-status]").textContent()).toBe("Not saved");
  await expectAccessible(second, "stale version");
  await shoot(second, "8-stale-version");
  await banner.getByRole("button", { name: "Load the latest answers" }).click();
  await saved(second);
  expect(await second.inputValue("#field-travellerName")).toBe("Written in the first tab");
  // The typing kept in the draft goes back into the three boxes of the freshly loaded step.
  expect(await dateShown(second, "Date you left")).toEqual(["2", "5", "2027"]);
  const token = new URL(second.url()).searchParams.get("pt")!;
  const boot = await (await stack.api(null, "GET", `/api/workflow/${workflowId}`, undefined, { "x-svc-portal-token": token })).json();
  expect(boot.steps[0].data).toMatchObject({ travellerName: "Written in the first tab", departureDate: "2027-05-02" });
  await context.close();
});

it("shows change requests next to their fields as text, and ignores malformed ones", async () => {
  const res = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/travel-claim.md",
    correlationId: `travel-cr-${Date.now()}`,
  });
  const { workflowId, portalUrl } = await res.json();
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "en-GB" });
  const page = await context.newPage();
  // Requests a reviewer could not send (malformed, markup in the message): added to the real payload.
  await page.route(`**/api/workflow/${workflowId}`, async (route) => {
    const answer = await route.fetch();
    const body = await answer.json();
    const changeRequests = [
      { message: "Use the name on your passport", fieldKey: "travellerName", severity: "error", dueDate: "2027-06-01" },
      { message: "Attach the <b>hotel</b> invoice as well", severity: "warning", category: "documents" },
      { nonsense: true },
    ];
    await route.fulfill({ response: answer, json: { ...body, changeRequests } });
  });
  await page.goto(portalUrl);
  await expect.poll(() => heading(page).textContent()).toBe("Your trip");
  expect(await page.textContent("#field-travellerName-note")).toBe("Change requested: Use the name on your passport (by 1 June 2027)");
  expect(await page.getAttribute("#field-travellerName", "aria-describedby")).toContain("field-travellerName-note");
  const banner = page.getByRole("region", { name: "Changes requested" });
  expect(await banner.textContent()).toContain("Attach the <b>hotel</b> invoice as well"); // text, never markup
  expect(await banner.locator("b").count()).toBe(0);
  await expectAccessible(page, "change requests");
  await shoot(page, "9-change-requests", true);
  await context.close();
});
