import { Document, Page, View } from "@react-pdf/renderer";
import { renderElement } from "./render-element";
import { drawableStrings, setUpFonts } from "./fonts";
import { Lines, Words } from "./direction";
import { documentLanguage, type DocumentLanguage } from "./document-language";
import { documentProps } from "./document-props";
import { FooterLabel } from "./footer";
import { structure } from "./structure";
import type { IntakeCounts } from "@/lib/batch/intake-counts";
import type { BatchState } from "@/lib/batch/states";
import { NameValueRow } from "./name-value-row";
import type { Locale } from "@/lib/i18n/locales";
import { BATCH_STATE_KEYS, INTAKE_CLASS_KEYS } from "@/lib/format/batch-state-keys";
import { momentText } from "@/lib/format/moment-text";

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
  /** The receipt's language (buildReceipt: the batch's, else the tenant's default); en-GB when not given. */
  locale?: Locale;
  counts: IntakeCounts;
  /** `details`: the record's main fields ("Label: value") and recipients ("To: …"), in `locale`, so that an approver sees what the batch holds. */
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

const READINESS = {
  READY: "document.receipt.readinessWords.ready",
  PARTIAL: "document.receipt.readinessWords.partial",
  INVALID: "document.receipt.readinessWords.invalid",
} as const;

/** A batch state in the receipt's words; a state without words stays as it is rather than vanish. */
const stateWords = ({ t }: DocumentLanguage, state: string) =>
  Object.hasOwn(BATCH_STATE_KEYS, state) ? t(BATCH_STATE_KEYS[state as BatchState]) : state;

function Row({ r, lang }: { r: ReceiptInput["records"][number]; lang: DocumentLanguage }) {
  const { t, font } = lang;
  return (
    <View {...structure("TR")} style={{ ...lang.row, borderBottom: "0.5pt solid #dddddd", paddingVertical: 2 }} wrap={false}>
      <Words dir={lang.dir} {...structure("TD")} style={{ ...lang.cellGap, width: 40 }}>
        {r.index + 1}
      </Words>
      <Words dir={lang.dir} {...structure("TD")} style={{ ...lang.cellGap, width: 75, color: colour[r.status], fontFamily: font.bold }}>
        {t(INTAKE_CLASS_KEYS[r.status])}
      </Words>
      <Lines
        dir={lang.dir}
        tag={structure("TD")}
        style={{ ...lang.cellGap, width: 185 }}
        lines={[r.fileName ?? "–", ...(r.details ?? [])]}
      />
      <Lines dir={lang.dir} tag={structure("TD")} style={{ ...lang.cellGap, flex: 1 }} lines={r.messages} />
    </View>
  );
}

/** The intake receipt: what was submitted and how every record was classed, as a PDF, in the batch's language. */
export async function renderReceipt(given: ReceiptInput): Promise<Uint8Array> {
  setUpFonts();
  const lang = documentLanguage(given.locale);
  const { t, font } = lang;
  const input = drawableStrings(given); // drawn; the metadata keeps the given text
  const flagged = input.records.filter((r) => r.status !== "ready");
  const ready = input.records.filter((r) => r.status === "ready");
  const listReady = ready.length <= MAX_LISTED_READY;
  const h2 = { fontSize: 11, fontFamily: font.bold, marginVertical: 4 };
  const facts: Array<[string, string, boolean?]> = [
    [t("document.receipt.batchId"), input.batchId],
    [t("document.receipt.correlationId"), input.correlationId],
    [t("document.receipt.template"), input.templatePath],
    [t("document.receipt.submittedBy"), input.submittedBy],
    [t("document.receipt.submittedAt"), momentText(input.submittedAt, lang.locale)],
    [t("document.receipt.state"), stateWords(lang, input.state)],
    // The API's value follows the words: integrators compare it with X-Svc-DispatchReadiness.
    [t("document.receipt.readiness"), `${t(READINESS[input.readiness])} (${input.readiness})`, true],
  ];
  const doc = (
    <Document
      {...documentProps(
        { correlationId: given.correlationId, title: t("document.receipt.title", { title: given.title }) },
        { language: lang.locale, margin: 40, label: lang.pageLabel },
      )}
    >
      <Page size="A4" style={{ padding: 40, fontFamily: font.regular, fontSize: 8.5, lineHeight: lang.leading(1.3) }}>
        <Words
          dir={lang.dir}
          {...structure("H1")}
          style={{ fontSize: 16, fontFamily: font.bold, marginBottom: 4, lineHeight: lang.leading(1.45) }}
        >
          {t("document.receipt.heading")}
        </Words>
        <Words dir={lang.dir} {...structure("P")} style={{ fontSize: 11, marginBottom: 10 }}>
          {input.title}
        </Words>
        <View {...structure("Table")}>
          {facts.map(([k, v, bold]) => (
            <NameValueRow
              key={k}
              name={k}
              value={v}
              nameWidth={100}
              nameColour="#555555"
              valueStyle={{ flex: 1, fontFamily: bold ? font.bold : font.regular }}
              dir={lang.dir}
            />
          ))}
        </View>
        <Words dir={lang.dir} {...structure("P")} style={{ marginVertical: 10, fontSize: 10 }}>
          {t("document.receipt.counts", { ...input.counts })}
        </Words>
        {flagged.length > 0 && (
          <Words dir={lang.dir} {...structure("H2")} style={h2}>
            {t("document.receipt.needsAttention")}
          </Words>
        )}
        {flagged.length > 0 && (
          <View {...structure("Table")}>
            {flagged.map((r) => (
              <Row key={r.index} r={r} lang={lang} />
            ))}
          </View>
        )}
        <Words dir={lang.dir} {...structure("H2")} style={h2}>
          {t("document.receipt.readyHeading")}
        </Words>
        {ready.length === 0 ? (
          <Words dir={lang.dir} {...structure("P")}>
            {t("document.receipt.none")}
          </Words>
        ) : listReady ? (
          // A record's details follow its file name on its line; a block of 15 records stays within a page however they wrap.
          chunks(
            ready.map((r) => [`${r.index + 1}  ${t(INTAKE_CLASS_KEYS.ready)}  ${r.fileName ?? ""}`, ...(r.details ?? [])].join(" · ")),
            15,
          ).map((lines, i) => (
            <Lines dir={lang.dir} key={i} tag={structure(lang.dir === "ltr" ? "P" : "Sect")} wrap={false} lines={lines} />
          ))
        ) : (
          <Words dir={lang.dir} {...structure("P")}>
            {t("document.receipt.readyRanges", { ranges: indexRanges(ready.map((r) => r.index)) })}
          </Words>
        )}
        <FooterLabel text={input.batchId} margin={40} dir={lang.dir} />
      </Page>
    </Document>
  );
  return renderElement(doc);
}
