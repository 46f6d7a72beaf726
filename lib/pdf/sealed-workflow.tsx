import { Document, Page, View } from "@react-pdf/renderer";
import { ExplainCapture } from "@/lib/explain/capture";
import type { RenderFacts } from "@/lib/explain/facts";
import { renderElement } from "./render-element";
import type { Locale } from "@/lib/i18n/locales";
import { drawableStrings, setUpFonts } from "./fonts";
import { Words } from "./direction";
import { documentLanguage } from "./document-language";
import { documentProps } from "./document-props";
import { FooterLabel } from "./footer";
import { structure } from "./structure";
import { NameValueRow } from "./name-value-row";

/**
 * Everything the sealed record of a workflow shows, as plain strings in `locale` (made by
 * lib/workflow/sealing/seal-input.ts); its headings and labels are written in the same language here.
 */
export interface SealedWorkflowInput {
  /** The language of the words given, and of the record's own; en-GB when not given. */
  locale?: Locale;
  workflowId: string;
  correlationId: string;
  title: string;
  documentId: string | null;
  templatePath: string;
  templateVersion: string;
  initiator: string;
  /** Moments as people read them, their time zone named (lib/format/moment-text.ts). */
  createdAt: string;
  sealedAt: string;
  steps: Array<{ title: string; fields: Array<{ label: string; key: string; value: string }> }>;
  /** `result` and `severity` in words, `tone` its colour (only a failed error is red), `field` the field's label. */
  results: Array<{ ruleId: string; result: string; tone: "green" | "yellow" | "red"; severity: string; message: string; field: string }>;
  /** Null: no validation ran. */
  validationOutcome: "passed" | "failed" | null;
  /** `action` in words, `by` a person's e-mail or a role in words; `changes`: the text of each change a changes-requested entry asked for, one line each. */
  history: Array<{ at: string; action: string; stage: number; by: string; comment: string | null; to?: string; changes?: string[] }>;
  exception: { justification: string; failedRules: string[]; by: string; at: string; stage: number } | null;
  /** `what` the event was in words; `kind` its machine name, drawn small and grey after the words, for auditors; `actor` and `summary` in words. */
  audit: Array<{ at: string; what: string; kind: string; actor: string; summary: string }>;
  /** Pages appended after sealing (the signature pages of an e-signed record), counted in every "page n of m". */
  pagesAfter?: number;
}

/** A4 in points: the sealed record's pages, and so its signature pages. */
export const SEALED_PAGE_SIZE: [number, number] = [595.28, 841.89];

/** The footer's left half on every page of a sealed record, the signature pages included. */
export const sealedFooterLabel = (input: Pick<SealedWorkflowInput, "correlationId" | "sealedAt" | "locale">) =>
  documentLanguage(input.locale).t("document.sealed.footer", { reference: input.correlationId, at: input.sealedAt });

const grey = "#555555";
/** Each at least 4.5:1 on white. */
const TONES = { green: "#1b7a3a", yellow: "#7a4d00", red: "#b3261e" } as const;
/** A moment with seconds and its zone ("28 September 2026 at 18:25:37 UTC") on one line. */
const TIME_WIDTH = 150;

/** The sealed record of a workflow: collected data by step, rule results, approval history, exception, audit trail. */
export async function renderSealedWorkflow(input: SealedWorkflowInput): Promise<Uint8Array> {
  return (await layOut(input)).pdf;
}

/** The same document, traced: its headings are tagged and the laid-out tree read (see lib/explain). */
export async function renderSealedWorkflowTraced(
  input: SealedWorkflowInput,
): Promise<{ pdf: Uint8Array; facts: RenderFacts; layoutMs: number }> {
  const capture = new ExplainCapture({ source: "", bodyLine: 1 });
  const { pdf, layoutMs } = await layOut(input, capture);
  return { pdf, facts: capture.facts(), layoutMs };
}

/** The decisions of the history, as the record says who made them. */
function historyWho(t: ReturnType<typeof documentLanguage>["t"], h: SealedWorkflowInput["history"][number]): string {
  if (h.to)
    return h.comment
      ? t("document.sealed.byToComment", { by: h.by, to: h.to, comment: h.comment })
      : t("document.sealed.byTo", { by: h.by, to: h.to });
  return h.comment ? t("document.sealed.byComment", { by: h.by, comment: h.comment }) : t("document.sealed.by", { by: h.by });
}

