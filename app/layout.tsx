import type { ReactNode } from "react";
import { getLocale } from "next-intl/server";
import { localeDirection } from "@/lib/i18n/locales";
import "@/components/tokens.css";

export const metadata = { title: "Sealpost", description: "Governed document dispatch" };

/** Every page's `<html>`: its language and direction are the page's own (app/i18n-request.ts decides them). */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale} dir={localeDirection(locale)}>
      <body>{children}</body>
    </html>
  );
}
