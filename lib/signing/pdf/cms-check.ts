/**
 * Checks one CMS SignedData (a PDF signature's /Contents, or an RFC 3161 timestamp token) without
 * trusting anything in it: the digest of the signed content, the signature over the signed
 * attributes, and the certificate chain up to a root the caller trusts.
 *
 * The three are reported apart (a changed byte fails the digest; a forged signature fails the
 * signature; a foreign key fails the chain) so the verification API can say which one failed.
 * Parsing is pkijs (the ASN.1 structures); the cryptography is Node's own (RSA and ECDSA alike).
 */
import { createHash, verify as cryptoVerify, X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
};

const HASHES: Record<string, string> = {
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
  "1.3.14.3.2.26": "sha1",
};

export interface CmsCheck {
  digestValid: boolean;
  signatureValid: boolean;
  chainValid: boolean;
  /** The signing certificate (null when the CMS does not carry it). */
  signer: X509Certificate | null;
  /** The signed signing-time attribute: a claim of the signer's clock, not a proof. */
  claimedTime: Date | null;
  problems: string[];
}

/** Parses a DER ContentInfo holding SignedData; trailing zero padding (PDF placeholders) is ignored. */
export function parseSignedData(der: Uint8Array): pkijs.SignedData {
  const asn = asn1js.fromBER(der.slice().buffer);
  if (asn.offset === -1) throw new Error("not DER");
  const info = new pkijs.ContentInfo({ schema: asn.result });
  if (info.contentType !== OID.signedData) throw new Error(`not SignedData (${info.contentType})`);
  return new pkijs.SignedData({ schema: info.content });
}

export function hashName(oid: string): string {
  const name = HASHES[oid];
  if (!name) throw new Error(`unsupported digest algorithm ${oid}`);
  return name;
}

function attr(signerInfo: pkijs.SignerInfo, oid: string): asn1js.AsnType | undefined {
  return signerInfo.signedAttrs?.attributes.find((a) => a.type === oid)?.values[0];
}

function toDer(cert: pkijs.Certificate): X509Certificate {
  return new X509Certificate(Buffer.from(cert.toSchema().toBER(false)));
}

/** The certificate the SignerInfo names (issuer and serial number, or subject key identifier). */
function findSigner(signed: pkijs.SignedData, certs: pkijs.Certificate[]): pkijs.Certificate | undefined {
  const sid = signed.signerInfos[0].sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber)
    return certs.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber));
  return undefined;
}

/**
 * The ESS signing-certificate-v2 attribute (RFC 5035, required by PAdES) names the signing
 * certificate by its hash: without this check, another certificate with the same key could be
 * swapped in. Absent (older adbe.pkcs7 signatures): nothing to check.
 */
function certificateBound(signerInfo: pkijs.SignerInfo, signer: X509Certificate): boolean {
  const value = attr(signerInfo, OID.signingCertificateV2);
  if (!value) return true;
  try {
    const essCertId = (((value as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence)
      .valueBlock.value;
    // ESSCertIDv2: [hashAlgorithm (default SHA-256)], certHash, [issuerSerial]
    const hasAlg = essCertId[0] instanceof asn1js.Sequence;
    const alg = hasAlg ? new pkijs.AlgorithmIdentifier({ schema: essCertId[0] }).algorithmId : "2.16.840.1.101.3.4.2.1";
    const certHash = (essCertId[hasAlg ? 1 : 0] as asn1js.OctetString).valueBlock.valueHexView;
    return Buffer.from(certHash).equals(createHash(hashName(alg)).update(signer.raw).digest());
  } catch {
    return false;
  }
}

/** Walks issuer links from the leaf to one of `trusted` (DER roots), each link's signature checked. */
function chainTo(leaf: X509Certificate, pool: X509Certificate[], trusted: X509Certificate[], at: Date, problems: string[]): boolean {
  let current = leaf;
  for (let depth = 0; depth < 6; depth++) {
    const t = at.getTime();
    if (t < Date.parse(current.validFrom) || t > Date.parse(current.validTo)) {
      problems.push(`certificate ${current.subject.replace(/\n/g, ", ")} not valid at ${at.toISOString()}`);
      return false;
    }
    if (trusted.some((root) => root.raw.equals(current.raw))) return true;
    const issuer = [...trusted, ...pool].find((c) => c !== current && current.checkIssued(c) && current.verify(c.publicKey));
    if (!issuer) {
      problems.push(`no trusted issuer for ${current.subject.replace(/\n/g, ", ")}`);
      return false;
    }
    if (!issuer.ca) {
      problems.push(`issuer ${issuer.subject.replace(/\n/g, ", ")} is not a CA`);
      return false;
    }
    current = issuer;
  }
  problems.push("certificate chain too long");
  return false;
}

/**
 * Checks `signed` over `content` (the PDF's ByteRange bytes, or a token's TSTInfo), with the chain
 * to one of `trustedRoots` checked at `at` (the timestamp's time when there is one), else at the
 * signer's claimed signing time, else now. The claimed time, not now: a signer's certificate lives
 * minutes (signer-certificate.ts), and a signature must not turn invalid when it expires; what the
 * claim is worth without a timestamp is in docs/esign.md, "Keys".
 */
export function checkSignedData(signed: pkijs.SignedData, content: Uint8Array, trustedRoots: Uint8Array[], at?: Date): CmsCheck {
  const problems: string[] = [];
  const signerInfo = signed.signerInfos[0];
  if (!signerInfo)
    return { digestValid: false, signatureValid: false, chainValid: false, signer: null, claimedTime: null, problems: ["no SignerInfo"] };
  const certs = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const signerCert = findSigner(signed, certs);
  const signer = signerCert ? toDer(signerCert) : null;
  if (!signer) problems.push("the signing certificate is not in the signature");

  const hash = hashName(signerInfo.digestAlgorithm.algorithmId);
  const digest = createHash(hash).update(content).digest();
  const declared = attr(signerInfo, OID.messageDigest);
  const digestValid = declared instanceof asn1js.OctetString && Buffer.from(declared.valueBlock.valueHexView).equals(digest);
  if (!digestValid) problems.push("digest mismatch: the signed bytes changed after signing");

  let signatureValid = false;
  const signedAttrs = signerInfo.signedAttrs;
  if (signer && signedAttrs) {
    // The signature is over the DER of the attributes as a SET (tag 0x31), not the [0] IMPLICIT tag.
    const tbs = new Uint8Array(signedAttrs.encodedValue);
    tbs[0] = 0x31;
    const sig = signerInfo.signature.valueBlock.valueHexView;
    try {
      signatureValid = cryptoVerify(hash, tbs, signer.publicKey, sig);
    } catch (e) {
      problems.push(`signature check failed: ${(e as Error).message}`);
    }
    if (!signatureValid) problems.push("signature does not verify with the signing certificate's key");
    else if (!certificateBound(signerInfo, signer)) {
      signatureValid = false;
      problems.push("the signed attributes name another signing certificate (ESS signing-certificate-v2)");
    }
  } else if (!signedAttrs) problems.push("no signed attributes");

  const timeAttr = attr(signerInfo, OID.signingTime);
  const claimedTime = timeAttr instanceof asn1js.UTCTime || timeAttr instanceof asn1js.GeneralizedTime ? timeAttr.toDate() : null;

  const trusted = trustedRoots.map((der) => new X509Certificate(Buffer.from(der)));
  const chainValid = signer ? chainTo(signer, certs.map(toDer), trusted, at ?? claimedTime ?? new Date(), problems) : false;
  return { digestValid, signatureValid, chainValid, signer, claimedTime, problems };
}
