/**
 * A sentence of the catalogues not yet written: its whole key and its values, made where a problem is
 * found (domain code knows what, not which language) and written in the reader's language where it is
 * shown (lib/i18n/words-text.ts). Values are data, never words: a label, an address or an example
 * as given, a limit as the template holds it, a count, a list of values.
 */
export interface Words<K extends string = string> {
  key: K;
  values: Record<string, WordValue>;
}

export type WordValue = string | number | string[];

/** The catalogue's intake findings (`finding.*` in messages/<locale>.json). */
export type FindingKey = `finding.${string}`;

export type FindingWords = Words<FindingKey>;

/** Words with their key written out whole where they are made, so tests/unit/i18n-catalogues.test.ts finds each key. */
export const words = (key: FindingKey, values: Record<string, WordValue> = {}): FindingWords => ({ key, values });

/** The catalogue's explain-trace messages and what the renderer did instead (`trace.*`), written by Sealpost as it captures a render. */
export type TraceKey = `trace.${string}`;

export type TraceWords = Words<TraceKey>;

/** As `words`, for an explain trace's message. */
export const traceWords = (key: TraceKey, values: Record<string, WordValue> = {}): TraceWords => ({ key, values });
