import { Document, Page, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { Trace, TraceMessage } from "../assemble-trace";
import { FontNames, textWidthPt, visibleText, wrapText } from "@/lib/pdf/wrap-text";
import { documentProps } from "@/lib/pdf/document-props";
import { FooterLabel } from "@/lib/pdf/footer";
import { FONT } from "@/lib/pdf/fonts";
import { structure } from "@/lib/pdf/structure";
import {
  capped,
  formatMs,
  outcomeSentence,
  quoteLine,
  renderDescription,
  scorecard,
  sortedMessages,
  styleGroups,
  timingRows,
  tracedBecauseText,
  type TimingRow,
  tokenGroups,
  type ReportMode,
  type TemplateLines,
} from "./report-facts";
import { plural } from "@/lib/plural";
import { NameValueRow } from "@/lib/pdf/name-value-row";
import { momentText } from "@/lib/format/moment-text";

export interface ReportInput {
  trace: Trace;
  mode: ReportMode;
  /** The tenant's licence has the accessibility feature: the report carries the scorecard. */
  scorecard: boolean;
  /** The template lines the trace points at, when the template text of that version is still at hand. */
  templateLines: TemplateLines | null;
  /** ISO 8601: the report writes it, as every moment, with its time zone named. */
  generatedAt: string;
}

/*
 * A5 pages with 10 pt text: on a phone the page is shown full width, so the text reads at about the
 * size of a web page's, and every table is at most three narrow columns or a stacked list. Every
 * colour passes AAA against white (tested), and the footer too.
 */
export const REPORT_MARGIN = 28;
export const REPORT_COLOURS = {
  text: "#1a1a1a",
  muted: "#4d4d4d",
  accent: "#1f3a5f",
  rule: "#c8c8c8",
  error: "#a0211a",
  warning: "#7a4200",
  pass: "#1a5e30",
  footer: "#595959",
} as const;
const C = REPORT_COLOURS;
/** The text column's width on A5 (points). */
const COLUMN = 419.53 - 2 * REPORT_MARGIN;
/** One text of a report is at most this many characters (about eight lines), so a card kept on one page always fits one. */
const MAX_TEXT = 500;
const clip = (text: string) => (text.length <= MAX_TEXT ? text : `${[...text].slice(0, MAX_TEXT - 1).join("")}…`);
/** Text from a trace (ids, URLs, template lines) as the document fonts draw it (visibleText) and fitted to a box of `width` points, so nothing runs past the margin. */
const fit = (
  text: string,
  width = COLUMN,
  size = 10,
  font: FontNames.Helvetica | FontNames.HelveticaBold | FontNames.Courier = FontNames.Helvetica,
  firstLineUsedPt = 0,
) => wrapText(clip(visibleText(text)), width - 2, size, { font, firstLineUsedPt });
const LABEL_WIDTH = 105;
const CARD_INSET = 8;

/** Lists longer than these are cut in the PDF; the trace JSON keeps every entry. */
const LIMITS = { summaryFindings: 30, messages: 400, tokens: 300, styles: 120, events: 200, pages: 200, pairs: 60, headings: 120 };

const bookmark = (title: string) => ({ bookmark: { title, fit: true, expanded: false } }) as object;

function H1({ children }: { children: string }) {
  return (
    <Text {...structure("H1")} style={{ fontSize: 17, fontFamily: FONT.bold, color: C.accent, marginBottom: 4 }}>
      {children}
    </Text>
  );
}

function H2({ children }: { children: string }) {
  return (
    <Text
      {...structure("H2")}
      {...bookmark(children)}
      minPresenceAhead={40}
      style={{
        fontSize: 13,
        fontFamily: FONT.bold,
        color: C.accent,
        marginTop: 14,
        marginBottom: 5,
        borderBottom: `0.75pt solid ${C.rule}`,
        paddingBottom: 2,
      }}
    >
      {children}
    </Text>
  );
}

function H3({ children }: { children: string }) {
  return (
    <Text {...structure("H3")} minPresenceAhead={30} style={{ fontSize: 11, fontFamily: FONT.bold, marginTop: 8, marginBottom: 3 }}>
      {children}
    </Text>
  );
}

function Para({ children, muted }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text {...structure("P")} style={{ marginBottom: 4, color: muted ? C.muted : C.text }}>
      {children}
    </Text>
  );
}

