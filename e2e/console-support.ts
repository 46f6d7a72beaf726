import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { DevUser } from "@/lib/devidp/provider";

/** Screenshots of every console page, kept for people to look at (gitignored). */
export const ARTIFACTS = path.resolve("e2e/artifacts/console");
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core on the page as it stands: no serious or critical violation. Evaluated through the
 * DevTools protocol, which the page's strict CSP does not govern (an injected <script> would be refused).
 */
export async function expectAccessible(page: Page, what: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  });
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical"), what).toEqual([]);
}

/** A full-page screenshot at desktop width and at 360 px, where nothing may scroll sideways. */
export async function shoot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-360.png`), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 360 px`).toBeLessThanOrEqual(360);
  await page.setViewportSize(size);
}

export const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** Collects Content-Security-Policy complaints of a page's console: there must be none. */
export function watchCsp(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && m.text().includes("Content Security Policy")) seen.push(m.text());
  });
  return seen;
}

/** Fills in and submits the development IdP's real login page (the browser must be on it). */
export async function logInAtIdp(page: Page, issuer: string, user: DevUser) {
  await expect.poll(() => page.url()).toContain(`${issuer}/interaction/`);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}
