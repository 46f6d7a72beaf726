/**
 * The "Signatures" page(s) appended to a sealed workflow PDF, and one unsigned signature field per
 * signer reserved on it, in the same save.
 *
 * The page is laid out by react-pdf with the sealed record's own font stack (lib/pdf/fonts.ts), so
 * a name in Cyrillic or Greek prints as written, then copied into the sealed PDF with pdf-lib. Every
 * position is computed here first (signatureLayout) and the page only draws what it says: the
 * fields' rectangles are the boxes on the page by construction, and signing later places each
 * signer's appearance there (signPdf's `fieldName` and `appearance`).
 *
 * Saved in full by pdf-lib, which is right only before anyone signs: from the first signature on,
 * the file only grows by incremental updates (sign-pdf.ts).
 *
 * A tagged sealed record stays tagged (PDF/UA): the pages' structure follows the record's (a
 * "Signatures" heading, the explanation, a section per signer), and each signer's field is a Form
 * element in their section, described by its /TU ("Signature of …") for a screen reader.
 */
import { Document, Page, View } from "@react-pdf/renderer";
import { PDFDict, PDFDocument, PDFHexString, PDFNumber, PDFString, type PDFPage, type PDFRef } from "pdf-lib";
import type { Locale } from "@/lib/i18n/locales";
import { Words } from "@/lib/pdf/direction";
import { documentLanguage, type DocumentLanguage } from "@/lib/pdf/document-language";
import { drawable, drawableStrings, setUpFonts } from "@/lib/pdf/fonts";
import { FooterLabel, pageNumbers } from "@/lib/pdf/footer";
import { renderElement } from "@/lib/pdf/render-element";
import { savePdf } from "@/lib/pdf/save-pdf";
import { structure, TAGGED } from "@/lib/pdf/structure";
import {
  appendTaggedPages,
  asList,
  name,
  nextParentKey,
  parentTreeEntries,
  readAnnotationsInStructureOrder,
  setParentTree,
} from "@/lib/pdf/structure-copy";

export const MAX_SIGNERS = 20;

export interface PageSigner {
  name: string;
  email: string;
  role?: string;
}

export interface SignaturePageOptions {
  /** Sequential: each signer after the one before, the order printed; parallel: any order. */
  mode: "sequential" | "parallel";
  /** The sealed record's footer label, repeated on the signature pages, which continue its page numbers. */
  footer?: string;
  /** The sealed record's language, which its signature pages are written in; en-GB when not given. Names stay as written. */
  locale?: Locale;
}

/** One signer's box: their field, and where signPdf draws their appearance. */
export interface SignatureBox {
  fieldName: string;
  /** 0-based index of the signer in the list given. */
  signer: number;
  /** 0-based page index in the output PDF. */
  page: number;
  /** [x, y, width, height] in PDF points from the page's lower-left corner (signPdf's `appearance.rect`). */
  rect: [number, number, number, number];
}

const MARGIN = 40;
const FIRST_TOP = 118; // under the heading and the two lines that explain the page
const NEXT_TOP = 80;
const ROW = 92;
const BOX_H = 72; // four lines of signPdf's appearance at its 9 points
const BOX_X = 280;
const BOTTOM = 50; // above the footer band the sealed record keeps free

export const fieldNameOf = (signer: number) => `signer-${signer + 1}`;

interface LaidOut extends SignatureBox {
  /** Top of the row from the top of the page, for the react-pdf page. */
  top: number;
  /** Page within the signature pages. */
  sheet: number;
}

/** Where each signer's row and box go: rows top to bottom, further pages when one is full. */
export function signatureLayout(count: number, firstPage: number, size: [number, number]): LaidOut[] {
  const [width, height] = size;
  const out: LaidOut[] = [];
  let sheet = 0;
  let top = FIRST_TOP;
  for (let i = 0; i < count; i++) {
    if (top + BOX_H > height - BOTTOM) {
      sheet++;
      top = NEXT_TOP;
    }
    const boxW = width - MARGIN - BOX_X;
    out.push({
      fieldName: fieldNameOf(i),
      signer: i,
      page: firstPage + sheet,
      sheet,
      top,
      rect: [BOX_X, round(height - top - BOX_H), round(boxW), BOX_H],
    });
    top += ROW;
  }
  return out;
}

