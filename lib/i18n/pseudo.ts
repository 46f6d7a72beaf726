import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { printAST } from "@formatjs/icu-messageformat-parser/printer.js";

/**
 * The pseudo-locale's catalogue, made from the English one: every letter of the text accented, every
 * vowel doubled (English text grows by two fifths or so, as German and Finnish do), each message
 * between ⟦ and ⟧ so that a clipped end shows. Placeholders, plural and select arguments and tags are
 * left as they are, so the messages format with the same values.
 */
export function pseudoMessages<T>(messages: T): T {
  return mapStrings(messages, pseudoMessage) as T;
}

export function pseudoMessage(message: string): string {
  return `⟦${printAST(parse(message).map(element))}⟧`;
}

function element(e: MessageFormatElement): MessageFormatElement {
  switch (e.type) {
    case TYPE.literal:
      return { ...e, value: pseudoText(e.value) };
    case TYPE.plural:
    case TYPE.select:
      return {
        ...e,
        options: Object.fromEntries(Object.entries(e.options).map(([k, o]) => [k, { ...o, value: o.value.map(element) }])),
      } as MessageFormatElement;
    case TYPE.tag:
      return { ...e, children: e.children.map(element) };
    default:
      return e;
  }
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) => [
    c,
    [..."áƀçđéƒĝĥíĵķĺɱñóƥǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴẊÝŽ"][i],
  ]),
);

const pseudoText = (text: string) => [...text].map((c) => (/[aeiouyAEIOUY]/.test(c) ? ACCENTED[c].repeat(2) : (ACCENTED[c] ?? c))).join("");

function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === "string") return f(value);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  return value;
}
