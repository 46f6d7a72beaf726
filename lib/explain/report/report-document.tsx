import { Document, Page, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { Trace, TraceMessage } from "../assemble-trace";
import { FontNames, textWidthPt, visibleText, wrapText } from "@/lib/pdf/wrap-text";
import { documentProps } from "@/lib/pdf/document-props";
import { FooterLabel } from "@/lib/pdf/footer";
import { paragraphStyle, Words } from "@/lib/pdf/direction";
import { breaksBetweenCharacters } from "@/lib/pdf/line-breaks";
import { documentLanguage, type DocumentLanguage } from "@/lib/pdf/document-language";
import type { Locale } from "@/lib/i18n/locales";
import { formatterFor } from "@/lib/i18n/translator";
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
  traceText,
  verdictWord,
  atLine,
  type TimingRow,
  tokenGroups,
  type ReportMode,
  type TemplateLines,
} from "./report-facts";
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
  /** The report's language (get-report.ts: asked for, else the tenant's default, else en-GB); en-GB when not given. */
  locale?: Locale;
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
const wrapped = (
  text: string,
  width = COLUMN,
  size = 10,
  font: FontNames.Helvetica | FontNames.HelveticaBold | FontNames.Courier = FontNames.Helvetica,
  firstLineUsedPt = 0,
) => wrapText(clip(visibleText(text)), width - 2, size, { font, firstLineUsedPt });
/**
 * `wrapped` in a left-to-right paragraph of words. Two kinds of paragraph are left to react-pdf to
 * break, at spaces and where line-breaks.ts allows: a right-to-left one (a sentence in Arabic or
 * Hebrew), as textkit reorders a line break placed ahead of time with the neutral characters around
 * it and draws it as a missing glyph; and one in Chinese, Japanese or Korean, which `wrapped` would
 * take for one long word and cut wherever the box ends, a character that may not start a line included.
 */
function fitIn(lang: DocumentLanguage, text: string, ...box: DropFirst<Parameters<typeof wrapped>>): string {
  return paragraphStyle(lang.dir, text).direction === "rtl" || breaksBetweenCharacters(text)
    ? clip(visibleText(text))
    : wrapped(text, ...box);
}
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
const LABEL_WIDTH = 105;
const CARD_INSET = 8;

/** Lists longer than these are cut in the PDF; the trace JSON keeps every entry. */
const LIMITS = { summaryFindings: 30, messages: 400, tokens: 300, styles: 120, events: 200, pages: 200, pairs: 60, headings: 120 };

const bookmark = (title: string) => ({ bookmark: { title, fit: true, expanded: false } }) as object;

type Lang = { lang: DocumentLanguage };
/** What a line of the report changes of the text's style. */
type TextStyle = { color?: string; marginBottom?: number; marginLeft?: number; marginRight?: number };

function H1({ children, lang }: { children: string } & Lang) {
  return (
    <Words
      dir={lang.dir}
      {...structure("H1")}
      style={{ fontSize: 17, fontFamily: lang.font.bold, color: C.accent, marginBottom: 4, lineHeight: lang.leading(1.45) }}
    >
      {children}
    </Words>
  );
}

function H2({ children, lang }: { children: string } & Lang) {
  return (
    <Words
      dir={lang.dir}
      {...structure("H2")}
      {...bookmark(children)}
      minPresenceAhead={40}
      style={{
        fontSize: 13,
        fontFamily: lang.font.bold,
        color: C.accent,
        marginTop: 14,
        marginBottom: 5,
        borderBottom: `0.75pt solid ${C.rule}`,
        paddingBottom: 2,
      }}
    >
      {children}
    </Words>
  );
}

function H3({ children, lang }: { children: string } & Lang) {
  return (
    <Words
      dir={lang.dir}
      {...structure("H3")}
      minPresenceAhead={30}
      style={{ fontSize: 11, fontFamily: lang.font.bold, marginTop: 8, marginBottom: 3 }}
    >
      {children}
    </Words>
  );
}

