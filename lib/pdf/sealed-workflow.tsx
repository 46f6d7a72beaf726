import { Document, Page, Text, View } from "@react-pdf/renderer";
import { ExplainCapture } from "@/lib/explain/capture";
import type { RenderFacts } from "@/lib/explain/facts";
import { renderElement } from "./render-element";
import { drawableStrings, FONT, setUpFonts } from "./fonts";
import { documentProps } from "./document-props";
import { FooterLabel } from "./footer";
import { structure } from "./structure";
import { NameValueRow } from "./name-value-row";

/** Everything the sealed record of a workflow shows, as plain strings (made by lib/workflow/sealing/seal-input.ts). */
export interface SealedWorkflowInput {
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
  validationOutcome: string;
  /** `action` in words; `changes`: the text of each change a changes-requested entry asked for, one line each. */
  history: Array<{ at: string; action: string; stage: number; by: string; comment: string | null; to?: string; changes?: string[] }>;
  exception: { justification: string; failedRules: string[]; by: string; at: string; stage: number } | null;
  /** `what` the event was in words; `kind` its machine name, drawn small and grey after the words, for auditors. */
  audit: Array<{ at: string; what: string; kind: string; actor: string; summary: string }>;
  /** Pages appended after sealing (the signature pages of an e-signed record), counted in every "page n of m". */
  pagesAfter?: number;
}

/** A4 in points: the sealed record's pages, and so its signature pages. */
export const SEALED_PAGE_SIZE: [number, number] = [595.28, 841.89];

/** The footer's left half on every page of a sealed record, the signature pages included. */
export const sealedFooterLabel = (input: Pick<SealedWorkflowInput, "correlationId" | "sealedAt">) =>
  `${input.correlationId} · sealed ${input.sealedAt}`;

const grey = "#555555";
/** Each at least 4.5:1 on white. */
const TONES = { green: "#1b7a3a", yellow: "#7a4d00", red: "#b3261e" } as const;
const h2 = { fontSize: 11, fontFamily: FONT.bold, marginTop: 12, marginBottom: 4 } as const;
const row = { flexDirection: "row", borderBottom: "0.5pt solid #dddddd", paddingVertical: 2 } as const;
/** A moment with seconds and its zone ("28 September 2026 at 18:25:37 UTC") on one line. */
const TIME_WIDTH = 150;

const Pair = ({ k, v }: { k: string; v: string }) => <NameValueRow name={k} value={v} nameWidth={110} nameColour={grey} />;

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

