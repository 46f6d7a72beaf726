import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { LanguageMenu } from "@/components/LanguageMenu";
import { messagesFor } from "@/lib/i18n/catalogues";
import { pickMessages } from "@/lib/i18n/pick-messages";
import { CatalogueWords } from "../../CatalogueWords";
import { chooseLanguage } from "../../language-action";
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

/**
 * /sign/{token}: the signing ceremony of one signer (the link of the invitation mail), in the
 * request's language (app/i18n-request.ts: the visitor's choice, the signer's, or the browser's). The
 * ceremony runs in the browser; it is given that one language's `common`, `sign` and `otp` messages, not
 * the catalogues, and the language menu (a server form, which records a change in the signing
 * activity: app/language-action.ts).
 */
export default async function SignPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [locale, t] = await Promise.all([getLocale(), getTranslations()]);
  const menu = (
    <LanguageMenu action={chooseLanguage} current={locale} label={t("common.language.label")} submit={t("common.language.submit")} />
  );
  return (
    // The passcode gate is the portal's (OtpGate): its words are the `otp` namespace.
    <NextIntlClientProvider messages={pickMessages(messagesFor(locale), ["common", "sign", "otp"])}>
      <CatalogueWords>
        <Ceremony token={token} languageMenu={menu} />
      </CatalogueWords>
    </NextIntlClientProvider>
  );
}
