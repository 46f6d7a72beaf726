import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "../tests/support/browser";
import { pdfText } from "../tests/support/pdf";
import { logins, startStack, type Stack } from "../tests/support/stack";
import { queryStackDb } from "../tests/support/stack-db";
import { ARTIFACTS, consolePage, heading, signIn } from "./console-support";
import { checkAtBothWidths, focusedText } from "./support";

let stack: Stack;
let browser: Browser;
// The spec's thresholds set low (3 and 5) so that each band takes a few records, not a hundred.
beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  [stack, browser] = await Promise.all([
    startStack({ env: { svc_batchwarningthreshold: "3", svc_batchmaxthreshold: "5" } }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  if (stack) fs.writeFileSync(`${ARTIFACTS}/new-batch-server.log`, stack.log());
  await browser?.close();
  await stack?.stop();
});

const csvRow = (i: number, nickname = "") => `C${100 + i},Customer ${i},${i * 10},c${i}@example.test,${nickname}`;
const CSV_HEADER = "Customer id,name,amount,recipientEmail,nickname";
const shots = (name: string) => `console/new-batch/${name}`;

/** Keyboard only: focus a control and press a key on it, as a person tabbing to it would. */
async function press(page: Page, locator: ReturnType<Page["getByRole"]>, key = "Enter") {
  await locator.focus();
  await page.keyboard.press(key);
}

/** The page's script has run: before it, its buttons are disabled (a key pressed then would be lost). */
const scripted = (page: Page) => page.locator("[data-ready]").waitFor();

async function startNewBatch(page: Page) {
  await page.goto(`${stack.baseUrl}/console/batches`);
  await expect.poll(() => heading(page).textContent()).toBe("Batches");
  await press(page, page.getByRole("link", { name: "New batch" }));
  await expect.poll(() => heading(page).textContent()).toBe("Choose a template");
  await scripted(page);
  await press(page, page.getByRole("radio", { name: "Customer letter" }), "Space");
  await press(page, page.getByRole("button", { name: "Continue" }));
  await expect.poll(() => heading(page).textContent()).toBe("Give the records");
}

async function upload(page: Page, name: string, content: string | Buffer) {
  await page
    .getByLabel("Upload a file")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) });
  await press(page, page.getByRole("button", { name: "Check the records" }));
}

const errorSummary = (page: Page) => page.getByRole("alert").filter({ hasText: "There is a problem" });

