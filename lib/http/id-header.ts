/**
 * A caller's identifier as an HTTP header value. Correlation ids are opaque strings of up to 200
 * characters, and a header carries only visible ASCII safely (a character above U+00FF cannot be
 * sent at all, and the fetch API throws on it). So every other character, and `%` itself, is
 * percent-encoded as UTF-8: ids made of visible ASCII (UUIDs, "crm-4711") are sent as they are, and
 * `decodeURIComponent` gives any id back exactly.
 */
export function idHeaderValue(id: string): string {
  // Request checks refuse lone surrogates; one that got here anyway is sent as U+FFFD, not thrown on.
  return id.replace(/[^\x21-\x7e]|%/gu, (ch) => encodeURIComponent(/^[\ud800-\udfff]$/.test(ch) ? "\uFFFD" : ch));
}

/** The X-Svc-CorrelationId header of a response. */
export const correlationHeader = (correlationId: string) => ({ "X-Svc-CorrelationId": idHeaderValue(correlationId) });
