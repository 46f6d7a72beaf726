import { Fragment, type ReactNode } from "react";
import { isolatedRuns } from "@/lib/i18n/isolate";

/**
 * A string's isolated runs (lib/i18n/isolate.ts: what the sender wrote or a participant typed) as
 * <bdi> elements, in their own direction and without the marks; the rest of the string as it is. An
 * element or a number is left as it is, an array item by item (what t.rich gives).
 */
export function bidi(node: ReactNode): ReactNode {
  if (typeof node === "string") {
    const runs = isolatedRuns(node);
    if (runs.length === 1 && !runs[0].isolated) return runs[0].text;
    return runs.map((r, i) => (r.isolated ? <bdi key={i}>{r.text}</bdi> : <Fragment key={i}>{r.text}</Fragment>));
  }
  if (Array.isArray(node)) return node.map((n, i) => <Fragment key={i}>{bidi(n)}</Fragment>);
  return node;
}

/**
 * The text of an <option>, which can hold no element: a label that is one isolated run loses its marks
 * and gives the option `dir="auto"` instead; any other keeps its marks, which the browser honours.
 */
export function isolatedOption(label: string): { text: string; dir?: "auto" } {
  const runs = isolatedRuns(label);
  if (runs.length === 1 && runs[0].isolated) return { text: runs[0].text, dir: "auto" };
  return { text: label };
}
