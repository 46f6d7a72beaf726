import type { WorkflowState, WorkflowStatus } from "../client/index";

type Signing = NonNullable<WorkflowStatus["signing"]>;
type Signer = Signing["signers"][number];

/**
 * The states in the words the console uses for them (lib/console/workflow-labels.ts): the CLI reaches
 * Sealpost only through its client, so it keeps its own copy of the words.
 */
const STATE_WORDS: Record<WorkflowState, string> = {
  "in-progress": "Being filled in",
  "pending-approval": "Waiting for approval",
  "validation-failed": "Failed validation",
  "changes-requested": "Changes requested",
  sealing: "Sealing",
  complete: "Complete",
  rejected: "Rejected",
  cancelled: "Cancelled",
};

/** A moment as a person reads it, in this computer's time zone, with the zone named. */
const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));

/** What a signer has done, with the moment it happened. */
function signerWords(s: Signer): string {
  switch (s.state) {
    case "waiting":
      return "Waiting for an earlier signer";
    case "invited":
      return `Invited ${when(s.invitedAt!)}${s.linkExpiresAt ? `; the link expires ${when(s.linkExpiresAt)}` : ""}`;
    case "viewed":
      // Confirmed but not yet in the file: the signature job adds it.
      return s.signRequestedAt
        ? `Signed ${when(s.signRequestedAt)}; the signature is being added to the document`
        : `Opened the document ${when(s.viewedAt!)}`;
    case "signed":
      return `Signed ${when(s.signedAt!)}${s.verificationMethod ? `, identified by ${s.verificationMethod}` : ""}`;
    case "declined":
      return `Declined ${when(s.declinedAt!)}${s.declineReason ? `: ${s.declineReason}` : ""}`;
    case "expired":
      return `The link expired ${s.linkExpiresAt ? when(s.linkExpiresAt) : ""}`.trimEnd();
  }
}

function signingLines(g: Signing): string[] {
  const revision = g.documentRevision === null ? "not yet sent for signature" : `revision ${g.documentRevision}`;
  const signers = [...g.signers].sort((a, b) => (a.order ?? a.position) - (b.order ?? b.position));
  return [
    `Signing (${g.mode}), ${revision}:`,
    ...signers.map((s) => {
      // In parallel mode nobody has a place in an order: a dash, not a number.
      const place = s.order === null ? "-" : `${s.order}.`;
      return `  ${place} ${s.name} <${s.email}>${s.role ? `, ${s.role}` : ""}: ${signerWords(s)}`;
    }),
  ];
}

/** Where the workflow stands beside its state: the step being filled in, or the approval stage awaited. */
function progressLine(s: WorkflowStatus): string | null {
  if (s.state === "in-progress" || s.state === "changes-requested")
    return `Step ${Math.min(s.currentStepIndex + 1, s.totalSteps)} of ${s.totalSteps}`;
  if (s.state === "pending-approval") return `Approval stage ${s.currentApprovalStage} of ${s.totalApprovalStages}`;
  return null;
}

/** `sealpost workflow status` for a person: the state in words, then what a person asks next. */
export function workflowStatusLines(s: WorkflowStatus): string[] {
  const progress = progressLine(s);
  const validation = s.validationOutcome === null ? "not validated yet" : s.validationOutcome;
  return [
    `Workflow ${s.workflowId}: ${STATE_WORDS[s.state] ?? s.state}`,
    `  Correlation id: ${s.correlationId}`,
    ...(progress ? [`  ${progress}`] : []),
    `  Validation: ${validation}`,
    ...(s.signing ? signingLines(s.signing).map((l) => `  ${l}`) : []),
    ...(s.sealedAt ? [`  Sealed ${when(s.sealedAt)}${s.sealedFileName ? ` as ${s.sealedFileName}` : ""}`] : []),
    ...(s.sealedSha256 ? [`  SHA-256: ${s.sealedSha256}`] : []),
    `  Last changed ${when(s.updatedAt)} (version ${s.version})`,
  ];
}
