/**
 * Opens a tenant's PKCS#12 and says what it can do: issue a certificate per signer (it holds a CA
 * key) or sign itself (it holds a signing certificate's key).
 *
 * @libpdf/core's P12Signer decrypts it (modern PBES2 files from OpenSSL 3 and legacy 3DES/RC2 ones
 * alike), so there is one PKCS#12 reader. Any failure becomes one sentence naming the file's owner
 * (`label`), never the library's ASN.1 error: a wrong password and a damaged file are what an
 * operator can act on.
 */
import { P12Signer } from "@libpdf/core";
import type { SigningKey } from "../pdf/sign-pdf";
import type { IssuingCa } from "./signer-certificate";
import { x509 } from "./x509";

/** What a tenant signs with, and which roots a verifier trusts for it. */
export type TenantKey =
  | { kind: "issuing"; ca: IssuingCa; roots: Uint8Array[]; subject: string }
  | { kind: "signing"; key: SigningKey; roots: Uint8Array[]; subject: string };

const PROBE = new TextEncoder().encode("sealpost key check");

export async function openPkcs12(bytes: Uint8Array, password: string, label: string): Promise<TenantKey> {
  let signer: P12Signer;
  try {
    signer = await P12Signer.create(bytes, password);
  } catch (e) {
    // The file's MAC is keyed by the password: a wrong one fails its integrity check (pkijs says "Integrity").
    const why = /password|integrity|mac\b/i.test((e as Error).message)
      ? "wrong password, or a damaged file (its integrity check fails)"
      : "not a readable PKCS#12 file";
    throw new Error(`esign: cannot open ${label}: ${why}`);
  }
  // P12Signer keeps the key to itself; issuing certificates needs it as a WebCrypto key. The field
  // is private in its types only: a release that renames it fails here, and in the tests.
  const privateKey = (signer as unknown as { privateKey?: unknown }).privateKey;
  if (!(privateKey instanceof globalThis.CryptoKey))
    throw new Error(`esign: cannot open ${label}: this @libpdf/core no longer exposes the key`);

  const chain = [signer.certificate, ...signer.certificateChain];
  const certs = chain.map((d) => new x509.X509Certificate(new Uint8Array(d)));
  const own = certs[0];
  if (!(await matches(privateKey, own)))
    throw new Error(`esign: cannot open ${label}: its first certificate (${own.subject}) is not the key's`);
  if (Date.now() > own.notAfter.getTime())
    throw new Error(`esign: ${label}: the certificate ${own.subject} expired on ${own.notAfter.toISOString()}`);

  // The roots a verifier trusts: the file's self-signed certificates, else (no root included) its topmost one.
  const selfSigned = [];
  for (const c of certs) if (await c.isSelfSigned()) selfSigned.push(new Uint8Array(c.rawData));
  const roots = selfSigned.length ? selfSigned : [new Uint8Array(certs[certs.length - 1].rawData)];

  const basic = own.getExtension(x509.BasicConstraintsExtension);
  const usage = own.getExtension(x509.KeyUsagesExtension);
  const canIssue = basic?.ca === true && usage !== null && (usage.usages & x509.KeyUsageFlags.keyCertSign) !== 0;
  if (canIssue) return { kind: "issuing", ca: { privateKey, chain }, roots, subject: own.subject };
  // Signed through the library's own P12 signer: it handles RSA and EC keys alike.
  return { kind: "signing", key: { p12: bytes, password }, roots, subject: own.subject };
}

/** The key signs and the certificate's public key verifies: they are a pair. */
async function matches(privateKey: CryptoKey, cert: x509.X509Certificate): Promise<boolean> {
  try {
    const ec = privateKey.algorithm.name === "ECDSA";
    const alg = ec ? { name: "ECDSA", hash: "SHA-256" } : { name: privateKey.algorithm.name, saltLength: 32 };
    const sig = await crypto.subtle.sign(alg, privateKey, PROBE);
    const pub = await cert.publicKey.export(
      ec
        ? { name: "ECDSA", namedCurve: (privateKey.algorithm as EcKeyAlgorithm).namedCurve }
        : (privateKey.algorithm as RsaHashedImportParams),
      ["verify"],
    );
    return await crypto.subtle.verify(alg, pub, sig, PROBE);
  } catch {
    return false;
  }
}
