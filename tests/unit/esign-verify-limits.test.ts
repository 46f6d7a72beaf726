import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { keyForSigner, resetTenantKeys, verificationRoots } from "@/lib/signing/keys/tenant-keys";
import { signPdf } from "@/lib/signing/pdf/sign-pdf";
import { closeVerifyPool, verifyPdfWithinLimits } from "@/lib/signing/pdf/verify-pool";
import { verifyForTenant } from "@/lib/signing/verification/verify-for-tenant";
import { createTempDataDir } from "../support/test-db";

/**
 * An uploaded PDF cannot take the server down. One flipped byte that makes a `)`, `{` or `}` inside a
 * signed file's dictionary sent @libpdf/core's lenient reader into an endless loop that filled the
 * heap; verifyPdf reads strictly, so such a file is answered at once. And whatever else a reader may
 * do with a hostile file, verification runs in a thread with a heap cap and a deadline: past either,
 * the answer is 422 esign.not_pdf and the server goes on.
 */

const data = createTempDataDir();
let signed: Uint8Array;

const env = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
};

beforeAll(async () => {
  env({ DATA_DIR: data.dir });
  resetTenantKeys();
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText("The content every signer signs.", { x: 50, y: 750, font, size: 11 });
  let pdf = await doc.save();
  for (let i = 1; i <= 2; i++) {
    const signer = { name: `Signer ${i}`, email: `s${i}@example.com`, method: "email link" };
    pdf = await signPdf(pdf, { key: (await keyForSigner("acme", signer)).key, signer, reason: "Signed", fieldName: `signer-${i}` });
  }
  signed = pdf;
});
afterAll(async () => {
  await closeVerifyPool();
  env({ DATA_DIR: undefined, VERIFY_THREAD_HEAP_MB: undefined, VERIFY_TIMEOUT_MS: undefined });
  resetTenantKeys();
  data.remove();
});

/** The file with the byte at `at` turned into `to`, as a flip (bytes[at] ^= mask) does. */
const withByte = (at: number, to: string) => {
  const bytes = signed.slice();
  bytes[at] = to.charCodeAt(0);
  return bytes;
};
const lastIndexOf = (text: string) => Buffer.from(signed).lastIndexOf(text);

/** What the API answers: the verification answer, or the problem's code and detail. */
const answer = (bytes: Uint8Array) =>
  verifyForTenant("acme", bytes).then(
    (a) => ({ status: 200, valid: a.valid, signatureCount: a.signatureCount }),
    (e: unknown) => {
      if (!(e instanceof AppError)) throw e;
      return { status: 422, code: e.code, detail: e.message };
    },
  );

describe("verification of an uploaded PDF", () => {
  it("the signed file verifies valid in the verification thread", async () => {
    expect(await answer(signed)).toEqual({ status: 200, valid: true, signatureCount: 2 });
  });

  it("a `(` flipped to `)` (mask 0x01) in the last signature's /Reason: a report at once, the signature not valid", async () => {
    const at = lastIndexOf("/Reason (") + "/Reason ".length;
    // A report, not the limits' 422: the reader itself stopped on the stray delimiter.
    expect(await answer(withByte(at, ")"))).toMatchObject({ status: 200, valid: false });
  });

  it("a `{` or `}` in place of a key in the signature field's dictionary: 422 esign.not_pdf, at once", async () => {
    const at = lastIndexOf("/FT /Sig");
    for (const to of ["{", "}"]) {
      const refused = await answer(withByte(at, to));
      expect(refused).toMatchObject({ status: 422, code: "esign.not_pdf" });
      // Refused by the reader, not stopped by the thread's memory or time limit.
      expect("detail" in refused ? refused.detail : "").not.toMatch(/within the limits/);
    }
  });
});

describe("the verification thread's limits", () => {
  /** A well-formed file whose catalog holds `count` empty arrays: each one an object on the heap while the file is read. */
  const manyArrays = (count: number) => {
    const head = "%PDF-1.7\n";
    const catalog = `1 0 obj\n<< /Type /Catalog /Junk [${"[] ".repeat(count)}] >>\nendobj\n`;
    const xref = head.length + catalog.length;
    const tail = `xref\n0 2\n0000000000 65535 f \n${String(head.length).padStart(10, "0")} 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return new Uint8Array(Buffer.from(head + catalog + tail, "latin1"));
  };

  it("a file that needs more heap than the cap: 422 esign.not_pdf naming the limit, and the next file is verified", async () => {
    await closeVerifyPool();
    env({ VERIFY_THREAD_HEAP_MB: "64", VERIFY_TIMEOUT_MS: "60000" });
    const a = await answer(manyArrays(2_000_000));
    expect(a).toMatchObject({ status: 422, code: "esign.not_pdf" });
    expect("detail" in a && a.detail).toMatch(/limits of verification: it needs more than 64 MB of memory/);
    expect(await answer(signed)).toEqual({ status: 200, valid: true, signatureCount: 2 });
  }, 60_000);

  it("a file still being read at the deadline: stopped, with the reason", async () => {
    await closeVerifyPool();
    env({ VERIFY_THREAD_HEAP_MB: "2048", VERIFY_TIMEOUT_MS: "100" });
    const report = await verifyPdfWithinLimits(manyArrays(2_000_000), await verificationRoots("acme"));
    expect(report).toMatchObject({ valid: false, signatures: [], limit: "time", error: "it was still being read after 0.1 s" });
  }, 60_000);
});
