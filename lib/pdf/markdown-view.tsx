import type { ReactNode } from "react";
import { Image, Link, Text, View } from "@react-pdf/renderer";
import type { Image as ImageNode, Nodes, Parent, RootContent } from "mdast";
import type { ExplainCapture } from "@/lib/explain/capture";
import type { TemplateStyle } from "@/lib/templates/types";
import { drawable, type FontStacks } from "./fonts";
import { structure } from "./structure";

interface Ctx {
  style: TemplateStyle;
  /** The document's font stacks (its locale orders the CJK fonts). */
  fonts: FontStacks;
  images: Map<string, Buffer>;
  /** Inside a tight list (no blank lines between items): paragraphs take no space after them. */
  tight?: boolean;
  /** The sole paragraph of a list item is the item's body itself (one element less per item). */
  itemBody?: boolean;
  /** Set only for traced renders: each block is registered and tagged for the layout read-back. */
  explain?: ExplainCapture;
}

const inlineChildren = (n: Parent, ctx: Ctx): ReactNode[] => n.children.map((c, i) => inline(c as Nodes, ctx, i));

function inline(n: Nodes, ctx: Ctx, key: number): ReactNode {
  switch (n.type) {
    case "text":
      return drawable(n.value);
    case "strong":
      return (
        <Text key={key} style={{ fontFamily: ctx.fonts.bold }}>
          {inlineChildren(n, ctx)}
        </Text>
      );
    case "emphasis":
      return (
        <Text key={key} style={{ fontFamily: ctx.fonts.italic }}>
          {inlineChildren(n, ctx)}
        </Text>
      );
    case "inlineCode":
      return (
        <Text key={key} style={{ fontFamily: ctx.fonts.mono }}>
          {drawable(n.value)}
        </Text>
      );
    case "break":
      return "\n";
    case "link":
      // Only links written in the template itself reach here: data is bound into text nodes only.
      return /^(https?:|mailto:)/i.test(n.url) ? (
        <Link key={key} src={n.url} style={{ color: ctx.style.primaryColor }}>
          {inlineChildren(n, ctx)}
        </Link>
      ) : (
        <Text key={key}>{inlineChildren(n, ctx)}</Text>
      );
    default:
      return "children" in n ? <Text key={key}>{inlineChildren(n as Parent, ctx)}</Text> : null;
  }
}

const headingSize = (depth: number, base: number) => base * ([2, 1.6, 1.3, 1.15, 1.05, 1][depth - 1] ?? 1);

export function Blocks({ nodes, ctx }: { nodes: RootContent[]; ctx: Ctx }) {
  return <>{nodes.map((n, i) => block(n, ctx, i))}</>;
}

function block(n: RootContent, ctx: Ctx, key: number): ReactNode {
  const base = ctx.style.fontSize;
  const x = ctx.explain;
  switch (n.type) {
    case "heading":
      return (
        <Text
          key={key}
          {...x?.tag("heading", n, { depth: n.depth })}
          {...structure(`H${n.depth}`)}
          style={{
            fontFamily: ctx.fonts.bold,
            fontSize: headingSize(n.depth, base),
            lineHeight: 1.2,
            color: ctx.style.headingColor,
            marginTop: base * 0.6,
            marginBottom: base * 0.4,
          }}
        >
          {inlineChildren(n, ctx)}
        </Text>
      );
    case "paragraph":
      return n.children.length === 1 && n.children[0].type === "image" ? (
        block(n.children[0] as unknown as RootContent, ctx, key)
      ) : (
        <Text
          key={key}
          {...x?.tag("paragraph", n)}
          {...structure(ctx.itemBody ? "LBody" : "P")}
          style={{ marginBottom: ctx.tight ? base * 0.15 : base * 0.6 }}
        >
          {inlineChildren(n, ctx)}
        </Text>
      );
    case "list":
      return (
        <View
          key={key}
          {...x?.tag("list", n)}
          {...structure("L", { listNumbering: n.ordered ? "Decimal" : "Disc" })}
          style={{ marginBottom: base * 0.6 }}
        >
          {n.children.map((item, i) => {
            const itemBody = item.children.length === 1 && item.children[0].type === "paragraph";
            return (
              <View key={i} {...structure("LI")} style={{ flexDirection: "row" }}>
                {/* A bullet says nothing the list's Disc numbering does not: an artifact (untagged); a number is a label. */}
                <Text {...(n.ordered ? structure("Lbl") : {})} style={{ width: base * 1.6 }}>
                  {n.ordered ? `${(n.start ?? 1) + i}.` : "•"}
                </Text>
                <View {...(itemBody ? {} : structure("LBody"))} style={{ flex: 1 }}>
                  <Blocks nodes={item.children as RootContent[]} ctx={{ ...ctx, tight: !(n.spread || item.spread), itemBody }} />
                </View>
              </View>
            );
          })}
        </View>
      );
    case "table":
      return (
        <View
          key={key}
          {...x?.tag("table", n)}
          {...structure("Table")}
          style={{ marginBottom: base * 0.6, borderTop: `0.5pt solid ${ctx.style.primaryColor}` }}
        >
          {n.children.map((row, r) => (
            <View
              key={r}
              {...structure("TR")}
              style={{ flexDirection: "row", borderBottom: "0.5pt solid #bbbbbb", backgroundColor: r === 0 ? "#eef2f6" : undefined }}
            >
              {row.children.map((cell, c) => (
                // GFM column alignment (`|---:|`): amounts line up on the right. A GFM table's first row is its header.
                <Text
                  key={c}
                  {...(r === 0 ? structure("TH", { scope: "Column" }) : structure("TD"))}
                  style={{
                    flex: 1,
                    padding: 3,
                    fontFamily: r === 0 ? ctx.fonts.bold : ctx.fonts.regular,
                    textAlign: n.align?.[c] ?? "left",
                  }}
                >
                  {inlineChildren(cell, ctx)}
                </Text>
              ))}
            </View>
          ))}
        </View>
      );
    case "blockquote":
      return (
        <View
          key={key}
          {...x?.tag("blockquote", n)}
          {...structure("BlockQuote")}
          style={{ borderLeft: `2pt solid ${ctx.style.primaryColor}`, paddingLeft: base, marginBottom: base * 0.6 }}
        >
          <Blocks nodes={n.children as RootContent[]} ctx={ctx} />
        </View>
      );
    case "code":
      return (
        <Text
          key={key}
          {...x?.tag("code", n)}
          {...structure("P")}
          style={{ fontFamily: ctx.fonts.mono, fontSize: base * 0.9, marginBottom: base * 0.6 }}
        >
          {drawable(n.value)}
        </Text>
      );
    case "thematicBreak":
      return <View key={key} {...x?.tag("rule", n)} style={{ borderBottom: "0.5pt solid #999999", marginVertical: base * 0.6 }} />;
    default: {
      if ((n as Nodes).type !== "image") return null;
      const { url, alt } = n as unknown as ImageNode;
      const img = ctx.images.get(url);
      // Left-out images are registered too: the trace says which and why.
      const tag = x?.tag("image", n as Nodes, { url, alt: alt ?? "", included: img !== undefined });
      // An image without alt text is decorative: an artifact, which a screen reader passes over.
      const figure = alt ? structure("Figure", { alt }) : {};
      return img ? <Image key={key} {...tag} {...figure} src={img} style={{ maxWidth: 200, marginBottom: base * 0.6 }} /> : null;
    }
  }
}
