/**
 * Where react-pdf may break a line inside a "word" (a run without spaces): react-pdf breaks only at
 * spaces, so an id, a URL or an e-mail address longer than its table cell ran past the cell and the
 * page, and a sentence in Chinese or Japanese (no spaces at all) could not be broken anywhere. Given
 * as react-pdf's hyphenation callback, so every document, receipt, sealed record and certificate
 * breaks the same way. Breaks draw no hyphen (patches/@react-pdf+textkit: Sealpost never
 * hyphenates) and cost more than a break at a space, so a line breaks inside a word only when no
 * space fits.
 */

/** Han, kana, Hangul, CJK punctuation and fullwidth forms: a line may break between any two of them. */
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u{20000}-\u{2fa1f}]/u;
/** Characters a line never starts with in CJK text (closing marks, small kana, the prolonged sound mark). */
const NO_BREAK_BEFORE = /[、。，．・：；？！）」』】〕〉》｝ゝゞーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ]/u;
/** A Latin run longer than this may break anywhere; shorter ones are words, never broken. */
const LONG_RUN = 18;
/** Nor is a piece of a long run shorter than this left on a line of its own. */
const MIN_PIECE = 2;

/** Whether a text holds Chinese, Japanese or Korean, whose lines break between characters rather than at spaces. */
export const breaksBetweenCharacters = (text: string): boolean => CJK.test(text);

export function breakOpportunities(word: string): string[] {
  if (word.length <= LONG_RUN && !CJK.test(word)) return [word];
  const chars = [...word];
  const parts: string[] = [];
  let current = "";
  chars.forEach((ch, i) => {
    current += ch;
    const next = chars[i + 1];
    if (next === undefined) return;
    const cjkBreak = (CJK.test(ch) || CJK.test(next)) && !NO_BREAK_BEFORE.test(next);
    const longBreak = chars.length > LONG_RUN && current.length >= MIN_PIECE && chars.length - i - 1 >= MIN_PIECE;
    if (cjkBreak || longBreak) {
      parts.push(current);
      current = "";
    }
  });
  if (current) parts.push(current);
  return parts;
}
