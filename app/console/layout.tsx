import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { messagesFor } from "@/lib/i18n/catalogues";
import { consoleMessages } from "@/lib/i18n/pick-messages";
import { CatalogueWords } from "../CatalogueWords";

/**
 * Every console page in its language (app/i18n-request.ts): the browser is sent that language's
 * design-system words (`common`) and the console's shared ones (`console.common`: the confirmation
 * form's), and the design system's components speak it (CatalogueWords). A page whose client
 * components need more gives them their own namespaces.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <NextIntlClientProvider messages={consoleMessages(messagesFor(locale), [])}>
      <CatalogueWords>{children}</CatalogueWords>
    </NextIntlClientProvider>
  );
}
