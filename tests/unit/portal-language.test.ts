import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issuePortalToken } from "@/lib/auth/portal-token";
import { getDb } from "@/lib/db/client";
import { mailOutbox, workflowEvents, workflows, type Workflow } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { passcodeMail } from "@/lib/otp/mail";
import { esignRequestSchema } from "@/lib/signing/signers/esign-settings";
import { staffMailLocale } from "@/lib/i18n/staff-locale";
import { updateTenant } from "@/lib/tenants";
import { personLocaleField, withCatalogueLocales } from "@/lib/workflow/person-locales";
import { participantSchema } from "@/lib/workflow/settings";
import { inviteParticipants } from "@/lib/workflow/portal/invite-participants";
import { mailOutcome } from "@/lib/workflow/portal/outcome-mail";
import {
  participantLocale,
  participantMailLocale,
  portalPageLocale,
  recordPortalLanguageChoice,
  roleLocale,
} from "@/lib/workflow/portal/portal-locale";
import { expandPortalLinks, portalLinkPlaceholder } from "@/lib/workflow/portal/portal-link";
import { useWorkflowDatabase } from "../support/workflow-db";
import { workflowRow } from "../support/workflow-row";

/**
 * Which language the portal's people read (a participant's own, else the workflow's or template's,
 * else the default; a page also the browser's), and the portal's mails read back in German and
 * Arabic: subject and body in the participant's language, the link naming it.
 */

describe("a participant's language", () => {
  it("is their own, else the workflow's where Sealpost writes it (de-DE is de, pt is pt-PT), else the tenant's default, else none", () => {
    expect(participantLocale({ locale: "fr-FR" }, { locale: "de" }, "it")).toBe("de");
    expect(participantLocale({ locale: "de-DE" }, {}, "it")).toBe("de");
    expect(participantLocale({ locale: "pt" }, undefined, null)).toBe("pt-PT");
    expect(participantLocale({ locale: "zh-TW" }, {}, null)).toBe("zh-Hant");
    expect(participantLocale({ locale: "tlh" }, {}, null)).toBeNull();
    expect(participantLocale({ locale: "tlh" }, {}, "nl")).toBe("nl");
    expect(participantLocale({}, {}, null)).toBeNull();
    expect(participantLocale({}, {}, "cs")).toBe("cs");
    // The pseudo-locale is for tests' cookies, never a stored language.
    expect(participantLocale({ locale: "en-XA" }, {}, null)).toBeNull();
  });

  it("is en-GB in a mail where nothing names one; a reviewer's mail is in the tenant's, whatever the form's", () => {
    expect(participantMailLocale({}, {}, null)).toBe("en-GB");
    expect(participantMailLocale({}, {}, "da")).toBe("da");
    expect(participantMailLocale({ locale: "ar-SA" }, {}, "da")).toBe("ar");
    expect(staffMailLocale("da")).toBe("da");
    expect(staffMailLocale(null)).toBe("en-GB");
    expect(roleLocale("reviewer", { locale: "ja-JP", recipients: [] } as never, "da")).toBe("da");
    expect(roleLocale("reviewer", { locale: "ja-JP", recipients: [] } as never, null)).toBeNull();
    expect(roleLocale("participant", { locale: "ja-JP", recipients: [] } as never, "da")).toBe("ja");
  });

  it("is accepted on create as a tag of one of Sealpost's languages, stored as its catalogue's", () => {
    expect(
      withCatalogueLocales(
        [
          { email: "a@example.test", locale: "de-AT" },
          { email: "b@example.test", displayName: "B", locale: "AR" },
          { email: "c@example.test" },
        ],
        "templateSettings.workflow.recipients",
      ),
    ).toEqual([
      { email: "a@example.test", locale: "de" },
      { email: "b@example.test", displayName: "B", locale: "ar" },
      { email: "c@example.test" },
    ]);
  });

  it("is read by one field for a participant and a signer alike, which the API document describes once for both", () => {
    expect(participantSchema.shape.locale).toBe(personLocaleField);
    const signer = (locale: string) => esignRequestSchema.safeParse({ signers: [{ name: "Ann", email: "ann@example.test", locale }] });
    const participant = (locale: string) => participantSchema.safeParse({ email: "ann@example.test", locale });
    expect(signer(" de-AT ").data?.signers?.[0].locale).toBe("de-AT");
    expect(participant(" de-AT ").data?.locale).toBe("de-AT");
    // Any tag up to 35 characters passes the schema: which languages Sealpost writes is withCatalogueLocales' 422.
    expect(signer("tlh").success && participant("tlh").success).toBe(true);
    expect(signer("x".repeat(36)).success || participant("x".repeat(36)).success).toBe(false);
    expect(personLocaleField.description).toMatch(/participant's portal, a signer's signing page.*422 workflow\.locale_unsupported/);
  });

  it("is refused on create, naming each entry, when Sealpost does not write it (422 workflow.locale_unsupported)", () => {
    let err: unknown;
    try {
      withCatalogueLocales(
        [
          { email: "a@example.test", locale: "de" },
          { email: "b@example.test", locale: "tlh" },
          { email: "c@example.test", locale: "en-XA" },
        ],
        "templateSettings.workflow.recipients",
      );
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.code).toBe("workflow.locale_unsupported");
    expect((e.extra as { errors: Array<{ path: string }> }).errors.map((x) => x.path)).toEqual([
      "templateSettings.workflow.recipients.1.locale",
      "templateSettings.workflow.recipients.2.locale",
    ]);
  });

  it("is named by the participant's link, which opens the page in it", () => {
    const wf = "0b7e4d5c-1f2a-4c3b-9d8e-7f6a5b4c3d2e";
    const placeholder = portalLinkPlaceholder(wf, "acme", undefined, "de");
    expect(placeholder).toBe(`[[portal-link:participant.de:${wf}:acme]]`);
    const url = new URL(expandPortalLinks(placeholder));
    expect(url.pathname).toBe(`/portal/${wf}`);
    expect(url.searchParams.get("lang")).toBe("de");
    expect(url.searchParams.get("pt")).toBeTruthy();
    // Without a stored language the link names none: the page follows the browser.
    expect(new URL(expandPortalLinks(portalLinkPlaceholder(wf, "acme"))).searchParams.has("lang")).toBe(false);
  });
});

