import type { Messages } from "./catalogues";

/**
 * The namespaces of one language's messages a page's client components need, for its
 * NextIntlClientProvider: the browser is sent only the active language's messages, and of them only
 * these, never the mails' or another page's.
 */
export function pickMessages<K extends keyof Messages>(messages: Messages, namespaces: readonly K[]): Pick<Messages, K> {
  return Object.fromEntries(namespaces.map((n) => [n, messages[n]])) as Pick<Messages, K>;
}
