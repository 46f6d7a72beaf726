import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../tests/support/browser";
import { pdfText } from "../tests/support/pdf";
import { eventually, logins, startStack, type Stack } from "../tests/support/stack";
import { logInAtIdp } from "./console-support";
import { checkAtBothWidths, heading } from "./support";

let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const RUN = Date.now();
const ready = (n: number) => ({ customerId: `C${100 + n}`, name: `Customer ${n}`, amount: n, recipientEmail: `c${n}@example.test` });
// A nickname longer than 10 characters is a warning of letter.md; an amount above 10,000 an error.
const warned = (n: number) => ({ ...ready(n), nickname: "a nickname too long" });
const invalid = (n: number) => ({ ...ready(n), amount: 99_999 });

async function submit(correlationId: string, dataSource: unknown[], distribution: Record<string, unknown> = {}) {
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    options: { correlationId },
    dataSource,
    features: { svcDispatch: true },
    templateSettings: { distribution },
  });
  expect([202, 422]).toContain(res.status);
  const batchId = res.headers.get("x-svc-batchid")!;
  const receipt = await pdfText(Buffer.from(await res.arrayBuffer()));
  return { batchId, receipt: receipt.replace(/\s+/g, " ") };
}

/** Header cells whose text breaks inside a word: a word whose characters lie on more than one line. */
const brokenHeaders = (page: Page) =>
  page.locator("main th").evaluateAll((ths) =>
    ths.flatMap((th) => {
      const text = th.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      const broken: string[] = [];
      for (const m of (text.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index!);
        range.setEnd(text, m.index! + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
      return broken;
    }),
  );

it("the batch list tells batches apart by correlation id and counts records in the receipt's words; headers break only between words", async () => {
  // A is made and delivered at once (its records table then has every column filled in); B is invalid.
  const a = await submit(`crm-list-a-${RUN}`, [ready(1), warned(2)], { requireApproval: false });
  const b = await submit(`crm-list-b-${RUN}`, [ready(3), warned(4), invalid(5)]);
  await eventually(
    async () => (await (await stack.api("submitter", "GET", `/api/dispatch/batch/${a.batchId}`)).json()).state === "completed",
    60_000,
    "batch A completed",
  );
  // The receipt PDF and the console say the same thing in the same words.
  expect(a.receipt).toContain("2 records: 1 ready, 1 with warnings, 0 invalid");
  expect(b.receipt).toContain("3 records: 1 ready, 1 with warnings, 1 invalid");
  // Workflows with a long reference, for the workflow list's Reference column.
  const wf = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/leave-request.md",
    correlationId: `console-list-a-rather-long-reference-of-the-crm-${RUN}-0001`,
    templateSettings: { workflow: { recipients: [{ email: "pat@example.test", displayName: "Pat Employee" }] } },
  });
  expect(wf.status).toBe(201);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-GB" });
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}/console/batches`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await logInAtIdp(page, stack.issuer, logins.approver);
  await expect.poll(() => heading(page).textContent()).toBe("Batches");

  const rows = await page.locator("main tbody tr").allTextContents();
  const rowOf = (id: string) => rows.find((r) => r.includes(id)) ?? "";
  expect(rowOf(`crm-list-a-${RUN}`)).toContain("2 records: 1 ready, 1 with warnings, 0 invalid; 2 made");
  expect(rowOf(`crm-list-b-${RUN}`)).toContain("3 records: 1 ready, 1 with warnings, 1 invalid");
  expect(await brokenHeaders(page)).toEqual([]);
  await checkAtBothWidths(page, "console-list/01-batches");

  await page.getByRole("link", { name: "Customer letter" }).first().click();
  await expect.poll(() => page.url()).toContain(`/console/batches/${b.batchId}`);
  expect(await page.textContent("main")).toContain("3 records: 1 ready, 1 with warnings, 1 invalid");
  expect(await brokenHeaders(page)).toEqual([]);
  await checkAtBothWidths(page, "console-list/02-batch-invalid");

  // A made batch: file names, validation messages, deliveries and downloads side by side.
  await page.goto(`${stack.baseUrl}/console/batches/${a.batchId}`);
  expect(await page.textContent("main")).toContain("2 records: 1 ready, 1 with warnings, 0 invalid; 2 made");
  expect(await brokenHeaders(page)).toEqual([]);
  await checkAtBothWidths(page, "console-list/03-batch-made");

  await page.goto(`${stack.baseUrl}/console/workflows?view=all`);
  await expect.poll(() => heading(page).textContent()).toBe("Workflows");
  expect(await page.textContent("main")).toContain(`console-list-a-rather-long-reference-of-the-crm-${RUN}-0001`);
  expect(await brokenHeaders(page)).toEqual([]);
  await checkAtBothWidths(page, "console-list/04-workflows");
  await context.close();
});
