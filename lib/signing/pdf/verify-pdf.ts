/**
 * Verifies every signature in a PDF, each on its own: which field, who (the certificate and the
 * identity written in the reason), when (claimed, and proven by a timestamp when there is one),
 * what it covers (the whole file, or a revision that later updates extend), and whether the
 * digest, the signature, the chain to the tenant's root and the timestamp hold.
 *
 * A byte changed anywhere a signature covers fails that signature's digest: the report names the
 * field, so the API can say which signer's signature broke. Changes after the last signature (not
 * covered by any) are reported as `coversWholeFile: false` on the last one.
 *
 * @libpdf/core only finds the signature dictionaries; the checks are ours (cms-check.ts), as the
 * library verifies nothing.
 */
import { createHash } from "node:crypto";
import * as pkijs from "pkijs";
import { PDF, PdfArray, PdfNumber, PdfString } from "@libpdf/core";
import { checkSignedData, hashName, parseSignedData } from "./cms-check";
import { parseSignatureReason } from "./sign-pdf";

const TIMESTAMP_TOKEN = "1.2.840.113549.1.9.16.2.14";

export interface TimestampReport {
  valid: boolean;
  /** The authority's time (genTime): the proven signing time. */
  time: string | null;
  authority: string | null;
  problems: string[];
}

export interface SignatureReport {
  fieldName: string;
  /** Common name of the signing certificate (the tenant's key). */
  certificateSubject: string | null;
  /** The person who signed, from the reason written by signPdf (null for a foreign signature). */
  signer: { name: string; email: string; method: string } | null;
  reason: string | null;
  /** The timestamp's time when there is one, else the signer's claimed time. */
  signingTime: string | null;
  byteRange: number[];
  /**
   * The revision the signature ends at: how many "%%EOF" come before its end, less one (0 is the
   * file's first revision; in a workflow's document, signature n ends revision n). Null when the
   * covered bytes do not end at a revision's end.
   */
  revision: number | null;
  /** The signature covers the file up to its last byte: nothing was added after it. */
  coversWholeFile: boolean;
  /** The covered bytes end at a revision's end (%%EOF): later bytes are incremental updates. */
  coversRevisionEnd: boolean;
  digestValid: boolean;
  signatureValid: boolean;
  chainValid: boolean;
  timestamp: TimestampReport | null;
  /** Digest, signature, chain, a well-formed byte range and (when present) the timestamp all hold. */
  valid: boolean;
  problems: string[];
}

export interface VerifyReport {
  /** Every signature valid, and at least one. */
  valid: boolean;
  signatures: SignatureReport[];
  /** Why the file could not be read at all (not a PDF, truncated). */
  error?: string;
  /** Set when reading it was stopped at the verification thread's heap cap or deadline (verify-pool.ts). */
  limit?: "memory" | "time";
}

export interface VerifyOptions {
  /** DER roots a chain must end at: the tenant's CA (and the TSA's). */
  trustedRoots: Uint8Array[];
  /**
   * DER roots a timestamp token's chain must end at (default: trustedRoots). Apart, so that a
   * timestamp authority trusted for every tenant does not make its root a signer root of each.
   */
  timestampRoots?: Uint8Array[];
}

export async function verifyPdf(bytes: Uint8Array, opts: VerifyOptions): Promise<VerifyReport> {
  let pdf: PDF;
  try {
    // Strict: in its lenient mode @libpdf/core reads a stray `)`, `{` or `}` inside a dictionary or
    // array as an empty keyword without moving past it, and loops for ever, filling memory with
    // warnings (one flipped byte in a signed file is enough). Strict, such a file fails to read.
    pdf = await PDF.load(bytes, { lenient: false });
  } catch (e) {
    return { valid: false, signatures: [], error: `not a readable PDF: ${(e as Error).message}` };
  }
  let fields;
  try {
    fields = pdf.getForm()?.getSignatureFields() ?? [];
  } catch (e) {
    return { valid: false, signatures: [], error: `the PDF's form cannot be read: ${(e as Error).message}` };
  }
  const eofs = revisionEnds(bytes).map((options) => options[0]);
  const signatures: SignatureReport[] = [];
  for (const [i, field] of fields.entries()) {
    // Whatever a hostile file puts in a signature dictionary, the answer is a report on it, never a throw.
    try {
      const dict = field.getSignatureDict();
      if (!dict) continue; // a reserved field nobody has signed yet
      const byteRange = (dict.get("ByteRange") instanceof PdfArray ? (dict.get("ByteRange") as PdfArray).toArray() : []).map((n) =>
        n instanceof PdfNumber ? n.value : NaN,
      );
      const contents = dict.get("Contents");
      const reason = dict.get("Reason") instanceof PdfString ? (dict.get("Reason") as PdfString).asString() : null;
      const report = checkOne(bytes, field.name, byteRange, contents instanceof PdfString ? contents.bytes : null, reason, opts);
      report.revision = report.coversRevisionEnd ? eofs.filter((end) => end <= byteRange[2] + byteRange[3]).length - 1 : null;
      signatures.push(report);
    } catch (e) {
      signatures.push({ ...emptyReport(safeName(field, i), null), problems: [`the signature cannot be read: ${(e as Error).message}`] });
    }
  }
  return { valid: signatures.length > 0 && signatures.every((s) => s.valid), signatures };
}

function safeName(field: { name: string }, i: number): string {
  try {
    return field.name;
  } catch {
    return `#${i + 1}`;
  }
}