/** Label and value side by side: two columns fit A5 at 10 pt. */
function Facts({ rows }: { rows: Array<[string, string]> }) {
  return (
    <View {...structure("Table")} style={{ marginBottom: 4 }}>
      {rows.map(([label, value]) => (
        <NameValueRow
          key={label}
          name={label}
          value={fit(value, COLUMN - LABEL_WIDTH)}
          nameWidth={LABEL_WIDTH}
          nameColour={C.muted}
          rowStyle={{ marginBottom: 2 }}
          keepTogether
        />
      ))}
    </View>
  );
}

const severityColour = (s: TraceMessage["severity"]) => (s === "error" ? C.error : s === "warning" ? C.warning : C.accent);
const SEVERITY_WORD = { error: "ERROR", warning: "WARNING", info: "NOTE" } as const;

/** A template line as written, in a monospaced face. */
function Quote({ text, width = COLUMN }: { text: string; width?: number }) {
  return (
    <Text {...structure("P")} style={{ fontFamily: FONT.mono, fontSize: 9 }}>
      {fit(text, width, 9, FontNames.Courier)}
    </Text>
  );
}

/** One finding as a card: what, where in the template (the line quoted), and what was done instead of failing. */
function Finding({ m, lines }: { m: TraceMessage; lines: TemplateLines | null }) {
  const quoted = quoteLine(lines, m.line);
  return (
    <View wrap={false} style={{ marginBottom: 6, paddingLeft: 6, borderLeft: `2pt solid ${severityColour(m.severity)}` }}>
      <Text {...structure("P")}>
        <Text style={{ fontFamily: FONT.bold, color: severityColour(m.severity) }}>{`${SEVERITY_WORD[m.severity]} `}</Text>
        <Text style={{ color: C.muted }}>
          {fit(
            m.code,
            COLUMN - CARD_INSET,
            10,
            FontNames.Helvetica,
            textWidthPt(`${SEVERITY_WORD[m.severity]} `, 10, FontNames.HelveticaBold),
          )}
        </Text>
      </Text>
      <Text {...structure("P")}>{fit(m.message, COLUMN - CARD_INSET)}</Text>
      {m.line !== undefined && <Text {...structure("P")} style={{ color: C.muted }}>{`Template line ${m.line}${quoted ? ":" : ""}`}</Text>}
      {quoted && <Quote text={quoted} width={COLUMN - CARD_INSET} />}
      {m.recovery && (
        <Text {...structure("P")} style={{ color: C.muted }}>
          {fit(`Instead of failing: ${m.recovery}`, COLUMN - CARD_INSET)}
        </Text>
      )}
    </View>
  );
}

function More({ n, what }: { n: number; what: string }) {
  return n > 0 ? <Para muted>{`… and ${n} more ${what}; the trace JSON (GET /api/explain/trace) lists them all.`}</Para> : null;
}

function Overview({ trace, generatedAt }: { trace: Trace; generatedAt: string }) {
  const t = trace.template;
  return (
    <>
      <Para>{fit(outcomeSentence(trace))}</Para>
      <Facts
        rows={[
          ["Outcome", trace.outcome === "failed" ? "Failed" : "Rendered"],
          ["Render", renderDescription(trace)],
          ["Correlation id", trace.correlationId],
          ["Rendered at", momentText(trace.createdAt)],
          ["Template", t ? `${t.title} (${t.path})` : "not loaded"],
          ["Template version", t ? t.version.slice(0, 16) : "–"],
          ["Traced because", tracedBecauseText(trace.render.requestedBy)],
          ["Report made at", momentText(generatedAt)],
        ]}
      />
    </>
  );
}