async function layOut(given: SealedWorkflowInput, x?: ExplainCapture) {
  setUpFonts();
  const title = `Sealed record – ${given.title}`;
  const input = drawableStrings(given); // drawn; the metadata keeps the given text
  const heading = (depth: number, excerpt: string) => ({
    ...x?.tag("heading", undefined, { depth, excerpt }),
    ...structure(`H${depth}` as "H1"),
  });
  const t0 = performance.now();
  const doc = (
    <Document
      {...documentProps(
        { correlationId: given.correlationId, title, documentId: given.documentId, templateVersion: given.templateVersion },
        { language: "en", margin: 40, pagesAfter: given.pagesAfter },
      )}
      onRender={x?.onRender}
    >
      <Page size={SEALED_PAGE_SIZE} style={{ padding: 40, paddingBottom: 50, fontFamily: FONT.regular, fontSize: 9, lineHeight: 1.3 }}>
        <Text {...heading(1, "Sealed workflow record")} style={{ fontSize: 16, fontFamily: FONT.bold, marginBottom: 4 }}>
          Sealed workflow record
        </Text>
        <Text {...structure("P")} style={{ fontSize: 11, marginBottom: 8 }}>
          {input.title}
        </Text>
        <View {...structure("Table")}>
          <Pair k="Workflow id" v={input.workflowId} />
          <Pair k="Correlation id" v={input.correlationId} />
          {input.documentId ? <Pair k="Document id" v={input.documentId} /> : null}
          <Pair k="Template" v={`${input.templatePath} (${input.templateVersion.slice(0, 16)})`} />
          <Pair k="Initiated by" v={`${input.initiator}, ${input.createdAt}`} />
          <Pair k="Sealed at" v={input.sealedAt} />
        </View>

        <Text {...heading(2, "Collected data")} style={h2}>
          Collected data
        </Text>
        {input.steps.map((s, i) => (
          <View key={i} style={{ marginBottom: 6 }}>
            <Text {...heading(3, `Step ${i + 1}`)} style={{ fontFamily: FONT.bold, marginBottom: 2 }}>{`Step ${i + 1}: ${s.title}`}</Text>
            <View {...structure("Table")}>
              {s.fields.map((f) => (
                <NameValueRow key={f.key} name={f.label} value={f.value} nameWidth={170} nameColour={grey} rowStyle={row} keepTogether />
              ))}
            </View>
          </View>
        ))}

        <Text {...heading(2, "Rule results")} style={h2}>{`Rule results (validation ${input.validationOutcome})`}</Text>
        {input.results.length === 0 ? (
          <Text {...structure("P")}>No rules were evaluated.</Text>
        ) : (
          <View {...structure("Table")}>
            {input.results.map((r, i) => (
              <View key={i} {...structure("TR")} style={row} wrap={false}>
                <Text {...structure("TD")} style={{ width: 130, fontFamily: FONT.bold, color: TONES[r.tone] }}>
                  {r.result}
                </Text>
                <Text {...structure("TD")} style={{ width: 45 }}>
                  {r.severity}
                </Text>
                <Text {...structure("TD")} style={{ width: 95 }}>
                  {r.ruleId}
                </Text>
                <Text {...structure("TD")} style={{ flex: 1 }}>{`${r.message} (${r.field})`}</Text>
              </View>
            ))}
          </View>
        )}

        {input.exception ? (
          <View>
            <Text {...heading(2, "Approved with exception")} style={h2}>
              Approved with exception
            </Text>
            <View {...structure("Table")}>
              <Pair k="Failed rules" v={input.exception.failedRules.join(", ")} />
              <Pair k="Decided by" v={`${input.exception.by}, stage ${input.exception.stage}, ${input.exception.at}`} />
              <Pair k="Justification" v={input.exception.justification} />
            </View>
          </View>
        ) : null}

        <Text {...heading(2, "Approval history")} style={h2}>
          Approval history
        </Text>
        {input.history.length === 0 ? (
          <Text {...structure("P")}>No approval decisions (sealed without the approval gate).</Text>
        ) : (
          <View {...structure("Table")}>
            {input.history.map((h, i) => (
              // A row is kept on one page, unless its list of changes could be longer than a page.
              <View key={i} {...structure("TR")} style={row} wrap={!!h.changes?.length}>
                <Text {...structure("TD")} style={{ width: TIME_WIDTH }}>
                  {h.at}
                </Text>
                <Text
                  {...structure("TD")}
                  style={{ width: 120, fontFamily: FONT.bold }}
                >{`${h.action}${h.stage ? ` (stage ${h.stage})` : ""}`}</Text>
                <View {...structure("TD")} style={{ flex: 1 }}>
                  <Text {...structure("P")}>{`${h.by}${h.to ? ` to ${h.to}` : ""}${h.comment ? `: ${h.comment}` : ""}`}</Text>
                  {(h.changes ?? []).map((c, j) => (
                    <Text key={j} {...structure("P")} style={{ marginLeft: 8 }}>{`– ${c}`}</Text>
                  ))}
                </View>
              </View>
            ))}
          </View>
        )}

        <Text {...heading(2, "Audit trail")} style={h2}>
          Audit trail
        </Text>
        <View {...structure("Table")}>
          {input.audit.map((e, i) => (
            <View key={i} {...structure("TR")} style={row} wrap={false}>
              <Text {...structure("TD")} style={{ width: TIME_WIDTH }}>
                {e.at}
              </Text>
              <View {...structure("TD")} style={{ width: 120 }}>
                <Text {...structure("P")}>{e.what}</Text>
                <Text {...structure("P")} style={{ color: grey, fontSize: 7 }}>
                  {e.kind}
                </Text>
              </View>
              <Text {...structure("TD")} style={{ flex: 1 }}>{`${e.actor}${e.summary ? ` – ${e.summary}` : ""}`}</Text>
            </View>
          ))}
        </View>
        <FooterLabel text={sealedFooterLabel(input)} margin={40} tag={x?.tag("footer")} />
      </Page>
    </Document>
  );
  const pdf = await renderElement(doc);
  return { pdf, layoutMs: performance.now() - t0 };
}
