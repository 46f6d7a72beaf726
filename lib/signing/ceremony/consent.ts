import { createHash } from "node:crypto";
import { DEFAULT_LOCALE, isLocale, PSEUDO_LOCALE, type Locale, type SupportedLocale } from "@/lib/i18n/locales";
import { pseudoMessage } from "@/lib/i18n/pseudo";
import { CONSENT_2026_12_01 } from "./consent-texts/2026-12-01";

/**
 * The electronic-records consent a signer accepts before signing (as ESIGN Act §101(c) and eIDAS
 * practice ask: what signing electronically means, how to get paper, how to withdraw), in the
 * signer's language. One version is current; a signer's acceptance records its version, the language
 * read and the SHA-256 of that language's text, and the sign request must send version and hash back,
 * so a page showing an older text cannot sign under the new one. A change of wording, in any
 * language, is a new version: older versions stay here so that a recorded hash can always be checked
 * against its text.
 */
const versions = {
  "2026-12-01": {
    "en-GB": [
      "Consent to sign electronically",
      "",
      "By signing, you agree that your electronic signature on this document is the legal equivalent of your handwritten signature, and that you receive and sign this document in electronic form.",
      "Your signature is added to the PDF as a digital signature of your own, together with your name, your e-mail address, how you were identified, and the time; the sender keeps a record of these events with your IP address and browser.",
      "You may ask the sender for a paper copy, or decline to sign electronically, at any time before you sign: use Decline, and the sender will be told your reason.",
      "To read and keep the document you need a device that shows PDF files; you can download the signed document once every signer has signed.",
    ].join("\n"),
    ...texts(CONSENT_2026_12_01),
  },
} as const satisfies Record<string, Record<SupportedLocale, string>>;

/**
 * Every version's SHA-256 (hex, of the UTF-8 text) in every language, written down: the hash a
 * signature records can be looked up here, and tests/unit/esign-consent.test.ts fails when a text
 * no longer gives its hash (an edit that should have been a new version).
 */
export const CONSENT_SHA256: Record<ConsentVersion, Record<SupportedLocale, string>> = {
  "2026-12-01": {
    "en-GB": "fd3803df6a3b64b0038e8d3716d9a64de8b161bead202188d75750d3edef4dbc",
    "en-US": "380c101b38139cc62a0f435cab14263098ac38dfaedae544366e6ebe42a55c05",
    de: "dc38b40bfe2edf0c502b3bb1d706bacf711416ea464ecbe2eee3a2bdc0b814b6",
    fr: "290ea591c5a11a5b0d901b9e2c890ce2dc13637d4953633a3084aec9bdcea96a",
    es: "6c38b09da3be9616c02ac7fdac4fb76f379db2b98c6c12df8e65f300dba5a817",
    it: "b23ea7d1c1f033f841109a72077d08ce5a8e7868358bd406f0aba4d2892a176c",
    nl: "4455e1b56e9848026ec2da948a2e2465637ba831e49e27c929343906f708c58e",
    "pt-PT": "1f36dae62dafc9915e3ad79c9fdefc06843055a8d286ac17c0e518d75986e66b",
    "pt-BR": "6f8e5767ae4a1d99f4ef88c61ee5b00222e0112f3e76fce471a2218a6fa2d5b7",
    pl: "5564cad03618e9d10fc7b29e2e85876488d774916580095f4a7099b46bfeec64",
    cs: "e9b2ea54cae15a67904254e3a407883aea47a28f5ffe82cb28b393dfd54865d5",
    sk: "5798384157014ad0763c5d6892c112567d0be713e2a8afdfc97585e85da9378e",
    uk: "31ad3a159de8eb6685576a954032378aee25bd44f4a891265dde1c7d463854a5",
    sv: "b8cffb1434cdd622a285529efd2e848bb96908219f55282a7aa69239a3b5596e",
    da: "61feea1e00af8dd194247f37796c1b1d5503227541cfc744daac500a88aef8eb",
    nb: "d85f981fec170ba5b1f68327bc0da5703273ba518f49f47a02d8b064e3210124",
    fi: "c98194c6f690a023a817ac619841d3c1ce86514ff6b9d2e9697aaacd90f10135",
    el: "173f7b5b595946d47f8b902ac5a9ca81261da3356254344b2d419b0c2b16e559",
    tr: "3e0c7469afd7a9aa50fc444d86e477c1c802ecbd4e24d40bbb80ae25b988836e",
    ar: "3662e22207748b7bfa9efc2644ba97cc6afa5bbfae7de7314c6a7f420a0798b6",
    he: "e7cee4797381fce0ce9a579e4d6ac3f3e1853025166fbac164d0ddca4408c2d9",
    ja: "4b4e4941f5aad141a7cec158b4934b5917a531ad48fde16629446edc9f662aaa",
    ko: "f58d33552828018b404469ec5864fb46078cbfadf597356d4c00b5078450769f",
    "zh-Hans": "093f28d2f0e0be73a98e16254fb7e80c58020c08de37e0429de0ee7815ba351c",
    "zh-Hant": "fb8f32a04a06f23e396cda4b48456b75cc14a3efa0330c0c71d464e0a13cafed",
  },
};

