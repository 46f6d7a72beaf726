import fs from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../tests/support/browser";
import { esignFixtures, sealedForSigning, signInTurn, type EsignFixtures } from "../tests/support/esign-flow";
import { eventually, logins, type Stack } from "../tests/support/stack";
import { startWorkflowStack } from "../tests/support/workflow";
import { ARTIFACTS, consolePage, heading, signIn } from "./console-support";
import { checkAtBothWidths } from "./support";

/**
 * The console's workflow page of a signed workflow: the signers with their states and times, the
 * current document's check in words, the certificate of completion's link; at 1280 and 360 px,
 * axe-clean. Signers are driven through the ceremony's API, as tests/integration/esign.test.ts does.
 */
let stack: Stack;
let browser: Browser;
let fx: EsignFixtures;

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fx = await esignFixtures();
  [stack, browser] = await Promise.all([startWorkflowStack({ env: fx.env }), launchChromium()]);
});
afterAll(async () => {
  if (stack) fs.writeFileSync(`${ARTIFACTS}/server-signing.log`, stack.log());
  await browser?.close();
  await stack?.stop();
  await fx?.close();
});

it("the approver who approved it sees the signers, every signature valid and the certificate of completion; another approver is told who may have it", async () => {
  const signers = [
    { name: "Ada Lovelace", email: `ada-${Date.now()}@sign.test`, role: "Chief executive", order: 1 },
    { name: "Жанна Петрова", email: `zhanna-${Date.now()}@sign.test`, order: 2 },
  ];
  const id = await sealedForSigning(stack, signers, "sequential", {}, "approver");
  await signInTurn(stack, id, signers);
  await eventually(
    async () => (await stack.api("submitter", "GET", `/api/workflow/${id}/certificate`)).status === 200,
    60_000,
    "certificate",
  );

  const { page } = await consolePage(browser);
  await page.goto(`${stack.baseUrl}/console/workflows/${id}`);
  await signIn(page, stack.issuer, logins.approver);
  await expect.poll(() => heading(page).textContent()).toBeTruthy();
  const section = page.getByRole("region", { name: "Signatures" });
  const table = section.getByRole("table", { name: "Signers (2)" });
  expect(await table.getByRole("columnheader").allTextContents()).toEqual(["Order", "Signer", "Role", "State", "When"]);
  const ada = await table.getByRole("row", { name: /Ada Lovelace/ }).textContent();
  expect(ada).toContain("Chief executive");
  expect(ada).toContain("Signed");
  expect(ada).toMatch(/Invited .*Opened .*Signed /);
  expect(await table.getByRole("row", { name: /Жанна Петрова/ }).textContent()).toContain(signers[1].email);
  const text = await section.textContent();
  expect(text).toContain("All signatures valid");
  expect(text).toContain("All 2 signatures are valid and the last covers the whole file.");
  expect(text).toContain("Valid. Nothing in the document has changed since this signature.");
  expect(text).toContain("Activity record intact");
  const link = section.getByRole("link", { name: "Certificate of completion (PDF)" });
  expect(await link.getAttribute("href")).toBe(`/console/workflows/${id}/files/certificate`);
  const download = await page.request.get(`${stack.baseUrl}/console/workflows/${id}/files/certificate`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");

  expect(download.headers()["content-disposition"]).toMatch(/filename="[^"]+-certificate-of-completion\.pdf"/);

  await section.scrollIntoViewIfNeeded();
  await checkAtBothWidths(page, "console/sign-01-signed-workflow");

  // An approver of the tenant who did not approve this workflow: no link, a sentence saying who has it, and the file refused.
  const other = await consolePage(browser);
  await other.page.goto(`${stack.baseUrl}/console/workflows/${id}`);
  await signIn(other.page, stack.issuer, logins.approver2);
  const otherSection = other.page.getByRole("region", { name: "Signatures" });
  await expect
    .poll(() => otherSection.textContent())
    .toContain("The certificate of completion is for the initiator of the workflow, an approver who approved it, or an administrator.");
  expect(await otherSection.getByRole("link", { name: "Certificate of completion (PDF)" }).count()).toBe(0);
  expect((await other.page.request.get(`${stack.baseUrl}/console/workflows/${id}/files/certificate`)).status()).toBe(403);
});
