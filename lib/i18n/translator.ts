import { createFormatter, createTranslator } from "use-intl/core";
import { messagesFor } from "./catalogues";
import { formats, TIME_ZONE } from "./formats";
import type { Locale } from "./locales";

/**
 * Words outside React (mails, documents, plain answers) from the same catalogues and the same
 * next-intl formatter as the pages: `t("mail.delivery.subject", {title})`. Keys are written out whole
 * from the catalogue's root, so that tests/unit/i18n-catalogues.test.ts finds every key the code uses.
 */
export function translatorFor(locale: Locale) {
  let t = translators.get(locale);
  if (!t)
    translators.set(
      locale,
      (t = createTranslator({ locale, messages: messagesFor(locale), formats, timeZone: TIME_ZONE, onError: failLoudly })),
    );
  return t;
}

export type Translator = ReturnType<typeof translatorFor>;

/**
 * A message that cannot be written (a key no catalogue has, an argument left out, a select without
 * its case) throws: next-intl's default is to log and return the key, which would send a mail whose
 * subject reads "mail.signReminder.waiting". A mail job that throws is retried and shows as failed.
 */
function failLoudly(error: Error): never {
  throw error;
}

const translators = new Map<Locale, ReturnType<typeof createTranslator<ReturnType<typeof messagesFor>>>>();

/** Dates, times and numbers in `locale` outside a message, through Intl, in UTC as every moment Sealpost shows. */
export const formatterFor = (locale: Locale) => createFormatter({ locale, formats, timeZone: TIME_ZONE });
