import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";

export interface DocumentMeta {
  correlationId: string;
  title: string;
  documentId?: string | null;
  /** SHA-256 of the template text the document was rendered from. */
  templateVersion?: string | null;
}

const NS = "https://sealpost.dev/ns/1.0/";
const PDFUA_NS = "http://www.aiim.org/pdfua/ns/id/";
const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The XMP packet of a Sealpost PDF. `pdfUa`: the document is tagged and embeds its fonts, and says it conforms to PDF/UA-1 (ISO 14289-1, clause 5). */
export function documentXmp(
  meta: DocumentMeta,
  { producer = "Sealpost", pdfUa = false }: { producer?: string; pdfUa?: boolean } = {},
): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:svc="${NS}"${pdfUa ? ` xmlns:pdfuaid="${PDFUA_NS}"` : ""}>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(meta.title)}</rdf:li></rdf:Alt></dc:title>${pdfUa ? "\n   <pdfuaid:part>1</pdfuaid:part>" : ""}
   <pdf:Producer>${xml(producer)}</pdf:Producer>
   <svc:CorrelationId>${xml(meta.correlationId)}</svc:CorrelationId>${meta.documentId ? `\n   <svc:DocumentId>${xml(meta.documentId)}</svc:DocumentId>` : ""}${meta.templateVersion ? `\n   <svc:TemplateVersion>${xml(meta.templateVersion)}</svc:TemplateVersion>` : ""}
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** Writes title, producer and the XMP packet into a PDF pdf-lib made (a combined batch PDF); react-pdf's documents get them from `documentProps`. */
export function stampDocument(
  doc: PDFDocument,
  meta: DocumentMeta,
  { producer = "Sealpost", pdfUa = false }: { producer?: string; pdfUa?: boolean } = {},
): void {
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setProducer(producer);
  doc.setCreator("Sealpost");
  if (meta.documentId) doc.setSubject(meta.documentId);
  const stream = doc.context.stream(Buffer.from(documentXmp(meta, { producer, pdfUa }), "utf8"), { Type: "Metadata", Subtype: "XML" });
  doc.catalog.set(PDFName.of("Metadata"), doc.context.register(stream));
}

/** Reads a field of Sealpost's XMP namespace back from a PDF (null when absent). */
export async function readXmpField(pdf: Uint8Array, field: "CorrelationId" | "DocumentId" | "TemplateVersion"): Promise<string | null> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const stream = doc.context.lookup(doc.catalog.get(PDFName.of("Metadata")));
  if (!(stream instanceof PDFRawStream)) return null;
  const text = new TextDecoder().decode(decodePDFRawStream(stream).decode());
  const m = new RegExp(`<svc:${field}>([^<]*)</svc:${field}>`).exec(text);
  return m ? m[1].replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))) : null;
}

export const readCorrelationId = (pdf: Uint8Array) => readXmpField(pdf, "CorrelationId");
