import type { Workflow, WorkflowEvent, WorkflowSigner } from "@/lib/db/schema";
import { chainHead, genesis, type ChainLink } from "./activity-chain";
import type { CompletionCertificateInput } from "@/lib/pdf/completion-certificate";
import { eventText } from "@/lib/format/event-words";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { momentText } from "@/lib/format/moment-text";
import { signerStateLabels } from "@/lib/format/state-words";

/** A moment in the certificate: with its seconds (it is an audit record), in the workflow's locale, the zone named. */
type Time = (d: Date | string | null | undefined) => string;
const timeIn =
  (locale: string): Time =>
  (d) =>
    momentText(d, locale, undefined, { seconds: true }) || "—";
const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));

/** What each of a signer's events says in the certificate, from the event's detail. */
const SIGNER_EVENTS: Record<string, (d: Record<string, unknown>, time: Time) => { what: string; details: string[] }> = {
  "signer.invited": (d, time) => ({
    what: "Invited",
    details: [`Signing link sent to ${str(d.email)}`, `Link valid until ${time(str(d.expiresAt))}`],
  }),
  "signer.link-resent": (d, time) => ({
    what: "New link sent",
    details: [`The earlier link stopped working; valid until ${time(str(d.expiresAt))}`],
  }),
  "signer.viewed": (d) => ({ what: "Opened the document", details: origin(d) }),
  "signer.otp-sent": () => ({ what: "Passcode sent", details: ["A one-time passcode was e-mailed to the signer"] }),
  "signer.otp-verified": () => ({ what: "Passcode verified", details: ["The signer entered the one-time passcode"] }),
  "signer.otp-failed": (d) => ({ what: "Wrong passcode", details: [`Failed attempts: ${str(d.failedAttempts)}`] }),
  "signer.otp-locked": () => ({ what: "Passcode locked", details: ["Too many wrong passcodes"] }),
  "signer.sign-requested": (d) => ({
    what: "Consented and signed",
    details: [
      `Electronic records consent, version ${str(d.consentVersion)}, read in ${str(d.consentLocale) || DEFAULT_LOCALE}, SHA-256:`,
      str(d.consentSha256),
      `Identified by ${str(d.verificationMethod)}`,
      `Signature mark: ${d.mark === "drawn" ? "drawn" : "typed"}; intent to sign confirmed`,
      ...origin(d),
    ],
  }),
  "signer.signed": (d) => ({
    what: "Signature applied",
    details: [
      `Revision ${str(d.revision)}, SHA-256:`,
      str(d.sha256),
      `Certificate: ${d.certificate === "issued" ? "issued to the signer" : "the organisation's"}`,
    ],
  }),
  "signer.language-chosen": (d) => ({ what: "Chose the page's language", details: [`Language: ${str(d.locale)}`, ...origin(d)] }),
  "signer.declined": (d) => ({ what: "Declined", details: [`Reason: ${str(d.reason)}`, ...origin(d)] }),
  "signer.expired": () => ({ what: "Link expired", details: ["The link ran out before the signer acted"] }),
};

/** Languages named in English, as the rest of the certificate is written (its own translation is to come). */
const languageNames = new Intl.DisplayNames(["en"], { type: "language" });

/** The consent a signer agreed to: its version, the language they read it in, and that text's SHA-256 (consent.ts keeps every language's). */
function consentRead(s: WorkflowSigner): string {
  const locale = s.consentLocale ?? DEFAULT_LOCALE;
  return `Version ${s.consentVersion}, read in ${languageNames.of(locale) ?? locale} (${locale}), SHA-256 ${s.consentSha256}`;
}

function origin(d: Record<string, unknown>): string[] {
  return [`IP address: ${str(d.ip) || "unknown"}`, `User agent: ${str(d.userAgent) || "unknown"}`];
}

/**
 * The certificate's content, as plain strings: the outcome, the revisions with their SHA-256
 * (revision 0 from the seal, then one per signature, from the activity where each was recorded
 * when made), each signer's events, and the activity chain's links.
 */
