import type { Failed } from "./sign-api";

/** What the page shows for an answer that ends or pauses the ceremony. */
export type Refusal =
  | { kind: "otp" }
  | { kind: "after"; state: "signing" | "signed" | "declined" }
  | { kind: "problem"; title: string; text: string[]; retry?: boolean };

/**
 * Every refusal of the ceremony API in plain words (never the API's detail, never a bare error): the
 * link's problems, a closed ceremony, a used link (which is the signer's own outcome, not a problem),
 * the passcode gate met on any call, and anything else as "try again".
 */
export function refusalOf(a: Failed, organisation: string | null): Refusal {
  const who = organisation ?? "the sender";
  if (a.status === 403 && a.code === "otp.required") return { kind: "otp" };
  if (a.code === "esign.link_used") {
    const s = a.body.signerState;
    return { kind: "after", state: s === "declined" ? "declined" : s === "signed" ? "signed" : "signing" };
  }
  switch (a.code) {
    case "esign.link_invalid":
      return {
        kind: "problem",
        title: "This link is not valid",
        text: ["Check that you opened the whole link from your email: links copied in part do not work."],
      };
    case "esign.link_replaced":
      return {
        kind: "problem",
        title: "This link has been replaced",
        text: ["A newer link was sent to you by email. Use the link in the most recent email about this document."],
      };
    case "esign.link_expired":
      return {
        kind: "problem",
        title: "Your link has expired",
        text: [`Links to sign work for a limited time. Ask ${organisation ?? "whoever sent you the document"} to send you a new link.`],
      };
    case "esign.signing_closed": {
      const state = a.body.state;
      if (state === "complete")
        return {
          kind: "problem",
          title: "This document has been signed",
          text: ["Everyone has signed it, so there is nothing more to sign."],
        };
      if (state === "rejected")
        return {
          kind: "problem",
          title: "This document is no longer being signed",
          text: [`A signer declined to sign it, or ${who} did not go ahead. Contact ${who} if you have questions.`],
        };
      return {
        kind: "problem",
        title: "This document is no longer being signed",
        text: [`${who[0].toUpperCase()}${who.slice(1)} has stopped collecting signatures on it.`],
      };
    }
    case "esign.not_your_turn":
      return {
        kind: "problem",
        title: "It is not your turn to sign yet",
        text: ["Signers sign one after another, and someone before you has not signed yet. We will email you when it is your turn."],
      };
  }
  if (a.status === 0)
    return {
      kind: "problem",
      title: "You seem to be offline",
      text: ["We could not reach the server. Check your connection and try again."],
      retry: true,
    };
  return { kind: "problem", title: "Sorry, there is a problem with the service", text: ["Try again in a few minutes."], retry: true };
}