it("a submitter picks a template, is told what is wrong with a bad file, checks the records and sends 3 at once; the batch's receipt says what the page said", async () => {
  const { context, page, csp } = await consolePage(browser);
  await page.goto(`${stack.baseUrl}/console/batches/new`);
  await signIn(page, stack.issuer, logins.submitter);
  await expect.poll(() => heading(page).textContent()).toBe("Choose a template");
  await scripted(page);
  // Only templates made for batches: the fixtures' layout and workflow templates are not offered.
  expect(await page.getByRole("radio").count()).toBe(1);
  await checkAtBothWidths(page, shots("01-template"));

  await press(page, page.getByRole("button", { name: "Continue" }));
  await expect.poll(() => errorSummary(page).textContent()).toContain("Select a template");
  await checkAtBothWidths(page, shots("02-template-error"));
  await press(page, page.getByRole("radio", { name: "Customer letter" }), "Space");
  await press(page, page.getByRole("button", { name: "Continue" }));
  await expect.poll(() => heading(page).textContent()).toBe("Give the records");
  expect(await focusedText(page)).toBe("Give the records");
  await checkAtBothWidths(page, shots("03-records"));

  // Each bad file gets its own sentence in the error summary, linked to the file control.
  const bad: Array<[string, string | Buffer, string]> = [
    ["letters.pdf", "%PDF-1.7", "The selected file must be a CSV or JSON Lines file"],
    ["empty.csv", "", "The selected file is empty"],
    ["big.csv", Buffer.alloc(1024 * 1024 + 1, "a"), "The selected file must be smaller than 1 MB"],
    [
      "latin1.csv",
      Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0xfc, 0x72, 0x67, 0x65, 0x6e, 0x0a]),
      "The selected file must be saved as UTF-8 text",
    ],
    ["header-only.csv", `${CSV_HEADER}\n`, "There are no records"],
  ];
  for (const [name, content, message] of bad) {
    await upload(page, name, content);
    await expect.poll(() => errorSummary(page).textContent(), { message: name }).toContain(message);
    expect(await page.getByLabel("Upload a file").getAttribute("aria-invalid"), name).toBe("true");
  }
  await checkAtBothWidths(page, shots("04-records-error"));
  // The summary's link takes the keyboard to the file control.
  await press(page, errorSummary(page).getByRole("link"));
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("records-file");

  // Three records (the warning threshold): checked, then sent at once with one button.
  await upload(page, "letters.csv", `\uFEFF${CSV_HEADER}\n${csvRow(1)}\n${csvRow(2, "a nickname too long")}\n${csvRow(3)}\n`);
  await expect.poll(() => heading(page).textContent()).toBe("Check 3 records");
  expect(await focusedText(page)).toBe("Check 3 records");
  const main = page.getByRole("main");
  expect(await main.textContent()).toContain("3 records: 2 ready, 1 with warnings, 0 invalid");
  expect(await main.locator('li[data-field="nickname"][data-severity="warning"]').textContent()).toBe(
    "Warning: Nickname must be at most 10 characters long",
  );
  expect(await page.getByRole("button", { name: "Continue" }).count()).toBe(0);
  await checkAtBothWidths(page, shots("05-check-send"));

  await press(page, page.getByRole("button", { name: "Send 3 records" }));
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/console\/batches\/[0-9a-f-]{36}$/);
  await expect.poll(() => heading(page).textContent()).toBe("Customer letter");
  expect(await main.textContent()).toContain("Your batch has been sent.");
  expect(await main.textContent()).toContain("3 records: 2 ready, 1 with warnings, 0 invalid");
  expect(await main.textContent()).toContain("from Sealpost console");
  await checkAtBothWidths(page, shots("06-sent"));
  const receipt = (await pdfText(await (await page.request.get(`${page.url().split("?")[0]}/files/receipt`)).body())).replace(/\s+/g, " ");
  expect(receipt).toContain("3 records: 2 ready, 1 with warnings, 0 invalid");
  expect(receipt).toContain("Nickname must be at most 10 characters long");
  expect(csp).toEqual([]);
  await context.close();
});

it("4 records (above the warning threshold) need a confirmation step; 6 (above the maximum) are blocked with the spec's request; invalid records cannot be sent", async () => {
  const { context, page } = await consolePage(browser);
  // The template step is a GET form that works before (or without) the page's script: ?template= opens the records step.
  await page.goto(`${stack.baseUrl}/console/batches/new?template=letter.md`);
  await signIn(page, stack.issuer, logins.submitter);
  await page.goto(`${stack.baseUrl}/console/batches/new?template=letter.md`);
  await expect.poll(() => heading(page).textContent()).toBe("Give the records");
  await scripted(page);

  // Pasted JSON Lines, one record per line.
  const jsonl = [1, 2, 3, 4]
    .map((i) => JSON.stringify({ customerId: `C${200 + i}`, name: `Customer ${i}`, amount: i, recipientEmail: `j${i}@example.test` }))
    .join("\n");
  await page.getByLabel("Or paste the records").fill(jsonl);
  await press(page, page.getByRole("button", { name: "Check the records" }));
  await expect.poll(() => heading(page).textContent()).toBe("Check 4 records");
  expect(await page.getByRole("button", { name: /^Send/ }).count()).toBe(0);
  await checkAtBothWidths(page, shots("07-check-confirm"));
  await press(page, page.getByRole("button", { name: "Continue" }));
  await expect.poll(() => heading(page).textContent()).toBe("Send 4 records?");
  expect(await focusedText(page)).toBe("Send 4 records?");
  expect(await page.getByRole("main").textContent()).toContain("You are about to send 4 records from Customer letter.");
  await checkAtBothWidths(page, shots("08-confirm"));
  await press(page, page.getByRole("button", { name: "Yes, send 4 records" }));
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/console\/batches\/[0-9a-f-]{36}$/);
  await expect.poll(() => page.getByRole("main").textContent()).toContain("4 records: 4 ready, 0 with warnings, 0 invalid");

  // Six records: blocked, with the configured maximum in the spec's words, and no way to send.
  await startNewBatch(page);
  await page.getByLabel("Or paste the records").fill(`${CSV_HEADER}\n${[1, 2, 3, 4, 5, 6].map((i) => csvRow(i + 10)).join("\n")}`);
  await press(page, page.getByRole("button", { name: "Check the records" }));
  await expect.poll(() => heading(page).textContent()).toBe("Check 6 records");
  expect(await page.getByRole("main").textContent()).toContain(
    "You have selected 6 records. Select 5 or fewer records to send them in one batch.",
  );
  expect(await page.getByRole("button", { name: /^(Send|Continue|Yes)/ }).count()).toBe(0);
  await checkAtBothWidths(page, shots("09-blocked"));

  // Invalid records and a column that names no field: shown, and not sendable.
  await press(page, page.getByRole("button", { name: "Give other records" }));
  await expect.poll(() => heading(page).textContent()).toBe("Give the records");
  await page
    .getByLabel("Or paste the records")
    .fill(`${CSV_HEADER};x`.replaceAll(",", ";") + "\nX1;Ann;99999;ann@example.test;;\nC377;Bob;5;not-an-address;;\n");
  await press(page, page.getByRole("button", { name: "Check the records" }));
  await expect.poll(() => heading(page).textContent()).toBe("Check 2 records");
  const main = page.getByRole("main");
  expect(await main.textContent()).toContain("2 records: 0 ready, 0 with warnings, 2 invalid");
  expect(await main.textContent()).toContain("This column names no field of Customer letter: “x”.");
  expect(await main.locator('li[data-field="amount"][data-severity="error"]').textContent()).toBe("Error: Amount must be at most 10,000");
  expect(await page.getByRole("button", { name: /^(Send|Continue|Yes)/ }).count()).toBe(0);
  await checkAtBothWidths(page, shots("10-check-invalid"));
  await context.close();
});

