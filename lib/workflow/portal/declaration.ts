import { createHash } from "node:crypto";
import type { Locale, SupportedLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";

/**
 * Every text the participant's declaration has had in each language, as the SHA-256 (hex) of its
 * UTF-8: the sentence above Submit on the check-answers page ("By submitting you confirm that, to the
 * best of your knowledge, the answers you are giving are correct"), from the catalogue
 * (`portal.check.declaration`). A submission records the hash of the text its participant read,
 * and the text behind any recorded hash stays findable: a catalogue edit adds its new hash at the end
 * of the language's list (tests/unit/portal-declaration.test.ts fails until it does) and keeps the
 * old ones, whose texts the repository's history holds.
 */
export const DECLARATION_SHA256: Record<SupportedLocale, readonly string[]> = {
  "en-GB": ["c95d62510f637f2a43ffc3c7722a6374e4ca5510119c32db42404c94f88f1d37"],
  "en-US": ["c95d62510f637f2a43ffc3c7722a6374e4ca5510119c32db42404c94f88f1d37"],
  de: ["2a684a8de815a422e02c78b06f6fabe0f5baba26195d798bdf83f2b882582f69"],
  fr: ["eed6b702864f42a4c14f7bf01e98e5103347f9e3c716ac27576449b06b15f583"],
  es: ["0e9c76b7d02282242fe238593fb68f21748b4e89110392a197df423dfd7c5af7"],
  it: ["6787d57c6d8d65c4055b3aaeda3358d00fd62b0db8a86818c1d5ed1ef23cfcff"],
  nl: ["0fbc8c023a3308678608e7a0b96974abf3e5c53a27e75f6f82e087f213a41dc5"],
  "pt-PT": ["99fcafe3865914aab84ed411d2c5276732d78e5344b01e292f67200761f61df9"],
  "pt-BR": ["db5d9710498e0b090cb47d9a93108ce3462d9f859a81cc80690a0e87e1758422"],
  pl: ["f88e0425b15ad8f5a44138fdfe82772d81035b248ca3ec4f8c4bdf46196b4124"],
  cs: ["8bf0ccd630be7fcc907c452d32a225a80decc8a1e2e2d789bd15bd56fe571710"],
  sk: ["dca1f3fab4021cc532ba0d3cb4d264c04571e3c7f8971a225b328132a926f46b"],
  uk: ["2018b92eef4d1c6ee610b289b910951d7f27abefdff76d23c70c472c6787d5c2"],
  sv: ["cccafdd2cba60dc7128d6b64caf0e041a5ea6ea09f0c718fd677bcacefa77302"],
  da: ["d84fcfdad4bc3495f8b42bd6b7b40e19cd43a1d3c2ff8226b1e3abc36eb3cb92"],
  nb: ["69aabb7339a9d555faee24a8f29ac747b4bffbb50e7b7708127515ed97566c04"],
  fi: ["0729852936dddae3d1d3ec8d77e65c00b40aced8e5b3c5d7a0b8c6fd2e6d0d6c"],
  el: ["816733ea1f5f9dd4bf687fd89bce59259139ca66acf3038b4f653fb1a9bef438"],
  tr: ["771b12d9489c6abcf538abba4aaa1eb4a0246a39084dd32f6b4177593b140112"],
  ar: ["e1c75447bba0a7ec228bb77c40db3ce9bf96ab076b89574fd36227de81651bda"],
  he: ["bec8b75eb673a09c24435c1fba1fc275764eafb3f87a30e3c0a2c29b64fc4b07"],
  ja: ["4281234488a56568cb3cd2914990fc9b7737263bd1f3af923ba194b222b355fc"],
  ko: ["fd41e8cc89e4b843866929f0c09504a00e3be8beda8786f992c4be143b140507"],
  "zh-Hans": ["20e6237649b5d2d92b733ac3d0e4c877a962198f77da7644f996e6ea456547c4"],
  "zh-Hant": ["506de1d80cf0d32bf1b58cd896c7d8008b295d7e8b5658cca378f673540b42b2"],
};

export interface DeclarationRead {
  /** The language the participant read the declaration in (the page's: their choice, else theirs as stored, else their browser's). */
  locale: Locale;
  sha256: string;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The declaration as a page in `locale` shows it, and its hash. */
export function declarationText(locale: Locale): string {
  return translatorFor(locale)("portal.check.declaration");
}

export const declarationRead = (locale: Locale): DeclarationRead => ({ locale, sha256: sha256(declarationText(locale)) });
