import type { FormValues } from "@/lib/workflow/validation/form-rules";

/**
 * What the participant typed on a step and the server has not confirmed yet, kept in this tab's
 * sessionStorage by workflow and step: a reload, an expired link or a write from another tab never
 * loses it. Cleared once the step is saved as typed.
 */
const key = (workflowId: string, stepIndex: number) => `sealpost.portal-draft.${workflowId}.${stepIndex}`;

export function readDraft(workflowId: string, stepIndex: number): FormValues | null {
  try {
    const raw = window.sessionStorage.getItem(key(workflowId, stepIndex));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    // Only text and booleans go back into controls; anything else in storage is ignored.
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === "string" || typeof v === "boolean")) as FormValues;
  } catch {
    return null;
  }
}

export function writeDraft(workflowId: string, stepIndex: number, values: FormValues): void {
  try {
    window.sessionStorage.setItem(key(workflowId, stepIndex), JSON.stringify(values));
  } catch {
    // Storage full or disabled: the draft lives only in the page.
  }
}

export function clearDraft(workflowId: string, stepIndex: number): void {
  try {
    window.sessionStorage.removeItem(key(workflowId, stepIndex));
  } catch {
    // nothing to clear
  }
}
