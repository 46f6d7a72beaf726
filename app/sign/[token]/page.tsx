import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { messagesFor } from "@/lib/i18n/catalogues";
import { pickMessages } from "@/lib/i18n/pick-messages";
import { Ceremony } from "./Ceremony";

// Rendered per request: the page's scripts carry this response's CSP nonce (proxy.ts).
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  // The ceremony names itself from the page it shows (Ceremony renders the only <title>).
  title: null,
  robots: { index: false, follow: false },
  // The address holds the signing link: never sent to another site. Not no-referrer: under it a
  // browser posts forms with Origin: null, which Next.js refuses (main's Referrer-Policy decision).
  referrer: "same-origin",
};

/** /sign/{token}: the signing ceremony of one signer (the link of the invitation mail). */
export default async function SignPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  // The passcode gate is the portal's (OtpGate), whose words come from the catalogues.
  return (
    <NextIntlClientProvider messages={pickMessages(messagesFor(await getLocale()), ["common", "otp"])}>
      <Ceremony token={token} />
    </NextIntlClientProvider>
  );
}
