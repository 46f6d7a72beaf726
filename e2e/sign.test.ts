import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../tests/support/browser";
import { expectSignedByAll } from "../tests/support/esign-checks";
import {
  esignFixtures,
  namedSigner as person,
  sealedForSigning as sealedFor,
  signingUrl,
  workflowStatus,
  type EsignFixtures,
  type Signer,
} from "../tests/support/esign-flow";
import { eventually, type Stack } from "../tests/support/stack";
import { startWorkflowStack } from "../tests/support/workflow";
import { checkAtBothWidths, documentDrawn, focusedText, heading } from "./support";

/**
 * The signing ceremony page against the built server, real PostgreSQL and SMTP, acme's signing key
 * from a PKCS#12 made from the test CA (production mode has no development CA): every link and
 * passcode is taken from a mail; the signed file is checked by pdfsig and openssl.
 */
let stack: Stack;
let browser: Browser;
let fx: EsignFixtures;

beforeAll(async () => {
  fx = await esignFixtures();
  [stack, browser] = await Promise.all([startWorkflowStack({ env: fx.env }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await fx?.close();
});

const TITLE = "Expense governance check";
const status = (id: string) => workflowStatus(stack, id);
const sealedForSigning = (signers: Signer[], mode: "parallel" | "sequential") => sealedFor(stack, signers, mode);
/** The signing link of the newest invitation mailed to `email`, as the mail gives it. */
const linkFor = (email: string, after = 0) => signingUrl(stack, email, after);

async function newPage(): Promise<{ page: Page; cspViolations: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const cspViolations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && m.text().includes("Content Security Policy")) cspViolations.push(m.text());
  });
  return { page, cspViolations };
}

/** Draws a signature on the pad with the mouse: two strokes, as a person would. */
async function drawSignature(page: Page) {
  const box = (await page.locator("#mark-pad").boundingBox())!;
  const strokes = [
    [0.1, 0.6, 0.2, 0.3, 0.3, 0.7, 0.4, 0.35, 0.5, 0.65],
    [0.55, 0.5, 0.7, 0.45, 0.85, 0.55],
  ];
  for (const s of strokes) {
    await page.mouse.move(box.x + box.width * s[0], box.y + box.height * s[1]);
    await page.mouse.down();
    for (let i = 2; i < s.length; i += 2) await page.mouse.move(box.x + box.width * s[i], box.y + box.height * s[i + 1], { steps: 8 });
    await page.mouse.up();
  }
}

const errorSummary = (page: Page) => page.getByRole("alert").filter({ hasText: "There is a problem" });

