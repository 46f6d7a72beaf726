import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../tests/support/browser";
import { logins, startStack, type Stack } from "../tests/support/stack";
import { consolePage, heading, signIn } from "./console-support";
import { checkAtBothWidths } from "./support";

/**
 * The console's new batch page at the spec's own thresholds (svc_batchwarningthreshold and
 * svc_batchmaxthreshold unset: 25 and 100), at each edge: 25, 26, 100 and 101 records.
 * console-new-batch.test.ts walks every step with the thresholds set low.
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

const list = (n: number, from: number) =>
  [
    "customerId,name,amount,recipientEmail",
    ...Array.from({ length: n }, (_, i) => `C${from + i},Customer ${from + i},${(i % 50) + 1},c${from + i}@example.test`),
  ].join("\n");

async function check(page: Page, n: number, from: number) {
  await page.goto(`${stack.baseUrl}/console/batches/new?template=letter.md`);
  await expect.poll(() => heading(page).textContent()).toBe("Give the records");
  await page.locator("[data-ready]").waitFor();
  await page.getByLabel("Or paste the records").fill(list(n, from));
  await page.getByRole("button", { name: "Check the records" }).click();
  await expect.poll(() => heading(page).textContent()).toBe(`Check ${n} records`);
}
const actions = (page: Page) => page.getByRole("button", { name: /^(Send|Continue|Yes)/ }).allTextContents();

it("25 records go at once, 26 and 100 need a confirmation, 101 are blocked with the spec's request", async () => {
  const { context, page, csp } = await consolePage(browser);
  await page.goto(`${stack.baseUrl}/console/batches/new?template=letter.md`);
  await signIn(page, stack.issuer, logins.submitter);

  await check(page, 25, 1000);
  expect(await actions(page)).toEqual(["Send 25 records"]);

  await check(page, 26, 2000);
  expect(await actions(page)).toEqual(["Continue"]);

  // 100, the maximum: confirmed, then sent as one batch of 100.
  await check(page, 100, 3000);
  expect(await actions(page)).toEqual(["Continue"]);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect.poll(() => heading(page).textContent()).toBe("Send 100 records?");
  await page.getByRole("button", { name: "Yes, send 100 records" }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/console\/batches\/[0-9a-f-]{36}$/);
  await expect.poll(() => page.getByRole("main").textContent()).toContain("100 records: 100 ready, 0 with warnings, 0 invalid");

  await check(page, 101, 4000);
  expect(await page.getByRole("main").textContent()).toContain(
    "You have selected 101 records. Select 100 or fewer records to send them in one batch.",
  );
  expect(await actions(page)).toEqual([]);
  await checkAtBothWidths(page, "console/new-batch/11-blocked-101");
  expect(csp).toEqual([]);
  await context.close();
}, 120_000);
