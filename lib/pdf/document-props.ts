import { pageNumbers, type PageNumberOptions } from "./footer";
import { documentXmp, type DocumentMeta } from "./metadata";
import { TAGGED } from "./structure";

export interface DocumentOptions extends PageNumberOptions {
  /** The document's language (BCP 47): /Lang, what screen readers speak it in. */
  language: string;
  /** With a structure tree (default); untagged only for the bench's reference. */
  tagged?: boolean;
}

/**
 * The props of every Sealpost PDF's react-pdf Document: title, subject and producer in the Info
 * dictionary and in an XMP packet naming the render (svc:CorrelationId; PDF/UA identification when
 * tagged in embedded fonts), the structure tree, "page n of m", and PDF 1.7 with compressed object
 * streams. All written in react-pdf's one pass (patches of pdfkit, @react-pdf/renderer and
 * @react-pdf/render): the file is not opened again after layout.
 */
export function documentProps(meta: DocumentMeta, { language, tagged = true, ...numbering }: DocumentOptions): Record<string, unknown> {
  const pdfUa = tagged && !numbering.builtInFonts;
  return {
    title: meta.title,
    ...(meta.documentId ? { subject: meta.documentId } : {}),
    language,
    producer: "Sealpost",
    creator: "Sealpost",
    pdfVersion: "1.7",
    objectStreams: true,
    xmp: documentXmp(meta, { pdfUa }),
    ...(tagged ? TAGGED : {}),
    ...pageNumbers(numbering),
  };
}
