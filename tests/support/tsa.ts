/**
 * An in-process RFC 3161 timestamp authority for tests, signed by the test CA's TSA certificate.
 *
 * Two faces: `timestampAuthority(key)` is the library's TimestampAuthority interface (no socket),
 * and `startTsaServer(key)` answers application/timestamp-query over HTTP on 127.0.0.1, the way
 * ESIGN_TSA_URL is used in production. `fail: true` makes the server answer 500, to prove a TSA that
 * fails fails the signature. No network outside this machine.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type { DigestAlgorithm, TimestampAuthority } from "@libpdf/core";
import type { KeyAndChain } from "@/lib/signing/pdf/sign-pdf";

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  testPolicy: "1.3.6.1.4.1.99999.3161",
};
const HASH_OIDS: Record<DigestAlgorithm, string> = {
  "SHA-256": "2.16.840.1.101.3.4.2.1",
  "SHA-384": "2.16.840.1.101.3.4.2.2",
  "SHA-512": "2.16.840.1.101.3.4.2.3",
};

const buf = (u: Uint8Array) => u.slice().buffer;

/** A DER TimeStampToken (ContentInfo of SignedData over a TSTInfo) for `digest`. */
export async function createTimestampToken(
  tsa: KeyAndChain,
  digest: Uint8Array,
  hashOid: string,
  nonce?: asn1js.Integer,
): Promise<Uint8Array> {
  const tst = new pkijs.TSTInfo({
    version: 1,
    policy: OID.testPolicy,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: hashOid }),
      hashedMessage: new asn1js.OctetString({ valueHex: buf(digest) }),
    }),
    serialNumber: new asn1js.Integer({ valueHex: buf(Uint8Array.from([1, ...randomBytes(8)])) }),
    genTime: new Date(),
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(nonce ? { nonce } : {}),
  });
  const tstDer = new Uint8Array(tst.toSchema().toBER(false));
  const cert = pkijs.Certificate.fromBER(buf(tsa.chain[0]));
  // RFC 5816: the token names its certificate (ESSCertIDv2, SHA-256 by default) in a signed attribute.
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: buf(createHash("sha256").update(tsa.chain[0]).digest()) })] }),
        ],
      }),
    ],
  });
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: buf(tstDer) }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [new asn1js.OctetString({ valueHex: buf(createHash("sha256").update(tstDer).digest()) })],
            }),
            new pkijs.Attribute({ type: OID.signingCertificateV2, values: [essCertIdV2] }),
          ],
        }),
      }),
    ],
    certificates: [cert],
  });
  await signed.sign(tsa.privateKey, 0, "SHA-256");
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER(false));
}

/** The library's TimestampAuthority, answered in-process. */
export function timestampAuthority(tsa: KeyAndChain): TimestampAuthority & { calls: number } {
  const authority = {
    calls: 0,
    async timestamp(digest: Uint8Array, algorithm: DigestAlgorithm) {
      authority.calls++;
      return createTimestampToken(tsa, digest, HASH_OIDS[algorithm]);
    },
  };
  return authority;
}

export interface TsaServer {
  url: string;
  requests: number;
  /** Answer 500 to every request from now on (an authority that is down). */
  fail: boolean;
  close(): Promise<void>;
}

/** An HTTP RFC 3161 authority on 127.0.0.1 and a free port. */
export async function startTsaServer(tsa: KeyAndChain): Promise<TsaServer> {
  const state = { requests: 0, fail: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      state.requests++;
      if (state.fail || req.method !== "POST") {
        res.writeHead(500).end();
        return;
      }
      try {
        const query = pkijs.TimeStampReq.fromBER(Buffer.concat(chunks));
        const imprint = query.messageImprint;
        const token = await createTimestampToken(
          tsa,
          imprint.hashedMessage.valueBlock.valueHexView,
          imprint.hashAlgorithm.algorithmId,
          query.nonce,
        );
        const resp = new pkijs.TimeStampResp({
          status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
          timeStampToken: pkijs.ContentInfo.fromBER(buf(token)),
        });
        res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(Buffer.from(resp.toSchema().toBER(false)));
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsr`,
    get requests() {
      return state.requests;
    },
    get fail() {
      return state.fail;
    },
    set fail(v: boolean) {
      state.fail = v;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
