import { decimalInteger } from "@/lib/http/decimal-integer";
import { z } from "zod";
import { workflowTemplateSettings } from "./settings";
import { workflowStates } from "./states";

const idString = z.string().trim().min(1).max(200);

// One check, not `.url().refine(...)`: zod runs every refinement even after `.url()` has failed, and
// `new URL` would then throw on the text that failed it.
const httpUrl = z
  .string()
  .max(2000)
  .superRefine((text, ctx) => {
    const url = URL.canParse(text) ? new URL(text) : null;
    if (!url) ctx.addIssue({ code: "custom", message: "must be an absolute http or https URL" });
    else if (url.protocol !== "http:" && url.protocol !== "https:")
      ctx.addIssue({ code: "custom", message: "must be an http or https URL" });
    // Credentials in a URL would be stored and sent in clear; receivers check the signature instead.
    else if (url.username || url.password) ctx.addIssue({ code: "custom", message: "must not contain a user name or password" });
  });

/** POST /api/workflow (docs/spec.md, "Workflow create request"). */
export const createWorkflowBody = z
  .object({
    templatePath: z.string().min(1).max(500).optional(),
    /** Legacy alias of templatePath; templatePath wins when both are sent. */
    templateId: z.string().min(1).max(500).optional(),
    correlationId: idString.optional(),
    templateSettings: workflowTemplateSettings,
    options: z.object({ documentId: idString.optional(), docType: idString.optional() }).loose().default({}),
    initialData: z.record(z.string(), z.unknown()).optional(),
    callbackUrl: httpUrl.optional(),
  })
  .refine((r) => r.templatePath ?? r.templateId, { message: "templatePath is required", path: ["templatePath"] });

export type CreateWorkflowRequest = z.infer<typeof createWorkflowBody>;

export const workflowIdParams = z.object({ workflowId: z.string().uuid() });

export const stepParams = z.object({
  workflowId: z.string().uuid(),
  stepIndex: decimalInteger({ max: 999 }),
});

/** PATCH /api/workflow/{id}/step/{stepIndex}: values to merge; `version` is the one the client last saw. */
export const stepBody = z.object({
  data: z.record(z.string().max(200), z.unknown()),
  version: z.number().int().min(0).optional(),
});

export const listQuery = z.object({
  state: z.enum(workflowStates).optional(),
  limit: decimalInteger({ min: 1, max: 200 }).default(50),
  offset: decimalInteger().default(0),
});

const comment = z.string().max(5000).optional();

/** Approve / reject body (docs/spec.md, "Workflow create request": comment, a string); an empty body is allowed. */
export const decisionBody = z.object({ comment }).default({});

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be an ISO 8601 date (YYYY-MM-DD)")
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    "is not a calendar date",
  );

export const changeSeverities = ["error", "warning", "info"] as const;
export const governanceDecisions = ["approve", "approve-with-exception", "reject"] as const;

/** Request-changes body (docs/spec.md, "Workflow create request": changes, an array of {message, fieldKey?, severity, category?, dueDate?}). */
export const requestChangesBody = z.object({
  changes: z
    .array(
      z.object({
        message: z.string().trim().min(1).max(2000),
        fieldKey: z.string().min(1).max(200).optional(),
        severity: z.enum(changeSeverities).default("error"),
        category: z.string().trim().min(1).max(100).optional(),
        dueDate: isoDate.optional(),
      }),
    )
    .min(1)
    .max(100),
});

/** Governance decision body; the justification rule (mandatory for approve-with-exception) is checked with a code of its own. */
export const governanceBody = z.object({
  decision: z.enum(governanceDecisions),
  justification: z.string().max(5000).optional(),
  comment,
});

/** POST /api/workflow/{id}/otp/verify (docs/spec.md, "Workflow create request": OTP verify body). */
export const otpBody = z.object({ otp: z.string().regex(/^\d{6}$/, "must be a string of 6 digits") });

/**
 * GET /api/workflow/{id}/export: json (default) or csv. Any other value is 400 workflow.export_format,
 * checked by the domain so the answer names the formats (zod would say request.invalid).
 */
export const exportQuery = z.object({ format: z.string().max(20).default("json") });
