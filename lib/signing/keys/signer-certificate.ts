/**
 * A certificate of the signer's own, issued by the tenant's CA at the moment of signing.
 *
 * Why one per signer (docs/esign.md, "Keys"): the signer's name and e-mail then sit in the
 * certificate itself, where every reader shows them; and poppler (22.12) checking the chain against
 * a trusted root reports the second signature made with the SAME certificate in one file as
 * "Unknown issue with Certificate": a certificate per signature never repeats.
 *
 * Valid from a little before now until the issuing CA's own end: its key signs once and is dropped
 * (never extractable, never stored), so a long life lets nobody sign more with it. A quarter-hour
 * life, as first built, made every reader that checks a chain at the time the file is opened (poppler:
 * Okular, Evince; Acrobat without a timestamp) call each signature's certificate expired minutes after
 * signing, though nothing about the signature had changed.
 */
import type { KeyAndChain } from "../pdf/sign-pdf";
import { der, randomSerial, RSA, signingAlgorithmOf, x509 } from "./x509";

/** Back-dated a little: a reader whose clock is behind must not see "not yet valid". */
const VALID_BEFORE_MS = 5 * 60_000;

/** A CA that issues: its key and its chain, its own certificate first, then up to the root. */
export interface IssuingCa {
  privateKey: CryptoKey;
  chain: Uint8Array[];
}

export interface SignerName {
  name: string;
  email: string;
}

/** A fresh RSA key and certificate for one signer (CN = name, rfc822Name = e-mail), chain [leaf, ca, ..., root]. */
export async function issueSignerCertificate(ca: IssuingCa, signer: SignerName, now = new Date()): Promise<KeyAndChain> {
  const email = signer.email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw new Error("esign: a signer's e-mail is not an address");
  return issue(ca, signer.name, email, now);
}

/**
 * The tenant's own seal for what Sealpost signs in the tenant's name (the certificate of
 * completion): issued by the tenant's CA like a signer's, named after the tenant, with no e-mail.
 * Why not the CA's certificate itself: it is for issuing (keyCertSign), and NSS refuses a document
 * signature whose certificate lacks digitalSignature.
 */
export async function issueTenantSealCertificate(ca: IssuingCa, name: string, now = new Date()): Promise<KeyAndChain> {
  return issue(ca, name, null, now);
}

async function issue(ca: IssuingCa, givenName: string, email: string | null, now: Date): Promise<KeyAndChain> {
  const name = givenName.trim();
  if (!name || name.length > 200) throw new Error("esign: a signer's name must have 1 to 200 characters");
  const caCert = new x509.X509Certificate(new Uint8Array(ca.chain[0]));
  // RSA for the signer whatever the CA's key: signPdf hands a WebCrypto key to the library as RSA PKCS#1 v1.5.
  const keys = (await crypto.subtle.generateKey(RSA, false, ["sign", "verify"])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    // Built from attribute values, never from a string: a name with "," or "=" stays one CN.
    subject: new x509.Name([{ CN: [name] }]),
    issuer: caCert.subjectName,
    notBefore: new Date(now.getTime() - VALID_BEFORE_MS),
    notAfter: caCert.notAfter,
    publicKey: keys.publicKey,
    signingKey: ca.privateKey,
    signingAlgorithm: signingAlgorithmOf(ca.privateKey),
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      // emailProtection: OpenSSL's `cms -verify` checks the S/MIME purpose by default; Acrobat accepts it for documents.
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection], false),
      ...(email ? [new x509.SubjectAlternativeNameExtension([{ type: "email", value: email }], false)] : []),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caCert),
    ],
  });
  return { privateKey: keys.privateKey, chain: [der(cert), ...ca.chain] };
}
