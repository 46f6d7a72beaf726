import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { senderWords } from "@/lib/i18n/sender";
import { translatorFor } from "@/lib/i18n/translator";
import { DECLARATION_SHA256 } from "@/lib/workflow/portal/declaration";
import { launchChromium } from "../tests/support/browser";
import type { Stack } from "../tests/support/stack";
import { reviewerToken, startWorkflowStack } from "../tests/support/workflow";
import { checkAtBothWidths, dateQuestion, expectAccessible, heading, readsLeftToRight } from "./support";

/**
 * The participant portal in the participant's language: the invitation in it, its link opening the
 * page in it (over the browser's own English), the journey from step 1 to the confirmation in German,
 * Arabic (right to left) and Japanese, axe-clean, with screenshots in e2e/artifacts/portal/; the
 * language menu switching a page and recording the choice; the page without JavaScript; and the
 * pseudo-locale at 360 px.
 */

let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  [stack, browser] = await Promise.all([startWorkflowStack(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const ORGANISATION = "Northwind Finance Office";
const TITLE = "Travel expense claim";

/** A travel claim for one participant whose language is `locale`; its workflow id and the invitation mail. */
async function invite(locale: SupportedLocale | null, name: string) {
  const email = `${name.toLowerCase()}-${Date.now()}@example.test`;
  const res = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/travel-claim.md",
    correlationId: `travel-${name}-${Date.now()}`,
    templateSettings: { workflow: { recipients: [{ email, displayName: name, ...(locale ? { locale } : {}) }] } },
  });
  expect(res.status).toBe(201);
  const { workflowId } = await res.json();
  const mail = await stack.smtp.waitFor((m) => m.find((x) => x.to.includes(email) && x.text.includes(workflowId)), 60_000);
  const link = /https?:\/\/\S+\/portal\/[0-9a-f-]{36}\?pt=[\w.-]+(?:&lang=[\w-]+)?/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no portal link in the mail "${mail.subject}":\n${mail.text}`);
  return { workflowId, mail, link };
}

/** Types an ISO date into a date question's three boxes, labelled in the page's language. */
async function fillDate(page: Page, locale: SupportedLocale, question: string, iso: string) {
  const t = translatorFor(locale);
  const [year, month, day] = iso.split("-");
  const group = dateQuestion(page, question);
  await group.getByLabel(t("common.form.day"), { exact: true }).fill(String(Number(day)));
  await group.getByLabel(t("common.form.month"), { exact: true }).fill(String(Number(month)));
  await group.getByLabel(t("common.form.year"), { exact: true }).fill(year);
}

const saved = (page: Page) =>
  expect.poll(() => page.locator("[data-save-status]").getAttribute("data-save-status"), { timeout: 10_000 }).toBe("saved");

/** Words of the portal's own that must not be left in English on a page in another language. */
const ENGLISH = /\b(Continue|Submit|Change|Back|There is a problem|Check your answers|reference|Saved|Language|Skip to main content)\b/;

/**
 * The text of the page's main content, footer and language label, without the template's own words,
 * which stay as its author wrote them (the menu's options name each language in itself).
 */
const portalText = async (page: Page) =>
  (await Promise.all(["main", "footer", "header label"].map((s) => page.locator(s).first().innerText())))
    .join("\n")
    .replace(
      /Travel expense claim|Northwind Finance Office|Your trip|Tell us who travelled and when the trip started\.|Costs|Your full name|Date you left|Where did you go\?|Rotterdam|Lyon|Gdansk|Date you came back|How did you travel\?|Car \(own or hired\)|Distance driven \(km\)|Amount to reimburse \(EUR\)|I have kept the receipts for these costs|Sealpost|English \(UK\)|English \(US\)/g,
      "",
    );

/** The amount as a participant types it in each language's way: decimal comma, Arabic-Indic digits, full-width digits. */
const AMOUNT_AS_TYPED: Partial<Record<SupportedLocale, string>> = { de: "1.250,50", ar: "١٢٥٠٫٥٠", ja: "１２５０．５０" };

/** The travel claim's dates and amount on the check-answers page, as a reader of each language writes them. */
const ANSWERS_AS_WRITTEN: Partial<Record<SupportedLocale, string[]>> = {
  de: ["10. März 2027", "14. März 2027", "1.250,5"],
  ja: ["2027年3月10日", "2027年3月14日", "1,250.5"],
  ar: ["1,250.5"],
};

/** The whole participant journey in `locale`, from the mailed link to the confirmation. */
async function journey(locale: SupportedLocale, name: string) {
  const t = translatorFor(locale);
  const { workflowId, mail, link } = await invite(locale, name);

  // The invitation is in the participant's language, greeting included; its link names the language.
  expect(mail.subject).toBe(t("mail.invitation.subject", { ...senderWords(ORGANISATION), title: TITLE }));
  expect(mail.text.split(/\r?\n/)[0]).toBe(t("mail.greeting.named", { name }));
  expect(mail.text).toContain(t("mail.invitation.asks", { ...senderWords(ORGANISATION), title: TITLE }));
  expect(new URL(link).searchParams.get("lang")).toBe(locale);

  // A British browser: the link's language wins over Accept-Language.
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "en-GB" });
  const page = await context.newPage();
  await page.goto(link);
  await expect.poll(() => heading(page).textContent()).toBe("Your trip");
  expect(await page.getAttribute("html", "lang")).toBe(locale);
  expect(await page.getAttribute("html", "dir")).toBe(locale === "ar" ? "rtl" : "ltr");
  expect(await page.getByLabel(t("common.language.label")).inputValue()).toBe(locale);
  expect(await page.textContent("body")).toContain(t("common.form.stepCounter", { current: 1, total: 2 }));
  expect(await page.textContent("footer")).toBe(t("portal.footer", { organisation: ORGANISATION }));
  expect(await page.textContent(`#field-departureDate-hint`)).toBe(t("portal.hint.dateExample", { day: "27", month: "3", year: "2027" }));

  // Continue on an empty step: the error summary and each field's message, in the page's language.
  await page.getByRole("button", { name: t("portal.step.continue"), exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: t("common.form.errorSummaryTitle") });
  await expect
    .poll(() => summary.getByRole("link").allTextContents())
    .toEqual([
      t("portal.fieldError.required", { label: "Your full name" }),
      t("portal.fieldError.required", { label: "Date you left" }),
      t("portal.fieldError.required", { label: "Where did you go?" }),
    ]);
  expect(await page.textContent("#field-travellerName-error")).toBe(
    `${t("common.form.errorPrefix")} ${t("portal.fieldError.required", { label: "Your full name" })}`,
  );
  // The template's English question keeps its order in every page, right to left too: "?" at its end.
  expect(await readsLeftToRight(summary, "Where did you go?")).toBe(true);
  expect(await readsLeftToRight(page.locator("legend", { hasText: "Where did you go?" }), "Where did you go?")).toBe(true);
  expect(await portalText(page)).not.toMatch(ENGLISH);
  await checkAtBothWidths(page, `portal/${locale}-01-step-errors`);

  // A date typed in part: the message names what is missing, in the page's language.
  await dateQuestion(page, "Date you left").getByLabel(t("common.form.day"), { exact: true }).fill("10");
  await dateQuestion(page, "Date you left").getByLabel(t("common.form.year"), { exact: true }).fill("2027");
  await page.getByRole("button", { name: t("portal.step.continue"), exact: true }).click();
  await expect
    .poll(() => page.textContent("#field-departureDate-error"))
    .toBe(`${t("common.form.errorPrefix")} ${t("portal.fieldError.dateMissing", { label: "Date you left", missing: "month" })}`);

  await page.getByLabel("Your full name").fill(name);
  await fillDate(page, locale, "Date you left", "2027-03-10");
  await page.getByLabel("Gdansk").check();
  await saved(page);
  expect(await page.locator("[data-save-status]").textContent()).toBe(t("portal.step.saved"));
  await page.getByRole("button", { name: t("portal.step.continue"), exact: true }).click();

  // Step 2, then check answers: the answers as the workflow shows them, yes and no in the page's language.
  await expect.poll(() => heading(page).textContent()).toBe("Costs");
  await fillDate(page, locale, "Date you came back", "2027-03-14");
  await page.getByLabel("How did you travel?").selectOption("car");
  expect(await readsLeftToRight(page.locator("label", { hasText: "How did you travel?" }), "How did you travel?")).toBe(true);
  await page.getByLabel(t("portal.step.optional", { label: "Distance driven (km)" })).fill("42");
  await page.getByLabel("Amount to reimburse (EUR)").fill(AMOUNT_AS_TYPED[locale] ?? "1250.50");
  await page.getByLabel("I have kept the receipts for these costs").check();
  await saved(page);
  await checkAtBothWidths(page, `portal/${locale}-02-step-two`);
  await page.getByRole("button", { name: t("portal.step.continueToCheck") }).click();
  await expect.poll(() => heading(page).textContent()).toBe(t("portal.check.heading"));
  const main = (await page.textContent("main"))!;
  for (const text of [name, "Gdansk", "Car (own or hired)", "42", t("portal.answer.yes")]) expect(main).toContain(text);
  // Dates and amounts as the page's language writes them, although the form is written in English.
  expect(main).not.toContain("March");
  for (const text of ANSWERS_AS_WRITTEN[locale] ?? []) expect(main).toContain(text);
  // The chosen option's words as the template wrote them, brackets and all: "(own or hired)", not "(Car (own or hired".
  expect(await readsLeftToRight(page.locator("dd", { hasText: "Car (own or hired)" }), "Car (own or hired)")).toBe(true);
  expect(await page.getByRole("link", { name: new RegExp(`^${t("common.form.change")}`) }).count()).toBe(8);
  expect(await portalText(page)).not.toMatch(ENGLISH);
  await checkAtBothWidths(page, `portal/${locale}-03-check-answers`);

  // Submit: the confirmation, with the reference and what happens next.
  await page.getByRole("button", { name: t("portal.check.submit"), exact: true }).click();
  await expect.poll(() => heading(page).textContent()).toBe(t("portal.done.submitted"));
  expect(await page.textContent("main")).toContain(t("portal.done.reviewNext", { organisation: ORGANISATION }));
  expect(await page.title()).toBe([t("portal.state.pendingApproval"), TITLE, "Sealpost"].join(" – "));
  expect(await portalText(page)).not.toMatch(ENGLISH);
  await checkAtBothWidths(page, `portal/${locale}-04-confirmation`);
  return { workflowId, link, context, page };
}

it("a German participant reads the invitation and the portal in German; the menu switches the page to Arabic, right to left, and records it", async () => {
  const { workflowId, context, page } = await journey("de", "Erika");
  const de = translatorFor("de");
  const ar = translatorFor("ar");

  // The language menu: the page stays where it is and is now Arabic, mirrored.
  await page.getByLabel(de("common.language.label")).selectOption("ar");
  await page.getByRole("button", { name: de("common.language.submit") }).click();
  await expect.poll(() => heading(page).textContent()).toBe(ar("portal.done.submitted"));
  // The choice is kept: the page, loaded again, is Arabic whatever the link and the browser say.
  await page.reload();
  await expect.poll(() => heading(page).textContent()).toBe(ar("portal.done.submitted"));
  expect(await page.getAttribute("html", "lang")).toBe("ar");
  expect(await page.getAttribute("html", "dir")).toBe("rtl");
  // Mirrored by the logical properties: the header's first item, the service's name, sits at the right.
  const service = await page.getByRole("banner").getByText("Sealpost", { exact: true }).boundingBox();
  expect(service!.x).toBeGreaterThan(512);
  await expectAccessible(page, "confirmation after switching to Arabic", { strict: true });

  // The choice is recorded in the workflow's activity, with the language and the link's actor.
  const activity = async () => (await (await stack.api("submitter", "GET", `/api/workflow/${workflowId}/activity`)).json()).events;
  // So is the declaration Erika made by submitting: the German text she read, by its hash.
  const submitted = (await activity()).find((e: { kind: string }) => e.kind === "workflow.validated");
  expect(submitted.detail.declaration).toEqual({ locale: "de", sha256: DECLARATION_SHA256.de.at(-1) });
  await expect
    .poll(async () =>
      (await activity())
        .filter((e: { kind: string }) => e.kind === "language.chosen")
        .map((e: { detail: { locale: string } }) => e.detail.locale),
    )
    .toEqual(["ar"]);
  await context.close();
});

it("an Arabic participant fills the form right to left, in Arabic", async () => {
  const { context, page } = await journey("ar", "Samir");
  expect(await page.getAttribute("html", "dir")).toBe("rtl");
  await context.close();
});

it("a Japanese participant fills the form in Japanese; without JavaScript the page and its menu are Japanese too", async () => {
  const { context, link } = await journey("ja", "Haruka");
  await context.close();
  const ja = translatorFor("ja");
  const de = translatorFor("de");

  // Without JavaScript the portal cannot run, but its page is laid out in the link's language and its menu still works.
  const plain = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "en-GB", javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(link);
  expect(await noScript.getAttribute("html", "lang")).toBe("ja");
  expect(await noScript.textContent("main")).toContain(ja("portal.loading"));
  await noScript.getByLabel(ja("common.language.label")).selectOption("de");
  await Promise.all([
    noScript.waitForResponse((r) => r.url().includes("/portal/") && r.request().method() === "GET"),
    noScript.getByRole("button", { name: ja("common.language.submit") }).click(),
  ]);
  await noScript.waitForLoadState();
  expect(await noScript.getAttribute("html", "lang")).toBe("de");
  expect(await noScript.textContent("main")).toContain(de("portal.loading"));
  await plain.close();
});

it("without a stored language the page follows the browser, and the mail is in the default", async () => {
  const { mail, link } = await invite(null, "Pat");
  expect(mail.subject).toBe(`${ORGANISATION}: please complete "${TITLE}"`);
  expect(new URL(link).searchParams.has("lang")).toBe(false);
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto(link);
  await expect.poll(() => heading(page).textContent()).toBe("Your trip");
  expect(await page.getAttribute("html", "lang")).toBe("fr");
  expect(await page.textContent("body")).toContain(translatorFor("fr")("common.form.stepCounter", { current: 1, total: 2 }));
  await context.close();
});

it("the pseudo-locale shows every text of the portal from a catalogue, and nothing overflows at 360 px", async () => {
  const { link } = await invite("de", "Xavier");
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: "sealpost-locale", value: "en-XA", url: stack.baseUrl }]);
  const page = await context.newPage();
  await page.goto(link);
  await expect.poll(() => heading(page).textContent()).toBe("Your trip");
  expect(await page.getAttribute("html", "lang")).toBe("en-XA");
  // Every message is between ⟦ and ⟧: what is left outside them is the template's own words, or nothing.
  const outside = async () => (await portalText(page)).replace(/⟦[^⟧]*⟧/g, "").replace(/[\s()·:–0-9]/g, "");
  expect(await outside()).toBe("");
  await checkAtBothWidths(page, "portal/pseudo-01-step");
  await page.getByRole("button", { name: translatorFor("en-XA")("portal.step.continue"), exact: true }).click();
  await expect.poll(() => page.getByRole("alert").count()).toBeGreaterThan(0);
  expect(await outside()).toBe("");
  await checkAtBothWidths(page, "portal/pseudo-02-errors");
  await context.close();
});

