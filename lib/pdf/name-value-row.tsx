import { Text, View } from "@react-pdf/renderer";
import type { ComponentProps } from "react";
import { paragraphStyle, rowDirection, type Direction } from "./direction";
import { structure } from "./structure";

/** One style object of react-pdf (its types package is not a dependency of ours). */
type Style = Exclude<ComponentProps<typeof View>["style"], unknown[] | undefined>;

/**
 * A row of a two-column table of names and values (a record's facts): the name is the row's header
 * cell (TH, scope Row), so a screen reader says "Batch id: batch-0031". Sealed records,
 * certificates, receipts and explain reports draw their facts with it. Right to left (`dir`), the
 * name is on the right and both cells are laid out from the right (document-language.ts).
 */
export function NameValueRow({
  name,
  value,
  nameWidth,
  nameColour,
  valueStyle,
  rowStyle,
  keepTogether = false,
  dir = "ltr",
}: {
  name: string;
  value: string;
  nameWidth: number;
  nameColour: string;
  /** The value's cell; it takes the rest of the row by default. */
  valueStyle?: Style;
  rowStyle?: Style;
  /** Never split over two pages. */
  keepTogether?: boolean;
  /** The document's direction. */
  dir?: Direction;
}) {
  return (
    <View {...structure("TR")} style={{ ...rowDirection(dir), ...rowStyle }} {...(keepTogether ? { wrap: false } : {})}>
      <Text
        {...structure("TH", { scope: "Row" })}
        style={{ ...paragraphStyle(dir, name), width: nameWidth, color: nameColour, ...(dir === "rtl" ? { paddingLeft: 4 } : {}) }}
      >
        {name}
      </Text>
      <Text {...structure("TD")} style={{ ...paragraphStyle(dir, value), ...(valueStyle ?? { flex: 1 }) }}>
        {value}
      </Text>
    </View>
  );
}
