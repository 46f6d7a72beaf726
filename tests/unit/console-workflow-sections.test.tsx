import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  Actions,
  Approval,
  Callbacks,
  ChangesSinceReview,
  CollectedData,
  Exception,
  History,
  RuleResults,
  Timeline,
} from "@/app/console/workflows/[workflowId]/sections";
import { Signing } from "@/app/console/workflows/[workflowId]/signing";
import type { Principal } from "@/lib/auth/principal";
import type { SigningDetail } from "@/lib/console/signing-detail";
import { workflowPermissions } from "@/lib/console/workflow-actions";
import { approvalStages } from "@/lib/console/workflow-detail";
import type { WorkflowSigner } from "@/lib/db/schema";
import { LOCALES, PSEUDO_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { workflowRow } from "../support/workflow-row";

/**
 * The workflow page's sections written in every language from a workflow that has a bit of
 * everything (decisions, an exception, change requests, callbacks, signers): each message is given
 * the arguments it names (the translator throws otherwise), no key reaches the page, and what a
 * person wrote is shown in a <bdi>.
 */
const at = "2026-03-02T10:00:00.000Z";
const wf = workflowRow({
  state: "pending-approval",
  approvalStage: 2,
  escalatedTo: ["late@acme.test"],
  validationResults: [
    { ruleId: "limit", passed: false, severity: "error", message: "Too much?", fieldKey: "name", stepIndex: 0 },
    { ruleId: "note", passed: false, severity: "warning", message: "A note helps", fieldKey: "name", stepIndex: 0 },
  ],
  approvalHistory: [
    { action: "approved-with-exception", stage: 1, by: "stage@acme.test", comment: "Fine by me", at },
    { action: "escalated", stage: 2, by: "system", comment: null, at, to: "late@acme.test" },
    { action: "changes-requested", stage: 0, by: "portal:participant", comment: null, at },
  ],
  approvalException: { justification: "Agreed with finance", failedRules: ["limit"], stage: 1, by: "stage@acme.test", at },
  changeRequests: [
    {
      id: "c1",
      message: "Use your work address",
      fieldKey: "name",
      stepIndex: 0,
      severity: "warning",
      category: null,
      dueDate: "2026-04-01",
      requestedAt: at,
    },
    {
      id: "c2",
      message: "Check it all",
      fieldKey: null,
      stepIndex: null,
      severity: "error",
      category: null,
      dueDate: null,
      requestedAt: at,
    },
  ],
  reviewSnapshot: { name: "Ada" },
  data: [{ name: { value: "Ada Lovelace" } } as never],
});
wf.schema.approval.stages = [["stage@acme.test"], ["second@acme.test"]];

const principal = {
  email: "second@acme.test",
  subject: "second",
  roles: [],
  tenant: { id: "acme", name: "Acme", approvers: [] },
} as unknown as Principal;

const signer = (over: Partial<WorkflowSigner>): WorkflowSigner =>
  ({
    position: 0,
    signOrder: 1,
    name: "Жанна Петрова",
    email: "z@sign.test",
    role: "CEO",
    state: "invited",
    invitedAt: new Date(at),
    ...over,
  }) as WorkflowSigner;

const signing: SigningDetail = {
  mode: "sequential",
  signers: [
    signer({ state: "signed", viewedAt: new Date(at), signedAt: new Date(at) }),
    signer({ position: 1, signOrder: 2, state: "declined", declinedAt: new Date(at), declineReason: "Wrong amount" }),
  ],
  verification: {
    valid: false,
    summary: "",
    bytes: 100,
    signatureCount: 1,
    signatures: [
      {
        field: "sig1",
        signer: { name: "Жанна Петрова", email: "z@sign.test", method: "link" },
        certificate: { subject: null },
        reason: null,
        signingTime: at,
        signingTimeSource: "timestamp",
        revision: 1,
        coversWholeFile: true,
        byteRange: [0, 1, 2, 3],
        digestValid: false,
        signatureValid: true,
        chainValid: true,
        timestamp: null,
        valid: false,
        problems: [],
      },
    ],
    failures: [],
    changedWithin: [],
    unsignedTail: [90, 100],
    workflowId: wf.id,
    document: { revision: 1, sha256: "a", storedSha256: "b", matchesStored: false },
    revisions: [],
  },
  certificate: {
    outcome: "declined",
    sha256: "c".repeat(64),
    chain: { valid: false, checked: 3, broken: { index: 1, eventId: 42, problem: "removed" }, message: "" },
  },
};

const callbacks = {
  workflowId: wf.id,
  callbackHost: "hooks.example.test",
  status: "gave-up",
  attempts: [
    {
      messageId: "m",
      attemptNo: 1,
      at,
      state: "complete",
      urlHost: "hooks.example.test",
      outcome: "retry",
      statusCode: 503,
      error: null,
      durationMs: 1234,
    },
  ],
};

const timeline = [
  { seq: 1, kind: "workflow.created", actor: "init@acme.test", at, summary: "" },
  { seq: 2, kind: "approval.escalated", actor: "system", at, summary: "escalated to late@acme.test" },
];

function page(locale: Locale): string {
  const t = translatorFor(locale);
  const stages = approvalStages(wf, []);
  return renderToStaticMarkup(
    <>
      <Actions wf={wf} base="/console/workflows/x" perms={workflowPermissions(wf, principal)} stages={stages} t={t} />
      <Signing detail={signing} base="/console/workflows/x" t={t} locale={locale} />
      <CollectedData wf={wf} t={t} locale={locale} />
      <RuleResults wf={wf} t={t} />
      <ChangesSinceReview wf={wf} t={t} locale={locale} />
      <Approval wf={wf} stages={stages} t={t} locale={locale} />
      <History wf={wf} t={t} locale={locale} />
      <Exception wf={wf} t={t} />
      <Callbacks callbacks={callbacks} t={t} locale={locale} />
      <Timeline events={timeline} t={t} locale={locale} />
    </>,
  );
}

describe("the console's workflow sections", () => {
  it("are written in every language, every message with its arguments and no key left", () => {
    for (const locale of [...LOCALES.map((l) => l.tag), PSEUDO_LOCALE] as Locale[]) {
      const html = page(locale);
      expect(html, locale).not.toMatch(/console\.workflows\.|portal\.review\.|document\.sealed\./);
      expect(html, locale).not.toMatch(/[{}]/);
      // What the people wrote stays theirs, each in its own direction.
      expect(html, locale).toContain("<bdi>Too much?</bdi>");
      expect(html, locale).toContain("<bdi>Жанна Петрова</bdi>");
    }
  });

  it("keep today's English", () => {
    const html = page("en-GB");
    for (const text of [
      "Approval stages",
      "Escalated to <bdi>late@acme.test</bdi>",
      "<strong>Approved with an exception</strong> by <bdi>stage@acme.test</bdi> (stage 1)",
      "<strong>Escalated</strong> by Sealpost (stage 2), to <bdi>late@acme.test</bdi>",
      "<strong>Changes requested</strong> by the participant",
      "Failed, exception granted",
      "(please check, by 1 April 2026, asked 2 March 2026 at 10:00 UTC)",
      "Signers sign one after another, in the order shown.",
      "Not valid: the document was changed after this signature was made.",
      "1 of 1 signatures is not valid: the file changed after signing, or a signature is not one of your organisation’s.",
      "Revision 1 (it does not match the SHA-256 recorded for it).",
      "recording the decline",
      "Activity record changed: event 42 is missing from the activity (link 2).",
      "Given up",
      "1,234 ms",
      "<strong>Started</strong> by <bdi>init@acme.test</bdi>",
    ])
      expect(html).toContain(text);
  });
});
