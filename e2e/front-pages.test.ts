import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../tests/support/browser";
import { startStack, type Stack } from "../tests/support/stack";
import { checkAtBothWidths, heading } from "./support";

let stack: Stack;
let browser: Browser;
// DEV_MAIL_PAGE: the test stack runs in production mode, where /dev/mail is served only when asked for.
beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ env: { DEV_MAIL_PAGE: "true" } }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const links = (page: Page) =>
  page.locator("main a").evaluateAll((as) => as.map((a) => ({ name: a.textContent?.trim(), href: a.getAttribute("href") })));

it("the home page says what Sealpost is and links to the console, the API reference, captured mail and health", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const res = await page.goto(`${stack.baseUrl}/`);
  expect(res!.status()).toBe(200);
  expect(res!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(await heading(page).textContent()).toBe("Sealpost");
  expect(await page.getByRole("banner").textContent()).toContain("Sealpost");
  expect(await page.textContent("main")).toContain("Sealpost sends governed documents");
  expect(await links(page)).toEqual(
    expect.arrayContaining([
      { name: "Approver console", href: "/console" },
      { name: "Health", href: "/api/health" },
      { name: "Captured mail", href: "/dev/mail" },
      { name: "API reference", href: "/docs/api" },
    ]),
  );
  // The page lists the main endpoints, links to the API reference page (/docs/api, e2e/api-docs.test.ts) and names docs/api.md.
  const main = (await page.textContent("main"))!;
  for (const endpoint of [
    "POST /api/render",
    "POST /api/dispatch/batch/{id}/decide",
    "GET /api/delivery-sessions",
    "POST /api/workflow",
    "GET /api/explain/trace",
    "GET /api/health",
  ])
    expect(main).toContain(endpoint);
  expect(main).toContain("docs/api.md");
  expect((await page.request.get(`${stack.baseUrl}/api/health`)).status()).toBe(200);
  // Browsers ask every site for /favicon.ico whatever the page links; pages name the icon too.
  const favicon = await page.request.get(`${stack.baseUrl}/favicon.ico`);
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  expect(await page.locator('head link[rel="icon"]').count()).toBeGreaterThan(0);
  await checkAtBothWidths(page, "front/01-home");
  await page.close();
});

it("/dev/mail wraps long links: the page fits 1280 px and 360 px", async () => {
  // An invitation (its portal link carries a long token) and a delivery link.
  const wf = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/leave-request.md",
    correlationId: `front-${Date.now()}`,
    templateSettings: { workflow: { recipients: [{ email: "pat@example.test", displayName: "Pat Employee" }] } },
  });
  expect(wf.status).toBe(201);
  const batch = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    dataSource: [{ customerId: "C777", name: "Lee Long", amount: 7, recipientEmail: "lee@example.test" }],
    features: { svcDispatch: true },
    templateSettings: { distribution: { requireApproval: false } },
  });
  expect(batch.status).toBe(202);
  await stack.smtp.waitFor(
    (m) => m.some((x) => x.to.includes("lee@example.test")) && m.some((x) => x.to.includes("pat@example.test")),
    60_000,
  );

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  expect((await page.goto(`${stack.baseUrl}/dev/mail`))!.status()).toBe(200);
  expect(await heading(page).textContent()).toBe("Mail");
  const hrefs = (await links(page)).map((l) => l.href ?? "");
  expect(hrefs.some((h) => /\/portal\/[0-9a-f-]{36}\?pt=[\w.-]{100,}/.test(h))).toBe(true);
  expect(hrefs.some((h) => /\/d\/[\w-]{43}$/.test(h))).toBe(true);
  await checkAtBothWidths(page, "front/02-dev-mail");
  await page.close();
});