/**
 * Where each revision of the file may end: for each "%%EOF", the offsets just after it and after
 * each end-of-line byte that follows (an update may or may not start with its own newline).
 */
export function revisionEnds(bytes: Uint8Array): number[][] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ends: number[][] = [];
  for (let at = buf.indexOf("%%EOF"); at !== -1; at = buf.indexOf("%%EOF", at + 5)) {
    const options = [at + 5];
    for (let end = at + 5; end < buf.length && end < at + 7 && (buf[end] === 0x0d || buf[end] === 0x0a); end++) options.push(end + 1);
    ends.push(options);
  }
  return ends;
}

function emptyReport(fieldName: string, reason: string | null): SignatureReport {
  return {
    fieldName,
    certificateSubject: null,
    signer: null,
    reason,
    signingTime: null,
    byteRange: [],
    revision: null,
    coversWholeFile: false,
    coversRevisionEnd: false,
    digestValid: false,
    signatureValid: false,
    chainValid: false,
    timestamp: null,
    valid: false,
    problems: [],
  };
}

function checkOne(
  bytes: Uint8Array,
  fieldName: string,
  byteRange: number[],
  contents: Uint8Array | null,
  reason: string | null,
  opts: VerifyOptions,
): SignatureReport {
  const report: SignatureReport = { ...emptyReport(fieldName, reason), signer: reason ? parseSignatureReason(reason) : null, byteRange };
  const rangeProblem = checkByteRange(bytes, byteRange);
  if (rangeProblem || !contents) {
    report.problems.push(rangeProblem ?? "no /Contents");
    return report;
  }
  const [a, b, c, d] = byteRange;
  report.coversWholeFile = c + d === bytes.length;
  report.coversRevisionEnd = /%%EOF\s*$/.test(Buffer.from(bytes.subarray(Math.max(0, c + d - 8), c + d)).toString("latin1"));
  const signedContent = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);

  let signed: pkijs.SignedData;
  try {
    signed = parseSignedData(contents);
  } catch (e) {
    report.problems.push(`signature is not a CMS SignedData: ${(e as Error).message}`);
    return report;
  }
  // The timestamp first: its time is the time the certificate chain must be valid at.
  report.timestamp = checkTimestamp(signed, opts.timestampRoots ?? opts.trustedRoots);
  const at = report.timestamp?.valid && report.timestamp.time ? new Date(report.timestamp.time) : undefined;
  const check = checkSignedData(signed, signedContent, opts.trustedRoots, at);
  report.certificateSubject =
    check.signer?.subject
      .split("\n")
      .find((p) => p.startsWith("CN="))
      ?.slice(3) ?? null;
  report.signingTime = report.timestamp?.time ?? check.claimedTime?.toISOString() ?? null;
  report.digestValid = check.digestValid;
  report.signatureValid = check.signatureValid;
  report.chainValid = check.chainValid;
  report.problems.push(...check.problems, ...(report.timestamp?.problems ?? []).map((p) => `timestamp: ${p}`));
  report.valid =
    check.digestValid && check.signatureValid && check.chainValid && report.coversRevisionEnd && (report.timestamp?.valid ?? true);
  return report;
}

/** [0, b, c, d]: starts at the file's start, the gap is exactly the <hex> /Contents, nothing past the end. */
function checkByteRange(bytes: Uint8Array, r: number[]): string | null {
  if (r.length !== 4 || r.some((n) => !Number.isInteger(n) || n < 0)) return `malformed ByteRange [${r.join(" ")}]`;
  const [a, b, c, d] = r;
  if (a !== 0 || b >= c || c + d > bytes.length) return `ByteRange [${r.join(" ")}] does not fit the file (${bytes.length} bytes)`;
  if (bytes[b] !== 0x3c || bytes[c - 1] !== 0x3e) return "the ByteRange gap is not the signature's /Contents";
  return null;
}

/** An RFC 3161 token in the unsigned attributes: over the signature value, signed by a trusted TSA. */
function checkTimestamp(signed: pkijs.SignedData, trustedRoots: Uint8Array[]): TimestampReport | null {
  const signerInfo = signed.signerInfos[0];
  const tokenAttr = signerInfo?.unsignedAttrs?.attributes.find((a) => a.type === TIMESTAMP_TOKEN);
  if (!tokenAttr) return null;
  const problems: string[] = [];
  try {
    const token = parseSignedData(new Uint8Array(tokenAttr.values[0].toBER(false)));
    const eContent = token.encapContentInfo.eContent;
    if (!eContent) throw new Error("token has no TSTInfo");
    const tstDer = new Uint8Array(eContent.getValue());
    const tst = pkijs.TSTInfo.fromBER(tstDer);
    const imprint = Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
    const expected = createHash(hashName(tst.messageImprint.hashAlgorithm.algorithmId))
      .update(signerInfo.signature.valueBlock.valueHexView)
      .digest();
    const imprintValid = imprint.equals(expected);
    if (!imprintValid) problems.push("the token is not over this signature's value");
    const check = checkSignedData(token, tstDer, trustedRoots, tst.genTime);
    problems.push(...check.problems);
    const authority =
      check.signer?.subject
        .split("\n")
        .find((p) => p.startsWith("CN="))
        ?.slice(3) ?? null;
    return {
      valid: imprintValid && check.digestValid && check.signatureValid && check.chainValid,
      time: tst.genTime.toISOString(),
      authority,
      problems,
    };
  } catch (e) {
    return { valid: false, time: null, authority: null, problems: [`unreadable token: ${(e as Error).message}`] };
  }
}
