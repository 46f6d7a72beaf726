import { Document, Page, View } from "@react-pdf/renderer";
import type { Locale } from "@/lib/i18n/locales";
import { drawableStrings, setUpFonts } from "./fonts";
import { Words } from "./direction";
import { documentLanguage, type DocumentLanguage } from "./document-language";
import { documentProps } from "./document-props";
import { FooterLabel } from "./footer";
import { renderElement } from "./render-element";
import { structure } from "./structure";
import { NameValueRow } from "./name-value-row";

/**
 * Everything the certificate of completion shows, as plain strings in `locale` (made by
 * lib/signing/certificate/certificate-input.ts); its headings are written in the same language here.
 */
export interface CompletionCertificateInput {
  /** The language of the words given, and of the certificate's own; en-GB when not given. */
  locale?: Locale;
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
/** A detail line that is a SHA-256 alone is drawn like the other hashes. */
const HASH = /^[0-9a-f]{64}$/;

/** The certificate's styles in its language's fonts and direction. */
function stylesFor({ font, row: direction }: DocumentLanguage) {
  const row = { ...direction, borderBottom: "0.5pt solid #dddddd", paddingVertical: 2 } as const;
  return {
    h2: { fontSize: 12, fontFamily: font.bold, marginTop: 14, marginBottom: 4 },
    row,
    head: { ...row, borderBottom: "0.8pt solid #555555" },
    // 64 hex digits at 6.5 pt Courier are 250 pt: one line in the column left for them, never hyphenated.
    mono: { fontFamily: font.mono, fontSize: 6.5 },
  } as const;
}

/**
 * The certificate of completion: what happened to the document (its SHA-256 at each revision),
 * every signer's events with where they came from, and the activity's hash chain with each link,
 * so that a removed or edited event shows against the printed hashes. Signed afterwards with the
 * tenant's key (issue-certificate.ts). Written in the initiator's language, right to left in
 * Arabic and Hebrew (document-language.ts).
 */
export async function renderCompletionCertificate(given: CompletionCertificateInput): Promise<Uint8Array> {
  setUpFonts();
  const lang = documentLanguage(given.locale);
  const { t, font } = lang;
  const { h2, row, head, mono } = stylesFor(lang);
  const title = t("document.certificate.title", { title: given.title });
  const input = drawableStrings(given);
  const Pair = ({ k, v, monospaced }: { k: string; v: string; monospaced?: boolean }) => (
    <NameValueRow
      name={k}
      value={v}
      nameWidth={130}
      nameColour={grey}
      valueStyle={monospaced ? { flex: 1, ...mono } : undefined}
      dir={lang.dir}
      keepTogether
    />
  );
  const th = (width: number | undefined, label: string) => (
    <Words
      dir={lang.dir}
      {...structure("TH", { scope: "Column" })}
      style={{ ...lang.cellGap, ...(width ? { width } : { flex: 1 }), fontFamily: font.bold }}
    >
      {label}
    </Words>
  );
  const td = (width: number | undefined, value: string, style: Record<string, unknown> = {}) => (
    <Words dir={lang.dir} {...structure("TD")} style={{ ...lang.cellGap, ...(width ? { width } : { flex: 1 }), ...style }}>
      {value}
    </Words>
  );
  const doc = (
    <Document
      {...documentProps(
        { correlationId: given.correlationId, title, documentId: given.workflowId },
        { language: lang.locale, margin: 40, label: lang.pageLabel },
      )}
    >
      <Page size="A4" style={{ padding: 40, paddingBottom: 50, fontFamily: font.regular, fontSize: 9, lineHeight: lang.leading(1.3) }}>
        <Words
          dir={lang.dir}
          {...structure("H1")}
          style={{ fontSize: 18, fontFamily: font.bold, lineHeight: lang.leading(1.2), marginBottom: 6 }}
        >
          {t("document.certificate.heading")}
        </Words>
        <Words dir={lang.dir} {...structure("P")} style={{ fontSize: 11, marginBottom: 6 }}>
          {input.title}
        </Words>
        <Words
          dir={lang.dir}
          {...structure("P")}
          style={{ fontSize: 11, fontFamily: font.bold, marginBottom: 8, color: input.outcome === "complete" ? "#1b5e20" : "#b3261e" }}
        >
          {input.outcomeLine}
        </Words>
        <View {...structure("Table")}>
          {input.facts.map((f) => (
            <Pair key={f.label} k={f.label} v={f.value} />
          ))}
        </View>

        <Words dir={lang.dir} {...structure("H2")} style={h2}>
          {t("document.certificate.revisionsHeading")}
        </Words>
        <Words dir={lang.dir} {...structure("P")} style={{ color: grey, marginBottom: 4 }}>
          {t("document.certificate.revisionsIntro")}
        </Words>
        <View {...structure("Table")}>
          <View {...structure("TR")} style={head}>
            {th(56, t("document.certificate.revision"))}
            {th(99, t("document.certificate.madeBy"))}
            {th(90, t("document.certificate.time"))}
            {th(undefined, "SHA-256")}
          </View>
          {input.revisions.map((r) => (
            <View key={r.revision} {...structure("TR")} style={row} wrap={false}>
              {td(56, String(r.revision))}
              {td(99, r.madeBy)}
              {td(90, r.at, { fontSize: 8 })}
              {td(undefined, r.sha256, mono)}
            </View>
          ))}
        </View>

        <Words dir={lang.dir} {...structure("H2")} style={h2}>
          {t("document.certificate.signersHeading")}
        </Words>
        {input.signers.map((s, i) => (
          <View key={i} style={{ marginBottom: 8 }}>
            <Words
              dir={lang.dir}
              {...structure("H3")}
              style={{ fontFamily: font.bold, fontSize: 10, marginBottom: 2 }}
              minPresenceAhead={40}
            >
              {s.heading}
            </Words>
            <View {...structure("Table")}>
              {s.facts.map((f) => (
                <Pair key={f.label} k={f.label} v={f.value} />
              ))}
            </View>
            {s.events.length > 0 && (
              <View {...structure("Table")}>
                {s.events.map((e, j) => (
                  <View key={j} {...structure("TR")} style={row} wrap={false}>
                    {td(110, e.at)}
                    {td(110, e.what, { fontFamily: font.bold })}
                    <View {...structure("TD")} style={{ flex: 1 }}>
                      {e.details.map((line, k) => (
                        <Words dir={lang.dir} key={k} {...structure("P")} style={HASH.test(line) ? mono : {}}>
                          {line}
                        </Words>
                      ))}
                    </View>
                  </View>
                ))}
              </View>
            )}
          </View>
        ))}

        <Words dir={lang.dir} {...structure("H2")} style={h2}>
          {t("document.certificate.chainHeading")}
        </Words>
        <Words dir={lang.dir} {...structure("P")} style={{ color: grey, marginBottom: 4 }}>
          {t("document.certificate.chainIntro")}
        </Words>
        <View {...structure("Table")}>
          <Pair k={t("document.certificate.chainStart")} v={input.chain.genesis} monospaced />
          <Pair k={t("document.certificate.chainHead")} v={input.chain.head} monospaced />
        </View>
        <View {...structure("Table")}>
          <View {...structure("TR")} style={{ ...head, marginTop: 4, fontSize: 8 }}>
            {th(18, "#")}
            {th(46, t("document.certificate.chainEvent"))}
            {th(88, t("document.certificate.time"))}
            {th(93, t("document.certificate.chainWhat"))}
            {th(undefined, t("document.certificate.chainHash"))}
          </View>
          {input.chain.links.map((l) => (
            <View key={l.n} {...structure("TR")} style={{ ...row, fontSize: 8 }} wrap={false}>
              {td(18, String(l.n))}
              {td(46, String(l.eventId))}
              {td(88, l.at)}
              <View {...structure("TD")} style={{ ...lang.cellGap, width: 93 }}>
                <Words dir={lang.dir} {...structure("P")}>
                  {l.what}
                </Words>
                {/* The kind is what the link hashes: an auditor recomputing the chain needs it. */}
                <Words dir={lang.dir} {...structure("P")} style={{ color: grey, fontSize: 6.5 }}>
                  {l.kind}
                </Words>
              </View>
              {td(undefined, l.hash, mono)}
            </View>
          ))}
        </View>
        <Words dir={lang.dir} {...structure("P")} style={{ color: grey, marginTop: 10 }}>
          {t("document.certificate.issued", { at: input.issuedAt, organisation: input.organization })}
        </Words>
        <FooterLabel text={t("document.certificate.footer", { reference: input.correlationId })} margin={40} dir={lang.dir} />
      </Page>
    </Document>
  );
  return renderElement(doc);
}