/** How many signature pages `count` signers take on pages of `size` (the sealer counts them in the record's page numbers). */
export const signatureSheetCount = (count: number, size: [number, number]) =>
  Math.max(...signatureLayout(count, 0, size).map((b) => b.sheet)) + 1;

const round = (n: number) => Math.round(n * 100) / 100;

export async function appendSignaturePage(
  sealed: Uint8Array,
  signers: PageSigner[],
  opts: SignaturePageOptions,
): Promise<{ pdf: Uint8Array; boxes: SignatureBox[] }> {
  if (signers.length < 1 || signers.length > MAX_SIGNERS)
    throw new Error(`esign: a signature page takes 1 to ${MAX_SIGNERS} signers, not ${signers.length}`);
  const doc = await PDFDocument.load(sealed, { updateMetadata: false });
  if (
    doc
      .getForm()
      .getFields()
      .some((f) => /^signer-\d+$/.test(f.getName()))
  )
    throw new Error("esign: this PDF already has signer fields");
  const last = doc.getPage(doc.getPageCount() - 1);
  const size: [number, number] = [last.getWidth(), last.getHeight()];
  const layout = signatureLayout(signers.length, doc.getPageCount(), size);

  const tagged = doc.catalog.has(name("StructTreeRoot"));
  const sealedPages = doc.getPageCount();
  const lang = documentLanguage(opts.locale);
  const rendered = await PDFDocument.load(await renderPages(signers, layout, size, opts, { tagged, sealedPages, lang }));
  // A section per signer, in their order: where each one's field goes in the tree.
  let sections: PDFRef[] = [];
  if (tagged)
    sections = appendTaggedPages(doc, rendered).elements.filter((e) => doc.context.lookup(e, PDFDict).get(name("S")) === name("Sect"));
  else (await doc.copyPages(rendered, rendered.getPageIndices())).forEach((p) => doc.addPage(p));
  const fields = layout.map((box) => ({
    widget: reserveField(doc, doc.getPage(box.page), box, lang.t("document.signaturePage.field", { name: signers[box.signer].name })),
    page: doc.getPage(box.page),
    section: sections[box.signer],
  }));
  if (tagged) {
    tagFields(doc, fields);
    readAnnotationsInStructureOrder(doc);
  }
  const pdf = await savePdf(doc);
  return { pdf, boxes: layout.map(({ fieldName, signer, page, rect }) => ({ fieldName, signer, page, rect })) };
}

/** An unsigned signature field whose one widget is the box (a merged field and widget, as signers' tools make them); `label` is what a screen reader says for it. */
function reserveField(doc: PDFDocument, page: PDFPage, box: SignatureBox, label: string): PDFRef {
  const [x, y, w, h] = box.rect;
  const widget = doc.context.obj({
    Type: "Annot",
    Subtype: "Widget",
    FT: "Sig",
    T: PDFString.of(box.fieldName),
    // What a screen reader says for the field (PDF/UA 7.18.1).
    TU: PDFHexString.fromText(label),
    Rect: [x, y, x + w, y + h],
    F: 4, // Print
    P: page.ref,
  });
  const ref = doc.context.register(widget);
  page.node.addAnnot(ref);
  doc.getForm().acroForm.addField(ref);
  return ref;
}

/** Each field as a Form element at the end of its signer's section, found from its widget through the parent tree. */
function tagFields(doc: PDFDocument, fields: Array<{ widget: PDFRef; page: PDFPage; section: PDFRef }>): void {
  const root = doc.catalog.lookup(name("StructTreeRoot"), PDFDict);
  const entries = parentTreeEntries(doc, root.get(name("ParentTree")));
  const first = nextParentKey(root, entries);
  fields.forEach(({ widget, page, section }, i) => {
    const form = doc.context.register(doc.context.obj({ S: "Form", P: section, K: { Type: "OBJR", Obj: widget, Pg: page.ref } }));
    const sect = doc.context.lookup(section, PDFDict);
    sect.set(name("K"), doc.context.obj([...asList(sect.get(name("K"))), form]));
    doc.context.lookup(widget, PDFDict).set(name("StructParent"), PDFNumber.of(first + i));
    entries.push([first + i, form]);
  });
  setParentTree(doc, root, entries, first + fields.length);
}

