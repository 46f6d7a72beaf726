/**
 * @peculiar/x509, ready to use: every module that makes or reads certificates imports it from here.
 *
 * Its 2.x resolves its ASN.1 types through tsyringe, which needs the Reflect metadata polyfill loaded
 * first, and it takes its WebCrypto from a provider that must be set once (Node's is the standard one).
 */
import "reflect-metadata";
import * as x509 from "@peculiar/x509";

x509.cryptoProvider.set(crypto);

export { x509 };

/** RSA 2048, PKCS#1 v1.5, SHA-256: the one combination every outside reader we check with (poppler/NSS, OpenSSL) accepts. */
export const RSA: RsaHashedKeyGenParams = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

export const der = (cert: x509.X509Certificate) => new Uint8Array(cert.rawData);

/** A positive 16-byte random serial: a certificate made at start or per signer must never repeat one a reader has cached. */
export function randomSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0] &= 0x7f;
  return Buffer.from(bytes).toString("hex");
}

/** The signature algorithm an issuer's key signs certificates with (RSA PKCS#1 v1.5 or ECDSA, SHA-256). */
export function signingAlgorithmOf(key: CryptoKey): Algorithm | EcdsaParams {
  if (key.algorithm.name === "ECDSA") return { name: "ECDSA", hash: "SHA-256" } as EcdsaParams;
  if (key.algorithm.name === "RSASSA-PKCS1-v1_5") return RSA;
  throw new Error(`esign: an issuing key of type ${key.algorithm.name} is not supported (RSA or ECDSA)`);
}
