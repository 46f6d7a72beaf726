import type { Workflow, WorkflowEvent, WorkflowSigner } from "@/lib/db/schema";
import { chainHead, genesis, type ChainLink } from "./activity-chain";
import type { CompletionCertificateInput } from "@/lib/pdf/completion-certificate";
import { eventText } from "@/lib/format/event-words";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translatorFor, type Translator } from "@/lib/i18n/translator";
import { momentText } from "@/lib/format/moment-text";
import { dateText } from "@/lib/format/show-value";
import { workflowDocumentLocale } from "@/lib/workflow/person-locales";

/** What the certificate's sentences are written with: its language's words, moments and language names. */
interface Words {
  t: Translator;
  /** A moment with its seconds (it is an audit record), the zone named. */
  time: (d: Date | string | null | undefined) => string;
  /** A language tag as its name in the certificate's language, the tag after it: "French (fr)". */
  language: (tag: string) => { language: string; locale: string };
  /** A consent version (a day) as that language writes a day. */
  version: (v: unknown) => string;
}

const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));

function wordsFor(locale: Locale): Words {
  const names = new Intl.DisplayNames([locale], { type: "language", fallback: "code" });
  return {
    t: translatorFor(locale),
    time: (d) => momentText(d, locale, undefined, { seconds: true }) || "—",
    language: (tag) => {
      const given = tag || DEFAULT_LOCALE;
      let language = given;
      try {
        language = names.of(given) ?? given;
      } catch {
        // A malformed tag is shown as it was recorded.
      }
      return { language, locale: given };
    },
    version: (v) => dateText(str(v), locale),
  };
}

/** Where an event came from: the signer's IP address and browser, or that it is not known. */
function origin(d: Record<string, unknown>, { t }: Words): string[] {
  return [
    str(d.ip) ? t("document.certificate.event.ip", { ip: str(d.ip) }) : t("document.certificate.event.ipUnknown"),
    str(d.userAgent)
      ? t("document.certificate.event.userAgent", { agent: str(d.userAgent) })
      : t("document.certificate.event.userAgentUnknown"),
  ];
}

/** How a signer was identified (the method stored in English: open-link.ts), in the certificate's words. */
const methodText = (method: string, { t }: Words) =>
  t("document.certificate.method", {
    method: method === "email link" ? "link" : method === "email link + one-time passcode" ? "linkOtp" : method,
  });

/** What each of a signer's events says in the certificate, from the event's detail. */
const SIGNER_EVENTS: Record<string, (d: Record<string, unknown>, w: Words) => { what: string; details: string[] }> = {
  "signer.invited": (d, w) => ({
    what: w.t("document.certificate.event.invited"),
    details: [
      w.t("document.certificate.event.invitedTo", { email: str(d.email) }),
      w.t("document.certificate.event.validUntil", { at: w.time(str(d.expiresAt)) }),
    ],
  }),
  "signer.link-resent": (d, w) => ({
    what: w.t("document.certificate.event.linkResent"),
    details: [w.t("document.certificate.event.linkResentDetail", { at: w.time(str(d.expiresAt)) })],
  }),
  "signer.viewed": (d, w) => ({ what: w.t("document.certificate.event.viewed"), details: origin(d, w) }),
  "signer.otp-sent": (_, w) => ({
    what: w.t("document.certificate.event.otpSent"),
    details: [w.t("document.certificate.event.otpSentDetail")],
  }),
  "signer.otp-verified": (_, w) => ({
    what: w.t("document.certificate.event.otpVerified"),
    details: [w.t("document.certificate.event.otpVerifiedDetail")],
  }),
  "signer.otp-failed": (d, w) => ({
    what: w.t("document.certificate.event.otpFailed"),
    details: [w.t("document.certificate.event.otpFailedDetail", { count: Number(d.failedAttempts) || 0 })],
  }),
  "signer.otp-locked": (_, w) => ({
    what: w.t("document.certificate.event.otpLocked"),
    details: [w.t("document.certificate.event.otpLockedDetail")],
  }),
  "signer.sign-requested": (d, w) => ({
    what: w.t("document.certificate.event.signRequested"),
    details: [
      w.t("document.certificate.event.consent", { version: w.version(d.consentVersion), ...w.language(str(d.consentLocale)) }),
      str(d.consentSha256),
      w.t("document.certificate.event.identified", { method: methodText(str(d.verificationMethod), w) }),
      w.t("document.certificate.event.mark", { mark: d.mark === "drawn" ? "drawn" : "typed" }),
      ...origin(d, w),
    ],
  }),
  "signer.signed": (d, w) => ({
    what: w.t("document.certificate.event.signed"),
    details: [
      w.t("document.certificate.event.signedRevision", { revision: Number(d.revision) || 0 }),
      str(d.sha256),
      w.t("document.certificate.event.certificate", { issuer: d.certificate === "issued" ? "signer" : "organisation" }),
    ],
  }),
  "signer.language-chosen": (d, w) => ({
    what: w.t("document.certificate.event.languageChosen"),
    details: [w.t("document.certificate.event.language", w.language(str(d.locale))), ...origin(d, w)],
  }),
  "signer.declined": (d, w) => ({
    what: w.t("document.certificate.event.declined"),
    details: [w.t("document.certificate.event.reason", { reason: str(d.reason) }), ...origin(d, w)],
  }),
  "signer.expired": (_, w) => ({
    what: w.t("document.certificate.event.expired"),
    details: [w.t("document.certificate.event.expiredDetail")],
  }),
};