function Para({ children, muted, lang }: { children: ReactNode; muted?: boolean } & Lang) {
  return (
    <Words dir={lang.dir} {...structure("P")} style={{ marginBottom: 4, color: muted ? C.muted : C.text }}>
      {children}
    </Words>
  );
}

/** A line of its own holding trace text (or a sentence quoting it), fitted to the column. */
function Line({ text, lang, style }: { text: string; style?: TextStyle } & Lang) {
  return (
    <Words dir={lang.dir} {...structure("P")} style={style ?? {}}>
      {text}
    </Words>
  );
}

/** Label and value side by side: two columns fit A5 at 10 pt. */
function Facts({ rows, lang }: { rows: Array<[string, string]> } & Lang) {
  return (
    <View {...structure("Table")} style={{ marginBottom: 4 }}>
      {rows.map(([label, value]) => (
        <NameValueRow
          key={label}
          name={label}
          value={fitIn(lang, value, COLUMN - LABEL_WIDTH)}
          nameWidth={LABEL_WIDTH}
          nameColour={C.muted}
          rowStyle={{ marginBottom: 2 }}
          dir={lang.dir}
          keepTogether
        />
      ))}
    </View>
  );
}

const severityColour = (s: TraceMessage["severity"]) => (s === "error" ? C.error : s === "warning" ? C.warning : C.accent);

/** The edge a line starts from, for borders and the figures of a table (at the end of a row). */
const start = (lang: DocumentLanguage) => (lang.dir === "rtl" ? "Right" : "Left");
const endAlign = (lang: DocumentLanguage) => (lang.dir === "rtl" ? ("left" as const) : ("right" as const));

/** A template line as written, in a monospaced face. */
function Quote({ text, width = COLUMN, lang }: { text: string; width?: number } & Lang) {
  return (
    <Words dir={lang.dir} {...structure("P")} style={{ fontFamily: lang.font.mono, fontSize: 9 }}>
      {fitIn(lang, text, width, 9, FontNames.Courier)}
    </Words>
  );
}

/** One finding as a card: what, where in the template (the line quoted), and what was done instead of failing. */
function Finding({ m, lines, lang }: { m: TraceMessage; lines: TemplateLines | null } & Lang) {
  const { t } = lang;
  const quoted = quoteLine(lines, m.line);
  const severity = `${t("document.explain.finding.severity", { severity: m.severity })} `;
  return (
    <View
      wrap={false}
      style={{ marginBottom: 6, [`padding${start(lang)}`]: 6, [`border${start(lang)}`]: `2pt solid ${severityColour(m.severity)}` }}
    >
      <Words dir={lang.dir} {...structure("P")}>
        <Text style={{ fontFamily: lang.font.bold, color: severityColour(m.severity) }}>{severity}</Text>
        <Text style={{ color: C.muted }}>
          {fitIn(lang, m.code, COLUMN - CARD_INSET, 10, FontNames.Helvetica, textWidthPt(severity, 10, FontNames.HelveticaBold))}
        </Text>
      </Words>
      <Line lang={lang} text={fitIn(lang, traceText(lang, m.words, m.message), COLUMN - CARD_INSET)} />
      {m.line !== undefined && (
        <Line
          lang={lang}
          style={{ color: C.muted }}
          text={
            quoted
              ? t("document.explain.finding.lineQuoted", { line: String(m.line) })
              : t("document.explain.finding.line", { line: String(m.line) })
          }
        />
      )}
      {quoted && <Quote text={quoted} width={COLUMN - CARD_INSET} lang={lang} />}
      {m.recovery && (
        <Line
          lang={lang}
          style={{ color: C.muted }}
          text={fitIn(
            lang,
            t("document.explain.finding.recovery", { recovery: traceText(lang, m.recoveryWords, m.recovery) }),
            COLUMN - CARD_INSET,
          )}
        />
      )}
    </View>
  );
}

