import { z } from "zod";
import { dateProblem, dateProblemText, type DateProblem } from "@/lib/date-parts";
import { changeSeverities, governanceDecisions, isoDate } from "../api-schemas";

/**
 * The reviewer page's two forms (request changes, governance decision) as zod schemas over what the
 * controls hold (text, "" for nothing chosen), with messages a reviewer reads, and the API bodies
 * they turn into. Pure: the page validates with them, and a unit test checks that every body they
 * make is one the server's own schemas (requestChangesBody, governanceBody) accept.
 */
export type ChangeSeverity = (typeof changeSeverities)[number];
export type GovernanceDecision = (typeof governanceDecisions)[number];

/** One change request as typed: fieldKey "" is a request about the whole submission. */
export interface ChangeDraft {
  fieldKey: string;
  message: string;
  severity: ChangeSeverity | "";
  category: string;
  dueDate: string;
}

export const MAX_CHANGES = 100;

/** What the date messages call the optional due date ("The due date must include a month"). */
export const DUE_DATE = "The due date";

export const emptyChange = (fieldKey = ""): ChangeDraft => ({ fieldKey, message: "", severity: "error", category: "", dueDate: "" });

/** The forms' messages: the reviewer page's language gives its own; English by default. */
export interface ChangeFormWords {
  chooseQuestion: string;
  enterMessage: string;
  messageTooLong: string;
  chooseImportance: string;
  categoryTooLong: string;
  dueDate: (p: DateProblem) => string;
  atLeastOne: string;
  tooMany: string;
}

export const ENGLISH_CHANGE_WORDS: ChangeFormWords = {
  chooseQuestion: "Choose a question from the list",
  enterMessage: "Enter what needs to change",
  messageTooLong: "The message must be 2,000 characters or fewer",
  chooseImportance: "Choose how important the change is",
  categoryTooLong: "The category must be 100 characters or fewer",
  dueDate: (p) => dateProblemText(DUE_DATE, p),
  atLeastOne: "Add at least one change",
  tooMany: `You can ask for at most ${MAX_CHANGES} changes at once`,
};

export interface DecisionFormWords {
  chooseDecision: string;
  notPossible: string;
  tooLong: string;
  justify: string;
}

export const ENGLISH_DECISION_WORDS: DecisionFormWords = {
  chooseDecision: "Choose your decision",
  notPossible: "That decision is not possible for these rule results",
  tooLong: "Keep it to 5,000 characters or fewer",
  justify: "Explain why you approve although rules failed",
};

const NOT_A_DATE: DateProblem = { kind: "real", parts: ["day", "month", "year"] };

// Radios with nothing chosen read as null in react-hook-form; both mean "no answer".
const choice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.preprocess((v) => v ?? "", z.enum(options, { error: message }));

/** The request-changes form; `fieldKeys` are the schema's fields (the server refuses any other). */
export function changeRequestForm(fieldKeys: ReadonlySet<string>, words: ChangeFormWords = ENGLISH_CHANGE_WORDS) {
  return z.object({
    changes: z
      .array(
        z.object({
          fieldKey: z.string().refine((k) => k === "" || fieldKeys.has(k), words.chooseQuestion),
          message: z.string().trim().min(1, words.enterMessage).max(2000, words.messageTooLong),
          severity: choice(changeSeverities, words.chooseImportance),
          category: z.string().trim().max(100, words.categoryTooLong),
          dueDate: z
            .string()
            .trim()
            .superRefine((d, ctx) => {
              const problem = dateProblem(d) ?? (d === "" || isoDate.safeParse(d).success ? null : NOT_A_DATE);
              if (problem) ctx.addIssue({ code: "custom", message: words.dueDate(problem) });
            }),
        }),
      )
      .min(1, words.atLeastOne)
      .max(MAX_CHANGES, words.tooMany),
  });
}

/** POST request-changes body: optional parts left out when empty. */
export function toRequestChangesBody(form: { changes: ChangeDraft[] }) {
  return {
    changes: form.changes.map((c) => ({
      message: c.message.trim(),
      severity: (c.severity || "error") as ChangeSeverity,
      ...(c.fieldKey ? { fieldKey: c.fieldKey } : {}),
      ...(c.category.trim() ? { category: c.category.trim() } : {}),
      ...(c.dueDate.trim() ? { dueDate: c.dueDate.trim() } : {}),
    })),
  };
}

export interface DecisionDraft {
  decision: GovernanceDecision | "";
  /** Sealed into the record with approve-with-exception; the comment of approve and reject. */
  reason: string;
}

/** The decision form; `allowed` (allowedDecisions) says which decisions the server would accept now. */
export function decisionForm(allowed: Record<GovernanceDecision, boolean>, words: DecisionFormWords = ENGLISH_DECISION_WORDS) {
  return z
    .object({
      decision: choice(governanceDecisions, words.chooseDecision).refine((d) => allowed[d], words.notPossible),
      reason: z.string().max(5000, words.tooLong),
    })
    .superRefine((v, ctx) => {
      if (v.decision === "approve-with-exception" && !v.reason.trim()) {
        ctx.addIssue({ code: "custom", path: ["reason"], message: words.justify });
      }
    });
}

/** POST governance-decision body: the reason is the justification of an exception, else an optional comment. */
export function toGovernanceBody(form: DecisionDraft) {
  const decision = form.decision as GovernanceDecision;
  const reason = form.reason.trim();
  if (decision === "approve-with-exception") return { decision, justification: reason };
  return reason ? { decision, comment: reason } : { decision };
}
