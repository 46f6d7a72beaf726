import type { RequestExamples } from "@/lib/http/route";
import type { previewBody } from "./preview";

/** POST /api/templates/preview. The integration tests send these (tests/integration/template-preview.test.ts). */
export const previewExamples = {
  savedNotice: {
    summary: "The demo notice with one record, as saved under TEMPLATES_DIR",
    value: {
      templatePath: "notice.md",
      record: {
        customerId: "C1001",
        customerName: "Ann Smith",
        amountDue: 1520.5,
        dueDate: "2026-12-01",
        plan: "plus",
        installments: 3,
        autopay: true,
        accountManager: "Kim Lee",
      },
    },
  },
  draft: {
    summary: "A draft as the author edits it: formatters, a condition, a value not given",
    value: {
      template: [
        "---",
        "title: Reminder",
        "locale: de-DE",
        "style:",
        "  currency: EUR",
        "fields:",
        "  - key: name",
        "    required: true",
        "  - key: amount",
        "    type: number",
        "  - key: due",
        "    type: date",
        "---",
        "# Zahlungserinnerung",
        "",
        "Guten Tag {{name}}, bitte zahlen Sie {{amount | currency}} bis {{due}}.",
        "",
        "{{#if amount > 1000}}Ratenzahlung ist möglich.{{/if}}",
      ].join("\n"),
      record: { name: "Jonas Weber", amount: 1250, due: "2026-12-15" },
    },
  },
} satisfies RequestExamples<typeof previewBody>;