/** "… and 3 more messages; the trace JSON lists them all", for each list the PDF cuts. */
const MORE = {
  messages: "document.explain.more.messages",
  tokens: "document.explain.more.tokens",
  pages: "document.explain.more.pages",
  layoutDecisions: "document.explain.more.layoutDecisions",
  styleGroups: "document.explain.more.styleGroups",
  headings: "document.explain.more.headings",
  colourPairs: "document.explain.more.colourPairs",
} as const;

function More({ n, what, lang }: { n: number; what: keyof typeof MORE } & Lang) {
  return n > 0 ? (
    <Para muted lang={lang}>
      {lang.t(MORE[what], { count: n })}
    </Para>
  ) : null;
}

function Overview({ trace, generatedAt, lang }: { trace: Trace; generatedAt: string } & Lang) {
  const { t } = lang;
  const tpl = trace.template;
  return (
    <>
      <Para lang={lang}>{fitIn(lang, outcomeSentence(trace, lang))}</Para>
      <Facts
        lang={lang}
        rows={[
          [
            t("document.explain.overview.outcome"),
            trace.outcome === "failed" ? t("document.explain.overview.failed") : t("document.explain.overview.rendered"),
          ],
          [t("document.explain.overview.render"), renderDescription(trace, lang)],
          [t("document.explain.overview.correlationId"), trace.correlationId],
          [t("document.explain.overview.renderedAt"), momentText(trace.createdAt, lang.locale)],
          [
            t("document.explain.overview.template"),
            tpl
              ? t("document.explain.overview.templateTitled", { title: tpl.title, path: tpl.path })
              : t("document.explain.overview.notLoaded"),
          ],
          [t("document.explain.overview.templateVersion"), tpl ? tpl.version.slice(0, 16) : "–"],
          [t("document.explain.overview.tracedBecause"), tracedBecauseText(trace.render.requestedBy, lang)],
          [t("document.explain.overview.reportMadeAt"), momentText(generatedAt, lang.locale)],
        ]}
      />
    </>
  );
}

function Timings({ trace, detailed, lang }: { trace: Trace; detailed: boolean } & Lang) {
  const { stages, explain } = timingRows(trace, detailed, lang);
  const total = trace.performance.totalMs ?? stages.reduce((n, r) => n + (r.ms ?? 0), 0);
  // A table of stages and times; the bars under each row are drawing, not content (artifacts).
  const row = (r: TimingRow) => (
    <View key={r.stage} {...structure("TR")} style={{ marginBottom: 3 }} wrap={false}>
      <View style={lang.row}>
        <Words dir={lang.dir} {...structure("TH", { scope: "Row" })} style={{ flex: 1 }}>
          {r.stage}
        </Words>
        <Words dir={lang.dir} {...structure("TD")} style={{ width: 70, textAlign: endAlign(lang) }}>
          {formatMs(r.ms, lang)}
        </Words>
      </View>
      <View style={{ ...lang.row, height: 3, backgroundColor: C.rule }}>
        <View style={{ height: 3, width: `${total > 0 ? Math.min(100, ((r.ms ?? 0) / total) * 100) : 0}%`, backgroundColor: C.accent }} />
      </View>
    </View>
  );
  return (
    <>
      <View {...structure("Table")}>
        {stages.map(row)}
        <View {...structure("TR")} style={{ ...lang.row, marginTop: 2 }}>
          <Words dir={lang.dir} {...structure("TH", { scope: "Row" })} style={{ flex: 1, fontFamily: lang.font.bold }}>
            {lang.t("document.explain.total")}
          </Words>
          <Words dir={lang.dir} {...structure("TD")} style={{ width: 70, textAlign: endAlign(lang), fontFamily: lang.font.bold }}>
            {formatMs(trace.performance.totalMs, lang)}
          </Words>
        </View>
      </View>
      {explain.length ? (
        <>
          <H3 lang={lang}>{lang.t("document.explain.heading.traceTime")}</H3>
          <View {...structure("Table")}>{explain.map(row)}</View>
        </>
      ) : null}
    </>
  );
}

