import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFStream } from "pdf-lib";

const streamText = (s: PDFObject | undefined): string => {
  const bytes = s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : s instanceof PDFStream ? s.getContents() : new Uint8Array();
  return Buffer.from(bytes).toString("latin1");
};

/** The bytes of a literal string's body, its escapes read. */
function literalBytes(body: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== "\\") {
      out.push(body.charCodeAt(i));
      continue;
    }
    const next = body[++i];
    const octal = /^[0-7]{1,3}/.exec(body.slice(i))?.[0];
    if (octal) {
      out.push(parseInt(octal, 8) & 0xff);
      i += octal.length - 1;
    } else if (next !== "\n" && next !== "\r")
      out.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
  }
  return out;
}

/**
 * Where a content stream shows CID 0 in a composite (Type0, two-byte) font: .notdef, the empty box
 * a font draws for a character it lacks. Strings are read inside text objects; the font is the last
 * Tf's (Sealpost's writers select the font before every run).
 */
function notdefsIn(content: string, resources: PDFDict | undefined, doc: PDFDocument, where: string): string[] {
  const fonts = doc.context.lookupMaybe(resources?.get(PDFName.of("Font")), PDFDict);
  const composite = (name: string) =>
    doc.context
      .lookupMaybe(fonts?.get(PDFName.of(name)), PDFDict)
      ?.get(PDFName.of("Subtype"))
      ?.toString() === "/Type0";
  const found: string[] = [];
  let font = "";
  for (const m of content.matchAll(/\/([^\s/<>[\]()]+)\s+[-\d.]+\s+Tf|<([0-9a-fA-F\s]*)>|\(((?:\\[\s\S]|[^\\)])*)\)/g)) {
    if (m[1]) {
      font = m[1];
      continue;
    }
    if (!composite(font)) continue;
    const bytes = m[2] !== undefined ? (m[2].replace(/\s/g, "").match(/../g) ?? []).map((h) => parseInt(h, 16)) : literalBytes(m[3]);
    for (let i = 0; i + 1 < bytes.length; i += 2) if (bytes[i] === 0 && bytes[i + 1] === 0) found.push(`${where}: /${font}`);
  }
  return found;
}

/** Every .notdef glyph a PDF draws, on its pages and in its annotations' appearances ("page 2: /F3" for each). */
export async function pdfNotdefGlyphs(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const found: string[] = [];
  doc.getPages().forEach((page, i) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((c) => doc.context.lookup(c)) : [contents];
    found.push(...notdefsIn(streams.map(streamText).join("\n"), page.node.Resources(), doc, `page ${i + 1}`));
    // Form XObjects the page draws (a flattened annotation's appearance among them).
    const xobjects = doc.context.lookupMaybe(page.node.Resources()?.get(PDFName.of("XObject")), PDFDict);
    for (const [key, ref] of xobjects?.entries() ?? []) {
      const form = doc.context.lookup(ref);
      if (form instanceof PDFStream && form.dict.get(PDFName.of("Subtype")) === PDFName.of("Form")) {
        found.push(
          ...notdefsIn(
            streamText(form),
            doc.context.lookupMaybe(form.dict.get(PDFName.of("Resources")), PDFDict),
            doc,
            `page ${i + 1}: ${key.toString()}`,
          ),
        );
      }
    }
    for (const ref of page.node.Annots()?.asArray() ?? []) {
      const appearance = doc.context.lookupMaybe(doc.context.lookupMaybe(ref, PDFDict)?.get(PDFName.of("AP")), PDFDict);
      const normal = appearance && doc.context.lookup(appearance.get(PDFName.of("N")));
      if (normal instanceof PDFStream)
        found.push(
          ...notdefsIn(
            streamText(normal),
            doc.context.lookupMaybe(normal.dict.get(PDFName.of("Resources")), PDFDict),
            doc,
            `page ${i + 1}: an annotation`,
          ),
        );
    }
  });
  return found;
}