export type ConsentVersion = keyof typeof versions;
export const CURRENT_CONSENT: ConsentVersion = "2026-12-01";

/** The title, an empty line, then the paragraphs: the shape the English text has always had. */
function texts<T extends Record<string, readonly string[]>>(byLocale: T): Record<keyof T, string> {
  return Object.fromEntries(Object.entries(byLocale).map(([l, [title, ...body]]) => [l, [title, "", ...body].join("\n")])) as Record<
    keyof T,
    string
  >;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export interface Consent {
  version: ConsentVersion;
  /** The language of `text`: the one asked for, or English where none of the catalogues' was asked for. */
  locale: Locale;
  text: string;
  sha256: string;
}

/**
 * The consent as the ceremony shows it: its version, its text in `locale` (English for a locale
 * without a catalogue), and the SHA-256 of that text (UTF-8). The pseudo-locale's text is English
 * made strange, for the page's tests; it is hashed as shown, and a signature under it says so.
 */
export function consent(version: ConsentVersion = CURRENT_CONSENT, locale: string = DEFAULT_LOCALE): Consent {
  const byLocale: Record<SupportedLocale, string> = versions[version];
  if (locale === PSEUDO_LOCALE) {
    const text = byLocale[DEFAULT_LOCALE].split("\n")
      .map((line) => (line ? pseudoMessage(line) : line))
      .join("\n");
    return { version, locale, text, sha256: sha256(text) };
  }
  const shown: SupportedLocale = isLocale(locale) && locale !== PSEUDO_LOCALE ? locale : DEFAULT_LOCALE;
  return { version, locale: shown, text: byLocale[shown], sha256: sha256(byLocale[shown]) };
}

/** Every language's text of a version, the pseudo-locale's included: what a returned hash is looked up in. */
const allOf = (version: ConsentVersion): Consent[] =>
  [...(Object.keys(versions[version]) as SupportedLocale[]), PSEUDO_LOCALE].map((l) => consent(version, l));

/**
 * The consent a signer sends back, when it is the current version in one of its languages: which
 * language they read (their hash names it: every language's text differs). Null for an older
 * version, an unknown hash, or a version that never was.
 */
export function acceptedConsent(c: { version: string; sha256: string }): Consent | null {
  if (c.version !== CURRENT_CONSENT) return null;
  const hash = c.sha256.toLowerCase();
  return allOf(CURRENT_CONSENT).find((x) => x.sha256 === hash) ?? null;
}

/** Whether the consent a signer sends back is the current one, in any of its languages. */
export const isCurrentConsent = (c: { version: string; sha256: string }): boolean => acceptedConsent(c) !== null;
