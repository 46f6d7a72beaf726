import type { Messages } from "./catalogues";

/**
 * The namespaces of one language's messages a page's client components need, for its
 * NextIntlClientProvider: the browser is sent only the active language's messages, and of them only
 * these, never the mails' or another page's.
 */
export function pickMessages<K extends keyof Messages>(messages: Messages, namespaces: readonly K[]): Pick<Messages, K> {
  return Object.fromEntries(namespaces.map((n) => [n, messages[n]])) as Pick<Messages, K>;
}

/**
 * A console page's: `common` and `console.common` always, and of the console's other namespaces
 * only `parts` (a form's own words), never the whole console's.
 */
export function consoleMessages<K extends Exclude<keyof Messages["console"], "common">>(messages: Messages, parts: readonly K[]) {
  return {
    ...pickMessages(messages, ["common"]),
    console: { common: messages.console.common, ...Object.fromEntries(parts.map((p) => [p, messages.console[p]])) } as Pick<
      Messages["console"],
      "common" | K
    >,
  };
}
