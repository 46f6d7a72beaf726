import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { dateText } from "@/lib/format/show-value";
import { translatorFor } from "@/lib/i18n/translator";
import { launchChromium } from "../tests/support/browser";
import { logins, startStack, type Stack } from "../tests/support/stack";
import { ARTIFACTS, expectAccessible, heading, logInAtIdp, shoot, watchCsp } from "./console-support";

/**
 * The approver console in the approver's language: the tenant's default over the browser's, the
 * sign-in page in the browser's (no session yet, so no tenant), the batches list and a batch's page
 * in German and Arabic (right to left), the New batch page's steps in German (a refusal, the
 * thresholds' request and confirmation), axe-clean and with nothing left in English, screenshots in
 * e2e/artifacts/console/languages/; the language menu switching the console, the choice staying
 * across its pages; and the pseudo-locale, which shows that every word of those pages comes from a
 * catalogue.
 */

let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  [stack, browser] = await Promise.all([startStack(), launchChromium()]);
});
afterAll(async () => {
  if (stack) fs.writeFileSync(`${ARTIFACTS}/languages-server.log`, stack.log());
  await browser?.close();
  await stack?.stop();
});

/**
 * A batch of `count` letters waiting for acme's approvers; its id. The title has no word of any
 * catalogue. With `warnLast`, the last letter's nickname is longer than the template allows: a warning.
 */
async function submit(count: number, title: string, warnLast = false): Promise<string> {
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    options: { title },
    dataSource: Array.from({ length: count }, (_, i) => ({
      customerId: `C${100 + i}`,
      name: `Kunde ${i}`,
      amount: 10 * i,
      recipientEmail: `kunde${i}@example.test`,
      ...(warnLast && i === count - 1 ? { nickname: "Ein langer Spitzname" } : {}),
    })),
    features: { svcDispatch: true },
  });
  expect(res.status).toBe(202);
  return res.headers.get("x-svc-batchid")!;
}

/** A leave request waiting for acme's first approver; its id. */
async function leaveRequest(): Promise<string> {
  const res = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/leave-request.md",
    correlationId: `console-languages-wf-${Date.now()}`,
    templateSettings: {
      workflow: { recipients: [{ email: "pat@example.test", displayName: "Pat Employee" }], autoValidateOnCreate: true },
    },
    initialData: {
      fullName: "Pat Employee",
      employeeId: "E1234",
      leaveType: "unpaid",
      startDate: "2027-05-03",
      endDate: "2027-05-18",
      days: 12,
      confirmed: true,
    },
  });
  expect(res.status).toBe(201);
  return (await res.json()).workflowId;
}

/** Sets or (with "") removes acme's default locale as an operator does; PGlite admits one process, so there the server waits. */
async function setAcmeLocale(tag: string): Promise<void> {
  if (stack.kind === "pglite") await stack.stopServer();
  await stack.admin("tenant", "update", "--id", "acme", "--default-locale", tag);
  if (stack.kind === "pglite") await stack.startServer();
}

/** A browser asking for `acceptLanguage`, at desktop width, with CSP complaints collected. */
async function browse(acceptLanguage: string) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 850 }, locale: acceptLanguage });
  const page = await context.newPage();
  return { context, page, csp: watchCsp(page) };
}

/**
 * The console's own words on a page: its main content, footer, navigation, sign-out button and the
 * language menu's label, without what the batch itself brings (its title, template, people,
 * references, the letters' field labels and values), which are the submitter's and stay as they are.
 */
async function consoleText(page: Page, title: string): Promise<string> {
  const parts = await Promise.all(
    ["main", "footer", "header nav", "header label"].map(async (s) =>
      (await page.locator(s).count()) ? page.locator(s).first().innerText() : "",
    ),
  );
  return parts
    .join("\n")
    .replaceAll(title, "")
    .replace(/letter\.md|[\w.+-]+@[\w.-]+|[0-9a-f]{8}-[0-9a-f-]{27}|Customer id|Name|Amount|Email|Kunde \d+|C\d{3}|Sealpost|acme\w*/gi, "");
}

/** Words of the console that must not be left in English on a page in another language. */
const ENGLISH =
  /\b(Batches|Records|Record|Submitted|Summary|Activity|Decision|Approvers|Distribution|Template|Reference|Approve|Reject|Request changes|Cancel batch|Sign out|Language|Filter|Waiting|Details|Validation|Delivery|All batches|New batch|Previous|Next|Skip to main content)\b/;