function Timings({ trace, detailed }: { trace: Trace; detailed: boolean }) {
  const { stages, explain } = timingRows(trace, detailed);
  const total = trace.performance.totalMs ?? stages.reduce((n, r) => n + (r.ms ?? 0), 0);
  // A table of stages and times; the bars under each row are drawing, not content (artifacts).
  const row = (r: TimingRow) => (
    <View key={r.stage} {...structure("TR")} style={{ marginBottom: 3 }} wrap={false}>
      <View style={{ flexDirection: "row" }}>
        <Text {...structure("TH", { scope: "Row" })} style={{ flex: 1 }}>
          {r.stage}
        </Text>
        <Text {...structure("TD")} style={{ width: 70, textAlign: "right" }}>
          {formatMs(r.ms)}
        </Text>
      </View>
      <View style={{ height: 3, backgroundColor: C.rule }}>
        <View style={{ height: 3, width: `${total > 0 ? Math.min(100, ((r.ms ?? 0) / total) * 100) : 0}%`, backgroundColor: C.accent }} />
      </View>
    </View>
  );
  return (
    <>
      <View {...structure("Table")}>
        {stages.map(row)}
        <View {...structure("TR")} style={{ flexDirection: "row", marginTop: 2 }}>
          <Text {...structure("TH", { scope: "Row" })} style={{ flex: 1, fontFamily: FONT.bold }}>
            Total
          </Text>
          <Text {...structure("TD")} style={{ width: 70, textAlign: "right", fontFamily: FONT.bold }}>
            {formatMs(trace.performance.totalMs)}
          </Text>
        </View>
      </View>
      {explain.length ? (
        <>
          <H3>Time taken by the trace itself</H3>
          <View {...structure("Table")}>{explain.map(row)}</View>
        </>
      ) : null}
    </>
  );
}

function Scorecard({ trace, enabled }: { trace: Trace; enabled: boolean }) {
  if (!enabled) {
    return (
      <Para muted>
        The accessibility scorecard comes with the accessibility feature, which this licence does not include. The detailed report and the
        trace still list every accessibility finding.
      </Para>
    );
  }
  return (
    <View {...structure("Table")}>
      {scorecard(trace).map((s) => (
        <View key={s.check} {...structure("TR")} wrap={false} style={{ marginBottom: 6, padding: 6, border: `0.75pt solid ${C.rule}` }}>
          <View style={{ flexDirection: "row" }}>
            <Text {...structure("TH", { scope: "Row" })} style={{ flex: 1, fontFamily: FONT.bold }}>
              {s.check}
            </Text>
            <Text {...structure("TD")} style={{ fontFamily: FONT.bold, color: s.failed ? C.error : C.pass }}>
              {s.result}
            </Text>
          </View>
          <Text {...structure("TD")} style={{ color: C.muted }}>
            {fit(s.detail, COLUMN - 14)}
          </Text>
        </View>
      ))}
    </View>
  );
}

function Messages({ messages, lines, limit }: { messages: TraceMessage[]; lines: TemplateLines | null; limit: number }) {
  if (!messages.length) return <Para muted>None.</Para>;
  const { shown, more } = capped(messages, limit);
  return (
    <>
      {shown.map((m, i) => (
        <Finding key={i} m={m} lines={lines} />
      ))}
      <More n={more} what="messages" />
    </>
  );
}

function TemplateSection({ trace }: { trace: Trace }) {
  const t = trace.template;
  if (!t) return <Para muted>The template could not be loaded; see the messages.</Para>;
  const fields = "fields" in t ? (t.fields ?? []) : [];
  return (
    <>
      <Facts
        rows={[
          ["Path", t.path],
          ["Title", t.title],
          ["Version (SHA-256)", t.version],
          ["Load time", formatMs(t.loadMs)],
        ]}
      />
      {fields.length > 0 && <H3>{`Fields in the front matter (${fields.length})`}</H3>}
      {fields.map((f) => (
        <Text key={f.key} {...structure("P")} style={{ marginBottom: 1 }}>
          {fit(`${f.key}: ${f.type}${f.required ? ", required" : ""}${f.label ? ` – "${f.label}"` : ""}`)}
        </Text>
      ))}
    </>
  );
}

