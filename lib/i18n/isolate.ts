/**
 * Text the sender wrote (a template's titles, labels and options, a schema rule's message, a
 * reviewer's request) or a participant typed, set inside a page whose direction is the reader's: on
 * its own it takes the page's direction, so in Arabic an English label's closing "?" goes to its
 * start ("?Where did you go"). Marked with Unicode's isolates (FSI … PDI), it is laid out in its own
 * direction wherever it stands, also inside a sentence of the catalogues ("يُرجى الإجابة عن «…»").
 * The design system shows each marked run as a <bdi> (components/bidi.tsx), so no mark reaches the
 * page's text; where only text can go (a title, an <option>) the marks do the same work themselves.
 * Catalogue text is never marked: its direction is its language's.
 */
const FSI = "\u2068";
const PDI = "\u2069";

export const isolate = (text: string): string => `${FSI}${text}${PDI}`;

export interface TextRun {
  text: string;
  /** A run marked with isolate(), its marks taken off (a run marked inside it keeps its own). */
  isolated: boolean;
}

/** A string as its runs, in order: plain text and isolated runs. An unmatched mark is dropped; an unclosed run goes to the end. */
export function isolatedRuns(text: string): TextRun[] {
  if (!text.includes(FSI) && !text.includes(PDI)) return [{ text, isolated: false }];
  const runs: TextRun[] = [];
  let depth = 0;
  let current = "";
  const flush = (isolated: boolean) => {
    if (current) runs.push({ text: current, isolated });
    current = "";
  };
  for (const c of text) {
    if (c === FSI) {
      if (depth === 0) flush(false);
      else current += c;
      depth++;
    } else if (c === PDI) {
      if (depth === 0) continue;
      depth--;
      if (depth === 0) flush(true);
      else current += c;
    } else current += c;
  }
  flush(depth > 0);
  return runs;
}
