import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dayOf } from "@/lib/date-parts";
import { momentText } from "@/lib/format/moment-text";
import { senderWords } from "@/lib/i18n/sender";
import { translatorFor } from "@/lib/i18n/translator";
import { CONSENT_SHA256, CURRENT_CONSENT } from "@/lib/signing/ceremony/consent";
import { launchChromium } from "../tests/support/browser";
import {
  esignFixtures,
  invitation as invitationTo,
  linkIn,
  namedSigner as person,
  sealedForSigning as sealedFor,
  signWith,
  typedSignature,
  workflowStatus,
  type EsignFixtures,
} from "../tests/support/esign-flow";
import { eventually, type Stack } from "../tests/support/stack";
import { startWorkflowStack } from "../tests/support/workflow";
import { checkAtBothWidths, documentDrawn, heading, readsLeftToRight } from "./support";

/**
 * The signing ceremony in the signer's language, against the built server, real PostgreSQL and SMTP
 * (as e2e/sign.test.ts): German for a signer the request names so, whatever the browser; Arabic right
 * to left; Japanese from the browser, switched with the language menu to Hebrew and back, each choice
 * recorded; the pseudo-locale at 360 px; French for a signer nobody names a language for, from the
 * tenant's default, over a Japanese browser. Each page shown in a new language is checked with axe-core
 * at 360 and 1280 px and photographed into e2e/artifacts/sign/.
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
const ORG = "Acme Ltd";
const named = { named: "yes", organisation: ORG };
/** The newest mail to `email` that carries a signing link (its subject is in the signer's language). */
const invitation = (email: string) => invitationTo(stack, email);

async function open(link: string, browserLocale: string, cookie?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: browserLocale });
  if (cookie) await context.addCookies([{ name: "sealpost-locale", value: cookie, url: stack.baseUrl }]);
  const page = await context.newPage();
  expect((await page.goto(link))!.status()).toBe(200);
  await expect.poll(() => heading(page).textContent()).toBe(TITLE);
  await documentDrawn(page);
  return { context, page };
}

/** The page's text outside the document pdf.js drew (whose words are the PDF's, in its own language). */
const pageText = (page: Page, selector = "main") =>
  page.locator(selector).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll("[data-page]").forEach((p) => p.remove());
    return copy.innerText;
  });

const activity = async (id: string, kind: string) =>
  (
    (await (await stack.api("submitter", "GET", `/api/workflow/${id}/activity`)).json()).events as Array<{
      kind: string;
      detail: Record<string, unknown>;
    }>
  )
    .filter((e) => e.kind === kind)
    .map((e) => e.detail);

