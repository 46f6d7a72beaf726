import { AppError } from "@/lib/http/problem";
import { verificationRoots } from "../keys/tenant-keys";
import { verificationAnswer, type VerificationAnswer } from "./verification-answer";
import { verifyPdfWithinLimits } from "../pdf/verify-pool";

/**
 * 50 MiB: far larger than a sealed record with many signers' signatures, and small enough that one
 * request's buffer does not matter on a 2 GB server.
 */
export const VERIFY_MAX_BYTES = 50 * 1024 * 1024;

/**
 * Verifies a PDF against one tenant's roots (its key's for signatures; those and the timestamp
 * authority's for timestamps, verificationRoots): a file
 * signed under another tenant's CA has signatures that hold but a chain that does not, so it is
 * not valid here. Something that is no PDF at all is the caller's mistake (422 esign.not_pdf); a
 * PDF, however broken inside, gets a report. The file is read in a verification thread with its own
 * heap cap and deadline: one it cannot be read within is not_pdf too, and the server goes on.
 */
export async function verifyForTenant(tenantId: string, bytes: Uint8Array): Promise<VerificationAnswer> {
  // PDF readers accept the header within the first 1024 bytes (ISO 32000-1, 7.5.2 note; Acrobat does).
  if (!Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-")) {
    throw new AppError(
      "esign.not_pdf",
      bytes.byteLength ? "The body does not start like a PDF (no %PDF- header)" : "The body is empty; send the PDF as the body",
    );
  }
  let roots: Awaited<ReturnType<typeof verificationRoots>>;
  try {
    roots = await verificationRoots(tenantId);
  } catch (e) {
    throw new AppError("esign.not_configured", (e as Error).message.replace(/^esign: /, ""));
  }
  const report = await verifyPdfWithinLimits(bytes, roots);
  if (report.limit) throw new AppError("esign.not_pdf", `The PDF cannot be read within the limits of verification: ${report.error}`);
  if (report.error) throw new AppError("esign.not_pdf", `The PDF cannot be read (${report.error.slice(0, 300)})`);
  return verificationAnswer(report, bytes.byteLength);
}
