import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { templateOf } from "../support/template-of";
import { parseRecipients } from "@/lib/batch/recipients";
import { renderRequestSchema } from "@/lib/batch/request-schema";
import { resolveDistribution } from "@/lib/batch/resolve-distribution";
import { addressProblem } from "@/lib/mail/address";
import { validateRecord } from "@/lib/templates/validate-record";
import { newTenantSchema } from "@/lib/tenants/validation";
import { approvalSchema } from "@/lib/workflow/schema/schema-format";
import { workflowTemplateSettings } from "@/lib/workflow/settings";

const chars = (alphabet: string, min: number, max: number) =>
  fc.integer({ min, max }).chain((n) => fc.array(fc.constantFrom(...alphabet), { minLength: n, maxLength: n }).map((cs) => cs.join("")));
/** Addresses in the usual format whose parts run from short to past every RFC 5321 limit. */
const address = fc
  .record({
    local: chars("abcxyz0189", 1, 90),
    labels: fc.array(chars("abcdefghij", 1, 70), { minLength: 1, maxLength: 5 }),
  })
  .map(({ local, labels }) => `${local}@${[...labels, "test"].join(".")}`);
const bytes = (s: string) => Buffer.byteLength(s);
const withinLimits = (a: string) => {
  const [local, domain] = a.split("@");
  return bytes(local) <= 64 && bytes(domain) <= 255 && bytes(a) <= 254 && domain.split(".").every((l) => bytes(l) <= 63);
};

const template = templateOf([{ key: "contact", type: "email" }]);

/** Every place an address comes in, each saying whether it takes `a`. */
const intakes: Record<string, (a: string) => boolean> = {
  "batch record email field": (a) => validateRecord(template, { contact: a }).status === "valid",
  "batch record recipientEmail": (a) => parseRecipients({ recipientEmail: `ok@example.test;${a}` }).errors.length === 0,
  "batch approversEmail": (a) => {
    try {
      resolveDistribution(undefined, { approversEmail: [a] });
      return true;
    } catch {
      return false;
    }
  },
  "batch generatedBy": (a) => renderRequestSchema.safeParse({ templatePath: "t.md", dataSource: {}, options: { generatedBy: a } }).success,
  "workflow recipients": (a) => workflowTemplateSettings.safeParse({ workflow: { recipients: [{ email: a }] } }).success,
  "workflow delivery recipients": (a) => workflowTemplateSettings.safeParse({ delivery: { enabled: true, recipients: [a] } }).success,
  "workflow schema approvers": (a) => approvalSchema.safeParse({ stages: [[a]] }).success,
  "tenant approvers": (a) => newTenantSchema.safeParse({ id: "t1", name: "T", tier: "standard", approvers: [a] }).success,
};

describe("email addresses at intake", () => {
  it("are refused past RFC 5321's lengths (64 bytes before the @, 255 after, 254 in all) and taken within them", () => {
    fc.assert(
      fc.property(address, (a) => {
        expect(addressProblem(a) === null, a).toBe(withinLimits(a));
      }),
      { numRuns: 500 },
    );
    const long = `${"a".repeat(300)}@example.test`;
    expect(addressProblem(long)).toContain("at most 64");
    expect(addressProblem(`${"a".repeat(64)}@example.test`)).toBeNull();
    expect(addressProblem(`${"a".repeat(65)}@example.test`)).toContain("65 bytes before the @");
  });

  it("get the same answer at every intake: batch records, approvers, submitter, workflow recipients, schemas, tenants", () => {
    fc.assert(
      fc.property(address, fc.constantFrom(...Object.keys(intakes)), (a, intake) => {
        expect(intakes[intake](a), `${intake}: ${a}`).toBe(addressProblem(a) === null);
      }),
      { numRuns: 800 },
    );
  });

  it("name the limit in the batch record's message", () => {
    const long = `${"a".repeat(300)}@example.test`;
    expect(validateRecord(template, { contact: long }).messages[0]).toMatch(
      /^contact: must be an email address .*300 bytes before the @; at most 64/,
    );
    expect(parseRecipients({ recipientEmail: long }).errors[0]).toMatch(
      /^recipientEmail: "a+…" \(313 characters\) has 300 bytes before the @/,
    );
  });
});
