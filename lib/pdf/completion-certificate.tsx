import { Document, Page, Text, View } from "@react-pdf/renderer";
import { drawableStrings, FONT, setUpFonts } from "./fonts";
import { documentProps } from "./document-props";
import { FooterLabel } from "./footer";
import { renderElement } from "./render-element";
import { structure } from "./structure";
import { NameValueRow } from "./name-value-row";

/** Everything the certificate of completion shows, as plain strings (made by lib/signing/certificate/certificate-input.ts). */
export interface CompletionCertificateInput {
  workflowId: string;
  correlationId: string;
  title: string;
  organization: string;
  /** "complete" or "declined". */
  outcome: "complete" | "declined";
  /** One sentence: who signed, or who declined and why. */
  outcomeLine: string;
  facts: Array<{ label: string; value: string }>;
  /** Every `at` is a moment as people read it, its time zone named (lib/format/moment-text.ts). */
  revisions: Array<{ revision: number; madeBy: string; at: string; sha256: string }>;
  signers: Array<{
    heading: string;
    facts: Array<{ label: string; value: string }>;
    events: Array<{ at: string; what: string; details: string[] }>;
  }>;
  chain: {
    genesis: string;
    head: string;
    links: Array<{ n: number; eventId: number; at: string; what: string; kind: string; hash: string }>;
  };
  issuedAt: string;
}

const grey = "#555555";
const h2 = { fontSize: 12, fontFamily: FONT.bold, marginTop: 14, marginBottom: 4 } as const;
const row = { flexDirection: "row", borderBottom: "0.5pt solid #dddddd", paddingVertical: 2 } as const;
const head = { ...row, borderBottom: "0.8pt solid #555555" } as const;
// 64 hex digits at 6.5 pt Courier are 250 pt: one line in the column left for them, never hyphenated.
const mono = { fontFamily: FONT.mono, fontSize: 6.5 } as const;
/** A detail line that is a SHA-256 alone is drawn like the other hashes. */
const HASH = /^[0-9a-f]{64}$/;

const Pair = ({ k, v, mono: monospaced }: { k: string; v: string; mono?: boolean }) => (
  <NameValueRow name={k} value={v} nameWidth={130} nameColour={grey} valueStyle={monospaced ? mono : undefined} keepTogether />
);

/**
 * The certificate of completion: what happened to the document (its SHA-256 at each revision),
 * every signer's events with where they came from, and the activity's hash chain with each link,
 * so that a removed or edited event shows against the printed hashes. Signed afterwards with the
 * tenant's key (issue-certificate.ts).
 */
