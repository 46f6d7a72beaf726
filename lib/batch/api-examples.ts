import type { RequestExamples } from "@/lib/http/route";
import type { decideBody } from "./api-schemas";
import type { batchCheckBody } from "./check-batch";
import type { renderRequestSchema } from "./request-schema";

/** One account statement of the demo template templates/statement.md. */
const statement = (n: number, holder: string, balance: number, recipientEmail: string) => ({
  accountId: `A-${1000 + n}`,
  holder,
  period: "2026-06-30",
  balance,
  currency: "EUR",
  contactEmail: "billing@acme.example",
  lines: [
    { date: "2026-06-03", description: "Opening balance", amount: balance - 120, currency: "EUR" },
    { date: "2026-06-17", description: "Service fee", amount: 120, currency: "EUR" },
  ],
  recipientEmail,
});

/**
 * POST /api/render. The OpenAPI document shows these (lib/openapi) and the integration tests send
 * them (tests/integration/openapi-answers.test.ts), with a fresh correlation id per run.
 */
export const renderExamples = {
  statementBatch: {
    summary: "A batch of three statements, approved before each is mailed as a secure link",
    description:
      "Renders the demo template statement.md once per record. The distribution settings override the template's: " +
      "one PDF per record, held for an approver of the tenant, then each recipient gets a link valid for a week.",
    value: {
      templatePath: "statement.md",
      options: { correlationId: "statements-2026-06", generatedBy: "billing@acme.example", sourceSystem: "erp", title: "June statements" },
      dataSource: [
        statement(1, "Jane Roe", 1250.4, "jane.roe@example.com"),
        statement(2, "Pat Doe", 87.1, "pat.doe@example.com"),
        statement(3, "Sam Poe", 410, "sam.poe@example.com;accounts@poe.example.com"),
      ],
      templateSettings: {
        distribution: {
          enabled: true,
          mode: "individual",
          requireApproval: true,
          fileNameTemplate: "statement-{{accountId}}",
          deliveryConfig: { mode: "secure-email", expiresInHours: 168, nameField: "holder" },
          zipBundle: false,
        },
      },
      features: { svcDispatch: true },
    },
  },
} satisfies RequestExamples<typeof renderRequestSchema>;

/** POST /api/dispatch/batch/check: the render example's records and settings, or records as a spreadsheet exports them. */
export const batchCheckExamples = {
  records: {
    summary: "Check the records of a batch before sending it",
    value: {
      templatePath: "statement.md",
      dataSource: renderExamples.statementBatch.value.dataSource,
      templateSettings: renderExamples.statementBatch.value.templateSettings,
    },
  },
  csv: {
    summary: "Check records given as CSV (header row by field key or label); the answer's dataSource is what to send",
    value: {
      templatePath: "statement.md",
      recordsText:
        "accountId;holder;period;balance;currency;recipientEmail\n" +
        "A-1001;Jane Roe;2026-06-30;1250.40;EUR;jane.roe@example.com\n" +
        "A-1002;Pat Doe;2026-06-30;87.10;EUR;pat.doe@example.com\n",
    },
  },
} satisfies RequestExamples<typeof batchCheckBody>;

/** POST /api/dispatch/batch/{batchId}/decide. */
export const decideExamples = {
  approve: { summary: "Approve: the documents are sent", value: { decision: "approve", comments: "Checked against the ledger" } },
  reject: {
    summary: "Reject: nothing is sent, the batch is closed",
    value: { decision: "reject", comments: "Wrong period: these are May's figures" },
  },
  requestChanges: {
    summary: "Ask the submitter for changes (the batch can then be cancelled and resubmitted)",
    value: { decision: "request-changes", comments: "Record 3's balance does not match the ledger" },
  },
} satisfies RequestExamples<typeof decideBody>;
