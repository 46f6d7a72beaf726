import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { certificatePem, privateKeyPem } from "@/lib/signing/keys/test-ca";
import { verifyPdf } from "@/lib/signing/pdf/verify-pdf";
import { pdfsigBlocks, runTool } from "./pdf-tools";

/** `openssl pkcs12 -export` of a key and its certificates (leaf first), as docs/operations.md shows. */
export async function writePkcs12(file: string, key: CryptoKey, certs: Uint8Array[], password: string): Promise<void> {
  const base = file.replace(/\.p12$/, "");
  fs.writeFileSync(`${base}.key.pem`, await privateKeyPem(key));
  fs.writeFileSync(`${base}.crt.pem`, certificatePem(certs[0]));
  const extra = certs.slice(1);
  if (extra.length) fs.writeFileSync(`${base}.chain.pem`, extra.map(certificatePem).join(""));
  const args = [
    "pkcs12",
    "-export",
    "-inkey",
    `${base}.key.pem`,
    "-in",
    `${base}.crt.pem`,
    ...(extra.length ? ["-certfile", `${base}.chain.pem`] : []),
    "-out",
    file,
    "-passout",
    `pass:${password}`,
  ];
  const r = spawnSync("openssl", args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`openssl pkcs12: ${r.stderr}`);
}

/** An NSS database trusting `rootsDer` for every purpose (pdfsig -nssdir): "C,C,C", not "C,," (TLS only). */
export function nssTrusting(dir: string, rootsDer: Uint8Array[]): string {
  const nss = path.join(dir, "nss");
  fs.mkdirSync(nss, { recursive: true });
  expect(runTool("certutil", ["-N", "--empty-password", "-d", `sql:${nss}`]).status).toBe(0);
  rootsDer.forEach((der, i) => {
    const file = path.join(dir, `root-${i}.der`);
    fs.writeFileSync(file, der);
    expect(runTool("certutil", ["-A", "-n", `root-${i}`, "-t", "C,C,C", "-i", file, "-d", `sql:${nss}`]).status).toBe(0);
  });
  return nss;
}

/**
 * Every signature of `pdf` checked by outside readers: pdfsig (valid, certificate trusted, the signer's
 * own name; the last applied, `lastSigned` in field order, "Total document signed", the others not),
 * and `openssl cms -verify` over each ByteRange's bytes with the root as CA file. `names` are in
 * field order, as pdfsig lists the signatures. Returns pdfsig's blocks.
 */
export async function expectSignedByAll(
  pdf: Uint8Array,
  names: string[],
  opts: { dir: string; nss: string; rootPemFile: string; trustedRoots: Uint8Array[]; lastSigned?: number },
): Promise<string[]> {
  const last = opts.lastSigned ?? names.length - 1;
  const file = path.join(opts.dir, `signed-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  const blocks = pdfsigBlocks(file, ["-nssdir", `sql:${opts.nss}`]);
  expect(blocks).toHaveLength(names.length);
  blocks.forEach((block, i) => {
    expect(block).toContain("Signature Validation: Signature is Valid.");
    expect(block).toContain("Certificate Validation: Certificate is Trusted.");
    expect(block).toContain(`Signer Certificate Common Name: ${names[i]}`);
    expect(block).toContain(i === last ? "Total document signed" : "Not total document signed");
  });
  const report = await verifyPdf(pdf, { trustedRoots: opts.trustedRoots });
  expect(report.valid).toBe(true);
  for (const sig of report.signatures) {
    const [a, b, c, d] = sig.byteRange;
    const content = `${file}.${sig.fieldName}.bin`;
    const der = `${file}.${sig.fieldName}.p7s`;
    fs.writeFileSync(content, Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]));
    // /Contents is <hex> padded with zeros: OpenSSL reads the one DER object and ignores the rest.
    fs.writeFileSync(der, Buffer.from(Buffer.from(pdf.subarray(b + 1, c - 1)).toString("latin1"), "hex"));
    const r = runTool("openssl", [
      "cms",
      "-verify",
      "-binary",
      "-inform",
      "DER",
      "-in",
      der,
      "-content",
      content,
      "-CAfile",
      opts.rootPemFile,
      "-out",
      "/dev/null",
    ]);
    expect(r.out, sig.fieldName).toContain("Verification successful");
    expect(r.status).toBe(0);
  }
  return blocks;
}
