import { Document, Page, Text, View } from "@react-pdf/renderer";
import { drawableStrings, FONT, setUpFonts } from "./fonts";
import { FooterLabel, finishDocument } from "./footer";
import { renderElement } from "./render-element";

/** Everything the certificate of completion shows, as plain strings (made by lib/workflow/signing/certificate-input.ts). */
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
  revisions: Array<{ revision: number; madeBy: string; at: string; sha256: string }>;
  signers: Array<{
    heading: string;
    facts: Array<{ label: string; value: string }>;
    events: Array<{ at: string; what: string; details: string[] }>;
  }>;
  chain: { genesis: string; head: string; links: Array<{ n: number; eventId: number; at: string; kind: string; hash: string }> };
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

function Pair({ k, v }: { k: string; v: string }) {
  return (
    <View style={{ flexDirection: "row" }} wrap={false}>
      <Text style={{ width: 130, color: grey }}>{k}</Text>
      <Text style={{ flex: 1 }}>{v}</Text>
    </View>
  );
}

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
  const doc = (
    <Document title={title} producer="Sealpost" creator="Sealpost">
      <Page size="A4" style={{ padding: 40, paddingBottom: 50, fontFamily: FONT.regular, fontSize: 9, lineHeight: 1.3 }}>
        <Text style={{ fontSize: 18, fontFamily: FONT.bold, lineHeight: 1.2, marginBottom: 6 }}>Certificate of completion</Text>
        <Text style={{ fontSize: 11, marginBottom: 6 }}>{input.title}</Text>
        <Text style={{ fontSize: 11, fontFamily: FONT.bold, marginBottom: 8, color: input.outcome === "complete" ? "#1b5e20" : "#b3261e" }}>{input.outcomeLine}</Text>
        {input.facts.map((f) => (
          <Pair key={f.label} k={f.label} v={f.value} />
        ))}

        <Text style={h2}>Document revisions</Text>
        <Text style={{ color: grey, marginBottom: 4 }}>
          Revision 0 is the sealed record with its signature page; each signature adds one revision as an incremental update, so every earlier revision stays, byte for byte, at the start of the file.
        </Text>
        <View style={head}>
          <Text style={{ width: 40, fontFamily: FONT.bold }}>Revision</Text>
          <Text style={{ width: 115, fontFamily: FONT.bold }}>Made by</Text>
          <Text style={{ width: 90, fontFamily: FONT.bold }}>Time (UTC)</Text>
          <Text style={{ flex: 1, fontFamily: FONT.bold }}>SHA-256</Text>
        </View>
        {input.revisions.map((r) => (
          <View key={r.revision} style={row} wrap={false}>
            <Text style={{ width: 40 }}>{String(r.revision)}</Text>
            <Text style={{ width: 115 }}>{r.madeBy}</Text>
            <Text style={{ width: 90, fontSize: 8 }}>{r.at}</Text>
            <Text style={{ flex: 1, ...mono }}>{r.sha256}</Text>
          </View>
        ))}

        <Text style={h2}>Signers</Text>
        {input.signers.map((s, i) => (
          <View key={i} style={{ marginBottom: 8 }}>
            <Text style={{ fontFamily: FONT.bold, fontSize: 10, marginBottom: 2 }} minPresenceAhead={40}>{s.heading}</Text>
            {s.facts.map((f) => (
              <Pair key={f.label} k={f.label} v={f.value} />
            ))}
            {s.events.map((e, j) => (
              <View key={j} style={row} wrap={false}>
                <Text style={{ width: 110 }}>{e.at}</Text>
                <Text style={{ width: 110, fontFamily: FONT.bold }}>{e.what}</Text>
                <View style={{ flex: 1 }}>
                  {e.details.map((d, k) => (
                    <Text key={k} style={HASH.test(d) ? mono : undefined}>
                      {d}
                    </Text>
                  ))}
                </View>
              </View>
            ))}
          </View>
        ))}

        <Text style={h2}>Activity hash chain</Text>
        <Text style={{ color: grey, marginBottom: 4 }}>
          Each link is SHA-256 over the previous link and the event (id, kind, actor, time and details, as canonical JSON with sorted keys); the chain starts from SHA-256 of
          &quot;sealpost-activity-chain/1&quot;, a newline and the workflow id. An event edited, removed or inserted later changes its link and every link after it.
        </Text>
        <View style={{ flexDirection: "row" }}>
          <Text style={{ width: 130, color: grey }}>Start</Text>
          <Text style={mono}>{input.chain.genesis}</Text>
        </View>
        <View style={{ flexDirection: "row" }}>
          <Text style={{ width: 130, color: grey }}>Head (last link)</Text>
          <Text style={{ ...mono, fontFamily: FONT.mono }}>{input.chain.head}</Text>
        </View>
        <View style={{ ...head, marginTop: 4, fontSize: 8 }}>
          <Text style={{ width: 22, fontFamily: FONT.bold }}>#</Text>
          <Text style={{ width: 38, fontFamily: FONT.bold }}>Event</Text>
          <Text style={{ width: 88, fontFamily: FONT.bold }}>Time (UTC)</Text>
          <Text style={{ width: 97, fontFamily: FONT.bold }}>Kind</Text>
          <Text style={{ flex: 1, fontFamily: FONT.bold }}>Link hash</Text>
        </View>
        {input.chain.links.map((l) => (
          <View key={l.n} style={{ ...row, fontSize: 8 }} wrap={false}>
            <Text style={{ width: 22 }}>{String(l.n)}</Text>
            <Text style={{ width: 38 }}>{String(l.eventId)}</Text>
            <Text style={{ width: 88 }}>{l.at}</Text>
            <Text style={{ width: 97 }}>{l.kind}</Text>
            <Text style={{ flex: 1, ...mono }}>{l.hash}</Text>
          </View>
        ))}
        <Text style={{ color: grey, marginTop: 10 }}>
          {`Issued ${input.issuedAt} by Sealpost for ${input.organization} and signed with ${input.organization}'s key. The signature covers this whole certificate.`}
        </Text>
        <FooterLabel text={`${input.correlationId} · certificate of completion`} margin={40} />
      </Page>
    </Document>
  );
  const laidOut = await renderElement(doc);
  return finishDocument(laidOut, { correlationId: given.correlationId, title, documentId: given.workflowId }, 40);
}
