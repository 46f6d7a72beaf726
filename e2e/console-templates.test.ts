import fs from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../tests/support/browser";
import { addDemoTemplates, logins, startStack, type Stack } from "../tests/support/stack";
import { ARTIFACTS, consolePage, heading, signIn } from "./console-support";
import { checkAtBothWidths, focusedId } from "./support";
import { pdfText } from "../tests/support/pdf";

let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  [stack, browser] = await Promise.all([startStack(), launchChromium()]);
  // The demo templates beside the fixtures: notice.md has formatters and a condition on a number.
  addDemoTemplates(stack);
});
afterAll(async () => {
  if (stack) fs.writeFileSync(`${ARTIFACTS}/templates-server.log`, stack.log());
  await browser?.close();
  await stack?.stop();
});

const shots = (name: string) => `console/templates/${name}`;

/** Keyboard only: focus a control and press a key on it, as a person tabbing to it would. */
async function press(page: Page, locator: Locator, key = "Enter") {
  await locator.focus();
  await page.keyboard.press(key);
}

/** The text of the pages as pdf.js's text layer holds it (what a screen reader reads), without spaces: pdf.js splits runs where it likes. */
const pagesText = (page: Page) =>
  page.locator("[data-page]").evaluateAll((pages) =>
    pages
      .map((p) => p.textContent ?? "")
      .join("")
      .replace(/\s+/g, ""),
  );
const squeeze = (s: string) => s.replace(/\s+/g, "");
const status = (page: Page) => page.getByRole("status").filter({ hasText: /^(Updating…|Updated|Not updated)/ });
/** Every page drawn for the latest answer. */
const drawn = async (page: Page) => {
  await expect.poll(() => status(page).textContent()).toBe("Updated");
  await expect
    .poll(
      async () =>
        (await page.locator("[data-page]").count()) > 0 &&
        (await page.locator('[aria-busy="true"], [data-page]:not([data-drawn="true"])').count()) === 0,
      { timeout: 20_000 },
    )
    .toBe(true);
};

