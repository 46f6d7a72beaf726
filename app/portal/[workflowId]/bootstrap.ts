import type { FieldDef } from "@/lib/templates/types";
import type { ApprovalEntry, ApprovalException } from "@/lib/workflow/approval/approval-types";
import type { Rule } from "@/lib/workflow/schema/schema-format";
import type { WorkflowState } from "@/lib/workflow/states";
import type { ValidationResult } from "@/lib/workflow/validation/validation-result";

/** The bootstrap payload (README "Workflow sessions"); parts a page can do without are optional. */
export interface Bootstrap {
  workflow: {
    workflowId: string;
    correlationId: string;
    state: WorkflowState;
    currentStepIndex: number;
    totalSteps: number;
    validationOutcome: "passed" | "failed" | null;
    currentApprovalStage: number;
    totalApprovalStages: number;
    version: number;
    title: string;
    organizationName: string | null;
    /** How answers are shown: dates and numbers (lib/format/show-value.ts). */
    locale: string;
    requireOtp: boolean;
    /** The sealed PDF's file name (the one GET …/sealed gives), once it is sealed. */
    sealedFileName?: string | null;
  };
  role: "participant" | "reviewer";
  steps: Array<{ stepIndex: number; title: string; description: string | null; fields: FieldDef[]; data: Record<string, unknown> }>;
  rules: Rule[];
  validationResults: ValidationResult[] | null;
  validatedAt: string | null;
  changeRequests?: unknown;
  /** Per field, what the participant changed since the reviewer last requested changes. */
  changesSinceReview?: Array<{ fieldKey: string; label: string; stepIndex: number; before: unknown; after: unknown }>;
  approvalHistory?: ApprovalEntry[];
  approvalException?: ApprovalException | null;
  /** Reviewer links only: the approver and stage the link was mailed for, and whether it may decide now. */
  reviewer?: { email: string; stage: number; mayDecide: boolean; refusal: { code: string; detail: string } | null } | null;
  otpRequired?: boolean;
  otpVerified?: boolean | null;
}

/**
 * The bootstrap while the passcode gate is closed (README "OTP"): only what the gate page needs, no
 * title, schema or data.
 */
export interface GatedBootstrap {
  workflow: { workflowId: string; state: WorkflowState; organizationName: string | null; requireOtp: true };
  role: "participant";
  otpRequired: true;
  otpVerified: false;
  otp: { sentAt: string | null; expiresAt: string | null; nextSendAt: string | null; lockedUntil: string | null };
}

/** A reviewer's request for a change, as the participant page shows it. */
export interface ChangeRequest {
  message: string;
  fieldKey?: string;
  severity?: string;
  category?: string;
  dueDate?: string;
}

const text = (v: unknown, max: number) => (typeof v === "string" && v.trim() ? v.slice(0, max) : undefined);

/** The change requests of a payload that has them, malformed entries dropped; none when absent. */
export function changeRequestsOf(boot: Bootstrap): ChangeRequest[] {
  if (!Array.isArray(boot.changeRequests)) return [];
  return boot.changeRequests.flatMap((c: unknown): ChangeRequest[] => {
    if (!c || typeof c !== "object") return [];
    const r = c as Record<string, unknown>;
    const message = text(r.message, 2000);
    if (!message) return [];
    return [
      {
        message,
        fieldKey: text(r.fieldKey, 200),
        severity: text(r.severity, 40),
        category: text(r.category, 100),
        dueDate: text(r.dueDate, 40),
      },
    ];
  });
}

/** True for the gated shape: the data stays closed until a one-time passcode is verified. */
export const otpPending = (boot: Bootstrap | GatedBootstrap): boot is GatedBootstrap =>
  boot.otpRequired === true && boot.otpVerified === false;

/** Failed error-severity results, the ones that block approval. */
export const failedErrors = (results: ValidationResult[] | null | undefined): ValidationResult[] =>
  (results ?? []).filter((r) => !r.passed && r.severity === "error");

export const fieldId = (key: string) => `field-${key}`;

export const labelOf = (f: FieldDef) => f.label ?? f.key;
