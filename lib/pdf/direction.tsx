import { Text, View } from "@react-pdf/renderer";
import type { ComponentProps, ReactNode } from "react";
import { structure } from "./structure";

/**
 * Right-to-left documents (Arabic, Hebrew) as react-pdf lays them out. react-pdf (textkit) runs the
 * Unicode bidi algorithm on each Text, line by line, from the Text's `direction` style, which it does
 * not inherit from a parent; flex rows have no direction of their own.
 *
 * A sentence of the document's language is a right-to-left paragraph: it starts at the right, and the
 * e-mail addresses, numbers and hashes inside it sit where its reader expects them. A text with no
 * right-to-left letter at all (a Latin name, an e-mail address, an id, a hash) is a left-to-right
 * paragraph set on the right: laid out right to left, its trailing punctuation would move to its
 * start ("1. Ann <ann@example.com>" would read "<Ann <ann@example.com .1"), as a browser's `dir="auto"`
 * avoids. Left-to-right documents are laid out as they always were.
 */
export type Direction = "ltr" | "rtl";

const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** The style of a Text holding `content` in a document written in `dir`. */
export function paragraphStyle(dir: Direction, content: string): { direction: Direction; textAlign?: "right" } {
  if (dir === "ltr") return { direction: "ltr" };
  return { direction: RIGHT_TO_LEFT.test(content) ? "rtl" : "ltr", textAlign: "right" };
}

/** A table row's direction: its first cell on the side lines start from. */
export const rowDirection = (dir: Direction): { flexDirection: "row" | "row-reverse" } => ({
  flexDirection: dir === "rtl" ? "row-reverse" : "row",
});

/** react-pdf's Text in a document written in `dir`, its direction that of what it holds (paragraphStyle). */
export function Words({ dir, style, children, ...props }: ComponentProps<typeof Text> & { dir: Direction; children: ReactNode }) {
  const own = paragraphStyle(dir, textOf(children));
  return (
    <Text {...props} style={Array.isArray(style) ? [own, ...style] : { ...own, ...style }}>
      {children}
    </Text>
  );
}

/**
 * The lines of one table cell or block (`tag`: its element of the structure tree). Left to right they
 * are one Text with newlines, which react-pdf lays out fastest. Right to left each line is a Text of
 * its own, a paragraph inside the element: in one Text the bidi algorithm would carry a newline into
 * a line, drawn as a missing glyph, and give every line the direction of the first right-to-left one.
 */
export function Lines({
  dir,
  lines,
  tag,
  style,
  ...props
}: Omit<ComponentProps<typeof View>, "children"> & { dir: Direction; lines: string[]; tag: { pdfStructure: object } }) {
  if (dir === "ltr")
    return (
      <Text {...props} {...tag} style={Array.isArray(style) ? [{ direction: "ltr" }, ...style] : { direction: "ltr", ...style }}>
        {lines.join("\n")}
      </Text>
    );
  return (
    <View {...props} {...tag} style={style}>
      {lines.map((line, i) => (
        <Words key={i} dir={dir} {...structure("P")}>
          {line}
        </Words>
      ))}
    </View>
  );
}

const textOf = (children: ReactNode): string =>
  typeof children === "string" || typeof children === "number"
    ? String(children)
    : Array.isArray(children)
      ? children.map(textOf).join("")
      : "";