function DataBinding({ trace, lines }: { trace: Trace; lines: TemplateLines | null }) {
  const b = trace.dataBinding;
  const { shown, more } = capped(tokenGroups(trace), LIMITS.tokens);
  return (
    <>
      <Facts
        rows={[
          ["Binding time", formatMs(b.ms)],
          ["Tokens written", String(b.tokens.length)],
          ["Missing values", b.missing.length ? b.missing.join(", ") : "none"],
          ["Empty values", b.empty.length ? b.empty.join(", ") : "none"],
          ["Kept as literal text", b.valuesKeptLiteral.length ? b.valuesKeptLiteral.join(", ") : "none (no value held markup)"],
          ["Values cut", b.valuesCut.length ? b.valuesCut.join(", ") : "none (values are never shortened)"],
        ]}
      />
      {b.sections.length > 0 && <H3>Sections</H3>}
      {b.sections.map((s, i) => (
        <Text key={i} {...structure("P")} style={{ marginBottom: 1 }}>
          {fit(
            `{{#${s.key}}} ${s.status}${s.status === "expanded" ? `, ${plural(s.items, "item")}` : ""}${s.line ? ` (line ${s.line})` : ""}`,
          )}
        </Text>
      ))}
      <H3>Where each value came from</H3>
      {shown.map((g, i) => {
        const quoted = quoteLine(lines, g.line, 60);
        return (
          <View key={i} wrap={false} style={{ marginBottom: 4 }}>
            <Text {...structure("P")} style={{ fontFamily: FONT.bold }}>
              {fit(`{{${g.token}}}`, COLUMN, 10, FontNames.HelveticaBold)}
            </Text>
            <Text {...structure("P")}>
              {fit(`${g.sources}${g.occurrences > 1 ? ` (${g.occurrences} times)` : ""}, ${g.valueTypes.join(" or ")}`)}
            </Text>
            {g.line !== undefined && (
              <Text {...structure("P")} style={{ color: C.muted }}>
                {fit(`line ${g.line}${quoted ? `: ${quoted}` : ""}`)}
              </Text>
            )}
          </View>
        );
      })}
      <More n={more} what="tokens" />
    </>
  );
}

function Layout({ trace, lines }: { trace: Trace; lines: TemplateLines | null }) {
  const pages = capped(trace.layout.pages, LIMITS.pages);
  const events = capped(trace.layout.events, LIMITS.events);
  const cell = { width: "25%", textAlign: "right" as const };
  return (
    <>
      <Para>{`Laid out in ${formatMs(trace.layout.ms)}: ${plural(trace.layout.pageCount, "page")}. react-pdf lays a document out in one pass, so a page's time is the layout time shared by its nodes.`}</Para>
      <View {...structure("Table")}>
        <View {...structure("TR")} style={{ flexDirection: "row", borderBottom: `0.75pt solid ${C.rule}`, marginBottom: 2 }} fixed={false}>
          <Text {...structure("TH", { scope: "Column" })} style={{ width: "15%", fontFamily: FONT.bold }}>
            Page
          </Text>
          <Text {...structure("TH", { scope: "Column" })} style={{ ...cell, width: "20%", fontFamily: FONT.bold }}>
            Blocks
          </Text>
          <Text {...structure("TH", { scope: "Column" })} style={{ ...cell, width: "40%", fontFamily: FONT.bold }}>
            Height used
          </Text>
          <Text {...structure("TH", { scope: "Column" })} style={{ ...cell, fontFamily: FONT.bold }}>
            Time
          </Text>
        </View>
        {pages.shown.map((p) => (
          <View key={p.page} {...structure("TR")} style={{ flexDirection: "row", marginBottom: 1 }} wrap={false}>
            <Text {...structure("TD")} style={{ width: "15%" }}>
              {String(p.page)}
            </Text>
            <Text {...structure("TD")} style={{ ...cell, width: "20%" }}>
              {String(p.elementCount)}
            </Text>
            <Text {...structure("TD")} style={{ ...cell, width: "40%" }}>{`${p.usedHeightPt} of ${p.availableHeightPt} pt`}</Text>
            <Text {...structure("TD")} style={cell}>
              {formatMs(p.layoutMsShare)}
            </Text>
          </View>
        ))}
      </View>
      <More n={pages.more} what="pages" />
      <H3>What the layout decided</H3>
      {events.shown.length === 0 && <Para muted>Nothing worth telling: no block split, moved, cut or scaled.</Para>}
      {events.shown.map((e, i) => (
        <View key={i} wrap={false} style={{ marginBottom: 5 }}>
          <Text {...structure("P")}>
            <Text style={{ fontFamily: FONT.bold }}>{e.kind.replace(/-/g, " ")}</Text>
            {fit(
              ` on page ${e.pages.join(", ")}: ${e.element}`,
              COLUMN,
              10,
              FontNames.Helvetica,
              textWidthPt(e.kind.replace(/-/g, " "), 10, FontNames.HelveticaBold),
            )}
          </Text>
          <Text {...structure("P")} style={{ color: C.muted }}>
            {fit(`${e.detail}${e.line !== undefined ? ` (line ${e.line})` : ""}`)}
          </Text>
          {quoteLine(lines, e.line) && <Quote text={quoteLine(lines, e.line)!} />}
        </View>
      ))}
      <More n={events.more} what="layout decisions" />
    </>
  );
}

