import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { devCaPath } from "@/lib/signing/keys/dev-ca";
import { signPdf } from "@/lib/signing/pdf/sign-pdf";
import { issueSignerCertificate } from "@/lib/signing/keys/signer-certificate";
import { keyForSigner, resetTenantKeys, tenantKey, trustedRoots, type EsignConfig } from "@/lib/signing/keys/tenant-keys";
import { certificatePem, createTestCa, privateKeyPem, type TestCa } from "@/lib/signing/keys/test-ca";
import { verifyPdf } from "@/lib/signing/pdf/verify-pdf";
import { x509 } from "@/lib/signing/keys/x509";

/**
 * Where a tenant's key comes from: the development CA kept in DATA_DIR, and PKCS#12 files made with
 * OpenSSL the way an operator makes them (docs/operations.md), one holding a CA key (a certificate
 * issued per signer) and one a plain signing certificate. Files signed with each verify.
 */

let dir: string;
let ca: TestCa;
const PASSWORD = "correct horse battery";
const dev = (dataDir: string): EsignConfig => ({ production: false, dataDir });
const configured = (keysDir: string, password = PASSWORD): EsignConfig => ({
  production: true,
  dataDir: path.join(dir, "unused"),
  keysDir,
  password,
});
const signer = { name: "Ann Example", email: "ann@example.com" };

