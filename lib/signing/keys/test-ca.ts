/**
 * A test certificate authority made in memory at start (development and tests only).
 *
 * Production signs with a tenant's PKCS#12 from configuration; a developer or a test has none, so
 * this makes the same shape: a root CA, a per-tenant signing certificate it issued, and a TSA
 * certificate (for the in-process RFC 3161 authority of the tests). RSA 2048 with PKCS#1 v1.5 and
 * SHA-256: the one combination every outside reader we check with (poppler/NSS, OpenSSL) accepts.
 */
import type { KeyAndChain } from "../pdf/sign-pdf";
import { der, randomSerial, RSA, x509 } from "./x509";

export interface TestCa {
  /** DER of the self-signed root, the trust anchor a verifier is given. */
  rootDer: Uint8Array;
  rootPem: string;
  /** The root's own key: an issuing CA (a tenant PKCS#12 that issues a certificate per signer). */
  root: KeyAndChain;
  /** The tenant's signing key, issued by the root. */
  tenant: KeyAndChain;
  /** The timestamp authority's key (extended key usage timeStamping, critical, as RFC 3161 requires). */
  tsa: KeyAndChain;
}

async function issue(opts: {
  subject: string;
  issuer: x509.X509Certificate;
  issuerKey: CryptoKey;
  extensions: x509.Extension[];
}): Promise<{ cert: x509.X509Certificate; privateKey: CryptoKey }> {
  const keys = (await crypto.subtle.generateKey(RSA, true, ["sign", "verify"])) as CryptoKeyPair;
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: opts.subject,
    issuer: opts.issuer.subject,
    // Back-dated an hour: a reader whose clock is a little behind must not see "not yet valid".
    notBefore: new Date(now - 3600_000),
    notAfter: new Date(now + 365 * 86400_000),
    publicKey: keys.publicKey,
    signingKey: opts.issuerKey,
    signingAlgorithm: RSA,
    extensions: [
      ...opts.extensions,
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(opts.issuer),
    ],
  });
  return { cert, privateKey: keys.privateKey };
}

/** A self-signed root CA (5 years, RSA 2048): the test CA's, and the development CA's (lib/signing/keys/dev-ca.ts). */
export async function createRootCa(name: string, org: string): Promise<{ cert: x509.X509Certificate; keys: CryptoKeyPair }> {
  const keys = (await crypto.subtle.generateKey(RSA, true, ["sign", "verify"])) as CryptoKeyPair;
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: new x509.Name([{ CN: [name] }, { O: [org] }]),
    notBefore: new Date(now - 3600_000),
    notAfter: new Date(now + 5 * 365 * 86400_000),
    keys,
    signingAlgorithm: RSA,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { cert, keys };
}

/** Makes a root, a signing certificate for `tenant` and a TSA certificate, all in memory. */
export async function createTestCa(tenant: string, opts: { org?: string } = {}): Promise<TestCa> {
  const org = opts.org ?? "Sealpost test CA";
  const { cert: root, keys: rootKeys } = await createRootCa(`${org} root`, org);

  const signing = await issue({
    subject: `CN=${tenant} signing, O=${org}`,
    issuer: root,
    issuerKey: rootKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      // emailProtection: OpenSSL's `cms -verify` checks the S/MIME purpose by default.
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection], false),
    ],
  });
  const tsa = await issue({
    subject: `CN=${org} TSA, O=${org}`,
    issuer: root,
    issuerKey: rootKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true),
    ],
  });

  return {
    rootDer: der(root),
    rootPem: root.toString("pem"),
    root: { privateKey: rootKeys.privateKey, chain: [der(root)] },
    tenant: { privateKey: signing.privateKey, chain: [der(signing.cert), der(root)] },
    tsa: { privateKey: tsa.privateKey, chain: [der(tsa.cert), der(root)] },
  };
}

/** PKCS#8 PEM of a key (for tools that take key and certificate files, such as `openssl pkcs12 -export`). */
export async function privateKeyPem(key: CryptoKey): Promise<string> {
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey("pkcs8", key)).toString("base64");
  return `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join("\n")}\n-----END PRIVATE KEY-----\n`;
}

/** PEM of a DER certificate. */
export function certificatePem(derBytes: Uint8Array): string {
  return new x509.X509Certificate(new Uint8Array(derBytes)).toString("pem");
}
