import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../tests/support/browser";
import { startStack, type Stack } from "../tests/support/stack";
import fs from "node:fs";
import path from "node:path";
import { ARTIFACTS, expectAccessible, heading } from "./support";

let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/**
 * A page that records what it asks for: every request to another origin is refused before it leaves
 * (and listed), every console error and every CSP violation the page reports is kept.
 */
async function watchedPage(): Promise<{ page: Page; elsewhere: string[]; errors: string[]; violations: () => Promise<string[]> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const origin = new URL(stack.baseUrl).origin;
  const elsewhere: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("data:") || url.startsWith("blob:") || new URL(url).origin === origin) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  // Injected through the DevTools protocol, which the page's CSP does not govern.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const violations = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  return { page, elsewhere, errors, violations };
}

/**
 * checkAtBothWidths (support.ts) with two rules scoped to the renderer's markup, which neither its
 * configuration nor CSS reaches (docs/api.md, "The reference page"); every other rule runs on the
 * whole page, and these two on everything else:
 * - landmark-unique, but for Scalar's "Example Responses" cards: each is a region named by its own
 *   status tabs ("Status: 200 Status: 400 …"), so two operations with the same statuses have
 *   regions of the same name;
 * - region, but for the renderer's narrow-screen <header> (the bar with the menu button and the
 *   current section's title), which the page scopes in a <section> so that the page keeps one
 *   banner (Sealpost's): inside that section it is no landmark, so its text is outside landmarks.
 */
const SCOPED: Array<[rule: string, exclude: string]> = [
  ["landmark-unique", ".sealpost-api-reference .response-card"],
  ["region", ".sealpost-api-reference header"],
];
async function checkApiReference(page: Page, name: string) {
  fs.mkdirSync(path.dirname(path.join(ARTIFACTS, name)), { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const what = `${name} at ${width} px`;
    await expectAccessible(page, what, {
      strict: true,
      options: { rules: Object.fromEntries(SCOPED.map(([rule]) => [rule, { enabled: false }])) },
    });
    // The two scoped rules in one run: neither concerns the elements the other skips.
    await expectAccessible(page, `${what}, ${SCOPED.map(([r]) => r).join(" and ")}`, {
      strict: true,
      context: { exclude: SCOPED.map(([, exclude]) => [exclude]) },
      options: { runOnly: SCOPED.map(([r]) => r) },
    });
    // The viewport only: the whole page is very tall and mostly blank until scrolled to.
    await page.screenshot({ path: path.join(ARTIFACTS, width === 360 ? `${name}-360.png` : `${name}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(width);
  }
}

it("/docs/api draws the OpenAPI document without a token, from this origin only, under the page CSP", async () => {
  const { page, elsewhere, errors, violations } = await watchedPage();
  const doc = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/openapi.json");
  const res = await page.goto(`${stack.baseUrl}/docs/api`);
  expect(res!.status()).toBe(200);
  // The pages' own policy, unchanged: nonce scripts, no eval, workers of this origin only.
  const csp = res!.headers()["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).toContain("worker-src 'self'");
  expect((await doc).status()).toBe(200);
  // The renderer draws the document's title as the page's only h1.
  await expect.poll(() => heading(page).textContent(), { timeout: 30_000 }).toBe("Sealpost API");

  // The operations are listed in the sidebar by summary; following one draws it with its operationId.
  // (The renderer draws operations as they scroll into view, so each is reached through its link.)
  const spec = (await (await page.request.get(`${stack.baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { summary?: string; operationId: string }>>;
  };
  const render = spec.paths["/api/render"].post;
  const batch = spec.paths["/api/dispatch/batch/{batchId}"].get;
  expect(batch.operationId).toBe("getDispatchBatchByBatchId");
  for (const op of [batch, render]) {
    const link = page.getByRole("link", { name: op.summary }).first();
    await link.waitFor({ timeout: 30_000 });
    await link.click();
    await page.getByRole("heading", { name: op.summary }).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator("main").textContent(), { timeout: 30_000 }).toContain(op.operationId);
  }
  // POST /api/render, drawn.
  await checkApiReference(page, "docs/02-api-reference-render");

  // A fresh load for the rest (the violations seen so far are kept: a new document starts a new list).
  const firstLoad = await violations();
  await page.goto(`${stack.baseUrl}/docs/api`);
  await expect.poll(() => heading(page).textContent(), { timeout: 30_000 }).toBe("Sealpost API");

  // Keyboard: the skip link comes first and leads to the main content.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");

  await checkApiReference(page, "docs/01-api-reference");

  // docs/api.md sends readers to an area as /docs/api#tag/<tag>: the page opens there.
  const beforeTag = await violations();
  await page.goto(`${stack.baseUrl}/docs/api#tag/delivery`);
  const area = page.getByRole("heading", { name: "delivery", exact: true }).first();
  await area.waitFor({ timeout: 30_000 });
  await expect.poll(async () => (await area.boundingBox())?.y ?? -1, { timeout: 15_000 }).toBeGreaterThanOrEqual(0);
  expect((await area.boundingBox())!.y).toBeLessThan(800);

  expect(elsewhere, "requests to other origins").toEqual([]);
  expect([...firstLoad, ...beforeTag, ...(await violations())], "CSP violations").toEqual([]);
  expect(errors, "console errors").toEqual([]);
  await page.context().close();
});