const grey = "#555555";

async function renderPages(
  given: PageSigner[],
  layout: LaidOut[],
  [width, height]: [number, number],
  opts: SignaturePageOptions,
  { tagged, sealedPages, lang }: { tagged: boolean; sealedPages: number; lang: DocumentLanguage },
): Promise<Uint8Array> {
  setUpFonts();
  const { t, font } = lang;
  const signers = drawableStrings(given);
  const sheets = Math.max(...layout.map((b) => b.sheet)) + 1;
  // The boxes stay on the right, where signatures are placed (signatureLayout); right to left, the
  // names read from the box's edge.
  const text = { position: "absolute", left: MARGIN, width: BOX_X - MARGIN - 12 } as const;
  const doc = (
    // Numbered on from the sealed record's pages; the record's metadata is what its reader sees.
    <Document
      producer="Sealpost"
      creator="Sealpost"
      {...(tagged ? TAGGED : {})}
      {...(opts.footer !== undefined ? pageNumbers({ margin: MARGIN, pagesBefore: sealedPages, label: lang.pageLabel }) : {})}
    >
      {Array.from({ length: sheets }, (_, sheet) => (
        <Page key={sheet} size={[width, height]} style={{ fontFamily: font.regular, fontSize: 9, lineHeight: lang.leading(1.3) }}>
          {/* A level-2 heading under the record's title; "(continued)" repeats it, an artifact. */}
          <Words
            dir={lang.dir}
            {...(sheet ? {} : structure("H2"))}
            style={{ position: "absolute", left: MARGIN, right: MARGIN, top: 40, fontSize: 16, fontFamily: font.bold }}
          >
            {sheet ? t("document.signaturePage.continued") : t("document.signaturePage.heading")}
          </Words>
          {sheet === 0 ? (
            <Words dir={lang.dir} {...structure("P")} style={{ position: "absolute", left: MARGIN, right: MARGIN, top: 66, color: grey }}>
              {opts.mode === "sequential" ? t("document.signaturePage.sequential") : t("document.signaturePage.parallel")}
            </Words>
          ) : null}
          {layout
            .filter((b) => b.sheet === sheet)
            .map((b) => {
              const s = signers[b.signer];
              return (
                <View key={b.fieldName} {...structure("Sect")}>
                  <Words
                    dir={lang.dir}
                    {...structure("P")}
                    style={{ ...text, top: b.top, fontFamily: font.bold, maxLines: 2, textOverflow: "ellipsis" }}
                  >
                    {opts.mode === "sequential" ? `${b.signer + 1}. ${s.name}` : s.name}
                  </Words>
                  <Words dir={lang.dir} {...structure("P")} style={{ ...text, top: b.top + 26, maxLines: 1, textOverflow: "ellipsis" }}>
                    {s.email}
                  </Words>
                  {s.role ? (
                    <Words
                      dir={lang.dir}
                      {...structure("P")}
                      style={{ ...text, top: b.top + 39, color: grey, maxLines: 2, textOverflow: "ellipsis" }}
                    >
                      {s.role}
                    </Words>
                  ) : null}
                  <View
                    style={{
                      position: "absolute",
                      left: BOX_X,
                      top: b.top,
                      width: b.rect[2],
                      height: BOX_H,
                      border: "0.8pt solid #999999",
                    }}
                  />
                </View>
              );
            })}
          {opts.footer !== undefined ? <FooterLabel text={drawable(opts.footer)} margin={MARGIN} dir={lang.dir} /> : null}
        </Page>
      ))}
    </Document>
  );
  return renderElement(doc);
}