it("an author previews the demo notice from the console: sample data in a form of its fields, the pages drawn with pdf.js, a condition flipping as the amount is typed, a required field cleared named and linked to its control", async () => {
  const { context, page, csp } = await consolePage(browser);
  // Every server action call the page makes: typing must not become a request per keystroke.
  const actions: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) actions.push(r.url());
  });
  await page.goto(`${stack.baseUrl}/console/templates`);
  await signIn(page, stack.issuer, logins.submitter);
  await expect.poll(() => heading(page).textContent()).toBe("Templates");
  const nav = page.getByRole("navigation", { name: "Console" });
  expect(await nav.getByRole("link", { name: "Templates" }).getAttribute("href")).toBe("/console/templates");
  // Only templates made for batches (the fixtures' layout and workflow templates are not offered).
  const main = page.getByRole("main");
  expect(await main.getByRole("link", { name: /Customer notice/ }).count()).toBe(1);
  expect(await main.getByRole("link", { name: /Customer letter/ }).count()).toBe(1);
  expect(await main.textContent()).not.toContain("supplier-onboarding");
  await checkAtBothWidths(page, shots("01-list"));

  // ?template= is only ever compared with the list's names: a path trick, a workflow form or an unknown name is not opened.
  for (const trick of [
    "../tests/fixtures/templates/letter.md",
    "/etc/passwd",
    "notice.md/../letter.md",
    "workflows/supplier-onboarding.md",
    "nope.md",
  ]) {
    await page.goto(`${stack.baseUrl}/console/templates?template=${encodeURIComponent(trick)}`);
    await expect.poll(() => heading(page).textContent(), { message: trick }).toBe("Templates");
    expect(await main.textContent(), trick).toContain(`There is no template for batches called “${trick}”`);
  }

  await page.goto(`${stack.baseUrl}/console/templates`);
  await press(page, main.getByRole("link", { name: /Customer notice/ }));
  await expect.poll(() => heading(page).textContent()).toBe("Customer notice");
  expect(new URL(page.url()).search).toBe("?template=notice.md");
  await drawn(page);

  // The form: one labelled control per field, by type, required ones marked, filled with a sample record.
  expect(await page.getByLabel("Customer number (required)").inputValue()).toBe("C1001");
  expect(await page.getByLabel("Customer name (required)").inputValue()).toBe("Ann Smith");
  expect(await page.getByLabel("Email", { exact: true }).getAttribute("type")).toBe("email");
  const amount = page.getByLabel("Amount due (required)");
  expect(await amount.inputValue()).toBe("120.5");
  expect(await amount.getAttribute("inputmode")).toBe("decimal");
  expect(await page.getByRole("group", { name: "Due date (required)" }).getByLabel("Year").inputValue()).toMatch(/^\d{4}$/);
  expect(await page.getByRole("checkbox", { name: "Autopay enrolled" }).isChecked()).toBe(true);
  expect(await page.getByRole("combobox", { name: "Plan (required)" }).inputValue()).toBe("basic");

  // The pages as pdf.js drew them: the sample's values, formatted (currency, long date), and the condition's branch not taken.
  await expect.poll(() => pagesText(page)).toContain(squeeze("Dear Ann Smith"));
  expect(await pagesText(page)).toContain(squeeze("€120.50"));
  expect(await pagesText(page)).not.toContain(squeeze("As the amount is above"));
  const condition = main.locator("li[data-held]").filter({ hasText: "amountDue > 1000" });
  expect(await condition.getAttribute("data-held")).toBe("false");
  expect(await condition.textContent()).toContain("Did not hold");
  expect(await main.getByRole("heading", { name: "Accessibility" }).count()).toBe(1);
  expect(await main.textContent()).toContain("Pass: one top heading, no level skipped");
  expect(await main.textContent()).toContain("No images");
  // The PDF itself, read back: tagged, fonts embedded, every rule a machine can check holds.
  expect(await main.textContent()).toContain("Pass: every rule a machine can check");
  await checkAtBothWidths(page, shots("02-preview"));

  // Typing the amount key by key: one request after the pause, not one per key; the statuses say so as it goes.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statuses: string[] }).statuses = seen;
    const el = [...document.querySelectorAll('[role="status"]')].find((s) => /^(Updating|Updated)/.test(s.textContent ?? ""))!;
    new MutationObserver(() => seen.push(el.textContent ?? "")).observe(el, { childList: true, characterData: true, subtree: true });
  });
  const before = actions.length;
  await amount.fill("");
  await amount.pressSequentially("1500", { delay: 60 });
  await expect
    .poll(() => pagesText(page), { timeout: 20_000 })
    .toContain(squeeze("As the amount is above €1,000, you may pay it in up to 24 installments."));
  await drawn(page);
  expect(await pagesText(page)).toContain(squeeze("€1,500.00"));
  expect(actions.length - before, "requests for one typed amount").toBeLessThanOrEqual(2);
  expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).toEqual(
    expect.arrayContaining(["Updating…", "Updated"]),
  );
  expect(await condition.getAttribute("data-held")).toBe("true");
  expect(await condition.textContent()).toContain("Held");

  // A required field cleared: the record's check names it, links to its control, and the control shows the error.
  await page.getByLabel("Customer name (required)").fill("");
  const finding = main.locator('li[data-field="customerName"][data-severity="error"]');
  await expect.poll(() => finding.count(), { timeout: 20_000 }).toBe(1);
  expect(await finding.textContent()).toContain("Customer name is required");
  expect(await finding.textContent()).not.toContain("customerName:");
  await expect.poll(() => pagesText(page)).not.toContain(squeeze("Ann Smith"));
  const field = page.getByRole("textbox", { name: "Customer name (required)" });
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  expect(await page.locator("#field-customerName-error").textContent()).toBe("Error: Customer name is required");
  // The value left blank in the document is a finding too, at its template line, linked to the same field.
  const blank = main.locator('li[data-code="binding.missing"][data-field="customerName"]');
  expect(await blank.textContent()).toMatch(/Template line \d+/);
  expect(await blank.textContent()).toContain("{{customerName}} has no value in the record; it was left blank");
  await checkAtBothWidths(page, shots("03-required-cleared"));
  await press(page, finding.getByRole("link", { name: "Go to the field Customer name" }));
  expect(await focusedId(page)).toBe("field-customerName");

  // Typed back: the finding goes, the name is in the pages again.
  await page.keyboard.type("Bea Jones");
  await expect.poll(() => finding.count(), { timeout: 20_000 }).toBe(0);
  await drawn(page);
  await expect.poll(() => pagesText(page)).toContain(squeeze("Dear Bea Jones"));

  // The preview as a file: the document the pages show.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download this preview (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Customer-notice-preview.pdf");
  const saved = fs.readFileSync(await download.path());
  expect(saved.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(squeeze(await pdfText(new Uint8Array(saved)))).toContain(squeeze("Dear Bea Jones"));
  expect(csp).toEqual([]);
  await context.close();
});