it("two signers in order: the first reads the document drawn by pdf.js and draws a signature, the second enters the mailed passcode and types one; the final PDF holds both, valid", async () => {
  const ada = person("Ada Lovelace");
  const bo = person("Bo Smith", { requireOtp: true });
  const id = await sealedForSigning([ada, bo], "sequential");

  // Signer 1 opens the invitation's link.
  const first = await newPage();
  const page = first.page;
  const response = await page.goto(await linkFor(ada.email));
  expect(response!.headers()["content-security-policy"]).toMatch(/worker-src 'self'/);
  expect(response!.headers()["referrer-policy"]).toBe("same-origin");
  await expect.poll(() => heading(page).textContent()).toBe(TITLE);
  expect(await focusedText(page)).toBe(TITLE);
  await expect.poll(() => page.title()).toBe(`Sign the document – ${TITLE} – Sealpost`);
  expect(await page.textContent("main")).toContain("Acme Ltd asks you to sign");
  expect(await page.textContent("main")).toContain("You are signer 1 of 2.");
  // pdf.js drew the pages in the page (no plug-in, no frame): canvases with ink, and the text layer holds the document's words.
  const drawn = await documentDrawn(page);
  expect(
    drawn.inked.every((n) => n > 100),
    JSON.stringify(drawn.inked),
  ).toBe(true);
  for (const words of ["Expense governance check", "Signatures", "Ada Lovelace", "Bo Smith"]) expect(drawn.text).toContain(words);
  expect(await page.locator("embed, iframe, object").count()).toBe(0);
  expect(await page.getByRole("region", { name: /^Page 1 of \d+$/ }).count()).toBe(1);
  await checkAtBothWidths(page, "sign/01-document");
  // The download is the document shown, whole, although pdf.js was given the same bytes to draw.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download the document (PDF)" }).click(),
  ]);
  // Named as what it is: the copy sent for signature, never the signed file's name.
  expect(download.suggestedFilename()).toBe("Expense-governance-check-for-signature.pdf");
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");

  // Signing with nothing chosen: the error summary names what is missing.
  await page.getByRole("button", { name: "Sign the document" }).click();
  await expect.poll(() => errorSummary(page).getByRole("link").allTextContents()).toEqual(["Select that you agree to sign electronically"]);
  await page.getByLabel("Draw my signature").check();
  await page.getByRole("button", { name: "Sign the document" }).click();
  await expect
    .poll(() => errorSummary(page).getByRole("link").allTextContents())
    .toEqual(["Select that you agree to sign electronically", "Draw your signature in the box, or choose Type my name"]);
  await checkAtBothWidths(page, "sign/02-errors");

  // Draws with the mouse, clears, draws again, agrees and signs.
  await drawSignature(page);
  await page.getByRole("button", { name: "Clear the signature" }).click();
  await drawSignature(page);
  await page.getByLabel("I have read this and agree to sign electronically").check();
  await checkAtBothWidths(page, "sign/03-drawn");
  // The page's progress is held until the "being applied" page has been looked at.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/progress", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Sign the document" }).click();
  await expect.poll(() => heading(page).textContent()).toBe("Your signature is being applied");
  await checkAtBothWidths(page, "sign/04-being-applied");
  release();
  await expect.poll(() => heading(page).textContent(), { timeout: 60_000 }).toBe("You have signed the document");
  expect(await page.textContent("main")).toContain("Signed: you will receive the signed document by email when everyone has signed.");
  expect(await page.textContent("main")).toContain("1 of 2 signers have signed so far.");
  await checkAtBothWidths(page, "sign/05-signed-waiting");
  expect((await status(id)).signing.signers[0]).toMatchObject({ state: "signed", verificationMethod: "email link" });

  // Signer 2 is invited now; the link asks for the passcode first.
  const second = await newPage();
  const page2 = second.page;
  await page2.goto(await linkFor(bo.email));
  await expect.poll(() => heading(page2).textContent()).toBe("Confirm it is you");
  expect(await page2.textContent("main")).not.toContain(TITLE); // nothing of the document before the passcode
  await checkAtBothWidths(page2, "sign/06-passcode");
  await page2.getByRole("button", { name: "Email me a code" }).click();
  await expect.poll(() => heading(page2).textContent()).toBe("Check your email");
  const mail = await stack.smtp.waitFor((ms) => ms.find((m) => m.to.includes(bo.email) && m.subject.includes("passcode")), 30_000);
  const code = /passcode is (\d{6})/.exec(mail.text)![1];
  await page2.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
  await page2.getByRole("button", { name: "Continue" }).click();
  await expect.poll(() => errorSummary(page2).textContent()).toContain("The code is not right. You have 4 tries left.");
  await checkAtBothWidths(page2, "sign/07-passcode-wrong");
  await page2.getByLabel("Code").fill(code);
  await page2.getByRole("button", { name: "Continue" }).click();
  await expect.poll(() => heading(page2).textContent()).toBe(TITLE);
  await documentDrawn(page2);
  // Typed is the first choice, filled with the signer's name and shown in a script style; the signer types it again.
  expect(await page2.getByLabel("Type my name").isChecked()).toBe(true);
  await page2.getByLabel("Your name as your signature").fill("Bo Smith");
  await page2.getByLabel("I have read this and agree to sign electronically").check();
  await checkAtBothWidths(page2, "sign/08-typed");
  await page2.getByRole("button", { name: "Sign the document" }).click();
  await expect.poll(() => heading(page2).textContent(), { timeout: 60_000 }).toBe("You have signed the document");
  await expect.poll(() => page2.textContent("main")).toContain("Everyone has signed. We have emailed you a link to the signed document.");
  await checkAtBothWidths(page2, "sign/09-signed-complete");

  // The workflow is complete; the final PDF holds two valid signatures, each in its signer's name.
  await eventually(async () => (await status(id)).state === "complete", 60_000, "complete");
  const s = await status(id);
  expect(s.signing.signers.map((x: { state: string; verificationMethod: string }) => [x.state, x.verificationMethod])).toEqual([
    ["signed", "email link"],
    ["signed", "email link + one-time passcode"],
  ]);
  const res = await stack.api("submitter", "GET", `/api/workflow/${id}/sealed`);
  expect(res.status).toBe(200);
  await expectSignedByAll(new Uint8Array(await res.arrayBuffer()), ["Ada Lovelace", "Bo Smith"], fx.checks());

  // Each signer receives the signed document (a personal link), and the first page, reloaded, says it is done.
  for (const who of [ada, bo])
    await stack.smtp.waitFor((ms) => ms.find((m) => m.to.includes(who.email) && m.subject === `Your document: ${TITLE}`), 30_000);
  await page.reload();
  await expect.poll(() => heading(page).textContent()).toBe("You have signed the document");
  await expect.poll(() => page.textContent("main")).toContain("Everyone has signed.");
  expect([...first.cspViolations, ...second.cspViolations]).toEqual([]);
});

