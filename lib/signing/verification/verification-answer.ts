/**
 * The verification API's answer (POST /api/esign/verify, GET /api/workflow/{id}/signatures) made
 * from verifyPdf's report: each signature in plain fields, an overall verdict, and, when something
 * changed, which signatures fail and the byte ranges where the change must lie.
 *
 * "Where" is computed, not guessed: a changed byte fails the digest of every signature covering it
 * and of no other. A workflow's signatures cover nested prefixes of the file, so the earliest
 * change lies in bytes covered by every signature whose digest fails and by none whose digest
 * holds: the answer gives that set as ranges. One flipped byte in a three-signature file narrows it
 * to the revision the byte is in (or an earlier signature's /Contents, which later ones cover).
 */
import type { SignatureReport, VerifyReport } from "../pdf/verify-pdf";

type Range = [from: number, to: number];

export interface SignatureAnswer {
  field: string;
  signer: { name: string; email: string; method: string } | null;
  certificate: { subject: string | null };
  reason: string | null;
  signingTime: string | null;
  /** "timestamp" when an RFC 3161 token proves the time, "claimed" for the signer's own clock. */
  signingTimeSource: "timestamp" | "claimed" | null;
  /** The revision the signature ends at (0 = the first); null when it ends at no revision's end. */
  revision: number | null;
  coversWholeFile: boolean;
  byteRange: number[];
  digestValid: boolean;
  signatureValid: boolean;
  chainValid: boolean;
  timestamp: { valid: boolean; time: string | null; authority: string | null } | null;
  valid: boolean;
  problems: string[];
}

export interface VerificationAnswer {
  /** Every signature valid, at least one, and nothing added after the last. */
  valid: boolean;
  summary: string;
  bytes: number;
  signatureCount: number;
  signatures: SignatureAnswer[];
  /** The signatures that fail, with the checks that fail. */
  failures: Array<{
    field: string;
    signer: string | null;
    failed: Array<"digest" | "signature" | "chain" | "timestamp" | "byteRange">;
    byteRange: number[];
  }>;
  /** Where the (earliest) changed byte lies: covered by every signature whose digest fails, by none whose digest holds ([from, to), 0-based). */
  changedWithin: Range[];
  /** Bytes after the end of the last signature's revision: added after everyone signed, covered by nobody. */
  unsignedTail: Range | null;
}

export function verificationAnswer(report: VerifyReport, bytes: number): VerificationAnswer {
  const signatures = report.signatures.map(present);
  const lastEnd = Math.max(0, ...report.signatures.filter((s) => s.byteRange.length === 4).map((s) => s.byteRange[2] + s.byteRange[3]));
  const unsignedTail: Range | null = signatures.length && lastEnd < bytes ? [lastEnd, bytes] : null;
  const failing = report.signatures.filter((s) => !s.valid);
  const changed = report.signatures.filter((s) => !s.digestValid && s.byteRange.length === 4);
  const changedWithin = changed.length
    ? subtract(
        changed.map((s) => union(covered(s))).reduce(intersect),
        union(report.signatures.filter((s) => s.digestValid).flatMap(covered)),
      )
    : [];
  const valid = report.valid && !unsignedTail;
  return {
    valid,
    summary: summary(signatures, unsignedTail),
    bytes,
    signatureCount: signatures.length,
    signatures,
    failures: failing.map((s) => ({
      field: s.fieldName,
      signer: s.signer?.name ?? s.certificateSubject,
      failed: failedChecks(s),
      byteRange: s.byteRange,
    })),
    changedWithin,
    unsignedTail,
  };
}

function present(s: SignatureReport): SignatureAnswer {
  return {
    field: s.fieldName,
    signer: s.signer ? { name: s.signer.name, email: s.signer.email, method: s.signer.method } : null,
    certificate: { subject: s.certificateSubject },
    reason: s.reason,
    signingTime: s.signingTime,
    signingTimeSource: s.timestamp?.valid && s.timestamp.time ? "timestamp" : s.signingTime ? "claimed" : null,
    revision: s.revision,
    coversWholeFile: s.coversWholeFile,
    byteRange: s.byteRange,
    digestValid: s.digestValid,
    signatureValid: s.signatureValid,
    chainValid: s.chainValid,
    timestamp: s.timestamp ? { valid: s.timestamp.valid, time: s.timestamp.time, authority: s.timestamp.authority } : null,
    valid: s.valid,
    problems: s.problems,
  };
}

function failedChecks(s: SignatureReport): VerificationAnswer["failures"][number]["failed"] {
  const failed: VerificationAnswer["failures"][number]["failed"] = [];
  if (s.byteRange.length !== 4 || !s.coversRevisionEnd) failed.push("byteRange");
  if (!s.digestValid) failed.push("digest");
  if (!s.signatureValid) failed.push("signature");
  if (!s.chainValid) failed.push("chain");
  if (s.timestamp && !s.timestamp.valid) failed.push("timestamp");
  return failed;
}

function summary(signatures: SignatureAnswer[], tail: Range | null): string {
  const n = signatures.length;
  if (!n) return "The PDF has no signatures.";
  const bad = signatures.filter((s) => !s.valid).length;
  const all = n === 1 ? "The signature" : `All ${n} signatures`;
  if (!bad && !tail) return `${all} ${n === 1 ? "is" : "are"} valid and the last covers the whole file.`;
  if (!bad) return `${all} ${n === 1 ? "is" : "are"} valid, but ${tail![1] - tail![0]} bytes were added after the last signature.`;
  return `${bad} of ${n} signatures ${bad === 1 ? "is" : "are"} not valid: the file changed after signing, or a signature is not one of ours.`;
}

/** The bytes a signature's digest covers: before and after its /Contents. */
function covered(s: SignatureReport): Range[] {
  if (s.byteRange.length !== 4 || s.byteRange.some((n) => !Number.isInteger(n) || n < 0)) return [];
  const [a, b, c, d] = s.byteRange;
  return [
    [a, a + b],
    [c, c + d],
  ].filter(([x, y]) => y > x) as Range[];
}

function union(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const [from, to] of sorted) {
    const last = out.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

function intersect(a: Range[], b: Range[]): Range[] {
  return a.flatMap(([af, at]) => b.map(([bf, bt]): Range => [Math.max(af, bf), Math.min(at, bt)])).filter(([f, t]) => t > f);
}

function subtract(from: Range[], minus: Range[]): Range[] {
  let out = from;
  for (const [mFrom, mTo] of minus) {
    out = out.flatMap(([f, t]): Range[] => {
      if (mTo <= f || mFrom >= t) return [[f, t]];
      return (
        [
          [f, mFrom],
          [mTo, t],
        ] as Range[]
      ).filter(([x, y]) => y > x);
    });
  }
  return out;
}
