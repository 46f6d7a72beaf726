import type { Messages } from "./catalogues";
import type { Locale } from "./locales";
import type { formats } from "./formats";

// The catalogues' keys and Sealpost's locales, known to next-intl's and use-intl's types: a key the
// English catalogue does not have, or a locale outside the list, does not compile.
declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
    Formats: typeof formats;
  }
}