function openssl(args: string[]): void {
  const r = spawnSync("openssl", args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr}`);
}

/** `openssl pkcs12 -export` of a key and its certificate (and more certificates after it), as docs/operations.md shows. */
async function p12(file: string, key: CryptoKey, certs: Uint8Array[], legacy = false): Promise<void> {
  const base = file.replace(/\.p12$/, "");
  fs.writeFileSync(`${base}.key.pem`, await privateKeyPem(key));
  fs.writeFileSync(`${base}.crt.pem`, certificatePem(certs[0]));
  const extra = certs.slice(1);
  if (extra.length) fs.writeFileSync(`${base}.chain.pem`, extra.map(certificatePem).join(""));
  openssl([
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
    `pass:${PASSWORD}`,
    ...(legacy ? ["-legacy"] : []),
  ]);
}

async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText("Sealed workflow", { x: 50, y: 780, font: await doc.embedFont(StandardFonts.Helvetica), size: 16 });
  return doc.save();
}

const subjectOf = (der: Uint8Array) => new x509.X509Certificate(new Uint8Array(der));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-keys-"));
  ca = await createTestCa("acme");
  fs.mkdirSync(path.join(dir, "keys"));
  fs.mkdirSync(path.join(dir, "leaf-keys"));
  // acme: the CA key (it issues per signer); beta: a plain signing certificate with its root.
  await p12(path.join(dir, "keys", "acme.p12"), ca.root.privateKey, ca.root.chain);
  await p12(path.join(dir, "leaf-keys", "beta.p12"), ca.tenant.privateKey, ca.tenant.chain);
  // OpenSSL 1.1's encryption (3DES key, RC2 certificates), still what older tools and keystores write.
  await p12(path.join(dir, "keys", "legacy.p12"), ca.root.privateKey, ca.root.chain, true);
  fs.writeFileSync(path.join(dir, "keys", "broken.p12"), "not a PKCS#12 at all");
});

beforeEach(() => resetTenantKeys());

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the development CA", () => {
  it("is made at first use in DATA_DIR (mode 0600), and the same root comes back after a restart", async () => {
    const dataDir = path.join(dir, "data");
    const first = await trustedRoots("acme", dev(dataDir));
    const file = devCaPath(dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).privateKey).toContain("BEGIN PRIVATE KEY");

    resetTenantKeys(); // as a restart does
    const again = await trustedRoots("other-tenant", dev(dataDir));
    expect(Buffer.from(again[0]).equals(Buffer.from(first[0]))).toBe(true);

    // Signed before the "restart", verified after it with the root read back.
    const { key } = await keyForSigner("acme", signer, dev(dataDir));
    const signed = await signPdf(await onePagePdf(), {
      key,
      signer: { ...signer, method: "email link" },
      reason: "Approved",
      fieldName: "signer-1",
    });
    resetTenantKeys();
    const report = await verifyPdf(signed, { trustedRoots: await trustedRoots("acme", dev(dataDir)) });
    expect(report.valid).toBe(true);
    expect(report.signatures[0].certificateSubject).toBe("Ann Example");
  });

  it("is never used in production: no keys configured is an error naming the variables", async () => {
    await expect(tenantKey("acme", { production: true, dataDir: path.join(dir, "prod") })).rejects.toThrow(
      /tenant "acme".*ESIGN_KEYS_DIR.*ESIGN_KEYS_PASSWORD/,
    );
    expect(fs.existsSync(devCaPath(path.join(dir, "prod")))).toBe(false);
  });
});

describe("a tenant's PKCS#12 from ESIGN_KEYS_DIR", () => {
  it("holding a CA key: issues each signer a short-lived certificate of their own (CN, e-mail, key usage)", async () => {
    const config = configured(path.join(dir, "keys"));
    expect((await tenantKey("acme", config)).kind).toBe("issuing");
    const roots = await trustedRoots("acme", config);
    expect(roots.map((r) => Buffer.from(r).toString("hex"))).toEqual([Buffer.from(ca.rootDer).toString("hex")]);

    const a = await keyForSigner("acme", signer, config);
    const b = await keyForSigner("acme", { name: "Bo, Smith = CEO", email: "bo@example.com" }, config);
    expect(a.issued).toBe(true);
    if (!("chain" in a.key) || !("chain" in b.key)) throw new Error("expected issued keys");
    const leaf = subjectOf(a.key.chain[0]);
    expect(leaf.subject).toBe("CN=Ann Example");
    expect(subjectOf(b.key.chain[0]).subjectName.getField("CN")).toEqual(["Bo, Smith = CEO"]); // one CN, not three attributes
    expect(leaf.issuer).toBe(subjectOf(ca.rootDer).subject);
    expect(leaf.serialNumber).not.toBe(subjectOf(b.key.chain[0]).serialNumber);
    const san = leaf.getExtension(x509.SubjectAlternativeNameExtension)!;
    expect(san.names.toJSON()).toEqual([{ type: "email", value: "ann@example.com" }]);
    const usage = leaf.getExtension(x509.KeyUsagesExtension)!;
    expect(usage.critical).toBe(true);
    expect(usage.usages).toBe(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation);
    expect(leaf.getExtension(x509.BasicConstraintsExtension)!.ca).toBe(false);
    // From just before now until the CA's own end: never "expired" in a reader that checks at opening time.
    expect(Date.now() - leaf.notBefore.getTime()).toBeGreaterThan(0);
    expect(Date.now() - leaf.notBefore.getTime()).toBeLessThan(10 * 60_000);
    expect(leaf.notAfter.getTime()).toBe(subjectOf(ca.rootDer).notAfter.getTime());

    const signed = await signPdf(await onePagePdf(), {
      key: a.key,
      signer: { ...signer, method: "email link" },
      reason: "Approved",
      fieldName: "signer-1",
    });
    const report = await verifyPdf(signed, { trustedRoots: roots });
    expect(report.signatures[0]).toMatchObject({ valid: true, chainValid: true, certificateSubject: "Ann Example" });
  });

  it("in OpenSSL's legacy encryption (3DES, RC2): read as well", async () => {
    const key = await tenantKey("legacy", configured(path.join(dir, "keys")));
    expect(key.kind).toBe("issuing");
    expect(Buffer.from(key.roots[0]).equals(Buffer.from(ca.rootDer))).toBe(true);
  });

  it("holding a plain signing certificate: every signer signs with it", async () => {
    const config = configured(path.join(dir, "leaf-keys"));
    const k = await keyForSigner("beta", signer, config);
    expect(k.issued).toBe(false);
    expect("p12" in k.key).toBe(true);
    const signed = await signPdf(await onePagePdf(), {
      key: k.key,
      signer: { ...signer, method: "email link" },
      reason: "Approved",
      fieldName: "signer-1",
    });
    const report = await verifyPdf(signed, { trustedRoots: await trustedRoots("beta", config) });
    expect(report.signatures[0]).toMatchObject({ valid: true, chainValid: true, certificateSubject: "acme signing" });
  });

  it("with a wrong password: one clear sentence naming the tenant, the file and the variable", async () => {
    const err = await tenantKey("acme", configured(path.join(dir, "keys"), "wrong")).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe(
      'esign: cannot open the PKCS#12 of tenant "acme" (ESIGN_KEYS_DIR/acme.p12, password ESIGN_KEYS_PASSWORD): wrong password, or a damaged file (its integrity check fails)',
    );
    expect((err as Error).message).not.toContain(PASSWORD);
  });

  it("a broken file, a missing one, and a tenant id that is not one", async () => {
    const config = configured(path.join(dir, "keys"));
    await expect(tenantKey("broken", config)).rejects.toThrow(
      /^esign: cannot open the PKCS#12 of tenant "broken" \(ESIGN_KEYS_DIR\/broken\.p12, password ESIGN_KEYS_PASSWORD\): not a readable PKCS#12 file/,
    );
    await expect(tenantKey("gamma", config)).rejects.toThrow('esign: no signing key for tenant "gamma": ESIGN_KEYS_DIR has no gamma.p12');
    for (const id of ["../keys/acme", "..", ".hidden", "a/b", "", "x".repeat(129)]) {
      expect(() => tenantKey(id, config)).toThrow(/is not a tenant id/);
    }
  });

  it("adds the timestamp authority's roots from ESIGN_TSA_ROOTS, and the URL to every signer's key", async () => {
    const file = path.join(dir, "tsa-roots.pem");
    fs.writeFileSync(file, ca.rootPem + certificatePem(ca.tsa.chain[0]));
    const config = { ...configured(path.join(dir, "keys")), tsaUrl: "http://127.0.0.1:1/tsa", tsaRootsFile: file };
    expect(await trustedRoots("acme", config)).toHaveLength(3);
    expect((await keyForSigner("acme", signer, config)).tsa).toBe("http://127.0.0.1:1/tsa");
  });
});

describe("a signer's certificate after it expired", () => {
  it("still verifies: without a timestamp the chain is checked at the claimed signing time", async () => {
    const anHourAgo = new Date(Date.now() - 3600_000);
    const key = await issueSignerCertificate({ privateKey: ca.root.privateKey, chain: ca.root.chain }, signer, anHourAgo);
    const signed = await signPdf(await onePagePdf(), {
      key,
      signer: { ...signer, method: "email link" },
      reason: "Approved",
      fieldName: "signer-1",
      signingTime: anHourAgo,
    });
    const report = await verifyPdf(signed, { trustedRoots: [ca.rootDer] });
    expect(report.signatures[0]).toMatchObject({ valid: true, chainValid: true });
  });
});
