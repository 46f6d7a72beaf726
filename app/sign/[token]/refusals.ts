import type { useTranslations } from "next-intl";
import type { Failed } from "./sign-api";
import { senderWords } from "@/lib/i18n/sender";

/** The page's translator, without a namespace (keys are written out whole). */
type T = ReturnType<typeof useTranslations<never>>;

/** What the page shows for an answer that ends or pauses the ceremony. */
export type Refusal =
  | { kind: "otp" }
  | { kind: "after"; state: "signing" | "signed" | "declined" }
  | { kind: "problem"; title: string; text: string[]; retry?: boolean };

/**
 * Every refusal of the ceremony API in plain words, in the page's language (never the API's detail,
 * never a bare error): the link's problems, a closed ceremony, a used link (which is the signer's own
 * outcome, not a problem), the passcode gate met on any call, and anything else as "try again".
 */
export function refusalOf(a: Failed, organisation: string | null, t: T): Refusal {
  const who = senderWords(organisation);
  if (a.status === 403 && a.code === "otp.required") return { kind: "otp" };
  if (a.code === "esign.link_used") {
    const s = a.body.signerState;
    return { kind: "after", state: s === "declined" ? "declined" : s === "signed" ? "signed" : "signing" };
  }
  switch (a.code) {
    case "esign.link_invalid":
      return { kind: "problem", title: t("sign.refused.invalid.title"), text: [t("sign.refused.invalid.text")] };
    case "esign.link_replaced":
      return { kind: "problem", title: t("sign.refused.replaced.title"), text: [t("sign.refused.replaced.text")] };
    case "esign.link_expired":
      return { kind: "problem", title: t("sign.refused.expired.title"), text: [t("sign.refused.expired.text", who)] };
    case "esign.signing_closed": {
      const state = a.body.state;
      if (state === "complete")
        return { kind: "problem", title: t("sign.refused.complete.title"), text: [t("sign.refused.complete.text")] };
      return {
        kind: "problem",
        title: t("sign.refused.closedTitle"),
        text: [state === "rejected" ? t("sign.refused.rejected", who) : t("sign.refused.stopped", who)],
      };
    }
    case "esign.not_your_turn":
      return { kind: "problem", title: t("sign.refused.notYourTurn.title"), text: [t("sign.refused.notYourTurn.text")] };
  }
  if (a.status === 0)
    return { kind: "problem", title: t("sign.refused.offline.title"), text: [t("sign.refused.offline.text")], retry: true };
  return { kind: "problem", title: t("sign.problem.title"), text: [t("sign.problem.text")], retry: true };
}
