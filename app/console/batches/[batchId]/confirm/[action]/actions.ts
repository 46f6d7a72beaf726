"use server";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { consoleActions, runBatchAction, type ConsoleAction } from "@/lib/console/batch-actions";
import { signInPath } from "@/lib/console/callback-path";
import { formText, isUuid, type ConfirmState } from "@/lib/console/confirm";
import { consolePrincipal } from "@/lib/console/session";
import { batchRefusalText } from "../../../batch-words";

/**
 * The confirmed decision or cancellation: a POST (Next.js checks its Origin), with the session
 * checked here again (never trusted from the page that showed the button) and the batch id and
 * action re-checked, since a caller can send any. The domain applies the batch rules; a refusal is
 * said in the page's language (the action posts to the confirm page: app/i18n-request.ts).
 */
export async function confirmBatchAction(batchId: string, action: string, _prev: ConfirmState, form: FormData): Promise<ConfirmState> {
  const values = formText(form, ["comments"]);
  if (!isUuid(batchId) || !(consoleActions as readonly string[]).includes(action))
    return { message: (await getTranslations())("console.batches.confirm.notAvailable") };
  const principal = await consolePrincipal();
  if (!principal) redirect(signInPath(`/console/batches/${batchId}/confirm/${action}`));
  const result = await runBatchAction(principal, batchId, action as ConsoleAction, values.comments);
  if (!result.ok)
    return { message: batchRefusalText(await getTranslations(), result), field: "field" in result ? result.field : undefined, values };
  redirect(`/console/batches/${batchId}?done=${action}`);
}
