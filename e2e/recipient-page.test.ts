import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closedLinkWords } from "@/lib/format/state-words";
import { translatorFor } from "@/lib/i18n/translator";
import { launchChromium } from "../tests/support/browser";
import { readPdf } from "../tests/support/pdf";
import { eventually, startStack, type Stack } from "../tests/support/stack";
import { checkAtBothWidths, heading } from "./support";

let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The previews of the page, with whether each image has loaded and its source. */
const previews = (page: Page) =>
  page.locator("main img").evaluateAll((imgs) =>
    imgs.map((i) => ({
      alt: i.getAttribute("alt"),
      src: i.getAttribute("src"),
      loaded: (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
    })),
  );

it("a recipient opens the link from the mail in Chromium, sees who sent what, the pages and until when, and downloads it", async () => {
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    dataSource: [{ customerId: "C555", name: "Dana Reader", amount: 42, recipientEmail: "dana@example.test", recipientName: "Dana" }],
    features: { svcDispatch: true },
    templateSettings: { distribution: { requireApproval: false } },
  });
  expect(res.status).toBe(202);
  const batchId = res.headers.get("x-svc-batchid")!;
  const mails = await stack.smtp.waitFor((m) => m.some((x) => x.to.includes("dana@example.test")) && m, 60_000);
  const link = mails.find((x) => x.to.includes("dana@example.test"))!.text.match(/https?:\/\/\S+\/d\/[A-Za-z0-9_-]+/)![0];
  const docs = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}/documents`)).json();
  const correlationId = docs.documents[0].correlationId;
  const sessionsNow = async () =>
    (await (await stack.api("submitter", "GET", `/api/delivery-sessions?correlationId=${correlationId}`)).json()).sessions[0];

  // An English browser (Accept-Language en-GB): the delivery names no language, so the page follows it.
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 800 }, locale: "en-GB" });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && m.text().includes("Content Security Policy")) violations.push(m.text());
  });
  const response = await page.goto(link);
  expect(response!.status()).toBe(200);
  // A strict policy: only scripts carrying this response's nonce run, and the page's own all do.
  const csp = response!.headers()["content-security-policy"];
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
  const scripts = await page.locator("script").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((n) => n === nonce)).toBe(true);

  // The design system's header, who sent what (the organisation and the document's title), to whom, until when.
  expect(await page.getAttribute("html", "lang")).toBe("en-GB");
  expect(await page.getAttribute("html", "dir")).toBe("ltr");
  expect(await page.getByRole("banner").textContent()).toContain("Acme");
  expect(await heading(page).textContent()).toBe("Customer letter");
  const main = (await page.textContent("main"))!;
  expect(main).toContain("Acme sent you this document");
  expect(main).toContain("letter-C555-1.pdf");
  expect(main).toContain("Dana (dana@example.test)");
  const session = await sessionsNow();
  const until = new Date(session.expiresAt).toLocaleString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  });
  expect(main).toContain(`The link works until ${until} UTC`);

  // The pages are images in the page (no plugin, nothing a phone or a headless browser lacks), served under the link.
  expect(await page.locator("object, embed, iframe").count()).toBe(0);
  await expect.poll(() => previews(page)).toEqual([{ alt: "Page 1 of 1", src: `/d/${link.split("/d/")[1]}/pages/1`, loaded: true }]);
  const image = await page.request.get(`${link}/pages/1`);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect(image.headers()["cache-control"]).toBe("private, no-store");
  expect((await image.body()).subarray(1, 4).toString()).toBe("PNG");
  for (const bad of ["2", "0", "01", "abc", "1.5", "999999"])
    expect((await page.request.get(`${link}/pages/${bad}`)).status(), `page ${bad}`).toBe(404);

  await checkAtBothWidths(page, "recipient/01-document");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the PDF" }).click()]);
  expect(download.suggestedFilename()).toBe("letter-C555-1.pdf");
  const bytes = fs.readFileSync((await download.path())!);
  expect((await readPdf(bytes)).correlationId).toBe(correlationId);
  expect(violations).toEqual([]);
  await context.close();

  // Every view, page image and download is recorded against the session, as before.
  const withDownload = await eventually(
    async () => {
      const s = await sessionsNow();
      return s.events.some((e: { kind: string }) => e.kind === "download") && s;
    },
    10_000,
    "the download event",
  );
  const kinds = withDownload.events.map((e: { kind: string }) => e.kind);
  expect(kinds[0]).toBe("access");
  expect(kinds.filter((k: string) => k === "access").length).toBeGreaterThanOrEqual(2);
  expect(withDownload.events.find((e: { kind: string }) => e.kind === "download").userAgent).toContain("Chrome");

  // Once the sender revokes the session, the same link shows a clear page and no document.
  const revoked = await stack.api("submitter", "POST", `/api/delivery-sessions/${withDownload.sessionId}/revoke`);
  expect(revoked.status).toBe(200);
  const again = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: "en-GB" });
  expect((await again.goto(link))!.status()).toBe(200);
  await expect(heading(again).textContent()).resolves.toBe("This link has been withdrawn");
  expect(await again.getByRole("banner").textContent()).toContain("Acme");
  expect(await again.locator("main img, object, embed, iframe, a[download]").count()).toBe(0);
  const closedFile = await again.request.get(`${link}/file`);
  expect(closedFile.status()).toBe(410);
  expect(await closedFile.text()).toBe("This link has been withdrawn");
  expect((await again.request.get(`${link}/pages/1`)).status()).toBe(410);
  // A choice from the language menu (its cookie, read as Next.js parses cookies) is the answer's language too.
  await again.context().addCookies([{ name: "sealpost-locale", value: "de", url: stack.baseUrl }]);
  const germanFile = await again.request.get(`${link}/file`);
  expect(germanFile.headers()["content-language"]).toBe("de");
  expect(await germanFile.text()).toBe(closedLinkWords("revoked", translatorFor("de")));
  await again.context().clearCookies();
  await checkAtBothWidths(again, "recipient/02-withdrawn");
  await again.close();
  const denied = (await sessionsNow()).events.filter((e: { kind: string }) => e.kind === "denied");
  expect(denied.length).toBeGreaterThanOrEqual(3);
});

it("an unknown or malformed link answers 404 with a page of the design system, and no image or file", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: "en-GB" });
  const unknown = `${stack.baseUrl}/d/${"A".repeat(43)}`;
  for (const url of [unknown, `${stack.baseUrl}/d/not-a-token`, `${stack.baseUrl}/d/${"%E2%80%AE".repeat(12)}`]) {
    const res = await page.goto(url);
    expect(res!.status(), url).toBe(404);
    await expect(heading(page).textContent()).resolves.toBe("Link not recognised");
    expect(await page.getByRole("banner").textContent()).toContain("Sealpost");
  }
  await page.goto(unknown);
  await checkAtBothWidths(page, "recipient/03-unknown");
  expect((await page.request.get(`${unknown}/file`)).status()).toBe(404);
  expect((await page.request.get(`${unknown}/pages/1`)).status()).toBe(404);
  await page.close();
});

/** The link of the delivery mail sent to `email` for a fresh one-record batch of the letter template. */
async function deliveredLink(customerId: string, email: string, name: string) {
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    dataSource: [{ customerId, name: `${name} Example`, amount: 42, recipientEmail: email, recipientName: name }],
    features: { svcDispatch: true },
    templateSettings: { distribution: { requireApproval: false } },
  });
  expect(res.status).toBe(202);
  const batchId = res.headers.get("x-svc-batchid")!;
  const mails = await stack.smtp.waitFor((m) => m.some((x) => x.to.includes(email)) && m, 60_000);
  const mail = mails.find((x) => x.to.includes(email))!;
  const link = mail.text.match(/https?:\/\/\S+\/d\/[A-Za-z0-9_-]+/)![0];
  const docs = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}/documents`)).json();
  const session = async () =>
    (await (await stack.api("submitter", "GET", `/api/delivery-sessions?correlationId=${docs.documents[0].correlationId}`)).json())
      .sessions[0];
  return { link, mail, session };
}

