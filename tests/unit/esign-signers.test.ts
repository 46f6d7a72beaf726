import { describe, expect, it } from "vitest";
import type { WorkflowSigner } from "@/lib/db/schema";
import { canDo, transitions } from "@/lib/workflow/states";
import { effectiveState, signersDue } from "@/lib/signing/signers/signers";
import {
  expandSignLinks,
  signLinkPlaceholder,
  signToken,
  signTokenHash,
  tokenMatches,
  tokenSigner,
} from "@/lib/signing/ceremony/sign-link";

const T = new Date("2026-03-02T09:00:00Z");
let n = 0;
function signer(over: Partial<WorkflowSigner> = {}): WorkflowSigner {
  const position = n++;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, "0")}`,
    tenantId: "acme",
    workflowId: "11111111-1111-4111-8111-111111111111",
    position,
    signOrder: null,
    name: `S${position}`,
    email: `s${position}@x.test`,
    role: null,
    requireOtp: false,
    locale: null,
    state: "waiting",
    invitedAt: null,
    viewedAt: null,
    signRequestedAt: null,
    signedAt: null,
    declinedAt: null,
    expiredAt: null,
    declineReason: null,
    tokenHash: null,
    tokenExpiresAt: null,
    tokenNonce: null,
    reminderSentAt: null,
    replacedTokenHashes: [],
    consentVersion: null,
    consentSha256: null,
    consentLocale: null,
    verificationMethod: null,
    ip: null,
    userAgent: null,
    markKind: null,
    markText: null,
    markBlobKey: null,
    fieldName: null,
    fieldPage: null,
    fieldRect: null,
    signedRevision: null,
    signedSha256: null,
    createdAt: T,
    updatedAt: T,
    ...over,
  };
}

describe("who signs next", () => {
  it("in parallel mode: everyone not done", () => {
    const list = [signer({ state: "signed" }), signer({ state: "invited" }), signer({ state: "viewed" })];
    expect(signersDue("parallel", list).map((s) => s.state)).toEqual(["invited", "viewed"]);
  });

  it("in sequential mode: the first by order not signed, nobody after a decline", () => {
    const [a, b, c] = [signer({ signOrder: 2 }), signer({ signOrder: 1, state: "signed" }), signer({ signOrder: 3 })];
    expect(signersDue("sequential", [a, b, c])).toEqual([a]);
    expect(signersDue("sequential", [{ ...a, state: "declined" }, b, c])).toEqual([]);
    expect(signersDue("sequential", [{ ...a, state: "signed" }, b, { ...c, state: "signed" }])).toEqual([]);
  });
});

describe("a signer's state", () => {
  it("is expired once the link's time ran out before the signer acted", () => {
    const later = T.getTime() + 1000;
    expect(effectiveState(signer({ state: "invited", tokenExpiresAt: T }), later)).toBe("expired");
    expect(effectiveState(signer({ state: "viewed", tokenExpiresAt: T }), later)).toBe("expired");
    expect(effectiveState(signer({ state: "viewed", tokenExpiresAt: T, signRequestedAt: T }), later)).toBe("viewed");
    expect(effectiveState(signer({ state: "signed", tokenExpiresAt: T }), later)).toBe("signed");
    expect(effectiveState(signer({ state: "invited", tokenExpiresAt: new Date(later + 1) }), later)).toBe("invited");
  });
});

describe("the signing transitions", () => {
  it("keep a workflow sealing while signatures are collected, and end it complete or rejected", () => {
    expect(transitions["seal-for-signing"]).toEqual({ from: ["sealing"], to: ["sealing"] });
    expect(transitions["signature-applied"].to).toEqual(["sealing", "complete"]);
    expect(transitions["signature-declined"].to).toEqual(["rejected"]);
    for (const s of ["complete", "rejected", "cancelled", "pending-approval"]) expect(canDo("signature-applied", s)).toBe(false);
  });
});

describe("a signer's link", () => {
  it("names its signer, matches only its own hash, and is made from the outbox's placeholder", () => {
    const id = "0f0e0d0c-0b0a-4009-8008-070605040302";
    const token = signToken(id, "nonce-of-sixteen-chars");
    expect(tokenSigner(token)).toBe(id);
    expect(tokenMatches(token, signTokenHash(token))).toBe(true);
    expect(tokenMatches(signToken(id, "another-nonce-sixteen"), signTokenHash(token))).toBe(false);
    expect(tokenMatches(token, null)).toBe(false);
    expect(tokenSigner(`${id}.short`)).toBeNull();
    expect(tokenSigner(`../${token}`)).toBeNull();
    expect(expandSignLinks(`Sign: ${signLinkPlaceholder(id, "nonce-of-sixteen-chars")}`)).toBe(`Sign: http://localhost:3000/sign/${token}`);
  });
});