it("an approver who sends a batch is told before sending that they cannot approve it and who will; with nobody else to approve, the page says so and offers no Send", async () => {
  const { context, page } = await consolePage(browser);
  await page.goto(`${stack.baseUrl}/console/batches/new?template=letter.md`);
  await signIn(page, stack.issuer, logins.approver);
  const checkOne = async (n: number) => {
    await page.goto(`${stack.baseUrl}/console/batches/new?template=letter.md`);
    await expect.poll(() => heading(page).textContent()).toBe("Give the records");
    await scripted(page);
    await page.getByLabel("Or paste the records").fill(`${CSV_HEADER}\n${csvRow(n)}\n`);
    await press(page, page.getByRole("button", { name: "Check the records" }));
    await expect.poll(() => heading(page).textContent()).toBe("Check 1 record");
  };
  const main = page.getByRole("main");
  const approval = page.getByRole("region", { name: "Approval" });

  // The tenant's approvers are this approver and second@acme.test: the batch goes to the other one.
  await checkOne(41);
  expect(await approval.textContent()).toContain("You cannot approve a batch you send. It will go to second@acme.test for approval.");
  expect(await main.locator("dl").textContent()).toContain("Approved bysecond@acme.test");
  await checkAtBothWidths(page, shots("11-check-not-your-own"));
  await press(page, page.getByRole("button", { name: "Send 1 record" }));
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/console\/batches\/[0-9a-f-]{36}$/);
  await expect.poll(() => main.textContent()).toContain("Waiting for a decision by second@acme.test.");

  // This approver is the tenant's only one: nobody can approve a batch they send, and the page says so before sending.
  const acmeApprovers = async (approvers: string[]) => {
    await queryStackDb(stack, `update tenants set approvers = '${JSON.stringify(approvers)}'::jsonb where id = 'acme'`);
    if (stack.kind === "pglite") await stack.startServer();
  };
  await acmeApprovers(["approver@acme.test"]);
  try {
    await checkOne(42);
    expect(await page.getByRole("region", { name: "Nobody can approve this batch" }).textContent()).toContain(
      "You cannot approve a batch you send, and neither the template nor your organisation names another approver.",
    );
    expect(await page.getByRole("button", { name: /^(Send|Continue|Yes)/ }).count()).toBe(0);
    await checkAtBothWidths(page, shots("12-check-nobody-approves"));
    await press(page, page.getByRole("button", { name: "Choose another template" }));
    await expect.poll(() => heading(page).textContent()).toBe("Choose a template");
  } finally {
    await acmeApprovers(["approver@acme.test", "second@acme.test"]);
  }
  await context.close();
});
