import { describe, expect, it } from "vitest";
import type { Principal } from "@/lib/auth/principal";
import { mayReadCertificate } from "@/lib/signing/certificate/certificate-file";
import { workflowRow } from "../support/workflow-row";

const caller = (email: string, roles: string[] = []) => ({ subject: email, email, roles }) as unknown as Principal;
const at = "2026-03-02T10:00:00.000Z";

describe("who may read a certificate of completion", () => {
  const wf = workflowRow({
    createdBy: "initiator@acme.test",
    approvalHistory: [
      { action: "changes-requested", stage: 1, by: "asker@acme.test", comment: null, at },
      { action: "approved", stage: 1, by: "Approver@Acme.test", comment: "ok", at },
      { action: "approved-with-exception", stage: 2, by: "second@acme.test", comment: null, at },
      { action: "rejected", stage: 2, by: "nay@acme.test", comment: null, at },
    ],
  });

  it("the initiator, an admin, and an approver who approved it (any case of the address)", () => {
    for (const who of [
      caller("initiator@acme.test"),
      caller("someone@acme.test", ["admin"]),
      caller("approver@acme.test"),
      caller("second@acme.test"),
    ]) {
      expect(mayReadCertificate(wf, who), who.email!).toBe(true);
    }
  });

  it("not an approver who only asked for changes or rejected, nor anyone else of the tenant", () => {
    for (const who of [caller("asker@acme.test"), caller("nay@acme.test"), caller("other@acme.test")])
      expect(mayReadCertificate(wf, who), who.email!).toBe(false);
  });
});
