import { Document, Page, Text, View } from "@react-pdf/renderer";
import fc from "fast-check";
import { expect, it } from "vitest";
import { renderElement } from "@/lib/pdf/render-element";
import { pdfWordBoxes } from "../support/pdf";

// patches/@react-pdf+layout+5.2.0.patch keeps a page's first layout when its contents fit, were
// not split and nothing in them depends on the page's height, instead of laying the page out again
// at its height. A page with a dynamic element (a `render` prop) is always laid out again, so the
// same document with a `fixed` dynamic element that draws nothing is the reference: every word must
// land where it does there, whatever the page's and its children's styles.

interface Shape {
  size: "A4" | "LETTER" | "A5";
  justifyContent?: "flex-start" | "center" | "space-between" | "flex-end";
  paragraphs: Array<{ words: number; flexGrow?: number; marginTopAuto: boolean }>;
  footer: { from: "bottom" | "top" | "both" | "none"; offset: number; lines: 1 | 2 };
}

/** Mostly `usual`, now and then one of `rare`: most pages must take the kept layout for the test to mean anything. */
const mostly = <T,>(usual: fc.Arbitrary<T>, rare: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: usual, weight: 4 }, { arbitrary: rare, weight: 1 });

const shapes: fc.Arbitrary<Shape> = fc.record({
  size: fc.constantFrom("A4", "LETTER", "A5"),
  justifyContent: mostly(fc.constant(undefined), fc.constantFrom("flex-start", "center", "space-between", "flex-end")),
  paragraphs: fc.array(
    fc.record({
      // Up to a page or two: the last page of a longer document takes the kept layout too.
      words: mostly(fc.integer({ min: 1, max: 150 }), fc.integer({ min: 151, max: 900 })),
      flexGrow: mostly(fc.constant(undefined), fc.constantFrom(0, 1)),
      marginTopAuto: mostly(fc.constant(false), fc.constant(true)),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  footer: fc.record({
    from: mostly(fc.constant("bottom" as const), fc.constantFrom("top" as const, "both" as const, "none" as const)),
    offset: fc.integer({ min: 10, max: 60 }),
    lines: fc.constantFrom(1 as const, 2 as const),
  }),
});

function document(shape: Shape, dynamic: boolean) {
  const { footer } = shape;
  const footerStyle = {
    position: "absolute" as const,
    left: 40,
    right: 40,
    fontSize: 8,
    ...(footer.from !== "top" ? { bottom: footer.offset } : {}),
    ...(footer.from !== "bottom" ? { top: footer.offset } : {}),
  };
  return (
    <Document>
      <Page size={shape.size} style={{ padding: 40, fontFamily: "Helvetica", fontSize: 10, justifyContent: shape.justifyContent }}>
        {shape.paragraphs.map((p, i) => (
          <Text key={i} style={{ flexGrow: p.flexGrow, marginTop: p.marginTopAuto ? "auto" : 6 }}>
            {Array.from({ length: p.words }, (_, w) => `p${i}w${w}`).join(" ")}
          </Text>
        ))}
        {footer.from !== "none" && (
          <Text fixed style={footerStyle}>
            {footer.lines === 2 ? `footer-a ${"footer-b ".repeat(60)}` : "footer-a"}
          </Text>
        )}
        {dynamic && <View fixed style={{ position: "absolute", top: 0, left: 0 }} render={() => null} />}
      </Page>
    </Document>
  );
}

const placed = async (shape: Shape, dynamic: boolean) =>
  (await pdfWordBoxes(await renderElement(document(shape, dynamic)))).map(
    (w) => `${w.page} ${w.text} ${w.xMin.toFixed(2)} ${w.yMin.toFixed(2)}`,
  );

it("places every word where laying the page out again at its height places it (generated pages and styles)", async () => {
  await fc.assert(
    fc.asyncProperty(shapes, async (shape) => {
      expect(await placed(shape, false)).toEqual(await placed(shape, true));
    }),
    { numRuns: 40 },
  );
});

it("moves a footer placed from the page's bottom to the bottom of a page its contents do not fill", async () => {
  const words = await pdfWordBoxes(
    await renderElement(
      document({ size: "A4", paragraphs: [{ words: 5, marginTopAuto: false }], footer: { from: "bottom", offset: 30, lines: 1 } }, false),
    ),
  );
  const footer = words.find((w) => w.text === "footer-a")!;
  // A4 is 841.89 pt high; the footer's line (8 pt) ends 30 pt above the bottom edge.
  expect(footer.yMax).toBeGreaterThan(841.89 - 30 - 8);
  expect(footer.yMax).toBeLessThanOrEqual(841.89 - 30 + 1);
});
