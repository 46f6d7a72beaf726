import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { DevUser } from "@/lib/devidp/provider";
import { ARTIFACTS as SHARED_ARTIFACTS, expectAccessible, heading, shoot as shootPage } from "./support";

/** The console's screenshots, in a folder of their own beside the portal's (gitignored). */
export const ARTIFACTS = path.join(SHARED_ARTIFACTS, "console");

export { expectAccessible, heading };

/** A full-page screenshot of a console page, at desktop width and at 360 px. */
export const shoot = (page: Page, name: string) => shootPage(page, `console/${name}`, true);

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

/**
 * A fresh browser context (its own cookies: one signed-in person) at desktop width, with CSP
 * complaints collected. The console follows the browser's language where the tenant names none: the
 * browser asks for British English, the words these tests look for (console-languages.test.ts reads
 * the other languages).
 */
export async function consolePage(browser: Browser): Promise<{ context: BrowserContext; page: Page; csp: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 850 }, acceptDownloads: true, locale: "en-GB" });
  const page = await context.newPage();
  return { context, page, csp: watchCsp(page) };
}

/** Signs in from the console's sign-in page (where any console address sends a browser without a session), through the IdP's login page. */
export async function signIn(page: Page, issuer: string, user: DevUser) {
  await expect.poll(() => heading(page).textContent()).toBe("Sign in to the Sealpost console");
  await page.getByRole("button", { name: "Sign in" }).click();
  await logInAtIdp(page, issuer, user);
}
