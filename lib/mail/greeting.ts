/** Longest name a greeting repeats: a name, not a paragraph someone put in a name field. */
const MAX_NAME = 100;

/**
 * A value from a record or a request made into one line of a plain-text mail: line breaks (CR, LF,
 * NEL, the Unicode line and paragraph separators) and other control characters become spaces, runs of
 * white space one space, and it is cut at `max` characters. A name holding a line break would
 * otherwise start a line of its own in the mail, one that reads as if Sealpost had written it.
 */
export function oneLine(value: string, max = MAX_NAME): string {
  const flat = value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The first line of a mail: "Hello Ann Smith," with the person's name, "Hello," when none is known. */
export function greeting(name: string | null | undefined): string {
  const n = name ? oneLine(name) : "";
  return n ? `Hello ${n},` : "Hello,";
}
