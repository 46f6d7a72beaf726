import { describe, expect, it } from "vitest";
import { renderSealedWorkflow } from "@/lib/pdf/sealed-workflow";
import { sealInput } from "@/lib/workflow/sealing/seal-input";
import type { WorkflowSchema } from "@/lib/workflow/schema/schema-format";
import type { ValidationResult } from "@/lib/workflow/validation/validation-result";
import { pdfText } from "../support/pdf";
import { workflowRow } from "../support/workflow-row";

const schema = {
  source: null,
  steps: [
    {
      title: "Volumes",
      fields: [
        { key: "expectedVolume", label: "Expected yearly volume", type: "number", required: false, severity: "error" },
        { key: "amount", label: "Amount", type: "number", required: false, severity: "error" },
        { key: "vat", label: "VAT number", type: "string", required: false, severity: "error" },
      ],
    },
  ],
  rules: [],
  approval: { stages: [["stage@acme.test"]] },
  autoValidateOnCreate: false,
} as unknown as WorkflowSchema;

const result = (ruleId: string, passed: boolean, severity: "error" | "warning", fieldKey: string): ValidationResult => ({
  ruleId,
  passed,
  severity,
  fieldKey,
  message: `Message of ${ruleId}`,
  stepIndex: 0,
});

describe("a rule's result reads the same in the sealed record as on the reviewer page and in the console", () => {
  const wf = workflowRow({
    schema,
    state: "sealing",
    validationResults: [
      result("large-volume", false, "warning", "expectedVolume"),
      result("amount-limit", false, "error", "amount"),
      result("vat-format", false, "error", "vat"),
      result("vat-present", true, "error", "vat"),
    ],
    approvalException: {
      justification: "Board approved",
      failedRules: ["amount-limit"],
      by: "stage@acme.test",
      at: "2026-03-02T10:00:00.000Z",
      stage: 1,
    },
  });

  it("a failed warning is a warning, an excepted error is marked granted, only a failed error is red; fields by their labels", () => {
    const { results } = sealInput(wf, [], new Date("2026-03-02T11:00:00.000Z"));
    expect(results.map((r) => [r.ruleId, r.result, r.tone, r.severity, r.field])).toEqual([
      ["large-volume", "Warning", "yellow", "Warning", "Expected yearly volume"],
      ["amount-limit", "Failed, exception granted", "yellow", "Error", "Amount"],
      ["vat-format", "Failed", "red", "Error", "VAT number"],
      ["vat-present", "Passed", "green", "Error", "VAT number"],
    ]);
  });

  it("the sealed PDF prints the warning as a warning, read back by pdftotext", async () => {
    const text = await pdfText(await renderSealedWorkflow(sealInput(wf, [], new Date("2026-03-02T11:00:00.000Z"))));
    expect(text).toContain("Warning Warning large-volume Message of large-volume (Expected yearly volume)");
    expect(text).toContain("Failed, exception granted Error amount-limit");
    expect(text).not.toMatch(/FAILED|\(expectedVolume\)/);
  });
});
