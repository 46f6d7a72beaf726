import { DEFAULT_LOCALE, PSEUDO_LOCALE, type Locale, type SupportedLocale } from "./locales";
import { pseudoMessages } from "./pseudo";
import enGB from "@/messages/en-GB.json";
import enUS from "@/messages/en-US.json";
import de from "@/messages/de.json";
import fr from "@/messages/fr.json";
import es from "@/messages/es.json";
import it from "@/messages/it.json";
import nl from "@/messages/nl.json";
import ptPT from "@/messages/pt-PT.json";
import ptBR from "@/messages/pt-BR.json";
import pl from "@/messages/pl.json";
import cs from "@/messages/cs.json";
import sk from "@/messages/sk.json";
import uk from "@/messages/uk.json";
import sv from "@/messages/sv.json";
import da from "@/messages/da.json";
import nb from "@/messages/nb.json";
import fi from "@/messages/fi.json";
import el from "@/messages/el.json";
import tr from "@/messages/tr.json";
import ar from "@/messages/ar.json";
import he from "@/messages/he.json";
import ja from "@/messages/ja.json";
import ko from "@/messages/ko.json";
import zhHans from "@/messages/zh-Hans.json";
import zhHant from "@/messages/zh-Hant.json";

/**
 * The catalogues, one JSON file per language in messages/, keyed by surface (`common.*`,
 * `recipient.*`, `mail.delivery.*`). Server-side only: a page gets its one language's messages
 * through the request configuration (app/i18n-request.ts), a mail or a document through translatorFor.
 * English (en-GB) is the source every other catalogue is checked against (tests/unit/i18n-catalogues.test.ts).
 */
export type Messages = typeof enGB;

const catalogues: Record<SupportedLocale, Messages> = {
  "en-GB": enGB,
  "en-US": enUS,
  de,
  fr,
  es,
  it,
  nl,
  "pt-PT": ptPT,
  "pt-BR": ptBR,
  pl,
  cs,
  sk,
  uk,
  sv,
  da,
  nb,
  fi,
  el,
  tr,
  ar,
  he,
  ja,
  ko,
  "zh-Hans": zhHans,
  "zh-Hant": zhHant,
};

let pseudo: Messages | undefined;

/** The messages of one language; the pseudo-locale's are made from English the first time they are asked for. */
export function messagesFor(locale: Locale): Messages {
  if (locale === PSEUDO_LOCALE) return (pseudo ??= pseudoMessages(catalogues[DEFAULT_LOCALE]));
  return catalogues[locale];
}
