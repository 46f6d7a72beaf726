import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { ReceivedMail } from "../tests/support/smtp";

/** Screenshots of every page, kept for people to look at (gitignored). */
export const ARTIFACTS = path.resolve("e2e/artifacts");
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core on the page as it stands: no serious or critical violation. Evaluated through the
 * DevTools protocol, which the page's strict CSP does not govern (an injected <script> would be refused).
 */
export async function expectAccessible(page: Page, what: string, opts: { strict?: boolean; context?: object; options?: object } = {}) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  // context and options go to axe.run as they are (a third-party renderer's exclusions, kept narrow by its test).
  const violations = await page.evaluate(
    async ({ context, options }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: object,
              o: object,
            ) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> }>;
          };
        }
      ).axe;
      const r = await axe.run(context ?? document, { ...options, resultTypes: ["violations"] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
    },
    { context: opts.context, options: opts.options },
  );
  // strict: no violation of any impact (the pages of issue 26 are held to that; older ones to serious).
  expect(opts.strict ? violations : violations.filter((v) => v.impact === "serious" || v.impact === "critical"), what).toEqual([]);
}

/**
 * The page at 1280 px and at 360 px: axe-core finds no violation at all, a full-page screenshot
 * (`name`.png and `name`-360.png), and nothing wider than the screen. Leaves the page at 1280 px.
 */
export async function checkAtBothWidths(page: Page, name: string) {
  fs.mkdirSync(path.dirname(path.join(ARTIFACTS, name)), { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page, `${name} at ${width} px`, { strict: true });
    await page.screenshot({ path: path.join(ARTIFACTS, width === 360 ? `${name}-360.png` : `${name}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
  }
}

/** A full-page screenshot at desktop width and, with `narrow`, at 360 px too. `name` may hold a folder ("console/01-sign-in"). */
export async function shoot(page: Page, name: string, narrow = false) {
  fs.mkdirSync(path.dirname(path.join(ARTIFACTS, name)), { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
  if (!narrow) return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-360.png`), fullPage: true });
  // Nothing wider than the screen: no sideways scrolling at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 360 px`).toBeLessThanOrEqual(360);
  await page.setViewportSize(size);
}

/**
 * Waits until pdf.js has drawn every page of a PdfView (each page's holder `data-drawn="true"`), then
 * returns what they hold: each canvas's dark pixels, and the text layer's text.
 */
export async function documentDrawn(page: Page, timeout = 30_000): Promise<{ pages: number; inked: number[]; text: string }> {
  await expect.poll(() => page.locator('[data-drawn="true"]').count(), { timeout }).toBeGreaterThan(1);
  await expect.poll(() => page.locator("[data-page]").count()).toBe(await page.locator('[data-drawn="true"]').count());
  return page.evaluate(() => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>("[data-page] canvas")];
    const inked = canvases.map((c) => {
      const { data } = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 384) n++;
      return n;
    });
    return { pages: canvases.length, inked, text: [...document.querySelectorAll("[data-page]")].map((p) => p.textContent).join(" ") };
  });
}

export const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/**
 * Whether a left-to-right `text` shown in `scope` reads in its own order on the screen, its first
 * character left of its last: an English question in an Arabic page ends with its "?" ("Where did
 * you go?"), where text laid out in the page's direction would start with it ("?Where did you go").
 * Null when the text is not in one text node of `scope`.
 */
export const readsLeftToRight = (scope: Locator, text: string): Promise<boolean | null> =>
  scope.first().evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(text);
      if (at < 0) continue;
      const left = (i: number) => {
        const range = document.createRange();
        range.setStart(node!, i);
        range.setEnd(node!, i + 1);
        return range.getBoundingClientRect().left;
      };
      return left(at) < left(at + text.length - 1);
    }
    return null;
  }, text);
export const saved = (page: Page) => expect.poll(() => page.locator("[data-save-status]").textContent(), { timeout: 10_000 }).toBe("Saved");
export const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");
/** The text of the element that has focus (a heading on arrival at a page). */
export const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

/** The portal link of a received mail (invitation, change requests, approval notification). */
export function portalLink(mail: ReceivedMail): string {
  const m = /https?:\/\/\S+\/portal\/[0-9a-f-]{36}\?pt=[\w.-]+/.exec(mail.text);
  if (!m) throw new Error(`no portal link in the mail "${mail.subject}":\n${mail.text}`);
  return m[0];
}

/** A date question (DateInput): its fieldset, found by the question as its legend names it. */
export const dateQuestion = (page: Page, question: string) => page.getByRole("group", { name: question, exact: true });

/** Types an ISO date ("2027-03-10") into the question's Day, Month and Year boxes as a person would: 10, 3, 2027. */
export async function fillDate(page: Page, question: string, iso: string) {
  const [year, month, day] = iso.split("-");
  const group = dateQuestion(page, question);
  await group.getByLabel("Day", { exact: true }).fill(String(Number(day)));
  await group.getByLabel("Month", { exact: true }).fill(String(Number(month)));
  await group.getByLabel("Year", { exact: true }).fill(year);
}

/** What the question's Day, Month and Year boxes show. */
export const dateShown = (page: Page, question: string) =>
  dateQuestion(page, question)
    .getByRole("textbox")
    .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));

/** Which of the question's Day, Month and Year boxes are marked wrong (aria-invalid). */
export const dateMarked = (page: Page, question: string) =>
  dateQuestion(page, question)
    .getByRole("textbox")
    .evaluateAll((boxes) => boxes.map((b) => b.getAttribute("aria-invalid") === "true"));