it("a signer the request names as German reads the invitation and the page in German, whatever the browser, and the consent read is recorded as German", async () => {
  const t = translatorFor("de");
  const dora = person("Dora Deutsch", { locale: "de-DE" });
  const id = await sealedFor(stack, [dora], "parallel");

  const mail = await invitation(dora.email);
  expect(mail.subject).toBe(`${ORG}: Bitte unterzeichnen Sie „${TITLE}“`);
  expect(mail.text.split(/\r?\n/)[0]).toBe("Guten Tag Dora Deutsch,");
  expect(mail.text).toContain(`${ORG} bittet Sie, „${TITLE}“ zu unterzeichnen.`);

  // An English browser: the signer's language wins over Accept-Language.
  const { context, page } = await open(linkIn(mail.text), "en-GB");
  expect(await page.getAttribute("html", "lang")).toBe("de");
  expect(await page.getAttribute("html", "dir")).toBe("ltr");
  await expect.poll(() => page.title()).toBe(`Dokument unterzeichnen – ${TITLE} – Sealpost`);
  const main = await pageText(page);
  expect(main).toContain(t("sign.form.caption", named));
  expect(main).toContain("Sie unterzeichnen als Dora Deutsch.");
  expect(main).toContain("Einwilligung in die elektronische Unterzeichnung");
  expect(main).toContain("Wählen Sie „Unterzeichnung ablehnen“");
  // The consent's version is a date in German words ("Fassung vom 1. Dezember 2026"), not its code.
  expect(main).toContain(t("sign.form.consentVersion", { version: dayOf(CURRENT_CONSENT)! }));
  expect(main).not.toContain(CURRENT_CONSENT);
  expect(main).not.toMatch(/\b(Sign the|Decline|Read the|Your signature|Download)\b/);
  expect(await page.getByRole("region", { name: /^Seite 1 von \d+$/ }).count()).toBe(1);
  expect(await page.getByLabel("Sprache").inputValue()).toBe("de");
  await checkAtBothWidths(page, "sign/de-01-document");

  await page.getByRole("button", { name: "Dokument unterzeichnen" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Es ist ein Problem aufgetreten" });
  await expect
    .poll(() => summary.getByRole("link").allTextContents())
    .toEqual(["Bestätigen Sie, dass Sie mit der elektronischen Unterzeichnung einverstanden sind"]);
  await checkAtBothWidths(page, "sign/de-02-errors");

  await page.getByLabel("Ich habe dies gelesen und bin mit der elektronischen Unterzeichnung einverstanden").check();
  await page.getByRole("button", { name: "Dokument unterzeichnen" }).click();
  await expect.poll(() => page.getByRole("heading", { name: "Sie haben das Dokument unterzeichnet" }).count(), { timeout: 60_000 }).toBe(1);
  await expect.poll(() => page.textContent("main"), { timeout: 60_000 }).toContain(t("sign.after.complete"));
  await checkAtBothWidths(page, "sign/de-03-signed");
  await context.close();

  // The German text's hash was sent back: the activity, the signature's reason and the signed document's mail say German.
  await eventually(async () => (await workflowStatus(stack, id)).state === "complete", 60_000, "complete");
  const deHash = CONSENT_SHA256[CURRENT_CONSENT].de;
  expect(await activity(id, "signer.sign-requested")).toEqual([
    expect.objectContaining({ consentVersion: CURRENT_CONSENT, consentLocale: "de", consentSha256: deHash }),
  ]);
  const report = await (await stack.api("submitter", "GET", `/api/workflow/${id}/signatures`)).json();
  expect(report.signatures[0].reason).toContain(`consent ${CURRENT_CONSENT} read in de, SHA-256 ${deHash}`);
  const signed = await stack.smtp.waitFor(
    (ms) => ms.find((m) => m.to.includes(dora.email) && m.subject === `Ihr Dokument: ${TITLE}`),
    30_000,
  );
  expect(signed.text.split(/\r?\n/)[0]).toBe("Guten Tag Dora Deutsch,");
});

it("an Arabic signer gets the page right to left; a signer with a Japanese browser gets Japanese, switches to Hebrew and back, and each choice is recorded", async () => {
  const ar = translatorFor("ar");
  const amal = person("Amal Haddad", { locale: "ar", role: "Director (interim)" });
  const kenji = person("Kenji Sato");
  const id = await sealedFor(stack, [amal, kenji], "parallel");

  // Arabic: the mail, then the page mirrored.
  const arMail = await invitation(amal.email);
  expect(arMail.subject).toBe(`${ORG}: يُرجى توقيع «${TITLE}»`);
  expect(arMail.text.split(/\r?\n/)[0]).toBe("مرحبًا Amal Haddad،");
  const arPage = await open(linkIn(arMail.text), "en-GB");
  const page = arPage.page;
  expect(await page.getAttribute("html", "lang")).toBe("ar");
  expect(await page.getAttribute("html", "dir")).toBe("rtl");
  const main = await pageText(page);
  expect(main).toContain(ar("sign.form.caption", named));
  expect(main).toContain("الموافقة على التوقيع الإلكتروني");
  expect(main).toContain(ar("sign.form.consentVersion", { version: dayOf(CURRENT_CONSENT)! }));
  expect(main).not.toMatch(/\b(Sign|Decline|Read|Your|Download|Version)\b/);
  // The sender's words keep their own order in the mirrored page: the role ends with its bracket, the title is isolated.
  expect(await readsLeftToRight(page.locator("main"), "Director (interim)")).toBe(true);
  expect(await heading(page).locator("bdi").textContent()).toBe(TITLE);
  // Mirrored by the logical properties: the service's name, the header's first item, sits at the right.
  const service = await page.getByRole("banner").getByText("Sealpost", { exact: true }).boundingBox();
  expect(service!.x).toBeGreaterThan(640);
  await checkAtBothWidths(page, "sign/ar-01-document");
  await page.getByLabel("قرأت هذا النص وأوافق على التوقيع إلكترونيًا").check();
  await page.getByRole("button", { name: "توقيع المستند" }).click();
  await expect.poll(() => page.getByRole("heading", { name: "لقد وقّعتم المستند" }).count(), { timeout: 60_000 }).toBe(1);
  await expect.poll(() => page.textContent("main"), { timeout: 60_000 }).toContain(ar("sign.after.progress", { signed: 1, total: 2 }));
  await checkAtBothWidths(page, "sign/ar-02-signed");
  await arPage.context.close();

  // Japanese from the browser: neither the signer nor the workflow names a language; the mail is in English.
  const jaMail = await invitation(kenji.email);
  expect(jaMail.subject).toBe(`${ORG}: please sign "${TITLE}"`);
  const link = linkIn(jaMail.text);
  const ja = await open(link, "ja-JP");
  const jaPage = ja.page;
  expect(await jaPage.getAttribute("html", "lang")).toBe("ja");
  expect(await pageText(jaPage)).toContain("電子署名への同意");
  expect(await pageText(jaPage)).toContain(`送信元（${ORG}）から署名の依頼`);
  await checkAtBothWidths(jaPage, "sign/ja-01-document");

  // The menu switches the page to Hebrew (right to left, its consent in Hebrew), then back to Japanese.
  await jaPage.getByLabel("言語").selectOption("he");
  await jaPage.getByRole("button", { name: translatorFor("ja")("common.language.submit") }).click();
  await expect.poll(() => jaPage.getAttribute("html", "lang")).toBe("he");
  await expect.poll(() => heading(jaPage).textContent()).toBe(TITLE);
  await documentDrawn(jaPage);
  expect(await jaPage.getAttribute("html", "dir")).toBe("rtl");
  expect(await pageText(jaPage)).toContain("הסכמה לחתימה אלקטרונית");
  await checkAtBothWidths(jaPage, "sign/he-01-document");
  const he = translatorFor("he");
  await jaPage.getByLabel(he("common.language.label")).selectOption("ja");
  await jaPage.getByRole("button", { name: he("common.language.submit") }).click();
  await expect.poll(() => jaPage.getAttribute("html", "lang")).toBe("ja");
  await expect.poll(() => heading(jaPage).textContent()).toBe(TITLE);

  // Declining in Japanese: the confirmation page, the required reason, the outcome.
  await jaPage.getByRole("button", { name: "署名を辞退する" }).click();
  await expect.poll(() => heading(jaPage).textContent()).toBe("署名を辞退してもよろしいですか？");
  await jaPage.getByRole("button", { name: "署名を辞退する" }).click();
  await expect
    .poll(() => jaPage.getByRole("alert").filter({ hasText: "入力内容に問題があります" }).getByRole("link").allTextContents())
    .toEqual(["署名を辞退する理由を入力してください"]);
  await checkAtBothWidths(jaPage, "sign/ja-02-decline");
  await jaPage.getByLabel("署名を辞退する理由をご記入ください").fill("金額が違います");
  await jaPage.getByRole("button", { name: "署名を辞退する" }).click();
  await expect.poll(() => heading(jaPage).textContent()).toBe("署名を辞退しました");
  await checkAtBothWidths(jaPage, "sign/ja-03-declined");
  await ja.context.close();

  // Both choices are in the workflow's activity, with the signer's position.
  const chosen = await eventually(
    async () => {
      const events = await activity(id, "signer.language-chosen");
      return events.length >= 2 && events.map((e) => [e.signer, e.locale]);
    },
    10_000,
    "the language events",
  );
  expect(chosen).toEqual([
    [1, "he"],
    [1, "ja"],
  ]);
  expect((await workflowStatus(stack, id)).state).toBe("rejected");
});

it("the pseudo-locale shows every text of the signing page from a catalogue, and nothing overflows at 360 px", async () => {
  const xavier = person("Xavier Pseudo", { locale: "fr" });
  await sealedFor(stack, [xavier], "parallel");
  const mail = await invitation(xavier.email);
  // The cookie wins over the signer's language.
  const { context, page } = await open(linkIn(mail.text), "en-GB", "en-XA");
  expect(await page.getAttribute("html", "lang")).toBe("en-XA");
  // Every message is between ⟦ and ⟧: what is left outside them is what the page inserts (title, names, the organisation) or nothing.
  const outside = async (selector: string) =>
    (await pageText(page, selector))
      .replace(/⟦[^⟧]*⟧/g, "")
      .replace(new RegExp(`${TITLE}|${xavier.name}|${ORG}|Sealpost`, "g"), "")
      .replace(/\s+/g, "");
  expect(await outside("main")).toBe("");
  expect(await outside("footer")).toBe("");
  expect(await outside("header label")).toBe("");
  await checkAtBothWidths(page, "sign/pseudo-01-document");
  await context.close();
});

/** Sets or (with "") removes acme's default locale as an operator does; PGlite admits one process, so there the server waits. */
async function setAcmeLocale(tag: string): Promise<void> {
  if (stack.kind === "pglite") await stack.stopServer();
  await stack.admin("tenant", "update", "--id", "acme", "--default-locale", tag);
  if (stack.kind === "pglite") await stack.startServer();
}

it("a signer whom neither they nor the workflow name a language for reads the tenant's default: the invitation, the page whatever the browser asks unless they choose another, the signed document's mail", async () => {
  const fr = translatorFor("fr");
  await setAcmeLocale("fr-FR");
  try {
    const claire = person("Claire Martin");
    const id = await sealedFor(stack, [claire], "parallel");

    const mail = await invitation(claire.email);
    expect(mail.subject).toBe(fr("mail.signInvite.subject", { ...senderWords(ORG), title: TITLE }));
    expect(mail.text.split(/\r?\n/)[0]).toBe(fr("mail.greeting.named", { name: claire.name }));

    // A Japanese browser: the tenant's default comes before Accept-Language.
    const { context, page } = await open(linkIn(mail.text), "ja-JP");
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    expect(await pageText(page)).toContain(fr("sign.form.caption", named));
    expect(await page.getByLabel(fr("common.language.label")).inputValue()).toBe("fr");
    await context.close();

    // The person's own choice from the menu (the cookie) still wins over the tenant's default.
    const chosen = await open(linkIn(mail.text), "ja-JP", "de");
    expect(await chosen.page.getAttribute("html", "lang")).toBe("de");
    await chosen.context.close();

    // The consent the bootstrap gives without ?locale= is French, and so, once signed, is the signed document's mail.
    const token = linkIn(mail.text).split("/sign/")[1];
    const boot = await (await stack.api(null, "GET", `/api/sign/${token}`)).json();
    expect(boot.consent.locale).toBe("fr");
    const body = { ...typedSignature(claire.name), consent: { version: boot.consent.version, sha256: boot.consent.sha256 } };
    expect((await signWith(stack, token, body)).status).toBe(202);
    await eventually(async () => (await workflowStatus(stack, id)).state === "complete", 60_000, "complete");
    const signed = await stack.smtp.waitFor(
      (ms) => ms.find((m) => m.to.includes(claire.email) && m.subject === fr("mail.delivery.subject", { title: TITLE })),
      30_000,
    );
    expect(signed.text.split(/\r?\n/)[0]).toBe(fr("mail.greeting.named", { name: claire.name }));
  } finally {
    await setAcmeLocale("");
  }
});

it("writes the mails' moments as every other place does in that language (momentText), the zone named", () => {
  const d = new Date("2026-12-01T18:25:00Z");
  expect(translatorFor("de")("mail.signInvite.personal", { until: d })).toContain(momentText(d, "de"));
  expect(translatorFor("ar")("mail.signReminder.waiting", { ...senderWords(ORG), title: TITLE, until: d })).toContain(momentText(d, "ar"));
});
