import { Document, Page, View } from "@react-pdf/renderer";
import { renderElement } from "./render-element";
import type { RootContent } from "mdast";
import type { ExplainCapture } from "@/lib/explain/capture";
import type { RenderFacts } from "@/lib/explain/facts";
import { bindBody } from "@/lib/templates/bind";
import type { Template } from "@/lib/templates/types";
import { drawable, fontsFor, setUpFonts } from "./fonts";
import { Blocks } from "./markdown-view";
import { documentProps } from "./document-props";
import { documentLanguage } from "./document-language";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { FooterLabel } from "./footer";
import type { DocumentMeta } from "./metadata";
import { type LayoutTimings, NO_POST_PROCESSING } from "./timings";

const MARGIN = 48;

/**
 * How a document is written. Sealpost writes PDF/UA: tagged, every font embedded. The others are
 * the bench's references: tagged in the built-in fonts (what the structure tree costs), and untagged
 * in them (react-pdf's own output).
 */
export type PdfProfile = "pdf/ua" | "tagged" | "untagged";

/**
 * One record through one template: bind data into the parsed body and lay it out with react-pdf,
 * which also writes title, producer, the correlation id (XMP) and the page numbers (documentProps).
 * Stage timings feed explain traces; with `explain` (a traced render) the binding, the blocks and the
 * laid-out tree are also read into its facts.
 */
export async function renderDocument(
  template: Template,
  record: Record<string, unknown>,
  meta: DocumentMeta,
  explain?: ExplainCapture,
  { profile = "pdf/ua" }: { profile?: PdfProfile } = {},
): Promise<{ pdf: Uint8Array; timings: LayoutTimings; explain?: RenderFacts }> {
  const tagged = profile !== "untagged";
  const builtInFonts = profile !== "pdf/ua";
  setUpFonts();
  const t0 = performance.now();
  const body = bindBody(template, record, explain);
  explain?.noteInlineImages(body);
  const t1 = performance.now();
  const s = template.style;
  const fonts = fontsFor(template.locale, { builtIn: builtInFonts });
  // "page n of m" in the template's language where a catalogue writes it (fr-CA is fr); English otherwise.
  const catalogue = supportedLocaleOf(template.locale);
  const label = catalogue ? documentLanguage(catalogue).pageLabel : undefined;
  const pdf = await renderElement(
    <Document
      {...documentProps(meta, { language: template.locale, tagged, builtInFonts, margin: MARGIN, label })}
      onRender={explain?.onRender}
    >
      <Page
        size={s.pageSize}
        style={{ padding: MARGIN, fontFamily: fonts.regular, fontSize: s.fontSize, lineHeight: 1.35, color: s.textColor }}
      >
        <View style={{ borderBottom: `2pt solid ${s.primaryColor}`, marginBottom: 14 }} fixed />
        <Blocks nodes={body.children as RootContent[]} ctx={{ style: s, fonts, images: template.images, explain }} />
        <FooterLabel text={drawable(meta.documentId ?? meta.correlationId)} margin={MARGIN} tag={explain?.tag("footer")} />
      </Page>
    </Document>,
  );
  const t2 = performance.now();
  await explain?.checkPdf(pdf);
  const timings = { dataBindingMs: t1 - t0, layoutMs: t2 - t1, postProcessingMs: NO_POST_PROCESSING, totalMs: t2 - t0 };
  return explain ? { pdf, timings, explain: explain.facts() } : { pdf, timings };
}