it("a signer declines with a reason: the workflow is rejected and the page says so; replaced and garbled links get a plain page", async () => {
  const cy = person("Cy Young");
  const id = await sealedForSigning([cy], "parallel");
  const oldLink = await linkFor(cy.email);
  // The initiator sends a new link: the first one is replaced.
  expect((await stack.api("submitter", "POST", `/api/workflow/${id}/signers/0/resend`)).status).toBe(200);
  const link = await linkFor(cy.email, 1);

  const { page, cspViolations } = await newPage();
  await page.goto(oldLink);
  await expect.poll(() => heading(page).textContent()).toBe("This link has been replaced");
  expect(await page.textContent("main")).toContain("Use the link in the most recent email about this document.");
  await checkAtBothWidths(page, "sign/10-link-replaced");
  await page.goto(`${new URL(link).origin}/sign/not-a-token`);
  await expect.poll(() => heading(page).textContent()).toBe("This link is not valid");
  await checkAtBothWidths(page, "sign/11-link-invalid");

  // The page asks for the link's bootstrap once: a second answer, arriving late, would put a signer
  // who had gone on to the decline page back on the document.
  const bootstraps: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname === `/api/sign/${new URL(link).pathname.split("/").pop()}`)
      bootstraps.push(r.url());
  });
  await page.goto(link);
  await expect.poll(() => heading(page).textContent()).toBe(TITLE);
  await page.getByRole("button", { name: "Decline to sign" }).click();
  await expect.poll(() => heading(page).textContent()).toBe("Are you sure you want to decline to sign?");
  await page.getByRole("button", { name: "Decline to sign" }).click();
  await expect.poll(() => errorSummary(page).getByRole("link").allTextContents()).toEqual(["Enter why you are declining to sign"]);
  await checkAtBothWidths(page, "sign/12-decline");
  await page.getByLabel("Why are you declining to sign?").fill("The amount is wrong: it should be 102.50");
  await page.getByRole("button", { name: "Decline to sign" }).click();
  await expect.poll(() => heading(page).textContent()).toBe("You declined to sign");
  expect(bootstraps).toHaveLength(1);
  expect(await page.textContent("main")).toContain("We have told Acme Ltd, with your reason.");
  await checkAtBothWidths(page, "sign/13-declined");

  const s = await status(id);
  expect(s.state).toBe("rejected");
  expect(s.signing.signers[0]).toMatchObject({ state: "declined", declineReason: "The amount is wrong: it should be 102.50" });
  // The used link, opened again, says what happened rather than an error.
  await page.reload();
  await expect.poll(() => heading(page).textContent()).toBe("You declined to sign");
  expect(cspViolations).toEqual([]);
});