/** The page is in `locale`: `<html lang dir>`, the menu showing it, the shell's words. */
async function expectIn(page: Page, locale: Locale) {
  const t = translatorFor(locale);
  expect(await page.getAttribute("html", "lang")).toBe(locale);
  expect(await page.getAttribute("html", "dir")).toBe(locale === "ar" ? "rtl" : "ltr");
  expect(await page.getByLabel(t("common.language.label")).inputValue()).toBe(locale);
  expect(await page.textContent("footer")).toBe(t("console.shell.footer"));
}

it("an approver of a German tenant reads the console in German whatever the browser asks; the menu switches it to Arabic, right to left, on every page", async () => {
  const de = translatorFor("de");
  const ar = translatorFor("ar");
  const fr = translatorFor("fr");
  const title = `Rundschreiben ${Date.now()}`;
  const batchId = await submit(3, title, true);
  const workflowId = await leaveRequest();
  await setAcmeLocale("de-DE");
  try {
    const { context, page, csp } = await browse("fr-FR");

    // No session yet, so no tenant: the sign-in page follows the browser.
    await page.goto(`${stack.baseUrl}/console/batches`);
    await expect.poll(() => heading(page).textContent()).toBe(fr("console.signIn.heading"));
    await expectIn(page, "fr");
    await expectAccessible(page, "sign-in page in French");
    await shoot(page, "languages/fr-01-sign-in");
    await page.getByRole("button", { name: fr("console.signIn.submit"), exact: true }).click();
    await logInAtIdp(page, stack.issuer, logins.approver);

    // Signed in: the tenant's default (de-DE is de) before the browser's French.
    await expect.poll(() => heading(page).textContent()).toBe(de("console.batches.list.heading"));
    await expectIn(page, "de");
    const nav = page.getByRole("navigation", { name: de("console.shell.navLabel") });
    expect(await nav.getByRole("link", { name: de("console.shell.batches") }).count()).toBe(1);
    expect(await page.getByRole("button", { name: de("console.shell.signOut") }).count()).toBe(1);
    const row = page.getByRole("row").filter({ hasText: title });
    expect(await row.textContent()).toContain(de("document.receipt.batchState.pendingApproval"));
    expect(await row.textContent()).toContain(de("document.receipt.counts", { total: 3, ready: 2, warning: 1, invalid: 0 }));
    expect(await page.getByRole("navigation", { name: de("console.batches.list.filterLabel") }).textContent()).toContain(
      de("console.batches.list.all"),
    );
    expect(await consoleText(page, title)).not.toMatch(ENGLISH);
    await expectAccessible(page, "batches list in German");
    await shoot(page, "languages/de-02-batches");

    // A batch's page: its summary, decision, downloads, activity and records in German; its moments as German writes them.
    await row.getByRole("link", { name: title }).click();
    await expect.poll(() => heading(page).textContent()).toBe(title);
    expect(new URL(page.url()).pathname).toBe(`/console/batches/${batchId}`);
    await expectIn(page, "de");
    for (const h of ["console.batches.detail.summary", "console.batches.detail.decision", "console.batches.detail.activity"] as const)
      expect(await page.getByRole("heading", { name: de(h), exact: true }).count()).toBe(1);
    expect(await page.getByRole("link", { name: de("console.batches.detail.approve"), exact: true }).count()).toBe(1);
    expect(await page.textContent("main")).toMatch(/\d{1,2}\. [A-Za-zäöüÄÖÜ]+ \d{4} um \d{2}:\d{2} UTC/);
    // Intake's warning on the third record, in German, the field named as the template's author wrote it.
    expect(await page.textContent("main")).toContain(de("finding.field.tooLong", { label: "Nickname", max: 10 }));
    expect(await consoleText(page, title)).not.toMatch(ENGLISH);
    await expectAccessible(page, "batch page in German");
    await shoot(page, "languages/de-03-batch");

    // The templates and a template's preview, in German too (the templates' own labels stay as their author wrote them).
    await page
      .getByRole("navigation", { name: de("console.shell.navLabel") })
      .getByRole("link", { name: de("console.shell.templates") })
      .click();
    await expect.poll(() => heading(page).textContent()).toBe(de("console.templates.heading"));
    await expectIn(page, "de");
    expect(await page.getByRole("columnheader", { name: de("console.templates.colFields") }).count()).toBe(1);
    await expectAccessible(page, "templates in German");
    await shoot(page, "languages/de-04-templates");
    // The link's name holds its visually hidden words too.
    await page
      .getByRole("link", { name: de.markup("console.templates.preview", { title: "Customer letter", hidden: (c) => c }), exact: true })
      .click();
    await expect.poll(() => page.locator("[data-status]").getAttribute("data-status"), { timeout: 30_000 }).toBe("updated");
    expect(await page.locator("[data-status]").textContent()).toBe(de("console.templates.updated"));
    await expectIn(page, "de");
    expect(await page.getByRole("heading", { name: de("console.templates.sample"), exact: true }).count()).toBe(1);
    // A required field cleared: the record's check says so in German, the field named as its author wrote it.
    await page.getByLabel(de("console.templates.required", { label: "Name" }), { exact: true }).fill("");
    const finding = page.locator('li[data-field="name"][data-severity="error"]');
    await expect.poll(() => finding.count(), { timeout: 20_000 }).toBe(1);
    expect(await finding.locator("span[lang=de]").textContent()).toBe(de("finding.field.required", { label: "Name" }));
    // The value left blank in the pages: the renderer's finding in German too, its {{name}} as the template writes it.
    const blank = page.locator('li[data-code="binding.missing"][data-field="name"]');
    expect(await blank.locator("span[lang=de]").first().textContent()).toBe(de("trace.binding.missing", { token: "{{name}}" }));
    await expectAccessible(page, "template preview in German");
    await shoot(page, "languages/de-05-template-preview");
    await page.goto(`${stack.baseUrl}/console/batches/${batchId}`);
    await expect.poll(() => heading(page).textContent()).toBe(title);

    // The language menu: the same page again, now in Arabic and mirrored.
    await page.getByLabel(de("common.language.label")).selectOption("ar");
    await page.getByRole("button", { name: de("common.language.submit") }).click();
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("ar");
    expect(new URL(page.url()).pathname).toBe(`/console/batches/${batchId}`);
    await expectIn(page, "ar");
    expect(await page.getByRole("heading", { name: ar("console.batches.detail.summary"), exact: true }).count()).toBe(1);
    expect(await page.getByRole("status").first().textContent()).toBe(ar("document.receipt.batchState.pendingApproval"));
    expect(await consoleText(page, title)).not.toMatch(ENGLISH);
    await expectAccessible(page, "batch page in Arabic");
    await shoot(page, "languages/ar-01-batch");

    // The choice stays across the console's pages: the list, and the confirmation step.
    await page
      .getByRole("navigation", { name: ar("console.shell.navLabel") })
      .getByRole("link", { name: ar("console.shell.batches") })
      .click();
    await expect.poll(() => heading(page).textContent()).toBe(ar("console.batches.list.heading"));
    await expectIn(page, "ar");
    expect(await consoleText(page, title)).not.toMatch(ENGLISH);
    await expectAccessible(page, "batches list in Arabic");
    await shoot(page, "languages/ar-02-batches");

    await page.goto(`${stack.baseUrl}/console/batches/${batchId}/confirm/request-changes`);
    await expect.poll(() => heading(page).textContent()).toBe(ar("console.batches.confirm.requestChanges.heading"));
    await expectIn(page, "ar");
    // Asked without a comment: the refusal in the error summary, in Arabic, with the design system's own words.
    await page.getByRole("button", { name: ar("console.batches.confirm.requestChanges.submit") }).click();
    const summary = page.getByRole("alert").filter({ hasText: ar("common.form.errorSummaryTitle") });
    await expect.poll(() => summary.textContent()).toContain(ar("console.batches.refusals.commentsRequired"));
    expect(await consoleText(page, title)).not.toMatch(ENGLISH);
    await expectAccessible(page, "confirmation step in Arabic");
    await shoot(page, "languages/ar-03-confirm");

    // The workflows, in Arabic too: the list, and a workflow's page with its data, rules and approval stages.
    await page
      .getByRole("navigation", { name: ar("console.shell.navLabel") })
      .getByRole("link", { name: ar("console.shell.workflows") })
      .click();
    await expect.poll(() => heading(page).textContent()).toBe(ar("console.workflows.list.title"));
    await expectIn(page, "ar");
    await expectAccessible(page, "workflows list in Arabic");
    await shoot(page, "languages/ar-04-workflows");
    await page.goto(`${stack.baseUrl}/console/workflows/${workflowId}`);
    await expect.poll(() => heading(page).textContent()).toBe("Leave request");
    await expectIn(page, "ar");
    for (const h of [
      "console.workflows.detail.summaryHeading",
      "console.workflows.data.heading",
      "console.workflows.rules.heading",
      "console.workflows.approval.heading",
    ] as const)
      expect(await page.getByRole("heading", { name: ar(h), exact: true }).count(), h).toBe(1);
    expect(await page.getByRole("status").first().textContent()).toBe(ar("console.workflows.state.pendingApproval"));
    // The answers' dates as the page's language writes them, though the form is English.
    expect(await page.textContent("main")).toContain(dateText("2027-05-03", "ar"));
    expect(await page.textContent("main")).not.toContain("3 May 2027");
    await expectAccessible(page, "workflow page in Arabic");
    await shoot(page, "languages/ar-05-workflow");

    expect(csp).toEqual([]);
    await context.close();
  } finally {
    await setAcmeLocale("");
  }
});

