"use server";
import { redirect } from "next/navigation";
import { consoleActions, runBatchAction, type ConsoleAction } from "@/lib/console/batch-actions";
import { signInPath } from "@/lib/console/callback-path";
import { consolePrincipal } from "@/lib/console/session";

export interface ConfirmState {
  message?: string;
  field?: "comments";
  comments?: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The confirmed decision or cancellation: a POST (Next.js checks its Origin), with the session
 * checked here again (never trusted from the page that showed the button) and the batch id and
 * action re-checked, since a caller can send any. The domain applies the batch rules.
 */
export async function confirmBatchAction(batchId: string, action: string, _prev: ConfirmState, form: FormData): Promise<ConfirmState> {
  const comments = typeof form.get("comments") === "string" ? String(form.get("comments")) : "";
  if (!uuid.test(batchId) || !(consoleActions as readonly string[]).includes(action)) return { message: "This action is not available." };
  const principal = await consolePrincipal();
  if (!principal) redirect(signInPath(`/console/batches/${batchId}/confirm/${action}`));
  const result = await runBatchAction(principal, batchId, action as ConsoleAction, comments);
  if (!result.ok) return { message: result.message, field: result.field, comments };
  redirect(`/console/batches/${batchId}?done=${action}`);
}
