import { describe, expect, it } from "vitest";
import {
  SIGNER_STATE_KEYS,
  WORKFLOW_STATE_KEYS,
  callbackWords,
  signatureWords,
  verificationSummary,
  workflowStateWords,
} from "@/app/console/workflows/workflow-words";
import { signerStates } from "@/lib/db/schema";
import { DECISION_KEYS, RULE_VERDICT_KEYS, STATE_IN_SENTENCE_KEYS } from "@/lib/format/workflow-word-keys";
import { signerStateTags, workflowStateTags } from "@/lib/format/state-words";
import { LOCALES } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { workflowStates } from "@/lib/workflow/states";

/**
 * The console's workflow pages say every state, decision and verdict through the catalogues: each
 * table covers every value of the schema, so a new state cannot reach a page as its machine code.
 */
describe("the console's workflow words", () => {
  it("have a catalogue key for every workflow state, signer state, decision and verdict", () => {
    expect(Object.keys(WORKFLOW_STATE_KEYS).sort()).toEqual([...workflowStates].sort());
    expect(Object.keys(STATE_IN_SENTENCE_KEYS).sort()).toEqual([...workflowStates].sort());
    expect(Object.keys(SIGNER_STATE_KEYS).sort()).toEqual([...signerStates].sort());
    // Every state with a colour has words, and the other way round.
    expect(Object.keys(WORKFLOW_STATE_KEYS).sort()).toEqual(Object.keys(workflowStateTags).sort());
    expect(Object.keys(SIGNER_STATE_KEYS).sort()).toEqual(Object.keys(signerStateTags).sort());
    expect(Object.keys(DECISION_KEYS)).toHaveLength(6);
    expect(Object.keys(RULE_VERDICT_KEYS).sort()).toEqual(["excepted", "failed", "passed", "warning"]);
  });

  it("say each state in every language, never as its code", () => {
    for (const { tag } of LOCALES) {
      const t = translatorFor(tag);
      for (const s of workflowStates) {
        const words = workflowStateWords(t, s);
        expect(words, `${tag} ${s}`).not.toBe(s);
        expect(words.length, `${tag} ${s}`).toBeGreaterThan(0);
      }
      for (const s of signerStates) expect(t(SIGNER_STATE_KEYS[s]), `${tag} ${s}`).not.toContain(".");
    }
  });

  it("keep today's English", () => {
    const t = translatorFor("en-GB");
    expect(workflowStateWords(t, "pending-approval")).toBe("Waiting for approval");
    expect(workflowStateWords(t, "unknown-state")).toBe("unknown-state");
    expect(callbackWords(t, "gave-up")).toBe("Given up");
    expect(callbackWords(t, "__proto__")).toBe("__proto__");
    expect(signatureWords(t, "digest")).toBe("Not valid: the document was changed after this signature was made.");
  });

  it("sum up a document's verification from its signatures", () => {
    const t = translatorFor("en-GB");
    const sig = (valid: boolean) => ({ valid }) as Parameters<typeof verificationSummary>[1]["signatures"][number];
    expect(verificationSummary(t, { signatures: [], unsignedTail: null })).toBe("The PDF has no signatures.");
    expect(verificationSummary(t, { signatures: [sig(true), sig(true)], unsignedTail: null })).toBe(
      "All 2 signatures are valid and the last covers the whole file.",
    );
    expect(verificationSummary(t, { signatures: [sig(true)], unsignedTail: [10, 30] })).toBe(
      "The signature is valid, but 20 bytes were added after the last signature.",
    );
    expect(verificationSummary(t, { signatures: [sig(true), sig(false)], unsignedTail: null })).toMatch(/^1 of 2 signatures is not valid/);
  });
});
