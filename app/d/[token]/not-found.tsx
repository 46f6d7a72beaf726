import { closedLinkWords } from "@/lib/format/state-words";
import { RecipientShell } from "./RecipientShell";

/** An unknown or malformed link (404): no sender is named, since no link was found. */
export default function LinkNotFound() {
  return (
    <RecipientShell>
      <h1>{closedLinkWords.unknown}</h1>
      <p>This document link is not valid. Check that you copied the whole link from your email.</p>
      <p>If it still does not work, ask the sender for a new link.</p>
    </RecipientShell>
  );
}