/** The moment as the page writes it in `locale`: Intl's long date and time, then the zone. */
const until = (iso: string, locale: string) =>
  `${new Date(iso).toLocaleString(locale, { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`;

it("a German browser reads the page in German; its menu switches it to Arabic, right to left, and the choice is kept and recorded", async () => {
  const { link, mail, session } = await deliveredLink("C556", "erika@example.test", "Erika");
  // The template names no language, so the mail is in the default, and the page follows the browser.
  expect(mail.text.split(/\r?\n/)[0]).toBe("Hello Erika,");
  expect((await session()).locale).toBeNull();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "de-DE" });
  const page = await context.newPage();
  expect((await page.goto(link))!.status()).toBe(200);
  expect(await page.getAttribute("html", "lang")).toBe("de");
  expect(await page.getAttribute("html", "dir")).toBe("ltr");
  expect(await page.title()).toBe("Ihr Dokument – Sealpost");
  expect(await heading(page).textContent()).toBe("Customer letter");
  const main = (await page.textContent("main"))!;
  expect(main).toContain("Von Acme");
  expect(main).toContain("Acme hat Ihnen das Dokument letter-C556-1.pdf gesendet, adressiert an Erika (erika@example.test).");
  expect(main).toContain(`Der Link ist bis zum ${until((await session()).expiresAt, "de")} gültig.`);
  expect(main).toContain("Das Dokument");
  expect(main).not.toMatch(/Download|The link|sent you/);
  await expect.poll(() => previews(page)).toEqual([expect.objectContaining({ alt: "Seite 1 von 1", loaded: true })]);
  expect(await page.getByRole("contentinfo").textContent()).toContain("im Auftrag von Acme");
  await expect(page.getByRole("link", { name: "PDF herunterladen" }).count()).resolves.toBe(1);
  // Each language of the menu is named in itself and marked as that language.
  const options = await page
    .locator("select[name=locale] option")
    .evaluateAll((os) => os.map((o) => [o.getAttribute("lang"), o.textContent]));
  expect(options).toHaveLength(25);
  expect(options).toContainEqual(["ar", "العربية"]);
  expect(options).toContainEqual(["ja", "日本語"]);
  await checkAtBothWidths(page, "recipient/04-german");

  await page.getByLabel("Sprache").selectOption("ar");
  await page.getByRole("button", { name: "Sprache wechseln" }).click();
  await expect.poll(() => page.textContent("main")).toContain("أُرسل إليكم هذا المستند");
  await page.reload();
  expect(await page.getAttribute("html", "lang")).toBe("ar");
  expect(await page.getAttribute("html", "dir")).toBe("rtl");
  expect(await page.textContent("main")).toContain("أُرسل إليكم هذا المستند");
  await expect(page.getByRole("link", { name: "تنزيل ملف PDF" }).count()).resolves.toBe(1);
  expect(await page.getByLabel("اللغة").inputValue()).toBe("ar");
  // Mirrored by the logical properties: the header's first item, the service's name, sits at the right.
  const service = await page.getByRole("banner").getByText("Sealpost", { exact: true }).boundingBox();
  expect(service!.x).toBeGreaterThan(640);
  await checkAtBothWidths(page, "recipient/05-arabic");

  // The choice is the person's: another link's page, an unknown one here, opens in it too.
  expect((await page.goto(`${stack.baseUrl}/d/${"B".repeat(43)}`))!.status()).toBe(404);
  expect(await page.getAttribute("html", "dir")).toBe("rtl");
  await expect(heading(page).textContent()).resolves.toBe("الرابط غير معروف");
  await context.close();

  // Without JavaScript the menu is a plain form: it posts, and the page comes back in the chosen language.
  const plain = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "de-DE", javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(link);
  await noScript.getByLabel("Sprache").selectOption("ja");
  const [back] = await Promise.all([
    noScript.waitForResponse((r) => r.url() === link && r.request().method() === "GET"),
    noScript.getByRole("button", { name: "Sprache wechseln" }).click(),
  ]);
  expect(back.status()).toBe(200);
  await noScript.waitForLoadState();
  expect(await noScript.getAttribute("html", "lang")).toBe("ja");
  expect(await noScript.textContent("main")).toContain("から文書「letter-C556-1.pdf」が届いています");
  await plain.close();

  // Both choices are in the delivery's activity, with the language chosen.
  const chosen = await eventually(
    async () => {
      const events = (await session()).events.filter((e: { kind: string }) => e.kind === "language");
      return events.length >= 2 && events.map((e: { locale: string }) => e.locale);
    },
    10_000,
    "the language events",
  );
  expect(chosen).toEqual(["ar", "ja"]);
});