it("a submitter of a German tenant gives a list on the New batch page in German: its refusals, the check step, the thresholds' request and confirmation", async () => {
  const de = translatorFor("de");
  const header = "customerId,name,amount,recipientEmail";
  const rows = (n: number, from: number) =>
    [header, ...Array.from({ length: n }, (_, i) => `C${from + i},Kunde ${i},${i + 1},kunde${i}@example.test`)].join("\n");
  await setAcmeLocale("de-DE");
  try {
    const { context, page, csp } = await browse("de-DE");
    await page.goto(`${stack.baseUrl}/console/batches/new?template=letter.md`);
    await page.getByRole("button", { name: de("console.signIn.submit"), exact: true }).click();
    await logInAtIdp(page, stack.issuer, logins.submitter);
    // Signed in, the console opens the New batch page at its first step; with the template asked, at the records step.
    await expect.poll(() => heading(page).textContent()).toBe(de("console.newBatch.heading.template"));
    await page.goto(`${stack.baseUrl}/console/batches/new?template=letter.md`);
    await expect.poll(() => heading(page).textContent()).toBe(de("console.newBatch.heading.records"));
    await expectIn(page, "de");
    await page.locator("[data-ready]").waitFor();
    const main = page.getByRole("main");
    const check = async (n: number, from: number) => {
      await page.getByLabel(de("console.newBatch.records.textLabel")).fill(rows(n, from));
      await page.getByRole("button", { name: de("console.newBatch.records.check"), exact: true }).click();
      await expect.poll(() => heading(page).textContent()).toBe(de("console.newBatch.heading.check", { count: n }));
    };

    // Nothing given: the refusal in German, in the error summary with the design system's own words.
    await page.getByRole("button", { name: de("console.newBatch.records.check"), exact: true }).click();
    const summary = page.getByRole("alert").filter({ hasText: de("common.form.errorSummaryTitle") });
    await expect.poll(() => summary.textContent()).toContain(de("console.newBatch.refusals.none"));
    expect(await consoleText(page, "")).not.toMatch(ENGLISH);
    await expectAccessible(page, "New batch records step in German");
    await shoot(page, "languages/de-06-new-batch-records");

    // 101 records: above the maximum, the spec's request worded in German from the numbers, and no way to send.
    await check(101, 600);
    expect(await main.textContent()).toContain(de("console.newBatch.refusals.tooMany", { count: 101, max: 100 }));
    expect(await page.getByRole("button", { name: de("console.newBatch.continue"), exact: true }).count()).toBe(0);
    expect(await consoleText(page, "")).not.toMatch(ENGLISH);
    await expectAccessible(page, "New batch blocked in German");
    await shoot(page, "languages/de-07-new-batch-blocked");
    await page.getByRole("button", { name: de("console.newBatch.check.giveOther"), exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe(de("console.newBatch.heading.records"));

    // 26 records: one more than the warning threshold, so checked, then confirmed, then sent.
    await check(26, 800);
    expect(await main.textContent()).toContain(de("document.receipt.counts", { total: 26, ready: 26, warning: 0, invalid: 0 }));
    expect(await main.textContent()).toContain(de("console.newBatch.check.confirm", { warning: 25 }));
    expect(await page.getByRole("columnheader", { name: de("console.batches.detail.colValidation") }).count()).toBe(1);
    expect(await consoleText(page, "")).not.toMatch(ENGLISH);
    await expectAccessible(page, "New batch check step in German");
    await shoot(page, "languages/de-08-new-batch-check");
    await page.getByRole("button", { name: de("console.newBatch.continue"), exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe(de("console.newBatch.heading.confirm", { count: 26 }));
    expect(await main.textContent()).toContain(
      de("console.newBatch.confirm.lede", { count: 26, template: "Customer letter", warning: 25 }),
    );
    expect(await consoleText(page, "")).not.toMatch(ENGLISH);
    await expectAccessible(page, "New batch confirmation in German");
    await shoot(page, "languages/de-09-new-batch-confirm");
    await page.getByRole("button", { name: de("console.newBatch.confirm.yes", { count: 26 }), exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/console\/batches\/[0-9a-f-]{36}$/);
    await expect.poll(() => main.textContent()).toContain(de("console.batches.detail.done.sent"));
    await expectIn(page, "de");

    expect(csp).toEqual([]);
    await context.close();
  } finally {
    await setAcmeLocale("");
  }
});

it("without a tenant default the console follows the browser, and the sign-in page keeps the menu's choice", async () => {
  const ja = translatorFor("ja");
  const de = translatorFor("de");
  const { context, page } = await browse("ja-JP");
  await page.goto(`${stack.baseUrl}/console/sign-in`);
  await expect.poll(() => heading(page).textContent()).toBe(ja("console.signIn.heading"));
  await expectIn(page, "ja");

  // The menu on the sign-in page: chosen before signing in, kept after it.
  await page.getByLabel(ja("common.language.label")).selectOption("de");
  await page.getByRole("button", { name: ja("common.language.submit") }).click();
  await expect.poll(() => heading(page).textContent()).toBe(de("console.signIn.heading"));
  await expectIn(page, "de");
  await page.getByRole("button", { name: de("console.signIn.submit"), exact: true }).click();
  await logInAtIdp(page, stack.issuer, logins.approver);
  await expect.poll(() => heading(page).textContent()).toBe(de("console.batches.list.heading"));
  await expectIn(page, "de");
  await context.close();
});

it("the pseudo-locale shows every word of the batches list and a batch's page from a catalogue, and nothing overflows at 360 px", async () => {
  const xa = translatorFor("en-XA");
  const title = `Rundschreiben ${Date.now()}`;
  await submit(2, title);
  const { context, page } = await browse("en-GB");
  await page.goto(`${stack.baseUrl}/console/batches`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await logInAtIdp(page, stack.issuer, logins.approver);
  await expect.poll(() => heading(page).textContent()).toBe("Batches");
  await context.addCookies([{ name: "sealpost-locale", value: "en-XA", url: stack.baseUrl }]);

  // What the console writes itself (headings, labels, column headers, navigation, buttons, footer)
  // is all between ⟦ and ⟧; what is left outside them is the batch's own, numbers, or nothing.
  const outside = async () => {
    let text = (await page.locator("h2, th, dt, nav, footer, header label, header button, main p, main li").allInnerTexts()).join("\n");
    // A message inside a message (an event's name in its line) is bracketed inside its brackets.
    for (let before = ""; before !== text;) [before, text] = [text, text.replace(/⟦[^⟦⟧]*⟧/g, "")];
    return (
      text
        .replaceAll(title, "")
        .replace(/letter\.md|[\w.+-]+@[\w.-]+|[0-9a-f]{8}-[0-9a-f-]{27}|Customer id|Name|Amount|Email|Kunde \d+|C\d{3}/g, "")
        // A moment outside a message (the activity's) is Intl's, whose pseudo-locale is English.
        .replace(/\b(January|February|March|April|May|June|July|August|September|October|November|December|at|AM|PM|UTC)\b/g, "")
        .replace(/[\s()·:;,.–‹›…0-9%-]/g, "")
    );
  };

  await page.reload();
  await expect.poll(() => heading(page).textContent()).toBe(xa("console.batches.list.heading"));
  expect(await page.getAttribute("html", "lang")).toBe("en-XA");
  expect(await outside()).toBe("");
  await shoot(page, "languages/pseudo-01-batches");

  await page.getByRole("link", { name: title }).click();
  await expect.poll(() => heading(page).textContent()).toBe(title);
  expect(await outside()).toBe("");
  await expectAccessible(page, "batch page in the pseudo-locale");
  await shoot(page, "languages/pseudo-02-batch");
  await context.close();
});
