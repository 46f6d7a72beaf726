import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { consent } from "@/lib/esign/consent";
import { createTestCa } from "@/lib/esign/test-ca";
import { writePkcs12 } from "../tests/support/esign-checks";
import { launchChromium } from "../tests/support/browser";
import { eventually, logins, startStack, type Stack } from "../tests/support/stack";
import { ARTIFACTS, consolePage, heading, signIn } from "./console-support";
import { checkAtBothWidths } from "./support";

/**
 * The console's workflow page of a signed workflow: the signers with their states and times, the
 * current document's check in words, the certificate of completion's link; at 1280 and 360 px,
 * axe-clean. Signers are driven through the ceremony's API, as tests/integration/esign.test.ts does.
 */
const PASSWORD = "console signing password";
let stack: Stack;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "console-signing-"));
  const ca = await createTestCa("acme");
  fs.mkdirSync(path.join(dir, "keys"));
  await writePkcs12(path.join(dir, "keys", "acme.p12"), ca.root.privateKey, ca.root.chain, PASSWORD);
  [stack, browser] = await Promise.all([
    startStack({ env: { ESIGN_KEYS_DIR: path.join(dir, "keys"), ESIGN_KEYS_PASSWORD: PASSWORD } }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  if (stack) fs.writeFileSync(`${ARTIFACTS}/server-signing.log`, stack.log());
  await browser?.close();
  await stack?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const status = async (id: string) => (await stack.api("submitter", "GET", `/api/workflow/${id}/status`)).json();
const TOKEN = /\/sign\/([0-9a-f-]{36}\.[\w-]{43})/;

it("the initiator sees the signers, every signature valid and the certificate of completion", async () => {
  const signers = [
    { name: "Ada Lovelace", email: `ada-${Date.now()}@sign.test`, role: "Chief executive", order: 1 },
    { name: "Жанна Петрова", email: `zhanna-${Date.now()}@sign.test`, order: 2 },
  ];
  const res = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/governance.md",
    correlationId: `console-sign-${Date.now()}`,
    templateSettings: { workflow: { recipients: [{ email: "gov@example.test" }] }, esign: { enabled: true, signingMode: "sequential", signers } },
    initialData: { amount: 120.5, costCentre: "OPS" },
  });
  expect(res.status).toBe(201);
  const { workflowId: id } = await res.json();
  expect((await stack.api("submitter", "POST", `/api/workflow/${id}/seal`)).status).toBe(200);

  for (const [i, s] of signers.entries()) {
    const token = await stack.smtp.waitFor((ms) => ms.filter((m) => m.to.includes(s.email) && m.subject.includes("please sign")).map((m) => TOKEN.exec(m.text)?.[1]).at(-1), 60_000);
    expect((await stack.api(null, "GET", `/api/sign/${token}`)).status).toBe(200);
    const body = { consent: { version: consent().version, sha256: consent().sha256 }, mark: { kind: "typed", text: s.name }, intent: true };
    expect((await stack.api(null, "POST", `/api/sign/${token}/sign`, body)).status).toBe(202);
    await eventually(async () => (await status(id)).signing.signers[i].state === "signed", 60_000, `signer ${i}`);
  }
  await eventually(async () => (await stack.api("submitter", "GET", `/api/workflow/${id}/certificate`)).status === 200, 60_000, "certificate");

  const { page } = await consolePage(browser);
  await page.goto(`${stack.baseUrl}/console/workflows/${id}`);
  await signIn(page, stack.issuer, logins.submitter);
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

  await section.scrollIntoViewIfNeeded();
  await checkAtBothWidths(page, "console/sign-01-signed-workflow");
});
