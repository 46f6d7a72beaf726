import { Document, Page, Text, View } from "@react-pdf/renderer";
import { renderElement } from "./render-element";
import { drawableStrings, FONT, setUpFonts } from "./fonts";
import { documentProps } from "./document-props";
import { FooterLabel } from "./footer";
import { structure } from "./structure";
import { intakeCountsLine, type IntakeCounts } from "@/lib/batch/intake-counts";
import { NameValueRow } from "./name-value-row";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { momentText } from "@/lib/format/moment-text";
import { intakeClassLabels, readinessLabels, stateLabel } from "@/lib/format/state-words";

export interface ReceiptInput {
  batchId: string;
  correlationId: string;
  title: string;
  templatePath: string;
  submittedBy: string;
  /** ISO 8601; the receipt writes it for `locale`, its time zone named. */
  submittedAt: string;
  /** The batch state and readiness as the API gives them: the receipt says them in words. */
  state: string;
  readiness: "READY" | "PARTIAL" | "INVALID";
  /** BCP 47; en-GB when not given. */
  locale?: string;
  counts: IntakeCounts;
  /** `details`: the record's main fields ("Label: value") and recipients ("To: …"), so that an approver sees what the batch holds. */
  records: Array<{
    index: number;
    status: "ready" | "warning" | "invalid";
    messages: string[];
    fileName?: string | null;
    details?: string[];
  }>;
}

const colour = { ready: "#1b7a3a", warning: "#a86400", invalid: "#b3261e" } as const;
/**
 * Up to this many ready records, each gets a line with its file name; above it, ready records are
 * summarised as index ranges (records needing attention are always listed one by one, with their
 * messages). The client waits for the receipt: a line per ready record would lay out pages nobody
 * reads (the documents list names every file) on the request's path.
 */
export const MAX_LISTED_READY = 100;

/** Consecutive indexes as "1–950, 952" (1-based, as people count records). */
export function indexRanges(indexes: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < indexes.length; i++) {
    const start = indexes[i];
    while (i + 1 < indexes.length && indexes[i + 1] === indexes[i] + 1) i++;
    parts.push(start === indexes[i] ? `${start + 1}` : `${start + 1}–${indexes[i] + 1}`);
  }
  return parts.join(", ");
}

// One Text per block of lines: react-pdf lays a few large texts out far faster than many rows, but
// miscomputes a single text that spans pages.
const chunks = <T,>(xs: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, i * size + size));

function Row({ r }: { r: ReceiptInput["records"][number] }) {
  return (
    <View {...structure("TR")} style={{ flexDirection: "row", borderBottom: "0.5pt solid #dddddd", paddingVertical: 2 }} wrap={false}>
      <Text {...structure("TD")} style={{ width: 40 }}>
        {r.index + 1}
      </Text>
      <Text {...structure("TD")} style={{ width: 50, color: colour[r.status], fontFamily: FONT.bold }}>
        {intakeClassLabels[r.status].label}
      </Text>
      <Text {...structure("TD")} style={{ width: 210 }}>
        {[r.fileName ?? "–", ...(r.details ?? [])].join("\n")}
      </Text>
      <Text {...structure("TD")} style={{ flex: 1 }}>
        {r.messages.join("\n")}
      </Text>
    </View>
  );
}

/** The intake receipt: what was submitted and how every record was classed, as a PDF. */
export async function renderReceipt(given: ReceiptInput): Promise<Uint8Array> {
  setUpFonts();
  const input = drawableStrings(given); // drawn; the metadata keeps the given text
  const flagged = input.records.filter((r) => r.status !== "ready");
  const ready = input.records.filter((r) => r.status === "ready");
  const listReady = ready.length <= MAX_LISTED_READY;
  const doc = (
    <Document
      {...documentProps({ correlationId: given.correlationId, title: `Intake receipt – ${given.title}` }, { language: "en", margin: 40 })}
    >
      <Page size="A4" style={{ padding: 40, fontFamily: FONT.regular, fontSize: 8.5, lineHeight: 1.3 }}>
        <Text {...structure("H1")} style={{ fontSize: 16, fontFamily: FONT.bold, marginBottom: 4 }}>
          Batch intake receipt
        </Text>
        <Text {...structure("P")} style={{ fontSize: 11, marginBottom: 10 }}>
          {input.title}
        </Text>
        <View {...structure("Table")}>
          {[
            ["Batch id", input.batchId],
            ["Correlation id", input.correlationId],
            ["Template", input.templatePath],
            ["Submitted by", input.submittedBy],
            ["Submitted at", momentText(input.submittedAt, input.locale ?? DEFAULT_LOCALE)],
            ["State", stateLabel(input.state).label],
            // The API's value follows the words: integrators compare it with X-Svc-DispatchReadiness.
            ["Dispatch readiness", `${readinessLabels[input.readiness].label} (${input.readiness})`],
          ].map(([k, v]) => (
            <NameValueRow
              key={k}
              name={k}
              value={v}
              nameWidth={100}
              nameColour="#555555"
              valueStyle={{ fontFamily: k === "Dispatch readiness" ? FONT.bold : FONT.regular }}
            />
          ))}
        </View>
        <Text {...structure("P")} style={{ marginVertical: 10, fontSize: 10 }}>
          {intakeCountsLine(input.counts)}
        </Text>
        {flagged.length > 0 && (
          <Text {...structure("H2")} style={{ fontSize: 11, fontFamily: FONT.bold, marginVertical: 4 }}>
            Records needing attention
          </Text>
        )}
        {flagged.length > 0 && (
          <View {...structure("Table")}>
            {flagged.map((r) => (
              <Row key={r.index} r={r} />
            ))}
          </View>
        )}
        <Text {...structure("H2")} style={{ fontSize: 11, fontFamily: FONT.bold, marginVertical: 4 }}>
          Ready records
        </Text>
        {ready.length === 0 ? (
          <Text {...structure("P")}>None</Text>
        ) : listReady ? (
          // A record's details follow its file name on its line; a block of 15 records stays within a page however they wrap.
          chunks(
            ready.map((r) => [`${r.index + 1}  ${intakeClassLabels.ready.label}  ${r.fileName ?? ""}`, ...(r.details ?? [])].join(" · ")),
            15,
          ).map((lines, i) => (
            <Text key={i} {...structure("P")} wrap={false}>
              {lines.join("\n")}
            </Text>
          ))
        ) : (
          <Text
            {...structure("P")}
          >{`Records ${indexRanges(ready.map((r) => r.index))}: ${intakeClassLabels.ready.label.toLowerCase()}`}</Text>
        )}
        <FooterLabel text={input.batchId} margin={40} />
      </Page>
    </Document>
  );
  return renderElement(doc);
}
