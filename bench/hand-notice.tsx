import { Document, Font, Page, Text, View } from "@react-pdf/renderer";
import { FACES, faceFile } from "@/lib/pdf/fonts";
import { renderElement } from "@/lib/pdf/render-element";
import type { noticeRecord } from "./documents";

/*
 * The bench notice as a team would write it by hand in react-pdf, without Sealpost's templates:
 * the same text, table and footer, page numbers from a `render` footer as react-pdf documents
 * them. A second reference beside "the same render code alone": what react-pdf itself costs for
 * this page when used the usual way. In react-pdf's built-in Helvetica (nothing embedded, no
 * shaping: what a team writes first) or in the fonts Sealpost embeds for PDF/UA (Arimo), so that
 * the ratio to react-pdf alone is also taken on the same document in the same fonts.
 */

export type HandFaces = keyof typeof FACES;
let registered = false;
/**
 * The embedded faces registered as react-pdf's own API does, not through Sealpost's setUpFonts:
 * that also turns hyphenation off, and this page is react-pdf as it comes.
 */
function registerEmbedded() {
  if (registered) return;
  for (const family of [FACES.embedded.regular, FACES.embedded.bold, FACES.embedded.italic] as const)
    Font.register({ family, src: faceFile(family) });
  registered = true;
}

type NoticeRecord = ReturnType<typeof noticeRecord>;

const items: Array<[string, string]> = [
  ["Base subscription", "monthly"],
  ["Additional users", "monthly"],
  ["Storage above the included quota", "monthly"],
  ["Premium support", "monthly"],
  ["Document processing", "per use"],
  ["Secure delivery", "per use"],
  ["Archive retention", "yearly"],
  ["Late payment fee", "once"],
  ["Discount", "once"],
];
const cell = { flex: 1, padding: 3 } as const;
const row = { flexDirection: "row", borderBottom: "0.5pt solid #bbbbbb" } as const;
const BASE = 10.5;
const paragraph = { marginBottom: BASE * 0.6 } as const;
const heading = (size: number, bold: string) => ({
  fontFamily: bold,
  fontSize: BASE * size,
  lineHeight: 1.2,
  color: "#1f3a5f",
  marginTop: BASE * 0.6,
  marginBottom: BASE * 0.4,
});

function Notice({ r, f }: { r: NoticeRecord; f: (typeof FACES)[HandFaces] }) {
  const lines = r as unknown as Record<string, string>;
  return (
    <Document title="Payment notice" producer="bench" creator="bench">
      <Page size="A4" style={{ padding: 48, fontFamily: f.regular, fontSize: BASE, lineHeight: 1.35, color: "#1a1a1a" }}>
        <View style={{ borderBottom: "2pt solid #1f3a5f", marginBottom: 14 }} fixed />
        <Text style={heading(2, f.bold)}>Payment notice</Text>
        <Text style={heading(1.6, f.bold)}>Your statement of charges for the period ending {r.dueDate}</Text>
        <Text style={paragraph}>
          Dear {r.customerName}, this notice sets out the charges on your account {r.customerId} for the last billing period. The table
          below lists each item with the amount charged; the total is due in full by the date shown at the end of this notice.
        </Text>
        <Text style={paragraph}>
          Please pay {r.amountDue} EUR into account {r.iban} and quote the reference {r.reference}, so that the payment can be matched to
          your account without delay. Payments without the reference may take several working days to reach your account.
        </Text>
        <View style={{ marginBottom: BASE * 0.6, borderTop: "0.5pt solid #1f3a5f" }}>
          <View style={{ ...row, backgroundColor: "#eef2f6" }}>
            <Text style={{ ...cell, fontFamily: f.bold }}>Item</Text>
            <Text style={{ ...cell, fontFamily: f.bold, textAlign: "center" }}>Period</Text>
            <Text style={{ ...cell, fontFamily: f.bold, textAlign: "right" }}>Amount (EUR)</Text>
          </View>
          {items.map(([name, period], k) => (
            <View key={k} style={row}>
              <Text style={cell}>{name}</Text>
              <Text style={{ ...cell, textAlign: "center" }}>{period}</Text>
              <Text style={{ ...cell, textAlign: "right" }}>{lines[`l${k + 1}`]}</Text>
            </View>
          ))}
          <View style={row}>
            <Text style={{ ...cell, fontFamily: f.bold }}>Total</Text>
            <Text style={cell} />
            <Text style={{ ...cell, fontFamily: f.bold, textAlign: "right" }}>{r.amountDue}</Text>
          </View>
        </View>
        <Text style={paragraph}>
          If you have already paid, please disregard this notice. If you believe an item is wrong, reply before {r.dueDate} and we will hold
          the charge while we look into it; nothing further is due on a charge that is under review.
        </Text>
        <Text style={paragraph}>
          You can pay by bank transfer, by direct debit if you have set one up, or by card through your online account. Receipts for every
          payment are kept in your account for seven years and can be downloaded at any time.
        </Text>
        <Text style={{ fontFamily: f.italic }}>
          This notice was prepared for {r.customerName}. Sealpost Utilities Ltd., 1 Example Street, Example City.
        </Text>
        <Text
          fixed
          style={{ position: "absolute", top: 810, left: 48, right: 48, fontSize: 7, color: "#777777" }}
          render={({ pageNumber, totalPages }) => `${r.reference} · page ${pageNumber} of ${totalPages}`}
        />
      </Page>
    </Document>
  );
}

export function renderHandNotice(record: NoticeRecord, faces: HandFaces = "builtIn"): Promise<Uint8Array> {
  if (faces === "embedded") registerEmbedded();
  return renderElement(<Notice r={record} f={FACES[faces]} />);
}
