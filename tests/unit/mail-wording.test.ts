import { describe, expect, it } from "vitest";
import { approvalRequestMail } from "@/lib/batch/notify-approvers";
import { parseRecipients } from "@/lib/batch/recipients";
import type { Batch } from "@/lib/db/schema";
import { plural } from "@/lib/plural";

const batch = (over: Partial<Batch> = {}) =>
  ({
    id: "b1",
    tenantId: "acme",
    title: "Notices",
    documentCount: 1,
    warningCount: 0,
    templatePath: "notice.md",
    submittedBy: "sam@acme.test",
    approvers: ["ann@acme.test"],
    ...over,
  }) as Batch;

describe("counts in words", () => {
  it("puts the noun in the number of its count", () => {
    expect(plural(1, "document")).toBe("1 document");
    expect(plural(0, "document")).toBe("0 documents");
    expect(plural(2, "document")).toBe("2 documents");
    expect(plural(1204, "record")).toBe("1,204 records");
    expect(plural(1, "try", "tries")).toBe("1 try");
    expect(plural(3, "try", "tries")).toBe("3 tries");
  });

  it("asks an approver about 1 document, not 1 documents", () => {
    expect(approvalRequestMail(batch(), "ann@acme.test", "en-GB").subject).toBe("Approval needed: Notices (1 document)");
    expect(approvalRequestMail(batch({ documentCount: 2 }), "ann@acme.test", "en-GB").subject).toBe(
      "Approval needed: Notices (2 documents)",
    );
  });

  it("counts names and addresses in a recipient warning", () => {
    const { warnings } = parseRecipients({ recipientEmail: "a@x.test;b@x.test", recipientName: "Ann" });
    expect(warnings).toEqual(["recipientName: 1 name for 2 addresses; names are matched by position"]);
  });
});