function Scorecard({ trace, enabled, lang }: { trace: Trace; enabled: boolean } & Lang) {
  if (!enabled) {
    return (
      <Para muted lang={lang}>
        {lang.t("document.explain.scorecard.notLicensed")}
      </Para>
    );
  }
  return (
    <View {...structure("Table")}>
      {scorecard(trace, lang).map((s) => (
        <View key={s.check} {...structure("TR")} wrap={false} style={{ marginBottom: 6, padding: 6, border: `0.75pt solid ${C.rule}` }}>
          <View style={lang.row}>
            <Words dir={lang.dir} {...structure("TH", { scope: "Row" })} style={{ flex: 1, fontFamily: lang.font.bold }}>
              {s.check}
            </Words>
            <Words dir={lang.dir} {...structure("TD")} style={{ fontFamily: lang.font.bold, color: s.failed ? C.error : C.pass }}>
              {s.result}
            </Words>
          </View>
          <Words dir={lang.dir} {...structure("TD")} style={{ color: C.muted }}>
            {fitIn(lang, s.detail, COLUMN - 14)}
          </Words>
        </View>
      ))}
    </View>
  );
}

function Messages({ messages, lines, limit, lang }: { messages: TraceMessage[]; lines: TemplateLines | null; limit: number } & Lang) {
  if (!messages.length)
    return (
      <Para muted lang={lang}>
        {lang.t("document.explain.none")}
      </Para>
    );
  const { shown, more } = capped(messages, limit);
  return (
    <>
      {shown.map((m, i) => (
        <Finding key={i} m={m} lines={lines} lang={lang} />
      ))}
      <More n={more} what="messages" lang={lang} />
    </>
  );
}

function TemplateSection({ trace, lang }: { trace: Trace } & Lang) {
  const { t } = lang;
  const tpl = trace.template;
  if (!tpl)
    return (
      <Para muted lang={lang}>
        {t("document.explain.template.notLoaded")}
      </Para>
    );
  const fields = "fields" in tpl ? (tpl.fields ?? []) : [];
  return (
    <>
      <Facts
        lang={lang}
        rows={[
          [t("document.explain.template.path"), tpl.path],
          [t("document.explain.template.title"), tpl.title],
          [t("document.explain.template.version"), tpl.version],
          [t("document.explain.template.loadTime"), formatMs(tpl.loadMs, lang)],
        ]}
      />
      {fields.length > 0 && <H3 lang={lang}>{t("document.explain.heading.fields", { count: fields.length })}</H3>}
      {fields.map((f) => {
        const field = { key: f.key, type: f.type, required: f.required ? "yes" : "no" };
        return (
          <Line
            key={f.key}
            lang={lang}
            style={{ marginBottom: 1 }}
            text={fitIn(
              lang,
              f.label
                ? t("document.explain.template.fieldLabelled", { ...field, label: f.label })
                : t("document.explain.template.field", field),
            )}
          />
        );
      })}
    </>
  );
}

const SECTION_STATUS = {
  expanded: "expanded",
  empty: "empty",
  missing: "missing",
  "not-a-list": "notAList",
  unclosed: "unclosed",
} as const;