it("an approver whose browser is French reviews and asks for a change in French; the participant of the French form is told in French", async () => {
  const fr = translatorFor("fr");
  const email = `claire-${Date.now()}@example.test`;
  const res = await stack.api("submitter", "POST", "/api/workflow", {
    templatePath: "workflow/travel-claim.md",
    correlationId: `travel-fr-review-${Date.now()}`,
    templateSettings: { workflow: { locale: "fr-FR", recipients: [{ email, displayName: "Claire" }], autoValidateOnCreate: true } },
    initialData: {
      travellerName: "Claire Martin",
      departureDate: "2027-03-10",
      destination: "Lyon",
      returnDate: "2027-03-14",
      transport: "train",
      amount: 1250.5,
      receiptsKept: true,
    },
  });
  expect(res.status).toBe(201);
  const { workflowId } = await res.json();

  // The approver's browser asks for French; acme names no language of its own, so the reviewer page follows it.
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}/portal/${workflowId}?pt=${await reviewerToken(workflowId)}`);
  await expect.poll(() => heading(page).textContent()).toBe(fr("portal.review.titleReview"));
  expect(await page.getAttribute("html", "lang")).toBe("fr");
  const answers = page.getByRole("region", { name: fr("portal.review.answersHeading") });
  for (const text of ["Claire Martin", "10 mars 2027", "14 mars 2027", fr("portal.answer.yes")])
    expect(await answers.textContent()).toContain(text);
  expect(await answers.textContent()).not.toContain("1,250.5");
  const rules = page.getByRole("region", { name: fr("portal.review.rulesHeading") });
  expect(await rules.textContent()).toContain(fr("portal.review.passedCount", { passed: 3, total: 3 }));
  expect(await portalText(page)).not.toMatch(
    /\b(Review the answers|Answers|Rule results|Ask for a change|Approve or reject|passed|Changed since)\b/,
  );
  await expectAccessible(page, "reviewer page in French", { strict: true });
  await checkAtBothWidths(page, "portal/fr-05-reviewer");

  // A change to one answer, asked in French.
  await page.getByRole("link", { name: new RegExp(`^${fr("portal.review.askChange")}.*Amount to reimburse`) }).click();
  await expect.poll(() => heading(page).textContent()).toBe(fr("portal.review.titleChanges"));
  await page.getByLabel(fr("portal.changes.which")).selectOption("amount");
  await page.locator("#change-0-message").fill("Le justificatif de l'hôtel indique 95,00 EUR : veuillez déclarer ce montant.");
  await checkAtBothWidths(page, "portal/fr-06-request-changes");
  await page.getByRole("button", { name: fr("portal.changes.send") }).click();
  await expect
    .poll(async () => (await (await stack.api("submitter", "GET", `/api/workflow/${workflowId}/status`)).json()).state)
    .toBe("changes-requested");

  // The participant is told in the workflow's language.
  const subject = fr("mail.changes.subject", { ...senderWords(ORGANISATION), title: TITLE });
  const mail = await stack.smtp.waitFor((m) => m.find((x) => x.to.includes(email) && x.subject === subject), 60_000);
  expect(mail.text).toContain(fr("mail.changes.intro", { title: TITLE }));
  await context.close();
});