async function layOut(given: SealedWorkflowInput, x?: ExplainCapture) {
  setUpFonts();
  const lang = documentLanguage(given.locale);
  const { t, font } = lang;
  const title = t("document.sealed.title", { title: given.title });
  const input = drawableStrings(given); // drawn; the metadata keeps the given text
  const heading = (depth: number, excerpt: string) => ({
    ...x?.tag("heading", undefined, { depth, excerpt }),
    ...structure(`H${depth}` as "H1"),
  });
  const h2 = { fontSize: 11, fontFamily: font.bold, marginTop: 12, marginBottom: 4 };
  const row = { ...lang.row, borderBottom: "0.5pt solid #dddddd", paddingVertical: 2 };
  const Pair = ({ k, v }: { k: string; v: string }) => <NameValueRow name={k} value={v} nameWidth={110} nameColour={grey} dir={lang.dir} />;
  const words = {
    heading: t("document.sealed.heading"),
    collected: t("document.sealed.collectedData"),
    rules: t("document.sealed.ruleResults", { outcome: input.validationOutcome ?? "none" }),
    exception: t("document.sealed.exceptionHeading"),
    history: t("document.sealed.historyHeading"),
    audit: t("document.sealed.auditHeading"),
  };
  const t0 = performance.now();
  const doc = (
    <Document
      {...documentProps(
        { correlationId: given.correlationId, title, documentId: given.documentId, templateVersion: given.templateVersion },
        { language: lang.locale, margin: 40, pagesAfter: given.pagesAfter, label: lang.pageLabel },
      )}
      onRender={x?.onRender}
    >
      <Page
        size={SEALED_PAGE_SIZE}
        style={{ padding: 40, paddingBottom: 50, fontFamily: font.regular, fontSize: 9, lineHeight: lang.leading(1.3) }}
      >
        <Words dir={lang.dir} {...heading(1, words.heading)} style={{ fontSize: 16, fontFamily: font.bold, marginBottom: 4 }}>
          {words.heading}
        </Words>
        <Words dir={lang.dir} {...structure("P")} style={{ fontSize: 11, marginBottom: 8 }}>
          {input.title}
        </Words>
        <View {...structure("Table")}>
          <Pair k={t("document.sealed.workflowId")} v={input.workflowId} />
          <Pair k={t("document.sealed.correlationId")} v={input.correlationId} />
          {input.documentId ? <Pair k={t("document.sealed.documentId")} v={input.documentId} /> : null}
          <Pair k={t("document.sealed.template")} v={`${input.templatePath} (${input.templateVersion.slice(0, 16)})`} />
          <Pair k={t("document.sealed.initiatedBy")} v={t("document.byAt", { by: input.initiator, at: input.createdAt })} />
          <Pair k={t("document.sealed.sealedAt")} v={input.sealedAt} />
        </View>

        <Words dir={lang.dir} {...heading(2, words.collected)} style={h2}>
          {words.collected}
        </Words>
        {input.steps.map((s, i) => {
          const excerpt = t("document.sealed.stepNumber", { number: i + 1 });
          return (
            <View key={i} style={{ marginBottom: 6 }}>
              <Words dir={lang.dir} {...heading(3, excerpt)} style={{ fontFamily: font.bold, marginBottom: 2 }}>
                {t("document.sealed.step", { number: i + 1, title: s.title })}
              </Words>
              <View {...structure("Table")}>
                {s.fields.map((f) => (
                  <NameValueRow
                    key={f.key}
                    name={f.label}
                    value={f.value}
                    nameWidth={170}
                    nameColour={grey}
                    rowStyle={row}
                    dir={lang.dir}
                    keepTogether
                  />
                ))}
              </View>
            </View>
          );
        })}

        <Words dir={lang.dir} {...heading(2, words.rules)} style={h2}>
          {words.rules}
        </Words>
        {input.results.length === 0 ? (
          <Words dir={lang.dir} {...structure("P")}>
            {t("document.sealed.noRules")}
          </Words>
        ) : (
          <View {...structure("Table")}>
            {input.results.map((r, i) => (
              <View key={i} {...structure("TR")} style={row} wrap={false}>
                <Words
                  dir={lang.dir}
                  {...structure("TD")}
                  style={{ ...lang.cellGap, width: 130, fontFamily: font.bold, color: TONES[r.tone] }}
                >
                  {r.result}
                </Words>
                <Words dir={lang.dir} {...structure("TD")} style={{ ...lang.cellGap, width: 70 }}>
                  {r.severity}
                </Words>
                {/* A rule's id is one word ("return-after-departure"): its column keeps one on a line. */}
                <Words dir={lang.dir} {...structure("TD")} style={{ ...lang.cellGap, width: 100 }}>
                  {r.ruleId}
                </Words>
                <Words dir={lang.dir} {...structure("TD")} style={{ ...lang.cellGap, flex: 1 }}>{`${r.message} (${r.field})`}</Words>
              </View>
            ))}
          </View>
        )}

        {input.exception ? (
          <View>
            <Words dir={lang.dir} {...heading(2, words.exception)} style={h2}>
              {words.exception}
            </Words>
            <View {...structure("Table")}>
              <Pair k={t("document.sealed.failedRules")} v={input.exception.failedRules.join(", ")} />
              <Pair
                k={t("document.sealed.decidedBy")}
                v={t("document.sealed.decidedByValue", { by: input.exception.by, stage: input.exception.stage, at: input.exception.at })}
              />
              <Pair k={t("document.sealed.justification")} v={input.exception.justification} />
            </View>
          </View>
        ) : null}

        <Words dir={lang.dir} {...heading(2, words.history)} style={h2}>
          {words.history}
        </Words>
        {input.history.length === 0 ? (
          <Words dir={lang.dir} {...structure("P")}>
            {t("document.sealed.noHistory")}
          </Words>
        ) : (
          <View {...structure("Table")}>
            {input.history.map((h, i) => (
              // A row is kept on one page, unless its list of changes could be longer than a page.
              <View key={i} {...structure("TR")} style={row} wrap={!!h.changes?.length}>
                <Words dir={lang.dir} {...structure("TD")} style={{ ...lang.cellGap, width: TIME_WIDTH }}>
                  {h.at}
                </Words>
                <Words dir={lang.dir} {...structure("TD")} style={{ ...lang.cellGap, width: 120, fontFamily: font.bold }}>
                  {h.stage ? t("document.sealed.actionAtStage", { action: h.action, stage: h.stage }) : h.action}
                </Words>
                <View {...structure("TD")} style={{ flex: 1 }}>
                  <Words dir={lang.dir} {...structure("P")}>
                    {historyWho(t, h)}
                  </Words>
                  {(h.changes ?? []).map((c, j) => (
                    <Words dir={lang.dir} key={j} {...structure("P")} style={{ ...lang.indent(8) }}>{`– ${c}`}</Words>
                  ))}
                </View>
              </View>
            ))}
          </View>
        )}

        <Words dir={lang.dir} {...heading(2, words.audit)} style={h2}>
          {words.audit}
        </Words>
        <View {...structure("Table")}>
          {input.audit.map((e, i) => (
            <View key={i} {...structure("TR")} style={row} wrap={false}>
              <Words dir={lang.dir} {...structure("TD")} style={{ ...lang.cellGap, width: TIME_WIDTH }}>
                {e.at}
              </Words>
              <View {...structure("TD")} style={{ ...lang.cellGap, width: 120 }}>
                <Words dir={lang.dir} {...structure("P")}>
                  {e.what}
                </Words>
                <Words dir={lang.dir} {...structure("P")} style={{ color: grey, fontSize: 7 }}>
                  {e.kind}
                </Words>
              </View>
              <Words dir={lang.dir} {...structure("TD")} style={{ ...lang.cellGap, flex: 1 }}>
                {e.summary ? t("document.sealed.auditWho", { actor: e.actor, summary: e.summary }) : e.actor}
              </Words>
            </View>
          ))}
        </View>
        <FooterLabel text={sealedFooterLabel(input)} margin={40} tag={x?.tag("footer")} dir={lang.dir} />
      </Page>
    </Document>
  );
  const pdf = await renderElement(doc);
  return { pdf, layoutMs: performance.now() - t0 };
}