function Styling({ trace }: { trace: Trace }) {
  const s = trace.styling;
  if (!s) return <Para muted>No styling decisions were recorded for this render.</Para>;
  const groups = capped(styleGroups(trace), LIMITS.styles);
  return (
    <>
      <H3>Page settings</H3>
      {Object.entries(s.page).map(([key, v]) => (
        <Text key={key} {...structure("P")} style={{ marginBottom: 1 }}>
          {fit(`${key}: ${v.value} (${v.from})`)}
        </Text>
      ))}
      <H3>Blocks</H3>
      {groups.shown.map((g, i) => {
        const first = g.elements[0];
        const where =
          g.elements.length === 1
            ? `${first.kind}${first.line ? `, line ${first.line}` : ""}${first.excerpt ? `: ${first.excerpt}` : ""}`
            : `${g.elements.length} ${first.kind} blocks, lines ${[...new Set(g.elements.map((e) => e.line).filter((l) => l !== undefined))].slice(0, 12).join(", ")}`;
        return (
          <View key={i} wrap={false} style={{ marginBottom: 5 }}>
            <Text {...structure("P")} style={{ fontFamily: FONT.bold }}>
              {fit(where, COLUMN, 10, FontNames.HelveticaBold)}
            </Text>
            {Object.entries(g.style).map(([prop, v]) => (
              <Text key={prop} {...structure("P")} style={{ color: C.muted }}>
                {fit(`${prop} ${v.value}: ${v.from}`)}
              </Text>
            ))}
          </View>
        );
      })}
      <More n={groups.more} what="style groups" />
    </>
  );
}

function AccessibilityDetails({ trace }: { trace: Trace }) {
  const a = trace.accessibility;
  const outline = capped(a.headings.outline, LIMITS.headings);
  const pairs = capped(a.contrast.pairs, LIMITS.pairs);
  return (
    <>
      <H3>Heading outline</H3>
      {outline.shown.length === 0 && <Para muted>No headings.</Para>}
      {outline.shown.map((h, i) => (
        <Text key={i} {...structure("P")} style={{ marginLeft: (Math.min(h.depth, 6) - 1) * 10, marginBottom: 1 }}>
          {fit(`H${h.depth} ${h.text ?? ""}${h.line ? ` (line ${h.line})` : ""}`, COLUMN - 50)}
        </Text>
      ))}
      <More n={outline.more} what="headings" />
      <H3>Images</H3>
      <Para>
        {a.images.total
          ? `${a.images.withAlt} of ${a.images.total} images have alt text (${a.images.altCoveragePercent} %).`
          : "No images."}
      </Para>
      {a.images.withoutAlt.map((img, i) => (
        <Text key={i} {...structure("P")} style={{ marginBottom: 1 }}>
          {fit(`No alt text: ${img.url ?? "image"}${img.line ? ` (line ${img.line})` : ""}`)}
        </Text>
      ))}
      <H3>Colour contrast (WCAG 2.x)</H3>
      {pairs.shown.map((p, i) => (
        <View key={i} wrap={false} style={{ marginBottom: 4 }}>
          <Text {...structure("P")}>
            <Text style={{ fontFamily: FONT.bold, color: p.level === "FAIL" ? C.error : C.pass }}>{`${p.level} `}</Text>
            {`${p.foreground} on ${p.background}: ${p.ratio}:1`}
          </Text>
          <Text {...structure("P")} style={{ color: C.muted }}>
            {fit(
              `${p.largeText ? "large" : "normal"} text, smallest ${p.smallestFontSizePt} pt${p.bold ? " (bold)" : ""}, ${p.runs} runs; AA needs ${p.largeText ? 3 : 4.5}:1, AAA ${p.largeText ? 4.5 : 7}:1`,
            )}
          </Text>
        </View>
      ))}
      <More n={pairs.more} what="colour pairs" />
    </>
  );
}