/** The consent a signer agreed to: its version (a day), the language they read it in, and that text's SHA-256 (consent.ts keeps every language's). */
const consentRead = (s: WorkflowSigner, w: Words): string =>
  w.t("document.certificate.consentValue", {
    version: w.version(s.consentVersion),
    ...w.language(s.consentLocale ?? DEFAULT_LOCALE),
    sha256: str(s.consentSha256),
  });

/** What became of a signer, in a sentence. */
function signerOutcome(s: WorkflowSigner, w: Words): string {
  if (s.signedAt) return w.t("document.certificate.signedAt", { at: w.time(s.signedAt), revision: s.signedRevision ?? 0 });
  if (s.declinedAt) return w.t("document.certificate.declinedAt", { at: w.time(s.declinedAt) });
  return w.t("document.certificate.notSigned", { state: s.state });
}

const identity = (s: Pick<WorkflowSigner, "name" | "email">) => `${s.name} <${s.email}>`;

/**
 * The certificate's content, as plain strings in the initiator's language (workflowDocumentLocale):
 * the outcome, the revisions with their SHA-256 (revision 0 from the seal, then one per signature,
 * from the activity where each was recorded when made), each signer's events, and the activity
 * chain's links. Names, e-mail addresses, reasons and hashes stay as they were given.
 */
export function certificateInput(
  wf: Workflow,
  signers: WorkflowSigner[],
  events: WorkflowEvent[],
  links: ChainLink[],
  opts: { organization: string; issuedAt: Date; tenantLocale?: string | null },
): CompletionCertificateInput {
  const locale = workflowDocumentLocale(wf, opts.tenantLocale ?? null);
  const w = wordsFor(locale);
  const { t, time } = w;
  const declined = signers.find((s) => s.state === "declined");
  const mode = wf.settings.esign?.signingMode ?? "parallel";
  const sealed = [...events].reverse().find((e) => e.kind === "workflow.sealed" && e.detail?.revision === 0);
  const byPosition = new Map(signers.map((s) => [s.position, s]));
  const revisions = [
    ...(sealed
      ? [{ revision: 0, madeBy: t("document.certificate.revisionSealed"), at: time(sealed.at), sha256: str(sealed.detail?.sha256) }]
      : []),
    ...events
      .filter((e) => e.kind === "signer.signed")
      .map((e) => ({
        revision: Number(e.detail?.revision),
        madeBy: t("document.certificate.revisionSigned", { name: byPosition.get(Number(e.detail?.signer))?.name ?? "?" }),
        at: time(e.at),
        sha256: str(e.detail?.sha256),
      })),
  ];
  return {
    locale,
    workflowId: wf.id,
    correlationId: wf.correlationId,
    title: wf.title,
    organization: opts.organization,
    outcome: declined ? "declined" : "complete",
    outcomeLine: declined
      ? t("document.certificate.declined", { signer: identity(declined), at: time(declined.declinedAt) })
      : t("document.certificate.completed", { count: signers.length }),
    facts: [
      { label: t("document.certificate.organisation"), value: opts.organization },
      { label: t("document.certificate.workflow"), value: wf.id },
      { label: t("document.certificate.reference"), value: wf.correlationId },
      { label: t("document.certificate.initiatedBy"), value: t("document.byAt", { by: wf.createdBy, at: time(wf.createdAt) }) },
      {
        label: t("document.certificate.signingOrder"),
        value: mode === "sequential" ? t("document.certificate.sequential") : t("document.certificate.parallel"),
      },
      { label: declined ? t("document.certificate.ended") : t("document.certificate.completedAt"), value: time(wf.completedAt) },
      {
        label: t("document.certificate.finalDocument"),
        value: t("document.certificate.finalDocumentValue", { revision: wf.documentRevision ?? 0, sha256: wf.documentSha256 ?? "—" }),
      },
      ...(declined ? [{ label: t("document.certificate.reasonGiven"), value: declined.declineReason ?? "" }] : []),
    ],
    revisions,
    signers: signers.map((s) => ({
      heading: `${s.position + 1}. ${identity(s)}`,
      facts: [
        ...(s.role ? [{ label: t("document.certificate.role"), value: s.role }] : []),
        ...(s.signOrder ? [{ label: t("document.certificate.signingOrder"), value: String(s.signOrder) }] : []),
        { label: t("document.certificate.outcome"), value: signerOutcome(s, w) },
        {
          label: t("document.certificate.identifiedBy"),
          value: methodText(s.verificationMethod ?? (s.requireOtp ? "email link + one-time passcode" : "email link"), w),
        },
        ...(s.consentSha256 ? [{ label: t("document.certificate.consentAccepted"), value: consentRead(s, w) }] : []),
      ],
      events: events
        .filter((e) => Object.hasOwn(SIGNER_EVENTS, e.kind) && e.detail?.signer === s.position)
        .map((e) => ({ at: time(e.at), ...SIGNER_EVENTS[e.kind](e.detail ?? {}, w) })),
    })),
    chain: {
      genesis: genesis(wf.id),
      head: chainHead(wf.id, links),
      links: links.map((l, i) => ({
        n: i + 1,
        eventId: l.eventId,
        at: time(l.at),
        what: eventText(l.kind, locale),
        kind: l.kind,
        hash: l.hash,
      })),
    },
    issuedAt: time(opts.issuedAt),
  };
}
