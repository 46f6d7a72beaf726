/**
 * The arguments of a message that names the sending organisation, `{named, select, yes {…{organisation}…}
 * other {…}}`: where nothing names one, the message's other sentence is written whole without it ("You
 * are asked to sign…", "contact the sender"), never with a stand-in name, which would read as if
 * Sealpost had sent it. Pure, so that pages in the browser and mails on the server choose alike.
 */
export function senderWords(organisation: string | null | undefined): { named: "yes" | "no"; organisation: string } {
  return organisation ? { named: "yes", organisation } : { named: "no", organisation: "" };
}
