import type { Locale } from "@/lib/i18n/locales";
import { requestLocale, type LocaleRequest } from "@/lib/i18n/request-locale";
import { staffLocale } from "@/lib/i18n/staff-locale";
import { sessionTenant } from "./session";

/**
 * The console's stored language: the signed-in person's tenant's default, as for the company's own
 * people everywhere (staffLocale; a member of staff has no language of their own on record). Null
 * without a session (the sign-in and signed-out pages) or for a session whose tenant is not
 * registered: the browser's language then. A store that does not answer is the caller's to forgive.
 */
export async function consoleTenantLocale(): Promise<string | null> {
  const tenant = await sessionTenant();
  return tenant ? staffLocale(tenant.defaultLocale) : null;
}

/**
 * The language of a console page: the person's choice from the language menu (the cookie), else the
 * tenant's default (`tenantLocale`, where it names one of the catalogues), else the browser's
 * Accept-Language among Sealpost's languages, else en-GB.
 */
export const consoleLocale = (req: LocaleRequest, tenantLocale: string | null | undefined): Locale =>
  requestLocale(req, staffLocale(tenantLocale));
