"use server";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { signInPath } from "@/lib/console/callback-path";
import { formText, isUuid, type ConfirmState } from "@/lib/console/confirm";
import { consolePrincipal } from "@/lib/console/session";
import { actionFields, runWorkflowAction, workflowActions, type WorkflowConsoleAction } from "@/lib/console/workflow-actions";
import { refusalWords } from "../../../workflow-words";

/**
 * A confirmed workflow action: a POST (Next.js checks its Origin), the session checked here again and
 * the id and action re-checked (a caller can send any); the domain function of the API decides.
 */
export async function confirmWorkflowAction(
  workflowId: string,
  action: string,
  _prev: ConfirmState,
  form: FormData,
): Promise<ConfirmState> {
  const t = await getTranslations();
  if (!isUuid(workflowId) || !(workflowActions as readonly string[]).includes(action))
    return { message: t("console.workflows.refusal.notAvailable") };
  const act = action as WorkflowConsoleAction;
  const values = formText(form, actionFields[act]);
  const principal = await consolePrincipal("workflow");
  if (!principal) redirect(signInPath(`/console/workflows/${workflowId}/confirm/${act}`));
  const result = await runWorkflowAction(principal, workflowId, act, values);
  if (!result.ok) return { message: refusalWords(t, result, act), field: result.field, values };
  redirect(`/console/workflows/${workflowId}?done=${act}`);
}