function DataBinding({ trace, lines, lang }: { trace: Trace; lines: TemplateLines | null } & Lang) {
  const { t } = lang;
  const b = trace.dataBinding;
  const { shown, more } = capped(tokenGroups(trace, lang), LIMITS.tokens);
  const listed = (values: string[], none: string) => (values.length ? values.join(", ") : none);
  const either = (types: string[]) => formatterFor(lang.locale).list(types, { type: "disjunction" });
  return (
    <>
      <Facts
        lang={lang}
        rows={[
          [t("document.explain.binding.time"), formatMs(b.ms, lang)],
          [t("document.explain.binding.tokens"), formatterFor(lang.locale).number(b.tokens.length)],
          [t("document.explain.binding.missing"), listed(b.missing, t("document.explain.binding.none"))],
          [t("document.explain.binding.empty"), listed(b.empty, t("document.explain.binding.none"))],
          [t("document.explain.binding.keptLiteral"), listed(b.valuesKeptLiteral, t("document.explain.binding.noneLiteral"))],
          [t("document.explain.binding.cut"), listed(b.valuesCut, t("document.explain.binding.noneCut"))],
        ]}
      />
      {b.sections.length > 0 && <H3 lang={lang}>{t("document.explain.heading.sections")}</H3>}
      {b.sections.map((s, i) => (
        <Line
          key={i}
          lang={lang}
          style={{ marginBottom: 1 }}
          text={fitIn(
            lang,
            atLine(
              lang,
              t("document.explain.binding.section", {
                marker: `{{#${s.key}}}`,
                status: SECTION_STATUS[s.status] ?? "other",
                count: s.items,
              }),
              s.line,
            ),
          )}
        />
      ))}
      <H3 lang={lang}>{t("document.explain.heading.valueSources")}</H3>
      {shown.map((g, i) => {
        const quoted = quoteLine(lines, g.line, 60);
        const types = either(g.valueTypes);
        return (
          <View key={i} wrap={false} style={{ marginBottom: 4 }}>
            <Words dir={lang.dir} {...structure("P")} style={{ fontFamily: lang.font.bold }}>
              {fitIn(lang, `{{${g.token}}}`, COLUMN, 10, FontNames.HelveticaBold)}
            </Words>
            <Line
              lang={lang}
              text={fitIn(
                lang,
                g.occurrences > 1
                  ? t("document.explain.binding.sourceRepeated", { sources: g.sources, count: g.occurrences, types })
                  : t("document.explain.binding.source", { sources: g.sources, types }),
              )}
            />
            {g.line !== undefined && (
              <Line
                lang={lang}
                style={{ color: C.muted }}
                text={fitIn(
                  lang,
                  quoted
                    ? t("document.explain.binding.lineQuoted", { line: String(g.line), quote: quoted })
                    : t("document.explain.binding.line", { line: String(g.line) }),
                )}
              />
            )}
          </View>
        );
      })}
      <More n={more} what="tokens" lang={lang} />
    </>
  );
}

const EVENT_KIND = {
  "wrapped-across-pages": "document.explain.layout.event.wrappedAcrossPages",
  "moved-to-next-page": "document.explain.layout.event.movedToNextPage",
  "orphaned-heading": "document.explain.layout.event.orphanedHeading",
  "text-overflow": "document.explain.layout.event.textOverflow",
  clipped: "document.explain.layout.event.clipped",
  "image-scaled": "document.explain.layout.event.imageScaled",
  "image-omitted": "document.explain.layout.event.imageOmitted",
} as const;

