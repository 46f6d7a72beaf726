import type { RequestExamples } from "@/lib/http/route";
import type { createWorkflowBody, decisionBody, governanceBody, otpBody, requestChangesBody, stepBody } from "./api-schemas";

/**
 * Example requests of the workflow routes, on the demo template templates/supplier-onboarding.md
 * (three steps: the company, contact and payment, volume). The OpenAPI document shows them
 * (lib/openapi) and tests/integration/openapi-answers.test.ts sends them, replacing only what a run
 * must make its own (correlation ids, the passcode mailed).
 */

/** What a supplier enters, step by step (templates/workflows/supplier-onboarding.yaml). */
export const supplierSteps = [
  { companyName: "Northwind Traders GmbH", vatNumber: "DE123456789", country: "DE" },
  { contactName: "Maria Anders", contactEmail: "maria.anders@northwind.example", bankIban: "DE89370400440532013000" },
  { expectedVolume: 250000, startDate: "2026-09-01", agreeTerms: true },
] as const;

export const createWorkflowExamples = {
  supplierOnboarding: {
    summary: "Invite a supplier to fill in the onboarding form",
    description:
      "The recipient gets a portal link by mail; the result is sealed into a PDF after approval. Progress is posted to callbackUrl.",
    value: {
      templatePath: "supplier-onboarding.md",
      correlationId: "supplier-northwind",
      templateSettings: {
        workflow: {
          recipients: [{ email: "maria.anders@northwind.example", displayName: "Maria Anders" }],
          organizationName: "Acme Procurement",
          locale: "de-DE",
        },
      },
      options: { documentId: "SUP-2026-0042", docType: "supplier-onboarding" },
      callbackUrl: "https://erp.acme.example/hooks/sealpost",
    },
  },
  withSigners: {
    summary: "Prefilled, validated at once, then signed by two people in turn",
    description:
      "initialData fills every step and autoValidateOnCreate checks it at once, so the workflow starts at approval. " +
      "After sealing, the signers are invited one after the other; the first must enter a passcode mailed to them.",
    value: {
      templatePath: "supplier-onboarding.md",
      correlationId: "supplier-northwind-contract",
      templateSettings: {
        workflow: { recipients: [{ email: "maria.anders@northwind.example", displayName: "Maria Anders" }], autoValidateOnCreate: true },
        esign: {
          enabled: true,
          signingMode: "sequential",
          signers: [
            { name: "Maria Anders", email: "maria.anders@northwind.example", role: "Supplier", order: 1, requireOtp: true },
            { name: "Tom Baker", email: "tom.baker@acme.example", role: "Head of procurement", order: 2 },
          ],
        },
      },
      initialData: Object.assign({}, ...supplierSteps),
    },
  },
} satisfies RequestExamples<typeof createWorkflowBody>;

/** PATCH /api/workflow/{workflowId}/step/{stepIndex}: the values of one step, merged into what was saved. */
export const stepExamples = {
  company: { summary: "Step 0: the company", value: { data: supplierSteps[0] } },
  contact: { summary: "Step 1: contact and payment", value: { data: supplierSteps[1] } },
  volume: {
    summary: "Step 2: volume, refused if someone saved since version 3",
    description:
      "`version` is the one the portal last saw (here: after the first two steps were saved and submitted); a save made meanwhile makes this one a 409.",
    value: { data: supplierSteps[2], version: 3 },
  },
} satisfies RequestExamples<typeof stepBody>;

/** POST /api/workflow/{workflowId}/approve (an empty body is allowed too). */
export const approveExamples = {
  approve: { summary: "Approve with a comment", value: { comment: "Bank details checked against the supplier's letter" } },
} satisfies RequestExamples<typeof decisionBody>;

/** POST /api/workflow/{workflowId}/reject. */
export const rejectExamples = {
  reject: { summary: "Reject with the reason", value: { comment: "We already work with this supplier under another entity" } },
} satisfies RequestExamples<typeof decisionBody>;

/** POST /api/workflow/{workflowId}/request-changes. */
export const requestChangesExamples = {
  twoChanges: {
    summary: "Send the form back with one error on a field and a general remark",
    value: {
      changes: [
        {
          message: "The IBAN does not belong to the company named in step 1",
          fieldKey: "bankIban",
          severity: "error",
          category: "payment",
          dueDate: "2026-08-15",
        },
        { message: "Please add the first delivery date agreed with purchasing", severity: "info" },
      ],
    },
  },
} satisfies RequestExamples<typeof requestChangesBody>;

/** POST /api/workflow/{workflowId}/governance-decision. */
export const governanceExamples = {
  approveWithException: {
    summary: "Approve although an error rule failed; the justification is sealed into the PDF",
    value: {
      decision: "approve-with-exception",
      justification: "The VAT number is being registered; finance confirmed by phone on 2026-07-02",
      comment: "Follow up in 30 days",
    },
  },
  reject: { summary: "Reject on governance grounds", value: { decision: "reject", justification: "Sanctions screening not passed" } },
} satisfies RequestExamples<typeof governanceBody>;

/** POST /api/workflow/{workflowId}/otp/verify: the six digits mailed by otp/send. */
export const otpExamples = {
  passcode: { summary: "The passcode from the mail", value: { otp: "482913" } },
} satisfies RequestExamples<typeof otpBody>;
