import fs from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../tests/support/browser";
import { readPdf } from "../tests/support/pdf";
import { eventually, startStack, type Stack } from "../tests/support/stack";

let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

it("a recipient opens the link from the mail in Chromium, sees the document and downloads it", async () => {
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    dataSource: [{ customerId: "C555", name: "Dana Reader", amount: 42, recipientEmail: "dana@example.test", recipientName: "Dana" }],
    features: { svcDispatch: true },
    templateSettings: { distribution: { requireApproval: false } },
  });
  expect(res.status).toBe(202);
  const batchId = res.headers.get("x-svc-batchid")!;
  const mails = await stack.smtp.waitFor((m) => m.some((x) => x.to.includes("dana@example.test")) && m, 60_000);
  const link = mails.find((x) => x.to.includes("dana@example.test"))!.text.match(/https?:\/\/\S+\/d\/[A-Za-z0-9_-]+/)![0];

  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && m.text().includes("Content Security Policy")) violations.push(m.text());
  });
  const response = await page.goto(link);
  expect(response!.status()).toBe(200);
  // A strict policy: only scripts carrying this response's nonce run, and the page's own all do.
  const csp = response!.headers()["content-security-policy"];
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
  const scripts = await page.locator("script").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((n) => n === nonce)).toBe(true);
  await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("letter-C555-1.pdf");
  expect(await page.textContent("main")).toContain("Dana (dana@example.test)");
  // The document is embedded in the page (same-origin framing is allowed for the file, nothing else).
  await eventually(async () => page.frames().some((f) => f.url().startsWith(`${link}/file`)), 10_000, "the embedded document");
  const embedded = await page.request.get(`${link}/file`);
  expect(embedded.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  expect(embedded.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  fs.mkdirSync("test-results", { recursive: true });
  await page.screenshot({ path: "test-results/recipient-page.png", fullPage: true });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the PDF" }).click()]);
  expect(download.suggestedFilename()).toBe("letter-C555-1.pdf");
  const bytes = fs.readFileSync((await download.path())!);
  const docs = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}/documents`)).json();
  expect((await readPdf(bytes)).correlationId).toBe(docs.documents[0].correlationId);
  expect(violations).toEqual([]);
  await context.close();

  const sessions = await eventually(async () => {
    const s = await (await stack.api("submitter", "GET", `/api/delivery-sessions?correlationId=${docs.documents[0].correlationId}`)).json();
    return s.sessions[0].events.some((e: { kind: string }) => e.kind === "download") && s;
  }, 10_000, "the download event");
  const kinds = sessions.sessions[0].events.map((e: { kind: string }) => e.kind);
  expect(kinds[0]).toBe("access");
  expect(sessions.sessions[0].events.find((e: { kind: string }) => e.kind === "download").userAgent).toContain("Chrome");

  // Once the sender revokes the session, the same link shows a clear page and no document.
  const revoked = await stack.api("submitter", "POST", `/api/delivery-sessions/${sessions.sessions[0].sessionId}/revoke`);
  expect(revoked.status).toBe(200);
  const again = await browser.newPage();
  expect((await again.goto(link))!.status()).toBe(200);
  await expect(again.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("This link has been withdrawn");
  expect(await again.locator("object, embed, iframe, a[download]").count()).toBe(0);
  const file = await again.request.get(`${link}/file`);
  expect(file.status()).toBe(410);
  await again.close();
});
