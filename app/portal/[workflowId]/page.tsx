import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { messagesFor } from "@/lib/i18n/catalogues";
import { pickMessages } from "@/lib/i18n/pick-messages";
import { Portal } from "./Portal";

// Rendered per request: the page's scripts carry this response's CSP nonce (proxy.ts).
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  // No route title: the portal renders its own (<title> in Portal and Reviewer, from the step or
  // review page shown). A route title as well would be a second one, which Next.js could add after the
  // portal had named the page and so replace that name.
  title: null,
  // The site's English description is left out: the page is in its reader's language, and not indexed.
  description: null,
  robots: { index: false, follow: false },
  // The address holds the portal token: never send it to another site.
  referrer: "same-origin",
};

/**
 * /portal/{workflowId}?pt=<token>: the participant portal (the invitation mail's link) and the
 * reviewer pages (the approval mail's). Its language is the request's (app/i18n-request.ts): the
 * visitor's choice, the link's participant's or workflow's, or the browser's. The portal runs in the
 * browser, which is sent that one language's portal, passcode and form words only.
 */
export default async function PortalPage({ params }: { params: Promise<{ workflowId: string }> }) {
  const { workflowId } = await params;
  const locale = await getLocale();
  return (
    <NextIntlClientProvider messages={pickMessages(messagesFor(locale), ["common", "otp", "portal"])}>
      <Portal workflowId={workflowId} />
    </NextIntlClientProvider>
  );
}
