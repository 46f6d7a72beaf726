import { Document, Page, Text } from "@react-pdf/renderer";
import { drawable, fontsFor, setUpFonts } from "./fonts";
import { documentProps } from "./document-props";
import { renderElement } from "./render-element";

/** A few characters of every script a fallback font is there for: Greek, Hebrew, Arabic, Han, kana, Hangul, an emoji. */
const SAMPLE = "Ωж שלום شريف 漢字 かな 한국 🙂";

/**
 * Lays out one small page with every fallback font, regular and bold, finished as every document is
 * (page numbers, metadata), at a render thread's start: reading the CJK fonts and their shaping
 * tables, their character tables for `drawable`, and each script's first layout are otherwise paid
 * by the first document with such a name. After this the first non-Latin document costs what the
 * second does (docs/benchmarks.md, "Templates").
 */
export async function warmUpFonts(): Promise<void> {
  setUpFonts();
  // Every fallback font read; laid out once, regular and bold, in the default order (the Japanese
  // and Korean orders use the same fonts, already read).
  const f = fontsFor();
  await renderElement(
    <Document {...documentProps({ correlationId: "warm-up", title: "warm-up" }, { language: "en", margin: 20 })}>
      <Page size="A6">
        <Text style={{ fontFamily: f.regular }}>{SAMPLE}</Text>
        <Text style={{ fontFamily: f.bold }}>{SAMPLE}</Text>
        <Text style={{ fontFamily: fontsFor("ja-JP").regular }}>{SAMPLE}</Text>
        <Text style={{ fontFamily: fontsFor("ja-JP").bold }}>{SAMPLE}</Text>
      </Page>
    </Document>,
  );
  // drawable reads the fonts' character tables on its first non-Latin text: from the fonts now loaded.
  drawable(SAMPLE);
}
