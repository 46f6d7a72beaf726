/**
 * The PDF/UA-1 (ISO 14289-1) rules Sealpost checks, by the ids of veraPDF's PDF/UA-1 validation
 * profile ("clause-test"), so that a finding can be looked up there and in the Matterhorn Protocol.
 * These are the rules a machine can decide; the others (meaningful alt text, logical reading order
 * of the page itself, colour as the only carrier of meaning) need a person.
 */
export const PDF_UA_RULES = {
  "5-1": "The metadata identifies the file as PDF/UA (pdfuaid:part)",
  "6.2-1": "The catalog's MarkInfo says Marked true",
  "7.1-1": "No artifact inside tagged content",
  "7.1-2": "No tagged content inside an artifact",
  "7.1-3": "Every text, path and image is either an artifact or tagged content in the structure tree",
  "7.1-4": "Suspects is not true",
  "7.1-8": "The catalog has an XMP metadata stream",
  "7.1-9": "The metadata has a dc:title",
  "7.1-10": "ViewerPreferences DisplayDocTitle is true",
  "7.1-11": "The document has a structure tree (StructTreeRoot)",
  "7.2-3": "A Table holds only TR, THead, TBody, TFoot and Caption",
  "7.2-4": "A TR is inside a Table, THead, TBody or TFoot",
  "7.2-8": "A TH is inside a TR",
  "7.2-9": "A TD is inside a TR",
  "7.2-10": "A TR holds only TH and TD",
  "7.2-17": "An LI is inside an L",
  "7.2-18": "An LBody is inside an LI",
  "7.2-19": "An L holds only L, LI and Caption",
  "7.2-20": "An LI holds only Lbl and LBody",
  "7.2-29": "Every Lang is a language tag",
  "7.2-34": "The natural language of the text is set (the catalog's Lang)",
  "7.3-1": "Every Figure has alternative text (Alt or ActualText)",
  "7.4.2-1": "Headings start at H1 and skip no level going down",
  "7.5-1": "Every TH has a Scope (or the table's cells name their headers)",
  "7.18.1-1": "An annotation other than a link or widget is inside an Annot element",
  "7.18.1-2": "An annotation other than a widget has Contents or alternative text",
  "7.18.1-3": "A form field has a TU or alternative text",
  "7.18.3-1": "A page with annotations has Tabs S",
  "7.18.4-1": "A widget annotation is inside a Form element",
  "7.18.5-1": "A link annotation is inside a Link element",
  "7.18.5-2": "A link annotation has Contents",
  "7.21.4.1-1": "Every font drawn with is embedded",
  "7.21.7-1": "Every composite font maps its glyphs to Unicode (ToUnicode)",
} as const;

export type PdfUaRule = keyof typeof PDF_UA_RULES;