describe("the passcode mail", () => {
  const holder = {
    id: "0b7e4d5c-1f2a-4c3b-9d8e-7f6a5b4c3d2e",
    tenantId: "acme",
    workflowId: "0b7e4d5c-1f2a-4c3b-9d8e-7f6a5b4c3d2e",
    signerId: null,
  };
  const letter = { to: "pat@example.test", purpose: "form" as const, organisation: "Acme HR", title: "Urlaubsantrag", reference: "REF-1" };

  it("is written in the participant's language: German", () => {
    const m = passcodeMail(holder, "s".repeat(16), letter, "de");
    expect(m.subject).toBe("Acme HR: Ihr Code für „Urlaubsantrag“");
    expect(m.text).toMatch(/^Ihr Code lautet \[\[otp-code:/);
    expect(m.text).toContain("Geben Sie ihn auf der Seite von „Urlaubsantrag“ ein, um das Formular zu öffnen.");
    expect(m.text).toContain("Referenz: REF-1");
  });

  it("is written in the participant's language: Arabic", () => {
    const m = passcodeMail(holder, "s".repeat(16), letter, "ar");
    expect(m.subject).toBe("Acme HR: رمزكم لـ«Urlaubsantrag»");
    expect(m.text).toMatch(/^رمزكم هو \[\[otp-code:/);
    expect(m.text).toContain("يُرجى إدخاله في صفحة «Urlaubsantrag» لفتح النموذج.");
    expect(m.text).toContain("الرقم المرجعي: REF-1");
  });

  it("says a signer's purpose, and is English where the caller names no language", () => {
    const m = passcodeMail({ ...holder, signerId: "s1" }, "s".repeat(16), { ...letter, purpose: "sign", title: "NDA" });
    expect(m.subject).toBe('Acme HR: your passcode to sign "NDA"');
    expect(m.text).toContain('Enter it on the signing page of "NDA".');
  });

  it("has a subject of its own where the workflow names no organisation, never a stand-in name", () => {
    const anonymous = { ...letter, organisation: null };
    const sign = passcodeMail({ ...holder, signerId: "s1" }, "s".repeat(16), { ...anonymous, purpose: "sign", title: "NDA" });
    expect(sign.subject).toBe('Your passcode to sign "NDA"');
    expect(passcodeMail(holder, "s".repeat(16), anonymous, "de").subject).toBe("Ihr Code für „Urlaubsantrag“");
    expect(passcodeMail(holder, "s".repeat(16), anonymous, "ar").subject).toBe("رمزكم لـ«Urlaubsantrag»");
    expect(passcodeMail(holder, "s".repeat(16), anonymous, "ja").subject).toBe("「Urlaubsantrag」の確認コード");
  });
});

describe("the portal's mails and pages on pglite", () => {
  useWorkflowDatabase("pglite");

  const participants = [
    { email: "pat@example.test", displayName: "Pat Doe", locale: "de" as const },
    { email: "sam@example.test", locale: "ar" as const },
  ];
  const insert = async (over: Partial<Workflow> = {}) => {
    const wf = workflowRow({
      title: "Urlaubsantrag",
      state: "in-progress",
      settings: { recipients: participants, requireOtp: false, organizationName: "Acme HR", options: {} },
      ...over,
    });
    await (await getDb()).insert(workflows).values(wf);
    return wf;
  };
  const outbox = async (prefix: string) =>
    (
      await (
        await getDb()
      )
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, "acme"), like(mailOutbox.dedupeKey, `${prefix}%`)))
    ).sort((a, b) => a.to.localeCompare(b.to));

  it("invites each participant in their own language, the link naming it", async () => {
    const wf = await insert();
    await (await getDb()).transaction((tx) => inviteParticipants(tx, wf));
    const [pat, sam] = await outbox(`workflow-invite:${wf.id}:`);
    expect(pat.subject).toBe("Acme HR: Bitte füllen Sie „Urlaubsantrag“ aus");
    expect(pat.text.split("\n")[0]).toBe("Guten Tag Pat Doe,");
    expect(pat.text).toContain("Acme HR bittet Sie, „Urlaubsantrag“ auszufüllen.");
    expect(pat.text).toContain(`Zum Formular: [[portal-link:participant.de:${wf.id}:acme]]`);
    expect(pat.text).toContain("Der Link gilt 4 Stunden ab dem Versand dieser Nachricht");
    expect(sam.subject).toBe("Acme HR: يُرجى تعبئة «Urlaubsantrag»");
    expect(sam.text.split("\n")[0]).toBe("مرحبًا،");
    expect(sam.text).toContain(`فتح النموذج: [[portal-link:participant.ar:${wf.id}:acme]]`);
    expect(sam.text).toContain("يظل الرابط صالحًا لمدة 4 ساعات");
  });

  it("invites and tells the outcome in whole sentences of their own where the workflow names no organisation", async () => {
    const anonymous = { recipients: participants, requireOtp: false, options: {} };
    const wf = await insert({ settings: anonymous });
    await (await getDb()).transaction((tx) => inviteParticipants(tx, wf));
    const [pat, sam] = await outbox(`workflow-invite:${wf.id}:`);
    expect(pat.subject).toBe("Bitte füllen Sie „Urlaubsantrag“ aus");
    expect(pat.text).toContain("Sie werden gebeten, „Urlaubsantrag“ auszufüllen.");
    expect(pat.text).toContain("der Absender kann Ihnen einen neuen senden.");
    expect(sam.subject).toBe("يُرجى تعبئة «Urlaubsantrag»");
    expect(sam.text).toContain("يُرجى منكم تعبئة «Urlaubsantrag».");
    for (const m of [pat, sam]) expect(`${m.subject}\n${m.text}`).not.toMatch(/Sealpost|\(\)/);

    const done = await insert({ state: "rejected", settings: anonymous });
    const db = await getDb();
    await db
      .insert(workflowEvents)
      .values({ workflowId: done.id, tenantId: "acme", kind: "workflow.invited", actor: "init@acme.test", detail: {} });
    await db.transaction((tx) => mailOutcome(tx, done));
    const [patDone] = await outbox(`workflow-outcome:${done.id}:`);
    expect(patDone.subject).toBe("„Urlaubsantrag“ wurde nicht freigegeben");
    expect(patDone.text).toContain(
      "Ihre Antworten zu „Urlaubsantrag“ wurden nicht freigegeben. Bei Fragen wenden Sie sich bitte an den Absender.",
    );
  });

  it("tells each participant the outcome in their own language", async () => {
    const wf = await insert({ state: "complete" });
    const db = await getDb();
    await db
      .insert(workflowEvents)
      .values({ workflowId: wf.id, tenantId: "acme", kind: "workflow.invited", actor: "init@acme.test", detail: {} });
    await db.transaction((tx) => mailOutcome(tx, wf));
    const [pat, sam] = await outbox(`workflow-outcome:${wf.id}:`);
    expect(pat.subject).toBe("Acme HR: „Urlaubsantrag“ ist freigegeben");
    expect(pat.text).toContain("Acme HR hat Ihre Antworten zu „Urlaubsantrag“ freigegeben und in einem PDF-Dokument versiegelt.");
    expect(sam.subject).toBe("Acme HR: اعتُمد «Urlaubsantrag»");
    expect(sam.text).toContain("عرض المستند المختوم وتنزيله (PDF):");
  });

  it("opens a page in the link's language, else the participant's, or for a reviewer the company's (none set: the browser's), only for a valid token", async () => {
    const wf = await insert({
      settings: { recipients: [{ email: "j@example.test", locale: "ja" }], requireOtp: false, locale: "fr-FR", options: {} },
    });
    const participant = issuePortalToken({ workflowId: wf.id, tenantId: "acme", role: "participant" });
    const reviewer = issuePortalToken({
      workflowId: wf.id,
      tenantId: "acme",
      role: "reviewer",
      reviewer: { email: "stage@acme.test", stage: 1 },
    });
    const other = issuePortalToken({ workflowId: "0b7e4d5c-1f2a-4c3b-9d8e-7f6a5b4c3d2e", tenantId: "acme", role: "participant" });
    expect(await portalPageLocale({ workflowId: wf.id, token: participant, lang: null })).toBe("ja");
    // The form speaks French to its participant; its reviewer works for acme, which names no language.
    expect(await portalPageLocale({ workflowId: wf.id, token: reviewer, lang: null })).toBeNull();
    expect(await portalPageLocale({ workflowId: wf.id, token: participant, lang: "de" })).toBe("de");
    expect(await portalPageLocale({ workflowId: wf.id, token: other, lang: null })).toBeNull();
    expect(await portalPageLocale({ workflowId: wf.id, token: "garbage", lang: null })).toBeNull();
    expect(await portalPageLocale({ workflowId: wf.id, token: null, lang: "xx" })).toBeNull();
  });

  it("writes to a participant the workflow names no language for in the tenant's default, and opens their page in it", async () => {
    await updateTenant("acme", { defaultLocale: "nl-BE" });
    try {
      const wf = await insert({
        settings: {
          recipients: [{ email: "noor@example.test", displayName: "Noor" }, participants[0]],
          requireOtp: false,
          organizationName: "Acme HR",
          options: {},
        },
      });
      await (await getDb()).transaction((tx) => inviteParticipants(tx, wf));
      const [noor, pat] = await outbox(`workflow-invite:${wf.id}:`);
      expect(noor.to).toBe("noor@example.test");
      expect(noor.subject).toBe("Acme HR: wilt u ‘Urlaubsantrag’ invullen?");
      expect(noor.text).toContain(`Open het formulier: [[portal-link:participant.nl:${wf.id}:acme]]`);
      // The participant's own language still comes first.
      expect(pat.subject).toBe("Acme HR: Bitte füllen Sie „Urlaubsantrag“ aus");
      const participant = issuePortalToken({ workflowId: wf.id, tenantId: "acme", role: "participant" });
      expect(await portalPageLocale({ workflowId: wf.id, token: participant, lang: null })).toBe("nl");
      const reviewer = issuePortalToken({
        workflowId: wf.id,
        tenantId: "acme",
        role: "reviewer",
        reviewer: { email: "a@acme.test", stage: 1 },
      });
      expect(await portalPageLocale({ workflowId: wf.id, token: reviewer, lang: null })).toBe("nl");
    } finally {
      await updateTenant("acme", { defaultLocale: null });
    }
  });

  it("records a choice from the language menu in the workflow's activity, and nothing for an invalid token", async () => {
    const wf = await insert();
    const token = issuePortalToken({ workflowId: wf.id, tenantId: "acme", role: "participant" });
    await recordPortalLanguageChoice({ workflowId: wf.id, token, lang: null }, "ar");
    await recordPortalLanguageChoice({ workflowId: wf.id, token: "garbage", lang: null }, "de");
    const events = await (
      await getDb()
    )
      .select()
      .from(workflowEvents)
      .where(and(eq(workflowEvents.workflowId, wf.id), eq(workflowEvents.kind, "language.chosen")));
    expect(events).toHaveLength(1);
    expect(events[0].actor).toBe("portal:participant");
    expect(events[0].detail).toMatchObject({ locale: "ar" });
  });
});
