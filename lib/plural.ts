/** English plural categories ("one" for 1 only; "other" for 0, 2…, 1.5). One instance: building it is not free. */
const rules = new Intl.PluralRules("en-GB");

/**
 * A count with its noun in the right number, as mail, pages and PDFs say it: "1 document",
 * "0 documents", "1,204 documents". `other` is needed where adding "s" is wrong ("try", "tries").
 * Plain-text and dependency-free, so server code and client components share it.
 */
export function plural(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString("en-GB")} ${rules.select(n) === "one" ? one : other}`;
}