function Layout({ trace, lines, lang }: { trace: Trace; lines: TemplateLines | null } & Lang) {
  const { t } = lang;
  const number = formatterFor(lang.locale).number;
  const pages = capped(trace.layout.pages, LIMITS.pages);
  const events = capped(trace.layout.events, LIMITS.events);
  const cell = { width: "25%", textAlign: endAlign(lang), ...lang.cellGap };
  const th = (text: string, style: object) => (
    <Words dir={lang.dir} {...structure("TH", { scope: "Column" })} style={{ ...cell, ...style, fontFamily: lang.font.bold }}>
      {text}
    </Words>
  );
  return (
    <>
      <Para lang={lang}>
        {t("document.explain.layout.summary", { time: formatMs(trace.layout.ms, lang), pages: trace.layout.pageCount })}
      </Para>
      <View {...structure("Table")}>
        <View {...structure("TR")} style={{ ...lang.row, borderBottom: `0.75pt solid ${C.rule}`, marginBottom: 2 }} fixed={false}>
          {th(t("document.explain.layout.page"), { width: "15%", textAlign: lang.dir === "rtl" ? "right" : "left" })}
          {th(t("document.explain.layout.blocks"), { width: "20%" })}
          {th(t("document.explain.layout.heightUsed"), { width: "40%" })}
          {th(t("document.explain.layout.time"), {})}
        </View>
        {pages.shown.map((p) => (
          <View key={p.page} {...structure("TR")} style={{ ...lang.row, marginBottom: 1 }} wrap={false}>
            <Words dir={lang.dir} {...structure("TD")} style={{ ...lang.cellGap, width: "15%" }}>
              {number(p.page)}
            </Words>
            <Words dir={lang.dir} {...structure("TD")} style={{ ...cell, width: "20%" }}>
              {number(p.elementCount)}
            </Words>
            <Words dir={lang.dir} {...structure("TD")} style={{ ...cell, width: "40%" }}>
              {t("document.explain.layout.height", { used: p.usedHeightPt, available: p.availableHeightPt })}
            </Words>
            <Words dir={lang.dir} {...structure("TD")} style={cell}>
              {formatMs(p.layoutMsShare, lang)}
            </Words>
          </View>
        ))}
      </View>
      <More n={pages.more} what="pages" lang={lang} />
      <H3 lang={lang}>{t("document.explain.heading.layoutDecisions")}</H3>
      {events.shown.length === 0 && (
        <Para muted lang={lang}>
          {t("document.explain.layout.nothing")}
        </Para>
      )}
      {events.shown.map((e, i) => (
        <View key={i} wrap={false} style={{ marginBottom: 5 }}>
          <Words dir={lang.dir} {...structure("P")} style={{ fontFamily: lang.font.bold }}>
            {Object.hasOwn(EVENT_KIND, e.kind) ? t(EVENT_KIND[e.kind]) : e.kind}
          </Words>
          <Line
            lang={lang}
            text={fitIn(lang, t("document.explain.layout.where", { count: e.pages.length, pages: e.pages.join(", "), element: e.element }))}
          />
          <Line lang={lang} style={{ color: C.muted }} text={fitIn(lang, atLine(lang, e.detail, e.line))} />
          {quoteLine(lines, e.line) && <Quote text={quoteLine(lines, e.line)!} lang={lang} />}
        </View>
      ))}
      <More n={events.more} what="layoutDecisions" lang={lang} />
    </>
  );
}

function Styling({ trace, lang }: { trace: Trace } & Lang) {
  const { t } = lang;
  const s = trace.styling;
  if (!s)
    return (
      <Para muted lang={lang}>
        {t("document.explain.styling.none")}
      </Para>
    );
  const groups = capped(styleGroups(trace), LIMITS.styles);
  return (
    <>
      <H3 lang={lang}>{t("document.explain.heading.pageSettings")}</H3>
      {Object.entries(s.page).map(([key, v]) => (
        <Line key={key} lang={lang} style={{ marginBottom: 1 }} text={fitIn(lang, `${key}: ${v.value} (${v.from})`)} />
      ))}
      <H3 lang={lang}>{t("document.explain.heading.blocks")}</H3>
      {groups.shown.map((g, i) => {
        const first = g.elements[0];
        const lines = [...new Set(g.elements.map((e) => e.line).filter((l) => l !== undefined))].slice(0, 12).join(", ");
        const where =
          g.elements.length > 1
            ? t("document.explain.styling.group", { count: g.elements.length, kind: first.kind, lines })
            : first.line && first.excerpt
              ? t("document.explain.styling.blockAtQuoted", { kind: first.kind, line: String(first.line), excerpt: first.excerpt })
              : first.line
                ? t("document.explain.styling.blockAt", { kind: first.kind, line: String(first.line) })
                : first.excerpt
                  ? t("document.explain.styling.blockQuoted", { kind: first.kind, excerpt: first.excerpt })
                  : first.kind;
        return (
          <View key={i} wrap={false} style={{ marginBottom: 5 }}>
            <Words dir={lang.dir} {...structure("P")} style={{ fontFamily: lang.font.bold }}>
              {fitIn(lang, where, COLUMN, 10, FontNames.HelveticaBold)}
            </Words>
            {Object.entries(g.style).map(([prop, v]) => (
              <Line key={prop} lang={lang} style={{ color: C.muted }} text={fitIn(lang, `${prop} ${v.value}: ${v.from}`)} />
            ))}
          </View>
        );
      })}
      <More n={groups.more} what="styleGroups" lang={lang} />
    </>
  );
}