export async function renderCompletionCertificate(given: CompletionCertificateInput): Promise<Uint8Array> {
  setUpFonts();
  const title = `Certificate of completion – ${given.title}`;
  const input = drawableStrings(given);
  const th = (width: number | undefined, label: string) => (
    <Text {...structure("TH", { scope: "Column" })} style={width ? { width, fontFamily: FONT.bold } : { flex: 1, fontFamily: FONT.bold }}>
      {label}
    </Text>
  );
  const doc = (
    <Document
      {...documentProps({ correlationId: given.correlationId, title, documentId: given.workflowId }, { language: "en", margin: 40 })}
    >
      <Page size="A4" style={{ padding: 40, paddingBottom: 50, fontFamily: FONT.regular, fontSize: 9, lineHeight: 1.3 }}>
        <Text {...structure("H1")} style={{ fontSize: 18, fontFamily: FONT.bold, lineHeight: 1.2, marginBottom: 6 }}>
          Certificate of completion
        </Text>
        <Text {...structure("P")} style={{ fontSize: 11, marginBottom: 6 }}>
          {input.title}
        </Text>
        <Text
          {...structure("P")}
          style={{ fontSize: 11, fontFamily: FONT.bold, marginBottom: 8, color: input.outcome === "complete" ? "#1b5e20" : "#b3261e" }}
        >
          {input.outcomeLine}
        </Text>
        <View {...structure("Table")}>
          {input.facts.map((f) => (
            <Pair key={f.label} k={f.label} v={f.value} />
          ))}
        </View>

        <Text {...structure("H2")} style={h2}>
          Document revisions
        </Text>
        <Text {...structure("P")} style={{ color: grey, marginBottom: 4 }}>
          Revision 0 is the sealed record with its signature page; each signature adds one revision as an incremental update, so every
          earlier revision stays, byte for byte, at the start of the file.
        </Text>
        <View {...structure("Table")}>
          <View {...structure("TR")} style={head}>
            {th(40, "Revision")}
            {th(115, "Made by")}
            {th(90, "Time")}
            {th(undefined, "SHA-256")}
          </View>
          {input.revisions.map((r) => (
            <View key={r.revision} {...structure("TR")} style={row} wrap={false}>
              <Text {...structure("TD")} style={{ width: 40 }}>
                {String(r.revision)}
              </Text>
              <Text {...structure("TD")} style={{ width: 115 }}>
                {r.madeBy}
              </Text>
              <Text {...structure("TD")} style={{ width: 90, fontSize: 8 }}>
                {r.at}
              </Text>
              <Text {...structure("TD")} style={{ flex: 1, ...mono }}>
                {r.sha256}
              </Text>
            </View>
          ))}
        </View>

        <Text {...structure("H2")} style={h2}>
          Signers
        </Text>
        {input.signers.map((s, i) => (
          <View key={i} style={{ marginBottom: 8 }}>
            <Text {...structure("H3")} style={{ fontFamily: FONT.bold, fontSize: 10, marginBottom: 2 }} minPresenceAhead={40}>
              {s.heading}
            </Text>
            <View {...structure("Table")}>
              {s.facts.map((f) => (
                <Pair key={f.label} k={f.label} v={f.value} />
              ))}
            </View>
            {s.events.length > 0 && (
              <View {...structure("Table")}>
                {s.events.map((e, j) => (
                  <View key={j} {...structure("TR")} style={row} wrap={false}>
                    <Text {...structure("TD")} style={{ width: 110 }}>
                      {e.at}
                    </Text>
                    <Text {...structure("TD")} style={{ width: 110, fontFamily: FONT.bold }}>
                      {e.what}
                    </Text>
                    <View {...structure("TD")} style={{ flex: 1 }}>
                      {e.details.map((d, k) => (
                        <Text key={k} {...structure("P")} style={HASH.test(d) ? mono : undefined}>
                          {d}
                        </Text>
                      ))}
                    </View>
                  </View>
                ))}
              </View>
            )}
          </View>
        ))}

        <Text {...structure("H2")} style={h2}>
          Activity hash chain
        </Text>
        <Text {...structure("P")} style={{ color: grey, marginBottom: 4 }}>
          Each link is SHA-256 over the previous link and the event (id, kind, actor, time and details, as canonical JSON with sorted keys);
          the chain starts from SHA-256 of &quot;sealpost-activity-chain/1&quot;, a newline and the workflow id. An event edited, removed or
          inserted later changes its link and every link after it.
        </Text>
        <View {...structure("Table")}>
          <Pair k="Start" v={input.chain.genesis} mono />
          <Pair k="Head (last link)" v={input.chain.head} mono />
        </View>
        <View {...structure("Table")}>
          <View {...structure("TR")} style={{ ...head, marginTop: 4, fontSize: 8 }}>
            {th(22, "#")}
            {th(38, "Event")}
            {th(88, "Time")}
            {th(97, "What happened")}
            {th(undefined, "Link hash")}
          </View>
          {input.chain.links.map((l) => (
            <View key={l.n} {...structure("TR")} style={{ ...row, fontSize: 8 }} wrap={false}>
              <Text {...structure("TD")} style={{ width: 22 }}>
                {String(l.n)}
              </Text>
              <Text {...structure("TD")} style={{ width: 38 }}>
                {String(l.eventId)}
              </Text>
              <Text {...structure("TD")} style={{ width: 88 }}>
                {l.at}
              </Text>
              <View {...structure("TD")} style={{ width: 97 }}>
                <Text {...structure("P")}>{l.what}</Text>
                {/* The kind is what the link hashes: an auditor recomputing the chain needs it. */}
                <Text {...structure("P")} style={{ color: grey, fontSize: 6.5 }}>
                  {l.kind}
                </Text>
              </View>
              <Text {...structure("TD")} style={{ flex: 1, ...mono }}>
                {l.hash}
              </Text>
            </View>
          ))}
        </View>
        <Text {...structure("P")} style={{ color: grey, marginTop: 10 }}>
          {`Issued ${input.issuedAt} by Sealpost for ${input.organization} and signed with ${input.organization}'s key. The signature covers this whole certificate.`}
        </Text>
        <FooterLabel text={`${input.correlationId} · certificate of completion`} margin={40} />
      </Page>
    </Document>
  );
  return renderElement(doc);
}
