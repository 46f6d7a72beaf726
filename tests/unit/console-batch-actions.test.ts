import { describe, expect, it } from "vitest";
import type { Principal } from "@/lib/auth/principal";
import { batchRefusalText } from "@/app/console/batches/batch-words";
import { batchPermissions, batchRefusal, runBatchAction } from "@/lib/console/batch-actions";
import type { Batch } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { translatorFor } from "@/lib/i18n/translator";

const batch = (over: Partial<Batch> = {}) =>
  ({
    id: "b",
    state: "pending-approval",
    approvers: ["ann@acme.test", "bob@acme.test"],
    submittedBy: "sam@acme.test",
    options: { submitterEmail: "sam@acme.test" },
    ...over,
  }) as Batch;
const who = (email: string | null) =>
  ({ email, subject: email ?? "svc", roles: [], claims: {}, tenant: { id: "acme" } }) as unknown as Principal;

describe("console batch permissions", () => {
  it("lets an approver who did not submit decide, anyone of the tenant cancel, only while open", () => {
    expect(batchPermissions(batch(), who("ann@acme.test"))).toMatchObject({ canDecide: true, canCancel: true });
    expect(batchPermissions(batch(), who("sam@acme.test"))).toMatchObject({ canDecide: false, canCancel: true, approver: false });
    expect(batchPermissions(batch(), who(null))).toMatchObject({ canDecide: false, canCancel: true });
    expect(batchPermissions(batch({ state: "changes-requested" }), who("bob@acme.test")).canDecide).toBe(true);
    for (const state of ["queued", "processing", "completed", "rejected", "cancelled", "invalid"]) {
      expect(batchPermissions(batch({ state }), who("ann@acme.test"))).toMatchObject({ canDecide: false, canCancel: false });
    }
  });

  it("never lets the submitter decide, even when listed as an approver or submitting under another name", () => {
    expect(batchPermissions(batch({ submittedBy: "ann@acme.test" }), who("ann@acme.test"))).toMatchObject({
      approver: true,
      submitter: true,
      canDecide: false,
    });
    const viaGeneratedBy = batch({ submittedBy: "crm@acme.test", options: { submitterEmail: "ann@acme.test", submitterSubject: "ann" } });
    expect(batchPermissions(viaGeneratedBy, who("ann@acme.test")).canDecide).toBe(false);
  });
});

describe("console batch actions", () => {
  it("asks for a comment before requesting changes, and refuses text that cannot be stored, before touching the batch", async () => {
    expect(await runBatchAction(who("ann@acme.test"), "b", "request-changes", "  ")).toEqual({
      ok: false,
      field: "comments",
      reason: "commentsRequired",
    });
    expect(await runBatchAction(who("ann@acme.test"), "b", "approve", "fine\u0000")).toMatchObject({
      ok: false,
      field: "comments",
      reason: "commentsUnstorable",
    });
  });

  it("names the domain's refusals by reason, and the page says them in its language", () => {
    expect(batchRefusal(new AppError("batch.invalid_state", "x", { state: "queued" }))).toEqual({
      reason: "invalidState",
      state: "queued",
    });
    expect(batchRefusal(new AppError("template.invalid", "Something specific"))).toEqual({ reason: "other", detail: "Something specific" });
    const refusal = (locale: "en-GB" | "de", err: AppError) => batchRefusalText(translatorFor(locale), batchRefusal(err));
    expect(refusal("en-GB", new AppError("batch.invalid_state", "x", { state: "queued" }))).toBe(
      "This batch is now queued, so it can no longer be decided or cancelled. Someone may have acted on it already.",
    );
    expect(refusal("en-GB", new AppError("batch.invalid_state", "x", { state: "partially-failed" }))).toContain("is now partially failed,");
    expect(refusal("en-GB", new AppError("batch.self_approval"))).toBe("You submitted this batch, so another approver has to decide it.");
    expect(refusal("de", new AppError("batch.not_approver"))).toContain("freigebenden Personen");
    expect(refusal("en-GB", new AppError("template.invalid", "Something specific"))).toBe("Something specific");
  });
});