it("the pseudo-locale shows every text from a catalogue, accented and longer, and nothing overflows at 360 px", async () => {
  const { link } = await deliveredLink("C557", "xavier@example.test", "Xavier");
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: "sealpost-locale", value: "en-XA", url: stack.baseUrl }]);
  const page = await context.newPage();
  await page.goto(link);
  expect(await page.getAttribute("html", "lang")).toBe("en-XA");
  // Every message is between ⟦ and ⟧: what is left outside them is what the page inserts (the record's title) or nothing.
  const outside = async (selector: string) =>
    (await page.locator(selector).first().innerText())
      .replace(/⟦[^⟧]*⟧/g, "")
      .replace(/Customer letter/g, "")
      .trim();
  expect(await outside("main")).toBe("");
  expect(await outside("footer")).toBe("");
  expect(await outside("header label")).toBe("");
  await checkAtBothWidths(page, "recipient/06-pseudo");
  await context.close();
});

it("a record's recipientLocale names each address's language: their mails, sessions and pages are in it, an empty entry in the document's", async () => {
  const [de, ja, en] = ["greta@example.test", "kenji@example.test", "ellen@example.test"];
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: "letter.md",
    dataSource: [
      {
        customerId: "C558",
        name: "Greta Example",
        amount: 42,
        recipientEmail: `${de};${ja};${en}`,
        recipientName: "Greta;Kenji;Ellen",
        recipientLocale: "de-AT;ja;",
      },
    ],
    features: { svcDispatch: true },
    templateSettings: { distribution: { requireApproval: false } },
  });
  expect(res.status).toBe(202);
  const mails = await stack.smtp.waitFor((m) => [de, ja, en].every((a) => m.some((x) => x.to.includes(a))) && m, 60_000);
  const mailTo = (address: string) => mails.find((x) => x.to.includes(address))!;
  const title = /^Your document: (.+)$/.exec(mailTo(en).subject)![1];
  expect(mailTo(de).subject).toBe(translatorFor("de")("mail.delivery.subject", { title }));
  expect(mailTo(ja).subject).toBe(translatorFor("ja")("mail.delivery.subject", { title }));
  expect(mailTo(de).text.split(/\r?\n/)[0]).toBe(translatorFor("de")("mail.greeting.named", { name: "Greta" }));

  const docs = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${res.headers.get("x-svc-batchid")}/documents`)).json();
  const { sessions } = await (
    await stack.api("submitter", "GET", `/api/delivery-sessions?correlationId=${docs.documents[0].correlationId}`)
  ).json();
  expect(Object.fromEntries(sessions.map((s: { recipientEmail: string; locale: string | null }) => [s.recipientEmail, s.locale]))).toEqual({
    [de]: "de",
    [ja]: "ja",
    [en]: null,
  });

  // Kenji's link opens in Japanese, although his browser asks for English.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: "en-GB" });
  await page.goto(mailTo(ja).text.match(/https?:\/\/\S+\/d\/[A-Za-z0-9_-]+/)![0]);
  expect(await page.getAttribute("html", "lang")).toBe("ja");
  await page.close();
});
