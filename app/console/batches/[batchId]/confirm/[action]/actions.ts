"use server";
import { redirect } from "next/navigation";
import { consoleActions, runBatchAction, type ConsoleAction } from "@/lib/console/batch-actions";
import { signInPath } from "@/lib/console/callback-path";
import { formText, isUuid, type ConfirmState } from "@/lib/console/confirm";
import { consolePrincipal } from "@/lib/console/session";

/**
 * The confirmed decision or cancellation: a POST (Next.js checks its Origin), with the session
 * checked here again (never trusted from the page that showed the button) and the batch id and
 * action re-checked, since a caller can send any. The domain applies the batch rules.
 */
export async function confirmBatchAction(batchId: string, action: string, _prev: ConfirmState, form: FormData): Promise<ConfirmState> {
  const values = formText(form, ["comments"]);
  if (!isUuid(batchId) || !(consoleActions as readonly string[]).includes(action)) return { message: "This action is not available." };
  const principal = await consolePrincipal();
  if (!principal) redirect(signInPath(`/console/batches/${batchId}/confirm/${action}`));
  const result = await runBatchAction(principal, batchId, action as ConsoleAction, values.comments);
  if (!result.ok) return { message: result.message, field: result.field, values };
  redirect(`/console/batches/${batchId}?done=${action}`);
}