function AccessibilityDetails({ trace, lang }: { trace: Trace } & Lang) {
  const { t } = lang;
  const a = trace.accessibility;
  const outline = capped(a.headings.outline, LIMITS.headings);
  const pairs = capped(a.contrast.pairs, LIMITS.pairs);
  return (
    <>
      <H3 lang={lang}>{t("document.explain.heading.outline")}</H3>
      {outline.shown.length === 0 && (
        <Para muted lang={lang}>
          {t("document.explain.accessibility.noHeadings")}
        </Para>
      )}
      {outline.shown.map((h, i) => (
        <Line
          key={i}
          lang={lang}
          style={{ ...lang.indent((Math.min(h.depth, 6) - 1) * 10), marginBottom: 1 }}
          text={fitIn(lang, atLine(lang, `H${h.depth} ${h.text ?? ""}`, h.line), COLUMN - 50)}
        />
      ))}
      <More n={outline.more} what="headings" lang={lang} />
      <H3 lang={lang}>{t("document.explain.heading.images")}</H3>
      <Para lang={lang}>
        {a.images.total
          ? t("document.explain.accessibility.altCoverage", {
              described: a.images.withAlt,
              count: a.images.total,
              percent: a.images.altCoveragePercent ?? 0,
            })
          : t("document.explain.accessibility.noImages")}
      </Para>
      {a.images.withoutAlt.map((img, i) => (
        <Line
          key={i}
          lang={lang}
          style={{ marginBottom: 1 }}
          text={fitIn(
            lang,
            atLine(
              lang,
              img.url ? t("document.explain.accessibility.noAlt", { image: img.url }) : t("document.explain.accessibility.noAltUnnamed"),
              img.line,
            ),
          )}
        />
      ))}
      <H3 lang={lang}>{t("document.explain.heading.contrast")}</H3>
      {pairs.shown.map((p, i) => {
        const level = `${verdictWord(lang, p.level)} `;
        return (
          <View key={i} wrap={false} style={{ marginBottom: 4 }}>
            <Words dir={lang.dir} {...structure("P")}>
              <Text style={{ fontFamily: lang.font.bold, color: p.level === "FAIL" ? C.error : C.pass }}>{level}</Text>
              {t("document.explain.accessibility.pair", { foreground: p.foreground, background: p.background, ratio: p.ratio })}
            </Words>
            <Line
              lang={lang}
              style={{ color: C.muted }}
              text={fitIn(
                lang,
                t("document.explain.accessibility.pairDetail", {
                  text: `${p.largeText ? "large" : "normal"}${p.bold ? "Bold" : ""}`,
                  size: p.smallestFontSizePt,
                  runs: p.runs,
                  aa: p.largeText ? 3 : 4.5,
                  aaa: p.largeText ? 4.5 : 7,
                }),
              )}
            />
          </View>
        );
      })}
      <More n={pairs.more} what="colourPairs" lang={lang} />
    </>
  );
}

/** The footer is one line beside the page number: a long correlation id is cut there (the overview has it whole). */
const footerId = (id: string) => (id.length > 40 ? `${id.slice(0, 39)}…` : id);