/** The footer is one line beside the page number: a long correlation id is cut there (the overview has it whole). */
const footerId = (id: string) => (id.length > 40 ? `${id.slice(0, 39)}…` : id);

export const reportTitle = (trace: Trace, mode: ReportMode) => `Explain ${mode} – ${trace.template?.title ?? trace.correlationId}`;

/** The summary or the detailed report of one trace, as a react-pdf document. */
export function ExplainReport({ trace, mode, scorecard: withScorecard, templateLines, generatedAt }: ReportInput) {
  const detailed = mode === "detailed";
  const title = reportTitle(trace, mode);
  const attention = capped(sortedMessages(trace, ["error", "warning"]), LIMITS.summaryFindings);
  return (
    <Document
      {...documentProps(
        { correlationId: trace.correlationId, title },
        { language: "en", margin: REPORT_MARGIN, colour: REPORT_COLOURS.footer },
      )}
      pageMode="useOutlines"
    >
      <Page
        size="A5"
        style={{
          paddingTop: 30,
          paddingBottom: 46,
          paddingHorizontal: REPORT_MARGIN,
          fontFamily: FONT.regular,
          fontSize: 10,
          lineHeight: 1.35,
          color: C.text,
        }}
      >
        <H1>{detailed ? "Explain report: detailed" : "Explain report: summary"}</H1>
        <Para muted>Why this document came out as it did, from the trace recorded while it was rendered.</Para>
        <H2>Overview</H2>
        <Overview trace={trace} generatedAt={generatedAt} />
        <H2>Time per stage</H2>
        <Timings trace={trace} detailed={detailed} />
        <H2>Accessibility scorecard</H2>
        <Scorecard trace={trace} enabled={withScorecard} />
        {detailed ? (
          <>
            <H2>All messages</H2>
            <Messages messages={sortedMessages(trace, ["error", "warning", "info"])} lines={templateLines} limit={LIMITS.messages} />
            <H2>Template</H2>
            <TemplateSection trace={trace} />
            <H2>Data binding</H2>
            <DataBinding trace={trace} lines={templateLines} />
            <H2>Layout</H2>
            <Layout trace={trace} lines={templateLines} />
            <H2>Styling decisions</H2>
            <Styling trace={trace} />
            <H2>Accessibility details</H2>
            <AccessibilityDetails trace={trace} />
          </>
        ) : (
          <>
            <H2>What needs attention</H2>
            {attention.shown.length === 0 && <Para muted>No errors or warnings.</Para>}
            {attention.shown.map((m, i) => (
              <Finding key={i} m={m} lines={templateLines} />
            ))}
            {attention.more > 0 && <Para muted>{`… and ${attention.more} more; the detailed report lists every message.`}</Para>}
            {trace.summary.infos > 0 && (
              <Para
                muted
              >{`${trace.summary.infos} notes (what was split across pages, scaled, left empty) are in the detailed report.`}</Para>
            )}
          </>
        )}
        <FooterLabel text={`Explain ${mode} · ${footerId(trace.correlationId)}`} margin={REPORT_MARGIN} colour={C.footer} />
      </Page>
    </Document>
  );
}