export function certificateInput(
  wf: Workflow,
  signers: WorkflowSigner[],
  events: WorkflowEvent[],
  links: ChainLink[],
  opts: { organization: string; issuedAt: Date },
): CompletionCertificateInput {
  const time = timeIn(wf.settings.locale ?? DEFAULT_LOCALE);
  const declined = signers.find((s) => s.state === "declined");
  const mode = wf.settings.esign?.signingMode ?? "parallel";
  const sealed = [...events].reverse().find((e) => e.kind === "workflow.sealed" && e.detail?.revision === 0);
  const byPosition = new Map(signers.map((s) => [s.position, s]));
  const revisions = [
    ...(sealed
      ? [{ revision: 0, madeBy: "Sealed record and signature page", at: time(sealed.at), sha256: str(sealed.detail?.sha256) }]
      : []),
    ...events
      .filter((e) => e.kind === "signer.signed")
      .map((e) => ({
        revision: Number(e.detail?.revision),
        madeBy: `Signature of ${byPosition.get(Number(e.detail?.signer))?.name ?? "?"}`,
        at: time(e.at),
        sha256: str(e.detail?.sha256),
      })),
  ];
  return {
    workflowId: wf.id,
    correlationId: wf.correlationId,
    title: wf.title,
    organization: opts.organization,
    outcome: declined ? "declined" : "complete",
    outcomeLine: declined
      ? `Declined by ${declined.name} <${declined.email}> on ${time(declined.declinedAt)}. The document was not signed by everyone.`
      : `Completed: all ${signers.length} ${signers.length === 1 ? "signer" : "signers"} signed; the last signature covers the whole document.`,
    facts: [
      { label: "Organisation", value: opts.organization },
      { label: "Workflow", value: wf.id },
      { label: "Reference", value: wf.correlationId },
      { label: "Initiated by", value: `${wf.createdBy}, ${time(wf.createdAt)}` },
      {
        label: "Signing order",
        value: mode === "sequential" ? "Sequential: each signer after the one before" : "Parallel: every signer at once",
      },
      { label: declined ? "Ended" : "Completed", value: time(wf.completedAt) },
      { label: "Final document", value: `Revision ${wf.documentRevision ?? 0}, SHA-256 ${wf.documentSha256 ?? "—"}` },
      ...(declined ? [{ label: "Reason given", value: declined.declineReason ?? "" }] : []),
    ],
    revisions,
    signers: signers.map((s) => ({
      heading: `${s.position + 1}. ${s.name} <${s.email}>`,
      facts: [
        ...(s.role ? [{ label: "Role", value: s.role }] : []),
        ...(s.signOrder ? [{ label: "Signing order", value: String(s.signOrder) }] : []),
        {
          label: "Outcome",
          value: s.signedAt
            ? `Signed ${time(s.signedAt)} (revision ${s.signedRevision})`
            : s.declinedAt
              ? `Declined ${time(s.declinedAt)}`
              : `Did not sign (${signerStateLabels[s.state].label.toLowerCase()})`,
        },
        { label: "Identified by", value: s.verificationMethod ?? (s.requireOtp ? "email link + one-time passcode" : "email link") },
        ...(s.consentSha256 ? [{ label: "Consent accepted", value: consentRead(s) }] : []),
      ],
      events: events
        .filter((e) => e.kind in SIGNER_EVENTS && e.detail?.signer === s.position)
        .map((e) => ({ at: time(e.at), ...SIGNER_EVENTS[e.kind](e.detail ?? {}, time) })),
    })),
    chain: {
      genesis: genesis(wf.id),
      head: chainHead(wf.id, links),
      links: links.map((l, i) => ({ n: i + 1, eventId: l.eventId, at: time(l.at), what: eventText(l.kind), kind: l.kind, hash: l.hash })),
    },
    issuedAt: time(opts.issuedAt),
  };
}
