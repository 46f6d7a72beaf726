import { and, asc, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { dayOf } from "@/lib/date-parts";
import { localizedPage } from "@/lib/http/localized-pages";
import { getDb } from "@/lib/db/client";
import { deliverySessions, mailOutbox, workflowEvents, type Workflow, type WorkflowSigner } from "@/lib/db/schema";
import { momentText } from "@/lib/format/moment-text";
import { LOCALES, PSEUDO_LOCALE } from "@/lib/i18n/locales";
import { requestLocale } from "@/lib/i18n/request-locale";
import { formatterFor, translatorFor } from "@/lib/i18n/translator";
import { acceptedConsent, consent, CONSENT_SHA256, CURRENT_CONSENT, type ConsentVersion } from "@/lib/signing/ceremony/consent";
import { signToken } from "@/lib/signing/ceremony/sign-link";
import { recordSignerLanguage, signingPageLocale } from "@/lib/signing/ceremony/signing-page-language";
import { signingReason } from "@/lib/signing/revisions/apply-signature";
import { deliverToSigners } from "@/lib/signing/revisions/deliver-to-signers";
import { inviteSigners, signerMail } from "@/lib/signing/signers/invite-signers";
import { signerLocale, signerMailLocale } from "@/lib/signing/signers/signer-locale";
import { tellSignersSigningEnded } from "@/lib/signing/signers/signing-ended";
import { listSigners } from "@/lib/signing/signers/signers";
import { updateTenant } from "@/lib/tenants";
import { invitedToSign } from "../support/esign-rows";
import { useWorkflowDatabase } from "../support/workflow-db";

/** The English consent's SHA-256 before it was translated: signatures made then carry it, so it never changes. */
const ENGLISH_2026_12_01 = "fd3803df6a3b64b0038e8d3716d9a64de8b161bead202188d75750d3edef4dbc";

describe("the consent in every language", () => {
  const tags = LOCALES.map((l) => l.tag);

  it("keeps the English text and its hash as signers read them before it was translated", () => {
    const english = consent(CURRENT_CONSENT, "en-GB");
    expect(english.sha256).toBe(ENGLISH_2026_12_01);
    expect(consent().sha256).toBe(ENGLISH_2026_12_01);
    expect(english.text.split("\n")[0]).toBe("Consent to sign electronically");
    // A signature made before the consent had a language still checks: same version, same hash, read in English.
    expect(acceptedConsent({ version: "2026-12-01", sha256: ENGLISH_2026_12_01.toUpperCase() })?.locale).toBe("en-GB");
  });

  it("gives each version, in each language, the SHA-256 written down for it, and a different one per language", () => {
    for (const version of Object.keys(CONSENT_SHA256) as ConsentVersion[]) {
      const hashes = tags.map((tag) => consent(version, tag).sha256);
      expect(hashes, version).toEqual(tags.map((tag) => CONSENT_SHA256[version][tag]));
      expect(new Set(hashes).size, version).toBe(tags.length);
    }
  });

  it("is a whole text in each language: a title, an empty line, the four paragraphs, no English left outside English", () => {
    for (const tag of tags) {
      const lines = consent(CURRENT_CONSENT, tag).text.split("\n");
      expect(lines, tag).toHaveLength(6);
      expect(lines[1], tag).toBe("");
      expect(
        lines.every((l, i) => i === 1 || l.trim().length > 3),
        tag,
      ).toBe(true);
      if (!tag.startsWith("en")) expect(` ${lines.join(" ")} `, tag).not.toMatch(/ (the|you|your) /i);
    }
  });

  it("names the language a returned hash was read in, and refuses another version or an unknown hash", () => {
    for (const tag of tags) {
      const c = consent(CURRENT_CONSENT, tag);
      expect(acceptedConsent({ version: c.version, sha256: c.sha256 })).toEqual(c);
    }
    const de = consent(CURRENT_CONSENT, "de");
    expect(acceptedConsent({ version: "2025-01-01", sha256: de.sha256 })).toBeNull();
    expect(acceptedConsent({ version: CURRENT_CONSENT, sha256: "0".repeat(64) })).toBeNull();
  });

  it("falls back to English for a language without a catalogue, and makes the pseudo-locale's from English", () => {
    expect(consent(CURRENT_CONSENT, "xx").locale).toBe("en-GB");
    const pseudo = consent(CURRENT_CONSENT, PSEUDO_LOCALE);
    expect(pseudo.locale).toBe(PSEUDO_LOCALE);
    expect(pseudo.text).not.toMatch(/[A-Za-z]{4}/);
    expect(acceptedConsent({ version: CURRENT_CONSENT, sha256: pseudo.sha256 })?.locale).toBe(PSEUDO_LOCALE);
  });

  it("is named by a calendar day, which the signing page writes as a date of its language, never as the version's code", () => {
    for (const version of Object.keys(CONSENT_SHA256) as ConsentVersion[])
      expect(dayOf(version)?.toISOString().slice(0, 10), version).toBe(version);
    const day = dayOf(CURRENT_CONSENT)!;
    for (const tag of [...tags, PSEUDO_LOCALE] as const) {
      const line = translatorFor(tag)("sign.form.consentVersion", { version: day });
      expect(line, tag).toContain(formatterFor(tag).dateTime(day, "day"));
      expect(line, tag).not.toContain(CURRENT_CONSENT);
    }
    expect(translatorFor("de")("sign.form.consentVersion", { version: day })).toBe("Fassung vom 1. Dezember 2026");
    expect(translatorFor("en-GB")("sign.form.consentVersion", { version: day })).toBe("Version of 1 December 2026");
    expect(translatorFor("ja")("sign.form.consentVersion", { version: day })).toBe("2026年12月1日版");
  });

  it("goes into the signature's reason with the language read and its hash", () => {
    const de = consent(CURRENT_CONSENT, "de");
    expect(signingReason({ role: "Director", consentVersion: de.version, consentLocale: "de", consentSha256: de.sha256 })).toBe(
      `Signed as Director; consent 2026-12-01 read in de, SHA-256 ${de.sha256}`,
    );
    // Confirmed before the consent was translated: the language was English.
    expect(signingReason({ role: null, consentVersion: "2026-12-01", consentLocale: null, consentSha256: ENGLISH_2026_12_01 })).toBe(
      `Signed; consent 2026-12-01 read in en-GB, SHA-256 ${ENGLISH_2026_12_01}`,
    );
  });
});

describe("a signer's language", () => {
  const wf = (locale?: string) => ({ settings: { recipients: [], requireOtp: false, options: {}, locale } });

  it("is the signer's own, else the workflow's where a catalogue writes it (de-DE is de), else the tenant's default, else none and mails in en-GB", () => {
    expect(signerLocale(wf("fr-FR"), { locale: "ar" }, "it")).toBe("ar");
    expect(signerLocale(wf("de-DE"), { locale: null }, "it")).toBe("de");
    expect(signerLocale(wf("pt-BR"), { locale: null }, null)).toBe("pt-BR");
    expect(signerLocale(wf("hi-IN"), { locale: null }, null)).toBeNull();
    expect(signerLocale(wf("hi-IN"), { locale: null }, "it")).toBe("it");
    expect(signerLocale(wf(), { locale: null }, null)).toBeNull();
    expect(signerLocale(wf(), { locale: null }, "pl")).toBe("pl");
    expect(signerMailLocale(wf(), { locale: null }, null)).toBe("en-GB");
    expect(signerMailLocale(wf(), { locale: null }, "sv")).toBe("sv");
    expect(signerMailLocale(wf("hi-IN"), { locale: "ja" }, "sv")).toBe("ja");
  });

  it("decides the signing page: the person's cookie, else the signer's, else the browser's, else en-GB", () => {
    const request = (h: Record<string, string>) => new NextRequest("https://sealpost.example/sign/x", { headers: h });
    expect(requestLocale(request({ cookie: "sealpost-locale=ja", "accept-language": "fr" }), "de")).toBe("ja");
    expect(requestLocale(request({ "accept-language": "fr" }), "de")).toBe("de");
    expect(requestLocale(request({ "accept-language": "fr-CA, en;q=0.5" }), null)).toBe("fr");
    expect(requestLocale(request({}), null)).toBe("en-GB");
  });

  it("is looked up for the signing page's path, as the recipient's page is", () => {
    const token = `${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}.${"a".repeat(43)}`;
    expect(localizedPage(`/sign/${token}`)).toEqual({ kind: "signer", token });
    expect(localizedPage(`/d/${"A".repeat(43)}`)).toEqual({ kind: "delivery", token: "A".repeat(43) });
    expect(localizedPage(`/sign/${token}/x`)).toBeNull();
    expect(localizedPage("/api/v1/workflows")).toBeNull();
  });
});

describe("the mails to signers, in each signer's language", () => {
  useWorkflowDatabase("pglite");

  const T0 = new Date("2026-12-07T09:00:00.000Z");

  /** A workflow of Acme GmbH being signed (its locale `de-DE`) by Erika (no language of her own) and Amal (ar), in order. */
  const invited = async (): Promise<Workflow> =>
    (
      await invitedToSign(
        [
          { name: "Erika Muster", order: 1, role: "Mieterin", requireOtp: true },
          { name: "أمل", mailbox: "amal", order: 2, locale: "ar" },
        ],
        {
          writtenAt: T0,
          row: { title: "Mietvertrag" },
          settings: {
            organizationName: "Acme GmbH",
            locale: "de-DE",
            esign: { enabled: true, signingMode: "sequential", signers: null },
          },
        },
      )
    ).wf;

  const mailsTo = async (prefix: string) =>
    (await (await getDb()).select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt))).filter((m) => m.to.startsWith(prefix));

  it("invites, reminds and tells of the end in German for the workflow's language, and in Arabic for a signer who asked for it", async () => {
    const wf = await invited();
    const [erika, amal] = await listSigners(wf.tenantId, wf.id);
    const until = erika.tokenExpiresAt!;

    const [de] = await mailsTo("erika-");
    expect(de.subject).toBe("Acme GmbH: Bitte unterzeichnen Sie „Mietvertrag“");
    const deLines = de.text.split("\n");
    expect(deLines[0]).toBe("Guten Tag Erika Muster,");
    expect(deLines[2]).toBe("Acme GmbH bittet Sie, „Mietvertrag“ als Mieterin zu unterzeichnen.");
    expect(deLines[3]).toBe("Sie sind unterzeichnende Person 1 von 2; es wird nacheinander in der festgelegten Reihenfolge unterzeichnet.");
    expect(de.text).toContain(`Er ist bis zum ${momentText(until, "de")} gültig und nur einmal verwendbar`);
    expect(de.text).toContain("Zum Öffnen benötigen Sie außerdem einen Einmalcode");
    expect(de.text).toContain(`Referenz: ${wf.correlationId}`);
    expect(de.text).toMatch(/\[\[sign-link:[0-9a-f-]{36}:[\w-]+\]\]/);
    expect(de.text).not.toMatch(/\b(please|link is|Reference)\b/);

    const [ar] = await mailsTo("amal-");
    expect(ar.subject).toBe("Acme GmbH: يُرجى توقيع «Mietvertrag»");
    const arLines = ar.text.split("\n");
    expect(arLines[0]).toBe("مرحبًا أمل،");
    expect(arLines[2]).toBe("يُطلب منكم توقيع «Mietvertrag» من المُرسِل (Acme GmbH).");
    const n = (x: number) => new Intl.NumberFormat("ar").format(x);
    expect(arLines[3]).toBe(`أنتم الموقِّع رقم ${n(2)} من أصل ${n(2)}؛ ويوقّع الموقِّعون بالتتابع وفق الترتيب المحدّد.`);
    expect(ar.text).toContain(momentText(amal.tokenExpiresAt!, "ar"));
    expect(ar.text).toContain(`المرجع: ${wf.correlationId}`);
    expect(ar.text.replace(/\[\[sign-link:[^\]]+\]\]/, "")).not.toMatch(/\b(please|sign|Reference|Hello)\b/i);

    const reminder = signerMail(wf, erika, erika.tokenNonce!, until, { total: 2, tenantLocale: null, reminder: true });
    expect(reminder.subject).toBe(`Erinnerung: Acme GmbH bittet Sie, „Mietvertrag“ bis zum ${momentText(until, "de")} zu unterzeichnen`);
    expect(reminder.text.split("\n")[2]).toBe(
      `Acme GmbH wartet noch auf Ihre Unterschrift als Mieterin unter „Mietvertrag“. Ihr Link verliert am ${momentText(until, "de")} seine Gültigkeit.`,
    );
    const arReminder = signerMail(wf, amal, amal.tokenNonce!, until, { total: 2, tenantLocale: "fr", reminder: true });
    expect(arReminder.subject).toBe(`تذكير: يُطلب منكم توقيع «Mietvertrag» من المُرسِل (Acme GmbH) قبل ${momentText(until, "ar")}`);

    // A workflow that names no organisation: whole sentences without one, never a stand-in name.
    const anonymous = { ...wf, settings: { ...wf.settings, organizationName: undefined } };
    const deAnonymous = signerMail(anonymous, erika, erika.tokenNonce!, until, { total: 2, tenantLocale: null });
    expect(deAnonymous.subject).toBe("Bitte unterzeichnen Sie „Mietvertrag“");
    expect(deAnonymous.text.split("\n")[2]).toBe("Sie werden gebeten, „Mietvertrag“ als Mieterin zu unterzeichnen.");
    const arAnonymous = signerMail(anonymous, amal, amal.tokenNonce!, until, { total: 2, tenantLocale: null, reminder: true });
    expect(arAnonymous.subject).toBe(`تذكير: يُطلب منكم توقيع «Mietvertrag» قبل ${momentText(until, "ar")}`);
    for (const m of [deAnonymous, arAnonymous]) expect(`${m.subject}\n${m.text}`).not.toMatch(/Sealpost|\(\)/);

    const db = await getDb();
    await db.transaction((tx) => tellSignersSigningEnded(tx, wf, { by: "initiator" }));
    const ended = async (prefix: string) => (await mailsTo(prefix)).find((m) => m.dedupeKey.startsWith("sign-ended:"))!;
    const deEnded = await ended("erika-");
    expect(deEnded.subject).toBe("Acme GmbH: „Mietvertrag“ benötigt Ihre Unterschrift nicht mehr");
    expect(deEnded.text.split("\n").slice(2)).toEqual([
      "Acme GmbH hat die Bitte, „Mietvertrag“ zu unterzeichnen, zurückgezogen.",
      "Der Link, den wir Ihnen gesendet haben, öffnet das Dokument nicht mehr, und Sie müssen nichts weiter tun.",
      `Referenz: ${wf.correlationId}`,
    ]);
    const arEnded = await ended("amal-");
    expect(arEnded.subject).toBe("Acme GmbH: لم يعد «Mietvertrag» بحاجة إلى توقيعكم");
    expect(arEnded.text.split("\n").slice(2, 4)).toEqual([
      "سُحب طلب توقيع «Mietvertrag» من قِبل المُرسِل (Acme GmbH).",
      "لم يعد الرابط المُرسَل إليكم يفتح المستند، ولا يُطلب منكم أي شيء آخر.",
    ]);
  });

  it("writes to a signer whom neither they nor the workflow name a language for in the tenant's default: the invitation, the end notice and the signed document's link", async () => {
    await updateTenant("acme", { defaultLocale: "it-CH" });
    try {
      const { wf } = await invitedToSign([{ name: "Gino Rossi" }, { name: "Yuki", locale: "ja" }], {
        writtenAt: T0,
        row: { title: "Contratto" },
        settings: { organizationName: "Acme Srl" },
      });
      const gino = `gino-${wf.id.slice(0, 8)}@sign.test`;
      const yuki = `yuki-${wf.id.slice(0, 8)}@sign.test`;
      const db = await getDb();
      const [invitation] = await mailsTo("gino-");
      expect(invitation.subject).toBe("Acme Srl: la preghiamo di firmare «Contratto»");
      // The signer's own language still comes first.
      expect((await mailsTo("yuki-"))[0].subject).not.toContain("preghiamo");

      await db.transaction((tx) => tellSignersSigningEnded(tx, wf, { by: "initiator" }));
      expect((await mailsTo("gino-")).map((m) => m.subject)).toContain("Acme Srl: «Contratto» non richiede più la sua firma");

      await db.transaction(async (tx) => deliverToSigners(tx, wf, await listSigners(wf.tenantId, wf.id, tx)));
      const sessions = await db.select().from(deliverySessions).where(eq(deliverySessions.batchId, wf.id));
      expect(Object.fromEntries(sessions.map((x) => [x.recipientEmail, x.locale]))).toEqual({ [gino]: "it", [yuki]: "ja" });
      expect((await mailsTo("gino-")).map((m) => m.subject)).toContain("Il suo documento: Contratto");
    } finally {
      await updateTenant("acme", { defaultLocale: null });
    }
  });

  it("opens the signing page in the link's signer's language, and records a change from its menu for the current link only", async () => {
    const wf = await invited();
    const [erika, amal] = await listSigners(wf.tenantId, wf.id);
    const tokenOf = (s: WorkflowSigner) => signToken(s.id, s.tokenNonce!);
    expect(await signingPageLocale(tokenOf(amal))).toBe("ar");
    // Erika names none: the workflow's de-DE, as Sealpost writes it.
    expect(await signingPageLocale(tokenOf(erika))).toBe("de");
    expect(await signingPageLocale("not-a-link")).toBeNull();

    const replaced = tokenOf(erika);
    await (await getDb()).transaction((tx) => inviteSigners(tx, wf, [erika], T0, { resend: true, total: 2 }));
    const [fresh] = await listSigners(wf.tenantId, wf.id);
    expect(await signingPageLocale(replaced)).toBeNull();
    const visitor = { ip: "192.0.2.7", userAgent: "test" };
    await recordSignerLanguage(replaced, "fr", visitor);
    await recordSignerLanguage(tokenOf(fresh), "ja", visitor);
    const chosen = await (
      await getDb()
    )
      .select()
      .from(workflowEvents)
      .where(and(eq(workflowEvents.workflowId, wf.id), eq(workflowEvents.kind, "signer.language-chosen")));
    expect(chosen.map((e) => e.detail)).toEqual([{ signer: 0, locale: "ja", ip: "192.0.2.7", userAgent: "test" }]);
  });
});
