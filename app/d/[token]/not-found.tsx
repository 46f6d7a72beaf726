import { getTranslations } from "next-intl/server";
import { closedLinkWords } from "@/lib/format/state-words";
import { RecipientShell } from "./RecipientShell";

/** An unknown or malformed link (404): no sender is named, since no link was found. */
export default async function LinkNotFound() {
  const t = await getTranslations();
  return (
    <RecipientShell>
      <h1>{closedLinkWords("unknown", t)}</h1>
      <p>{t("recipient.closed.unknown.body")}</p>
      <p>{t("recipient.closed.unknown.help")}</p>
    </RecipientShell>
  );
}
