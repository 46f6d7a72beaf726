import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { documentDrawn, heading, shoot } from "../../e2e/support";
import { launchChromium } from "../support/browser";
import { esignFixtures, person, sealedForSigning, signingLink, type EsignFixtures } from "../support/esign-flow";
import type { Stack } from "../support/stack";
import { startWorkflowStack } from "../support/workflow";

/**
 * The signing page under the development server (`next dev`, as `npm run dev` runs it), where React
 * runs a component's effects twice when it mounts: the document is drawn at 1280 and 360 px and after
 * a reload, and its download is the whole PDF. The rest of the ceremony is e2e/sign.test.ts's, against
 * the build. Here, one test file at a time: `next dev` allows one server per project folder, and
 * dev-server.test.ts runs the other.
 */
let stack: Stack;
let browser: Browser;
let fx: EsignFixtures;

/**
 * The development server compiles a page, and pdf.js's worker, on their first request; in CI this file
 * runs beside the integration tests, and one run's page took more than five minutes to show its heading.
 */
const FIRST_COMPILE_MS = 420_000;
const TITLE = "Expense governance check";
const NOT_SHOWN = "The document could not be shown on this page.";

beforeAll(async () => {
  fx = await esignFixtures();
  [stack, browser] = await Promise.all([startWorkflowStack({ env: fx.env, dev: true }), launchChromium()]);
  // The routes the ceremony calls compile now, before the browser waits on them; an unknown link is enough.
  for (const route of ["/sign/warm-up", "/api/sign/warm-up", "/api/sign/warm-up/document"])
    await fetch(`${stack.baseUrl}${route}`, { signal: AbortSignal.timeout(FIRST_COMPILE_MS) }).then((r) => r.arrayBuffer());
}, 2 * FIRST_COMPILE_MS);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await fx?.close();
});

/** Waits until the viewer has finished loading, expects it did not fail, and returns what pdf.js drew. */
async function shownDocument(page: Page) {
  await expect
    .poll(() => heading(page).textContent(), { timeout: FIRST_COMPILE_MS })
    .toBe(TITLE)
    .catch(async (err: Error) => {
      throw new Error(
        `${err.message}\n--- the page showed:\n${await page.textContent("body")}\n--- the dev server said:\n${stack.log().slice(-4000)}`,
      );
    });
  await expect.poll(() => page.textContent("main"), { timeout: FIRST_COMPILE_MS }).not.toContain("Loading the document…");
  expect(await page.textContent("main")).not.toContain(NOT_SHOWN);
  return documentDrawn(page, FIRST_COMPILE_MS);
}

it("under npm run dev, the signing page draws the document at 1280 and 360 px and after a reload, and downloads it whole", async () => {
  const ada = person("Dev", { name: "Ada Lovelace" });
  await sealedForSigning(stack, [ada], "parallel");
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const cspViolations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && m.text().includes("Content Security Policy")) cspViolations.push(m.text());
  });
  await page.goto(`${stack.baseUrl}/sign/${await signingLink(stack, ada.email)}`, { timeout: FIRST_COMPILE_MS });

  for (const width of [1280, 360]) {
    if (width === 360) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload({ timeout: FIRST_COMPILE_MS });
    }
    const drawn = await shownDocument(page);
    expect(
      drawn.inked.every((n) => n > 100),
      `${width} px: ${JSON.stringify(drawn.inked)}`,
    ).toBe(true);
    for (const words of [TITLE, "Signatures", "Ada Lovelace"]) expect(drawn.text).toContain(words);
    await shoot(page, width === 360 ? "sign-dev/01-document-360" : "sign-dev/01-document");
  }

  // The download is the document itself, although pdf.js was given it to draw.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download the document (PDF)" }).click(),
  ]);
  const pdf = fs.readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf.length).toBeGreaterThan(1000);
  expect(cspViolations).toEqual([]);
});
