/**
 * E-signature section of `npm run bench` (issue 27), also run alone with BENCH_ONLY=esign: what a
 * signature costs beside what the document cost to make, on the bench's three-page statement.
 * - render: the statement laid out by react-pdf in a render thread with the server's environment
 *   (production React), the reference;
 * - sign: one PAdES signature with a visible appearance added to that PDF as an incremental update
 *   (lib/signing/pdf/sign-pdf), with the tenant's key from the test CA; and the same with an RFC 3161
 *   timestamp from the in-process authority (B-T: a second CMS signature inside the first);
 * - verify: every signature of a five-signature file checked (digest, signature, chain, timestamp).
 * Pairs alternate their order (render then sign, sign then render) so that a drift of the shared
 * machine favours neither side; wall time in this process for all of them.
 */
import fs from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { signPdf, type SignPdfOptions } from "@/lib/signing/pdf/sign-pdf";
import { createTestCa, type TestCa } from "@/lib/signing/keys/test-ca";
import { verifyPdf } from "@/lib/signing/pdf/verify-pdf";
import { templateVersion as versionOf } from "@/lib/templates/load-template";
import { timestampAuthority } from "../tests/support/tsa";
import { statementRecord } from "./documents";
import { benchRenderThread } from "./render-thread";
import { line } from "./workflow";

const PAIRS = Number(process.env.BENCH_ESIGN_PAIRS || 40);
const WARM = 5;

const signer = (k: number) => ({ name: `Signer ${k}`, email: `signer${k}@example.test`, method: "email link" });

function signOptions(ca: TestCa, k: number, tsa?: SignPdfOptions["tsa"]): SignPdfOptions {
  return {
    key: ca.tenant,
    signer: signer(k),
    reason: "Approved",
    fieldName: `signer-${k}`,
    appearance: { page: 2, rect: [40 + ((k - 1) % 3) * 175, 60 + Math.floor((k - 1) / 3) * 70, 165, 62], lines: [`typed: Signer ${k}`] },
    tsa,
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

export async function esignBench(lines: string[]) {
  const { pool, close } = benchRenderThread("esign");
  try {
    const ca = await createTestCa("bench");
    const tsa = timestampAuthority(ca.tsa);
    const template = "statement.md";
    const templateVersion = versionOf(fs.readFileSync(path.join("bench/templates", template), "utf8"));
    const render = (i: number) =>
      pool.run({
        templatePath: template,
        templateVersion,
        record: statementRecord(i),
        meta: { correlationId: `bench-esign-${i}`, title: "Statement", documentId: null },
      });

    for (let i = 0; i < WARM; i++) await signPdf((await render(i)).pdf, signOptions(ca, 1, i % 2 ? tsa : undefined));
    const renders: number[] = [];
    const signs: number[] = [];
    const signsTsa: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const order = i % 2 === 0 ? ["render", "sign"] : ["sign", "render"];
      // The document signed is one rendered before the pair, so that the pair's order is free.
      const pdf = (await render(10_000 + i)).pdf;
      for (const what of order) {
        if (what === "render") {
          renders.push((await timed(() => render(i))).ms);
        } else {
          signs.push((await timed(() => signPdf(pdf, signOptions(ca, 1)))).ms);
          signsTsa.push((await timed(() => signPdf(pdf, signOptions(ca, 1, tsa)))).ms);
        }
      }
    }

    // A file five signers signed in turn, each on top of the one before.
    let five = (await render(20_000)).pdf;
    const pages = (await PDFDocument.load(five, { updateMetadata: false })).getPageCount();
    for (let k = 1; k <= 5; k++) five = await signPdf(five, signOptions(ca, k, tsa));
    const first = await verifyPdf(five, { trustedRoots: [ca.rootDer] });
    if (!first.valid || first.signatures.length !== 5)
      throw new Error(`the five-signature file does not verify: ${JSON.stringify(first.signatures.map((s) => s.problems))}`);
    const verifies: number[] = [];
    const renders2: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const pair = [
        async () => verifies.push((await timed(() => verifyPdf(five, { trustedRoots: [ca.rootDer] }))).ms),
        async () => renders2.push((await timed(() => render(30_000 + i))).ms),
      ];
      for (const step of i % 2 === 0 ? pair : pair.reverse()) await step();
    }

    lines.push(
      `E-signature (the ${pages}-page bench statement, ${(five.length / 1024).toFixed(0)} KB with five signatures; wall time in one process, render in one render thread):`,
    );
    lines.push(line("  sign once, visible appearance (B-B)", signs, "render the statement", renders));
    lines.push(line("  sign once with an RFC 3161 timestamp (B-T, in-process TSA)", signsTsa, "render the statement", renders));
    lines.push(line("  verify a file of five signatures", verifies, "render the statement", renders2));
  } finally {
    await close();
  }
}
