import { createHash, createHmac } from "node:crypto";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { S3Client } from "@aws-sdk/client-s3";
import { SignatureV4 } from "@smithy/signature-v4";
import type { S3Location } from "./s3-location";

/**
 * One S3 object request (PUT, GET, HEAD, DELETE) signed with SigV4 and sent over a kept-alive
 * connection. The AWS SDK's middleware stack costs several times the CPU per request that this does
 * (docs/benchmarks.md, "Several machines"), and a batch stores one object per
 * document; the SDK stays for multipart uploads and is still the source of the endpoint (its rules
 * for regions, partitions, path or host style) and of the credentials (its default chain, refreshed).
 */
export class S3ObjectRequests {
  private readonly signer: SignatureV4;
  private readonly agent: http.Agent;
  private base?: Promise<URL>;

  constructor(
    private readonly client: S3Client,
    private readonly at: S3Location,
    private readonly idleMs: number,
  ) {
    this.signer = new SignatureV4({
      credentials: client.config.credentials,
      region: at.region,
      service: "s3",
      sha256: NodeSha256,
      uriEscapePath: false,
      applyChecksum: true,
    });
    const secure = at.endpoint ? new URL(at.endpoint).protocol === "https:" : true;
    this.agent = secure ? new https.Agent({ keepAlive: true, maxSockets: 50 }) : new http.Agent({ keepAlive: true, maxSockets: 50 });
  }

  /** The bucket's URL, as the SDK would address it. */
  private bucketUrl(): Promise<URL> {
    this.base ??= (async () => {
      const region = await this.client.config.region();
      const { url } = await this.client.config.endpointProvider({
        Bucket: this.at.bucket,
        Region: region,
        Endpoint: this.at.endpoint,
        ForcePathStyle: this.at.forcePathStyle,
      });
      return url;
    })();
    return this.base;
  }

  /**
   * The answer once its status is 2xx, with the body left to the caller; null for a missing key when
   * `missingIsNull`. Anything else throws (the store maps it to BlobStoreUnavailable). Failures before
   * an answer, 5xx and throttling are tried again, up to three tries, as the SDK does.
   */
  async send(
    method: "PUT" | "GET" | "HEAD" | "DELETE",
    key: string,
    opts: { body?: Uint8Array; contentType?: string; missingIsNull?: boolean } = {},
  ): Promise<IncomingMessage | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(method, key, opts);
      } catch (err) {
        if (attempt >= MAX_ATTEMPTS || !(err as { retryable?: boolean }).retryable) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * BACKOFF_MS * 2 ** attempt));
      }
    }
  }

  private async once(
    method: string,
    key: string,
    { body, contentType, missingIsNull }: { body?: Uint8Array; contentType?: string; missingIsNull?: boolean },
  ): Promise<IncomingMessage | null> {
    const base = await this.bucketUrl();
    const path = `${base.pathname.replace(/\/$/, "")}/${(this.at.prefix + key).split("/").map(escapeSegment).join("/")}`;
    const headers: Record<string, string> = { host: base.host };
    if (body) {
      headers["content-length"] = String(body.byteLength);
      if (contentType) headers["content-type"] = contentType;
    }
    const signed = await this.signer.sign({
      method,
      protocol: base.protocol,
      hostname: base.hostname,
      port: base.port ? Number(base.port) : undefined,
      path,
      query: {},
      headers,
      body,
    });
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = (base.protocol === "https:" ? https : http).request(
        {
          agent: this.agent,
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port || undefined,
          method,
          path,
          headers: signed.headers,
        },
        resolve,
      );
      // An idle socket for this long, connecting or waiting for the answer, is a store that hangs.
      req.setTimeout(this.idleMs, () =>
        req.destroy(Object.assign(new Error(`S3 ${method} ${key}: no answer within ${this.idleMs} ms`), { code: "ETIMEDOUT" })),
      );
      req.on("error", (err) => reject(Object.assign(err, { retryable: true })));
      req.end(body);
    });
    const status = res.statusCode ?? 0;
    if (status >= 200 && status < 300) return res;
    const text = await readCapped(res);
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? (status === 404 ? "NotFound" : `HTTP ${status}`);
    // A missing bucket is a misconfiguration, not a missing blob (a HEAD's empty 404 cannot tell them apart).
    if (status === 404 && missingIsNull && code !== "NoSuchBucket") return null;
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    throw Object.assign(new Error(`S3 ${method} ${key} answered ${status} ${code}${message ? `: ${message}` : ""}`), {
      name: code,
      retryable: status >= 500 || status === 429 || code === "SlowDown" || code === "RequestTimeout",
      $metadata: { httpStatusCode: status },
    });
  }

  destroy(): void {
    this.agent.destroy();
  }
}

const MAX_ATTEMPTS = 3;
const BACKOFF_MS = 100;

/** S3's own escaping of a key's segment: RFC 3986 unreserved characters stay, everything else is %XX. */
const escapeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** An error answer's XML, enough of it to name the error. */
async function readCapped(res: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of res) if (text.length < 16_384) text += String(chunk);
  return text;
}

/** The signer's hash, from node:crypto (SHA-256, or HMAC-SHA-256 with a secret). */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", toBuffer(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBuffer(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

function toBuffer(data: string | ArrayBuffer | ArrayBufferView): Buffer {
  if (typeof data === "string") return Buffer.from(data, "utf8");
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}
