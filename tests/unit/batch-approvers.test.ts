import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { approverRefusal, chooseApprovers, isSubmitter } from "@/lib/batch/batch-approvers";

const sam = { submittedBy: "sam@acme.test", options: { submitterEmail: "sam@acme.test" } };
const tenant = ["ann@acme.test", "sam@acme.test", "bob@acme.test"];

describe("the approvers of a batch", () => {
  it("are the ones it names, less its submitter", () => {
    expect(chooseApprovers({ approversEmail: ["sam@acme.test", "ann@acme.test"] }, tenant, sam)).toEqual({
      approvers: ["ann@acme.test"],
      source: "batch",
      submitterLeftOut: true,
    });
    expect(chooseApprovers({}, tenant, sam)).toEqual({
      approvers: ["ann@acme.test", "bob@acme.test"],
      source: "tenant",
      submitterLeftOut: true,
    });
    expect(chooseApprovers({ approversEmail: ["ann@acme.test"] }, tenant, sam)).toEqual({
      approvers: ["ann@acme.test"],
      source: "batch",
      submitterLeftOut: false,
    });
  });

  it("fall back to the tenant's approvers, less the submitter, when the batch names only its submitter", () => {
    expect(chooseApprovers({ approversEmail: ["sam@acme.test"] }, tenant, sam)).toEqual({
      approvers: ["ann@acme.test", "bob@acme.test"],
      source: "tenant",
      submitterLeftOut: true,
    });
  });

  it("leave out a submitter known by the token's email only, in any case", () => {
    const viaCrm = { submittedBy: "CRM export", options: { submitterEmail: "Sam@Acme.test" } };
    expect(chooseApprovers({ approversEmail: ["sam@acme.test", "ann@acme.test"] }, [], viaCrm).approvers).toEqual(["ann@acme.test"]);
    expect(isSubmitter(viaCrm, "SAM@acme.test")).toBe(true);
  });

  it("are nobody when only the submitter is configured: 422 batch.no_approver naming the setting; none at all stays batch.settings_invalid", () => {
    const onlySam = chooseApprovers({ approversEmail: ["sam@acme.test"] }, ["sam@acme.test"], sam);
    expect(onlySam.approvers).toEqual([]);
    const refusal = approverRefusal(onlySam)!;
    expect(refusal.code).toBe("batch.no_approver");
    expect(refusal.status).toBe(422);
    expect(refusal.extra.errors).toEqual([
      {
        path: "templateSettings.distribution.approversEmail",
        message: "must name an approver other than the submitter when requireApproval is true",
      },
    ]);
    expect(approverRefusal(chooseApprovers({}, [], sam))?.code).toBe("batch.settings_invalid");
    expect(approverRefusal(chooseApprovers({}, ["ann@acme.test"], sam))).toBeNull();
  });

  it("never hold the submitter, and are empty only when nobody else is configured (generated lists)", () => {
    const address = fc.constantFrom("sam@acme.test", "ann@acme.test", "bob@acme.test", "cy@acme.test");
    fc.assert(
      fc.property(
        fc.option(fc.array(address, { maxLength: 3 }), { nil: undefined }),
        fc.array(address, { maxLength: 3 }),
        (approversEmail, tenantApprovers) => {
          const choice = chooseApprovers({ approversEmail }, tenantApprovers, sam);
          expect(choice.approvers).not.toContain("sam@acme.test");
          const someone = (xs: string[] | undefined) => (xs ?? []).some((a) => a !== "sam@acme.test");
          expect(choice.approvers.length === 0).toBe(!someone(approversEmail) && !someone(tenantApprovers));
          if (someone(approversEmail)) expect(choice.source).toBe("batch");
        },
      ),
    );
  });
});