export const reportTitle = (trace: Trace, mode: ReportMode, { t }: DocumentLanguage = documentLanguage()) =>
  t("document.explain.title", { mode, title: trace.template?.title ?? trace.correlationId });

/** The summary or the detailed report of one trace, as a react-pdf document, in `locale`. */
export function ExplainReport({ trace, mode, scorecard: withScorecard, templateLines, generatedAt, locale }: ReportInput) {
  const lang = documentLanguage(locale);
  const { t } = lang;
  const detailed = mode === "detailed";
  const title = reportTitle(trace, mode, lang);
  const attention = capped(sortedMessages(trace, ["error", "warning"]), LIMITS.summaryFindings);
  return (
    <Document
      {...documentProps(
        { correlationId: trace.correlationId, title },
        { language: lang.locale, margin: REPORT_MARGIN, colour: REPORT_COLOURS.footer, label: lang.pageLabel },
      )}
      pageMode="useOutlines"
    >
      <Page
        size="A5"
        style={{
          paddingTop: 30,
          paddingBottom: 46,
          paddingHorizontal: REPORT_MARGIN,
          fontFamily: lang.font.regular,
          fontSize: 10,
          lineHeight: lang.leading(1.35),
          color: C.text,
        }}
      >
        <H1 lang={lang}>{t("document.explain.heading.report", { mode })}</H1>
        <Para muted lang={lang}>
          {t("document.explain.intro")}
        </Para>
        <H2 lang={lang}>{t("document.explain.heading.overview")}</H2>
        <Overview trace={trace} generatedAt={generatedAt} lang={lang} />
        <H2 lang={lang}>{t("document.explain.heading.timings")}</H2>
        <Timings trace={trace} detailed={detailed} lang={lang} />
        <H2 lang={lang}>{t("document.explain.heading.scorecard")}</H2>
        <Scorecard trace={trace} enabled={withScorecard} lang={lang} />
        {detailed ? (
          <>
            <H2 lang={lang}>{t("document.explain.heading.allMessages")}</H2>
            <Messages
              messages={sortedMessages(trace, ["error", "warning", "info"])}
              lines={templateLines}
              limit={LIMITS.messages}
              lang={lang}
            />
            <H2 lang={lang}>{t("document.explain.heading.template")}</H2>
            <TemplateSection trace={trace} lang={lang} />
            <H2 lang={lang}>{t("document.explain.heading.dataBinding")}</H2>
            <DataBinding trace={trace} lines={templateLines} lang={lang} />
            <H2 lang={lang}>{t("document.explain.heading.layout")}</H2>
            <Layout trace={trace} lines={templateLines} lang={lang} />
            <H2 lang={lang}>{t("document.explain.heading.styling")}</H2>
            <Styling trace={trace} lang={lang} />
            <H2 lang={lang}>{t("document.explain.heading.accessibility")}</H2>
            <AccessibilityDetails trace={trace} lang={lang} />
          </>
        ) : (
          <>
            <H2 lang={lang}>{t("document.explain.heading.attention")}</H2>
            {attention.shown.length === 0 && (
              <Para muted lang={lang}>
                {t("document.explain.summary.noIssues")}
              </Para>
            )}
            {attention.shown.map((m, i) => (
              <Finding key={i} m={m} lines={templateLines} lang={lang} />
            ))}
            {attention.more > 0 && (
              <Para muted lang={lang}>
                {t("document.explain.summary.more", { count: attention.more })}
              </Para>
            )}
            {trace.summary.infos > 0 && (
              <Para muted lang={lang}>
                {t("document.explain.summary.notes", { count: trace.summary.infos })}
              </Para>
            )}
          </>
        )}
        <FooterLabel
          text={t("document.explain.footer", { mode, id: footerId(trace.correlationId) })}
          margin={REPORT_MARGIN}
          colour={C.footer}
          dir={lang.dir}
        />
      </Page>
    </Document>
  );
}
